//! Zobrist keys of the pieces (`lapilli_board_graph::zobrist`).

use crate::board::MAX_SQUARES;
use lapilli_board_graph::zobrist::{keys, splitmix64};

/// Offset of this crate's keys in the SplitMix64 sequence (any fixed value;
/// distinct from other crates' only for tidiness, as keys of different
/// games never meet).
const OFFSET: u64 = 3_000_000;

/// Keys of the four kinds of piece (white man, black man, white Dux, black
/// Dux) on squares 0..128.
const PIECE_KEYS: [u64; 4 * MAX_SQUARES] = keys(OFFSET);

/// Toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix64(OFFSET + 4 * MAX_SQUARES as u64);

/// The key of a piece of kind `kind` (0 white man, 1 black man, 2 white
/// Dux, 3 black Dux) on square `p`.
#[inline]
pub fn piece(kind: usize, p: usize) -> u64 {
    PIECE_KEYS[kind * MAX_SQUARES + p]
}
