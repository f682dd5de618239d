//! Variety without losing value: a searched ply played as one of its images
//! under the board's automorphisms that fix the position
//! ([`Analysis::with_symmetric_variety`]), and the seeded uniform choice
//! ([`pick`]) front ends share for it and for the perfect player's choice
//! among plies of equal value.

use crate::Analysis;
use lapilli_game::{mix64, Canonicalize};

/// Which of `n` equal choices to take (`n > 0`; 0 for `n == 0`): uniform,
/// from `seed`, the position's hash `zobrist` and the number of plies
/// played before it, by SplitMix64 and a multiply-and-shift: the same
/// numbers give the same choice on every machine.
///
/// ```
/// use lapilli_search::variety::pick;
/// assert_eq!(pick(7, 42, 3, 5), pick(7, 42, 3, 5));
/// assert!((0..64).map(|seed| pick(seed, 42, 3, 5)).all(|i| i < 5));
/// ```
pub fn pick(seed: u64, zobrist: u64, plies_before: usize, n: usize) -> usize {
    let key = mix64(seed ^ mix64(zobrist ^ (plies_before as u64).rotate_left(32)));
    ((u128::from(mix64(key)) * n as u128) >> 64) as usize
}

impl<M: Copy + PartialEq> Analysis<M> {
    /// The same result with its ply, when irreversible
    /// ([`lapilli_game::Game::is_irreversible`]), replaced by one of its
    /// images under the automorphisms that fix `pos`
    /// ([`Canonicalize::equivalent_lines`]: plies of exactly the same
    /// value), chosen by [`pick`] from `seed`, `pos` and `plies_before`;
    /// the principal variation, when it starts with the ply, is mapped
    /// with it. A reversible ply is kept: the game's history is not mapped,
    /// so an image could repeat an earlier position where the ply does
    /// not; after an irreversible ply no earlier position can come back.
    ///
    /// ```
    /// use lapilli_game::doc_game::Nim;
    /// use lapilli_search::{Engine, Limits};
    /// use lapilli_game::History;
    /// // Nim has no symmetries: the result is unchanged.
    /// let a = Engine::new().search(&Nim::new(5), &History::default(), &Limits::depth(3), &|_: &Nim| 0);
    /// assert_eq!(a.clone().with_symmetric_variety(&Nim::new(5), 9, 0), a);
    /// ```
    #[must_use]
    pub fn with_symmetric_variety<G: Canonicalize<Move = M>>(
        mut self,
        pos: &G,
        seed: u64,
        plies_before: usize,
    ) -> Analysis<M> {
        let Some(best) = self.best_move else { return self };
        if !pos.is_irreversible(best) {
            return self;
        }
        let with_pv = self.pv.first() == Some(&best);
        let mut lines = pos.equivalent_lines(if with_pv { &self.pv } else { std::slice::from_ref(&best) });
        let line = lines.swap_remove(pick(seed, pos.zobrist(), plies_before, lines.len()));
        self.best_move = line.first().copied();
        if with_pv {
            self.pv = line;
        }
        self
    }
}
