//! perft: counting the leaves of the legal-ply tree.

use crate::game::{Game, MoveList};

/// The number of leaves of the legal-ply tree `depth` plies deep: every
/// sequence of `depth` legal plies from `pos` counts once. A finished game
/// has no legal plies, so a line that ends early contributes nothing.
/// `perft(pos, 0) == 1`.
///
/// Bulk counting: at depth 1 [`Game::legal_move_count`] is the count (a
/// game may give it without listing the plies).
/// Counts beyond `u64::MAX` saturate. Recursion is `depth` frames deep, so
/// keep `depth` to what can finish (a few dozen plies at most in practice).
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    let mut lists = Vec::new();
    count(pos, depth, 0, &mut lists)
}

/// [`perft`] split by root move: the leaf count below each legal root ply,
/// in generation order. The counts sum to `perft(pos, depth)`; at depth 0
/// there is no root ply to split by and the list is empty.
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut root = G::Moves::default();
    pos.legal_moves(&mut root);
    let mut lists = Vec::new();
    root.as_slice()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, count(&child, depth - 1, 0, &mut lists))
        })
        .collect()
}

/// Leaves `depth` plies below `pos`, which is `ply` plies below the root;
/// `lists` holds one reusable move list per ply, made on first use and
/// boxed, so that taking it out for the loop moves a pointer, not the list
/// (an array-backed list can be kilobytes).
fn count<G: Game>(pos: &G, depth: u32, ply: usize, lists: &mut Vec<Option<Box<G::Moves>>>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return bulk_count(pos);
    }
    if lists.len() <= ply {
        lists.push(None);
    }
    let mut moves = lists[ply].take().unwrap_or_default();
    pos.legal_moves(&mut moves);
    debug_assert!(
        !moves.as_slice().is_empty() || pos.outcome().is_some(),
        "Game contract broken: a position with no legal moves has no outcome: {pos:?}"
    );
    let mut total = 0u64;
    for &m in moves.as_slice() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        // Two plies from the leaves each child is counted in place: the
        // bulk of the work, without a call and a list per child.
        let below = if depth == 2 { bulk_count(&child) } else { count(&child, depth - 1, ply + 1, lists) };
        total = total.saturating_add(below);
    }
    lists[ply] = Some(moves);
    total
}

/// The legal plies of `pos`, counted ([`Game::legal_move_count`]), with the
/// contract checked in debug builds as where the list is made.
#[inline]
fn bulk_count<G: Game>(pos: &G) -> u64 {
    let n = pos.legal_move_count();
    debug_assert!(
        n != 0 || pos.outcome().is_some(),
        "Game contract broken: a position with no legal moves has no outcome: {pos:?}"
    );
    n as u64
}
