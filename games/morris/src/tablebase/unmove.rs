//! Un-moves: the positions of a movement tier with a slide or flight
//! leading to a given one.

use crate::position::Position;
use lapilli_board_graph::bits::bits;
use lapilli_board_graph::{Bitboard, Colour, Point};

/// Pushes onto `out` every position with a ply that stays in `pos`'s tier
/// and leads to `pos`; nothing unless `pos` is a movement-phase position
/// (both hands empty) without a pending removal, the only tiers with plies
/// inside them.
///
/// The rule, inverted from the plies (seed 001; `Position::make`): the
/// previous mover is the opponent `o` of the side to move `s`. It slid (or
/// flew) a piece from an empty point `p` to the point `q` it now holds:
/// `p` is a neighbour of `q`, or any empty point when `o` has exactly three
/// pieces and flying is on. A ply whose arriving piece completes a mill of
/// `o` through `q` leaves a removal pending (when `s` has a piece on the
/// board to take) and so ends in another tier: such a `q` has no un-moves.
/// The parent has `o` to move, no removal pending, both hands empty.
///
/// No allocation beyond `out`'s growth.
pub(super) fn unmoves(pos: &Position, out: &mut Vec<Position>) {
    if pos.pending_removal() || !pos.is_movement() {
        return;
    }
    let s = pos.side_to_move();
    let o = s.opponent();
    let t = pos.tables();
    let mine = pos.piece_bits(s);
    let theirs = pos.piece_bits(o);
    let empty = pos.empty_bits();
    let rules = pos.rules();
    let flying = rules.flying && theirs.count_ones() == 3;
    for q in bits(theirs) {
        if mine != 0 && t.mill_at(theirs, Point::new(q)) {
            continue;
        }
        let origins = if flying { empty } else { t.neighbours[q] & empty };
        let without = theirs & !(1 << q);
        for p in bits(origins) {
            let moved = u64::from(without | 1 << p);
            let pieces = match o {
                Colour::White => [Bitboard(moved), Bitboard(u64::from(mine))],
                Colour::Black => [Bitboard(u64::from(mine)), Bitboard(moved)],
            };
            // Valid whenever `pos` is: same material, `s` keeps its pieces.
            if let Ok(parent) = Position::from_parts(rules, pieces, [0, 0], o, false, 0) {
                out.push(parent);
            }
        }
    }
}
