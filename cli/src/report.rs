//! Machine-readable output shapes.

use lapilli_game::Value;
use lapilli_registry::SolveSummary;
use lapilli_search::Limits;
use serde::Serialize;
use std::fmt;

/// A count of plies in words: "1 ply", "0 plies", "7 plies".
pub fn plies(n: impl Into<u64>) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { "ply" } else { "plies" })
}

/// A count of things in words, `one` for one and `many` for any other
/// number: `count(1, "tier", "tiers")` is "1 tier", `count(0, "tier",
/// "tiers")` is "0 tiers".
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A game-theoretic value in words, for the side to move: "win in 1 ply",
/// "loss in 7 plies", "draw".
pub fn value_text(v: Value) -> String {
    match v {
        Value::Win(n) => format!("win in {}", plies(n)),
        Value::Loss(n) => format!("loss in {}", plies(n)),
        Value::Draw => "draw".to_string(),
    }
}

/// `lapilli solve --json`.
#[derive(Serialize, Debug)]
pub struct SolveJson {
    /// The solve: game, variant, value, plies, counts, time, perfect line.
    #[serde(flatten)]
    pub solve: SolveSummary,
    /// The position of `--position`, with its value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<PositionValueJson>,
}

/// `lapilli info --json`.
#[derive(Serialize, Debug)]
pub struct InfoJson {
    /// The game's name.
    pub game: &'static str,
    /// Number of points.
    pub points: usize,
    /// Number of edges.
    pub edges: usize,
    /// Number of lines.
    pub lines: usize,
    /// Order of the automorphism group.
    pub automorphisms: usize,
    /// Point orbits under the group.
    pub orbits: Vec<Vec<usize>>,
    /// The lines themselves.
    pub line_list: Vec<Vec<usize>>,
}

/// `lapilli perft --json`.
#[derive(Serialize, Debug)]
pub struct PerftJson {
    /// Depth in plies.
    pub depth: u32,
    /// Leaf count.
    pub nodes: u64,
    /// Wall time in milliseconds.
    pub millis: f64,
    /// Per root move, with `--divide`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<Vec<(String, u64)>>,
}

/// `lapilli analyze --json`.
#[derive(Serialize, Debug)]
pub struct AnalyzeJson {
    /// The analysed position's text.
    pub position: String,
    /// The best move in the game's notation.
    pub best: Option<String>,
    /// The score for the side to move (`1000000 - k` is a win in k plies).
    pub score: i32,
    /// The score in words: "win in 3 plies", "draw" when proven (every
    /// line searched to its end, or the tables' draw), else the heuristic
    /// value ("+12 (heuristic, side to move)").
    pub score_text: String,
    /// A proven result in plies to the end: positive when the side to
    /// move wins, negative when it loses, null for a heuristic score or a
    /// draw.
    pub mate: Option<i32>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Deepest completed iteration, plies.
    pub depth: u32,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Wall time, milliseconds.
    pub millis: f64,
    /// Transposition-table hits.
    pub tt_hits: u64,
    /// Beta cutoffs.
    pub cutoffs: u64,
    /// Whether a node or time limit stopped the search (the result is then
    /// that of the last completed iteration).
    pub stopped: bool,
    /// Why the search ended: `depth` (the depth limit), `nodes` (the node
    /// budget), `time` (the time limit), `proven` (a win or loss proven
    /// within the searched depth) or `exhausted` (every line searched to
    /// its end; with `--tablebase`, a line also ends at a position the
    /// tables value, so the tables may decide every line at depth 1).
    /// `stopped` is true exactly for `nodes`, `time` and `stopped` (a
    /// signal interrupted the search: see `interrupted`).
    pub stop_reason: &'static str,
    /// Search threads that ran (fewer than asked for if the system
    /// refused to start some).
    pub threads: usize,
    /// The limits the search ran under.
    pub limits: LimitsJson,
    /// The position's value in the tables of `--tablebase`, when they
    /// cover it (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tablebase: Option<TablebaseJson>,
    /// The signal that stopped the search (`SIGINT`, `SIGTERM` or
    /// `SIGHUP`; absent when none did): the result is the last completed
    /// iteration's, and the program exits with 128 + the signal's number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<&'static str>,
}

/// A position's value in tablebases, as printed in JSON.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct TablebaseJson {
    /// `win`, `loss` or `draw` for the side to move.
    pub value: &'static str,
    /// Distance to mate in plies (null for a draw).
    pub dtm: Option<u32>,
    /// The perfect ply, when every successor is covered.
    pub best_move: Option<String>,
}

/// The value of a position given with `solve --position`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PositionValueJson {
    /// The position's text.
    pub text: String,
    /// The side to move, by name.
    pub side_to_move: &'static str,
    /// `win`, `loss` or `draw` for the side to move.
    pub value: &'static str,
    /// Distance to mate in plies (null for a draw).
    pub plies: Option<u32>,
    /// The perfect ply (null when the game is over).
    pub best_move: Option<String>,
}

/// `lapilli analyze --json` for a position whose game is over.
#[derive(Serialize, Debug)]
pub struct GameOverJson {
    /// Always null: there is no move to search.
    pub best: Option<String>,
    /// Why the game is over, in words.
    pub game_over: String,
    /// The ending as one word: the rules' own kind (e.g. `line`), or
    /// `repetition` or `no-progress`.
    pub ending: &'static str,
    /// The position's text.
    pub position: String,
}

/// The limits of a search, as printed in JSON.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitsJson {
    /// Depth limit in plies.
    pub depth: u32,
    /// Time limit in milliseconds, if any.
    pub millis: Option<u64>,
    /// Node budget, if any.
    pub nodes: Option<u64>,
}

impl From<Limits> for LimitsJson {
    fn from(l: Limits) -> LimitsJson {
        LimitsJson { depth: l.depth, millis: l.time.map(|t| t.as_millis() as u64), nodes: l.nodes }
    }
}

impl fmt::Display for LimitsJson {
    /// "depth 10, 2000 ms, 100000 nodes" (the limits given).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "depth {}", self.depth)?;
        if let Some(ms) = self.millis {
            write!(f, ", {ms} ms")?;
        }
        if let Some(n) = self.nodes {
            write!(f, ", {n} nodes")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_ply_is_singular() {
        assert_eq!(plies(1u32), "1 ply");
        assert_eq!(plies(0u32), "0 plies");
        assert_eq!(plies(27u32), "27 plies");
        assert_eq!(value_text(Value::Win(1)), "win in 1 ply");
        assert_eq!(value_text(Value::Loss(2)), "loss in 2 plies");
        assert_eq!(value_text(Value::Draw), "draw");
        assert_eq!(count(1u32, "tier", "tiers"), "1 tier");
        assert_eq!(count(0u32, "tier", "tiers"), "0 tiers");
        assert_eq!(count(2u32, "mismatch", "mismatches"), "2 mismatches");
    }
}
