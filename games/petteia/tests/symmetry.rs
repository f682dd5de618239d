//! Symmetry: the group of the 8x8 board found by search, and values that
//! agree under its elements and under the colour swap.

use lapilli_board_graph::grid::Grid;
use lapilli_board_graph::Point;
use lapilli_game::{Canonicalize, CheckedGame, Evaluate, Game, History};
use lapilli_petteia::eval::Heuristic;
use lapilli_petteia::{Position, Setup, Variant};
use lapilli_search::{minimax, Engine, Limits, Options};
use lapilli_symmetry::{automorphisms, MapMove, Symmetric};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn the_8x8_group_has_eight_elements_and_ten_square_orbits() {
    let board = Grid::new(8, 8).unwrap().board().unwrap();
    let group = automorphisms(&board).unwrap();
    assert_eq!(group.len(), 8);
    assert_eq!(Position::default().group().len(), 8);
    let orbits = group.point_orbits();
    assert_eq!(orbits.len(), 10);
    let corners: Vec<Point> = [0, 7, 56, 63].map(Point::new).to_vec();
    assert!(orbits.contains(&corners));
    // 8x12 and 9x10 are beyond 64 squares: only the identity.
    assert_eq!(Setup::default().size(8, 12).unwrap().start().group().len(), 1);
    // ... the trivial group on all their squares.
    assert_eq!(Setup::default().size(9, 10).unwrap().start().group().points(), 90);
    // 6x8 has the 4 symmetries of a rectangle.
    assert_eq!(automorphisms(&Grid::new(6, 8).unwrap().board().unwrap()).unwrap().len(), 4);
}

/// Positions from seeded random games of both variants.
fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let variant = if out.len() % 2 == 0 { Variant::Standard } else { Variant::Dux };
        let mut pos = Setup::new(variant).start();
        for _ in 0..rng.gen_range(0..60) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.gen_range(0..moves.len())]).unwrap();
        }
        if pos.outcome().is_none() {
            out.push(pos);
        }
    }
    out
}

#[test]
fn values_agree_under_the_automorphisms_and_the_colour_swap() {
    let eval = Heuristic::default();
    for pos in random_positions(12, 17) {
        let reference = minimax(&pos, 2, &eval).score;
        let swapped = pos.colour_swapped();
        assert_eq!(swapped.colour_swapped(), pos);
        assert_eq!(eval.evaluate(&swapped), eval.evaluate(&pos), "{pos}");
        assert_eq!(minimax(&swapped, 2, &eval).score, reference, "{pos} swapped {swapped}");
        let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| swapped_text(&pos, m)).collect();
        let mut theirs: Vec<String> = swapped.legal_moves().iter().map(|&m| swapped.move_text(m)).collect();
        moves.sort();
        theirs.sort();
        assert_eq!(moves, theirs, "{pos}");
        for g in pos.group().elements() {
            let image = pos.map(g);
            assert_eq!(eval.evaluate(&image), eval.evaluate(&pos), "{pos} -> {image}");
            let mut engine = Engine::with_options(Options::plain());
            let a = engine.search(&image, &History::default(), &Limits::depth(3), &eval);
            let b = Engine::with_options(Options::plain()).search(
                &pos,
                &History::default(),
                &Limits::depth(3),
                &eval,
            );
            assert_eq!(a.score, b.score, "{pos} -> {image}");
            let m = b.best_move.unwrap().map_move(g);
            assert!(image.is_legal(m));
        }
    }
}

fn swapped_text(pos: &Position, m: lapilli_petteia::Move) -> String {
    pos.colour_swapped().move_text(pos.colour_swapped_move(m))
}

#[test]
fn canonical_forms_are_shared_by_images() {
    for pos in random_positions(20, 23) {
        let group = pos.group();
        let canonical = pos.canonical(group).position;
        assert_eq!(pos.canonicalize(), canonical);
        for g in group.elements() {
            assert_eq!(pos.map(g).canonical(group).position, canonical);
            assert_eq!(pos.map(g).canonicalize(), canonical);
        }
        assert!(pos.orbit_size(group) <= 8 && 8 % pos.orbit_size(group) == 0);
        assert_eq!(pos.orbit_len(), pos.orbit_size(group));
    }
    // Over 64 squares the group is trivial: every position is canonical.
    let big = Setup::new(Variant::Dux).size(8, 12).unwrap().start();
    assert_eq!((big.canonicalize(), big.orbit_len()), (big, 1));
    // The start is symmetric under the left-right mirror only (and the
    // identity): an orbit of 4.
    let start = Position::default();
    assert_eq!(start.orbit_size(start.group()), 4);
}
