//! Group orders, limits, intersections and errors, with real values.

use lapilli_board_graph::{morris, wheel, Bitboard, Board, Point};
use lapilli_symmetry::{
    automorphisms, automorphisms_bounded, automorphisms_of_all, automorphisms_of_all_bounded, Group,
    Permutation, Symmetric, SymmetryError, DEFAULT_MAX_ORDER,
};
use std::collections::HashSet;

/// The complete graph on `n` points: every pair is a line of length 2.
fn complete(n: usize) -> Board {
    let pairs: Vec<[usize; 2]> = (0..n).flat_map(|i| (i + 1..n).map(move |j| [i, j])).collect();
    Board::from_lines(n, pairs).unwrap()
}

/// `n` points and no lines.
fn scattered(n: usize) -> Board {
    Board::from_lines(n, Vec::<[usize; 2]>::new()).unwrap()
}

const ROWS: [[usize; 3]; 3] = [[0, 1, 2], [3, 4, 5], [6, 7, 8]];
const COLUMNS: [[usize; 3]; 3] = [[0, 3, 6], [1, 4, 7], [2, 5, 8]];
const DIAGONALS: [[usize; 3]; 2] = [[0, 4, 8], [2, 4, 6]];

fn board3(parts: &[&[[usize; 3]]]) -> Board {
    Board::from_lines(9, parts.iter().flat_map(|p| p.iter().copied())).unwrap()
}

fn as_set(g: &Group) -> HashSet<Vec<Point>> {
    g.elements().iter().map(|e| e.images().to_vec()).collect()
}

#[test]
fn complete_graph_on_6_points_has_720_automorphisms() {
    let g = automorphisms(&complete(6)).unwrap();
    assert_eq!(g.len(), 720);
    assert!(g.element(0).is_identity());
    assert_eq!(g.point_orbits(), vec![(0..6).map(Point::new).collect::<Vec<_>>()]);
    for (i, e) in g.elements().iter().enumerate() {
        assert!(e.compose(g.element(g.inverse_index(i))).is_identity());
    }
}

#[test]
fn complete_graph_on_7_points_fits_the_default_limit() {
    // 7! = 5,040 <= 10,000: accepted.
    assert_eq!(automorphisms(&complete(7)).unwrap().len(), 5040);
    assert_eq!(automorphisms(&scattered(7)).unwrap().len(), 5040);
}

#[test]
fn complete_graph_on_8_and_9_points_is_refused() {
    let too_large = Err(SymmetryError::GroupTooLarge { limit: DEFAULT_MAX_ORDER });
    assert_eq!(DEFAULT_MAX_ORDER, 10_000);
    assert_eq!(automorphisms(&complete(8)).map(|g| g.len()), too_large);
    assert_eq!(automorphisms(&complete(9)).map(|g| g.len()), too_large);
    assert_eq!(automorphisms(&scattered(9)).map(|g| g.len()), too_large);
}

#[test]
fn the_limit_is_inclusive() {
    let k4 = complete(4);
    assert_eq!(automorphisms_bounded(&k4, 24).unwrap().len(), 24);
    assert_eq!(automorphisms_bounded(&k4, 23).unwrap_err(), SymmetryError::GroupTooLarge { limit: 23 });
    assert_eq!(automorphisms_bounded(&k4, 0).unwrap_err(), SymmetryError::GroupTooLarge { limit: 0 });
}

#[test]
fn morris_board_has_16_automorphisms_in_orbits_8_8_4_4() {
    let g = automorphisms(&morris::nine_mens_morris()).unwrap();
    assert_eq!(g.len(), 16);
    let mut sizes: Vec<usize> = g.point_orbits().iter().map(Vec::len).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, [4, 4, 8, 8]);
}

#[test]
fn tic_tac_toe_groups() {
    let orthogonal = board3(&[&ROWS, &COLUMNS]);
    let eight_lines = board3(&[&ROWS, &COLUMNS, &DIAGONALS]);
    let (o, t) = (automorphisms(&orthogonal).unwrap(), automorphisms(&eight_lines).unwrap());
    assert_eq!((o.len(), t.len()), (8, 8));
    let both = o.intersection(&t);
    assert_eq!(both.len(), 8);
    assert_eq!(as_set(&both), as_set(&o));
    // Winning lines: the 8 lines of tic-tac-toe; movement: orthogonal.
    let game = automorphisms_of_all(&[&orthogonal, &eight_lines]).unwrap();
    assert_eq!(game.len(), 8);
    assert_eq!(as_set(&game), as_set(&both));
    // The centre is fixed; corners and edges form orbits of 4.
    let orbits: Vec<usize> = game.point_orbits().iter().map(Vec::len).collect();
    assert_eq!(orbits, [4, 4, 1]);
}

#[test]
fn intersection_strictly_smaller_than_both() {
    // Rows alone: permute the 3 rows and reverse each one independently,
    // 3! * 2^3 = 48; columns alone likewise. Preserving both forbids the
    // transpose and the shuffles: the 4 flips (none, left-right, up-down,
    // both), half of the 8 of the board with rows and columns together.
    let rows = board3(&[&ROWS]);
    let cols = board3(&[&COLUMNS]);
    let (r, c) = (automorphisms(&rows).unwrap(), automorphisms(&cols).unwrap());
    assert_eq!((r.len(), c.len()), (48, 48));
    let both = r.intersection(&c);
    assert_eq!(both.len(), 4);
    assert!(both.element(0).is_identity());
    assert_eq!(as_set(&both), as_set(&c.intersection(&r)));
    let all = automorphisms_of_all(&[&rows, &cols]).unwrap();
    assert_eq!(as_set(&all), as_set(&both));
    let flip = Permutation::from_images(vec![2, 1, 0, 5, 4, 3, 8, 7, 6]).unwrap();
    let transpose = Permutation::from_images(vec![0, 3, 6, 1, 4, 7, 2, 5, 8]).unwrap();
    assert!(both.index_of(&flip).is_some());
    assert!(both.index_of(&transpose).is_none());
    assert!(automorphisms(&board3(&[&ROWS, &COLUMNS])).unwrap().index_of(&transpose).is_some());
    // The result is a group: the checked constructor accepts it.
    assert_eq!(Group::from_elements(both.elements().to_vec()).unwrap().len(), 4);
}

#[test]
fn automorphisms_of_all_errors() {
    assert_eq!(automorphisms_of_all(&[]).unwrap_err(), SymmetryError::NoBoards);
    let (w, m) = (wheel::wheel(), morris::nine_mens_morris());
    assert_eq!(
        automorphisms_of_all(&[&w, &m]).unwrap_err(),
        SymmetryError::BoardSizeMismatch { index: 1, expected: 9, found: 24 }
    );
    assert_eq!(
        automorphisms_of_all_bounded(&[&w, &w], 15).unwrap_err(),
        SymmetryError::GroupTooLarge { limit: 15 }
    );
    assert_eq!(automorphisms_of_all(&[&w, &w]).unwrap().len(), 16);
}

#[test]
fn from_elements_accepts_found_groups_in_any_order() {
    for board in [wheel::wheel(), morris::nine_mens_morris(), complete(5)] {
        let g = automorphisms(&board).unwrap();
        let mut elements = g.elements().to_vec();
        elements[1..].reverse();
        let h = Group::from_elements(elements).unwrap();
        assert_eq!(h.len(), g.len());
        assert_eq!(as_set(&h), as_set(&g));
        for i in 0..h.len() {
            assert!(h.element(i).compose(h.element(h.inverse_index(i))).is_identity());
        }
    }
}

#[test]
fn from_elements_errors() {
    let g = automorphisms(&wheel::wheel()).unwrap();
    let all = g.elements().to_vec();
    assert_eq!(Group::from_elements(vec![]).unwrap_err(), SymmetryError::Empty);
    assert_eq!(
        Group::from_elements(vec![Permutation::identity(9), Permutation::identity(8)]).unwrap_err(),
        SymmetryError::PointCountMismatch { index: 1, expected: 9, found: 8 }
    );
    assert_eq!(Group::from_elements(all[1..].to_vec()).unwrap_err(), SymmetryError::NoIdentity);
    let mut swapped = all.clone();
    swapped.swap(0, 3);
    assert_eq!(Group::from_elements(swapped).unwrap_err(), SymmetryError::IdentityNotFirst { index: 3 });
    let mut repeated = all.clone();
    repeated.push(all[5].clone());
    assert_eq!(Group::from_elements(repeated).unwrap_err(), SymmetryError::Repeated { first: 5, second: 16 });
    // Drop one element: some product of the rest is missing.
    let mut missing = all.clone();
    missing.remove(7);
    match Group::from_elements(missing.clone()).unwrap_err() {
        SymmetryError::NotClosed { left, right } => {
            let product = missing[left].compose(&missing[right]);
            assert!(!missing.contains(&product));
            assert_eq!(product, all[7].clone().compose(&Permutation::identity(9)));
        }
        other => panic!("expected NotClosed, got {other}"),
    }
    // Every error message names the problem.
    assert_eq!(
        SymmetryError::GroupTooLarge { limit: 10 }.to_string(),
        "the automorphism group has more than 10 elements"
    );
}

/// A set of up to 128 points: wider than a `Bitboard`, like petteia's 8x12.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Wide(u128, usize);

impl Symmetric for Wide {
    type Key = u128;
    fn map(&self, g: &Permutation) -> Wide {
        assert_eq!(g.len(), self.1, "a permutation of this board");
        let mapped = (0..self.1).filter(|&i| self.0 >> i & 1 == 1).fold(0, |s, i| s | 1 << g.apply_index(i));
        Wide(mapped, self.1)
    }
    fn key(&self) -> u128 {
        self.0
    }
}

#[test]
fn trivial_group_on_96_points() {
    let g = Group::trivial(96);
    assert_eq!((g.len(), g.points(), g.element(0).len()), (1, 96, 96));
    assert!(g.element(0).is_identity() && !g.is_empty());
    assert_eq!(g.inverse_index(0), 0);
    let pos = Wide(1 << 95 | 1 << 70 | 1 << 3, 96);
    let c = pos.canonical(&g);
    assert_eq!((c.position, c.element), (pos, 0));
    assert_eq!(pos.orbit_size(&g), 1);
    assert_eq!(pos.canonical_key(&g), pos.0);
    assert_eq!(g.least_images(&[Bitboard(0b1010)]), 0);
    let mut out = [0];
    g.map_bits_all(Bitboard(u64::MAX), &mut out);
    assert_eq!(out, [u64::MAX]);
    assert_eq!(g.point_orbits().len(), 64, "the points a Point can name");
    assert_eq!(g.intersection(&Group::trivial(96)).len(), 1);
    let checked = Group::from_elements(vec![Permutation::identity(96)]).unwrap();
    assert_eq!((checked.len(), checked.points()), (1, 96));
}

#[test]
fn trivial_group_on_small_boards_matches_a_rigid_board() {
    // A path 0-1-2 with a tail 2-3 drawn as two lines of different lengths
    // has no symmetry but the identity.
    let rigid = Board::from_lines(4, [vec![0, 1, 2], vec![2, 3]]).unwrap();
    let g = automorphisms(&rigid).unwrap();
    assert_eq!(g.len(), 1);
    assert_eq!(g.elements(), Group::trivial(4).elements());
    assert_eq!(Group::trivial(0).len(), 1);
}

#[test]
#[should_panic(expected = "different numbers of points")]
fn intersection_of_groups_on_different_points_panics() {
    let _ = Group::trivial(9).intersection(&Group::trivial(8));
}
