//! Zobrist keys.

use crate::position::Colour;
use lapilli_board_graph::Point;

/// SplitMix64, a fixed generator so keys are the same in every build.
const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const fn keys() -> [[u64; 9]; 2] {
    let mut k = [[0u64; 9]; 2];
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < 9 {
            k[c][p] = splitmix((c * 9 + p) as u64 + 1);
            p += 1;
        }
        c += 1;
    }
    k
}

const PIECE_KEYS: [[u64; 9]; 2] = keys();

/// Toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(1000);

/// The key of `colour`'s piece on `p`.
#[inline]
pub fn piece(colour: Colour, p: Point) -> u64 {
    PIECE_KEYS[colour as usize][p.index()]
}
