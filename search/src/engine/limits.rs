//! When a search stops ([`Limits`]): a depth, a node budget, a wall time.

use std::time::Duration;

/// The deepest search the engine runs, in plies.
pub const MAX_DEPTH: u32 = 200;

/// When a search stops: at a depth, a node budget or a wall time, whichever
/// comes first.
///
/// - **Depth** is counted in plies from the root and capped at
///   [`MAX_DEPTH`]. `Limits::depth(0)` searches one ply, like
///   `Limits::depth(1)`: a search always looks at least one ply ahead, so
///   that it has a move to report.
/// - **The node budget** counts every position entered, summed over
///   threads. Each thread checks its own count at every node and the
///   shared total every 256 nodes, so one thread stops exactly at the
///   budget and several threads may overrun it by up to 256 nodes each.
/// - **The clock** is read every 256 nodes of each thread, and honoured
///   (like a stop request) only once an iteration has completed: a search
///   always reports a searched move, however short its time. The node
///   budget is exact and may cut depth 1 short (the first legal move is
///   then reported, at depth 0).
///
/// A search stopped by the node budget or the clock reports the deepest
/// iteration it completed ([`crate::Analysis::stopped`],
/// [`crate::Analysis::stop_reason`]). A search may also end before its
/// depth limit, when deeper iterations cannot change the result: a proven
/// win or loss, or a tree searched to its end ([`crate::StopReason`]).
///
/// ```
/// use lapilli_search::Limits;
/// use std::time::Duration;
/// let limits = Limits::depth(6).with_time(Duration::from_millis(100)).with_nodes(1_000_000);
/// assert_eq!((limits.depth, limits.nodes, limits.time), (6, Some(1_000_000), Some(Duration::from_millis(100))));
/// assert_eq!(Limits::time(Duration::from_secs(1)).depth, lapilli_search::MAX_DEPTH);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies (capped at [`MAX_DEPTH`]; 0 searches one ply).
    pub depth: u32,
    /// Maximum nodes, summed over threads.
    pub nodes: Option<u64>,
    /// Maximum wall time.
    pub time: Option<Duration>,
}

impl Limits {
    /// Search to `depth` plies, with no node or time limit.
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

    /// The limits a front end was given, each optional: `depth` plies (else
    /// [`MAX_DEPTH`]), at most `time` and at most `nodes` nodes where
    /// given. The one builder behind `lapilli analyze`, `play`, `uci` and
    /// `match`.
    ///
    /// ```
    /// use lapilli_search::{Limits, MAX_DEPTH};
    /// use std::time::Duration;
    /// assert_eq!(Limits::of(Some(6), None, None), Limits::depth(6));
    /// let ms = Duration::from_millis(100);
    /// assert_eq!(Limits::of(None, Some(ms), Some(9)), Limits::time(ms).with_nodes(9));
    /// assert_eq!(Limits::of(None, None, None).depth, MAX_DEPTH);
    /// ```
    pub fn of(depth: Option<u32>, time: Option<Duration>, nodes: Option<u64>) -> Limits {
        Limits { depth: depth.unwrap_or(MAX_DEPTH), nodes, time }
    }

    /// These limits with the depth limit set to `depth` plies.
    #[must_use]
    pub fn with_depth(self, depth: u32) -> Limits {
        Limits { depth, ..self }
    }

    /// These limits with the wall time limited to `time` as well.
    #[must_use]
    pub fn with_time(self, time: Duration) -> Limits {
        Limits { time: Some(time), ..self }
    }

    /// These limits with the node budget set to `nodes` as well.
    #[must_use]
    pub fn with_nodes(self, nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..self }
    }

    /// The depth of the last iteration: the limit clamped to
    /// `1..=MAX_DEPTH`.
    pub(super) fn max_depth(&self) -> u32 {
        self.depth.clamp(1, MAX_DEPTH)
    }
}
