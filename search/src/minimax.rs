//! Plain minimax: the reference every faster search is tested against.

use crate::stats::{SearchResult, Stats};
use lapilli_game::{terminal_score, MAX_EVAL};
use lapilli_game::{Evaluate, Game, MoveList};

/// Plain fixed-depth minimax, written as negamax without pruning: the
/// reference implementation. Visits every node of the tree to `depth`
/// plies; counts them in the returned [`Stats::nodes`].
///
/// Turn-aware: a child's score is negated only when the side to move
/// changed. Finished games score [`lapilli_game::WIN`]` - ply` for the winner;
/// leaves at depth 0 score `eval` clamped into `±MAX_EVAL`. The best move is
/// the first best in generation order (`None` at a finished position or at
/// depth 0).
pub fn minimax<G: Game, E: Evaluate<G>>(pos: &G, depth: u32, eval: &E) -> SearchResult<G::Move> {
    let mut stats = Stats::default();
    let (score, best_move) = node(pos, depth, 0, eval, &mut stats);
    SearchResult { score, best_move, depth, stats }
}

/// The minimax scores of every root move, in generation order, for the
/// side to move at the root (`depth - 1` plies below each child).
pub fn minimax_root_scores<G: Game, E: Evaluate<G>>(pos: &G, depth: u32, eval: &E) -> Vec<(G::Move, i32)> {
    let mut stats = Stats::default();
    pos.successors()
        .into_iter()
        .map(|(m, child, changed)| {
            let (s, _) = node(&child, depth.saturating_sub(1), 1, eval, &mut stats);
            (m, if changed { -s } else { s })
        })
        .collect()
}

fn node<G: Game, E: Evaluate<G>>(
    pos: &G,
    depth: u32,
    ply: u32,
    eval: &E,
    stats: &mut Stats,
) -> (i32, Option<G::Move>) {
    stats.nodes += 1;
    if let Some(outcome) = pos.outcome() {
        return (terminal_score(outcome, ply), None);
    }
    if depth == 0 {
        return (eval.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL), None);
    }
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    debug_assert!(
        !moves.as_slice().is_empty(),
        "Game contract broken: a position with no legal moves has no outcome: {pos:?}"
    );
    if moves.as_slice().is_empty() {
        return (0, None); // the contract's fallback in release builds: a draw
    }
    let mut best = i32::MIN;
    let mut best_move = None;
    for &m in moves.as_slice() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let (s, _) = node(&child, depth - 1, ply + 1, eval, stats);
        let s = if child.side_to_move() == pos.side_to_move() { s } else { -s };
        if s > best {
            best = s;
            best_move = Some(m);
        }
    }
    (best, best_move)
}
