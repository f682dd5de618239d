//! Zobrist keys of the pieces on the 9 points: the same keys on every
//! board (a key tells positions of one game apart, not games).

use lapilli_board_graph::zobrist::{keys, splitmix64};
use lapilli_board_graph::{Colour, Point};

/// Keys for White's pieces on points 0..9, then Black's: indexed by
/// [`Colour::index`] (White 0, Black 1) times 9 plus the point.
const PIECE_KEYS: [u64; 18] = keys(1);

/// Toggled when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix64(1000);

/// The key of `colour`'s piece on `p`.
#[inline]
pub(crate) fn piece(colour: Colour, p: Point) -> u64 {
    PIECE_KEYS[colour.index() * 9 + p.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The documented order: White's keys first.
    #[test]
    fn white_keys_come_first() {
        assert_eq!(piece(Colour::White, Point::new(0)), splitmix64(1));
        assert_eq!(piece(Colour::White, Point::new(8)), splitmix64(9));
        assert_eq!(piece(Colour::Black, Point::new(0)), splitmix64(10));
    }
}
