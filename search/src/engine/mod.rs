//! The search engine: iterative deepening, principal-variation search,
//! aspiration windows, a shared transposition table, move ordering,
//! repetition and no-progress draws, limits, and threads.
//!
//! | file | what it holds |
//! |---|---|
//! | `mod.rs` | [`Engine`], its entry points and [`Analysis`] |
//! | `options.rs` | [`Options`]: the techniques a search uses |
//! | `limits.rs` | [`Limits`]: when a search stops |
//! | `worker.rs` | one thread's search: the node, iterative deepening at the root |
//! | `children.rs` | a node's children: the child search, leaves, reverse futility pruning, null-window probes, reductions |
//! | `ordering.rs` | staged move picking, killers (tried before generation one ply above the leaves), history heuristic |
//! | `pv.rs` | the principal variation |
//! | `shared.rs` | what the threads of a search share: the table, the limits, the stop flag |
//! | `parallel.rs` | Lazy SMP and the split root |

mod children;
mod limits;
mod options;
mod ordering;
mod parallel;
mod pv;
mod shared;
mod worker;

pub use limits::{Limits, MAX_DEPTH};
pub use options::{
    lmr_reduction, Options, ETC_MIN_DEPTH, EVAL_CACHE_SLOTS, FUTILITY_MAX_DEPTH, IIR_MIN_DEPTH,
    LMR_FIRST_MOVE, LMR_MIN_DEPTH,
};

use crate::stats::{Stats, StopReason};
use crate::tt::{TableError, TranspositionTable};
use lapilli_game::terminal_score;
use lapilli_game::History;
use lapilli_game::{Evaluate, Game, MoveList};
use shared::{conclude, Control, Run, Shared};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use worker::{clamped_eval, Worker};

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<M> {
    /// The best move found (`None` only when the root has no legal move).
    pub best_move: Option<M>,
    /// Its score for the side to move at the root ([`lapilli_game::WIN`]` - plies`
    /// for a win; see [`lapilli_game::ScoreKind`]).
    pub score: i32,
    /// The principal variation, starting with the best move. It is legal
    /// from the root, and its last position accounts for `score`: played
    /// out, that position's finished-game score, static evaluation or
    /// repetition or no-progress draw (0), for the side to move there and
    /// negated if that is not the root's side to move, is `score`. This
    /// holds with any number of threads (the line is the reporting
    /// thread's own), except for a search whose node budget ran out
    /// before its first iteration finished.
    pub pv: Vec<M>,
    /// The deepest fully searched iteration, in plies: with several
    /// threads, the deepest any thread completed (the best move, score
    /// and line are that iteration's). 0 only if the node budget ran out
    /// before the first iteration finished (the best move is then the
    /// first legal one): the clock and a stop request are honoured only once an
    /// iteration has completed.
    pub depth: u32,
    /// Counters, summed over threads.
    pub stats: Stats,
    /// Wall time.
    pub elapsed: Duration,
    /// Whether a node or time limit cut the search short (the result is
    /// then that of the deepest completed iteration): exactly
    /// `stop_reason.is_limit()`.
    pub stopped: bool,
    /// Why the search ended: the depth limit, the node budget, the time,
    /// a proven result or an exhausted tree (see [`StopReason`]).
    pub stop_reason: StopReason,
    /// The threads that searched: [`Options::threads`], or fewer if the
    /// system refused to start some (the search then goes on without
    /// them; for the root split, the fewest of any iteration).
    pub threads: usize,
}

impl<M> Analysis<M> {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        self.stats.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Stops an engine's searches from another thread: a shared flag,
/// obtained with [`Engine::stop_handle`], that every search thread reads
/// where it reads the clock (every 256 nodes).
///
/// [`StopHandle::stop`] sets the flag: the running search ends as if its
/// time had run out, with the deepest iteration it completed and
/// [`crate::StopReason::Stopped`]. Like the clock, the flag is honoured
/// only once a first iteration has completed (depth 1; with Lazy SMP
/// possibly depth 2, which odd helpers start at; with a deepening step,
/// [`Options::with_deepening_step`], the first depth of that step), so a
/// stop sent at once
/// after a search starts still gets a searched move, as engines answer
/// `go` then `stop`. The flag stays set until [`StopHandle::clear`]: a
/// search started while it is set stops after its first completed
/// iteration. The engine never clears it
/// itself, so that a stop sent just before a search starts on another
/// thread is not lost; clear it before starting the next search.
///
/// ```
/// use lapilli_game::{History, doc_game::Nim};
/// use lapilli_search::{Engine, Limits, StopReason};
/// let mut engine: Engine<Nim> = Engine::new();
/// let stop = engine.stop_handle();
/// stop.stop();
/// let a = engine.search(&Nim::new(40), &History::default(), &Limits::depth(60), &|_: &Nim| 0);
/// assert_eq!((a.stop_reason, a.stopped, a.depth), (StopReason::Stopped, true, 1));
/// stop.clear();
/// let a = engine.search(&Nim::new(4), &History::default(), &Limits::depth(10), &|_: &Nim| 0);
/// assert_eq!(a.stop_reason, StopReason::Proven);
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the running search (or the next one) to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Withdraws a stop request, so that the next search runs to its
    /// limits.
    pub fn clear(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether a stop request is pending.
    pub fn is_stopping(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A turn-aware game-tree search engine, configured by [`Options`].
///
/// - **Negamax, turn-aware**: a child's score is negated only when the side
///   to move changed; a ply that leaves the same side to move (a Morris
///   removal) is searched with the same window. Nothing else assumes
///   alternation: table entries are per position, mate scores count plies,
///   and the principal variation is a plain list of plies.
/// - **Iterative deepening** searches depth 1, 2, ... (by the evaluation's
///   step, [`Options::with_deepening_step`]: 2, 4, 6 to a limit of 6 with a
///   step of 2); each iteration's best moves (through the table) order the
///   next. It stops before the depth
///   limit when further iterations cannot change the result: once a win
///   or loss within the searched depth is proven ([`StopReason::Proven`]),
///   or once an iteration cut no line at the depth limit, every line
///   having ended in a finished game, a repetition or no-progress draw, or
///   a table entry of a subtree searched to its end
///   ([`StopReason::Exhausted`]; such results are stored as valid at every
///   depth). So a deep fixed-depth search of a small game, or of a
///   position whose lines all end soon, returns as soon as it has seen
///   everything.
/// - **Principal-variation search**: the first move gets the full window,
///   later ones a null window, re-searched when they fail inside the window.
/// - **Aspiration windows** (optional) start each iteration in a window
///   around the previous score and widen to the full window on failure.
/// - **Transposition table**: see [`TranspositionTable`]; shared by all
///   threads. Keys are [`Game::zobrist`]; a game keyed by its canonical form
///   ([`lapilli_game::SymmetryKeyed`]) gets symmetry-reduced probes. The stored
///   move is only an ordering hint (it may belong to a symmetric twin), and
///   a stored score strictly inside the search window is never used in
///   place of a search, so that the principal variation is always the
///   search's own.
/// - **Move ordering**: the table's move, then moves with a positive
///   [`Game::move_order_hint`] (captures, removals), then two killer moves per
///   ply, then the history heuristic; ties keep generation order. One ply
///   above the leaves, where there is seldom a table move, the killers come
///   first and are tried before the plies are generated, when the game can
///   name a legal ply by its key ([`Game::move_with_key`];
///   [`Options::with_killers_first`]): a cutoff by one skips the generation.
///   They are looked up one at a time: the second only when the first is
///   not legal or did not cut off. A cutoff by the first leaves the killers
///   and the history as they were (it is the first killer already, and its
///   history would gain only 1).
/// - **Evaluation cache** ([`Options::with_eval_cache`]): each thread keeps
///   its recent static evaluations by [`Game::position_key`], so a leaf
///   reached again by a transposition or a re-search is not evaluated
///   twice; the scores and the tree do not change.
/// - **Repetition and no progress** (option `repetition`): inside the tree,
///   a position that already occurred since the last irreversible ply (on
///   the current path or in the game history passed to
///   [`Engine::search`]) scores as a draw (the two-fold in-tree rule), and so
///   does a position reached after [`Game::no_progress_limit`] reversible
///   plies. Graph-history interaction: a score that depended on such a draw
///   anywhere below is history-dependent; it is never stored as a bound,
///   only its best move is, so it cannot be reused on a path with another
///   history.
/// - **Limits**: depth, node budget, wall time ([`Limits`]), and a stop
///   request from another thread ([`Engine::stop_handle`]).
/// - **Threads** ([`Options::with_threads`], [`Engine::search`] only): Lazy
///   SMP, or the root moves split among threads
///   ([`Options::with_split_root`]). With one thread the search is
///   deterministic for a fresh or cleared table. With Lazy SMP the deepest
///   iteration any thread completed is reported. Helper threads the system
///   refuses to start are done without ([`Analysis::threads`]).
///
/// ```
/// use lapilli_game::{History, ScoreKind, doc_game::Nim};
/// use lapilli_search::{Engine, Limits};
/// // Nim with 4 stones, take 1 or 2, taking the last stone wins:
/// // the side to move wins by taking 1, in 3 plies.
/// let mut engine = Engine::new();
/// let a = engine.search(&Nim::new(4), &History::default(), &Limits::depth(10), &|_: &Nim| 0);
/// assert_eq!(ScoreKind::of(a.score), ScoreKind::WinIn(3));
/// assert_eq!(a.best_move, Some(1));
/// assert_eq!(a.pv, vec![1, 1, 2]);
/// ```
#[derive(Debug)]
pub struct Engine<G: Game> {
    options: Options,
    tt: Option<TranspositionTable>,
    stop: StopHandle,
    _game: std::marker::PhantomData<fn(G)>,
}

impl<G: Game> Default for Engine<G> {
    fn default() -> Self {
        Engine::new()
    }
}

impl<G: Game> Engine<G> {
    /// An engine with the default [`Options`].
    pub fn new() -> Engine<G> {
        Engine::with_options(Options::default())
    }

    /// An engine with these options (see [`Options`] for how to build
    /// them). Its transposition table is allocated here.
    ///
    /// # Panics
    /// If the table's memory cannot be had, with the [`TableError`]
    /// message; [`Engine::try_with_options`] returns the error instead.
    ///
    /// ```
    /// use lapilli_game::doc_game::Nim;
    /// use lapilli_search::{Engine, Options};
    /// let engine: Engine<Nim> = Engine::with_options(Options::default().with_table_bytes(1 << 20).with_threads(2));
    /// assert_eq!(engine.options().table_bytes(), 1 << 20);
    /// ```
    pub fn with_options(options: Options) -> Engine<G> {
        Engine::try_with_options(options).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Engine::with_options`], returning an error instead of panicking
    /// when the transposition table cannot be allocated (see
    /// [`TranspositionTable::try_with_bytes`]).
    ///
    /// # Errors
    /// [`TableError`] with the requested [`Options::table_bytes`] when the
    /// memory is refused.
    ///
    /// ```
    /// use lapilli_game::doc_game::Nim;
    /// use lapilli_search::{Engine, Options, TableError};
    /// let huge = Options::default().with_table_bytes(usize::MAX / 2);
    /// let refused = Engine::<Nim>::try_with_options(huge).unwrap_err();
    /// assert_eq!(refused, TableError { bytes: usize::MAX / 2 });
    /// assert!(Engine::<Nim>::try_with_options(Options::default()).is_ok());
    /// ```
    pub fn try_with_options(options: Options) -> Result<Engine<G>, TableError> {
        let bytes = options.table_bytes();
        let tt = if bytes > 0 { Some(TranspositionTable::try_with_bytes(bytes)?) } else { None };
        Ok(Engine { options, tt, stop: StopHandle::default(), _game: std::marker::PhantomData })
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The handle another thread stops this engine's searches with (see
    /// [`StopHandle`]); every call returns a handle on the same flag.
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        if let Some(tt) = &self.tt {
            tt.clear();
        }
    }

    /// Searches `pos` within `limits`, with `eval` at the leaves, on as
    /// many threads as [`Options::threads`] says: the entry point for
    /// front ends that offer threads. For positions, moves or evaluations
    /// that are not `Send + Sync` (say, tables shared through `Rc`), use
    /// [`Engine::search_single`].
    ///
    /// `history` is the game's history since its last irreversible ply,
    /// ending at `pos` (see [`lapilli_game::GameRecord::history`]): with
    /// repetition detection on, a repetition of any earlier position inside
    /// the tree is a draw, and the reversible plies before `pos` (those
    /// before the history's first known position included) count towards
    /// the no-progress limit. Pass `&History::default()` for a game that
    /// starts at `pos`.
    pub fn search<E>(&mut self, pos: &G, history: &History, limits: &Limits, eval: &E) -> Analysis<G::Move>
    where
        G: Send + Sync,
        G::Move: Send + Sync,
        E: Evaluate<G> + Sync,
    {
        if self.options.threads() <= 1 {
            return self.search_single(pos, history, limits, eval);
        }
        self.run(pos, limits, eval, |shared, options| {
            let split = if options.split_root() { parallel::split_root } else { parallel::lazy_smp };
            split(shared, options, eval, history, pos, limits.max_depth())
        })
    }

    /// [`Engine::search`] on the calling thread alone, whatever
    /// [`Options::threads`] says, with no `Send` or `Sync` bounds. With one
    /// thread configured both give the same result.
    ///
    /// ```
    /// use lapilli_game::{Evaluate, History, doc_game::Nim};
    /// use lapilli_search::{Engine, Limits};
    /// use std::rc::Rc;
    /// // An evaluation that is not Sync.
    /// struct Shared(Rc<i32>);
    /// impl Evaluate<Nim> for Shared {
    ///     fn evaluate(&self, _: &Nim) -> i32 {
    ///         *self.0
    ///     }
    /// }
    /// let a = Engine::new().search_single(&Nim::new(5), &History::default(), &Limits::depth(2), &Shared(Rc::new(7)));
    /// assert_eq!((a.score, a.pv.len()), (7, 2)); // two plies of Nim are not enough to see the end
    /// ```
    pub fn search_single<E: Evaluate<G>>(
        &mut self,
        pos: &G,
        history: &History,
        limits: &Limits,
        eval: &E,
    ) -> Analysis<G::Move> {
        self.run(pos, limits, eval, |shared, options| {
            let mut w = Worker::new(shared, options, eval, history.earlier(), history.plies_before_known());
            let completed = w.iterate(pos, limits.max_depth(), 1);
            vec![w.into_run(completed)]
        })
    }

    /// Starts a search (a new table generation, fresh limits), runs `body`
    /// (which returns each thread's run, the main thread's first) and
    /// reports what it found.
    fn run<E: Evaluate<G>>(
        &mut self,
        pos: &G,
        limits: &Limits,
        eval: &E,
        body: impl FnOnce(Shared<'_>, &Options) -> Vec<Run<G::Move>>,
    ) -> Analysis<G::Move> {
        let control = Control::new(*limits, Some(&self.stop.0));
        if let Some(tt) = &self.tt {
            tt.new_search();
        }
        let shared = Shared { tt: self.tt.as_ref(), control: &control };
        let runs = body(shared, &self.options);
        let elapsed = control.start().elapsed();
        let mut stats = Stats::default();
        let mut threads = 0;
        for run in &runs {
            stats += run.stats;
            threads += run.threads;
        }
        let (completed, stop_reason) =
            conclude(runs.into_iter().map(|r| r.completed).collect(), &control, limits.max_depth());
        let (best_move, score, pv, depth) = match completed {
            Some(c) => (c.best_move, c.score, c.pv, c.depth),
            None => {
                // Stopped before depth 1 finished: any legal move.
                let mut list = G::Moves::default();
                pos.legal_moves(&mut list);
                let m = list.as_slice().first().copied();
                let score = pos.outcome().map_or_else(|| clamped_eval(eval, pos), |o| terminal_score(o, 0));
                (m, score, m.into_iter().collect(), 0)
            }
        };
        Analysis {
            best_move,
            score,
            pv,
            depth,
            stats,
            elapsed,
            stopped: stop_reason.is_limit(),
            stop_reason,
            threads,
        }
    }
}
