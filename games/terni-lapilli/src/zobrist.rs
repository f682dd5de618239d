//! Zobrist keys of the wheel's pieces.

use crate::position::Colour;
use lapilli_board_graph::Point;
use lapilli_search::zobrist::{keys, splitmix64};

/// Keys for Black's pieces on points 0..9, then White's.
const PIECE_KEYS: [u64; 18] = keys(1);

/// Toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix64(1000);

/// The key of `colour`'s piece on `p`.
#[inline]
pub fn piece(colour: Colour, p: Point) -> u64 {
    PIECE_KEYS[colour as usize * 9 + p.index()]
}
