//! A transposition table.

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<M> {
    /// The full 64-bit position hash, verified on probe.
    pub key: u64,
    /// The score, with mate scores relative to the stored node (see
    /// [`to_tt`] and [`from_tt`]).
    pub score: i32,
    /// The remaining depth the score was searched to, in plies.
    pub depth: u32,
    /// What the score bounds.
    pub bound: Bound,
    /// The best move found, for move ordering.
    pub best_move: Option<M>,
}

/// A fixed-size transposition table: a power-of-two number of slots,
/// indexed by the low bits of the position hash, the full hash stored and
/// verified. Replacement: a new result replaces the slot's entry unless
/// that entry is for another position and was searched deeper
/// (depth-preferred, otherwise always-replace).
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using at most `bytes` bytes of slots (at least one slot).
    pub fn with_bytes(bytes: usize) -> TranspositionTable<M> {
        let slot = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let mut n = 1usize;
        while n * 2 * slot <= bytes {
            n *= 2;
        }
        TranspositionTable {
            slots: vec![None; n],
            mask: n - 1,
        }
    }

    /// The number of slots.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The size of the slots in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Option<Entry<M>>>()
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores an entry, subject to the replacement scheme.
    #[inline]
    pub fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        match slot {
            Some(old) if old.key != entry.key && old.depth > entry.depth => {}
            _ => *slot = Some(entry),
        }
    }
}

/// Converts a score relative to the root into one relative to a node `ply`
/// plies below it, for storing: mate distances then no longer depend on the
/// path that reached the node.
pub fn to_tt(score: i32, ply: u32) -> i32 {
    if score > crate::score::MAX_EVAL {
        score + ply as i32
    } else if score < -crate::score::MAX_EVAL {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`]: re-bases a stored score on the probing node's
/// distance `ply` from the root.
pub fn from_tt(score: i32, ply: u32) -> i32 {
    if score > crate::score::MAX_EVAL {
        score - ply as i32
    } else if score < -crate::score::MAX_EVAL {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WIN;

    #[test]
    fn mate_scores_rebase() {
        // A win 5 plies from the root found at ply 2 is a win in 3 from the node.
        assert_eq!(to_tt(WIN - 5, 2), WIN - 3);
        // Probed at ply 4 it is a win 7 plies from the root.
        assert_eq!(from_tt(WIN - 3, 4), WIN - 7);
        assert_eq!(from_tt(to_tt(-(WIN - 9), 3), 3), -(WIN - 9));
        assert_eq!(to_tt(1234, 7), 1234);
    }

    #[test]
    fn sizing_and_replacement() {
        let mut tt = TranspositionTable::<u8>::with_bytes(1 << 12);
        assert!(tt.bytes() <= 1 << 12 && tt.capacity().is_power_of_two());
        let n = tt.capacity() as u64;
        let e = |key, depth| Entry {
            key,
            score: 1,
            depth,
            bound: Bound::Exact,
            best_move: None,
        };
        tt.store(e(5, 4));
        tt.store(e(5 + n, 2)); // same slot, other position, shallower: kept out
        assert_eq!(tt.probe(5).map(|e| e.depth), Some(4));
        assert_eq!(tt.probe(5 + n), None);
        tt.store(e(5 + n, 6)); // deeper replaces
        assert_eq!(tt.probe(5), None);
        assert_eq!(tt.probe(5 + n).map(|e| e.depth), Some(6));
    }
}
