//! The FEN of Sanmill's engines, as printed by its `fen` command: read,
//! written, and compared with lapilli's Nine Men's Morris [`Position`].
//!
//! Sanmill (a Nine Men's Morris program) prints its position as one line
//! of space-separated fields. Its Rust engine answers `fen` with
//! `fen <FEN>`; its C++ engine prints the line `Fen: <FEN>` in answer to
//! `d` ([`SanmillFen::from_engine_line`] reads both lines). A match tool
//! reads the FEN back after every ply, because Sanmill's
//! `position startpos moves ...` stops silently at a move it refuses:
//! [`SanmillFen::differences`] then shows where the two programs part.
//!
//! # The format
//!
//! Seventeen fields, then optional extensions:
//!
//! - field 1, **board**: three rings of 8 points separated by `/`: the inner
//!   ring, the middle ring, the outer ring, each from its top-middle point
//!   clockwise (the order of [`FEN_POINTS`]):
//!   `d5 e5 e4 e3 d3 c3 c4 c5 / d6 f6 f4 f2 d2 b2 b4 b6 / d7 g7 g4 g1 d1 a1 a4 a7`.
//!   `O` is a white piece, `@` a black piece, `*` an empty point and `X` a
//!   marked piece (a removed piece left on the board until the placing
//!   phase ends, under a Sanmill rule option lapilli does not have).
//!   lapilli's position text lists the rings the other way round (outer,
//!   middle, inner), each from its top-left corner.
//! - field 2, **side to move**: `w` or `b`.
//! - field 3, **phase** ([`SanmillPhase`]): `p` placing, `m` moving, `o` game
//!   over; also `r` (ready) and `n` (none), which Sanmill has before a game
//!   starts.
//! - field 4, **action** ([`SanmillAction`]): `p` place, `s` select (a piece
//!   to move), `r` remove, `?` none.
//! - fields 5 to 8, **pieces**: White on the board, White in hand, Black on
//!   the board, Black in hand. The counts on the board equal the `O` and `@`
//!   on the board (marked pieces count for neither); a side never has more
//!   than 12 pieces (Sanmill's largest piece count).
//! - fields 9 and 10, **pieces to remove** by White, then by Black: how many
//!   removals the side owes (negative: it removes its own pieces, under a
//!   Sanmill rule option). In Nine Men's Morris, 1 for the side to move after
//!   it closes a mill, else 0.
//! - fields 11 to 14, **last mill** from and to points of White, then of
//!   Black (the last slide that closed a mill, for Sanmill's option that
//!   forbids closing the same mill again by sliding back; none under the
//!   standard rules).
//! - field 15, **formed mills**: a 64-bit mask, White's points in the high 32
//!   bits and Black's in the low 32 (for Sanmill's one-time-use mills option;
//!   0 under the standard rules).
//! - field 16, **no-progress counter**: plies since the last placement or
//!   removal (Sanmill's N-move rule; the same count as
//!   [`Position::no_progress_count`]).
//! - field 17, **move number**: from 1, counted by each engine its own way
//!   (the two engines disagree once a removal falls in the placing phase).
//!
//! Points in fields 11 to 15 and in the extensions are written as
//! numbers, in one of two [`Dialect`]s:
//! - [`Dialect::Squares`] (the C++ engine): the point at [`FEN_POINTS`]
//!   index `i` is `8 + i` (8 to 31), no point is `0`, and the mask sets
//!   bit `8 + i` of each half;
//! - [`Dialect::Nodes`] (the Rust engine, which marks it with the token
//!   `ids:nodes` right after field 17): the point is `i` (0 to 23), no
//!   point is `-1`, and the mask sets bit `i` of each half.
//!
//! The extensions, each at most once, in this order when Sanmill writes
//! them: `c:`, `i:` and `l:` (a custodian, intervention or leap capture
//! pending, as `w-<count>-<points>|b-<count>-<points>`, the points joined
//! by `.`), `p:<point>` (a preferred removal target) and `s:1` or `s:2` (a
//! removal after a stalemate). Only Sanmill's rule options beyond the
//! standard rules write them.
//!
//! The start of the game reads
//! `********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1` (C++) or
//! `********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes`
//! (Rust).
//!
//! # When the game is over
//!
//! Sanmill writes phase `o` and leaves the side to move as it was when the
//! game ended, which is not lapilli's convention (lapilli's finished
//! position has the losing side to move, [`CheckedGame::ending`]):
//! - after a removal that leaves a side two pieces, the C++ engine writes
//!   the side that removed, action `r` and its removal still counted (1);
//! - when the side to move cannot move, the C++ engine writes that side
//!   and action `s`;
//! - the Rust engine writes `w` whoever is to move, with action `r` after
//!   a reduction and `?` otherwise, and no removals.
//!
//! Sanmill also ends games by its draw rules, which lapilli's position
//! does not record:
//! - the Rust engine's `position` ends the game on a threefold repetition
//!   or its N-move rule, which lapilli leaves to the game record
//!   ([`lapilli_game::GameRecord`]);
//! - the C++ engine's `position` ends the game when the 100th ply without
//!   a placement or removal closes a mill, at the removal that follows
//!   (phase `o`, the side to move after the removal, action `s`). lapilli
//!   does not: its no-progress rule waits while a removal is pending, and
//!   the removal resets the count
//!   ([`Game::draw_rules_apply`](lapilli_game::Game::draw_rules_apply)).
//!
//! So for a FEN in phase `o` the side to move and the removals are not
//! compared ([`SanmillFen::differences`]), [`SanmillFen::to_position`]
//! finds the losing side from the pieces, and [`SanmillFen::of_position`]
//! writes the C++ engine's fields.
//!
//! # Reading, writing, comparing
//!
//! [`SanmillFen`]'s [`FromStr`] checks every field and says which one is
//! wrong ([`SanmillFenError`]); its [`Display`](fmt::Display) writes
//! Sanmill's text back, so that what Sanmill prints reads and prints back
//! unchanged. [`SanmillFen::of_position`] and [`SanmillFen::to_position`]
//! convert from and to lapilli's Nine Men's Morris positions, the only
//! variant Sanmill's standard rules match.
//!
//! ```
//! use lapilli_morris::sanmill_fen::SanmillFen;
//! use lapilli_morris::Position;
//! use lapilli_game::CheckedGame;
//! let mut pos = Position::default();
//! for m in ["d6", "d5", "f4"] {
//!     pos.play(pos.parse_move(m).unwrap()).unwrap();
//! }
//! // The C++ engine's `d` after `position startpos moves d6 d5 f4`.
//! let fen: SanmillFen = "@*******/O*O*****/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0 2".parse().unwrap();
//! assert!(fen.differences(&pos).is_empty());
//! assert_eq!(fen.to_position(pos.rules()).unwrap(), pos);
//! assert_eq!(
//!     SanmillFen::of_position(&pos).unwrap().with_move_number(2).to_string(),
//!     fen.to_string()
//! );
//! let mut other = pos;
//! other.play(other.parse_move("a1").unwrap()).unwrap();
//! assert_eq!(
//!     fen.differences(&other),
//!     [
//!         "a1: Sanmill has empty, lapilli has Black",
//!         "side to move: Sanmill has Black, lapilli has White",
//!         "Black's pieces in hand: Sanmill has 8, lapilli has 7",
//!     ]
//! );
//! ```

use crate::position::{Ending, Position, PositionError};
use crate::rules::{Rules, Variant};
use lapilli_board_graph::notation::{excerpt, fields, parse_decimal};
use lapilli_board_graph::{Bitboard, Colour, Point};
use lapilli_game::CheckedGame;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The 24 points in the order of the FEN's board field: the inner ring,
/// the middle ring, the outer ring, each from its top-middle point
/// clockwise. Index `i` here is Sanmill's node id `i` and its square id
/// `8 + i`.
pub const FEN_POINTS: [&str; 24] = [
    "d5", "e5", "e4", "e3", "d3", "c3", "c4", "c5", "d6", "f6", "f4", "f2", "d2", "b2", "b4", "b6", "d7",
    "g7", "g4", "g1", "d1", "a1", "a4", "a7",
];

/// Points on the board.
const POINTS: usize = 24;
/// The most pieces a side has in any of Sanmill's rule sets.
const MAX_PIECES: u8 = 12;
/// The FEN's mandatory fields.
const FIELDS: usize = 17;
/// The token of the Rust engine's node ids.
const NODES_MARKER: &str = "ids:nodes";

/// The lapilli point at FEN board index `i` (0..24): lapilli numbers the
/// rings outer, middle, inner, each from its top-left corner.
fn point_of_fen(i: usize) -> Point {
    let (ring, k) = (i / 8, i % 8);
    Point::new(8 * (2 - ring) + (k + 1) % 8)
}

/// The FEN board index of lapilli point `p` (on the 24-point board).
fn fen_of_point(p: Point) -> usize {
    let (ring, j) = (p.index() / 8, p.index() % 8);
    8 * (2 - ring) + (j + 7) % 8
}

/// The numbering of points in the numeric fields and extensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// Square ids `8..=31` (FEN board index plus 8), `0` for no point, the
    /// mask's bits `8..=31`: the C++ engine's `d`.
    #[default]
    Squares,
    /// Node ids `0..=23` (the FEN board index), `-1` for no point, the
    /// mask's bits `0..=23`, and the token `ids:nodes` after the move
    /// number: the Rust engine's `fen`.
    Nodes,
}

impl Dialect {
    /// The id of `p`, or of no point.
    fn id(self, p: Option<Point>) -> i64 {
        match (self, p) {
            (Dialect::Squares, None) => 0,
            (Dialect::Nodes, None) => -1,
            (Dialect::Squares, Some(p)) => 8 + fen_of_point(p) as i64,
            (Dialect::Nodes, Some(p)) => fen_of_point(p) as i64,
        }
    }

    /// The point of an id; `Some(None)` for the id of no point, `None` for
    /// an id that is neither.
    fn point(self, id: i64) -> Option<Option<Point>> {
        let base = match self {
            Dialect::Squares if id == 0 => return Some(None),
            Dialect::Nodes if id == -1 => return Some(None),
            Dialect::Squares => 8,
            Dialect::Nodes => 0,
        };
        let i = usize::try_from(id - base).ok().filter(|&i| i < POINTS)?;
        Some(Some(point_of_fen(i)))
    }

    /// The ids a point field may hold, for messages.
    fn range(self) -> &'static str {
        match self {
            Dialect::Squares => "a square id 8..=31, or 0 for none",
            Dialect::Nodes => "a node id 0..=23, or -1 for none",
        }
    }

    /// The bits of a 32-bit mask half that name points.
    fn mask(self) -> u32 {
        match self {
            Dialect::Squares => 0xFFFF_FF00,
            Dialect::Nodes => 0x00FF_FFFF,
        }
    }

    /// Mask half → lapilli points.
    fn points_of_mask(self, half: u32) -> Bitboard {
        let shift = if self == Dialect::Squares { 8 } else { 0 };
        (0..POINTS).filter(|i| half >> (i + shift) & 1 == 1).map(point_of_fen).collect()
    }

    /// lapilli points → mask half.
    fn mask_of_points(self, set: Bitboard) -> u32 {
        let shift = if self == Dialect::Squares { 8 } else { 0 };
        set.iter().fold(0, |acc, p| acc | 1 << (fen_of_point(p) + shift))
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dialect::Squares => "square-id",
            Dialect::Nodes => "node-id",
        })
    }
}

/// What stands on a point of the FEN's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Occupant {
    /// `*`.
    #[default]
    Empty,
    /// `O`.
    White,
    /// `@`.
    Black,
    /// `X`: a marked piece (Sanmill's delayed-removal option).
    Marked,
}

impl Occupant {
    fn of_char(c: char) -> Option<Occupant> {
        Some(match c {
            '*' => Occupant::Empty,
            'O' => Occupant::White,
            '@' => Occupant::Black,
            'X' => Occupant::Marked,
            _ => return None,
        })
    }

    fn char(self) -> char {
        match self {
            Occupant::Empty => '*',
            Occupant::White => 'O',
            Occupant::Black => '@',
            Occupant::Marked => 'X',
        }
    }

    fn of_colour(c: Option<Colour>) -> Occupant {
        match c {
            None => Occupant::Empty,
            Some(Colour::White) => Occupant::White,
            Some(Colour::Black) => Occupant::Black,
        }
    }

    /// The colour of a piece, `None` for an empty point or a marked piece.
    pub fn colour(self) -> Option<Colour> {
        match self {
            Occupant::White => Some(Colour::White),
            Occupant::Black => Some(Colour::Black),
            Occupant::Empty | Occupant::Marked => None,
        }
    }
}

impl fmt::Display for Occupant {
    /// `White`, `Black`, `empty` or `a marked piece`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Occupant::Empty => "empty",
            Occupant::White => "White",
            Occupant::Black => "Black",
            Occupant::Marked => "a marked piece",
        })
    }
}

/// The phase field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SanmillPhase {
    /// `n`: no game.
    None,
    /// `r`: ready, before the first move.
    Ready,
    /// `p`: the side to move places (or removes after a placement).
    Placing,
    /// `m`: the side to move slides or flies (or removes after one).
    Moving,
    /// `o`: the game is over.
    GameOver,
}

impl SanmillPhase {
    fn of_str(s: &str) -> Option<SanmillPhase> {
        Some(match s {
            "n" => SanmillPhase::None,
            "r" => SanmillPhase::Ready,
            "p" => SanmillPhase::Placing,
            "m" => SanmillPhase::Moving,
            "o" => SanmillPhase::GameOver,
            _ => return None,
        })
    }

    fn char(self) -> char {
        match self {
            SanmillPhase::None => 'n',
            SanmillPhase::Ready => 'r',
            SanmillPhase::Placing => 'p',
            SanmillPhase::Moving => 'm',
            SanmillPhase::GameOver => 'o',
        }
    }
}

/// The action field: what the side to move does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SanmillAction {
    /// `p`: place a piece.
    Place,
    /// `s`: select a piece to move.
    Select,
    /// `r`: remove a piece.
    Remove,
    /// `?`: nothing (the Rust engine's finished game).
    None,
}

impl SanmillAction {
    fn of_str(s: &str) -> Option<SanmillAction> {
        Some(match s {
            "p" => SanmillAction::Place,
            "s" => SanmillAction::Select,
            "r" => SanmillAction::Remove,
            "?" => SanmillAction::None,
            _ => return None,
        })
    }

    fn char(self) -> char {
        match self {
            SanmillAction::Place => 'p',
            SanmillAction::Select => 's',
            SanmillAction::Remove => 'r',
            SanmillAction::None => '?',
        }
    }
}

/// A ring of the board, as the FEN's board field lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ring {
    /// The first group: `d5` ... `c5`.
    Inner,
    /// The second group: `d6` ... `b6`.
    Middle,
    /// The third group: `d7` ... `a7`.
    Outer,
}

impl fmt::Display for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ring::Inner => "inner (first)",
            Ring::Middle => "middle (second)",
            Ring::Outer => "outer (third)",
        })
    }
}

/// A numeric field of the FEN, for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// Fields 5 and 7: a side's pieces on the board.
    OnBoard(Colour),
    /// Fields 6 and 8: a side's pieces in hand.
    InHand(Colour),
    /// Fields 9 and 10: the removals a side owes.
    ToRemove(Colour),
    /// Fields 11 and 13: where a side's last mill-closing slide started.
    LastMillFrom(Colour),
    /// Fields 12 and 14: where it ended.
    LastMillTo(Colour),
    /// Field 15: the formed-mills mask.
    FormedMills,
    /// Field 16: the no-progress counter.
    NoProgress,
    /// Field 17: the move number.
    MoveNumber,
    /// A count inside a `c:`, `i:` or `l:` extension.
    CaptureCount,
    /// A point inside an extension.
    ExtensionPoint,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: &Colour| capital(*c);
        match self {
            Field::OnBoard(c) => write!(f, "{}'s pieces on the board (field {})", side(c), 5 + 2 * c.index()),
            Field::InHand(c) => write!(f, "{}'s pieces in hand (field {})", side(c), 6 + 2 * c.index()),
            Field::ToRemove(c) => write!(f, "{}'s pieces to remove (field {})", side(c), 9 + c.index()),
            Field::LastMillFrom(c) => {
                write!(f, "{}'s last mill, from (field {})", side(c), 11 + 2 * c.index())
            }
            Field::LastMillTo(c) => write!(f, "{}'s last mill, to (field {})", side(c), 12 + 2 * c.index()),
            Field::FormedMills => f.write_str("the formed mills (field 15)"),
            Field::NoProgress => f.write_str("the no-progress counter (field 16)"),
            Field::MoveNumber => f.write_str("the move number (field 17)"),
            Field::CaptureCount => f.write_str("a capture extension's count"),
            Field::ExtensionPoint => f.write_str("an extension's point"),
        }
    }
}

/// `White` or `Black`.
fn capital(c: Colour) -> &'static str {
    match c {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}

/// Why text is not a Sanmill FEN, or a FEN and a lapilli position do not
/// convert.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SanmillFenError {
    /// Fewer than the 17 mandatory fields. Holds the start of the text.
    #[error("a Sanmill FEN has 17 fields (board, side, phase, action, 6 piece counts, 4 last-mill points, the formed mills, the no-progress counter, the move number), then optional extensions; found {found} in {text:?}")]
    FieldCount {
        /// Fields found.
        found: usize,
        /// The text (an excerpt).
        text: String,
    },
    /// A board that is not three groups separated by `/`.
    #[error("the board {text:?} has {found} rings; it has three rings of 8 points separated by /")]
    RingCount {
        /// Groups found.
        found: usize,
        /// The board field (an excerpt).
        text: String,
    },
    /// A ring that has not 8 points.
    #[error("the {ring} ring of the board has {found} points; a ring has 8")]
    RingLength {
        /// The ring.
        ring: Ring,
        /// Characters found.
        found: usize,
    },
    /// A point written with another symbol than `O`, `@`, `*`, `X`.
    #[error("{point} is {found:?}; points are written O (White), @ (Black), * (empty) or X (marked)")]
    Symbol {
        /// The point's name.
        point: &'static str,
        /// The character found.
        found: char,
    },
    /// A side to move other than `w` or `b`.
    #[error("side to move {0:?} is neither w nor b")]
    Side(String),
    /// A phase other than `n`, `r`, `p`, `m`, `o`.
    #[error("phase {0:?} is none of p (placing), m (moving), o (game over), r (ready), n (none)")]
    Phase(String),
    /// An action other than `p`, `s`, `r`, `?`.
    #[error("action {0:?} is none of p (place), s (select), r (remove), ? (none)")]
    Action(String),
    /// A numeric field that is no number in its range.
    #[error("{field}: {text:?} is not a whole number from {min} to {max}")]
    Number {
        /// The field.
        field: Field,
        /// The text (an excerpt).
        text: String,
        /// The least value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    /// A point field that is no point id of the FEN's dialect.
    #[error("{field}: {text:?} is not {}", .dialect.range())]
    PointId {
        /// The field.
        field: Field,
        /// The text (an excerpt).
        text: String,
        /// The FEN's dialect.
        dialect: Dialect,
    },
    /// A formed-mills mask with bits that name no point in the dialect.
    #[error("the formed mills {text:?} set bits that name no point in the {dialect} dialect")]
    MillsMask {
        /// The field (an excerpt).
        text: String,
        /// The FEN's dialect.
        dialect: Dialect,
    },
    /// A side's count on the board that differs from its pieces on the
    /// board field.
    #[error("{}: the count says {count}, the board shows {board}", Field::OnBoard(*.colour))]
    OnBoard {
        /// The side.
        colour: Colour,
        /// The count field.
        count: u8,
        /// Its pieces on the board field.
        board: u8,
    },
    /// A side with more than 12 pieces on the board and in hand.
    #[error("{colour} has {on_board} pieces on the board and {in_hand} in hand; no Sanmill rule gives a side more than 12")]
    TooManyPieces {
        /// The side.
        colour: Colour,
        /// On the board.
        on_board: u8,
        /// In hand.
        in_hand: u8,
    },
    /// An extension token that is malformed, unknown, repeated or out of
    /// place.
    #[error("extension {0:?}: after the move number come ids:nodes (first), then at most one each of c:, i:, l: (w-<count>-<points>|b-<count>-<points>), p:<point>, s:1 or s:2")]
    Extension(String),
    /// Rules the FEN does not express (only Nine Men's Morris).
    #[error("Sanmill's FEN is read and written for nine-mens-morris, not {0}")]
    Variant(Variant),
    /// A marked piece: lapilli has no delayed removal.
    #[error("{0} holds a marked piece; lapilli has no delayed removal")]
    Marked(&'static str),
    /// A removal of the side's own pieces (a negative count).
    #[error("{0} owes removals of its own pieces; lapilli has no such rule")]
    RemoveOwn(Colour),
    /// More than one removal owed at once.
    #[error("{colour} owes {count} removals; lapilli's mills remove one piece")]
    Removals {
        /// The side.
        colour: Colour,
        /// The removals owed.
        count: i8,
    },
    /// A removal owed by the side not to move.
    #[error("{0} owes a removal but is not to move; lapilli's removal is the mover's next ply")]
    RemovalNotToMove(Colour),
    /// A capture or stalemate extension (rules lapilli does not have).
    #[error("extension {0:?} holds capture state of a rule lapilli does not have")]
    CaptureState(String),
    /// Phase and action that contradict the position they describe.
    #[error("phase and action {found:?} contradict the position; Sanmill writes {expected:?} for it")]
    PhaseAction {
        /// The FEN's phase and action.
        found: String,
        /// The phase and action Sanmill writes for the position.
        expected: String,
    },
    /// A finished game (phase `o`) that is no finished lapilli position
    /// with either side to move: a draw by repetition or the N-move rule
    /// (not part of a lapilli position), or no ending at all.
    #[error("Sanmill's game is over, but lapilli's rules end it with neither side to move (a draw by repetition or the N-move rule is the game record's, not the position's)")]
    NoEnding,
    /// The parts do not make a lapilli position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A capture kind of the extensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CaptureKind {
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
enum Extension {
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
fn number(field: Field, text: &str, min: i64, max: i64) -> Result<i64, SanmillFenError> {
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
    board: [Occupant; POINTS],
    side: Colour,
    phase: SanmillPhase,
    action: SanmillAction,
    on_board: [u8; 2],
    in_hand: [u8; 2],
    to_remove: [i8; 2],
    /// `[colour][from, to]`.
    last_mill: [[Option<Point>; 2]; 2],
    formed_mills: [Bitboard; 2],
    no_progress: u32,
    move_number: u32,
    dialect: Dialect,
    extensions: Vec<Extension>,
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

    /// The FEN fields of a lapilli position under Nine Men's Morris rules
    /// (with or without flying), as the C++ engine writes them
    /// ([`Dialect::Squares`]): board, side to move, phase and action,
    /// pieces, the removal the side to move owes, and the no-progress
    /// counter; no last mills, no formed mills, no extensions, move number
    /// 1 ([`SanmillFen::with_move_number`] sets it).
    ///
    /// The phase is `p` while the side to move has pieces in hand, and
    /// during the removal after a placement that closed a mill (the
    /// removal with a no-progress count of 0: a slide counts 1 or more);
    /// else `m`. A finished position is written the C++ engine's way
    /// (module documentation): after a reduction, the side that removed,
    /// action `r` and its removal counted; when blocked, the blocked side
    /// and action `s`.
    ///
    /// # Errors
    /// [`SanmillFenError::Variant`] for another variant than Nine Men's
    /// Morris.
    pub fn of_position(pos: &Position) -> Result<SanmillFen, SanmillFenError> {
        let rules = pos.rules();
        if rules.variant != Variant::NineMensMorris {
            return Err(SanmillFenError::Variant(rules.variant));
        }
        let mut board = [Occupant::Empty; POINTS];
        for (i, o) in board.iter_mut().enumerate() {
            *o = Occupant::of_colour(pos.piece_at(Point::new(i)));
        }
        let me = pos.side_to_move();
        let mut to_remove = [0i8; 2];
        let (side, phase, action) = match pos.ending() {
            Some(Ending::Reduction) => {
                let winner = me.opponent();
                to_remove[winner.index()] = 1;
                (winner, SanmillPhase::GameOver, SanmillAction::Remove)
            }
            Some(_) => (me, SanmillPhase::GameOver, SanmillAction::Select),
            None => {
                to_remove[me.index()] = i8::from(pos.pending_removal());
                let (phase, action) = phase_action(pos);
                (me, phase, action)
            }
        };
        Ok(SanmillFen {
            board,
            side,
            phase,
            action,
            on_board: Colour::BOTH.map(|c| pos.on_board(c)),
            in_hand: Colour::BOTH.map(|c| pos.in_hand(c)),
            to_remove,
            last_mill: [[None; 2]; 2],
            formed_mills: [Bitboard::EMPTY; 2],
            no_progress: pos.no_progress_count(),
            move_number: 1,
            dialect: Dialect::Squares,
            extensions: Vec::new(),
        })
    }

    /// The same FEN with its point ids written in `dialect`. Only the
    /// numbering changes: a finished game keeps the fields it has (the
    /// Rust engine writes its finished games differently, module
    /// documentation).
    #[must_use]
    pub fn with_dialect(self, dialect: Dialect) -> SanmillFen {
        SanmillFen { dialect, ..self }
    }

    /// The same FEN with move number `n` (field 17).
    #[must_use]
    pub fn with_move_number(self, n: u32) -> SanmillFen {
        SanmillFen { move_number: n, ..self }
    }

    /// The lapilli position under `rules` (Nine Men's Morris, with or
    /// without flying), with the FEN's no-progress counter.
    ///
    /// The side to move owes a removal when its count (field 9 or 10) is
    /// 1, or when the action is `r` with a count of 0 (as Sanmill reads
    /// such a FEN). A finished game (phase `o`) becomes lapilli's finished
    /// position: the side reduced below three pieces to move, or else
    /// whichever side cannot move (the FEN's side first).
    ///
    /// # Errors
    /// - [`SanmillFenError::Variant`] for rules of another variant;
    /// - state lapilli's rules do not have:
    ///   [`SanmillFenError::Marked`], [`SanmillFenError::CaptureState`],
    ///   and, before the game is over, [`SanmillFenError::RemoveOwn`],
    ///   [`SanmillFenError::Removals`] (more than one) and
    ///   [`SanmillFenError::RemovalNotToMove`];
    /// - [`SanmillFenError::Position`] when the parts make no position
    ///   ([`Position::from_parts`]: impossible hands, a removal without a
    ///   mill, ...);
    /// - [`SanmillFenError::PhaseAction`] when the phase and action are not
    ///   those Sanmill writes for the position
    ///   ([`SanmillFen::of_position`]);
    /// - [`SanmillFenError::NoEnding`] for a finished game that lapilli's
    ///   position does not end.
    pub fn to_position(&self, rules: Rules) -> Result<Position, SanmillFenError> {
        if rules.variant != Variant::NineMensMorris {
            return Err(SanmillFenError::Variant(rules.variant));
        }
        if let Some(i) = (0..POINTS).find(|&i| self.board[point_of_fen(i).index()] == Occupant::Marked) {
            return Err(SanmillFenError::Marked(FEN_POINTS[i]));
        }
        if let Some(ext) = self.extensions.iter().find(|e| !matches!(e, Extension::Preferred(_))) {
            return Err(SanmillFenError::CaptureState(excerpt(&self.extension_text(ext))));
        }
        let pieces = Colour::BOTH.map(|c| self.pieces(c));
        let build = |to_move: Colour, pending: bool| {
            Position::from_parts(rules, pieces, self.in_hand, to_move, pending, self.no_progress)
        };
        if self.phase == SanmillPhase::GameOver {
            return self.finished(build);
        }
        for c in Colour::BOTH {
            let owed = self.owed(c);
            if owed < 0 {
                return Err(SanmillFenError::RemoveOwn(c));
            }
            if owed > 0 && c != self.side {
                return Err(SanmillFenError::RemovalNotToMove(c));
            }
            if owed > 1 {
                return Err(SanmillFenError::Removals { colour: c, count: owed });
            }
        }
        let pos = build(self.side, self.owed(self.side) == 1)?;
        let expected = phase_action(&pos);
        if (self.phase, self.action) != expected {
            return Err(SanmillFenError::PhaseAction {
                found: format!("{} {}", self.phase.char(), self.action.char()),
                expected: format!("{} {}", expected.0.char(), expected.1.char()),
            });
        }
        Ok(pos)
    }

    /// The finished position of a FEN in phase `o`.
    fn finished(
        &self,
        build: impl Fn(Colour, bool) -> Result<Position, PositionError>,
    ) -> Result<Position, SanmillFenError> {
        let reduced: Vec<Colour> = Colour::BOTH
            .into_iter()
            .filter(|c| self.on_board[c.index()] + self.in_hand[c.index()] < 3)
            .collect();
        let candidates = if reduced.is_empty() { vec![self.side, self.side.opponent()] } else { reduced };
        let mut first_error = None;
        let mut goes_on = false;
        for c in candidates {
            match build(c, false) {
                Ok(pos) if pos.ending().is_some() => return Ok(pos),
                Ok(_) => goes_on = true,
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match first_error {
            Some(e) if !goes_on => Err(SanmillFenError::Position(e)),
            _ => Err(SanmillFenError::NoEnding),
        }
    }

    /// Where this FEN and lapilli's position differ, one line each, in
    /// words, Sanmill's side first:
    /// - a point: `"d5: Sanmill has Black, lapilli has empty"`;
    /// - `"side to move: Sanmill has White, lapilli has Black"`;
    /// - pieces in hand: `"White's pieces in hand: Sanmill has 5, lapilli has 6"`;
    /// - removals owed: `"White's pending removals: Sanmill has 1, lapilli has 0"`;
    /// - the end of the game: `"game over: Sanmill's game is over, lapilli's goes on"`,
    ///   or `"game over: lapilli's game is over (the side to move cannot move), Sanmill's goes on"`;
    /// - state lapilli has no room for: `"extension c:...: Sanmill has capture state lapilli does not have"`;
    /// - another variant than Nine Men's Morris:
    ///   `"rules: lapilli plays six-mens-morris, Sanmill's FEN is for nine-mens-morris"`
    ///   (and, off the 24-point board, nothing else).
    ///
    /// Empty when they agree on the board, the side to move, the pieces in
    /// hand, the pending removal and whether the game is over. The phase
    /// and action follow from these and are not compared; the counters
    /// Sanmill keeps for its own rules (last mills, formed mills, the
    /// no-progress counter, the move number) are ignored. When Sanmill's
    /// game is over (phase `o`), the side to move and the removals are not
    /// compared, since Sanmill leaves them as they were when the game ended
    /// (module documentation). Sanmill's draw rules end games where
    /// lapilli's position goes on (module documentation): the Rust engine's
    /// threefold repetition and N-move rule, which lapilli's game record
    /// adjudicates too, and the C++ engine's N-move draw at the removal
    /// after a mill closed by the 100th ply without progress, which lapilli
    /// does not declare. Both give the `game over` line.
    pub fn differences(&self, pos: &Position) -> Vec<String> {
        let mut out = Vec::new();
        let variant = pos.variant();
        if variant != Variant::NineMensMorris {
            out.push(format!(
                "rules: lapilli plays {variant}, Sanmill's FEN is for {}",
                Variant::NineMensMorris
            ));
            if variant.points() != POINTS {
                return out;
            }
        }
        for (i, name) in FEN_POINTS.iter().enumerate() {
            let p = point_of_fen(i);
            let ours = Occupant::of_colour(pos.piece_at(p));
            let theirs = self.board[p.index()];
            if ours != theirs {
                out.push(format!("{name}: Sanmill has {theirs}, lapilli has {ours}"));
            }
        }
        let over = self.phase == SanmillPhase::GameOver;
        if !over && self.side != pos.side_to_move() {
            out.push(format!(
                "side to move: Sanmill has {}, lapilli has {}",
                capital(self.side),
                capital(pos.side_to_move())
            ));
        }
        for c in Colour::BOTH {
            let (theirs, ours) = (self.in_hand[c.index()], pos.in_hand(c));
            if theirs != ours {
                out.push(format!(
                    "{}'s pieces in hand: Sanmill has {theirs}, lapilli has {ours}",
                    capital(c)
                ));
            }
        }
        if !over {
            for c in Colour::BOTH {
                let theirs = self.owed(c);
                let ours = i8::from(pos.pending_removal() && pos.side_to_move() == c);
                if theirs != ours {
                    out.push(format!(
                        "{}'s pending removals: Sanmill has {theirs}, lapilli has {ours}",
                        capital(c)
                    ));
                }
            }
        }
        match (over, pos.ending()) {
            (true, None) => out.push("game over: Sanmill's game is over, lapilli's goes on".into()),
            (false, Some(ending)) => {
                out.push(format!("game over: lapilli's game is over ({ending}), Sanmill's goes on"));
            }
            _ => {}
        }
        for ext in self.extensions.iter().filter(|e| !matches!(e, Extension::Preferred(_))) {
            out.push(format!(
                "extension {}: Sanmill has capture state lapilli does not have",
                excerpt(&self.extension_text(ext))
            ));
        }
        out
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
    fn extension_text(&self, ext: &Extension) -> String {
        struct Text<'a>(&'a Extension, Dialect);
        impl fmt::Display for Text<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write(f, self.1)
            }
        }
        Text(ext, self.dialect).to_string().trim_start().to_string()
    }
}

/// The phase and action Sanmill writes for a position that goes on:
/// placing while the side to move has pieces in hand or removes after a
/// placement (a no-progress count of 0), else moving; remove when a
/// removal is pending, else place or select.
fn phase_action(pos: &Position) -> (SanmillPhase, SanmillAction) {
    let me = pos.side_to_move();
    let pending = pos.pending_removal();
    let placing = pos.in_hand(me) > 0 || (pending && pos.no_progress_count() == 0);
    let phase = if placing { SanmillPhase::Placing } else { SanmillPhase::Moving };
    let action = if pending {
        SanmillAction::Remove
    } else if placing {
        SanmillAction::Place
    } else {
        SanmillAction::Select
    };
    (phase, action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_board_graph::morris::NAMES;

    #[test]
    fn fen_order_matches_the_point_names() {
        for (i, name) in FEN_POINTS.iter().enumerate() {
            assert_eq!(NAMES[point_of_fen(i).index()], *name, "index {i}");
            assert_eq!(fen_of_point(point_of_fen(i)), i);
        }
    }

    #[test]
    fn dialect_ids() {
        let d5 = Some(Point::new(17));
        assert_eq!(Dialect::Squares.id(d5), 8);
        assert_eq!(Dialect::Nodes.id(d5), 0);
        assert_eq!(Dialect::Squares.id(None), 0);
        assert_eq!(Dialect::Nodes.id(None), -1);
        for d in [Dialect::Squares, Dialect::Nodes] {
            for i in 0..POINTS {
                let p = Some(point_of_fen(i));
                assert_eq!(d.point(d.id(p)), Some(p));
            }
            assert_eq!(d.point(d.id(None)), Some(None));
        }
        assert_eq!(Dialect::Squares.point(7), None);
        assert_eq!(Dialect::Squares.point(32), None);
        assert_eq!(Dialect::Nodes.point(24), None);
        assert_eq!(Dialect::Nodes.point(-2), None);
    }

    #[test]
    fn numbers() {
        assert_eq!(number(Field::NoProgress, "0", 0, 5), Ok(0));
        assert_eq!(number(Field::NoProgress, "-3", -3, 5), Ok(-3));
        assert!(number(Field::NoProgress, "-4", -3, 5).is_err());
        assert!(number(Field::NoProgress, "6", -3, 5).is_err());
        assert!(number(Field::NoProgress, "-", -3, 5).is_err());
        assert!(number(Field::NoProgress, "-1", 0, 5).is_err());
        assert!(number(Field::NoProgress, "+1", 0, 5).is_err());
        assert!(number(Field::NoProgress, "", 0, 5).is_err());
    }
}
