//! Turn-aware game search.
//!
//! Everything here works through the [`Game`] trait alone and knows nothing
//! of boards. Search asks each position for its side to move and negates a
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
//! | [`solve`] → [`Tablebase`] | retrograde analysis: WDL and DTM of every reachable position |
//! | [`History`] | repetitions since the last irreversible ply |
//! | [`Player`] | random, search and perfect players |
//!
//! ```
//! use lapilli_search::{minimax, solve, Value, doc_game::Nim};
//! // Nim, take 1 or 2, last stone wins: multiples of 3 are lost.
//! let tb = solve(&Nim::new(7), None);
//! assert_eq!(tb.probe(&Nim::new(7)), Some(Value::Win(5)));
//! assert_eq!(tb.probe(&Nim::new(6)), None); // not reachable with the first side to move
//! assert_eq!(minimax(&Nim::new(7), 5, &|_: &Nim| 0).score, lapilli_search::WIN - 5);
//! ```
#![deny(missing_docs)]

mod colour;
#[doc(hidden)]
pub mod doc_game;
mod engine;
mod game;
mod history;
mod keyed;
pub mod message;
mod minimax;
mod perft;
mod player;
mod record;
mod retrograde;
mod score;
mod stats;
mod tt;
pub mod zobrist;

pub use colour::Colour;
pub use engine::{Analysis, Engine, Limits, Options, MAX_DEPTH};
pub use game::{Evaluate, Game, Indexed, MoveList, Outcome};
pub use history::History;
pub use keyed::SymmetryKeyed;
pub use minimax::{minimax, minimax_root_scores};
pub use perft::{perft, perft_divide};
pub use player::{PerfectPlayer, Player, RandomPlayer, SearchPlayer};
pub use record::{Adjudication, GameRecord};
pub use retrograde::{solve, Counts, Tablebase};
pub use score::{is_mate, terminal_score, ScoreKind, Value, MAX_EVAL, MAX_PLY, WIN};
pub use stats::{SearchResult, Stats};
pub use tt::{from_tt, to_tt, Bound, Entry, TranspositionTable};
