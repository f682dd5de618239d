//! The heuristic evaluation of seed 000.

use crate::board::ternary;
use crate::position::Position;
use lapilli_board_graph::{wheel, Bitboard};
use lapilli_search::Evaluate;

/// Score of a win in the seed's scale (seed 000: "+10000: Win").
pub const WIN_SCORE: i32 = 10_000;
/// Two own pieces and an empty point on a line (seed 000: "strong threat").
pub const THREAT: i32 = 500;
/// One own piece and two empty points on a line (seed 000: "potential").
pub const POTENTIAL: i32 = 10;

/// The seed's line heuristic for the side owning `own` against `opp`:
/// over the 12 lines, `+500` for two own pieces and an empty point, `+10`
/// for one own piece and two empty points, the same negative for the
/// opponent's; `±10000` if a side has three on a line.
///
/// ```
/// use lapilli_board_graph::{Bitboard, Point};
/// use lapilli_terni_lapilli::eval::line_score;
/// // Seed 000's example: Black on 0 and 1 threatens 0-1-2 and 7-0-1
/// // (+500 each) and has 4 potentials (+10 each): +1040.
/// let black = Point::new(0).bit() | Point::new(1).bit();
/// assert_eq!(line_score(black, Bitboard::EMPTY), 1040);
/// ```
pub fn line_score(own: Bitboard, opp: Bitboard) -> i32 {
    let mut score = 0;
    for &line in lines() {
        let (o, t) = ((line & own).len(), (line & opp).len());
        match (o, t) {
            (3, _) => return WIN_SCORE,
            (_, 3) => return -WIN_SCORE,
            (2, 0) => score += THREAT,
            (1, 0) => score += POTENTIAL,
            (0, 2) => score -= THREAT,
            (0, 1) => score -= POTENTIAL,
            _ => {}
        }
    }
    score
}

fn lines() -> &'static [Bitboard] {
    use std::sync::OnceLock;
    static LINES: OnceLock<Vec<Bitboard>> = OnceLock::new();
    LINES.get_or_init(|| wheel::wheel().line_sets().to_vec())
}

/// The seed's heuristic as a search evaluation, for the side to move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

impl Evaluate<Position> for Heuristic {
    /// [`line_score`] for the side to move, read from a table of all `3^9`
    /// colourings computed once.
    fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.side_to_move();
        let (own, opp) = (pos.pieces(me), pos.pieces(me.opponent()));
        let index = ternary(own.0 as u16) + 2 * ternary(opp.0 as u16);
        score_table()[index] as i32
    }
}

/// [`line_score`] of every colouring, indexed by `t(own) + 2 t(opp)`.
fn score_table() -> &'static [i16] {
    use std::sync::OnceLock;
    static TABLE: OnceLock<Vec<i16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0i16; 19_683];
        for own in 0u64..512 {
            for opp in (0u64..512).filter(|opp| opp & own == 0) {
                let index = ternary(own as u16) + 2 * ternary(opp as u16);
                table[index] = line_score(Bitboard(own), Bitboard(opp)) as i16;
            }
        }
        table
    })
}
