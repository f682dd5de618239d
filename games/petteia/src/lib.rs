//! Petteia / Ludus Latrunculorum: custodian capture on a grid, and the Dux
//! variant (seed 003; rules in docs/design.md).
//!
//! - **Board**: the 8x8 grid of `lapilli_board_graph::grid` (rows and
//!   columns as ordered lines: rook moves are rays along them, a custodian
//!   capture is three consecutive squares on one); other sizes through the
//!   same code, up to 128 squares (8x12, 9x10).
//! - **Play**: White moves first. A ply moves one piece any distance along
//!   its row or column over empty squares. Afterwards every enemy man
//!   orthogonally next to the moved piece with a friendly piece directly
//!   beyond it is removed, several at once. Moving between two enemies is
//!   safe; there are no edge or corner captures (options in [`Rules`]).
//! - **Dux variant** ([`Variant::Dux`]): each side's men fill its back rank
//!   and its Dux stands on its second rank (White e2, Black d7); the Dux
//!   moves and helps capture like a man and is never captured.
//! - **End**: a side reduced to one piece (the Dux counts) or without a
//!   legal move loses ([`Ending`]). Threefold repetition and 100 plies
//!   without a capture are draws, adjudicated by
//!   `lapilli_game::GameRecord` ([`lapilli_game::Game::no_progress_limit`]
//!   is [`NO_PROGRESS_LIMIT`], [`lapilli_game::Game::is_irreversible`]
//!   holds exactly for captures).
//!
//! [`Position`] implements `lapilli_game::Game` (for search) and
//! `lapilli_game::CheckedGame` (checked play, move text through the
//! position, endings and winners), and `lapilli_game::Canonicalize` with
//! the board's automorphism group ([`Position::group`]).
//!
//! With the non-default `serde` feature, positions serialize as their text
//! and moves as their squares.
//!
//! The reconstruction is uncertain (seed 003); [`rules`] lists the points
//! that are options and those that are not.
//!
//! ```
//! use lapilli_petteia::{eval::Heuristic, Colour, Ending, Position, Setup, Variant};
//! use lapilli_game::{CheckedGame, History, perft};
//! use lapilli_search::{Engine, Limits};
//!
//! let start = Position::default();
//! assert_eq!(perft(&start, 2), 944);
//! // A triple capture (a case reported against other programs).
//! let mut pos: Position = "8/8/3M4/3m4/1Mm1mM2/8/8/3M4 w 0".parse().unwrap();
//! let m = pos.parse_move("d1-d4").unwrap();
//! assert_eq!(pos.move_text(m), "d1-d4xc4xe4xd5");
//! pos.play(m).unwrap();
//! assert_eq!(pos.piece_count(Colour::Black), 0);
//! assert_eq!((pos.ending(), pos.winner()), (Some(Ending::Reduction), Some(Colour::White)));
//! // Search the Dux variant's start.
//! let dux = Setup::new(Variant::Dux).start();
//! let analysis = Engine::new().search(&dux, &History::default(), &Limits::depth(3), &Heuristic::default());
//! assert!(dux.is_legal(analysis.best_move.unwrap()));
//! ```
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod board;
pub mod descriptor;
pub mod eval;
mod moves;
mod notation;
mod position;
pub mod rules;
mod zobrist;

pub use board::MAX_SQUARES;
pub use lapilli_board_graph::Colour;
pub use moves::Move;
pub use notation::ParsePositionError;
pub use position::{
    Captures, Ending, IllegalMove, IllegalReason, MoveError, MoveList, Piece, Position, PositionError,
    Square, MAX_MOVES,
};
pub use rules::{parse_size, DuxPlacement, Rules, Setup, SetupError, Variant, NO_PROGRESS_LIMIT};
