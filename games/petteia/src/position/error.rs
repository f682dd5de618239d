//! Why a set of pieces is not a position, why a ply is illegal, and why a
//! text is not a move.

use crate::rules::SetupError;
use lapilli_board_graph::grid::GridError;
use lapilli_board_graph::Colour;
use std::fmt;
use thiserror::Error;

/// Why a set of pieces is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// An unsupported board size.
    #[error(transparent)]
    Size(#[from] SetupError),
    /// A piece off the board.
    #[error("a piece stands off the {width}x{height} board")]
    OffBoard {
        /// Files.
        width: usize,
        /// Ranks.
        height: usize,
    },
    /// A square holding pieces of both sides.
    #[error("square {0} holds a piece of each side")]
    Overlap(Square),
    /// A Dux where no piece stands.
    #[error("a Dux is marked on the empty square {0}")]
    DuxWithoutPiece(Square),
    /// Two Duxes of one side.
    #[error("{0} has more than one Dux")]
    TwoDuxes(Colour),
    /// A side without its Dux in the Dux variant, where each side has
    /// exactly one and it is never captured.
    #[error("{0} has no Dux: with the Dux, each side has exactly one, and it is never captured")]
    MissingDux(Colour),
    /// A Dux in standard Petteia, which has none.
    #[error("a Dux stands on {0}, but standard petteia has no Dux")]
    DuxInStandard(Square),
    /// The side that has just moved is down to one piece or none: the game
    /// would have ended on its turn.
    #[error("{0}, not to move, has fewer than two pieces: the game would have ended before")]
    OpponentReduced(Colour),
    /// More pieces than a side starts with: two full ranks of men in
    /// standard Petteia, one rank of men and the Dux in the Dux variant.
    #[error("{colour} has {count} pieces; a side starts with at most {most} on this board")]
    TooManyPieces {
        /// The side.
        colour: Colour,
        /// Its pieces (men and Dux).
        count: u32,
        /// The most it can have.
        most: u32,
    },
}

/// A square named by its file and rank (both from 0), so that an error
/// can name it without knowing the board: [`fmt::Display`] writes `c4`
/// for file 2, rank 3.
///
/// ```
/// use lapilli_petteia::Square;
/// assert_eq!(Square::new(7, 9).to_string(), "h10");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The file, 0 for `a`.
    pub file: u8,
    /// The rank, 0 for rank 1.
    pub rank: u8,
}

impl Square {
    /// The square on `file` and `rank` (from 0).
    pub fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Square number `p` of a board `width` files wide.
    pub(crate) fn of(p: usize, width: usize) -> Square {
        Square { file: (p % width) as u8, rank: (p / width) as u8 }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), u32::from(self.rank) + 1)
    }
}

/// The squares a ply captures, or claims to capture: at most three (the
/// square the piece came from is empty), lowest first. [`fmt::Display`]
/// writes their names separated by spaces, or `nothing`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Captures {
    len: u8,
    squares: [Square; 3],
}

impl Captures {
    /// The list of `squares` (at most three are kept).
    pub(crate) fn new(squares: impl IntoIterator<Item = Square>) -> Captures {
        let mut out = Captures::default();
        for s in squares.into_iter().take(3) {
            out.squares[usize::from(out.len)] = s;
            out.len += 1;
        }
        out
    }

    /// The squares, in order.
    pub fn squares(&self) -> &[Square] {
        &self.squares[..usize::from(self.len)]
    }
}

impl fmt::Display for Captures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 0 {
            return f.write_str("nothing");
        }
        for (i, s) in self.squares().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// Why a ply is illegal ([`lapilli_game::CheckedGame::check`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalReason {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A square of the move (its start, its target or a capture) is not a
    /// square of this board.
    #[error("the move names a square off this board")]
    OffBoard,
    /// No piece of the side to move on the starting square.
    #[error("no piece of the side to move on {0}")]
    NotYourPiece(Square),
    /// A move from a square to itself.
    #[error("a move must go to another square")]
    SameSquare,
    /// The squares are not on one row or column.
    #[error("pieces move along a row or a column only")]
    NotStraight,
    /// A piece on the way or on the target square.
    #[error("the way is blocked at {0}")]
    Blocked(Square),
    /// The captures the move carries are not those it makes.
    #[error("this move captures {actual}, not {claimed}")]
    WrongCaptures {
        /// The captures the move carries.
        claimed: Captures,
        /// The captures it makes.
        actual: Captures,
    },
}

/// A ply refused by [`lapilli_game::CheckedGame::play`]: the move, its
/// text and the [`IllegalReason`].
pub type IllegalMove = lapilli_game::IllegalMove<crate::Move, IllegalReason>;

/// Why a text is not a move of a position
/// ([`lapilli_game::CheckedGame::parse_move`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Nothing was written.
    #[error("empty move: write from-to, such as a2-a5 (captures may follow as xb5)")]
    Empty,
    /// Not `from-to` with optional `x` captures. Holds the start of the
    /// text.
    #[error("{0:?} is not a move: write from-to, such as a2-a5, optionally with captures as a2-a5xb5")]
    Shape(String),
    /// A part that is not a square name, or names a square off this board.
    #[error(transparent)]
    Square(#[from] GridError),
    /// Captures were written, and they are not the ones the move makes.
    #[error("this move captures {actual}, not {claimed}")]
    WrongCaptures {
        /// The captures written, as written (names separated by spaces).
        claimed: String,
        /// The captures the move makes, or `nothing`.
        actual: String,
    },
}
