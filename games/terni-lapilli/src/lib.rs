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
//! ```
//! use lapilli_terni_lapilli::{solve, Position, Rules};
//! use lapilli_search::Value;
//!
//! let tb = solve::solve(Rules::default());
//! let summary = solve::summarise(&tb, Rules::default());
//! // Every reachable position is solved; the start has a definite value.
//! assert!(summary.reachable.total > 4000);
//! assert!(matches!(summary.value, Value::Win(_) | Value::Loss(_) | Value::Draw));
//! let pv = tb.principal_variation(&Position::default(), 30);
//! assert!(!pv.is_empty());
//! ```
#![deny(missing_docs)]

pub mod eval;
mod moves;
mod notation;
mod position;
pub mod solve;
mod zobrist;

pub use moves::{Move, ParseMoveError};
pub use notation::ParsePositionError;
pub use position::{
    Colour, IllegalMove, IllegalReason, MoveList9, Phase, Position, PositionError, Rules, INDEX_BOUND, PIECES,
};

#[cfg(test)]
mod conformance;

/// The README's Rust example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
