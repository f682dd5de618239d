//! Terni Lapilli, the Roman game of three on the wheel board (seed 000),
//! and its relatives: the place-then-move three-in-a-row games, on any of
//! the family's boards ([`Variant`], [`BoardKind`]).
//!
//! Rules (docs/design.md): each side places its pieces (3, or 4 in achi)
//! alternately on empty points, Black first; then the sides alternately
//! move one piece, to an adjacent empty point (the next point along a line
//! of the board) or, in nine holes, to any empty point. Three own pieces
//! on a line of the board, after a placement or a move, win at once. A
//! side that must move and cannot loses. The centre is allowed on the
//! first placement unless [`Rules::centre_first`] is off. In play,
//! threefold repetition is a draw; in the strong solution, positions
//! neither side can force are draws.
//!
//! | game | board | pieces | a piece moves | start, with / without centre first |
//! |---|---|---|---|---|
//! | `terni-lapilli` | the wheel: 8 ring points and the centre, 12 lines | 3 | to an adjacent point | draw / draw |
//! | `three-mens-morris` | 3x3, rows and columns | 3 | along a row or column | draw / draw |
//! | `tapatan` | 3x3 with both diagonals | 3 | along a line | win in 9 / draw |
//! | `nine-holes` | 3x3, rows and columns | 3 | to any empty point | draw / draw |
//! | `achi` | 3x3 with both diagonals | 4 | along a line | win in 11 / loss in 12 |
//!
//! Each game is strongly solved in milliseconds ([`solution::solve`]); the
//! figures and their sources are in [`Variant`]'s documentation. Terni
//! Lapilli's: the start is a draw; 5,230 positions are reachable (3,040
//! won, 1,052 lost and 1,138 drawn for the side to move), stored as 368
//! orbits under the wheel's 16 symmetries.
//!
//! ```
//! use lapilli_game::{CheckedGame, Value};
//! use lapilli_terni_lapilli::{solution, Position, Rules, Variant};
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
//!
//! // Tapatan is a first-player win: Black opens on the centre.
//! let rules = Rules::new(Variant::Tapatan);
//! let tb = solution::solve(rules);
//! assert_eq!(solution::summarise(&tb, rules).value, Value::Win(9));
//! let start = Position::start(rules);
//! let first = tb.principal_variation(&start, 1)[0];
//! assert_eq!(start.move_text(first), "b2");
//! ```
//!
//! | module | holds |
//! |---|---|
//! | [`Position`] (`position/`) | the rules: [`lapilli_game::Game`], [`lapilli_game::CheckedGame`], symmetry |
//! | [`Move`] | plies and their text |
//! | [`Rules`], [`Variant`], [`BoardKind`] | the games, their boards and symmetry groups |
//! | position text | `Display` and `FromStr` of [`Position`], [`Position::diagram`] |
//! | [`eval`] | the seed's line heuristic, [`eval::Heuristic`] |
//! | [`solution`] | the strong solution and its figures |
//! | [`descriptor`] | the games' entry in the game registry |
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
    Ending, IllegalMove, IllegalReason, MoveList, Phase, Position, PositionError, INDEX_BOUND,
    INDICES_PER_VARIANT, MAX_MOVES,
};
pub use rules::{BoardKind, Movement, ParseVariantError, Rules, Variant, PIECES, POINTS};

/// The side colours, re-exported from `lapilli-board-graph` (the vocabulary
/// every rules crate shares).
pub use lapilli_board_graph::Colour;

/// The README's Rust example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
