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
//!
//! [`Position`]: crate::Position
//! [`Position::no_progress_count`]: crate::Position::no_progress_count
//! [`CheckedGame::ending`]: lapilli_game::CheckedGame::ending
//! [`FromStr`]: std::str::FromStr

// This file holds the format's vocabulary: the board order, the occupants,
// the phase and action, the rings and fields named in errors. The two
// dialects are in `dialect.rs`, the errors in `error.rs`, the text (reading,
// writing, the accessors) in `fen.rs`, the conversion from and to
// `Position` in `convert.rs`, the comparison used by the match referee in
// `diff.rs`.

use lapilli_board_graph::{Colour, Point};
use std::fmt;

mod convert;
mod dialect;
mod diff;
mod error;
mod fen;
#[cfg(test)]
mod tests;

pub use dialect::Dialect;
pub use error::SanmillFenError;
pub use fen::SanmillFen;

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

/// Sanmill's FEN as a foreign format of the registry
/// ([`lapilli_registry::ForeignFormat`], named `sanmill-fen`): written
/// with [`SanmillFen::of_position`], compared with
/// [`SanmillFen::differences`]. Offered by every morris variant; the
/// comparison names a variant Sanmill's FEN has no board for.
#[derive(Clone, Copy, Debug, Default)]
pub struct SanmillFenFormat;

impl lapilli_registry::ForeignFormat<crate::Position> for SanmillFenFormat {
    fn name(&self) -> &'static str {
        "sanmill-fen"
    }

    fn write(&self, pos: &crate::Position) -> Result<String, Box<dyn std::error::Error + Send + Sync>> {
        Ok(SanmillFen::of_position(pos)?.to_string())
    }

    fn differences(
        &self,
        text: &str,
        pos: &crate::Position,
    ) -> Result<Vec<String>, Box<dyn std::error::Error + Send + Sync>> {
        Ok(text.parse::<SanmillFen>()?.differences(pos))
    }
}
