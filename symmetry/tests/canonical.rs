//! Properties of canonical forms over random positions on the wheel.

use lapilli_board_graph::{wheel, Bitboard};
use lapilli_symmetry::{automorphisms, Group, Permutation, Symmetric};
use proptest::prelude::*;
use std::sync::OnceLock;

/// Two disjoint sets of points: a two-colour position with no side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TwoColours(Bitboard, Bitboard);

impl Symmetric for TwoColours {
    type Key = (u64, u64);
    fn map(&self, g: &Permutation) -> TwoColours {
        TwoColours(g.map_bits(self.0), g.map_bits(self.1))
    }
    fn key(&self) -> (u64, u64) {
        (self.0 .0, self.1 .0)
    }
}

fn group() -> &'static Group {
    static G: OnceLock<Group> = OnceLock::new();
    G.get_or_init(|| automorphisms(&wheel::wheel()).expect("16 elements"))
}

fn position() -> impl Strategy<Value = TwoColours> {
    (0u64..512, 0u64..512).prop_map(|(a, b)| TwoColours(Bitboard(a), Bitboard(b & !a)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn canonical_form_is_invariant(pos in position()) {
        let c = pos.canonical(group()).position;
        for g in group().elements() {
            prop_assert_eq!(pos.map(g).canonical(group()).position, c);
        }
    }

    #[test]
    fn canonical_form_is_idempotent(pos in position()) {
        let c = pos.canonical(group()).position;
        prop_assert_eq!(c.canonical(group()).position, c);
        prop_assert_eq!(c.canonical(group()).element, 0, "the identity maps a canonical form to itself first");
    }

    #[test]
    fn canonical_form_is_in_the_orbit_via_the_returned_element(pos in position()) {
        let c = pos.canonical(group());
        prop_assert_eq!(pos.map(c.permutation(group())), c.position);
        let orbit: Vec<TwoColours> = group().elements().iter().map(|g| pos.map(g)).collect();
        prop_assert!(orbit.contains(&c.position));
        // the canonical key is the least key in the orbit
        prop_assert_eq!(orbit.iter().map(|p| p.key()).min().unwrap(), c.position.key());
        prop_assert_eq!(pos.canonical_key(group()), c.position.key());
        // orbit sizes divide the group order
        prop_assert_eq!(16 % pos.orbit_size(group()), 0);
    }
}

/// Orbits of single stones: 8 for any ring point, 1 for the centre.
#[test]
fn one_stone_orbits() {
    for p in wheel::wheel().points() {
        let pos = TwoColours(p.bit(), Bitboard::EMPTY);
        let expected = if p == wheel::CENTRE { 1 } else { 8 };
        assert_eq!(pos.orbit_size(group()), expected);
    }
}

proptest! {
    /// `Group::map_bits_all` agrees with mapping element by element.
    #[test]
    fn images_under_every_element(set in 0u64..512) {
        let mut out = vec![0; group().len()];
        group().map_bits_all(Bitboard(set), &mut out);
        for (g, &img) in group().elements().iter().zip(&out) {
            prop_assert_eq!(g.map_bits(Bitboard(set)).0, img);
        }
    }
}
