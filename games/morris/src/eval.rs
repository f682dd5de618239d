//! A static evaluation for the search.

use crate::position::{Phase, Position};
use lapilli_board_graph::bits::bits;
use lapilli_board_graph::Colour;
use lapilli_search::Evaluate;

/// Weights of [`Heuristic`], in evaluation units (a piece is 100).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per piece (board plus hand) more than the opponent.
    pub material: i32,
    /// Per closed mill (three own pieces on a line).
    pub mill: i32,
    /// Per open mill (two own pieces and an empty point on a line) while
    /// the side is placing or flying, when a third piece can arrive from
    /// anywhere.
    pub open_mill_placing: i32,
    /// Per open mill while sliding.
    pub open_mill_sliding: i32,
    /// Per legal slide more than the opponent (sliding sides only).
    pub mobility: i32,
    /// Per own piece that cannot slide (sliding sides only), negative.
    pub blocked_piece: i32,
    /// For a pending removal (the side to move is about to take a piece).
    pub pending: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            material: 100,
            mill: 20,
            open_mill_placing: 30,
            open_mill_sliding: 12,
            mobility: 4,
            blocked_piece: -6,
            pending: 90,
        }
    }
}

/// A phase-aware static evaluation for the side to move: material (board
/// plus hand), closed and open mills, mobility and blocked pieces (counted
/// only for a side that slides; a placing or flying side is never short of
/// moves), and a bonus for a pending removal. Mobility and blocked pieces
/// matter most in the sliding phase, where a blocked side loses (seed
/// 001); open mills matter most while placing.
///
/// ```
/// use lapilli_morris::{eval::Heuristic, Position};
/// use lapilli_search::Evaluate;
/// // The start is symmetric between the sides.
/// assert_eq!(Heuristic::default().evaluate(&Position::default()), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Heuristic {
    /// The weights.
    pub weights: Weights,
}

impl Heuristic {
    /// The score of `colour`'s features alone (the evaluation is the side
    /// to move's minus the opponent's, plus the pending bonus).
    pub fn side_score(&self, pos: &Position, colour: Colour) -> i32 {
        let w = &self.weights;
        let t = pos.tables();
        let own = pos.piece_bits(colour);
        let opp = pos.piece_bits(colour.opponent());
        let empty = t.all & !(own | opp);
        let material = (own.count_ones() + pos.in_hand(colour) as u32) as i32;
        let mut mills = 0;
        let mut open = 0;
        for &l in &t.mills {
            let mine = (l & own).count_ones();
            if mine == 3 {
                mills += 1;
            } else if mine == 2 && l & empty != 0 {
                open += 1;
            }
        }
        let phase = pos.phase(colour);
        let open_weight = if phase == Phase::Sliding { w.open_mill_sliding } else { w.open_mill_placing };
        let mut score = w.material * material + w.mill * mills + open_weight * open;
        if phase == Phase::Sliding {
            let mut slides = 0;
            let mut blocked = 0;
            for p in bits(own) {
                let n = (t.neighbours[p] & empty).count_ones() as i32;
                slides += n;
                blocked += i32::from(n == 0);
            }
            score += w.mobility * slides + w.blocked_piece * blocked;
        }
        score
    }
}

impl Evaluate<Position> for Heuristic {
    fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.side_to_move();
        let pending = if pos.pending_removal() { self.weights.pending } else { 0 };
        self.side_score(pos, me) - self.side_score(pos, me.opponent()) + pending
    }
}
