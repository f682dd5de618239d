//! Turn-aware game search.
//!
//! Everything here works through the [`Game`] trait (and, for players and
//! front ends, [`CheckedGame`]) alone and knows nothing of boards: symmetry
//! reaches it through [`Canonicalize`], which game crates implement. Search asks each position for its side to move and negates a
//! child's score only when the side changed, so games that give one side
//! consecutive plies (a Morris removal) are searched correctly
//! (docs/design.md, "search is turn-aware"). Wins score [`WIN`]` - ply`.
//!
//! | item | what it does |
//! |---|---|
//! | [`minimax`] | plain minimax: the reference |
//! | [`Engine`] | negamax alpha-beta: iterative deepening, PVS, aspiration, transposition table, killers, history heuristic, repetition and no-progress draws, limits, Lazy SMP |
//! | [`TranspositionTable`] | lock-free, two-way buckets, shared by threads |
//! | [`SymmetryKeyed`] | keys the table by canonical forms (symmetry-reduced probes) |
//! | [`GameRecord`] | adjudicates finished games, threefold repetition, no progress |
//! | [`perft`], [`perft_divide`] | leaf counts of the legal-ply tree |
//! | [`solve`], [`solve_reduced`] → [`Tablebase`] | retrograde analysis: WDL and DTM of every reachable position |
//! | [`tablebase`] | tablebases at scale: tiers, perfect indices, retrograde analysis by un-moves, files, probing |
//! | [`History`] | repetitions since the last irreversible ply |
//! | [`Player`] | random, search and perfect players |
//! | [`registry`] | game descriptors (names, variants, start, evaluation, solution) and the registry generic front ends run on |
//!
//! ```
//! use lapilli_search::{minimax, solve, Value, doc_game::Nim};
//! // Nim, take 1 or 2, last stone wins: multiples of 3 are lost.
//! let tb = solve(&Nim::new(7));
//! assert_eq!(tb.probe(&Nim::new(7)), Some(Value::Win(5)));
//! assert_eq!(tb.probe(&Nim::new(6)), None); // not reachable with the first side to move
//! assert_eq!(minimax(&Nim::new(7), 5, &|_: &Nim| 0).score, lapilli_search::WIN - 5);
//! ```
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub mod doc_game;
mod engine;
mod game;
mod history;
mod keyed;
mod minimax;
mod perft;
mod player;
mod record;
pub mod registry;
mod retrograde;
mod score;
mod stats;
pub mod tablebase;
mod tt;

pub use engine::{
    lmr_reduction, Analysis, Engine, Limits, Options, StopHandle, LMR_FIRST_MOVE, LMR_MIN_DEPTH, MAX_DEPTH,
};
pub use game::{Canonicalize, CheckedGame, Ending, Evaluate, Game, IllegalMove, Indexed, MoveList, Outcome};
pub use history::History;
pub use keyed::SymmetryKeyed;
pub use minimax::{minimax, minimax_root_scores};
pub use perft::{perft, perft_divide};
pub use player::{PerfectPlayer, Player, RandomPlayer, SearchPlayer};
pub use record::{Adjudication, GameRecord, RecordError};
pub use retrograde::{solve, solve_keyed, solve_reduced, Counts, Tablebase};
pub use score::{is_mate, ScoreKind, Value, MAX_EVAL, WIN};
pub use stats::{SearchResult, Stats, StopReason};
pub use tt::{Bound, TableError, TranspositionTable};

/// Re-exported so that games can name `ArrayVec` move lists without pinning
/// the version themselves.
pub use arrayvec;
