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
//! | [`check_position`] | one position: the game contract, generation against the legality check, refused plays, move and position text, keys (and the key after each ply told without playing it), plies on copies, irreversible plies, principal variations |
//! | [`check_random_games`] | [`check_position`] on every position of seeded random games, and that no two unequal positions met in the run share a key |
//! | [`check_index`] | for an [`Indexed`] game: the indices of one position and its children are below the bound and unequal for unequal positions |
//! | [`check_random_games_indexed`] | [`check_random_games`] and [`check_index`]'s checks, with indices compared across the run |
//! | [`check_symmetry`] | the above, and that a symmetry group acts on positions, moves and canonical forms as search and the solver assume ([`Canonicalize`], [`Symmetric`], [`MapMove`]) |
//! | [`check_random_games_with_symmetry`] | [`check_symmetry`] on every position of seeded random games, and unequal keys across the run |
//! | [`check_search_sweep`] | every engine configuration ([`search_configurations`]) against plain minimax on one position |
//! | [`random_playout`] | varied positions for sweeps |
//! | [`check_tier_space`] | a [`TierSpace`]'s contract on sampled indices: the index round-trips and is the same on every member of an orbit, plies lead only to the tier itself or its dependencies, the un-moves invert exactly the plies inside a tier |
//! | [`check_tier_solver`] | the tier solver against the naive fixpoint and the in-memory solver on every position of some tiers, symmetric images included |
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
//! Keys and indices are identities: search treats two positions with the
//! same [`Game::zobrist`] key as one, and the solver two positions with the
//! same [`Indexed::index`], without further check, so a key or an index
//! that forgets part of the position gives wrong answers silently. One
//! position cannot show it; the random-games checks remember every
//! position met in the run (those checked and their children) by key, and
//! by index for [`check_random_games_indexed`], and fail when two unequal
//! positions (`PartialEq`, which like the key ignores counters) share one.
//!
//! ```
//! use lapilli_conformance::{check_position, check_random_games, check_search_sweep};
//! use lapilli_game::doc_game::Nim;
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
//! assert_eq!(sweep.nodes.len(), 10);
//! ```
//!
//! [`Canonicalize`]: lapilli_game::Canonicalize
//! [`CheckedGame`]: lapilli_game::CheckedGame
//! [`CheckedGame::ending`]: lapilli_game::CheckedGame::ending
//! [`CheckedGame::winner`]: lapilli_game::CheckedGame::winner
//! [`Game`]: lapilli_game::Game
//! [`Game::outcome`]: lapilli_game::Game::outcome
//! [`Game::zobrist`]: lapilli_game::Game::zobrist
//! [`Indexed`]: lapilli_game::Indexed
//! [`Indexed::index`]: lapilli_game::Indexed::index
//! [`MapMove`]: lapilli_symmetry::MapMove
//! [`Symmetric`]: lapilli_symmetry::Symmetric
//! [`TierSpace`]: lapilli_tablebase::TierSpace
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod identity;
mod indexed;
mod random;
mod rules;
mod sweep;
mod symmetry;
mod tiers;

pub use indexed::{check_index, check_random_games_indexed};
pub use rules::{check_move_with_key_given, check_position, check_random_games};
pub use sweep::{check_search_sweep, random_playout, search_configurations, Sweep};
pub use symmetry::{check_random_games_with_symmetry, check_symmetry};
pub use tiers::{check_tier_solver, check_tier_space, TierSolverCheck, TierSpaceCheck};
