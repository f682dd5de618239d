//! Turn-aware game search: the engine, its transposition table, the
//! reference minimax and the engine's player.
//!
//! Everything here works through the `lapilli_game` traits alone ([`lapilli_game::Game`],
//! and for the player [`lapilli_game::Player`]) and knows nothing of
//! boards: symmetry reaches it through [`lapilli_game::Canonicalize`].
//! Search asks each position for its side to move and negates a child's
//! score only when the side changed, so games that give one side
//! consecutive plies (a Morris removal) are searched correctly
//! (docs/design.md, "search is turn-aware"). Wins score
//! [`lapilli_game::WIN`]` - ply`.
//!
//! | item | what it does |
//! |---|---|
//! | [`minimax`] | plain minimax: the reference |
//! | [`Engine`] | negamax alpha-beta: iterative deepening, PVS, aspiration, transposition table, enhanced transposition cutoffs, killers, history heuristic, late-move and internal iterative reductions (options; [`Options::playing`] is what the program searches with), repetition and no-progress draws, limits, Lazy SMP |
//! | [`Options`], [`Limits`] | what the engine does, and when it stops (depth, nodes, time) |
//! | [`TranspositionTable`] | lock-free, two-way buckets, shared by threads |
//! | [`SearchPlayer`] | a [`lapilli_game::Player`] that searches |
//!
//! ```
//! use lapilli_game::doc_game::Nim;
//! use lapilli_search::minimax;
//! // Nim, take 1 or 2, last stone wins: 7 stones are won in 5 plies.
//! assert_eq!(minimax(&Nim::new(7), 5, &|_: &Nim| 0).score, lapilli_game::WIN - 5);
//! ```
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod engine;
mod minimax;
mod player;
mod stats;
mod tt;
pub mod variety;

pub use engine::{
    lmr_reduction, Analysis, Engine, Limits, Options, StopHandle, ETC_MIN_DEPTH, EVAL_CACHE_SLOTS,
    FUTILITY_MAX_DEPTH, IIR_MIN_DEPTH, LMR_FIRST_MOVE, LMR_MIN_DEPTH, MAX_DEPTH,
};
pub use minimax::{minimax, minimax_root_scores};
pub use player::SearchPlayer;
pub use stats::{SearchResult, Stats, StopReason};
pub use tt::{Bound, TableError, TranspositionTable, SPARE_MAX_BYTES};
