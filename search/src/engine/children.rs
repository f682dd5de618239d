//! A node's children: the plain child search, a leaf scored at once,
//! reverse futility pruning, enhanced transposition cutoffs, the
//! null-window probe of principal-variation search, and late-move
//! reductions.

use super::options::{lmr_reduction, FUTILITY_MAX_DEPTH};
use super::ordering::Scored;
use super::worker::Worker;
use crate::tt::{from_tt, Bound, EXHAUSTIVE_DEPTH};
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

    /// Enhanced transposition cutoff
    /// ([`Options::with_transposition_cutoffs`](super::Options::with_transposition_cutoffs)):
    /// the score of at least `beta` that the table entry of a child of
    /// `pos` proves for it, before any child is searched, and whether that
    /// entry was searched to the end of the game (exhaustive); `None` to
    /// search the children, and at once for
    /// a game that does not tell the key after a ply
    /// ([`Game::zobrist_after`]). `pos` is `ply` plies below the root with
    /// `depth` plies to go, `list` its moves, `window_start` as for the
    /// node. With repetition detection on, a child reached by a reversible
    /// ply is passed over if it repeats a position of the line or makes
    /// the no-progress limit (whether or not the rules apply there): the
    /// node would score it as a draw, whatever the table holds. Marks the
    /// line as cut when the entry is not exhaustive, as a deciding table
    /// probe does.
    pub(super) fn transposition_cutoff(
        &mut self,
        pos: &G,
        list: &[Scored<G::Move>],
        depth: u32,
        ply: u32,
        beta: i32,
        window_start: usize,
    ) -> Option<(i32, bool)> {
        let tt = self.shared.tt?;
        let limit = pos.no_progress_limit();
        for scored in list {
            // A game that cannot tell the keys has none to tell.
            let key = pos.zobrist_after(scored.mv)?;
            let Some(entry) = tt.probe(key) else { continue };
            if !self.deep_enough(entry.depth, depth - 1) {
                continue;
            }
            let reversible = !pos.is_irreversible(scored.mv);
            if self.options.repetition() && reversible && self.repeats_or_expires(key, window_start, 1, limit)
            {
                continue;
            }
            // The child's score bounds the node's: from below when the
            // child's is an upper bound and the side to move changes, or a
            // lower bound and it does not. The side is told by playing the
            // move only for such an entry.
            let s = from_tt(entry.score, ply + 1);
            let mut child = pos.clone();
            child.play_unchecked(scored.mv);
            let same_side = child.side_to_move() == pos.side_to_move();
            let bound = match (same_side, entry.bound) {
                (false, Bound::Exact | Bound::Upper) => -s,
                (true, Bound::Exact | Bound::Lower) => s,
                _ => continue,
            };
            if bound >= beta {
                self.stats.transposition_cutoffs += 1;
                let exhaustive = entry.depth == EXHAUSTIVE_DEPTH;
                if !exhaustive {
                    self.cut = true;
                }
                return Some((bound, exhaustive));
            }
        }
        None
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
