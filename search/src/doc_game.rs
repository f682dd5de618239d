//! A toy game for doctests and unit tests.

use crate::game::{Game, Indexed, MoveList, Outcome};
use lapilli_symmetry::{Permutation, Symmetric};

/// Nim with one heap: take 1 or 2 stones; whoever takes the last stone wins
/// (the side to move at an empty heap has lost). The second field is the
/// side to move (`false` first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nim(pub u32, pub bool);

impl Nim {
    /// A heap of `stones`, the first side to move.
    pub fn new(stones: u32) -> Nim {
        Nim(stones, false)
    }
}

impl Game for Nim {
    type Move = u32;
    type Side = bool;
    type Moves = Vec<u32>;
    fn side_to_move(&self) -> bool {
        self.1
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.0 == 0).then_some(Outcome::Loss)
    }
    fn legal_moves(&self, moves: &mut Vec<u32>) {
        MoveList::clear(moves);
        for take in 1..=self.0.min(2) {
            moves.push(take);
        }
    }
    fn play(&mut self, m: u32) {
        self.0 -= m;
        self.1 = !self.1;
    }
    fn hash(&self) -> u64 {
        (self.0 as u64) << 1 | self.1 as u64
    }
    fn is_irreversible(&self, _: u32) -> bool {
        true
    }
}

impl Indexed for Nim {
    fn index_bound(&self) -> usize {
        256
    }
    fn index(&self) -> usize {
        self.hash() as usize
    }
}

impl Symmetric for Nim {
    type Key = u64;
    fn map(&self, _: &Permutation) -> Nim {
        *self
    }
    fn key(&self) -> u64 {
        self.hash()
    }
}
