//! The plies of equal value by symmetry (`Canonicalize::equivalent_lines`),
//! checked against the successors counted a second way: while placing, a
//! placement's images under the position's stabilizer are exactly the
//! placements that lead into the same orbit.

use lapilli_game::{Canonicalize, CheckedGame, Game};
use lapilli_morris::{Move, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

/// The first plies of the lines equivalent to `m` in `pos`, as text.
fn equivalent(pos: &Position, m: Move) -> BTreeSet<String> {
    pos.equivalent_lines(&[m]).iter().map(|line| pos.move_text(line[0])).collect()
}

/// The legal placements of `pos` whose successor is an image of the one
/// after `m`, as text.
fn into_the_same_orbit(pos: &Position, m: Move) -> BTreeSet<String> {
    let orbit = |m: Move| {
        let mut after = *pos;
        after.play_unchecked(m);
        after.canonicalize()
    };
    pos.legal_moves().into_iter().filter(|&n| orbit(n) == orbit(m)).map(|n| pos.move_text(n)).collect()
}

fn texts(plies: &str) -> BTreeSet<String> {
    plies.split(' ').map(str::to_string).collect()
}

/// From the start the 24 points fall into the board's four orbits: the 8
/// outer and inner corners, the 8 outer and inner midpoints, the 4 middle
/// corners and the 4 middle midpoints.
#[test]
fn the_first_placement_has_the_images_of_its_orbit() {
    let start = Position::default();
    let ply = |text: &str| start.parse_move(text).expect("a placement");
    assert_eq!(equivalent(&start, ply("a7")), texts("a1 a7 c3 c5 e3 e5 g1 g7"));
    assert_eq!(equivalent(&start, ply("d7")), texts("a4 c4 d1 d3 d5 d7 e4 g4"));
    assert_eq!(equivalent(&start, ply("b6")), texts("b2 b6 f2 f6"));
    assert_eq!(equivalent(&start, ply("d2")), texts("b4 d2 d6 f4"));
    // After d2 the mirror in the d file and the swap of the inner and
    // outer rings fix the position (and their product).
    let mut after = start;
    after.play(ply("d2")).expect("legal");
    let ply = |text: &str| after.parse_move(text).expect("a placement");
    assert_eq!(equivalent(&after, ply("a7")), texts("a7 c5 e5 g7"));
    assert_eq!(equivalent(&after, ply("d6")), texts("d6"));
}

/// In 300 random positions of the placement phase, for every placement.
#[test]
fn images_of_a_placement_are_the_placements_into_its_orbit() {
    let mut rng = StdRng::seed_from_u64(46);
    let mut checked = 0;
    for _ in 0..300 {
        let mut pos = Position::default();
        for _ in 0..rng.gen_range(0..17) {
            let moves = pos.legal_moves();
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        }
        for m in pos.legal_moves() {
            if matches!(m, Move::Place(_)) {
                assert_eq!(equivalent(&pos, m), into_the_same_orbit(&pos, m), "{pos}: {}", pos.move_text(m));
                checked += 1;
            }
        }
    }
    assert!(checked > 3000, "{checked} placements checked");
}
