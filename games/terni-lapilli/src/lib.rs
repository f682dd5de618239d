//! Terni Lapilli, the Roman game of three on the wheel board (seed 000).
//!
//! Rules (docs/design.md): points `0..8` round the ring and `8` in the centre;
//! 12 winning lines (8 runs of three ring points, 4 diameters). Black moves
//! first. Each side places 3 pieces alternately on empty points, then the
//! sides alternately move a piece to an adjacent empty point. Three own
//! pieces on a line, after a placement or a move, win at once. A side that
//! must move and cannot loses. The centre is allowed on the first
//! placement unless [`Rules::centre_first`] is off. In play, threefold
//! repetition is a draw; in the strong solution, positions neither side can
//! force are draws.
//!
//! The strong solution: the start is a draw; 5,230 positions are reachable
//! (3,040 won, 1,052 lost and 1,138 drawn for the side to move), stored as
//! 368 orbits under the wheel's 16 symmetries.
//!
//! ```
//! use lapilli_search::{CheckedGame, Value};
//! use lapilli_terni_lapilli::{solution, Position, Rules};
//!
//! let tb = solution::solve(Rules::default());
//! let summary = solution::summarise(&tb, Rules::default());
//! assert_eq!(summary.value, Value::Draw);
//! let r = summary.reachable;
//! assert_eq!((r.total, r.win, r.loss, r.draw), (5230, 3040, 1052, 1138));
//! assert_eq!(summary.orbits, 368);
//!
//! // Perfect play from the start never ends the game.
//! let mut pos = Position::default();
//! for m in tb.principal_variation(&Position::default(), 30) {
//!     pos.play(m).unwrap();
//! }
//! assert_eq!(pos.ending(), None);
//! ```
//!
//! | module | holds |
//! |---|---|
//! | [`Position`] (`position/`) | the rules: [`lapilli_search::Game`], [`lapilli_search::CheckedGame`], symmetry |
//! | [`Move`] | plies and their text |
//! | [`Rules`] | the rule options and the symmetry group |
//! | position text | `Display` and `FromStr` of [`Position`], [`Position::diagram`] |
//! | [`eval`] | the seed's line heuristic, [`eval::Heuristic`] |
//! | [`solution`] | the strong solution and its figures |
//! | [`descriptor`] | the game's entry in the game registry |
//!
//! With the non-default `serde` feature, [`Position`] and [`Move`]
//! serialize as their text.
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod board;
pub mod descriptor;
pub mod eval;
mod moves;
mod notation;
mod position;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod solution;
mod zobrist;

pub use moves::{Move, ParseMoveError};
pub use notation::ParsePositionError;
pub use position::{
    Ending, IllegalMove, IllegalReason, MoveList, Phase, Position, PositionError, INDEX_BOUND, MAX_MOVES,
};
pub use rules::{Rules, PIECES};

/// The side colours, re-exported from `lapilli-board-graph` (the vocabulary
/// every rules crate shares).
pub use lapilli_board_graph::Colour;

/// The README's Rust example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
