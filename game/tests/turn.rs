//! `CheckedGame::parse_turn` on a game whose turns may have several plies:
//! Nim (take 1 or 2) where taking 1 from an odd heap gives another ply,
//! a turn written as plies separated by commas.

use lapilli_game::{CheckedGame, Ending, Game, MoveList, Outcome, TurnError};
use std::fmt;

/// `stones` left, `side` to move.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Chain {
    stones: u32,
    side: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Over;

impl fmt::Display for Over {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no stones left")
    }
}

impl Ending for Over {
    fn name(&self) -> &'static str {
        "empty"
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
struct Refused(String);

impl Game for Chain {
    type Move = u32;
    type Side = bool;
    type Moves = Vec<u32>;
    fn side_to_move(&self) -> bool {
        self.side
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0).then_some(Outcome::Loss)
    }
    fn legal_moves(&self, moves: &mut Vec<u32>) {
        MoveList::clear(moves);
        moves.extend((1..=2).filter(|&n| n <= self.stones));
    }
    /// Taking 1 from an odd heap keeps the turn; every other ply passes it.
    fn play_unchecked(&mut self, m: u32) {
        let keep = m == 1 && self.stones % 2 == 1;
        self.stones -= m;
        if !keep {
            self.side = !self.side;
        }
    }
    fn zobrist(&self) -> u64 {
        u64::from(self.stones) * 2 + u64::from(self.side)
    }
    fn is_irreversible(&self, _: u32) -> bool {
        true
    }
}

impl CheckedGame for Chain {
    type Illegal = Refused;
    type MoveError = Refused;
    type Ending = Over;
    fn check(&self, m: u32) -> Result<(), Refused> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.contains(&m) {
            Ok(())
        } else {
            Err(Refused(format!("{m} of {}", self.stones)))
        }
    }
    fn parse_move(&self, text: &str) -> Result<u32, Refused> {
        text.trim().parse().map_err(|_| Refused(format!("{text:?} is no number")))
    }
    fn parse_plies(&self, text: &str) -> Result<Vec<u32>, Refused> {
        text.split(',').map(|t| self.parse_move(t)).collect()
    }
    fn move_text(&self, m: u32) -> String {
        m.to_string()
    }
    fn ending(&self) -> Option<Over> {
        (self.stones == 0).then_some(Over)
    }
    fn winner(&self) -> Option<bool> {
        (self.stones == 0).then_some(!self.side)
    }
    fn candidate_moves(&self) -> Vec<u32> {
        vec![1, 2]
    }
}

#[test]
fn a_turn_is_legal_in_turn_and_of_one_side() {
    let pos = Chain { stones: 7, side: false };
    // 7 -> 1 keeps the turn (odd), 6 -> 2 passes it.
    assert_eq!(pos.parse_turn("1,2"), Ok(vec![1, 2]));
    assert_eq!(pos.parse_turn("2"), Ok(vec![2]));
    // After 2 from 7 the turn has passed: the next ply is the other side's.
    assert_eq!(pos.parse_turn("2,1"), Err(TurnError::TurnPassed { text: "1".into() }));
    assert_eq!(
        pos.parse_turn("2,1").unwrap_err().to_string(),
        "1 is not a ply of the side to move: the turn has passed"
    );
    // From 3, taking 1 keeps the turn and leaves 2, where 3 is illegal.
    let three = Chain { stones: 3, side: true };
    assert_eq!(
        three.parse_turn("1,3"),
        Err(TurnError::Illegal { text: "3".into(), reason: Refused("3 of 2".into()) })
    );
    assert!(matches!(three.parse_turn("1,x"), Err(TurnError::Unreadable(_))));
    // parse_plies alone promises nothing: it reads what parse_turn refuses.
    assert_eq!(pos.parse_plies("2,1"), Ok(vec![2, 1]));
}
