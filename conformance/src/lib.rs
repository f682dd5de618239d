//! A conformance harness for rules crates, working from the traits alone.
//!
//! Any game that implements [`CheckedGame`] (the checked rules beside the
//! [`Game`] that search uses), `Display` and `FromStr` (its position text)
//! and `PartialEq` can be checked from its crate's integration tests, or
//! from another project's: no glue code, no trait of this crate to
//! implement.
//!
//! | function | what it checks |
//! |---|---|
//! | [`check_position`] | one position: the game contract, generation against the legality check, refused plays, move and position text, keys, plies on copies, irreversible plies, principal variations |
//! | [`check_random_games`] | [`check_position`] on every position of seeded random games |
//! | [`check_symmetry`] | the above, and that a symmetry group acts on positions, moves and canonical forms as search and the solver assume ([`Canonicalize`], [`Symmetric`], [`MapMove`]) |
//! | [`check_random_games_with_symmetry`] | [`check_symmetry`] on every position of seeded random games |
//! | [`check_search_sweep`] | every engine configuration ([`search_configurations`]) against plain minimax on one position |
//! | [`random_playout`] | varied positions for sweeps |
//!
//! Every check panics on the first broken property, with the position's
//! text and what broke, so a failing test names the culprit. This crate's
//! tests break the properties one at a time on purpose and see the
//! harness fail (`tests/broken.rs`), and run it on Nim and on tic-tac-toe
//! with its symmetry group (`tests/tic_tac_toe.rs`, a small complete
//! example of a symmetric game).
//!
//! The game contract that search relies on (see [`Game`]) is checked in
//! every position: a position without legal moves has an outcome, a
//! finished game has no legal moves, [`CheckedGame::ending`] is `Some`
//! exactly when [`Game::outcome`] is, and [`CheckedGame::winner`] agrees
//! with the outcome.
//!
//! ```
//! use lapilli_conformance::{check_position, check_random_games, check_search_sweep};
//! use lapilli_search::doc_game::Nim;
//!
//! // One-heap Nim, whose position text is "7 first"; in a game crate
//! // this is its position type.
//! let start = Nim::new(10);
//! check_position(&start);
//! // 20 seeded random games of at most 30 plies: each ends at the empty
//! // heap, so 6 to 11 positions a game.
//! let checked = check_random_games(&start, 20, 30, 1);
//! assert!((120..=220).contains(&checked));
//! // Every engine configuration agrees with minimax.
//! let sweep = check_search_sweep(&start, 5, &|_: &Nim| 0);
//! assert_eq!(sweep.nodes.len(), 6);
//! ```
//!
//! [`Canonicalize`]: lapilli_search::Canonicalize
//! [`CheckedGame`]: lapilli_search::CheckedGame
//! [`CheckedGame::ending`]: lapilli_search::CheckedGame::ending
//! [`CheckedGame::winner`]: lapilli_search::CheckedGame::winner
//! [`Game`]: lapilli_search::Game
//! [`Game::outcome`]: lapilli_search::Game::outcome
//! [`MapMove`]: lapilli_symmetry::MapMove
//! [`Symmetric`]: lapilli_symmetry::Symmetric
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod random;
mod rules;
mod sweep;
mod symmetry;

pub use rules::{check_position, check_random_games};
pub use sweep::{check_search_sweep, random_playout, search_configurations, Sweep};
pub use symmetry::{check_random_games_with_symmetry, check_symmetry};
