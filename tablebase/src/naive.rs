//! The naive fixpoint: the reference the tier solver is tested against.

use super::solver::terminal_value;
use lapilli_game::Value;
use lapilli_game::{Game, MoveList};
use rustc_hash::FxHashMap;

/// The value (WDL and DTM in plies) of every position reachable from
/// `roots`, by the plainest method: enumerate the positions (through
/// `canon`, a canonical form, or the identity), then sweep all of them once
/// per level `d = 1, 2, ...`, declaring won at `d` every unresolved position
/// with a successor lost at `d - 1` and lost at `d` every one whose
/// successors are all resolved, all wins for the opponent, the slowest at
/// `d - 1`; stop when a sweep changes nothing. No index, no predecessors,
/// no counters: quadratic in the longest DTM, for tests only.
///
/// Returns the values keyed by the canonical form's Zobrist key
/// ([`Game::zobrist`]).
pub fn naive_values<G: Game>(roots: &[G], canon: impl Fn(&G) -> G) -> FxHashMap<u64, Value> {
    let mut index: FxHashMap<u64, usize> = FxHashMap::default();
    let mut positions: Vec<G> = Vec::new();
    for r in roots {
        let c = canon(r);
        index.entry(c.zobrist()).or_insert_with(|| {
            positions.push(c);
            positions.len() - 1
        });
    }
    // Successors as (position number, side changed).
    let mut succ: Vec<Vec<(usize, bool)>> = Vec::new();
    let mut moves = G::Moves::default();
    let mut head = 0;
    while head < positions.len() {
        let pos = positions[head].clone();
        head += 1;
        let mut list = Vec::new();
        if pos.outcome().is_none() {
            pos.legal_moves(&mut moves);
            for &m in moves.as_slice() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                let changed = child.side_to_move() != pos.side_to_move();
                let child = canon(&child);
                let id = *index.entry(child.zobrist()).or_insert_with(|| {
                    positions.push(child);
                    positions.len() - 1
                });
                list.push((id, changed));
            }
        }
        succ.push(list);
    }
    let mut values: Vec<Option<Value>> = positions.iter().map(|p| p.outcome().map(terminal_value)).collect();
    let mut d = 1;
    loop {
        let mut updates = Vec::new();
        for (i, list) in succ.iter().enumerate() {
            if values[i].is_some() || list.is_empty() {
                continue;
            }
            let before: Vec<Option<Value>> =
                list.iter().map(|&(c, ch)| values[c].map(|v| v.before_ply(ch))).collect();
            if before.contains(&Some(Value::Win(d))) {
                updates.push((i, Value::Win(d)));
            } else if before.iter().all(|v| matches!(v, Some(Value::Loss(_))))
                && before.contains(&Some(Value::Loss(d)))
            {
                updates.push((i, Value::Loss(d)));
            }
        }
        // A value at level d needs one at d - 1: an empty level ends it.
        if updates.is_empty() {
            break;
        }
        for (i, v) in updates {
            values[i] = Some(v);
        }
        d += 1;
    }
    positions.iter().zip(values).map(|(p, v)| (p.zobrist(), v.unwrap_or(Value::Draw))).collect()
}
