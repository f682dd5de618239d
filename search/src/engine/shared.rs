//! What the threads of one search share (the table, the limits and the
//! flag that stops them) and what each hands back.

use super::options::Limits;
use crate::score::{is_mate, WIN};
use crate::stats::Stats;
use crate::tt::TranspositionTable;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// When the threads of one search stop: the limits, the clock, the node
/// count summed over threads, and the flag that stops them all.
#[derive(Debug)]
pub(super) struct Control {
    stop: AtomicBool,
    /// Nodes counted so far, summed over threads (each thread adds its
    /// count every 256 nodes).
    pub(super) nodes: AtomicU64,
    start: Instant,
    pub(super) limits: Limits,
}

impl Control {
    pub(super) fn new(limits: Limits) -> Control {
        Control { stop: AtomicBool::new(false), nodes: AtomicU64::new(0), start: Instant::now(), limits }
    }

    /// Tells every thread to stop.
    pub(super) fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// Whether some thread has been told to stop.
    pub(super) fn stopping(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// When the search started.
    pub(super) fn start(&self) -> Instant {
        self.start
    }

    /// Whether the summed node count or the clock is over its limit.
    pub(super) fn over_limits(&self) -> bool {
        let over_nodes = self.limits.nodes.is_some_and(|n| self.nodes.load(Relaxed) >= n);
        let over_time = self.limits.time.is_some_and(|t| self.start.elapsed() >= t);
        over_nodes || over_time
    }
}

/// What the threads of one search share.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shared<'a> {
    pub(super) tt: Option<&'a TranspositionTable>,
    pub(super) control: &'a Control,
}

/// A completed iteration of iterative deepening.
#[derive(Clone, Debug)]
pub(super) struct Completed<M> {
    /// `None` only at a finished root.
    pub(super) best_move: Option<M>,
    pub(super) score: i32,
    pub(super) pv: Vec<M>,
    pub(super) depth: u32,
}

impl<M> Completed<M> {
    /// Whether the score is a win or loss within the searched depth:
    /// deeper iterations cannot change it.
    pub(super) fn is_proven(&self) -> bool {
        is_mate(self.score) && (WIN - self.score.abs()) as u32 <= self.depth
    }
}

/// What one thread's search produced.
#[derive(Debug)]
pub(super) struct Run<M> {
    pub(super) completed: Option<Completed<M>>,
    pub(super) stats: Stats,
    /// Whether a limit stopped it.
    pub(super) stopped: bool,
}
