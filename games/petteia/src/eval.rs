//! The static evaluation.
//!
//! Seed 003 gives no numeric heuristic (its AI is "minimax search with
//! alpha-beta pruning"), so the terms follow its description of the game:
//! material decides (a side reduced to one piece loses), captures need an
//! enemy piece beside a man and a free square opposite ("pieces under
//! threat"), interlocking formations resist capture (Kowalski's remark on
//! draws), and the Dux is a commander that captures but cannot be captured.
//! Every term is the same for both colours, so the evaluation agrees under
//! the board's symmetries and the colour swap.

use crate::board::{ones, NORTH, SOUTH};
use crate::position::Position;
use lapilli_board_graph::Colour;
use lapilli_game::{Evaluate, Game};

/// The weights of [`Heuristic`], in the evaluation's units (a man is 100).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per man (the Dux is never captured, so it is not material).
    pub man: i32,
    /// Per legal rook move (mobility).
    pub mobility: i32,
    /// Per enemy man the side to move threatens to capture at once.
    pub threat_to_move: i32,
    /// Per own man the opponent threatens (it can usually be saved, once).
    pub threat_against: i32,
    /// Per orthogonally adjacent pair of own pieces (a protected pair: an
    /// adjacent friend on a line blocks the sandwich along it).
    pub pair: i32,
    /// Per square the Dux can move to (Dux activity).
    pub dux_mobility: i32,
    /// Per enemy man beside the Dux (the Dux as a capturer).
    pub dux_contact: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            man: 100,
            mobility: 2,
            threat_to_move: 30,
            threat_against: 12,
            pair: 4,
            dux_mobility: 2,
            dux_contact: 6,
        }
    }
}

/// The terms of the evaluation for one side, before weighting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Men on the board.
    pub men: i32,
    /// Legal rook moves of all pieces.
    pub mobility: i32,
    /// Own men the opponent can capture with one move: an enemy piece on
    /// one side of the man along a row or column and, on the other side, an
    /// empty square an enemy piece can reach in one move.
    pub threatened: i32,
    /// Orthogonally adjacent pairs of own pieces.
    pub pairs: i32,
    /// Squares the Dux can move to.
    pub dux_mobility: i32,
    /// Enemy men orthogonally adjacent to the Dux.
    pub dux_contact: i32,
}

impl Terms {
    /// The terms of `colour` in `pos`.
    pub fn of(pos: &Position, colour: Colour) -> Terms {
        let [white, black] = Terms::both(pos);
        match colour {
            Colour::White => white,
            Colour::Black => black,
        }
    }

    /// The terms of White and of Black, computing each side's moves once.
    pub fn both(pos: &Position) -> [Terms; 2] {
        let t = pos.tables();
        let (w, all) = (t.width, t.all);
        let (not_first_file, not_last_file) = (t.not_first_file, t.not_last_file);
        // Squares not on the first rank / not on the last rank.
        let (not_first_rank, not_last_rank) = (t.shift(all, NORTH), t.shift(all, SOUTH));
        let empty = all & !(pos.pieces(Colour::White) | pos.pieces(Colour::Black));
        // Each side's mobility and the union of the squares it can reach,
        // from the four directional fills (each target of a direction has
        // one origin, so the fills' sizes add up to the moves).
        let reach = |c: Colour| {
            let (count, union) = pos.fills(c);
            (count as i32, union)
        };
        let sides = [Colour::White, Colour::Black].map(|c| (c, reach(c)));
        sides.map(|(colour, (mobility, _))| {
            let own = pos.pieces(colour);
            let men = pos.men(colour);
            let enemy = pos.pieces(colour.opponent());
            let enemy_reach = sides[usize::from(colour == Colour::White)].1 .1;
            // Free squares the enemy can reach in one move.
            let open = empty & enemy_reach;
            // A man between an enemy and an open square on a row or column
            // (edge men have no square beyond, so cannot be taken there).
            let inner_h = men & not_first_file & not_last_file;
            let inner_v = men & not_first_rank & not_last_rank;
            let threatened = (inner_h & ((enemy << 1) & (open >> 1) | (enemy >> 1) & (open << 1)))
                | (inner_v & ((enemy << w) & (open >> w) | (enemy >> w) & (open << w)));
            let pairs = ones((own << w) & own & all) + ones(((own & not_last_file) << 1) & own);
            let (dux_mobility, dux_contact) = match pos.dux(colour) {
                Some(d) => {
                    let near = t.dilate(1u128 << d);
                    (ones(pos.reach(d)) as i32, ones(near & pos.men(colour.opponent())) as i32)
                }
                None => (0, 0),
            };
            Terms {
                men: ones(men) as i32,
                mobility,
                threatened: ones(threatened) as i32,
                pairs: pairs as i32,
                dux_mobility,
                dux_contact,
            }
        })
    }
}

/// The evaluation: for the side to move, the weighted difference of the
/// two sides' [`Terms`], with the threat terms asymmetric (the side to move
/// captures first).
///
/// ```
/// use lapilli_petteia::{eval::Heuristic, Position, Setup, Variant};
/// use lapilli_game::Evaluate;
/// // The starts are symmetric: 0 for the side to move.
/// assert_eq!(Heuristic::default().evaluate(&Position::default()), 0);
/// assert_eq!(Heuristic::default().evaluate(&Setup::new(Variant::Dux).start()), 0);
/// // A man up is worth about 100.
/// let pos: Position = "m5mm/8/8/8/8/8/8/MM3MMM w 0".parse().unwrap();
/// assert!(Heuristic::default().evaluate(&pos) > 50);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Heuristic {
    /// The weights.
    pub weights: Weights,
}

impl Heuristic {
    /// The score of `pos` for its side to move.
    pub fn score(&self, pos: &Position) -> i32 {
        let [white, black] = Terms::both(pos);
        let (a, b) = match pos.side_to_move() {
            Colour::White => (white, black),
            Colour::Black => (black, white),
        };
        let w = self.weights;
        w.man * (a.men - b.men) + w.mobility * (a.mobility - b.mobility) + w.threat_to_move * b.threatened
            - w.threat_against * a.threatened
            + w.pair * (a.pairs - b.pairs)
            + w.dux_mobility * (a.dux_mobility - b.dux_mobility)
            + w.dux_contact * (a.dux_contact - b.dux_contact)
    }
}

impl Evaluate<Position> for Heuristic {
    fn evaluate(&self, pos: &Position) -> i32 {
        self.score(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threat_needs_an_enemy_beside_and_a_reachable_square_opposite() {
        // White d4 between Black c4 and the empty e4; Black e8 reaches e4.
        let pos: Position = "4m3/8/8/8/2mM4/8/8/M7 w 0".parse().unwrap();
        assert_eq!(Terms::of(&pos, Colour::White).threatened, 1);
        // Block the e-file: e4 is no longer reachable in one move.
        let pos: Position = "4m3/4M3/8/8/2mM4/8/8/8 w 0".parse().unwrap();
        assert_eq!(Terms::of(&pos, Colour::White).threatened, 0);
        // A man on the edge cannot be sandwiched across the edge.
        let pos: Position = "8/8/8/8/Mm6/8/8/1m5M w 0".parse().unwrap();
        assert_eq!(Terms::of(&pos, Colour::White).threatened, 0);
        let t = Terms::of(&Position::default(), Colour::White);
        assert_eq!(
            t,
            Terms { men: 16, mobility: 32, threatened: 0, pairs: 22, dux_mobility: 0, dux_contact: 0 }
        );
    }
}
