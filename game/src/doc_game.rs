//! The smallest game that implements the whole contract, for doctests,
//! unit tests and as a template: one-heap Nim.
//!
//! A fuller walk-through (Dots and Boxes, with a board, symmetry and the
//! conformance harness) is the examples crate's `dots_and_boxes` example.

use crate::game::{Canonicalize, CheckedGame, Ending, Game, Indexed, MoveList, Outcome};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Nim with one heap: take 1 or 2 stones; whoever takes the last stone wins
/// (the side to move at an empty heap has lost). The second field is the
/// side to move (`false` first).
///
/// The position text (`Display` and `FromStr`) is the number of stones and
/// the side to move, `first` or `second`, separated by whitespace:
/// `"7 first"`, `"6 second"`.
///
/// ```
/// use lapilli_game::{doc_game::Nim, Game, Outcome};
/// // The side to move at an empty heap has lost: the other took the last
/// // stone. (Solved, multiples of 3 are lost: `lapilli_tablebase::solve`.)
/// assert_eq!(Nim::new(0).outcome(), Some(Outcome::Loss));
/// assert_eq!(Nim::new(7).outcome(), None);
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

/// A Nim position text that is not `"STONES first"` or `"STONES second"`.
/// Each variant holds the offending text (at most 24 characters of it).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NimTextError {
    /// Not two fields separated by whitespace.
    #[error("expected the number of stones and the side to move, such as \"7 first\", found \"{0}\"")]
    Fields(String),
    /// The first field is not a number of stones.
    #[error("the heap size \"{0}\" is not a number of stones")]
    Stones(String),
    /// The second field is neither `first` nor `second`.
    #[error("the side to move \"{0}\" is neither \"first\" nor \"second\"")]
    Side(String),
}

/// At most the first 24 characters of `text`, to quote in an error.
fn excerpt(text: &str) -> String {
    text.chars().take(24).collect()
}

/// Writes the position text: `"7 first"`, `"6 second"`.
impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.0, if self.1 { "second" } else { "first" })
    }
}

/// Reads the position text that `Display` writes.
///
/// # Errors
///
/// [`NimTextError`] when the text is not two whitespace-separated fields,
/// the first is not a number of stones, or the second is neither `first`
/// nor `second`.
///
/// # Examples
///
/// ```
/// use lapilli_game::{doc_game::Nim, doc_game::NimTextError};
///
/// let pos: Nim = "6 second".parse()?;
/// assert_eq!(pos, Nim(6, true));
/// assert_eq!(pos.to_string(), "6 second");
/// assert_eq!(Nim::new(7).to_string().parse::<Nim>()?, Nim::new(7));
///
/// assert_eq!("7".parse::<Nim>(), Err(NimTextError::Fields("7".into())));
/// assert_eq!("x first".parse::<Nim>(), Err(NimTextError::Stones("x".into())));
/// let e = "7 third".parse::<Nim>().unwrap_err();
/// assert_eq!(e.to_string(), "the side to move \"third\" is neither \"first\" nor \"second\"");
/// # Ok::<(), NimTextError>(())
/// ```
impl FromStr for Nim {
    type Err = NimTextError;
    fn from_str(text: &str) -> Result<Nim, NimTextError> {
        let mut fields = text.split_ascii_whitespace();
        let (Some(stones), Some(side), None) = (fields.next(), fields.next(), fields.next()) else {
            return Err(NimTextError::Fields(excerpt(text)));
        };
        let stones = stones.parse().map_err(|_| NimTextError::Stones(excerpt(stones)))?;
        match side {
            "first" => Ok(Nim(stones, false)),
            "second" => Ok(Nim(stones, true)),
            _ => Err(NimTextError::Side(excerpt(side))),
        }
    }
}

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
    fn zobrist_after(&self, m: u32) -> Option<u64> {
        Some(Nim(self.0.saturating_sub(m), !self.1).zobrist())
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
        text.strip_prefix("take ").and_then(|n| n.parse().ok()).ok_or_else(|| NimMoveError(excerpt(text)))
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

/// One heap has no symmetry but the identity: every orbit is one position.
impl Canonicalize for Nim {
    fn canonicalize(&self) -> Nim {
        *self
    }
    fn orbit_len(&self) -> usize {
        1
    }
}
