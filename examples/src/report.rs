//! Machine-readable output shapes.

use lapilli_search::Counts;
use serde::Serialize;

/// Counts of positions by value, as printed in JSON.
#[derive(Serialize, Debug, Clone, Copy)]
pub struct CountsJson {
    /// All positions counted.
    pub total: u64,
    /// Won for the side to move.
    pub win: u64,
    /// Lost for the side to move.
    pub loss: u64,
    /// Drawn.
    pub draw: u64,
}

impl From<Counts> for CountsJson {
    fn from(c: Counts) -> CountsJson {
        CountsJson { total: c.total, win: c.win, loss: c.loss, draw: c.draw }
    }
}

/// `lapilli solve --json`.
#[derive(Serialize, Debug)]
pub struct SolveJson {
    /// The game's name.
    pub game: &'static str,
    /// The variant in words.
    pub variant: String,
    /// "win", "loss" or "draw" for the first player at the start.
    pub value: &'static str,
    /// DTM of the start in plies, null when drawn.
    pub plies: Option<u32>,
    /// All positions reachable from the start, finished games included.
    pub reachable: CountsJson,
    /// The reachable positions of the movement phase (games that place
    /// their pieces first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub movement: Option<CountsJson>,
    /// Orbits (canonical classes) stored by the solver.
    pub orbits: usize,
    /// Order of the symmetry group used.
    pub automorphisms: usize,
    /// Wall time of the solve, in milliseconds.
    pub millis: f64,
    /// Perfect play from the start, until the game ends or repeats.
    pub principal_variation: Vec<String>,
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
    /// The score in words.
    pub score_text: String,
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
    /// Whether a time limit stopped the search.
    pub stopped: bool,
    /// Search threads.
    pub threads: usize,
}
