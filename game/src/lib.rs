//! The contract every game implements, and what works through it alone.
//!
//! A rules crate implements [`Game`] (what search and the solvers need),
//! [`CheckedGame`] (checked play, text and endings, for players and front
//! ends), and where it can [`Canonicalize`] (symmetry without board types),
//! [`Indexed`] (for the in-memory solver) and [`Evaluate`] (a static
//! evaluation). A position reports its side to move and search negates a
//! child's score only when the side changed, so games that give one side
//! consecutive plies (a Morris removal) are handled correctly
//! (docs/design.md, "search is turn-aware"). Wins score [`WIN`]` - ply`.
//!
//! | item | what it does |
//! |---|---|
//! | [`Game`], [`CheckedGame`], [`Ending`], [`Outcome`] | the rules contract: legal plies, play, side to move, endings |
//! | [`Canonicalize`], [`SymmetryKeyed`] | canonical forms under the board's automorphisms, and a game keyed by them |
//! | [`Evaluate`], [`Indexed`] | static evaluation; dense position indices |
//! | [`Value`], [`ScoreKind`], [`WIN`], [`MAX_EVAL`] | game-theoretic values (WDL and DTM) and the score conventions |
//! | [`History`] | repetitions since the last irreversible ply |
//! | [`GameRecord`] | adjudicates finished games, threefold repetition, no progress |
//! | [`perft`], [`perft_divide`] | leaf counts of the legal-ply tree |
//! | [`Player`], [`RandomPlayer`] | something that picks a ply; the seeded random player |
//! | [`alloc`] | large tables allocated with an error, not an abort, when memory is refused |
//!
//! The engine (`lapilli-search`), the solvers (`lapilli-tablebase`) and the
//! front-end registry (`lapilli-registry`) build on this crate; it depends
//! on none of them.
//!
//! ```
//! use lapilli_game::{doc_game::Nim, perft, CheckedGame, Game};
//! // One-heap Nim, take 1 or 2 stones: two plies from 7 stones, four lines
//! // of two plies.
//! let start = Nim::new(7);
//! assert_eq!(perft(&start, 1), 2);
//! assert_eq!(perft(&start, 2), 4);
//! assert_eq!(start.move_text(1), "take 1");
//! ```
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub mod alloc;
pub mod doc_game;
mod evaluate;
mod game;
mod history;
mod keyed;
mod perft;
mod player;
mod record;
mod score;

pub use evaluate::Evaluate;
pub use game::{
    mix64, Canonicalize, CheckedGame, Ending, Game, IllegalMove, Indexed, MoveList, Outcome, TurnError,
};
pub use history::History;
pub use keyed::SymmetryKeyed;
pub use perft::{perft, perft_divide};
pub use player::{Player, RandomPlayer};
pub use record::{Adjudication, GameRecord, RecordError};
pub use score::{is_mate, score_text, terminal_score, value_score, ScoreKind, Value, MAX_EVAL, MAX_PLY, WIN};

/// Re-exported so that games can name `ArrayVec` move lists without pinning
/// the version themselves.
pub use arrayvec;
