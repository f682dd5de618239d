//! Negamax with alpha-beta pruning and an optional transposition table.

use crate::game::{Evaluate, Game, MoveList};
use crate::score::{terminal_score, MAX_EVAL};
use crate::stats::{SearchResult, Stats};
use crate::tt::{from_tt, to_tt, Bound, Entry, TranspositionTable};

/// A fixed-depth negamax searcher with alpha-beta pruning (fail-soft) and,
/// optionally, a transposition table.
///
/// Turn-aware like [`crate::minimax`]: when a ply leaves the same side to
/// move, the child is searched with the same window and its score is not
/// negated. Its scores equal plain minimax's at the same depth exactly: a
/// table entry answers a probe only if it was searched to the same
/// remaining depth (a deeper entry would be more accurate but would change
/// the answer), and mate scores are stored relative to the node and
/// re-based on probe. Entries also supply the first move to try.
///
/// ```
/// use lapilli_search::{AlphaBeta, Game, Outcome};
/// # use lapilli_search::doc_game::Nim;
/// // Nim with 4 stones, take 1 or 2, taking the last stone wins:
/// // the side to move wins by taking 1, in 3 plies.
/// let mut search = AlphaBeta::new().with_transposition_table(1 << 16);
/// let result = search.search(&Nim::new(4), 10, &|_: &Nim| 0);
/// assert_eq!(result.score, lapilli_search::WIN - 3);
/// assert_eq!(result.best_move, Some(1));
/// ```
pub struct AlphaBeta<G: Game> {
    tt: Option<TranspositionTable<G::Move>>,
    stats: Stats,
    move_lists: Vec<G::Moves>,
}

impl<G: Game> Default for AlphaBeta<G> {
    fn default() -> Self {
        AlphaBeta::new()
    }
}

impl<G: Game> AlphaBeta<G> {
    /// A searcher without a transposition table.
    pub fn new() -> AlphaBeta<G> {
        AlphaBeta {
            tt: None,
            stats: Stats::default(),
            move_lists: Vec::new(),
        }
    }

    /// Adds a transposition table of at most `bytes` bytes. The table
    /// stores, per position hash, the score, its bound, the depth and the
    /// best move; it persists across calls to [`AlphaBeta::search`].
    #[must_use]
    pub fn with_transposition_table(mut self, bytes: usize) -> AlphaBeta<G> {
        self.tt = Some(TranspositionTable::with_bytes(bytes));
        self
    }

    /// Searches `pos` to `depth` plies with `eval` at the leaves.
    pub fn search<E: Evaluate<G>>(
        &mut self,
        pos: &G,
        depth: u32,
        eval: &E,
    ) -> SearchResult<G::Move> {
        self.stats = Stats::default();
        let (score, best_move) = self.node(pos, depth, 0, -i32::MAX, i32::MAX, eval);
        SearchResult {
            score,
            best_move,
            depth,
            stats: self.stats,
        }
    }

    fn node<E: Evaluate<G>>(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        eval: &E,
    ) -> (i32, Option<G::Move>) {
        self.stats.nodes += 1;
        if let Some(outcome) = pos.outcome() {
            return (terminal_score(outcome, ply), None);
        }
        if depth == 0 {
            return (eval.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL), None);
        }
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(entry) = self.tt.as_ref().and_then(|tt| tt.probe(key)) {
            self.stats.tt_hits += 1;
            tt_move = entry.best_move;
            if entry.depth == depth && ply > 0 {
                let s = from_tt(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return (s, entry.best_move);
                }
            }
        }
        let ply_index = ply as usize;
        if self.move_lists.len() <= ply_index {
            self.move_lists
                .resize_with(ply_index + 1, G::Moves::default);
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply_index]);
        pos.legal_moves(&mut moves);
        let list = moves.as_slice();
        let first = tt_move
            .and_then(|m| list.iter().position(|&x| x == m))
            .unwrap_or(0);
        let alpha0 = alpha;
        let mut best = -i32::MAX;
        let mut best_move = None;
        for i in std::iter::once(first).chain((0..list.len()).filter(|&i| i != first)) {
            let Some(&m) = list.get(i) else { break };
            let mut child = pos.clone();
            child.play(m);
            let s = if child.side_to_move() == pos.side_to_move() {
                self.node(&child, depth - 1, ply + 1, alpha, beta, eval).0
            } else {
                -self.node(&child, depth - 1, ply + 1, -beta, -alpha, eval).0
            };
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        self.stats.cutoffs += 1;
                        break;
                    }
                }
            }
        }
        self.move_lists[ply_index] = moves;
        if let Some(tt) = self.tt.as_mut() {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            tt.store(Entry {
                key,
                score: to_tt(best, ply),
                depth,
                bound,
                best_move,
            });
        }
        (best, best_move)
    }
}
