//! The text of a Sanmill FEN: [`SanmillFen`], read with [`FromStr`],
//! written with [`Display`](fmt::Display), and its fields.

use super::dialect::NODES_MARKER;
use super::{point_of_fen, Dialect, Field, Occupant, Ring, SanmillAction, SanmillFenError, SanmillPhase};
use super::{FEN_POINTS, POINTS};
use lapilli_board_graph::notation::{excerpt, fields, parse_decimal};
use lapilli_board_graph::{Bitboard, Colour, Point};
use std::fmt;
use std::str::FromStr;

/// The most pieces a side has in any of Sanmill's rule sets.
const MAX_PIECES: u8 = 12;
/// The FEN's mandatory fields.
const FIELDS: usize = 17;

/// A capture kind of the extensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CaptureKind {
    Custodian,
    Intervention,
    Leap,
}

impl CaptureKind {
    fn label(self) -> char {
        match self {
            CaptureKind::Custodian => 'c',
            CaptureKind::Intervention => 'i',
            CaptureKind::Leap => 'l',
        }
    }
}

/// An extension token after the move number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Extension {
    /// `c:`, `i:`, `l:`: counts and target points of White and Black.
    Capture { kind: CaptureKind, count: [u8; 2], targets: [Bitboard; 2] },
    /// `p:<point>`.
    Preferred(Point),
    /// `s:1` or `s:2`.
    Stalemate(u8),
}

impl Extension {
    /// Its rank in Sanmill's order (c, i, l, p, s).
    fn rank(&self) -> u8 {
        match self {
            Extension::Capture { kind, .. } => *kind as u8,
            Extension::Preferred(_) => 3,
            Extension::Stalemate(_) => 4,
        }
    }

    fn parse(token: &str, dialect: Dialect) -> Result<Extension, SanmillFenError> {
        let bad = || SanmillFenError::Extension(excerpt(token));
        let (label, value) = token.split_once(':').ok_or_else(bad)?;
        let kind = match label {
            "c" => CaptureKind::Custodian,
            "i" => CaptureKind::Intervention,
            "l" => CaptureKind::Leap,
            "p" => {
                let p = point_field(Field::ExtensionPoint, value, dialect)?;
                return p.map(Extension::Preferred).ok_or_else(bad);
            }
            "s" => {
                return match value {
                    "1" => Ok(Extension::Stalemate(1)),
                    "2" => Ok(Extension::Stalemate(2)),
                    _ => Err(bad()),
                }
            }
            _ => return Err(bad()),
        };
        let (white, black) = value.split_once('|').ok_or_else(bad)?;
        let mut count = [0; 2];
        let mut targets = [Bitboard::EMPTY; 2];
        for (i, (segment, prefix)) in [(white, "w-"), (black, "b-")].into_iter().enumerate() {
            let rest = segment.strip_prefix(prefix).ok_or_else(bad)?;
            let (n, list) = rest.split_once('-').ok_or_else(bad)?;
            count[i] = number(Field::CaptureCount, n, 0, POINTS as i64)? as u8;
            if !list.is_empty() {
                for id in list.split('.') {
                    let p = point_field(Field::ExtensionPoint, id, dialect)?.ok_or_else(bad)?;
                    targets[i] = targets[i].with(p);
                }
            }
        }
        Ok(Extension::Capture { kind, count, targets })
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, dialect: Dialect) -> fmt::Result {
        match self {
            Extension::Capture { kind, count, targets } => {
                write!(f, " {}:", kind.label())?;
                for (i, prefix) in ["w", "b"].into_iter().enumerate() {
                    if i == 1 {
                        f.write_str("|")?;
                    }
                    let mut ids: Vec<i64> = targets[i].iter().map(|p| dialect.id(Some(p))).collect();
                    ids.sort_unstable();
                    let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
                    write!(f, "{prefix}-{}-{}", count[i], ids.join("."))?;
                }
                Ok(())
            }
            Extension::Preferred(p) => write!(f, " p:{}", dialect.id(Some(*p))),
            Extension::Stalemate(n) => write!(f, " s:{n}"),
        }
    }
}

/// Reads a whole number from `min` to `max`: an optional `-`, then ASCII
/// digits.
pub(super) fn number(field: Field, text: &str, min: i64, max: i64) -> Result<i64, SanmillFenError> {
    let err = || SanmillFenError::Number { field, text: excerpt(text), min, max };
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let bound = if negative { min.unsigned_abs() } else { max.max(0).unsigned_abs() };
    let magnitude = parse_decimal(digits, bound).map_err(|_| err())?;
    let value = if negative { -(magnitude as i64) } else { magnitude as i64 };
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(err())
    }
}

/// Reads a point id of `dialect`: `Some(point)`, or `None` for no point.
fn point_field(field: Field, text: &str, dialect: Dialect) -> Result<Option<Point>, SanmillFenError> {
    let err = || SanmillFenError::PointId { field, text: excerpt(text), dialect };
    let id = number(field, text, -1, 31).map_err(|_| err())?;
    dialect.point(id).ok_or_else(err)
}

/// The fields of a Sanmill FEN that describe the position (board, side to
/// move, phase, action, pieces on board and in hand, pieces to remove),
/// parsed and checked, with the counters and rule state Sanmill keeps for
/// its own rules (last mills, formed mills, no-progress counter, move
/// number, extensions), kept so that the text prints back unchanged.
///
/// Read with [`FromStr`] (module documentation for the format), written
/// with [`Display`](fmt::Display).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanmillFen {
    /// Indexed by lapilli point.
    pub(super) board: [Occupant; POINTS],
    pub(super) side: Colour,
    pub(super) phase: SanmillPhase,
    pub(super) action: SanmillAction,
    pub(super) on_board: [u8; 2],
    pub(super) in_hand: [u8; 2],
    pub(super) to_remove: [i8; 2],
    /// `[colour][from, to]`.
    pub(super) last_mill: [[Option<Point>; 2]; 2],
    pub(super) formed_mills: [Bitboard; 2],
    pub(super) no_progress: u32,
    pub(super) move_number: u32,
    pub(super) dialect: Dialect,
    pub(super) extensions: Vec<Extension>,
}

impl FromStr for SanmillFen {
    type Err = SanmillFenError;

    /// Reads a FEN (module documentation), in either dialect.
    ///
    /// # Errors
    /// [`SanmillFenError`] naming the first field that is wrong and how:
    /// too few fields, a ring of the wrong length, a bad symbol, side,
    /// phase or action, a count that is no number in its range or that
    /// disagrees with the board, a point id outside the dialect, a bad
    /// extension.
    ///
    /// ```
    /// use lapilli_morris::sanmill_fen::{Ring, SanmillFen, SanmillFenError};
    /// let bad = "@******/O*O*****/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0 2".parse::<SanmillFen>();
    /// assert_eq!(bad, Err(SanmillFenError::RingLength { ring: Ring::Inner, found: 7 }));
    /// ```
    fn from_str(text: &str) -> Result<SanmillFen, SanmillFenError> {
        let all = fields(text);
        if all.len() < FIELDS {
            return Err(SanmillFenError::FieldCount { found: all.len(), text: excerpt(text) });
        }
        let (main, rest) = all.split_at(FIELDS);
        let (dialect, rest) = match rest.split_first() {
            Some((&NODES_MARKER, rest)) => (Dialect::Nodes, rest),
            _ => (Dialect::Squares, rest),
        };

        let rings: Vec<&str> = main[0].split('/').collect();
        if rings.len() != 3 {
            return Err(SanmillFenError::RingCount { found: rings.len(), text: excerpt(main[0]) });
        }
        let mut board = [Occupant::Empty; POINTS];
        for (r, (ring_text, ring)) in rings.iter().zip([Ring::Inner, Ring::Middle, Ring::Outer]).enumerate() {
            let found = ring_text.chars().count();
            if found != 8 {
                return Err(SanmillFenError::RingLength { ring, found });
            }
            for (k, c) in ring_text.chars().enumerate() {
                let i = 8 * r + k;
                board[point_of_fen(i).index()] =
                    Occupant::of_char(c).ok_or(SanmillFenError::Symbol { point: FEN_POINTS[i], found: c })?;
            }
        }
        let side = match main[1] {
            "w" => Colour::White,
            "b" => Colour::Black,
            s => return Err(SanmillFenError::Side(excerpt(s))),
        };
        let phase = SanmillPhase::of_str(main[2]).ok_or_else(|| SanmillFenError::Phase(excerpt(main[2])))?;
        let action =
            SanmillAction::of_str(main[3]).ok_or_else(|| SanmillFenError::Action(excerpt(main[3])))?;

        let mut on_board = [0u8; 2];
        let mut in_hand = [0u8; 2];
        let mut to_remove = [0i8; 2];
        let mut last_mill = [[None; 2]; 2];
        for c in Colour::BOTH {
            let i = c.index();
            on_board[i] = number(Field::OnBoard(c), main[4 + 2 * i], 0, POINTS as i64)? as u8;
            in_hand[i] = number(Field::InHand(c), main[5 + 2 * i], 0, i64::from(MAX_PIECES))? as u8;
        }
        for c in Colour::BOTH {
            let i = c.index();
            to_remove[i] = number(Field::ToRemove(c), main[8 + i], -(POINTS as i64), POINTS as i64)? as i8;
            last_mill[i][0] = point_field(Field::LastMillFrom(c), main[10 + 2 * i], dialect)?;
            last_mill[i][1] = point_field(Field::LastMillTo(c), main[11 + 2 * i], dialect)?;
        }
        // Bit 63 names no point in either dialect, so i64 holds every
        // valid mask.
        let mask = number(Field::FormedMills, main[14], 0, i64::MAX)? as u64;
        let halves = [(mask >> 32) as u32, mask as u32];
        if halves.iter().any(|h| h & !dialect.mask() != 0) {
            return Err(SanmillFenError::MillsMask { text: excerpt(main[14]), dialect });
        }
        let formed_mills = halves.map(|h| dialect.points_of_mask(h));
        let no_progress = number(Field::NoProgress, main[15], 0, i64::from(u32::MAX))? as u32;
        let move_number = number(Field::MoveNumber, main[16], 0, i64::from(u32::MAX))? as u32;

        for c in Colour::BOTH {
            let i = c.index();
            let shown = board.iter().filter(|o| o.colour() == Some(c)).count() as u8;
            if shown != on_board[i] {
                return Err(SanmillFenError::OnBoard { colour: c, count: on_board[i], board: shown });
            }
            if on_board[i] + in_hand[i] > MAX_PIECES {
                return Err(SanmillFenError::TooManyPieces {
                    colour: c,
                    on_board: on_board[i],
                    in_hand: in_hand[i],
                });
            }
        }

        let mut extensions: Vec<Extension> = Vec::new();
        for token in rest {
            let ext = Extension::parse(token, dialect)?;
            if extensions.last().is_some_and(|last| last.rank() >= ext.rank()) {
                return Err(SanmillFenError::Extension(excerpt(token)));
            }
            extensions.push(ext);
        }

        Ok(SanmillFen {
            board,
            side,
            phase,
            action,
            on_board,
            in_hand,
            to_remove,
            last_mill,
            formed_mills,
            no_progress,
            move_number,
            dialect,
            extensions,
        })
    }
}

impl fmt::Display for SanmillFen {
    /// Sanmill's text: what [`FromStr`] read from Sanmill prints back
    /// unchanged.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..POINTS {
            if i > 0 && i % 8 == 0 {
                f.write_str("/")?;
            }
            write!(f, "{}", self.board[point_of_fen(i).index()].char())?;
        }
        write!(f, " {} {} {}", self.side.char(), self.phase.char(), self.action.char())?;
        let d = self.dialect;
        let mask = u64::from(d.mask_of_points(self.formed_mills[0])) << 32
            | u64::from(d.mask_of_points(self.formed_mills[1]));
        write!(
            f,
            " {} {} {} {} {} {} {} {} {} {} {mask} {} {}",
            self.on_board[0],
            self.in_hand[0],
            self.on_board[1],
            self.in_hand[1],
            self.to_remove[0],
            self.to_remove[1],
            d.id(self.last_mill[0][0]),
            d.id(self.last_mill[0][1]),
            d.id(self.last_mill[1][0]),
            d.id(self.last_mill[1][1]),
            self.no_progress,
            self.move_number,
        )?;
        if d == Dialect::Nodes {
            write!(f, " {NODES_MARKER}")?;
        }
        for ext in &self.extensions {
            ext.write(f, d)?;
        }
        Ok(())
    }
}

impl SanmillFen {
    /// The FEN of an engine's output line: the C++ engine's `Fen: <FEN>`
    /// (from `d`) or the Rust engine's `fen <FEN>` (from `fen`); `None`
    /// for any other line.
    ///
    /// # Errors
    /// As [`FromStr`], for a FEN line whose FEN is wrong.
    ///
    /// ```
    /// use lapilli_morris::sanmill_fen::SanmillFen;
    /// let line = "fen ********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes";
    /// assert!(SanmillFen::from_engine_line(line).unwrap().is_ok());
    /// assert!(SanmillFen::from_engine_line("Key: 000000003BA83277").is_none());
    /// ```
    pub fn from_engine_line(line: &str) -> Option<Result<SanmillFen, SanmillFenError>> {
        let line = line.trim();
        let fen = line.strip_prefix("Fen: ").or_else(|| line.strip_prefix("fen "))?;
        Some(fen.parse())
    }

    /// What stands on `p` (a point of the 24-point board, in lapilli's
    /// numbering); `None` off the board.
    pub fn occupant(&self, p: Point) -> Option<Occupant> {
        self.board.get(p.index()).copied()
    }

    /// The points holding `colour`'s pieces, in lapilli's numbering.
    pub fn pieces(&self, colour: Colour) -> Bitboard {
        (0..POINTS).map(Point::new).filter(|p| self.board[p.index()].colour() == Some(colour)).collect()
    }

    /// The side to move (field 2; see the module documentation for a
    /// finished game).
    pub fn side_to_move(&self) -> Colour {
        self.side
    }

    /// The phase (field 3).
    pub fn phase(&self) -> SanmillPhase {
        self.phase
    }

    /// The action (field 4).
    pub fn action(&self) -> SanmillAction {
        self.action
    }

    /// Whether Sanmill's game is over (phase `o`).
    pub fn is_game_over(&self) -> bool {
        self.phase == SanmillPhase::GameOver
    }

    /// `colour`'s pieces on the board (field 5 or 7).
    pub fn on_board(&self, colour: Colour) -> u8 {
        self.on_board[colour.index()]
    }

    /// `colour`'s pieces in hand (field 6 or 8).
    pub fn in_hand(&self, colour: Colour) -> u8 {
        self.in_hand[colour.index()]
    }

    /// The removals `colour` owes as written (field 9 or 10; negative:
    /// of its own pieces).
    pub fn to_remove(&self, colour: Colour) -> i8 {
        self.to_remove[colour.index()]
    }

    /// The removals `colour` owes: its count, or 1 for the side to move
    /// when the action is `r` and the count 0 (as Sanmill reads such a
    /// FEN).
    pub fn owed(&self, colour: Colour) -> i8 {
        let n = self.to_remove[colour.index()];
        if n == 0 && colour == self.side && self.action == SanmillAction::Remove {
            1
        } else {
            n
        }
    }

    /// The from and to points of `colour`'s last mill-closing slide
    /// (fields 11 to 14), in lapilli's numbering.
    pub fn last_mill(&self, colour: Colour) -> [Option<Point>; 2] {
        self.last_mill[colour.index()]
    }

    /// The points of `colour`'s formed mills (field 15), in lapilli's
    /// numbering.
    pub fn formed_mills(&self, colour: Colour) -> Bitboard {
        self.formed_mills[colour.index()]
    }

    /// The no-progress counter (field 16).
    pub fn no_progress_count(&self) -> u32 {
        self.no_progress
    }

    /// The move number (field 17).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The dialect of the point ids.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// An extension as written.
    pub(super) fn extension_text(&self, ext: &Extension) -> String {
        struct Text<'a>(&'a Extension, Dialect);
        impl fmt::Display for Text<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write(f, self.1)
            }
        }
        Text(ext, self.dialect).to_string().trim_start().to_string()
    }
}
