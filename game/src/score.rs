//! Score conventions and game-theoretic values.

use crate::game::Outcome;
use std::cmp::Ordering;
use std::fmt;

/// The score of a won position at the root (docs/design.md): a win in `k` plies
/// scores `WIN - k`, a loss in `k` plies `-(WIN - k)`, so faster wins rank
/// higher and every proven result outranks every static evaluation.
pub const WIN: i32 = 1_000_000;

/// The deepest ply any search here reaches; mate scores lie in
/// `WIN - MAX_PLY ..= WIN`.
pub const MAX_PLY: i32 = 1_000;

/// Static evaluations are clamped into `-MAX_EVAL..=MAX_EVAL`, below every
/// mate score.
pub const MAX_EVAL: i32 = WIN - MAX_PLY - 1;

/// The score of a finished game at distance `ply` from the root, for the
/// side to move there.
pub fn terminal_score(outcome: Outcome, ply: u32) -> i32 {
    match outcome {
        Outcome::Win => WIN - ply as i32,
        Outcome::Loss => -(WIN - ply as i32),
        Outcome::Draw => 0,
    }
}

/// The search score at `ply` of a position of known value: a win in `d`
/// plies scores `WIN - ply - d`, as a finished game `d` plies deeper would.
pub fn value_score(value: Value, ply: u32) -> i32 {
    match value {
        Value::Win(d) => WIN - (ply + d) as i32,
        Value::Loss(d) => -(WIN - (ply + d) as i32),
        Value::Draw => 0,
    }
}

/// A score in words: "win in 3 plies", "loss in 1 ply", "+520
/// (heuristic, side to move)": what front ends print beside a search's
/// score.
///
/// ```
/// use lapilli_game::{score_text, WIN};
/// assert_eq!(score_text(WIN - 3), "win in 3 plies");
/// assert_eq!(score_text(-(WIN - 1)), "loss in 1 ply");
/// assert_eq!(score_text(520), "+520 (heuristic, side to move)");
/// ```
pub fn score_text(score: i32) -> String {
    let plies = |k: u32| if k == 1 { "1 ply".to_string() } else { format!("{k} plies") };
    match ScoreKind::of(score) {
        ScoreKind::WinIn(k) => format!("win in {}", plies(k)),
        ScoreKind::LossIn(k) => format!("loss in {}", plies(k)),
        ScoreKind::Heuristic(s) => format!("{s:+} (heuristic, side to move)"),
    }
}

/// Whether `score` is a proven win or loss (a mate score).
pub fn is_mate(score: i32) -> bool {
    score.abs() > MAX_EVAL
}

/// A search score described: a win or loss in so many plies from where it
/// was scored, or a heuristic value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    /// The side to move wins in this many plies.
    WinIn(u32),
    /// The side to move loses in this many plies.
    LossIn(u32),
    /// A heuristic (or drawn, 0) score.
    Heuristic(i32),
}

impl ScoreKind {
    /// Reads a score relative to the root.
    pub fn of(score: i32) -> ScoreKind {
        if score > MAX_EVAL {
            ScoreKind::WinIn((WIN - score) as u32)
        } else if score < -MAX_EVAL {
            ScoreKind::LossIn((WIN + score) as u32)
        } else {
            ScoreKind::Heuristic(score)
        }
    }
}

/// The game-theoretic value of a position for its side to move, with the
/// distance to mate (DTM) in plies under optimal play: the winner ends the
/// game as fast as possible, the loser as slowly.
///
/// `Loss(0)` is a finished game the side to move has lost; `Draw` means
/// neither side can force a result (endless play, or a drawn ending).
///
/// `Ord` ranks values by preference for the side to move: faster wins
/// first, then draws, then slower losses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies.
    Win(u32),
    /// Neither side can force a win.
    Draw,
    /// The side to move loses in this many plies.
    Loss(u32),
}

impl Value {
    /// The value for the other side.
    pub fn flip(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n),
            Value::Loss(n) => Value::Win(n),
            Value::Draw => Value::Draw,
        }
    }

    /// The value one ply earlier through a move leading to a position of
    /// value `self`: flipped when the side to move changed on that ply,
    /// one ply further from the end.
    pub fn before_ply(self, side_changed: bool) -> Value {
        let v = if side_changed { self.flip() } else { self };
        match v {
            Value::Win(n) => Value::Win(n + 1),
            Value::Loss(n) => Value::Loss(n + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// The DTM in plies, if decided.
    pub fn plies(self) -> Option<u32> {
        match self {
            Value::Win(n) | Value::Loss(n) => Some(n),
            Value::Draw => None,
        }
    }

    /// `"win"`, `"loss"` or `"draw"`.
    pub fn wdl(self) -> &'static str {
        match self {
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
            Value::Draw => "draw",
        }
    }

    fn rank(self) -> i64 {
        match self {
            Value::Win(n) => i64::MAX - n as i64,
            Value::Draw => 0,
            Value::Loss(n) => i64::MIN + 1 + n as i64,
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(1) => f.write_str("win in 1 ply"),
            Value::Loss(1) => f.write_str("loss in 1 ply"),
            Value::Win(n) => write!(f, "win in {n} plies"),
            Value::Loss(n) => write!(f, "loss in {n} plies"),
            Value::Draw => write!(f, "draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preference_order() {
        let mut v = vec![Value::Loss(3), Value::Win(5), Value::Draw, Value::Win(1), Value::Loss(9)];
        v.sort();
        assert_eq!(v, vec![Value::Loss(3), Value::Loss(9), Value::Draw, Value::Win(5), Value::Win(1)]);
    }

    #[test]
    fn score_kinds() {
        assert_eq!(ScoreKind::of(WIN - 2), ScoreKind::WinIn(2));
        assert_eq!(ScoreKind::of(-(WIN - 7)), ScoreKind::LossIn(7));
        assert_eq!(ScoreKind::of(MAX_EVAL), ScoreKind::Heuristic(MAX_EVAL));
        assert_eq!(terminal_score(Outcome::Loss, 4), -(WIN - 4));
    }
}
