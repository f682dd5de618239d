//! perft for morris positions: the generic count with the morris bulk count.

use crate::position::Position;

/// The number of leaves of the legal-ply tree `depth` plies below `pos`,
/// counting a removal as a ply of its own (the OpenSpiel convention):
/// `lapilli_game::perft` with the morris bulk count. Bulk counting: one ply
/// above the leaves the plies are counted with
/// [`Position::legal_move_count`] (popcounts) instead of being listed and
/// played.
///
/// From the start of Nine Men's Morris: 24, 552, 12,144, 255,024,
/// 5,100,480 and 96,223,680 at depths 1 to 6 (depth 6 is the first with
/// removals; the integration tests check these counts against a naive
/// implementation of the rules).
///
/// ```
/// use lapilli_morris::{perft, Position};
/// assert_eq!(perft(&Position::default(), 3), 24 * 23 * 22);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    lapilli_game::perft(pos, depth)
}
