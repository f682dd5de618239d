//! What the threads of one search share (the table, the limits and the
//! flag that stops them) and what each hands back.

use super::limits::{Limits, MAX_DEPTH};
use crate::stats::{Stats, StopReason};
use crate::tt::TranspositionTable;
use lapilli_game::{is_mate, WIN};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::time::Instant;

/// When the threads of one search stop: the limits, the clock, the node
/// count summed over threads, and the flag that stops them all.
#[derive(Debug)]
pub(super) struct Control<'a> {
    stop: AtomicBool,
    /// The limit that stopped the search first: 0 none, else
    /// [`Control::NODES`], [`Control::TIME`] or [`Control::STOPPED`].
    limit_hit: AtomicU8,
    /// The engine's stop request flag ([`crate::StopHandle`]).
    external: Option<&'a AtomicBool>,
    /// Whether some thread has completed an iteration: until then the
    /// stop request and the clock are not honoured, so that a search
    /// always has a searched move to report (the node budget stays exact).
    iterated: AtomicBool,
    /// Nodes counted so far, summed over threads (each thread adds its
    /// count every 256 nodes).
    pub(super) nodes: AtomicU64,
    /// How many threads are searching each depth now (a Lazy SMP thread
    /// skips a depth that half the threads already search).
    searching: [AtomicU8; MAX_DEPTH as usize + 1],
    start: Instant,
    pub(super) limits: Limits,
}

impl<'a> Control<'a> {
    const NODES: u8 = 1;
    const TIME: u8 = 2;
    const STOPPED: u8 = 3;

    /// The control of a search within `limits`, which also stops when
    /// `external` is set.
    pub(super) fn new(limits: Limits, external: Option<&'a AtomicBool>) -> Control<'a> {
        Control {
            stop: AtomicBool::new(false),
            external,
            iterated: AtomicBool::new(false),
            limit_hit: AtomicU8::new(0),
            nodes: AtomicU64::new(0),
            searching: std::array::from_fn(|_| AtomicU8::new(0)),
            start: Instant::now(),
            limits,
        }
    }

    /// The number of threads searching an iteration of `depth` now.
    pub(super) fn searching(&self, depth: u32) -> usize {
        self.searching.get(depth as usize).map_or(0, |n| usize::from(n.load(Relaxed)))
    }

    /// A thread starts (`+1`) or ends (`-1`) an iteration of `depth`.
    pub(super) fn count_searching(&self, depth: u32, start: bool) {
        if let Some(n) = self.searching.get(depth as usize) {
            if start {
                n.fetch_add(1, Relaxed);
            } else {
                n.fetch_sub(1, Relaxed);
            }
        }
    }

    /// Tells every thread to stop (a thread that finished its search
    /// stops the others; no limit is recorded).
    pub(super) fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// Tells every thread to stop because the limit `reason`
    /// ([`StopReason::Nodes`], [`StopReason::Time`] or
    /// [`StopReason::Stopped`]) was reached; the first limit recorded is
    /// the search's.
    pub(super) fn stop_at_limit(&self, reason: StopReason) {
        let code = match reason {
            StopReason::Nodes => Control::NODES,
            StopReason::Stopped => Control::STOPPED,
            _ => Control::TIME,
        };
        let _ = self.limit_hit.compare_exchange(0, code, Relaxed, Relaxed);
        self.stop();
    }

    /// The limit that stopped the search, if one did.
    pub(super) fn limit_hit(&self) -> Option<StopReason> {
        match self.limit_hit.load(Relaxed) {
            Control::NODES => Some(StopReason::Nodes),
            Control::TIME => Some(StopReason::Time),
            Control::STOPPED => Some(StopReason::Stopped),
            _ => None,
        }
    }

    /// Records that a thread completed an iteration: from now on a stop
    /// request and the clock are honoured.
    pub(super) fn iteration_completed(&self) {
        self.iterated.store(true, Relaxed);
    }

    /// Whether a stop request came from outside ([`crate::StopHandle`])
    /// after the first completed iteration; if so, every thread is told
    /// to stop, with [`StopReason::Stopped`].
    pub(super) fn stop_requested(&self) -> bool {
        let requested = self.iterated.load(Relaxed) && self.external.is_some_and(|f| f.load(Relaxed));
        if requested {
            self.stop_at_limit(StopReason::Stopped);
        }
        requested
    }

    /// Whether some thread has been told to stop.
    pub(super) fn stopping(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// When the search started.
    pub(super) fn start(&self) -> Instant {
        self.start
    }

    /// The limit the summed node count or the clock is over, or the stop
    /// request, if any (the clock and the stop request only once an
    /// iteration has completed).
    pub(super) fn over_limits(&self) -> Option<StopReason> {
        let iterated = self.iterated.load(Relaxed);
        if iterated && self.external.is_some_and(|f| f.load(Relaxed)) {
            Some(StopReason::Stopped)
        } else if self.limits.nodes.is_some_and(|n| self.nodes.load(Relaxed) >= n) {
            Some(StopReason::Nodes)
        } else if iterated && self.limits.time.is_some_and(|t| self.start.elapsed() >= t) {
            Some(StopReason::Time)
        } else {
            None
        }
    }
}

/// What the threads of one search share.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shared<'a> {
    pub(super) tt: Option<&'a TranspositionTable>,
    pub(super) control: &'a Control<'a>,
}

/// A completed iteration of iterative deepening.
#[derive(Clone, Debug)]
pub(super) struct Completed<M> {
    /// `None` only at a finished root.
    pub(super) best_move: Option<M>,
    pub(super) score: i32,
    pub(super) pv: Vec<M>,
    pub(super) depth: u32,
    /// Whether no line of the iteration was cut by the depth limit (see
    /// [`StopReason::Exhausted`]).
    pub(super) exhausted: bool,
}

impl<M> Completed<M> {
    /// Whether the score is a win or loss within the searched depth:
    /// deeper iterations cannot change it.
    pub(super) fn is_proven(&self) -> bool {
        is_mate(self.score) && (WIN - self.score.abs()) as u32 <= self.depth
    }

    /// Why deepening ends after this iteration when the last is
    /// `max_depth`: proven, exhausted, or the depth limit reached; `None`
    /// when a deeper iteration may change the result.
    pub(super) fn final_reason(&self, max_depth: u32) -> Option<StopReason> {
        if self.is_proven() {
            Some(StopReason::Proven)
        } else if self.exhausted {
            Some(StopReason::Exhausted)
        } else if self.depth >= max_depth {
            Some(StopReason::Depth)
        } else {
            None
        }
    }
}

/// What one thread's search produced.
#[derive(Debug)]
pub(super) struct Run<M> {
    pub(super) completed: Option<Completed<M>>,
    pub(super) stats: Stats,
    /// The threads that searched (this one and the helpers it started).
    pub(super) threads: usize,
}

/// The result of the threads' runs (`runs[0]` the main thread's): the
/// deepest completed iteration of any thread (the main thread's among
/// equals), and why the search ended.
///
/// The reason is the result's own when it ends deepening (proven,
/// exhausted, the depth limit), else the limit that stopped the search.
/// Without one (a thread finished, say proven, while another had
/// completed a deeper iteration that proves nothing: a race between the
/// threads), the finished thread's result is reported instead, so that
/// the reason always describes the result.
pub(super) fn conclude<M>(
    runs: Vec<Option<Completed<M>>>,
    control: &Control<'_>,
    max_depth: u32,
) -> (Option<Completed<M>>, StopReason) {
    let mut runs: Vec<Completed<M>> = runs.into_iter().flatten().collect();
    let mut deepest: Option<usize> = None;
    for (i, c) in runs.iter().enumerate() {
        if deepest.is_none_or(|d| c.depth > runs[d].depth) {
            deepest = Some(i);
        }
    }
    let reason = deepest
        .and_then(|d| runs[d].final_reason(max_depth))
        .or_else(|| control.limit_hit())
        .map(|r| (deepest, r))
        .or_else(|| {
            runs.iter().enumerate().find_map(|(i, c)| c.final_reason(max_depth).map(|r| (Some(i), r)))
        });
    // Without a reason (unreachable: a search ends by a limit or a thread
    // finishing), read the limits once more.
    let (chosen, reason) =
        reason.unwrap_or_else(|| (deepest, control.over_limits().unwrap_or(StopReason::Time)));
    (chosen.map(|i| runs.swap_remove(i)), reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn done(depth: u32, score: i32, exhausted: bool) -> Option<Completed<u8>> {
        Some(Completed { best_move: Some(depth as u8), score, pv: vec![depth as u8], depth, exhausted })
    }

    #[test]
    fn the_deepest_iteration_of_any_thread_is_reported_with_the_limit() {
        // The main thread got to depth 1 only, a helper to 9: a limit ended
        // the search.
        let control = Control::new(Limits::time(std::time::Duration::from_millis(1)), None);
        control.stop_at_limit(StopReason::Time);
        control.stop_at_limit(StopReason::Nodes); // the first limit stays
        let (c, reason) =
            conclude(vec![done(1, 5, false), done(9, 7, false), None, done(8, 6, false)], &control, 200);
        assert_eq!((c.map(|c| (c.depth, c.score)), reason), (Some((9, 7)), StopReason::Time));
        // Among equals, the main thread's.
        let (c, _) = conclude(vec![done(4, 1, false), done(4, 2, false)], &control, 200);
        assert_eq!(c.map(|c| c.score), Some(1));
        // Nothing completed: the limit.
        let (c, reason) = conclude::<u8>(vec![None, None], &control, 200);
        assert_eq!((c.is_none(), reason), (true, StopReason::Time));
    }

    #[test]
    fn a_finished_iteration_gives_its_own_reason() {
        let control = Control::new(Limits::depth(6), None);
        assert_eq!(conclude(vec![done(6, 3, false)], &control, 6).1, StopReason::Depth);
        assert_eq!(conclude(vec![done(4, 0, true)], &control, 6).1, StopReason::Exhausted);
        assert_eq!(conclude(vec![done(4, WIN - 3, false)], &control, 6).1, StopReason::Proven);
        // A win beyond the searched depth is not proven.
        assert_eq!(conclude(vec![done(6, WIN - 9, false)], &control, 6).1, StopReason::Depth);
        // A helper proved the result at depth 3 and stopped the others
        // while the main thread had completed depth 4 proving nothing (a
        // race): the finished result is reported, with its reason.
        let (c, reason) = conclude(vec![done(4, 10, false), done(3, -(WIN - 2), false)], &control, 6);
        assert_eq!((c.map(|c| c.depth), reason), (Some(3), StopReason::Proven));
    }
}
