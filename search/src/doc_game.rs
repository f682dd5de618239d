//! The smallest game that implements the whole contract, for doctests,
//! unit tests and as a template: one-heap Nim.
//!
//! A fuller walk-through (Dots and Boxes, with a board, symmetry and the
//! conformance harness) is the examples crate's `dots_and_boxes` example.

use crate::game::{CheckedGame, Ending, Game, Indexed, MoveList, Outcome};
use std::fmt;
use thiserror::Error;

/// Nim with one heap: take 1 or 2 stones; whoever takes the last stone wins
/// (the side to move at an empty heap has lost). The second field is the
/// side to move (`false` first).
///
/// ```
/// use lapilli_search::{doc_game::Nim, solve, Value};
/// // Multiples of 3 are lost for the side to move.
/// assert_eq!(solve(&Nim::new(7)).probe(&Nim::new(7)), Some(Value::Win(5)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nim(pub u32, pub bool);

impl Nim {
    /// A heap of `stones`, the first side to move.
    pub fn new(stones: u32) -> Nim {
        Nim(stones, false)
    }
}

/// Why a Nim ply is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum NimIllegal {
    /// The heap is empty: the game is over.
    #[error("the game is over")]
    GameOver,
    /// Zero or more than two stones.
    #[error("at most 2 stones may be taken")]
    TooMany,
    /// More stones than the heap holds.
    #[error("the heap holds fewer stones")]
    NotEnough,
}

/// A Nim move text that is not `take N`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("expected \"take N\", found \"{0}\"")]
pub struct NimMoveError(pub String);

/// The one way Nim ends: the last stone was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastStone;

impl fmt::Display for LastStone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the last stone was taken")
    }
}

impl Ending for LastStone {
    fn name(&self) -> &'static str {
        "last-stone"
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
    fn play_unchecked(&mut self, m: u32) {
        self.0 = self.0.saturating_sub(m);
        self.1 = !self.1;
    }
    fn zobrist(&self) -> u64 {
        crate::game::mix64(u64::from(self.0) << 1 | u64::from(self.1))
    }
    fn is_irreversible(&self, _: u32) -> bool {
        true
    }
}

impl CheckedGame for Nim {
    type Illegal = NimIllegal;
    type MoveError = NimMoveError;
    type Ending = LastStone;
    fn check(&self, m: u32) -> Result<(), NimIllegal> {
        if self.0 == 0 {
            Err(NimIllegal::GameOver)
        } else if !(1..=2).contains(&m) {
            Err(NimIllegal::TooMany)
        } else if m > self.0 {
            Err(NimIllegal::NotEnough)
        } else {
            Ok(())
        }
    }
    fn parse_move(&self, text: &str) -> Result<u32, NimMoveError> {
        text.strip_prefix("take ")
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| NimMoveError(text.chars().take(24).collect()))
    }
    fn move_text(&self, m: u32) -> String {
        format!("take {m}")
    }
    fn ending(&self) -> Option<LastStone> {
        (self.0 == 0).then_some(LastStone)
    }
    fn winner(&self) -> Option<bool> {
        (self.0 == 0).then_some(!self.1)
    }
    fn candidate_moves(&self) -> Vec<u32> {
        vec![1, 2]
    }
}

impl Indexed for Nim {
    /// `2 * (stones + 1)`: a bound for every position reachable from this
    /// one (heaps only shrink).
    fn index_bound(&self) -> usize {
        2 * (self.0 as usize + 1)
    }
    fn index(&self) -> usize {
        (self.0 as usize) << 1 | self.1 as usize
    }
}
