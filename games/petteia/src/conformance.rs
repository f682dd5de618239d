//! The workspace conformance harness run over Petteia, every variant.

use crate::{Move, Position, Rules, Setup, Variant};
use lapilli_conformance::{check_random_games, check_search_sweep, random_playout, Conformance};
use lapilli_search::Game;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

impl Conformance for Position {
    /// Every move between two squares of one row or column, with every one
    /// of the 16 capture sets: a superset of the legal moves.
    fn candidate_moves(&self) -> Vec<Move> {
        let grid = self.grid();
        let n = grid.point_count();
        let mut out = Vec::new();
        for from in 0..n {
            for to in 0..n {
                let ((ff, fr), (tf, tr)) = (grid.coords(from), grid.coords(to));
                if from != to && (ff == tf || fr == tr) {
                    for bits in 0..16u8 {
                        if Move::new(from, to, bits, grid.width()).captured().all(|q| q < n) {
                            out.push(Move::new(from, to, bits, grid.width()));
                        }
                    }
                }
            }
        }
        out
    }

    fn is_legal_move(&self, m: Move) -> bool {
        self.is_legal(m)
    }

    fn hash_from_scratch(&self) -> u64 {
        Position::hash_from_scratch(self)
    }
}

fn setups() -> Vec<(&'static str, Setup)> {
    let anvil = Rules { edge_anvil: true, corner_capture: true, no_progress_limit: Some(40) };
    vec![
        ("standard 8x8", Setup::new(Variant::Standard)),
        ("dux 8x8", Setup::new(Variant::Dux)),
        ("dux same file", Setup::new(Variant::Dux).dux_placement(crate::DuxPlacement::SameFile)),
        ("standard 8x8 anvil corners", Setup::new(Variant::Standard).rules(anvil)),
        ("dux 8x8 anvil corners", Setup::new(Variant::Dux).rules(anvil)),
        ("standard 6x6", Setup::new(Variant::Standard).size(6, 6).unwrap()),
        ("dux 5x7", Setup::new(Variant::Dux).size(5, 7).unwrap()),
        ("standard 8x12", Setup::new(Variant::Standard).size(8, 12).unwrap()),
        ("dux 9x10", Setup::new(Variant::Dux).size(9, 10).unwrap()),
    ]
}

#[test]
fn random_games_conform_in_every_variant() {
    for (i, (name, setup)) in setups().into_iter().enumerate() {
        let start = setup.start();
        let group = start.group();
        let expected = match (setup.width(), setup.height()) {
            (w, h) if w * h > 64 => 1,
            (w, h) if w == h => 8,
            _ => 4,
        };
        assert_eq!(group.len(), expected, "{name}");
        let games = if setup.width() * setup.height() > 64 { 4 } else { 10 };
        let checked = check_random_games(&start, group, games, 120, 2026 + i as u64);
        assert!(checked > games * 60, "{name}: games too short: {checked} positions");
    }
}

/// Every engine configuration agrees with plain minimax on positions from
/// random games (both variants).
#[test]
fn search_sweep_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(3);
    let eval = crate::eval::Heuristic::default();
    let mut swept = 0;
    for variant in [Variant::Standard, Variant::Dux] {
        for _ in 0..4 {
            let plies = rng.gen_range(4..40);
            let pos = random_playout(&Setup::new(variant).start(), plies, &mut rng);
            if pos.outcome().is_some() {
                continue;
            }
            let sweep = check_search_sweep(&pos, 3, &eval);
            assert!(sweep.nodes[0].1 <= sweep.minimax_nodes);
            swept += 1;
        }
    }
    assert!(swept >= 6);
}
