//! Why a ply is refused and why a set of pieces is not a position.

use super::Phase;
use crate::moves::Move;
use crate::rules::Variant;
use lapilli_board_graph::{Colour, Point};
use thiserror::Error;

/// A ply refused by [`lapilli_game::CheckedGame::play`]: the move, its
/// text and the [`IllegalReason`].
pub type IllegalMove = lapilli_game::IllegalMove<Move, IllegalReason>;

/// The reason a ply is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalReason {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A point outside the board's 0..=8.
    #[error("the move names a point off the board (points are 0-8)")]
    OffBoard,
    /// A slide from a point to itself.
    #[error("a move must go to another point")]
    SamePoint,
    /// A placement in the moving phase, or a slide in the placing phase;
    /// holds the phase the position is in.
    #[error("{}", wrong_phase(*.0))]
    WrongPhase(Phase),
    /// The target point is not empty.
    #[error("the target point is occupied")]
    Occupied,
    /// The moving piece is not the mover's.
    #[error("no piece of the side to move on the starting point")]
    NotYourPiece,
    /// The points are not adjacent (in a game whose pieces step along the
    /// lines).
    #[error("the points are not adjacent")]
    NotAdjacent,
    /// The centre on the very first placement, when
    /// [`crate::Rules::centre_first`] is off.
    #[error("these rules forbid the centre on the first placement")]
    CentreFirst,
}

/// What a ply must be in `phase`.
fn wrong_phase(phase: Phase) -> &'static str {
    match phase {
        Phase::Placing => "pieces are still being placed: a ply puts a piece on an empty point",
        Phase::Moving => "all pieces are placed: a ply moves a piece (from-to)",
    }
}

/// `" in <game>"` for every game but the default, whose messages stay
/// short.
fn in_game(variant: Variant) -> String {
    if variant == Variant::default() {
        String::new()
    } else {
        format!(" in {variant}")
    }
}

/// Why a set of pieces is not a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// More pieces of one side than the game gives it
    /// ([`Variant::pieces`]: 3, or 4 in achi).
    #[error("{colour} has {count} pieces; each side has {}{}", .variant.pieces(), in_game(*.variant))]
    TooManyPieces {
        /// The side.
        colour: Colour,
        /// Its piece count.
        count: usize,
        /// The game.
        variant: Variant,
    },
    /// Piece counts that alternate placement cannot produce (Black places
    /// first, so Black has as many pieces as White or one more).
    #[error(
        "black has {black} and white {white} pieces: black, placing first, has as many as white or one more"
    )]
    Counts {
        /// Black's count.
        black: usize,
        /// White's count.
        white: usize,
    },
    /// During placement the side to move follows from the counts.
    #[error("with {black} black and {white} white pieces it is {expected} to move")]
    SideToMove {
        /// Black's count.
        black: usize,
        /// White's count.
        white: usize,
        /// Who must be to move.
        expected: Colour,
    },
    /// A point holding pieces of both sides.
    #[error("point {0} holds a piece of each side")]
    Overlap(Point),
    /// A point not on the board.
    #[error("point {0} is not on the board (points are 0-8)")]
    OffBoard(Point),
    /// The side to move already has a line (and the other side has none):
    /// the line was completed on one of its own plies, so the game ended
    /// before the other side's last ply.
    #[error("{0} to move already has three in a line: the game would have ended before")]
    MoverHasLine(Colour),
    /// Both sides have three in a line: the game ends at the first line,
    /// so the second can never be completed.
    #[error("both sides have three in a line: the game ends at the first")]
    BothHaveLines,
    /// Under [`crate::Rules::centre_first`] off, Black's only piece stands
    /// on the centre: the one placement made so far is the one these rules
    /// forbid.
    #[error("black's only piece stands on the centre, where no-centre-first forbids the first placement")]
    CentreFirst,
}
