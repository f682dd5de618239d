//! Why a ply is illegal, and why parts do not make a position.

use crate::moves::Move;
use lapilli_board_graph::{Colour, Point};
use thiserror::Error;

/// A ply refused by [`CheckedGame::play`](lapilli_game::CheckedGame::play):
/// the move, its text in the position's notation and the
/// [`IllegalReason`].
pub type IllegalMove = lapilli_game::IllegalMove<Move, IllegalReason>;

/// The reason a ply is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum IllegalReason {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A point that is not on the board.
    #[error("the move names a point off the board")]
    OffBoard,
    /// A mill was closed: the ply must be a removal.
    #[error("a mill was closed: remove an opponent piece first (x and the point, e.g. xg7)")]
    MustRemove,
    /// A removal with no mill closed.
    #[error("no mill was closed, so there is nothing to remove")]
    NoRemoval,
    /// A placement with an empty hand.
    #[error("no pieces left in hand: move a piece as from-to")]
    EmptyHand,
    /// A slide while pieces remain in hand (all variants but Lasker).
    #[error("pieces are still in hand: place one first")]
    StillPlacing,
    /// The target point is not empty.
    #[error("the target point is occupied")]
    Occupied,
    /// A slide from a point to itself.
    #[error("a move must go to another point")]
    SamePoint,
    /// The moving piece is not the mover's.
    #[error("no piece of the side to move stands on the starting point")]
    NotYourPiece,
    /// A slide between points that are not adjacent (and no flying).
    #[error("the points are not adjacent (flying needs exactly three pieces and none in hand)")]
    NotAdjacent,
    /// The removed point holds no opponent piece.
    #[error("no opponent piece stands there")]
    NotOpponentPiece,
    /// The removed piece stands in a mill while some opponent piece does
    /// not.
    #[error("that piece stands in a mill and another opponent piece does not")]
    Protected,
}

/// Why a set of pieces, hands and flags is not a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// More pieces (board plus hand) than the variant gives a side.
    #[error("{colour} has {on_board} pieces on the board and {in_hand} in hand; a side has {pieces}")]
    TooManyPieces {
        /// The side.
        colour: Colour,
        /// Its pieces on the board.
        on_board: u8,
        /// Its pieces in hand.
        in_hand: u8,
        /// The variant's piece count.
        pieces: u8,
    },
    /// Hand counts that alternate placement (White first) cannot produce
    /// with this side to move (not checked in Lasker Morris, where a side
    /// may slide instead of placing).
    #[error("white has {white} and black {black} in hand: impossible with {to_move} to move{}", if *.pending { " and a removal pending" } else { "" })]
    HandCounts {
        /// White's pieces in hand.
        white: u8,
        /// Black's pieces in hand.
        black: u8,
        /// The side to move.
        to_move: Colour,
        /// The pending flag.
        pending: bool,
    },
    /// The pending flag is set but the side to move has no mill.
    #[error("a removal is pending but {0} has no mill on the board")]
    PendingWithoutMill(Colour),
    /// The pending flag is set but the opponent has no piece on the board.
    #[error("a removal is pending but {0} has no piece on the board to remove")]
    NothingToRemove(Colour),
    /// The side not to move has fewer than three pieces (board and hand):
    /// the removal that reduced it handed it the move, and the game ended
    /// there, with the reduced side to move.
    #[error("{0} has fewer than three pieces but is not to move: the game ended before")]
    OpponentReduced(Colour),
    /// A no-progress counter above 255 (counters from
    /// [`NO_PROGRESS_LIMIT`](crate::NO_PROGRESS_LIMIT) up mean the
    /// no-progress draw is due).
    #[error("no-progress counter {0} is above 255")]
    CounterTooLarge(u32),
    /// A point off the board, or holding pieces of both sides.
    #[error("point {0} is off the board or holds a piece of each side")]
    BadPoint(Point),
}
