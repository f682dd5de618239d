//! The position text and the terminal diagram.
//!
//! A position is written like a chess FEN: the ranks from the top (rank
//! `H`) down to rank 1, separated by `/`; in each rank, from file `a`, a
//! letter per piece (`M` a White man, `D` White's Dux, `m` a Black man, `d`
//! Black's Dux) and a count (1-26, no leading zero) for each run of empty
//! squares. Then a space and the side to move (`w` or `b`), a space and the
//! no-progress counter (plies since the last capture, 0-65535). Rules other
//! than the defaults follow as words, in this order: `anvil`
//! ([`crate::Rules::edge_anvil`]), `corners`
//! ([`crate::Rules::corner_capture`]), `no-progress=N` or `no-progress=none`
//! ([`crate::Rules::no_progress_limit`], when not 100). The board size is
//! read from the ranks.
//!
//! The 8x8 start is `mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0`; the
//! Dux variant's is `mmmmmmmm/3d4/8/8/8/8/4D3/MMMMMMMM w 0`. Only this
//! canonical form parses, so printing a parsed position gives back the same
//! text.

use crate::moves::{excerpt, square_name};
use crate::position::{Colour, Piece, Position, PositionError};
use crate::rules::{Rules, SetupError, DEFAULT_NO_PROGRESS};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why text is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// Not ranks, side and counter separated by single spaces. Holds the
    /// start of the text.
    #[error("expected ranks separated by /, a space, the side to move (w or b), a space and the no-progress counter, as in 'mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0'; got {0:?}")]
    Shape(String),
    /// A character that is neither a piece letter nor a digit.
    #[error("rank {rank} has {found:?}; pieces are M and D (white man and Dux), m and d (black), empty runs are counts")]
    BadPiece {
        /// The rank (its number on the board, 1 at the bottom).
        rank: usize,
        /// The character.
        found: char,
    },
    /// A count of 0, with a leading zero, or above 26.
    #[error("rank {rank} has the count {count:?}; empty runs are written 1 to 26 without leading zeros, one count per run")]
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
    /// A counter that is not a number 0-65535 without leading zeros.
    #[error("no-progress counter {0:?} is not a number from 0 to 65535")]
    BadCounter(String),
    /// An unknown, repeated or misplaced rule word.
    #[error("rule word {0:?} is not known here: use anvil, corners, no-progress=N (N not 100) or no-progress=none, in that order")]
    BadRule(String),
    /// The pieces do not make a position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// Reads one rank: its squares from file `a`.
fn parse_rank(text: &str, rank: usize) -> Result<Vec<Option<Piece>>, ParsePositionError> {
    let mut out = Vec::new();
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut Vec<Option<Piece>>| -> Result<(), ParsePositionError> {
        if digits.is_empty() {
            return Ok(());
        }
        let bad = || ParsePositionError::BadCount { rank, count: excerpt(digits) };
        if digits.len() > 2 || digits.starts_with('0') {
            return Err(bad());
        }
        let n: usize = digits.parse().map_err(|_| bad())?;
        if n > 26 {
            return Err(bad());
        }
        out.extend(std::iter::repeat_n(None, n));
        digits.clear();
        Ok(())
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            if digits.len() > 2 {
                return Err(ParsePositionError::BadCount { rank, count: excerpt(&digits) });
            }
            continue;
        }
        flush(&mut digits, &mut out)?;
        let piece = Piece::from_char(c).ok_or(ParsePositionError::BadPiece { rank, found: c })?;
        out.push(Some(piece));
        if out.len() > 26 {
            break;
        }
    }
    flush(&mut digits, &mut out)?;
    Ok(out)
}

/// Reads the rule words after the counter.
fn parse_rules(words: &[&str]) -> Result<Rules, ParsePositionError> {
    let mut rules = Rules::default();
    let mut stage = 0;
    for &word in words {
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
                let limit = parse_number(n).ok_or_else(bad)?;
                if limit == DEFAULT_NO_PROGRESS {
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

/// A decimal `u16` without sign or leading zeros.
fn parse_number(s: &str) -> Option<u16> {
    if s.is_empty()
        || s.len() > 5
        || !s.bytes().all(|b| b.is_ascii_digit())
        || (s.len() > 1 && s.starts_with('0'))
    {
        return None;
    }
    s.parse().ok()
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses the position text (see the module documentation).
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the first fault found.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let shape = || ParsePositionError::Shape(excerpt(text));
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() < 3 || fields.len() > 6 {
            return Err(shape());
        }
        let rank_texts: Vec<&str> = fields[0].split('/').collect();
        let height = rank_texts.len();
        if height > 26 {
            return Err(PositionError::Size(SetupError::BadSize { width: 0, height }).into());
        }
        let mut ranks = Vec::with_capacity(height);
        for (i, t) in rank_texts.iter().enumerate() {
            let rank = height - i;
            let squares = parse_rank(t, rank)?;
            if let Some(first) = ranks.first().map(Vec::len) {
                if squares.len() != first {
                    return Err(ParsePositionError::RankWidth {
                        rank,
                        found: squares.len(),
                        expected: first,
                    });
                }
            }
            ranks.push(squares);
        }
        let width = ranks[0].len();
        crate::rules::check_size(width, height).map_err(PositionError::Size)?;
        let to_move = match fields[1] {
            "w" => Colour::White,
            "b" => Colour::Black,
            other => return Err(ParsePositionError::BadSide(excerpt(other))),
        };
        let counter =
            parse_number(fields[2]).ok_or_else(|| ParsePositionError::BadCounter(excerpt(fields[2])))?;
        let rules = parse_rules(&fields[3..])?;
        let mut pieces = [0u128; 2];
        let mut duxes = 0u128;
        for (i, squares) in ranks.iter().enumerate() {
            let r = height - 1 - i;
            for (f, piece) in squares.iter().enumerate() {
                if let Some(piece) = piece {
                    let bit = 1u128 << (r * width + f);
                    pieces[piece.colour as usize] |= bit;
                    if piece.dux {
                        duxes |= bit;
                    }
                }
            }
        }
        Ok(Position::from_sets(width, height, pieces, duxes, to_move, counter, rules)?)
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
        write!(f, " {} {}", self.side_to_move().char(), self.no_progress_counter())?;
        let rules = self.rules();
        if rules.edge_anvil {
            f.write_str(" anvil")?;
        }
        if rules.corner_capture {
            f.write_str(" corners")?;
        }
        match rules.no_progress_limit {
            Some(DEFAULT_NO_PROGRESS) => {}
            Some(n) => write!(f, " no-progress={n}")?,
            None => f.write_str(" no-progress=none")?,
        }
        Ok(())
    }
}

impl Position {
    /// The board drawn for a terminal with file letters and rank numbers:
    /// `M`/`m` men, `D`/`d` the Duxes (White upper case, Black lower case),
    /// `.` empty; the piece that moved last in brackets, `x` where it
    /// captured. Below it: the last move, each side's piece count and Dux
    /// square, and the no-progress counter.
    ///
    /// ```
    /// use lapilli_petteia::Position;
    /// let d = Position::default().diagram();
    /// assert!(d.contains(" 8  m m m m m m m m"));
    /// assert!(d.contains("    a b c d e f g h"));
    /// ```
    pub fn diagram(&self) -> String {
        let (w, h) = (self.width(), self.height());
        let last = self.last_move();
        let captured: Vec<usize> = last.map(|m| m.captured().collect()).unwrap_or_default();
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
                let moved = last.is_some_and(|m| m.to() == p);
                let after_moved = file > 0 && last.is_some_and(|m| m.to() == p - 1);
                out.push(if moved {
                    '['
                } else if after_moved {
                    ']'
                } else {
                    ' '
                });
                out.push(c);
            }
            out.push(if last.is_some_and(|m| m.to() == r * w + w - 1) { ']' } else { ' ' });
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
            let n = m.capture_count();
            let what = match n {
                0 => "no capture".to_string(),
                1 => "captured 1 man".to_string(),
                _ => format!("captured {n} men"),
            };
            out.push_str(&format!("last move: {mover} {m} ({what})\n"));
        }
        for c in [Colour::White, Colour::Black] {
            let dux = match self.dux(c) {
                Some(p) => format!(", Dux on {}", square_name(p, w)),
                None => String::new(),
            };
            out.push_str(&format!("{c}: {} pieces{dux}\n", self.piece_count(c)));
        }
        match self.rules().no_progress_limit {
            Some(limit) => out.push_str(&format!(
                "plies without a capture: {} (draw at {limit})\n",
                self.no_progress_counter()
            )),
            None => out.push_str(&format!("plies without a capture: {}\n", self.no_progress_counter())),
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_fault() {
        let p = |s: &str| s.parse::<Position>();
        assert!(matches!(p(""), Err(ParsePositionError::Shape(_))));
        assert!(matches!(p("8/8 w"), Err(ParsePositionError::Shape(_))));
        assert_eq!(
            p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMX w 0"),
            Err(ParsePositionError::BadPiece { rank: 1, found: 'X' })
        );
        assert_eq!(
            p("mmmmmmmm/mmmmmmmm/08/8/8/8/MMMMMMMM/MMMMMMMM w 0"),
            Err(ParsePositionError::BadCount { rank: 6, count: "08".into() })
        );
        assert_eq!(
            p("mmmmmmmm/mmmmmmmm/44/8/8/8/MMMMMMMM/MMMMMMMM w 0"),
            Err(ParsePositionError::BadCount { rank: 6, count: "44".into() })
        );
        assert_eq!(
            p("mmmmmmmm/mmmmmmmm/7/8/8/8/MMMMMMMM/MMMMMMMM w 0"),
            Err(ParsePositionError::RankWidth { rank: 6, found: 7, expected: 8 })
        );
        assert_eq!(
            p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM x 0"),
            Err(ParsePositionError::BadSide("x".into()))
        );
        assert_eq!(
            p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 01"),
            Err(ParsePositionError::BadCounter("01".into()))
        );
        assert_eq!(
            p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0 corners anvil"),
            Err(ParsePositionError::BadRule("anvil".into()))
        );
        assert_eq!(
            p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0 no-progress=100"),
            Err(ParsePositionError::BadRule("no-progress=100".into()))
        );
        assert_eq!(
            p("mmmmmmmm/8/8/MMMMMMMM w 0"),
            Err(ParsePositionError::Position(PositionError::Size(SetupError::BadSize {
                width: 8,
                height: 4
            })))
        );
        assert_eq!(p("m7/8/8/8/8/8/8/MM6 w 0"), Err(PositionError::OpponentReduced(Colour::Black).into()));
        assert_eq!(p("dd6/8/8/8/8/8/8/MM6 w 0"), Err(PositionError::TwoDuxes(Colour::Black).into()));
    }

    #[test]
    fn rules_round_trip() {
        for text in [
            "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0 anvil",
            "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM b 7 anvil corners no-progress=50",
            "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 65535 no-progress=none",
            "mmmmmmmmm/mmmmmmmmm/9/9/9/9/9/9/MMMMMMMMM/MMMMMMMMM w 0",
        ] {
            let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(pos.to_string(), text);
        }
        let pos: Position =
            "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM b 7 anvil corners no-progress=50".parse().unwrap();
        assert_eq!(
            pos.rules(),
            Rules { edge_anvil: true, corner_capture: true, no_progress_limit: Some(50) }
        );
    }
}
