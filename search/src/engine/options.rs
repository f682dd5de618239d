//! What a search may do ([`Options`]).

/// The techniques the engine uses, built from [`Options::default`]
/// (everything on), [`Options::plain`] (plain alpha-beta) or
/// [`Options::alpha_beta`] (alpha-beta with move ordering) with the
/// `with_*` methods, and read back with the methods named after them.
///
/// ```
/// use lapilli_game::doc_game::Nim;
/// use lapilli_search::{Engine, Options};
/// let options = Options::default().with_table_bytes(1 << 20).with_threads(2).with_aspiration(Some(50));
/// assert_eq!((options.table_bytes(), options.threads(), options.aspiration()), (1 << 20, 2, Some(50)));
/// let engine: Engine<Nim> = Engine::with_options(options);
/// assert_eq!(engine.options().threads(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    table_bytes: usize,
    threads: usize,
    split_root: bool,
    iterative_deepening: bool,
    deepening_step: Option<u32>,
    pvs: bool,
    aspiration: Option<i32>,
    evaluation_aspiration: bool,
    killers: bool,
    killers_first: bool,
    history_heuristic: bool,
    history_malus: bool,
    repetition: bool,
    exact_depth_probes: bool,
    late_move_reductions: bool,
    internal_reductions: bool,
    futility_pruning: bool,
    eval_cache: bool,
    transposition_cutoffs: bool,
}

impl Default for Options {
    /// Every full-width technique on: a 16 MiB table, one thread,
    /// iterative deepening (by the evaluation's step), PVS, killers,
    /// history heuristic, repetition, the evaluation cache, enhanced
    /// transposition cutoffs; no history
    /// malus, no aspiration window (its width is in the game's evaluation
    /// units) and no reductions
    /// (selective: they change scores, so a program turns them on, as
    /// [`Options::playing`] does).
    fn default() -> Options {
        Options {
            table_bytes: 16 << 20,
            threads: 1,
            split_root: false,
            iterative_deepening: true,
            deepening_step: None,
            pvs: true,
            aspiration: None,
            evaluation_aspiration: false,
            killers: true,
            killers_first: true,
            history_heuristic: true,
            history_malus: false,
            repetition: true,
            exact_depth_probes: false,
            late_move_reductions: false,
            internal_reductions: false,
            futility_pruning: false,
            eval_cache: true,
            transposition_cutoffs: true,
        }
    }
}

impl Options {
    /// Plain fixed-depth alpha-beta: no table, no deepening, no PVS, no
    /// ordering heuristics, no repetition detection, no evaluation cache.
    pub fn plain() -> Options {
        Options {
            table_bytes: 0,
            threads: 1,
            split_root: false,
            iterative_deepening: false,
            deepening_step: None,
            pvs: false,
            aspiration: None,
            evaluation_aspiration: false,
            killers: false,
            killers_first: false,
            history_heuristic: false,
            history_malus: false,
            repetition: false,
            exact_depth_probes: false,
            late_move_reductions: false,
            internal_reductions: false,
            futility_pruning: false,
            eval_cache: false,
            transposition_cutoffs: false,
        }
    }

    /// The options the `lapilli` program and its web page search with:
    /// [`Options::default`] with late-move reductions, internal iterative
    /// reductions and the evaluation's aspiration window on, each accepted
    /// by an SPRT at 100 ms a move in Nine Men's Morris (`docs/design.md`).
    /// The reductions' scores at a depth are not plain minimax's; proven
    /// wins and losses stay proofs. Iterative deepening searches every
    /// depth, whatever the evaluation's step: the morris heuristic's step
    /// of 2 ([`Options::with_deepening_step`]) lost its SPRT for no loss
    /// in play (seed 56, `docs/design.md`).
    ///
    /// ```
    /// use lapilli_search::Options;
    /// let o = Options::playing();
    /// assert!(o.late_move_reductions() && o.internal_reductions() && o.evaluation_aspiration());
    /// assert!(!o.futility_pruning() && o.aspiration().is_none());
    /// assert_eq!(o.deepening_step(), Some(1));
    /// ```
    pub fn playing() -> Options {
        Options::default()
            .with_late_move_reductions(true)
            .with_internal_reductions(true)
            .with_evaluation_aspiration(true)
            .with_deepening_step(Some(1))
    }

    /// Fixed-depth alpha-beta with move ordering: [`Options::plain`] with
    /// killer moves and the history heuristic on (still no table, no
    /// deepening, no PVS). Ordering changes which moves are searched, not
    /// the value: it scores exactly as plain alpha-beta and minimax, in
    /// far fewer nodes (Nine Men's Morris from the start to depth 4 with
    /// folded removals: 3,518 nodes against 13,117 on 2026-12-03, before
    /// the killers were tried before generation).
    ///
    /// ```
    /// use lapilli_search::Options;
    /// let o = Options::alpha_beta();
    /// assert!(o.killers() && o.history_heuristic());
    /// assert!(!o.pvs() && !o.iterative_deepening() && o.table_bytes() == 0);
    /// ```
    pub fn alpha_beta() -> Options {
        Options { killers: true, killers_first: true, history_heuristic: true, ..Options::plain() }
    }

    /// A transposition table of at most `bytes` bytes (0: none); see
    /// [`crate::TranspositionTable`]. The engine's table remembers results
    /// across searches until [`crate::Engine::clear`].
    #[must_use]
    pub fn with_table_bytes(self, bytes: usize) -> Options {
        Options { table_bytes: bytes, ..self }
    }

    /// Search threads (at least 1; 0 counts as 1), used by
    /// [`crate::Engine::search`]. With one thread a search is deterministic
    /// for a fresh or cleared table. More threads run Lazy SMP: helpers
    /// search the same tree on the shared table, odd ones one ply deeper,
    /// and the deepest iteration any thread completed is reported. Threads
    /// the system refuses to start are done without
    /// ([`crate::Analysis::threads`]).
    #[must_use]
    pub fn with_threads(self, threads: usize) -> Options {
        Options { threads: threads.max(1), ..self }
    }

    /// With several threads, split the root moves among them instead of
    /// Lazy SMP (Young Brothers Wait at the root): at each depth the first
    /// root move is searched alone with the full window, then the threads
    /// take the others one at a time with a null window at the best score
    /// so far and re-search those that beat it. The threads are started
    /// anew at every depth.
    #[must_use]
    pub fn with_split_root(self, on: bool) -> Options {
        Options { split_root: on, ..self }
    }

    /// Iterative deepening: search depth 1, 2, ... up to the limit (by the
    /// step of [`Options::with_deepening_step`]), each iteration's table
    /// entries ordering the next (off: one search at the depth limit).
    #[must_use]
    pub fn with_iterative_deepening(self, on: bool) -> Options {
        Options { iterative_deepening: on, ..self }
    }

    /// The plies between two iterations of iterative deepening: `None`
    /// (the default) for the evaluation's step
    /// ([`lapilli_game::Evaluate::deepening_step`]), `Some(step)` for
    /// `step` whatever the evaluation says (`Some(1)`: every depth; 0 is
    /// taken as 1). The engine searches the depths `limit, limit - step,
    /// limit - 2 × step` and so on, down to the first.
    ///
    /// ```
    /// use lapilli_game::{doc_game::Nim, History};
    /// use lapilli_search::{Engine, Limits, Options};
    /// let options = Options::default().with_deepening_step(Some(2));
    /// assert_eq!(options.deepening_step(), Some(2));
    /// let a = Engine::with_options(options).search(&Nim::new(9), &History::default(), &Limits::depth(5), &|_: &Nim| 0);
    /// assert_eq!(a.depth, 5); // after the iterations at depths 1 and 3
    /// ```
    #[must_use]
    pub fn with_deepening_step(self, step: Option<u32>) -> Options {
        Options { deepening_step: step.map(|s| s.max(1)), ..self }
    }

    /// Principal-variation search: the first move of a node gets the full
    /// window, later ones a null window, re-searched with the full window
    /// when they fail inside it.
    #[must_use]
    pub fn with_pvs(self, on: bool) -> Options {
        Options { pvs: on, ..self }
    }

    /// Aspiration windows: each iteration after the first starts in the
    /// window `score ± half_width` around the previous iteration's score
    /// (in evaluation units, at least 1) and widens to the full window on
    /// failure. `None`: full windows.
    #[must_use]
    pub fn with_aspiration(self, half_width: Option<i32>) -> Options {
        Options { aspiration: half_width.map(|w| w.max(1)), ..self }
    }

    /// Without a width of its own ([`Options::with_aspiration`] `None`), the
    /// aspiration window of the evaluation
    /// ([`lapilli_game::Evaluate::aspiration_window`]), if it gives one:
    /// the width belongs to the evaluation's units. On in
    /// [`Options::playing`].
    #[must_use]
    pub fn with_evaluation_aspiration(self, on: bool) -> Options {
        Options { evaluation_aspiration: on, ..self }
    }

    /// Killer moves: two quiet moves per ply that caused a cutoff are tried
    /// early at the same ply elsewhere in the tree.
    #[must_use]
    pub fn with_killers(self, on: bool) -> Options {
        Options { killers: on, ..self }
    }

    /// Killers before generation (with [`Options::with_killers`]): at a node
    /// one ply above the leaves with no move from the table, the ply's
    /// killers that are legal there, found by key
    /// ([`lapilli_game::Game::move_with_key`]), are searched before the
    /// node's plies are generated, and a cutoff among them skips the
    /// generation and the ordering of the rest. It changes the order of
    /// moves (the killers come before the forcing moves there), not the
    /// value. Games without `move_with_key` are searched as without it.
    /// On in every preset but [`Options::plain`] (which has no killers);
    /// its SPRT for no loss in Nine Men's Morris accepted it at +15 Elo
    /// (-10 to +39) after 130 pairs (`docs/design.md`).
    #[must_use]
    pub fn with_killers_first(self, on: bool) -> Options {
        Options { killers_first: on, ..self }
    }

    /// The history heuristic: quiet moves that caused cutoffs anywhere are
    /// tried earlier, weighted by the square of the remaining depth.
    #[must_use]
    pub fn with_history_heuristic(self, on: bool) -> Options {
        Options { history_heuristic: on, ..self }
    }

    /// The history malus: when a quiet move cuts off, the quiet moves tried
    /// before it at that node lose the history it gains (with the history
    /// heuristic on). It changes the order of moves, not the value. Off
    /// in every preset: in Nine Men's Morris it grew some trees fourfold
    /// (the start to depth 10) and shrank others, and its SPRT against v7
    /// stood at +6 Elo (-16 to +28) after 198 pairs, without a verdict
    /// (`docs/design.md`).
    #[must_use]
    pub fn with_history_malus(self, on: bool) -> Options {
        Options { history_malus: on, ..self }
    }

    /// Repetition and no-progress draws inside the search (see
    /// [`crate::Engine`]).
    #[must_use]
    pub fn with_repetition(self, on: bool) -> Options {
        Options { repetition: on, ..self }
    }

    /// Use a table score only when it was searched to exactly the remaining
    /// depth (instead of at least it). Then a fixed-depth search without
    /// repetition detection returns exactly plain minimax's score (a deeper
    /// entry is more accurate but changes the answer).
    #[must_use]
    pub fn with_exact_depth_probes(self, on: bool) -> Options {
        Options { exact_depth_probes: on, ..self }
    }

    /// A cache of static evaluations: each thread keeps the last
    /// evaluation it made in each of [`EVAL_CACHE_SLOTS`] slots, chosen by
    /// the position's own key ([`lapilli_game::Game::position_key`], mixed)
    /// and checked against 43 more of its bits, so that a leaf reached
    /// again by another order of the same plies, or by a re-search, is not
    /// evaluated twice. The scores do not change, provided the evaluation
    /// depends only on what the key covers (see
    /// [`lapilli_game::Evaluate`]); two positions whose mixed keys agree in
    /// those 55 bits are taken for one, about once in 2^43 probes of a
    /// slot another position holds. On in
    /// [`Options::default`], off in [`Options::plain`] and
    /// [`Options::alpha_beta`] (a table of a kind). Measured: Petteia
    /// from the start to depth 5, 17% of the leaves found there and 12%
    /// fewer instructions; Nine Men's Morris 1-5%; Terni Lapilli, whose
    /// evaluation is a table lookup, 1% more.
    #[must_use]
    pub fn with_eval_cache(self, on: bool) -> Options {
        Options { eval_cache: on, ..self }
    }

    /// Enhanced transposition cutoffs: before a node with at least
    /// [`ETC_MIN_DEPTH`] plies to go (not the root) searches a move, it
    /// looks up the table entry of every move's child, by the key the
    /// game tells without playing the move
    /// ([`lapilli_game::Game::zobrist_after`]; nothing is looked up for a
    /// game that does not tell it), and fails high at once if one of
    /// them, searched deep enough, bounds the child so that the node
    /// reaches beta (its entry then holds no move).
    /// A child that repetition or the no-progress rule could draw on this
    /// line is passed over. The scores do not change, as for any table
    /// cutoff (a table of a kind: it needs [`Options::with_table_bytes`]).
    /// On in [`Options::default`] and so in [`Options::playing`], off in
    /// [`Options::plain`]. Measured (2026-12-07, `benches/README.md`):
    /// Nine Men's Morris with removals folded into the move, late in the
    /// placement to depth 6, 5,906 nodes instead of 6,826 and 9.8% fewer
    /// instructions (2-3% more from the start, where children rarely
    /// transpose); the program's own search, 16-35% fewer nodes on seven
    /// of the eight rows of `benches/time-to-depth.sh` (1% on the eighth),
    /// and no loss in play (SPRT, seed 57, `docs/design.md`).
    #[must_use]
    pub fn with_transposition_cutoffs(self, on: bool) -> Options {
        Options { transposition_cutoffs: on, ..self }
    }

    /// Late-move reductions, a selective technique: with PVS on, a quiet
    /// move (no positive [`lapilli_game::Game::move_order_hint`], not a killer)
    /// that comes late in a node's order, where at least
    /// [`LMR_MIN_DEPTH`] plies remain, is first searched with a null
    /// window at a reduced depth (see [`lmr_reduction`]), and searched
    /// again at the full depth only if it beats alpha there. Every move is
    /// still searched, so proven wins and losses stay proofs, but scores
    /// at a depth are no longer those of plain minimax: off in
    /// [`Options::default`] and [`Options::plain`], and in the sweeps and
    /// benchmarks that compare scores; the `lapilli` program turns it on
    /// for play and analysis.
    #[must_use]
    pub fn with_late_move_reductions(self, on: bool) -> Options {
        Options { late_move_reductions: on, ..self }
    }

    /// Internal iterative reductions, a selective technique: a node
    /// searched with a null window (so never on the principal variation,
    /// which keeps its full depth) with at least [`IIR_MIN_DEPTH`] plies to
    /// go and no move in the table (never searched, or its entry
    /// overwritten) is searched one ply shallower: without a move to try
    /// first its search is costly, and the shallower one leaves a move in
    /// the table for the next iteration. Off in [`Options::default`] and
    /// [`Options::plain`].
    #[must_use]
    pub fn with_internal_reductions(self, on: bool) -> Options {
        Options { internal_reductions: on, ..self }
    }

    /// Reverse futility pruning: at a node searched with a null window,
    /// not the root, with at most [`FUTILITY_MAX_DEPTH`] plies to go, whose
    /// static evaluation is at least beta plus the evaluation's
    /// `Evaluate::futility_margin` times the plies to go, the evaluation
    /// less that margin is returned as a fail-high without searching the
    /// moves. Selective like late-move reductions (a threat beyond the
    /// margin is missed), and only for an evaluation that gives a margin:
    /// off in [`Options::default`] and [`Options::plain`], and off in the
    /// `lapilli` program too (its SPRTs, in `docs/design.md`, found no
    /// gain).
    #[must_use]
    pub fn with_futility_pruning(self, on: bool) -> Options {
        Options { futility_pruning: on, ..self }
    }

    /// The transposition-table size in bytes (0: no table).
    pub fn table_bytes(&self) -> usize {
        self.table_bytes
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether several threads split the root moves instead of Lazy SMP.
    pub fn split_root(&self) -> bool {
        self.split_root
    }

    /// Whether iterative deepening is on.
    pub fn iterative_deepening(&self) -> bool {
        self.iterative_deepening
    }

    /// The step of iterative deepening if the options fix it
    /// ([`Options::with_deepening_step`]); `None`: the evaluation's.
    pub fn deepening_step(&self) -> Option<u32> {
        self.deepening_step
    }

    /// Whether principal-variation search is on.
    pub fn pvs(&self) -> bool {
        self.pvs
    }

    /// The aspiration window half-width, if any.
    pub fn aspiration(&self) -> Option<i32> {
        self.aspiration
    }

    /// Whether the evaluation's aspiration window is used
    /// ([`Options::with_evaluation_aspiration`]).
    pub fn evaluation_aspiration(&self) -> bool {
        self.evaluation_aspiration
    }

    /// Whether killer moves are on.
    pub fn killers(&self) -> bool {
        self.killers
    }

    /// Whether killers are tried before generation
    /// ([`Options::with_killers_first`]); only with killers on.
    pub fn killers_first(&self) -> bool {
        self.killers && self.killers_first
    }

    /// Whether the history heuristic is on.
    pub fn history_heuristic(&self) -> bool {
        self.history_heuristic
    }

    /// Whether internal iterative reductions are on
    /// ([`Options::with_internal_reductions`]).
    pub fn internal_reductions(&self) -> bool {
        self.internal_reductions
    }

    /// Whether the history malus is on ([`Options::with_history_malus`]).
    pub fn history_malus(&self) -> bool {
        self.history_malus
    }

    /// Whether repetition and no-progress draws are detected in the search.
    pub fn repetition(&self) -> bool {
        self.repetition
    }

    /// Whether table scores are used only at exactly the remaining depth.
    pub fn exact_depth_probes(&self) -> bool {
        self.exact_depth_probes
    }

    /// Whether the evaluation cache is on.
    pub fn eval_cache(&self) -> bool {
        self.eval_cache
    }

    /// Whether enhanced transposition cutoffs are on
    /// ([`Options::with_transposition_cutoffs`]).
    pub fn transposition_cutoffs(&self) -> bool {
        self.transposition_cutoffs
    }

    /// Whether late-move reductions are on.
    pub fn late_move_reductions(&self) -> bool {
        self.late_move_reductions
    }

    /// Whether reverse futility pruning is on
    /// ([`Options::with_futility_pruning`]).
    pub fn futility_pruning(&self) -> bool {
        self.futility_pruning
    }
}

/// The fewest plies to go at a node that looks up its children's table
/// entries before it searches them ([`Options::with_transposition_cutoffs`]):
/// closer to the leaves the lookups cost more than the subtrees they save.
pub const ETC_MIN_DEPTH: u32 = 3;

/// The fewest plies to go at a node whose late moves are reduced
/// ([`Options::with_late_move_reductions`]).
pub const LMR_MIN_DEPTH: u32 = 3;

/// The fewest plies to go at a node that internal iterative reductions
/// shorten ([`Options::with_internal_reductions`]).
pub const IIR_MIN_DEPTH: u32 = 4;

/// Slots of each thread's evaluation cache ([`Options::with_eval_cache`]):
/// 4,096 of 8 bytes, 32 KiB, within a core's first- or second-level
/// cache (2,048 found 9% fewer positions there on Petteia, 8,192 3% more).
pub const EVAL_CACHE_SLOTS: usize = 1 << 12;

/// The most plies to go at a node that reverse futility pruning may cut
/// ([`Options::with_futility_pruning`]).
pub const FUTILITY_MAX_DEPTH: u32 = 3;

/// The first move, counted from 0 in the node's order, that may be
/// reduced: the table's move, the forcing moves and the killers come
/// before it in most nodes anyway.
pub const LMR_FIRST_MOVE: usize = 3;

/// The reduction, in plies, of the `n`th move (from 0) of a node with
/// `depth` plies to go, when late-move reductions apply: `0.75 + ln(depth)
/// ln(n) / 2.25` rounded down, at least 1, always leaving at least one ply.
/// It grows slowly with both, so that deep searches reduce their late
/// moves by several plies (a logarithmic rule of the kind chess engines
/// use). Measured on Nine Men's Morris (`docs/design.md`): the middle game
/// of `benches/time-to-depth.sh` to depth 20 in 2.94 M nodes instead of
/// 6.64 M with the rule before (1 ply, 2 from the 8th move at 6 or more
/// plies to go), and no loss in play by SPRT.
///
/// ```
/// use lapilli_search::lmr_reduction;
/// assert_eq!(lmr_reduction(3, 3), 1);
/// assert_eq!(lmr_reduction(5, 20), 2);
/// assert_eq!(lmr_reduction(6, 8), 2);
/// assert_eq!(lmr_reduction(20, 30), 5);
/// // Never below one ply left.
/// assert_eq!(lmr_reduction(4, 40), 2);
/// ```
pub fn lmr_reduction(depth: u32, n: usize) -> u32 {
    let r = (0.75 + (depth as f32).ln() * (n as f32).ln() / 2.25) as u32;
    r.max(1).min(depth.saturating_sub(2))
}
