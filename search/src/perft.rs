//! perft: counting the leaves of the legal-ply tree.

use crate::game::{Game, MoveList};

/// The number of leaves of the legal-ply tree `depth` plies deep: every
/// sequence of `depth` legal plies from `pos` counts once. A finished game
/// has no legal plies, so a line that ends early contributes nothing.
/// `perft(pos, 0) == 1`.
///
/// Bulk counting: at depth 1 the length of the move list is the count.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    let mut lists: Vec<G::Moves> = (0..depth).map(|_| G::Moves::default()).collect();
    count(pos, depth, &mut lists)
}

/// [`perft`] split by root move: the leaf count below each legal root ply,
/// in generation order (the counts sum to `perft(pos, depth)` for
/// `depth >= 1`).
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut root = G::Moves::default();
    pos.legal_moves(&mut root);
    let mut lists: Vec<G::Moves> = (0..depth).map(|_| G::Moves::default()).collect();
    root.as_slice()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m);
            (m, count(&child, depth.saturating_sub(1), &mut lists))
        })
        .collect()
}

fn count<G: Game>(pos: &G, depth: u32, lists: &mut [G::Moves]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = lists.split_first_mut().expect("one list per ply");
    pos.legal_moves(moves);
    if depth == 1 {
        return moves.as_slice().len() as u64;
    }
    let mut total = 0;
    for &m in moves.as_slice() {
        let mut child = pos.clone();
        child.play(m);
        total += count(&child, depth - 1, rest);
    }
    total
}
