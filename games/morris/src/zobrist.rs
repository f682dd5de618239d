//! Zobrist keys of the morris position.

use lapilli_board_graph::zobrist::{keys, splitmix64};
use lapilli_board_graph::{Colour, Point};

/// Keys for White's pieces on points 0..24, then Black's.
const PIECE_KEYS: [u64; 48] = keys(0x4d_0000);

/// Keys for the number of pieces in hand, 0..=12: White's, then Black's.
const HAND_KEYS: [u64; 26] = keys(0x4d_1000);

/// Toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix64(0x4d_2000);

/// Toggled while a removal is pending.
pub const PENDING: u64 = splitmix64(0x4d_2001);

/// The key of `colour`'s piece on `p`.
#[inline]
pub fn piece(colour: Colour, p: Point) -> u64 {
    PIECE_KEYS[colour.index() * 24 + p.index()]
}

/// The key of `colour` holding `n` pieces in hand.
#[inline]
pub fn hand(colour: Colour, n: u8) -> u64 {
    HAND_KEYS[colour.index() * 13 + n as usize]
}
