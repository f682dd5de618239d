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
//! 100 plies without a placement or removal are the game record's
//! business (`lapilli_search::GameRecord`), through
//! [`Game::is_irreversible`](lapilli_search::Game::is_irreversible) and
//! [`Game::no_progress_limit`](lapilli_search::Game::no_progress_limit).
//! The relatives ([`Variant`]) are options of the same code.
//!
//! ```
//! use lapilli_morris::{eval::Evaluation, Colour, Position};
//! use lapilli_search::{Engine, Limits, WIN};
//!
//! // Seed 001's capture rule: White slides g4-g7, closes a7-d7-g7, and
//! // the removal that follows leaves Black with two pieces.
//! let pos: Position = "WW.W..../B.....W./B...B... w 0 0 -".parse().unwrap();
//! let mut after = pos;
//! after.play("g4-g7".parse().unwrap()).unwrap();
//! assert!(after.pending_removal());
//! assert_eq!(after.side_to_move(), Colour::White); // the removal is White's ply
//! let a = Engine::new().search(&pos, &[], &Limits::depth(4), &Evaluation::default());
//! assert_eq!(a.score, WIN - 2);
//! ```
#![deny(missing_docs)]

pub mod eval;
mod moves;
mod notation;
mod perft;
mod position;
mod variant;
mod zobrist;

pub use moves::{Move, ParseMoveError};
pub use notation::ParsePositionError;
pub use perft::perft;
pub use position::{
    Colour, Ending, IllegalMove, IllegalReason, MoveList63, Phase, Position, PositionError, NO_PROGRESS_LIMIT,
};
pub use variant::{ParseVariantError, Rules, Variant};

#[cfg(test)]
mod conformance;
