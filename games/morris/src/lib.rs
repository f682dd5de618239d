//! Nine Men's Morris and its relatives: rules, notation, evaluation.
//!
//! The rules follow docs/design.md and seed 001 (Devanshu Biswas, "The Nine
//! Men's Morris Capture Rule Almost Everyone Gets Wrong"): 24 points, 16
//! mills, 9 pieces each, White first; placing, then sliding, then flying
//! with exactly three pieces; a mill sets a pending removal that is the
//! same side's next ply (search is turn-aware); pieces in mills are
//! protected unless every opponent piece stands in a mill; a double mill
//! removes one piece; a side with fewer than three pieces (board and hand)
//! or without a legal move loses. Draws by threefold repetition and after
//! [`NO_PROGRESS_LIMIT`] (100) plies without a placement or removal are the
//! game record's business (`lapilli_game::GameRecord`), through
//! [`Game::is_irreversible`](lapilli_game::Game::is_irreversible) and
//! [`Game::no_progress_limit`](lapilli_game::Game::no_progress_limit); a
//! turn that closes a mill ends with its removal, so no draw is adjudicated
//! while a removal is pending
//! ([`Game::draw_rules_apply`](lapilli_game::Game::draw_rules_apply)).
//! The relatives ([`Variant`]) are options of the same code.
//!
//! [`Position`] implements [`lapilli_game::Game`] (for search),
//! [`lapilli_game::CheckedGame`] (checked play, move text read and written
//! with the board's point names, endings) and
//! [`lapilli_game::Canonicalize`] (the board's 16 symmetries);
//! [`tablebase::MorrisTiers`] implements
//! [`lapilli_tablebase::TierSpace`] (tiers, a symmetry-reduced
//! perfect index and un-moves, for tablebases).
//!
//! ```
//! use lapilli_morris::{eval::Heuristic, Colour, Position};
//! use lapilli_game::{CheckedGame, History, WIN};
//! use lapilli_search::{Engine, Limits};
//!
//! // Seed 001's capture rule: White slides g4-g7, closes a7-d7-g7, and
//! // the removal that follows leaves Black with two pieces.
//! let pos: Position = "WW.W..../B.....W./B...B... w 0 0 -".parse().unwrap();
//! let mut after = pos;
//! after.play(pos.parse_move("g4-g7").unwrap()).unwrap();
//! assert!(after.pending_removal());
//! assert_eq!(after.side_to_move(), Colour::White); // the removal is White's ply
//! let a = Engine::new().search(&pos, &History::default(), &Limits::depth(4), &Heuristic::default());
//! assert_eq!(a.score, WIN - 2);
//! ```
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub mod descriptor;
pub mod eval;
pub mod long_chains;
mod moves;
mod notation;
mod perft;
mod position;
mod rules;
pub mod sanmill_fen;
#[cfg(feature = "serde")]
mod serde_impls;
mod shifts;
pub mod tablebase;
pub mod threats;
mod zobrist;

pub use lapilli_board_graph::Colour;
pub use moves::{Move, ParseMoveError};
pub use notation::ParsePositionError;
pub use perft::perft;
pub use position::{
    Ending, IllegalMove, IllegalReason, MoveList, Phase, Position, PositionError, RemovalOrder, MAX_MOVES,
    NO_PROGRESS_LIMIT,
};
pub use rules::{ParseVariantError, Rules, Variant};
