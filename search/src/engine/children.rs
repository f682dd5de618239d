//! A node's children: the plain child search, a leaf scored at once,
//! reverse futility pruning, the null-window probe of principal-variation
//! search, and late-move reductions.

use super::options::{lmr_reduction, FUTILITY_MAX_DEPTH};
use super::worker::Worker;
use lapilli_game::{is_mate, terminal_score, Evaluate, Game};

impl<G: Game, E: Evaluate<G>> Worker<'_, G, E> {
    /// Searches `child`, reached from a node at `ply - 1` searched in the
    /// window `(alpha, beta)`, negating only if the side to move changed.
    /// Clears the child's principal-variation row first.
    #[inline]
    pub(super) fn child(
        &mut self,
        child: &G,
        same_side: bool,
        depth: u32,
        ply: u32,
        (alpha, beta): (i32, i32),
        window_start: usize,
    ) -> (i32, bool) {
        self.pv.clear(ply as usize);
        if same_side {
            self.node(child, depth, ply, alpha, beta, window_start)
        } else {
            let (s, dependent) = self.node(child, depth, ply, -beta, -alpha, window_start);
            (-s, dependent)
        }
    }

    /// Scores a child that is a leaf (one ply to go, no repetition
    /// detection) here, once: a null-window probe of a leaf would only
    /// evaluate it twice. Its principal-variation row is left as it was:
    /// the parent's line ends with the move to it (`PvTable::set_last`).
    pub(super) fn leaf_child(&mut self, child: &G, same_side: bool, ply: u32) -> (i32, bool) {
        if !self.count_node() {
            return (0, true);
        }
        let s = match child.outcome() {
            Some(outcome) => terminal_score(outcome, ply),
            None => {
                self.cut = true;
                match self.settled(child) {
                    Some(s) => s,
                    None => self.evaluate(child),
                }
            }
        };
        (if same_side { s } else { -s }, false)
    }

    /// Reverse futility pruning ([`Options::with_futility_pruning`]): the
    /// fail-high score of a null-window node below the root with at most
    /// [`FUTILITY_MAX_DEPTH`] plies to go whose static evaluation beats
    /// beta by the margin, or `None` to search it. Marks the line as cut
    /// by the depth limit when it prunes.
    #[inline]
    pub(super) fn futile(&mut self, pos: &G, depth: u32, ply: u32, alpha: i32, beta: i32) -> Option<i32> {
        if !self.options.futility_pruning() || ply == 0 || depth > FUTILITY_MAX_DEPTH || beta - alpha != 1 {
            return None;
        }
        let margin = self.eval.futility_margin()?;
        if is_mate(beta) {
            return None;
        }
        let bound = self.evaluate(pos) - margin * depth as i32;
        if bound < beta {
            return None;
        }
        self.stats.futility_cuts += 1;
        self.cut = true;
        Some(bound)
    }

    /// Principal-variation search of a later move: a null window at
    /// `alpha` first, the full window `(alpha, beta)` again if the move
    /// fails inside it.
    #[inline]
    pub(super) fn null_window_child(
        &mut self,
        child: &G,
        same_side: bool,
        depth: u32,
        ply: u32,
        (alpha, beta): (i32, i32),
        window_start: usize,
    ) -> (i32, bool) {
        let (s, dependent) = self.child(child, same_side, depth, ply, (alpha, alpha + 1), window_start);
        if s > alpha && s < beta && !self.stopped {
            let (s, again) = self.child(child, same_side, depth, ply, (alpha, beta), window_start);
            (s, dependent || again)
        } else {
            (s, dependent)
        }
    }

    /// A late quiet move (the `n`th of a node with `depth` plies to go,
    /// the side to move changing): a null-window search at the depth
    /// [`lmr_reduction`] leaves, then, if it beats alpha, the usual
    /// principal-variation search at the full depth.
    pub(super) fn reduced_child(
        &mut self,
        child: &G,
        depth: u32,
        n: usize,
        ply: u32,
        (alpha, beta): (i32, i32),
        window_start: usize,
    ) -> (i32, bool) {
        self.stats.reductions += 1;
        let reduced = depth - 1 - lmr_reduction(depth, n);
        let (s, dependent) = self.child(child, false, reduced, ply, (alpha, alpha + 1), window_start);
        if s > alpha && !self.stopped {
            self.stats.re_searches += 1;
            let (s, again) =
                self.null_window_child(child, false, depth - 1, ply, (alpha, beta), window_start);
            (s, dependent || again)
        } else {
            (s, dependent)
        }
    }
}
