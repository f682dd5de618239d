//! Why text is not a Sanmill FEN, or a FEN and a lapilli position do not
//! convert.

use super::{Dialect, Field, Ring};
use crate::position::PositionError;
use crate::rules::Variant;
use lapilli_board_graph::Colour;
use thiserror::Error;

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
