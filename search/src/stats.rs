//! What a search reports.

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes visited (every position entered, leaves and finished games
    /// included).
    pub nodes: u64,
    /// Transposition-table probes that found the position.
    pub tt_hits: u64,
    /// Beta cutoffs.
    pub cutoffs: u64,
}

impl std::ops::AddAssign for Stats {
    /// Adds another thread's (or search's) counters.
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.tt_hits += other.tt_hits;
        self.cutoffs += other.cutoffs;
    }
}

/// The result of a fixed-depth search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// Score for the side to move at the root, see [`crate::WIN`].
    pub score: i32,
    /// A best move, `None` at a finished position or at depth 0.
    pub best_move: Option<M>,
    /// The depth searched, in plies.
    pub depth: u32,
    /// Counters.
    pub stats: Stats,
}
