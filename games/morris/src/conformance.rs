//! The workspace conformance harness run over every morris variant.

use crate::eval::Evaluation;
use crate::{Move, Position, Rules, Variant};
use lapilli_board_graph::Point;
use lapilli_conformance::{check_random_games, check_search_sweep, random_playout, Conformance};
use lapilli_search::Game;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

impl Conformance for Position {
    fn candidate_moves(&self) -> Vec<Move> {
        let n = self.variant().points();
        let points = (0..n).map(Point::new);
        let places = points.clone().map(Move::Place);
        let removals = points.clone().map(Move::Remove);
        let slides = points.clone().flat_map(|from| {
            points.clone().filter(move |&to| to != from).map(move |to| Move::Slide { from, to })
        });
        places.chain(removals).chain(slides).collect()
    }

    fn is_legal_move(&self, m: Move) -> bool {
        self.is_legal(m)
    }

    fn hash_from_scratch(&self) -> u64 {
        Position::hash_from_scratch(self)
    }
}

fn all_rules() -> Vec<Rules> {
    let mut v: Vec<Rules> = Variant::ALL.iter().map(|&v| Rules::new(v)).collect();
    v.push(Rules::default().no_flying());
    v
}

#[test]
fn random_games_conform_in_every_variant() {
    for (i, rules) in all_rules().into_iter().enumerate() {
        let group = rules.variant.group();
        let checked = check_random_games(&Position::start(rules), group, 40, 160, 2026 + i as u64);
        assert!(checked > 40 * 30, "{rules:?}: games too short: {checked} positions");
    }
}

/// Every search configuration agrees with plain minimax on positions from
/// random games (removal plies included: the sweep runs through them).
#[test]
fn search_sweep_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut swept = 0;
    for rules in all_rules() {
        for _ in 0..6 {
            let plies = rng.gen_range(0..60);
            let pos = random_playout(&Position::start(rules), plies, &mut rng);
            if pos.outcome().is_some() {
                continue;
            }
            let depth = if pos.legal_moves().len() > 30 { 2 } else { 3 };
            let sweep = check_search_sweep(&pos, depth, &Evaluation::default());
            assert!(sweep.nodes[0].1 <= sweep.minimax_nodes);
            swept += 1;
        }
    }
    assert!(swept >= 20, "only {swept} positions swept");
}
