//! Identities across a run: unequal positions get unequal keys and, for
//! [`Indexed`] games, unequal indices below the bound.
//!
//! Search trusts the key with no further check (a shared key merges two
//! positions in the table and the repetition history), and the solver
//! trusts the index the same way (a shared index merges two positions of
//! the tablebase). Neither can be checked from one position: the
//! [`Identities`] of a run remember every position met, by key and by
//! index, and compare each newcomer with the one already stored.

use lapilli_game::{Game, Indexed};
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;
use std::fmt::{self, Display};

/// The index checks of a run.
struct Indices<G> {
    /// [`Indexed::index`], kept as a function so that the rules checks
    /// need no `Indexed` bound.
    index: fn(&G) -> usize,
    /// [`Indexed::index_bound`] of the start: every position reachable
    /// from it must have a smaller index.
    bound: usize,
    /// The start's text, for messages.
    start: String,
    /// Every position met, by index.
    seen: FxHashMap<usize, G>,
}

/// Every position met in a run (the positions checked and their
/// children), by key and, for indexed games, by index.
pub(crate) struct Identities<G> {
    keys: FxHashMap<u64, G>,
    indices: Option<Indices<G>>,
}

/// Where a position was met: a checked position, or its child after a ply.
struct Met<'a, M>(&'a str, Option<M>);

impl<M: fmt::Debug> Display for Met<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.1 {
            None => f.write_str(self.0),
            Some(m) => write!(f, "{}, after {m:?}", self.0),
        }
    }
}

impl<G: Game + Display + PartialEq> Identities<G> {
    /// Key checks only.
    pub(crate) fn new() -> Self {
        Identities { keys: FxHashMap::default(), indices: None }
    }

    /// Key and index checks, with the bound of `start`.
    pub(crate) fn indexed(start: &G) -> Self
    where
        G: Indexed,
    {
        let indices = Indices {
            index: <G as Indexed>::index,
            bound: start.index_bound(),
            start: start.to_string(),
            seen: FxHashMap::default(),
        };
        Identities { keys: FxHashMap::default(), indices: Some(indices) }
    }

    /// Records `pos`, met at the position whose text is `text` (after the
    /// ply `ply` from it, for a child).
    ///
    /// # Panics
    /// If an unequal position met before has the same key, or (indexed
    /// runs) the same index, or if the index is not below the bound.
    pub(crate) fn meet(&mut self, pos: &G, text: &str, ply: Option<G::Move>) {
        let key = pos.zobrist();
        match self.keys.entry(key) {
            Entry::Vacant(entry) => {
                entry.insert(pos.clone());
            }
            Entry::Occupied(entry) => assert!(
                entry.get() == pos,
                "{}: two different positions share the key {key:#x} (Game::zobrist): {} and {pos}",
                Met(text, ply),
                entry.get()
            ),
        }
        let Some(indices) = &mut self.indices else {
            return;
        };
        let index = (indices.index)(pos);
        assert!(
            index < indices.bound,
            "{}: the index {index} (Indexed::index) of {pos} is not below the start's Indexed::index_bound, {} (start {})",
            Met(text, ply),
            indices.bound,
            indices.start
        );
        match indices.seen.entry(index) {
            Entry::Vacant(entry) => {
                entry.insert(pos.clone());
            }
            Entry::Occupied(entry) => assert!(
                entry.get() == pos,
                "{}: two different positions share the index {index} (Indexed::index): {} and {pos}",
                Met(text, ply),
                entry.get()
            ),
        }
    }
}
