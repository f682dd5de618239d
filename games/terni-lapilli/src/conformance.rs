//! The workspace conformance harness run over Terni Lapilli.

use crate::{solve, Move, Position, Rules};
use lapilli_board_graph::Point;
use lapilli_conformance::{check_position, check_random_games, Conformance};

impl Conformance for Position {
    fn candidate_moves(&self) -> Vec<Move> {
        let points = (0..9).map(Point::new);
        let places = points.clone().map(Move::Place);
        let slides = points.clone().flat_map(|from| {
            points.clone().filter(move |&to| to != from).map(move |to| Move::Slide { from, to })
        });
        places.chain(slides).collect()
    }

    fn is_legal_move(&self, m: Move) -> bool {
        self.is_legal(m)
    }

    fn hash_from_scratch(&self) -> u64 {
        Position::hash_from_scratch(self)
    }
}

#[test]
fn random_games_conform() {
    for rules in [Rules::default(), Rules { centre_first: false }] {
        let checked = check_random_games(&Position::start(rules), solve::group(), 300, 60, 2026);
        assert!(checked > 300 * 7, "games too short: {checked} positions");
    }
}

#[test]
fn every_reachable_position_conforms() {
    for rules in [Rules::default(), Rules { centre_first: false }] {
        let tb = solve::solve_unreduced(rules);
        let mut n = 0;
        for (pos, _, _) in tb.entries() {
            check_position(pos, solve::group());
            n += 1;
        }
        assert_eq!(n, tb.len());
    }
}
