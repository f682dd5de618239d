//! One search thread: negamax alpha-beta with principal-variation search,
//! the table, repetition and no-progress draws, and iterative deepening
//! with aspiration windows at the root.

use super::limits::MAX_DEPTH;
use super::options::{
    Options, ETC_MIN_DEPTH, EVAL_CACHE_SLOTS, IIR_MIN_DEPTH, LMR_FIRST_MOVE, LMR_MIN_DEPTH,
};
use super::ordering::{MoveOrder, Scored};
use super::pv::PvTable;
use super::shared::{Completed, Run, Shared};
use crate::stats::{Stats, StopReason};
use crate::tt::{from_tt, to_tt, Bound, EXHAUSTIVE_DEPTH};
use lapilli_game::{is_mate, mix64, terminal_score, value_score, MAX_EVAL, WIN};
use lapilli_game::{Evaluate, Game, MoveList};
use std::sync::atomic::Ordering::Relaxed;

/// Nodes between a thread's checks of the clock, the shared node count and
/// the stop flag.
const POLL_NODES: u64 = 256;

/// The full window, wider than every score.
pub(super) const FULL_WINDOW: (i32, i32) = (-WIN - 1, WIN + 1);

/// The static evaluation of `pos` for its side to move, clamped below
/// every mate score.
#[inline]
pub(super) fn clamped_eval<G, E: Evaluate<G>>(eval: &E, pos: &G) -> i32 {
    eval.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL)
}

/// Bits of an evaluation-cache word that hold the score.
const SCORE_BITS: u32 = 21;
/// The mask of those bits.
const SCORE_MASK: u64 = (1 << SCORE_BITS) - 1;
/// Added to a score to store it: `±MAX_EVAL` maps into `1..2^21`.
const SCORE_BIAS: i32 = 1 << (SCORE_BITS - 1);
const _: () = assert!(MAX_EVAL < SCORE_BIAS);

/// One search thread's state.
pub(super) struct Worker<'a, G: Game, E> {
    pub(super) shared: Shared<'a>,
    pub(super) options: &'a Options,
    pub(super) eval: &'a E,
    pub(super) stats: Stats,
    unflushed: u64,
    /// The node limit ([`crate::Limits`]), `u64::MAX` for none.
    node_limit: u64,
    pub(super) stopped: bool,
    /// Whether a line was cut by the depth limit (a position evaluated
    /// statically, or a table score of a depth-limited search used) in the
    /// subtree being searched; over a whole iteration: whether a deeper
    /// iteration could find more.
    pub(super) cut: bool,
    /// Keys of the positions since the game's last known irreversible ply,
    /// down to the node being searched.
    pub(super) path: Vec<u64>,
    /// Reversible plies before the first position of `path` (they count
    /// towards the no-progress limit until an irreversible ply).
    pub(super) carried: u32,
    generated: G::Moves,
    /// One move list per ply.
    lists: Vec<Vec<Scored<G::Move>>>,
    order: MoveOrder<G::Move>,
    pub(super) pv: PvTable<G::Move>,
    /// In Lazy SMP, the number of threads: the thread skips a depth
    /// (below the limit) that half of them already search, so that the
    /// threads spread over depths. 0 elsewhere (no depth is skipped).
    pub(super) skip_threads: usize,
    /// The evaluation cache ([`Options::with_eval_cache`]; empty when
    /// off): see [`Worker::evaluate`].
    evals: Vec<u64>,
}

impl<'a, G: Game, E: Evaluate<G>> Worker<'a, G, E> {
    pub(super) fn new(
        shared: Shared<'a>,
        options: &'a Options,
        eval: &'a E,
        path: &[u64],
        carried: u32,
    ) -> Self {
        Worker {
            shared,
            options,
            eval,
            stats: Stats::default(),
            unflushed: 0,
            node_limit: shared.control.limits.nodes.unwrap_or(u64::MAX),
            stopped: false,
            cut: false,
            path: path.to_vec(),
            carried,
            generated: G::Moves::default(),
            lists: Vec::new(),
            order: MoveOrder::new(options.killers(), options.history_heuristic(), options.history_malus()),
            pv: PvTable::new(),
            skip_threads: 0,
            evals: if options.eval_cache() { vec![0; EVAL_CACHE_SLOTS] } else { Vec::new() },
        }
    }

    /// The thread's result.
    pub(super) fn into_run(mut self, completed: Option<Completed<G::Move>>) -> Run<G::Move> {
        self.flush();
        Run { completed, stats: self.stats, threads: 1 }
    }

    /// Iterative deepening from depth `first` (1 without deepening: the
    /// limit) to `max_depth`, at the depths a whole number of steps
    /// ([`Options::with_deepening_step`]) below `max_depth`, `iteration`
    /// searching one depth given the last completed iteration. Stops
    /// after an iteration that ends deepening (proven, exhausted, or at
    /// `max_depth`: see
    /// `Completed::final_reason`), and then tells the other threads to
    /// stop too; or after an iteration cut short (which is dropped) or when
    /// told to stop. Returns the last completed iteration.
    pub(super) fn deepen(
        &mut self,
        first: u32,
        max_depth: u32,
        mut iteration: impl FnMut(&mut Self, u32, Option<&Completed<G::Move>>) -> Option<Completed<G::Move>>,
    ) -> Option<Completed<G::Move>> {
        let first = if self.options.iterative_deepening() { first.min(max_depth) } else { max_depth };
        let mut last = None;
        let control = self.shared.control;
        let step = self.options.deepening_step().unwrap_or_else(|| self.eval.deepening_step()).max(1);
        for depth in (first..=max_depth).filter(|d| (max_depth - d).is_multiple_of(step)) {
            // A stop request is also read between iterations, so that a
            // small tree cannot finish before the first poll.
            if control.stop_requested() {
                self.stopped = true;
                break;
            }
            if self.skip_threads > 1 && depth < max_depth && 2 * control.searching(depth) >= self.skip_threads
            {
                continue;
            }
            control.count_searching(depth, true);
            let done = iteration(self, depth, last.as_ref());
            control.count_searching(depth, false);
            let Some(done) = done else { break };
            let finished = done.final_reason(max_depth).is_some();
            last = Some(done);
            control.iteration_completed();
            if finished {
                control.stop();
                break;
            }
            if control.stopping() {
                self.stopped = true;
                break;
            }
        }
        self.flush();
        last
    }

    /// Iterative deepening of the whole tree from depth `first`.
    pub(super) fn iterate(&mut self, root: &G, max_depth: u32, first: u32) -> Option<Completed<G::Move>> {
        self.deepen(first, max_depth, |w, depth, last| w.search_root(root, depth, last))
    }

    /// One iteration at the root, in an aspiration window around the last
    /// iteration's score if that option is on (widened on failure).
    fn search_root(
        &mut self,
        root: &G,
        depth: u32,
        last: Option<&Completed<G::Move>>,
    ) -> Option<Completed<G::Move>> {
        let (mut alpha, mut beta) = FULL_WINDOW;
        let width = match self.options.aspiration() {
            None if self.options.evaluation_aspiration() => self.eval.aspiration_window(),
            given => given,
        };
        if let (Some(w), Some(last)) = (width.map(|w| w.max(1)), last) {
            if !is_mate(last.score) {
                (alpha, beta) = (last.score - w, last.score + w);
            }
        }
        self.pv.reserve(0);
        let score = loop {
            self.pv.clear(0);
            self.cut = false;
            let (s, _) = self.node(root, depth, 0, alpha, beta, 0);
            if self.stopped {
                return None;
            }
            if s <= alpha && alpha > FULL_WINDOW.0 {
                alpha = FULL_WINDOW.0;
            } else if s >= beta && beta < FULL_WINDOW.1 {
                beta = FULL_WINDOW.1;
            } else {
                break s;
            }
        };
        let pv = self.pv.line(0).to_vec();
        Some(Completed { best_move: pv.first().copied(), score, pv, depth, exhausted: !self.cut })
    }

    /// The settled score of `pos` below the root ([`Evaluate::settled`],
    /// never cached), clamped below every mate score.
    #[inline]
    pub(super) fn settled(&self, pos: &G) -> Option<i32> {
        self.eval.settled(pos).map(|s| s.clamp(-MAX_EVAL, MAX_EVAL))
    }

    /// The static evaluation of `pos` ([`clamped_eval`]), from the
    /// evaluation cache when it holds the position. The position's own key
    /// is mixed ([`mix64`], a bijection, so that keys that differ only in their high
    /// bits, or small keys, spread over the slots); its top 12 bits pick
    /// the slot, whose word holds its low 43 bits over the score plus
    /// [`SCORE_BIAS`] (21 bits, never 0: an empty slot matches nothing).
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &G) -> i32 {
        if self.evals.is_empty() {
            return clamped_eval(self.eval, pos);
        }
        let mixed = mix64(pos.position_key());
        let slot = (mixed >> (64 - EVAL_CACHE_SLOTS.trailing_zeros())) as usize;
        let check = mixed << SCORE_BITS;
        let entry = self.evals[slot];
        if entry & !SCORE_MASK == check && entry & SCORE_MASK != 0 {
            self.stats.eval_cache_hits += 1;
            return (entry & SCORE_MASK) as i32 - SCORE_BIAS;
        }
        let score = clamped_eval(self.eval, pos);
        self.evals[slot] = check | (score + SCORE_BIAS) as u64;
        score
    }

    /// Adds this thread's uncounted nodes to the shared count.
    pub(super) fn flush(&mut self) {
        self.shared.control.nodes.fetch_add(self.unflushed, Relaxed);
        self.unflushed = 0;
    }

    fn poll(&mut self) {
        self.flush();
        let control = self.shared.control;
        if let Some(limit) = control.over_limits() {
            control.stop_at_limit(limit);
        }
        if control.stopping() {
            self.stopped = true;
        }
    }

    /// Counts a node and checks the limits (the thread's own node count at
    /// every node, the rest every [`POLL_NODES`]); false when the search
    /// must stop.
    #[inline]
    pub(super) fn count_node(&mut self) -> bool {
        self.stats.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= POLL_NODES {
            self.poll();
        }
        if self.stats.nodes >= self.node_limit {
            self.shared.control.stop_at_limit(StopReason::Nodes);
            self.stopped = true;
        }
        !self.stopped
    }

    /// Whether `pos` (key `key`, `ply` plies below the root) is drawn by
    /// repetition since `path[window_start]` or by the no-progress limit.
    fn drawn_by_rule(&self, pos: &G, key: u64, ply: u32, window_start: usize) -> bool {
        if !self.options.repetition() || ply == 0 || !pos.draw_rules_apply() {
            return false;
        }
        self.repeats_or_expires(key, window_start, 0, pos.no_progress_limit())
    }

    /// Whether the position with key `key` repeats one of `path` since
    /// `path[window_start]`, or has made the no-progress limit `limit`
    /// with `unpushed` more reversible plies than `path` holds since then.
    pub(super) fn repeats_or_expires(
        &self,
        key: u64,
        window_start: usize,
        unpushed: u32,
        limit: Option<u32>,
    ) -> bool {
        if self.path[window_start..].contains(&key) {
            return true;
        }
        let carried = if window_start == 0 { self.carried } else { 0 };
        let reversible = (self.path.len() - window_start) as u32 + unpushed + carried;
        limit.is_some_and(|limit| reversible >= limit)
    }

    /// Probes the table: the stored move's index, and the stored score if
    /// it decides the node. A score strictly inside the window is not used,
    /// so that every exact score comes with its principal variation. A
    /// deciding score of a depth-limited search marks the line as cut.
    #[inline(always)]
    fn probe(&mut self, key: u64, depth: u32, ply: u32, alpha: i32, beta: i32) -> (Option<u16>, Option<i32>) {
        let Some(entry) = self.shared.tt.and_then(|tt| tt.probe(key)) else { return (None, None) };
        self.stats.tt_hits += 1;
        if ply == 0 || !self.deep_enough(entry.depth, depth) {
            return (entry.move_index, None);
        }
        let s = from_tt(entry.score, ply);
        let decides = match entry.bound {
            Bound::Exact | Bound::Lower if s >= beta => true,
            Bound::Exact | Bound::Upper => s <= alpha,
            Bound::Lower | Bound::None => false,
        };
        if decides && entry.depth != EXHAUSTIVE_DEPTH {
            self.cut = true;
        }
        (entry.move_index, decides.then_some(s))
    }

    /// Whether a table entry searched to `stored` plies may decide a node
    /// with `depth` plies to go: at least as deep, or exactly as deep with
    /// [`Options::with_exact_depth_probes`].
    #[inline]
    pub(super) fn deep_enough(&self, stored: u32, depth: u32) -> bool {
        if self.options.exact_depth_probes() {
            stored == depth
        } else {
            stored >= depth
        }
    }

    /// Stores a node's result for `key`: `score`, searched to `depth` at
    /// `ply`, as `bound` (see `Bound::of`), with the index of the best
    /// move.
    pub(super) fn store(
        &self,
        key: u64,
        ply: u32,
        depth: u32,
        score: i32,
        bound: Bound,
        best_index: Option<u16>,
    ) {
        let Some(tt) = self.shared.tt else { return };
        match bound {
            Bound::None => tt.store(key, 0, 0, Bound::None, best_index),
            _ => tt.store(key, to_tt(score, ply), depth, bound, best_index),
        }
    }

    /// Generates the plies of `pos` (`ply` plies below the root) into
    /// `list` after its `front` moves tried first ([`MoveOrder::fill`]);
    /// returns how many are tried first, and whether the list is scored
    /// already: with nothing tried first it is scored as it is filled
    /// ([`MoveOrder::fill_scored`]).
    fn generate(
        &mut self,
        pos: &G,
        list: &mut Vec<Scored<G::Move>>,
        table_index: Option<u16>,
        front: usize,
        ply: usize,
    ) -> (usize, bool) {
        pos.legal_moves(&mut self.generated);
        debug_assert!(
            !self.generated.as_slice().is_empty(),
            "Game contract broken: a position with no legal moves has no outcome: {pos:?}"
        );
        let generated = self.generated.as_slice();
        if front == 0 && table_index.is_none_or(|i| usize::from(i) >= generated.len()) {
            self.order.fill_scored(pos, list, generated, ply);
            return (0, true);
        }
        (MoveOrder::fill(list, generated, table_index, front), false)
    }

    /// Negamax with alpha-beta at `pos`, `ply` plies below the root, with
    /// `depth` plies to go. `window_start` indexes the first position of
    /// `path` since the last irreversible ply. Returns the score and
    /// whether it depended on a repetition or no-progress draw; for a
    /// score inside the window, the line is left in the
    /// principal-variation row `ply`, which the caller cleared. Sets `cut`
    /// if a line below was cut by the depth limit (and leaves it as it was
    /// otherwise); a result with no line cut (and no draw by rule) is
    /// stored as exhaustive, valid at every depth.
    pub(super) fn node(
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
        if ply > 0 {
            if let Some(value) = self.eval.probe(pos) {
                return (value_score(value, ply), false);
            }
            if let Some(s) = self.settled(pos) {
                self.cut = true;
                return (s, false);
            }
        }
        if depth == 0 && !self.options.repetition() {
            // A leaf needs nothing else: no repetition to check, no line.
            self.cut = true;
            return (self.evaluate(pos), false);
        }
        let key = pos.zobrist();
        if self.drawn_by_rule(pos, key, ply, window_start) {
            return (0, true);
        }
        if depth == 0 || ply + 1 >= MAX_DEPTH {
            self.cut = true;
            return (self.evaluate(pos), false);
        }
        let (table_index, decided) = self.probe(key, depth, ply, alpha, beta);
        if let Some(s) = decided {
            return (s, false);
        }
        if let Some(s) = self.futile(pos, depth, ply, alpha, beta) {
            return (s, false);
        }
        // Internal iterative reductions: a null-window node (off the
        // principal variation, which keeps its full depth) without a table
        // move is searched a ply shallower.
        let depth = if self.options.internal_reductions()
            && beta - alpha == 1
            && table_index.is_none()
            && depth >= IIR_MIN_DEPTH
        {
            depth - 1
        } else {
            depth
        };
        let p = ply as usize;
        self.pv.reserve(p);
        if self.lists.len() <= p {
            self.lists.resize_with(p + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.lists[p]);
        list.clear();
        // One ply above the leaves, with no table move: the killers first,
        // one at a time, before generation (`Options::with_killers_first`).
        let mut killer_slot = 0;
        let mut front = if depth == 1 && table_index.is_none() && self.options.killers_first() {
            usize::from(self.order.next_killer(pos, &mut list, p, &mut killer_slot))
        } else {
            0
        };
        let mut generated = front == 0;
        let mut scored = false;
        if generated {
            (front, scored) = self.generate(pos, &mut list, table_index, 0, p);
        }
        if generated && ply > 0 && depth >= ETC_MIN_DEPTH && self.options.transposition_cutoffs() {
            if let Some((s, exhaustive)) =
                self.transposition_cutoff(pos, &list, depth, ply, beta, window_start)
            {
                self.lists[p] = list;
                // No move is stored: keeping the table's move, or storing
                // the move to the child that cut, made the next searches'
                // trees larger more often than smaller (`benches/README.md`).
                let stored_depth = if exhaustive { EXHAUSTIVE_DEPTH } else { depth };
                self.store(key, ply, stored_depth, s, Bound::Lower, None);
                return (s, false);
            }
        }
        self.path.push(key);
        // Whether a line was cut below this node alone; restored below.
        let cut_before = std::mem::replace(&mut self.cut, false);
        let window = (alpha, beta);
        // With no legal move (the contract broken), a draw in release builds.
        let mut best = if list.is_empty() { 0 } else { -WIN - 1 };
        let mut best_at = None;
        let mut dependent = false;
        let side = pos.side_to_move();
        let reductions = self.options.late_move_reductions() && depth >= LMR_MIN_DEPTH;
        // The children are leaves, scored at once (`leaf_child`).
        let leaves = depth == 1 && !self.options.repetition();
        let mut n = 0;
        while n < list.len() {
            self.order.pick(pos, &mut list, n, front, p, scored);
            let mv = list[n].mv;
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let same = child.side_to_move() == side;
            let ws = if pos.is_irreversible(mv) { self.path.len() } else { window_start };
            let (s, dep) = if leaves {
                self.leaf_child(&child, same, ply + 1)
            } else if n == 0 || !self.options.pvs() {
                self.child(&child, same, depth - 1, ply + 1, (alpha, beta), ws)
            } else if reductions && n >= LMR_FIRST_MOVE && !same && list[n].is_late_quiet() {
                self.reduced_child(&child, depth, n, ply + 1, (alpha, beta), ws)
            } else {
                self.null_window_child(&child, same, depth - 1, ply + 1, (alpha, beta), ws)
            };
            if self.stopped {
                break;
            }
            dependent |= dep;
            if s > best {
                best = s;
                best_at = Some(n);
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        // A fail-high: the caller never takes this
                        // node's line, so it is not built.
                        self.stats.cutoffs += 1;
                        self.stats.killer_cutoffs_before_generation += u64::from(!generated);
                        // The ply's first killer, tried before generation,
                        // cut off alone: it stays the first killer, and
                        // its history would gain 1 (one ply to go). Not
                        // rewarded: without it the trees of `peer_suite`
                        // grow by about 0.1% at most, and mostly shrink
                        // (`benches/README.md`).
                        if generated || killer_slot != 1 {
                            self.order.reward(pos, &list[..=n], p, depth);
                        }
                        break;
                    }
                    if leaves {
                        self.pv.set_last(p, mv);
                    } else {
                        self.pv.set(p, mv);
                    }
                }
            }
            n += 1;
            if n == list.len() && !generated {
                // The killers tried first did not cut off: the next one,
                // or else the rest.
                if self.order.next_killer(pos, &mut list, p, &mut killer_slot) {
                    front += 1;
                } else {
                    generated = true;
                    (front, scored) = self.generate(pos, &mut list, None, front, p);
                }
            }
        }
        self.path.pop();
        // A cutoff before generation leaves the best move's index unknown.
        let best_index = best_at.filter(|_| generated).map(|i| list[i].index());
        self.lists[p] = list;
        let cut_below = self.cut;
        self.cut |= cut_before;
        if self.stopped {
            return (best, true);
        }
        let stored_depth = if cut_below { depth } else { EXHAUSTIVE_DEPTH };
        self.store(key, ply, stored_depth, best, Bound::of(best, window, dependent), best_index);
        (best, dependent)
    }
}

#[cfg(test)]
#[path = "worker_tests.rs"]
mod tests;
