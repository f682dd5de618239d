//! The heuristic evaluation of seed 000, over the lines of each game's
//! board.

use crate::board::ternary;
use crate::position::Position;
use crate::rules::BoardKind;
use lapilli_board_graph::Bitboard;
use lapilli_game::Evaluate;
use lapilli_registry::{EvalBreakdown, EvalTerm};
use std::sync::OnceLock;

/// Score of a win in the seed's scale (seed 000: "+10000: Win").
pub const WIN_SCORE: i32 = 10_000;
/// Two own pieces and an empty point on a line (seed 000: "strong threat").
pub const THREAT: i32 = 500;
/// One own piece and two empty points on a line (seed 000: "potential").
pub const POTENTIAL: i32 = 10;

/// The seed's line heuristic on the wheel for the side owning `own`
/// against `opp`: over the 12 lines, `+500` for two own pieces and an
/// empty point, `+10` for one own piece and two empty points, the same
/// negative for the opponent's; `±10000` if a side has three on a line.
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
    line_score_on(BoardKind::Wheel, own, opp)
}

/// [`line_score`] over the lines of `board` (12 on the wheel, 6 or 8 on
/// the 3x3 grids).
///
/// ```
/// use lapilli_board_graph::{Bitboard, Point};
/// use lapilli_terni_lapilli::eval::line_score_on;
/// use lapilli_terni_lapilli::BoardKind;
/// // Black on a1 and b2: with the diagonals one threat (a1 b2 c3) and five
/// // potentials (ranks 1 and 2, files a and b, the diagonal c1 b2 a3);
/// // without them the four potentials alone.
/// let black = Point::new(0).bit() | Point::new(4).bit();
/// assert_eq!(line_score_on(BoardKind::DiagonalGrid, black, Bitboard::EMPTY), 500 + 5 * 10);
/// assert_eq!(line_score_on(BoardKind::Grid, black, Bitboard::EMPTY), 4 * 10);
/// ```
pub fn line_score_on(board: BoardKind, own: Bitboard, opp: Bitboard) -> i32 {
    let mut score = 0;
    for &line in lines(board) {
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

/// [`line_score_on`] term by term: each line of `board` that scores,
/// with its points in order, the pieces of each side on it, its kind
/// (`threat`, `potential`, `opponent threat`, `opponent potential`) and
/// its points; a line of three is the one term of a won (`win`) or lost
/// (`loss`) position. The total is [`line_score_on`]'s.
///
/// ```
/// use lapilli_board_graph::{Bitboard, Point};
/// use lapilli_terni_lapilli::eval::line_terms_on;
/// use lapilli_terni_lapilli::BoardKind;
/// // Seed 000's example: Black on 0 and 1, two threats and four potentials.
/// let black = Point::new(0).bit() | Point::new(1).bit();
/// let b = line_terms_on(BoardKind::Wheel, black, Bitboard::EMPTY);
/// assert_eq!(b.total, 1040);
/// assert_eq!(b.terms.iter().filter(|t| t.kind == "threat").count(), 2);
/// assert_eq!(b.terms.iter().filter(|t| t.kind == "potential").count(), 4);
/// ```
pub fn line_terms_on(board: BoardKind, own: Bitboard, opp: Bitboard) -> EvalBreakdown {
    let graph = board.board();
    let mut terms = Vec::new();
    for (points, &line) in graph.lines().iter().zip(lines(board)) {
        let (o, t) = ((line & own).len(), (line & opp).len());
        let (kind, score) = match (o, t) {
            (3, _) => ("win", WIN_SCORE),
            (_, 3) => ("loss", -WIN_SCORE),
            (2, 0) => ("threat", THREAT),
            (1, 0) => ("potential", POTENTIAL),
            (0, 2) => ("opponent threat", -THREAT),
            (0, 1) => ("opponent potential", -POTENTIAL),
            _ => continue,
        };
        let term = EvalTerm {
            points: points.iter().map(|p| p.index()).collect(),
            own: o as u8,
            opponent: t as u8,
            kind,
            score,
        };
        if score.abs() == WIN_SCORE {
            return EvalBreakdown { terms: vec![term], total: score };
        }
        terms.push(term);
    }
    let total = terms.iter().map(|t| t.score).sum();
    EvalBreakdown { terms, total }
}

/// The seed's heuristic of `pos` for its side to move, term by term
/// ([`line_terms_on`] its board).
pub fn breakdown(pos: &Position) -> EvalBreakdown {
    let me = pos.side_to_move();
    line_terms_on(pos.rules().variant.board_kind(), pos.pieces(me), pos.pieces(me.opponent()))
}

/// The lines of `board` as point sets, built once.
fn lines(board: BoardKind) -> &'static [Bitboard] {
    static LINES: [OnceLock<Vec<Bitboard>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    LINES[board as usize].get_or_init(|| board.board().line_sets().to_vec())
}

/// The seed's heuristic as a search evaluation, for the side to move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

impl Evaluate<Position> for Heuristic {
    /// [`line_score_on`] the position's board for the side to move, read
    /// from a table of all `3^9` colourings computed once per board.
    fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.side_to_move();
        let (own, opp) = (pos.pieces(me), pos.pieces(me.opponent()));
        let index = ternary(own.0 as u16) + 2 * ternary(opp.0 as u16);
        score_table(pos.rules().variant.board_kind())[index] as i32
    }
}

/// [`line_score_on`] `board` of every colouring, indexed by
/// `t(own) + 2 t(opp)`.
fn score_table(board: BoardKind) -> &'static [i16] {
    static TABLES: [OnceLock<Vec<i16>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    TABLES[board as usize].get_or_init(|| {
        let mut table = vec![0i16; 19_683];
        for own in 0u64..512 {
            for opp in (0u64..512).filter(|opp| opp & own == 0) {
                let index = ternary(own as u16) + 2 * ternary(opp as u16);
                table[index] = line_score_on(board, Bitboard(own), Bitboard(opp)) as i16;
            }
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::{line_score_on, line_terms_on};
    use crate::rules::BoardKind;
    use lapilli_board_graph::Bitboard;

    #[test]
    fn the_terms_add_up_to_the_score_on_every_colouring() {
        for board in [BoardKind::Wheel, BoardKind::Grid, BoardKind::DiagonalGrid] {
            for own in 0u64..512 {
                for opp in (0u64..512).filter(|opp| opp & own == 0) {
                    let (own, opp) = (Bitboard(own), Bitboard(opp));
                    let b = line_terms_on(board, own, opp);
                    assert_eq!(b.total, line_score_on(board, own, opp), "{board:?} {own:?} {opp:?}");
                    assert_eq!(b.total, b.terms.iter().map(|t| t.score).sum::<i32>());
                }
            }
        }
    }
}
