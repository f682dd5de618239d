//! The position text and the terminal diagram.
//!
//! A position is written like a chess FEN: the ranks from the top (rank
//! `H`) down to rank 1, separated by `/`; in each rank, from file `a`, a
//! letter per piece (`M` a White man, `D` White's Dux, `m` a Black man, `d`
//! Black's Dux) and a count (1-26) for each run of empty squares. Then the
//! side to move (`w` or `b`) and the no-progress count (plies since the
//! last capture, 0 to 2^32 - 1). Rules other than the defaults follow as
//! words, in this order: `anvil`
//! ([`crate::Rules::edge_anvil`]), `corners`
//! ([`crate::Rules::corner_capture`]), `no-progress=N` or `no-progress=none`
//! ([`crate::Rules::no_progress_limit`], when not 100). The board size is
//! read from the ranks, and the variant from the pieces: a position with
//! Duxes is of the Dux variant (each side then has exactly one), one
//! without of standard Petteia; neither is written as a word.
//!
//! The fields are separated by runs of whitespace and numbers are decimal
//! digits, leading zeros allowed (the workspace's one policy,
//! `lapilli_board_graph::notation`). A position prints in the canonical
//! form: single spaces, no leading zeros, runs of empty squares as one
//! count each. The 8x8 start is
//! `mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0`; the Dux variant's is
//! `mmmmmmmm/3d4/8/8/8/8/4D3/MMMMMMMM w 0`.

use crate::moves::move_text;
use crate::position::{Piece, Position, PositionError};
use crate::rules::{check_size, Rules, Setup, Variant, NO_PROGRESS_LIMIT};
use crate::Move;
use lapilli_board_graph::notation::{excerpt, fields, parse_decimal};
use lapilli_board_graph::Colour;
use lapilli_game::Game;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why text is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// Not ranks, side and count separated by whitespace. Holds the start
    /// of the text.
    #[error("expected ranks separated by /, the side to move (w or b) and the no-progress count, separated by spaces, as in 'mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0'; got {0:?}")]
    Shape(String),
    /// A character that is neither a piece letter nor a digit.
    #[error("rank {rank} has {found:?}; pieces are M and D (white man and Dux), m and d (black), empty runs are counts")]
    BadPiece {
        /// The rank (its number on the board, 1 at the bottom).
        rank: usize,
        /// The character.
        found: char,
    },
    /// A count of 0 or above 26 (two counts in a row read as one).
    #[error("rank {rank} has the count {count:?}; a run of empty squares is one count from 1 to 26")]
    BadCount {
        /// The rank (1 at the bottom).
        rank: usize,
        /// The count as written.
        count: String,
    },
    /// A rank whose width differs from the top rank's.
    #[error("rank {rank} is {found} squares wide, the top rank {expected}")]
    RankWidth {
        /// The rank (1 at the bottom).
        rank: usize,
        /// Its width.
        found: usize,
        /// The top rank's width.
        expected: usize,
    },
    /// A side other than `w` or `b`.
    #[error("side to move {0:?} is neither w nor b")]
    BadSide(String),
    /// A count that is not a number from 0 to 2^32 - 1.
    #[error("no-progress count {0:?} is not a number from 0 to 4294967295")]
    BadCounter(String),
    /// The no-progress count is missing: a rule word stands in its place.
    /// Holds the word.
    #[error("the no-progress count is missing: {0:?} stands where it goes, after the side to move (write 0 for a fresh count)")]
    MissingCounter(String),
    /// An unknown, repeated or misplaced rule word.
    #[error("rule word {0:?} is not known here: use anvil, corners, no-progress=N (N not 100) or no-progress=none, in that order")]
    BadRule(String),
    /// A variant name or a board size where the rule words go: neither is
    /// written as a word. Holds the word.
    #[error("{0:?} is not written as a word: the ranks give the board size, and the Duxes (D and d) the variant (with them the Dux variant, without them standard petteia)")]
    NotAWord(String),
    /// The pieces do not make a position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// Reads one rank: its width and its squares from file `a` (the squares
/// only up to the 27th: a rank that wide is refused by its width).
fn parse_rank(text: &str, rank: usize) -> Result<(usize, Vec<Option<Piece>>), ParsePositionError> {
    let mut out = Vec::new();
    let mut width = 0;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let (n, square) = if c.is_ascii_digit() {
            let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
            let digits = &rest[..end];
            let bad = || ParsePositionError::BadCount { rank, count: excerpt(digits) };
            let n = parse_decimal(digits, 26).map_err(|_| bad())?;
            if n == 0 {
                return Err(bad());
            }
            rest = &rest[end..];
            (n as usize, None)
        } else {
            let piece = Piece::from_char(c).ok_or(ParsePositionError::BadPiece { rank, found: c })?;
            rest = &rest[c.len_utf8()..];
            (1, Some(piece))
        };
        width += n;
        let room = 27usize.saturating_sub(out.len());
        out.extend(std::iter::repeat_n(square, n.min(room)));
    }
    Ok((width, out))
}

/// Whether `word` names a variant or a board size, which the position text
/// does not write as words.
fn is_variant_or_size(word: &str) -> bool {
    word.parse::<Variant>().is_ok() || crate::rules::parse_size(word).is_ok()
}

/// Reads the rule words after the counter.
fn parse_rules(words: &[&str]) -> Result<Rules, ParsePositionError> {
    let mut rules = Rules::default();
    let mut stage = 0;
    for &word in words {
        if is_variant_or_size(word) {
            return Err(ParsePositionError::NotAWord(excerpt(word)));
        }
        let bad = || ParsePositionError::BadRule(excerpt(word));
        let this = match word {
            "anvil" => {
                rules.edge_anvil = true;
                1
            }
            "corners" => {
                rules.corner_capture = true;
                2
            }
            "no-progress=none" => {
                rules.no_progress_limit = None;
                3
            }
            _ => {
                let n = word.strip_prefix("no-progress=").ok_or_else(bad)?;
                let limit = parse_decimal(n, u64::from(u32::MAX)).map_err(|_| bad())? as u32;
                if limit == NO_PROGRESS_LIMIT {
                    return Err(bad());
                }
                rules.no_progress_limit = Some(limit);
                3
            }
        };
        if this <= stage {
            return Err(bad());
        }
        stage = this;
    }
    Ok(rules)
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses the position text (see the module documentation).
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the first fault found.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let shape = || ParsePositionError::Shape(excerpt(text));
        let fields = fields(text);
        if fields.len() < 3 || fields.len() > 6 {
            return Err(shape());
        }
        let rank_texts: Vec<&str> = fields[0].split('/').collect();
        let height = rank_texts.len();
        let mut ranks = Vec::with_capacity(height.min(27));
        let mut width = 0;
        for (i, t) in rank_texts.iter().enumerate() {
            let rank = height - i;
            let (found, squares) = parse_rank(t, rank)?;
            if i == 0 {
                width = found;
            } else if found != width {
                return Err(ParsePositionError::RankWidth { rank, found, expected: width });
            }
            if ranks.len() < 27 {
                ranks.push(squares);
            }
        }
        check_size(width, height).map_err(PositionError::Size)?;
        let to_move = match fields[1] {
            "w" => Colour::White,
            "b" => Colour::Black,
            other => return Err(ParsePositionError::BadSide(excerpt(other))),
        };
        let counter = fields[2];
        if !counter.bytes().all(|b| b.is_ascii_digit()) {
            if is_variant_or_size(counter) {
                return Err(ParsePositionError::NotAWord(excerpt(counter)));
            }
            if parse_rules(&fields[2..3]).is_ok() {
                return Err(ParsePositionError::MissingCounter(excerpt(counter)));
            }
        }
        let no_progress = parse_decimal(counter, u64::from(u32::MAX))
            .map_err(|_| ParsePositionError::BadCounter(excerpt(counter)))? as u32;
        let rules = parse_rules(&fields[3..])?;
        let mut pieces = [0u128; 2];
        let mut duxes = 0u128;
        for (i, squares) in ranks.iter().enumerate() {
            let r = height - 1 - i;
            for (f, piece) in squares.iter().enumerate() {
                if let Some(piece) = piece {
                    let bit = 1u128 << (r * width + f);
                    pieces[piece.colour.index()] |= bit;
                    if piece.dux {
                        duxes |= bit;
                    }
                }
            }
        }
        let variant = if duxes != 0 { Variant::Dux } else { Variant::Standard };
        let setup = Setup::new(variant).size(width, height).map_err(PositionError::Size)?.rules(rules);
        Ok(Position::from_parts(setup, pieces, duxes, to_move, no_progress)?)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = (self.width(), self.height());
        for r in (0..h).rev() {
            let mut run = 0;
            for file in 0..w {
                match self.piece_at(r * w + file) {
                    Some(p) => {
                        if run > 0 {
                            write!(f, "{run}")?;
                            run = 0;
                        }
                        write!(f, "{}", p.char())?;
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            if r > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} {}", self.side_to_move().char(), self.no_progress_count())?;
        let rules = self.rules();
        if rules.edge_anvil {
            f.write_str(" anvil")?;
        }
        if rules.corner_capture {
            f.write_str(" corners")?;
        }
        match rules.no_progress_limit {
            Some(NO_PROGRESS_LIMIT) => {}
            Some(n) => write!(f, " no-progress={n}")?,
            None => f.write_str(" no-progress=none")?,
        }
        Ok(())
    }
}

impl Position {
    /// The board drawn for a terminal with file letters and rank numbers:
    /// `M`/`m` men, `D`/`d` the Duxes (White upper case, Black lower case),
    /// `.` empty. Given the ply that led here (`last`), the piece that
    /// moved stands in brackets and `x` marks the squares it captured, and
    /// a line names the ply. Below: each side's piece count and Dux square,
    /// and the no-progress count.
    ///
    /// ```
    /// use lapilli_petteia::Position;
    /// use lapilli_game::CheckedGame;
    /// let d = Position::default().diagram(None);
    /// assert!(d.contains(" 8  m m m m m m m m"));
    /// assert!(d.contains("    a b c d e f g h"));
    /// let mut pos: Position = "8/8/3M4/3m4/1Mm1mM2/8/8/3M4 w 0".parse().unwrap();
    /// let m = pos.parse_move("d1-d4").unwrap();
    /// pos.play(m).unwrap();
    /// let d = pos.diagram(Some(m));
    /// assert!(d.contains(" 4  . M x[M]x M . . "), "{d}");
    /// assert!(d.contains("last move: white d1-d4xc4xe4xd5 (captured 3 men)"));
    /// ```
    pub fn diagram(&self, last: Option<Move>) -> String {
        let (w, h) = (self.width(), self.height());
        let captured: Vec<usize> = last.map(|m| m.captured().collect()).unwrap_or_default();
        let moved_to = |p: usize| last.is_some_and(|m| m.to() == p);
        let mut out = String::new();
        for r in (0..h).rev() {
            out.push_str(&format!("{:>2} ", r + 1));
            for file in 0..w {
                let p = r * w + file;
                let c = match self.piece_at(p) {
                    Some(piece) => piece.char(),
                    None if captured.contains(&p) => 'x',
                    None => '.',
                };
                out.push(if moved_to(p) {
                    '['
                } else if file > 0 && moved_to(p - 1) {
                    ']'
                } else {
                    ' '
                });
                out.push(c);
            }
            out.push(if moved_to(r * w + w - 1) { ']' } else { ' ' });
            out.push('\n');
        }
        out.push_str("   ");
        for file in 0..w {
            out.push(' ');
            out.push((b'a' + file as u8) as char);
        }
        out.push('\n');
        if let Some(m) = last {
            let mover = self.side_to_move().opponent();
            let what = match m.capture_count() {
                0 => "no capture".to_string(),
                1 => "captured 1 man".to_string(),
                n => format!("captured {n} men"),
            };
            out.push_str(&format!("last move: {mover} {} ({what})\n", move_text(self, m)));
        }
        for c in Colour::BOTH {
            let dux = match self.dux(c) {
                Some(p) => format!(", Dux on {}", self.square_name(p)),
                None => String::new(),
            };
            out.push_str(&format!("{c}: {} pieces{dux}\n", self.piece_count(c)));
        }
        let count = self.no_progress_count();
        match self.rules().no_progress_limit {
            Some(limit) => out.push_str(&format!("plies without a capture: {count} (draw at {limit})\n")),
            None => out.push_str(&format!("plies without a capture: {count}\n")),
        }
        out
    }
}

/// With the `serde` feature, a position serializes as its text.
#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// With the `serde` feature, a position deserializes from its text.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
