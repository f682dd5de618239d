//! A fast perft for morris positions.

use crate::position::{MoveList, Position};
use lapilli_game::Game;

/// The number of leaves of the legal-ply tree `depth` plies below `pos`,
/// counting a removal as a ply of its own (the OpenSpiel convention; the
/// same count as `lapilli_game::perft`). Bulk counting: one ply above the
/// leaves the plies are counted with [`Position::legal_move_count`]
/// (popcounts) instead of being listed and played.
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
    match depth {
        0 => 1,
        1 => pos.legal_move_count(),
        _ => {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            let mut total = 0;
            for &m in &moves {
                let mut child = *pos;
                child.play_unchecked(m);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}
