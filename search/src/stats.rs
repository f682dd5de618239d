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
    /// Moves searched first at a reduced depth
    /// ([`crate::Options::with_late_move_reductions`]).
    pub reductions: u64,
    /// Reduced moves searched again at the full depth, having beaten
    /// alpha at the reduced one.
    pub re_searches: u64,
    /// Static evaluations found in the evaluation cache
    /// ([`crate::Options::with_eval_cache`]).
    pub eval_cache_hits: u64,
    /// Nodes cut by reverse futility pruning
    /// ([`crate::Options::with_futility_pruning`]).
    pub futility_cuts: u64,
    /// Beta cutoffs by a killer tried before the node's plies were
    /// generated ([`crate::Options::with_killers_first`]; also counted in
    /// `cutoffs`): the generations saved.
    pub killer_cutoffs_before_generation: u64,
    /// Nodes cut by a child's table entry before any child was searched
    /// ([`crate::Options::with_transposition_cutoffs`]).
    pub transposition_cutoffs: u64,
}

impl std::ops::AddAssign for Stats {
    /// Adds another thread's (or search's) counters.
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.tt_hits += other.tt_hits;
        self.cutoffs += other.cutoffs;
        self.reductions += other.reductions;
        self.re_searches += other.re_searches;
        self.eval_cache_hits += other.eval_cache_hits;
        self.futility_cuts += other.futility_cuts;
        self.killer_cutoffs_before_generation += other.killer_cutoffs_before_generation;
        self.transposition_cutoffs += other.transposition_cutoffs;
    }
}

/// Why a search ended ([`crate::Analysis::stop_reason`]).
///
/// [`StopReason::Nodes`], [`StopReason::Time`] and [`StopReason::Stopped`]
/// cut the search short ([`crate::Analysis::stopped`]); the others end it
/// with its last iteration complete.
///
/// ```
/// use lapilli_game::{History, doc_game::Nim};
/// use lapilli_search::{Engine, Limits, StopReason};
/// // Nim with 4 stones: the win in 3 plies is proven at depth 3 of 10.
/// let a = Engine::new().search(&Nim::new(4), &History::default(), &Limits::depth(10), &|_: &Nim| 0);
/// assert_eq!((a.stop_reason, a.stop_reason.name(), a.depth), (StopReason::Proven, "proven", 3));
/// assert!(!a.stopped && !a.stop_reason.is_limit());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The depth limit was reached: the last iteration searched to
    /// [`crate::Limits::depth`] (clamped to `1..=`[`crate::MAX_DEPTH`]).
    Depth,
    /// The node budget ran out ([`crate::Limits::nodes`]).
    Nodes,
    /// The time ran out ([`crate::Limits::time`]).
    Time,
    /// A win or loss was proven within the searched depth: deeper
    /// iterations would find the same.
    Proven,
    /// The last iteration searched every line to its end (a finished game,
    /// a repetition or no-progress draw, a table entry for a subtree
    /// searched to its end, or a value the evaluation proves,
    /// `lapilli_game::Evaluate::probe`): no line was cut by the depth limit, so a
    /// deeper iteration would search the same tree and find the same
    /// score.
    Exhausted,
    /// Another thread asked the search to stop through the engine's
    /// [`crate::StopHandle`].
    Stopped,
}

impl StopReason {
    /// One lower-case word: `depth`, `nodes`, `time`, `proven`,
    /// `exhausted` or `stopped`.
    pub fn name(&self) -> &'static str {
        match self {
            StopReason::Depth => "depth",
            StopReason::Nodes => "nodes",
            StopReason::Time => "time",
            StopReason::Proven => "proven",
            StopReason::Exhausted => "exhausted",
            StopReason::Stopped => "stopped",
        }
    }

    /// Whether a node or time limit or a stop request cut the search
    /// short.
    pub fn is_limit(&self) -> bool {
        matches!(self, StopReason::Nodes | StopReason::Time | StopReason::Stopped)
    }
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::Depth => "the depth limit was reached",
            StopReason::Nodes => "the node budget ran out",
            StopReason::Time => "the time limit ran out",
            StopReason::Proven => "a win or loss was proven",
            StopReason::Exhausted => "every line was searched to its end or to a proven value",
            StopReason::Stopped => "the search was told to stop",
        })
    }
}

/// The result of a fixed-depth search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// Score for the side to move at the root, see [`lapilli_game::WIN`].
    pub score: i32,
    /// A best move, `None` at a finished position or at depth 0.
    pub best_move: Option<M>,
    /// The depth searched, in plies.
    pub depth: u32,
    /// Counters.
    pub stats: Stats,
}
