//! The positions reachable from a start, counted with their values.

use super::probe::Tablebases;
use super::{TablebaseError, TierSpace};
use crate::retrograde::Counts;
use lapilli_game::Value;
use lapilli_game::{Game, MoveList};
use rustc_hash::{FxHashMap, FxHashSet};

/// What [`reachable`] counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reachable {
    /// Every reachable position (each orbit counted by its size, finished
    /// positions included), by value for its side to move.
    pub positions: Counts,
    /// The reachable positions the filter picks (e.g. the movement phase).
    pub picked: Counts,
    /// Reachable orbits (canonical forms).
    pub classes: u64,
    /// Reachable positions no table covers (not counted by value).
    pub uncovered: u64,
    /// The longest DTM of a reachable position, in plies.
    pub max_dtm: u32,
}

/// Counts the positions reachable from `root` by legal plies, by their
/// value in `tables`, with `pick` choosing a subset counted apart
/// (`pick` must be invariant under the space's symmetry group). A search
/// over orbits: two bits per index of each covered tier (the orbit stored
/// there and, with colour folding, its colour twin's), a hash set for
/// positions outside the tables (finished ones; those without a tier are
/// told apart by their Zobrist key, so their symmetric images count
/// apart).
///
/// # Errors
/// [`TablebaseError::ProbeFailed`] when a covered tier's table cannot be
/// loaded; [`TablebaseError::OutOfMemory`] when the system refuses the
/// memory of a tier's bits (the size asked for is named).
pub fn reachable<S: TierSpace>(
    tables: &Tablebases<S>,
    root: &S::Game,
    pick: impl Fn(&S::Game) -> bool,
) -> Result<Reachable, TablebaseError> {
    let space = tables.space();
    let mut seen: FxHashMap<S::Tier, Vec<u64>> = FxHashMap::default();
    let mut seen_elsewhere: FxHashSet<(Option<S::Tier>, u64)> = FxHashSet::default();
    // Two slots an index: the orbit stored there and, with colour folding,
    // its twin's.
    let slot = |pos: &S::Game| -> u64 { 2 * space.index(pos) + u64::from(space.stored_as_twin(pos)) };
    let mut first_visit = |pos: &S::Game| -> Result<bool, TablebaseError> {
        let tier = space.tier_of(pos);
        let covered = tier.filter(|&t| tables.has_tier(t));
        Ok(match covered {
            Some(t) => {
                let bits = match seen.entry(t) {
                    std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                    std::collections::hash_map::Entry::Vacant(e) => {
                        let words = (2 * space.size(t)).div_ceil(64) as usize;
                        let what = || format!("the positions seen of tier {}", space.tier_name(t));
                        e.insert(
                            lapilli_game::alloc::try_vec(words, 0).map_err(TablebaseError::memory(what))?,
                        )
                    }
                };
                let i = slot(pos);
                let (word, bit) = ((i / 64) as usize, 1u64 << (i % 64));
                let fresh = bits[word] & bit == 0;
                bits[word] |= bit;
                fresh
            }
            None => {
                let key = match tier {
                    Some(_) => slot(pos),
                    None => pos.zobrist(),
                };
                seen_elsewhere.insert((tier, key))
            }
        })
    };
    let mut out = Reachable::default();
    let mut stack = vec![root.clone()];
    first_visit(root)?;
    let mut moves = <S::Game as Game>::Moves::default();
    while let Some(pos) = stack.pop() {
        let orbit = space.orbit_len(&pos);
        out.classes += 1;
        let picked = pick(&pos);
        match tables.try_probe(&pos)? {
            None => out.uncovered += orbit,
            Some(v) => {
                out.max_dtm = out.max_dtm.max(v.plies().unwrap_or(0));
                add(&mut out.positions, v, orbit);
                if picked {
                    add(&mut out.picked, v, orbit);
                }
            }
        }
        if pos.outcome().is_some() {
            continue;
        }
        pos.legal_moves(&mut moves);
        for &m in moves.as_slice() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            if first_visit(&child)? {
                stack.push(child);
            }
        }
    }
    Ok(out)
}

fn add(c: &mut Counts, v: Value, n: u64) {
    c.total += n;
    match v {
        Value::Win(_) => c.win += n,
        Value::Loss(_) => c.loss += n,
        Value::Draw => c.draw += n,
    }
}
