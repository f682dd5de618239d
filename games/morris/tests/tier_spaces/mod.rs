//! The morris tier spaces of the tablebase tests, tiers by name, random
//! positions of a tier built without the index, and the fixpoint check of
//! a position's value in solved tables.

// Each test file uses its own subset of these helpers.
#![allow(dead_code)]

use lapilli_board_graph::{Bitboard, Colour};
use lapilli_game::Game;
use lapilli_morris::tablebase::{MorrisTiers, Tier};
use lapilli_morris::{Position, Rules, Variant};
use lapilli_tablebase::Tablebases;
use rand::rngs::SmallRng;
use rand::Rng;

pub fn nine() -> MorrisTiers {
    MorrisTiers::new(Rules::default()).unwrap()
}

pub fn six() -> MorrisTiers {
    MorrisTiers::new(Rules::new(Variant::SixMensMorris)).unwrap()
}

pub fn twelve() -> MorrisTiers {
    MorrisTiers::new(Rules::new(Variant::TwelveMensMorris)).unwrap()
}

pub fn tier(name: &str) -> Tier {
    name.parse().unwrap()
}

/// A random set of `k` points of the `n` outside `taken`.
pub fn random_set(rng: &mut SmallRng, n: usize, k: u8, taken: u32) -> u32 {
    let mut set = 0u32;
    while set.count_ones() < u32::from(k) {
        let p = rng.gen_range(0..n);
        if (taken | set) >> p & 1 == 0 {
            set |= 1 << p;
        }
    }
    set
}

/// A random position of `t` built from random point sets (not through
/// the index), or `None` if 100,000 draws give no valid one.
pub fn random_position(space: &MorrisTiers, t: Tier, rng: &mut SmallRng) -> Option<Position> {
    let rules = space.rules();
    let n = rules.variant.points();
    for _ in 0..100_000 {
        let w = random_set(rng, n, t.on_board[0], 0);
        let b = random_set(rng, n, t.on_board[1], w);
        let side = t.side_to_move().unwrap_or(if rng.gen() { Colour::White } else { Colour::Black });
        let pieces = [Bitboard(u64::from(w)), Bitboard(u64::from(b))];
        if let Ok(p) = Position::from_parts(rules, pieces, t.in_hand, side, t.pending, 0) {
            return Some(p);
        }
    }
    None
}

/// The value of `p` is the best of its plies' values (the fixpoint
/// equation the solution satisfies: fastest win, else draw, else slowest
/// loss, a ply added).
pub fn assert_consistent(tables: &Tablebases<&MorrisTiers>, p: &Position) {
    let v = tables.probe(p).unwrap_or_else(|| panic!("{p} not covered"));
    if p.outcome().is_none() {
        assert_eq!(tables.best_move(p).map(|(_, best)| best), Some(v), "{p}: not the best of its plies");
    }
}
