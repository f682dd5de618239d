//! The search engine: iterative deepening, principal-variation search,
//! aspiration windows, a shared transposition table, move ordering,
//! repetition and no-progress draws, limits, and Lazy SMP threads.

use crate::game::{Evaluate, Game, MoveList};
use crate::history::History;
use crate::score::{is_mate, terminal_score, MAX_EVAL, WIN};
use crate::stats::Stats;
use crate::tt::{from_tt, to_tt, Bound, TranspositionTable};
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The deepest search the engine runs, in plies.
pub const MAX_DEPTH: u32 = 200;

/// Entries of the history-heuristic table (moves are hashed into it).
const HISTORY_SLOTS: usize = 4096;
/// History scores stay below this so they never outrank killers.
const HISTORY_CAP: u32 = 1 << 20;
/// Nodes between checks of the clock, the shared node count and the stop flag.
const POLL_NODES: u64 = 256;

/// When a search stops: at a depth, a node budget or a wall time, whichever
/// comes first. The node budget and the clock are checked every 256 nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies (capped at [`MAX_DEPTH`]).
    pub depth: u32,
    /// Maximum nodes, summed over threads.
    pub nodes: Option<u64>,
    /// Maximum wall time.
    pub time: Option<Duration>,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth, nodes: None, time: None }
    }

    /// Search for at most `time` (to [`MAX_DEPTH`] plies).
    pub fn time(time: Duration) -> Limits {
        Limits { depth: MAX_DEPTH, nodes: None, time: Some(time) }
    }

    /// Search at most `nodes` nodes (to [`MAX_DEPTH`] plies).
    pub fn nodes(nodes: u64) -> Limits {
        Limits { depth: MAX_DEPTH, nodes: Some(nodes), time: None }
    }
}

/// The techniques the engine uses; see the builder methods of [`Engine`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition-table size in bytes (0: no table).
    pub tt_bytes: usize,
    /// Search threads; 1 is deterministic.
    pub threads: usize,
    /// With several threads: split the root moves among the threads after
    /// the first (Young Brothers Wait at the root) instead of Lazy SMP.
    pub split_root: bool,
    /// Iterative deepening (depth 1, 2, ... up to the limit).
    pub iterative_deepening: bool,
    /// Principal-variation search (null-window search of later moves).
    pub pvs: bool,
    /// Aspiration window half-width around the previous iteration's score.
    pub aspiration: Option<i32>,
    /// Killer moves (two per ply).
    pub killers: bool,
    /// The history heuristic.
    pub history_heuristic: bool,
    /// Repetition and no-progress draws inside the search.
    pub repetition: bool,
    /// Use a table entry's score only if searched to exactly the remaining
    /// depth (instead of at least it).
    pub exact_depth_probes: bool,
}

impl Default for Options {
    /// Everything on: a 16 MiB table, one thread, iterative deepening, PVS,
    /// killers, history heuristic, repetition; no aspiration window (its
    /// width is in the game's evaluation units).
    fn default() -> Options {
        Options {
            tt_bytes: 16 << 20,
            threads: 1,
            split_root: false,
            iterative_deepening: true,
            pvs: true,
            aspiration: None,
            killers: true,
            history_heuristic: true,
            repetition: true,
            exact_depth_probes: false,
        }
    }
}

impl Options {
    /// Plain fixed-depth alpha-beta: no table, no deepening, no PVS, no
    /// ordering heuristics, no repetition detection.
    pub fn plain() -> Options {
        Options {
            tt_bytes: 0,
            threads: 1,
            split_root: false,
            iterative_deepening: false,
            pvs: false,
            aspiration: None,
            killers: false,
            history_heuristic: false,
            repetition: false,
            exact_depth_probes: false,
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<M> {
    /// The best move found (`None` only when the root has no legal move).
    pub best_move: Option<M>,
    /// Its score for the side to move at the root ([`WIN`]` - plies` for a
    /// win; see [`crate::ScoreKind`]).
    pub score: i32,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
    /// The deepest fully searched iteration, in plies.
    pub depth: u32,
    /// Counters, summed over threads.
    pub stats: Stats,
    /// Wall time.
    pub elapsed: Duration,
    /// Whether a node or time limit stopped the search early (the result is
    /// then that of the last completed iteration).
    pub stopped: bool,
}

impl<M> Analysis<M> {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        self.stats.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// A turn-aware game-tree search engine.
///
/// - **Negamax, turn-aware**: a child's score is negated only when the side
///   to move changed; a ply that leaves the same side to move (a Morris
///   removal) is searched with the same window. Nothing else assumes
///   alternation: table entries are per position, mate scores count plies,
///   and the principal variation is a plain list of plies.
/// - **Iterative deepening** searches depth 1, 2, ...; each iteration's best
///   moves (through the table) order the next. It stops early once a mate
///   within the searched depth is proven.
/// - **Principal-variation search**: the first move gets the full window,
///   later ones a null window, re-searched when they fail inside the window.
/// - **Aspiration windows** (optional) start each iteration in a window
///   around the previous score and widen to the full window on failure.
/// - **Transposition table**: see [`TranspositionTable`]; shared by all
///   threads. Keys are [`Game::hash`]; a game that hashes its canonical form
///   gets symmetry-reduced probes (the stored move is then only an ordering
///   hint, as it may belong to a symmetric twin).
/// - **Move ordering**: the table's move, then moves with a positive
///   [`Game::move_order_hint`] (captures, removals), then two killer moves per
///   ply, then the history heuristic; ties keep generation order.
/// - **Repetition and no progress** (option `repetition`): inside the tree,
///   a position that already occurred since the last irreversible ply (on
///   the current path or in the game history passed to
///   [`Engine::search`]) scores as a draw (the two-fold in-tree rule), and so
///   does a position reached after [`Game::no_progress_limit`] reversible
///   plies. Graph-history interaction: a score that depended on such a draw
///   anywhere below is history-dependent; it is never stored as a bound,
///   only its best move is (as [`Bound::None`]), so it cannot be reused on a
///   path with another history.
/// - **Limits**: depth, node budget, wall time ([`Limits`]).
/// - **Threads**: Lazy SMP. Helper threads run the same iterative
///   deepening (odd helpers starting one ply deeper) on the shared table
///   and stop when the main thread finishes; the main thread's result is
///   returned. With one thread the search is deterministic for a fresh or
///   cleared table.
///
/// ```
/// use lapilli_search::{Engine, Limits, ScoreKind, doc_game::Nim};
/// // Nim with 4 stones, take 1 or 2, taking the last stone wins:
/// // the side to move wins by taking 1, in 3 plies.
/// let mut engine = Engine::new();
/// let a = engine.search(&Nim::new(4), &lapilli_search::History::default(), &Limits::depth(10), &|_: &Nim| 0);
/// assert_eq!(ScoreKind::of(a.score), ScoreKind::WinIn(3));
/// assert_eq!(a.best_move, Some(1));
/// assert_eq!(a.pv, vec![1, 1, 2]);
/// ```
#[derive(Debug)]
pub struct Engine<G: Game> {
    options: Options,
    tt: Option<TranspositionTable>,
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

    /// An engine with these options.
    pub fn with_options(options: Options) -> Engine<G> {
        let tt = (options.tt_bytes > 0).then(|| TranspositionTable::with_bytes(options.tt_bytes));
        Engine { options, tt, _game: std::marker::PhantomData }
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Sets the transposition table to at most `bytes` bytes (0: none).
    /// The table remembers results across searches until cleared.
    #[must_use]
    pub fn transposition_table(mut self, bytes: usize) -> Engine<G> {
        self.options.tt_bytes = bytes;
        self.tt = (bytes > 0).then(|| TranspositionTable::with_bytes(bytes));
        self
    }

    /// Sets the number of search threads (at least 1).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Engine<G> {
        self.options.threads = threads.max(1);
        self
    }

    /// With several threads, splits the root moves among them (Young
    /// Brothers Wait at the root: the first move is searched alone, the
    /// rest in parallel under the bound it set) instead of Lazy SMP.
    #[must_use]
    pub fn split_root(mut self, on: bool) -> Engine<G> {
        self.options.split_root = on;
        self
    }

    /// Turns iterative deepening on or off (off: one search at the depth
    /// limit).
    #[must_use]
    pub fn iterative_deepening(mut self, on: bool) -> Engine<G> {
        self.options.iterative_deepening = on;
        self
    }

    /// Turns principal-variation search on or off.
    #[must_use]
    pub fn pvs(mut self, on: bool) -> Engine<G> {
        self.options.pvs = on;
        self
    }

    /// Sets the aspiration window half-width, in evaluation units (`None`:
    /// full windows).
    #[must_use]
    pub fn aspiration(mut self, half_width: Option<i32>) -> Engine<G> {
        self.options.aspiration = half_width;
        self
    }

    /// Turns killer moves on or off.
    #[must_use]
    pub fn killers(mut self, on: bool) -> Engine<G> {
        self.options.killers = on;
        self
    }

    /// Turns the history heuristic on or off.
    #[must_use]
    pub fn history_heuristic(mut self, on: bool) -> Engine<G> {
        self.options.history_heuristic = on;
        self
    }

    /// Turns repetition and no-progress draws inside the search on or off.
    #[must_use]
    pub fn repetition(mut self, on: bool) -> Engine<G> {
        self.options.repetition = on;
        self
    }

    /// Uses a table score only when searched to exactly the remaining depth.
    /// Then a fixed-depth search returns exactly plain minimax's score (a
    /// deeper entry is more accurate but changes the answer).
    #[must_use]
    pub fn exact_depth_probes(mut self, on: bool) -> Engine<G> {
        self.options.exact_depth_probes = on;
        self
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        if let Some(tt) = &self.tt {
            tt.clear();
        }
    }

    /// Searches `pos` within `limits`, with `eval` at the leaves.
    ///
    /// `history` is the game's history since its last irreversible ply,
    /// ending at `pos` (see [`crate::GameRecord::history`]): with
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
        let start = Instant::now();
        if let Some(tt) = &self.tt {
            tt.new_search();
        }
        let stop = AtomicBool::new(false);
        let nodes = AtomicU64::new(0);
        let shared = Shared { tt: self.tt.as_ref(), stop: &stop, nodes: &nodes, start, limits: *limits };
        let max_depth = limits.depth.clamp(1, MAX_DEPTH);
        let options = &self.options;
        let (main, helper_stats) = std::thread::scope(|scope| {
            if options.split_root && options.threads > 1 {
                let mut w = Worker::new(shared, options, eval, history.earlier(), history.plies_before_known());
                let (result, helpers) = w.iterate_split(pos, max_depth);
                return ((result, w.stats, w.stopped), helpers);
            }
            let helpers: Vec<_> = (1..options.threads)
                .map(|i| {
                    scope.spawn(move || {
                        let mut w = Worker::new(shared, options, eval, history.earlier(), history.plies_before_known());
                        w.iterate(pos, max_depth, 1 + (i as u32 % 2));
                        w.stats
                    })
                })
                .collect();
            let mut w = Worker::new(shared, options, eval, history.earlier(), history.plies_before_known());
            let result = w.iterate(pos, max_depth, 1);
            stop.store(true, Relaxed);
            let stats: Vec<Stats> = helpers.into_iter().map(|h| h.join().expect("helper thread")).collect();
            ((result, w.stats, w.stopped), stats)
        });
        let (result, mut stats, stopped) = main;
        for h in helper_stats {
            stats.nodes += h.nodes;
            stats.tt_hits += h.tt_hits;
            stats.cutoffs += h.cutoffs;
        }
        let (best_move, score, pv, depth) = match result {
            Some(r) => r,
            None => {
                // Stopped before depth 1 finished: any legal move.
                let mut list = G::Moves::default();
                pos.legal_moves(&mut list);
                let m = list.as_slice().first().copied();
                (m, eval.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL), m.into_iter().collect(), 0)
            }
        };
        Analysis { best_move, score, pv, depth, stats, elapsed: start.elapsed(), stopped }
    }
}

#[derive(Clone, Copy)]
struct Shared<'a> {
    tt: Option<&'a TranspositionTable>,
    stop: &'a AtomicBool,
    nodes: &'a AtomicU64,
    start: Instant,
    limits: Limits,
}

impl<M> Scored<M> {
    /// The selection key: the order, then the earlier generation index.
    #[inline]
    fn rank(&self) -> i64 {
        (i64::from(self.order) << 16) | i64::from(u16::MAX - self.index)
    }
}

struct Scored<M> {
    mv: M,
    order: i32,
    index: u16,
    quiet: bool,
    /// The move's hash, for killers and the history table.
    key: u64,
    /// Whether `order`, `quiet` and `key` have been computed.
    scored: bool,
}

type Completed<M> = (Option<M>, i32, Vec<M>, u32);

struct Worker<'a, G: Game, E> {
    shared: Shared<'a>,
    options: &'a Options,
    eval: &'a E,
    stats: Stats,
    unflushed: u64,
    stopped: bool,
    path: Vec<u64>,
    /// Reversible plies before the first position of `path` (they count
    /// towards the no-progress limit until an irreversible ply).
    carried: u32,
    generated: G::Moves,
    scratch: Vec<G::Move>,
    hints: Vec<i32>,
    lists: Vec<Vec<Scored<G::Move>>>,
    /// Two killer moves per ply, as move hashes (see `move_key`).
    killers: Vec<[u64; 2]>,
    history: Vec<u32>,
    pv: Vec<Vec<G::Move>>,
}

impl<'a, G: Game, E: Evaluate<G>> Worker<'a, G, E> {
    fn new(shared: Shared<'a>, options: &'a Options, eval: &'a E, path: &[u64], carried: u32) -> Self {
        Worker {
            shared,
            options,
            eval,
            stats: Stats::default(),
            unflushed: 0,
            stopped: false,
            path: path.to_vec(),
            carried,
            generated: G::Moves::default(),
            scratch: Vec::new(),
            hints: Vec::new(),
            lists: Vec::new(),
            killers: Vec::new(),
            history: vec![0; HISTORY_SLOTS],
            pv: Vec::new(),
        }
    }

    /// Iterative deepening from `first` to `max_depth`; the last completed
    /// iteration's best move, score, principal variation and depth.
    fn iterate(&mut self, root: &G, max_depth: u32, first: u32) -> Option<Completed<G::Move>> {
        let mut last: Option<Completed<G::Move>> = None;
        let first = if self.options.iterative_deepening { first.min(max_depth) } else { max_depth };
        for depth in first..=max_depth {
            let (mut alpha, mut beta) = (-WIN - 1, WIN + 1);
            if let (Some(w), Some((_, s, _, _))) = (self.options.aspiration, &last) {
                if !is_mate(*s) {
                    (alpha, beta) = (s - w, s + w);
                }
            }
            let score = loop {
                let (s, _) = self.node(root, depth, 0, alpha, beta, 0);
                if self.stopped {
                    break s;
                }
                if s <= alpha && alpha > -WIN - 1 {
                    alpha = -WIN - 1;
                } else if s >= beta && beta < WIN + 1 {
                    beta = WIN + 1;
                } else {
                    break s;
                }
            };
            if self.stopped {
                break;
            }
            let mut pv = self.pv.first().cloned().unwrap_or_default();
            self.extend_pv(root, &mut pv, depth);
            let proven = is_mate(score) && (WIN - score.abs()) as u32 <= depth;
            last = Some((pv.first().copied(), score, pv, depth));
            if proven || self.shared.stop.load(Relaxed) {
                break;
            }
        }
        self.flush();
        last
    }

    /// Iterative deepening with the root moves split among threads: at
    /// each depth the first root move (the table's, else the best-ordered)
    /// is searched by this worker with the full window; the others are then
    /// taken one at a time by `threads` workers with a null window at the
    /// best score so far, re-searched with the full window when they beat
    /// it. Returns the result and the helpers' counters.
    fn iterate_split(&mut self, root: &G, max_depth: u32) -> (Option<Completed<G::Move>>, Vec<Stats>)
    where
        G: Send + Sync,
        G::Move: Send + Sync,
        E: Sync,
    {
        use std::sync::atomic::AtomicUsize;
        use std::sync::Mutex;
        let mut helper_stats = Vec::new();
        let mut last: Option<Completed<G::Move>> = None;
        let mut moves = G::Moves::default();
        root.legal_moves(&mut moves);
        let mut order: Vec<G::Move> = moves.as_slice().to_vec();
        if let Some(outcome) = root.outcome() {
            self.count_node();
            return (Some((None, terminal_score(outcome, 0), Vec::new(), max_depth.min(1))), helper_stats);
        }
        if order.is_empty() {
            return (None, helper_stats);
        }
        let side = root.side_to_move();
        let first_depth = if self.options.iterative_deepening { 1 } else { max_depth };
        for depth in first_depth..=max_depth {
            // The previous iteration's best move goes first.
            if let Some((Some(best), ..)) = &last {
                if let Some(i) = order.iter().position(|m| m == best) {
                    order[..=i].rotate_right(1);
                }
            }
            self.count_node();
            let path_len = self.path.len();
            self.path.push(root.zobrist());
            let here = path_len;
            let child_of = |m: G::Move| {
                let mut c = root.clone();
                c.play_unchecked(m);
                let ws = if root.is_irreversible(m) { here + 1 } else { 0 };
                (c, ws)
            };
            let (c, ws) = child_of(order[0]);
            let same = c.side_to_move() == side;
            let (first_score, _) = self.child(&c, same, depth - 1, 1, (-WIN - 1, WIN + 1), ws);
            if self.stopped {
                self.path.truncate(path_len);
                break;
            }
            let mut first_pv = vec![order[0]];
            first_pv.extend_from_slice(self.pv.get(1).map_or(&[][..], |v| v.as_slice()));
            let best = Mutex::new((first_score, order[0], first_pv));
            let next = AtomicUsize::new(1);
            let order_ref = &order;
            let shared = self.shared;
            let options = self.options;
            let eval = self.eval;
            let root_path: Vec<u64> = self.path.clone();
            let work = |w: &mut Worker<'_, G, E>| loop {
                let i = next.fetch_add(1, Relaxed);
                let Some(&m) = order_ref.get(i) else { break };
                let (c, ws) = child_of(m);
                let same = c.side_to_move() == root.side_to_move();
                let alpha = best.lock().expect("no panics while held").0;
                let (mut s, _) = w.child(&c, same, depth - 1, 1, (alpha, alpha + 1), ws);
                if s > alpha && !w.stopped {
                    s = w.child(&c, same, depth - 1, 1, (alpha, WIN + 1), ws).0;
                }
                if w.stopped {
                    break;
                }
                let mut b = best.lock().expect("no panics while held");
                if s > b.0 {
                    let mut pv = vec![m];
                    pv.extend_from_slice(w.pv.get(1).map_or(&[][..], |v| v.as_slice()));
                    *b = (s, m, pv);
                }
            };
            std::thread::scope(|scope| {
                let helpers: Vec<_> = (1..options.threads)
                    .map(|_| {
                        let root_path = &root_path;
                        let carried = self.carried;
                        scope.spawn(move || {
                            let mut w = Worker::new(shared, options, eval, root_path, carried);
                            work(&mut w);
                            w.flush();
                            w.stats
                        })
                    })
                    .collect();
                work(self);
                helper_stats.extend(helpers.into_iter().map(|h| h.join().expect("helper thread")));
            });
            self.path.truncate(path_len);
            if self.stopped || self.shared.stop.load(Relaxed) {
                self.stopped = true;
                break;
            }
            let (score, mv, pv) = best.into_inner().expect("no panics while held");
            if let Some(tt) = self.shared.tt {
                let index = moves.as_slice().iter().position(|&x| x == mv).map(|i| i as u16);
                tt.store(root.zobrist(), to_tt(score, 0), depth, Bound::Exact, index);
            }
            let proven = is_mate(score) && (WIN - score.abs()) as u32 <= depth;
            last = Some((Some(mv), score, pv, depth));
            if proven {
                break;
            }
        }
        self.flush();
        (last, helper_stats)
    }

    fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.unflushed, Relaxed);
        self.unflushed = 0;
    }

    fn poll(&mut self) {
        self.flush();
        let limits = &self.shared.limits;
        let over_nodes = limits.nodes.is_some_and(|n| self.shared.nodes.load(Relaxed) >= n);
        let over_time = limits.time.is_some_and(|t| self.shared.start.elapsed() >= t);
        if over_nodes || over_time {
            self.shared.stop.store(true, Relaxed);
        }
        if self.shared.stop.load(Relaxed) {
            self.stopped = true;
        }
    }

    /// Lengthens a principal variation cut short by a table cutoff (another
    /// thread's entry, or a transposition) by following the table's best
    /// moves from its end, up to `depth` plies, while the game goes on.
    /// Not for games whose keys are shared by symmetric twins
    /// ([`Game::KEYS_ARE_IDENTITIES`]): their table moves may be a twin's.
    fn extend_pv(&mut self, root: &G, pv: &mut Vec<G::Move>, depth: u32) {
        if !G::KEYS_ARE_IDENTITIES {
            return;
        }
        let Some(tt) = self.shared.tt else { return };
        let mut pos = root.clone();
        for &m in pv.iter() {
            pos.play_unchecked(m);
        }
        while (pv.len() as u32) < depth && pos.outcome().is_none() {
            let Some(index) = tt.probe(pos.zobrist()).and_then(|e| e.move_index) else { break };
            pos.legal_moves(&mut self.generated);
            let Some(&m) = self.generated.as_slice().get(index as usize) else { break };
            pv.push(m);
            pos.play_unchecked(m);
        }
    }

    /// Scores the moves of `list` for ordering: positive hints (captures,
    /// removals) first, then the two killers of ply `p`, then the history
    /// heuristic.
    fn score_moves(&mut self, pos: &G, list: &mut [Scored<G::Move>], p: usize) {
        self.scratch.clear();
        self.scratch.extend(list.iter().map(|s| s.mv));
        pos.move_order_hints(&self.scratch, &mut self.hints);
        for (s, &hint) in list.iter_mut().zip(&self.hints) {
            let key = if hint > 0 { 0 } else { Self::move_key(s.mv) };
            s.order = if hint > 0 {
                (1 << 28) + hint.min(1 << 26)
            } else if self.options.killers && self.killers[p][0] == key {
                1 << 27
            } else if self.options.killers && self.killers[p][1] == key {
                (1 << 27) - 1
            } else if self.options.history_heuristic {
                self.history[key as usize % HISTORY_SLOTS] as i32
            } else {
                0
            };
            s.quiet = hint <= 0;
            s.key = key;
            s.scored = true;
        }
    }

    /// Counts a node and checks the limits; false when the search must stop.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.stats.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= POLL_NODES {
            self.poll();
        }
        if self.shared.limits.nodes.is_some_and(|n| self.stats.nodes >= n) {
            self.shared.stop.store(true, Relaxed);
            self.stopped = true;
        }
        !self.stopped
    }

    /// A move's hash, never 0 (0 marks an empty killer slot).
    fn move_key(m: G::Move) -> u64 {
        let mut h = FxHasher::default();
        m.hash(&mut h);
        h.finish() | 1
    }

    /// Searches a child one ply below `ply - 1` in the parent's window
    /// `(alpha, beta)`, negating only if the side to move changed.
    #[inline]
    fn child(
        &mut self,
        child: &G,
        same_side: bool,
        depth: u32,
        ply: u32,
        (alpha, beta): (i32, i32),
        ws: usize,
    ) -> (i32, bool) {
        if same_side {
            self.node(child, depth, ply, alpha, beta, ws)
        } else {
            let (s, dependent) = self.node(child, depth, ply, -beta, -alpha, ws);
            (-s, dependent)
        }
    }

    /// Negamax with alpha-beta at `pos`, `ply` plies below the root, with
    /// `depth` plies to go. `window_start` indexes the first position of
    /// `path` since the last irreversible ply. Returns the score and
    /// whether it depended on a repetition or no-progress draw.
    fn node(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        window_start: usize,
    ) -> (i32, bool) {
        if !self.count_node() {
            return (0, true);
        }
        if let Some(outcome) = pos.outcome() {
            return (terminal_score(outcome, ply), false);
        }
        if depth == 0 && !self.options.repetition {
            // A leaf needs nothing else: no repetition to check, no PV.
            return (self.eval.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL), false);
        }
        let p = ply as usize;
        if self.pv.len() <= p + 1 {
            self.pv.resize_with(p + 2, Vec::new);
            self.lists.resize_with(p + 2, Vec::new);
            self.killers.resize(p + 2, [0, 0]);
        }
        self.pv[p].clear();
        let key = pos.zobrist();
        let here = self.path.len();
        if self.options.repetition && ply > 0 && pos.draw_rules_apply() {
            if self.path[window_start..].contains(&key) {
                return (0, true);
            }
            let carried = if window_start == 0 { self.carried } else { 0 };
            if pos.no_progress_limit().is_some_and(|limit| (here - window_start) as u32 + carried >= limit) {
                return (0, true);
            }
        }
        if depth == 0 || ply + 1 >= MAX_DEPTH {
            return (self.eval.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL), false);
        }
        let mut tt_index = None;
        if let Some(entry) = self.shared.tt.and_then(|tt| tt.probe(key)) {
            self.stats.tt_hits += 1;
            tt_index = entry.move_index;
            let deep_enough =
                if self.options.exact_depth_probes { entry.depth == depth } else { entry.depth >= depth };
            if ply > 0 && entry.bound != Bound::None && deep_enough {
                let s = from_tt(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                    Bound::None => false,
                };
                if usable {
                    return (s, false);
                }
            }
        }

        // The move list, ordered in stages: the table's move first, unscored;
        // the others are scored only if it does not cut off.
        let mut list = std::mem::take(&mut self.lists[p]);
        list.clear();
        pos.legal_moves(&mut self.generated);
        debug_assert!(
            !self.generated.as_slice().is_empty(),
            "Game contract broken: a position with no legal moves has no outcome: {pos:?}"
        );
        if self.generated.as_slice().is_empty() {
            self.lists[p] = list;
            return (0, false); // the contract's fallback in release builds: a draw
        }
        let mut have_tt_move = false;
        for (i, &mv) in self.generated.as_slice().iter().enumerate() {
            let index = i.min(u16::MAX as usize) as u16;
            let first = tt_index == Some(index);
            have_tt_move |= first;
            let order = if first { i32::MAX } else { 0 };
            list.push(Scored { mv, order, index, quiet: true, key: 0, scored: false });
        }
        let mut scored_rest = false;
        self.path.push(key);
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_index = None;
        let mut dependent = false;
        let side = pos.side_to_move();
        for n in 0..list.len() {
            if !scored_rest && (n > 0 || !have_tt_move) {
                self.score_moves(pos, &mut list[n..], p);
                scored_rest = true;
            }
            // Selection, not a full sort: a cutoff usually comes after one
            // or two moves. Highest order first, ties in generation order.
            let mut pick = n;
            let mut best_rank = list[n].rank();
            for (i, s) in list.iter().enumerate().skip(n + 1) {
                let r = s.rank();
                if r > best_rank {
                    (pick, best_rank) = (i, r);
                }
            }
            list.swap(n, pick);
            let scored = &list[n];
            let mv = scored.mv;
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let same = child.side_to_move() == side;
            let ws = if pos.is_irreversible(mv) { here + 1 } else { window_start };
            let (s, dep) = if depth == 1 && !self.options.repetition {
                // The child is a leaf: score it here, once (a null-window
                // probe of a leaf would only evaluate it twice).
                if !self.count_node() {
                    break;
                }
                let s = match child.outcome() {
                    Some(outcome) => terminal_score(outcome, ply + 1),
                    None => self.eval.evaluate(&child).clamp(-MAX_EVAL, MAX_EVAL),
                };
                (if same { s } else { -s }, false)
            } else if n == 0 || !self.options.pvs {
                self.child(&child, same, depth - 1, ply + 1, (alpha, beta), ws)
            } else {
                let (s, dep) = self.child(&child, same, depth - 1, ply + 1, (alpha, alpha + 1), ws);
                if s > alpha && s < beta && !self.stopped {
                    self.child(&child, same, depth - 1, ply + 1, (alpha, beta), ws)
                } else {
                    (s, dep)
                }
            };
            if self.stopped {
                break;
            }
            dependent |= dep;
            if s > best {
                best = s;
                best_index = Some(scored.index);
                if s > alpha {
                    alpha = s;
                    let (head, tail) = self.pv.split_at_mut(p + 1);
                    head[p].clear();
                    head[p].push(mv);
                    head[p].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        self.stats.cutoffs += 1;
                        let (quiet, key) = if scored.scored {
                            (scored.quiet, scored.key)
                        } else {
                            (pos.move_order_hint(mv) <= 0, Self::move_key(mv))
                        };
                        if quiet {
                            self.reward_quiet(key, p, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        self.lists[p] = list;
        if self.stopped {
            return (best, true);
        }
        if let Some(tt) = self.shared.tt {
            if dependent {
                tt.store(key, 0, 0, Bound::None, best_index);
            } else {
                let bound = if best <= alpha0 {
                    Bound::Upper
                } else if best >= beta {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                tt.store(key, to_tt(best, ply), depth, bound, best_index);
            }
        }
        (best, dependent)
    }

    fn reward_quiet(&mut self, key: u64, p: usize, depth: u32) {
        if self.options.killers && self.killers[p][0] != key {
            self.killers[p][1] = self.killers[p][0];
            self.killers[p][0] = key;
        }
        if self.options.history_heuristic {
            let slot = &mut self.history[key as usize % HISTORY_SLOTS];
            *slot += depth * depth;
            if *slot >= HISTORY_CAP {
                self.history.iter_mut().for_each(|h| *h /= 2);
            }
        }
    }
}
