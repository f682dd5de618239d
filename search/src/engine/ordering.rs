//! Move ordering: the table's move first, then forcing moves (positive
//! [`Game::move_order_hint`]), the two killer moves of the ply, and quiet
//! moves by the history heuristic; ties keep generation order. Picking is
//! staged: the table's move is tried before the others are scored, as it
//! often cuts off alone, and one ply above the leaves, where there is
//! rarely a table move, the killers are tried before the plies are even
//! generated, one at a time ([`MoveOrder::next_killer`]), as they cut off
//! there most often after the forcing moves.

use lapilli_game::Game;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// The order of a move tried before the others are scored (the table's
/// move, or a killer tried before generation): above everything.
const TRIED_FIRST: i32 = i32::MAX;
/// Moves with a positive hint (captures, removals) order at
/// `FORCING + min(hint, HINT_CAP)`, above the killers.
const FORCING: i32 = 1 << 28;
/// The largest hint that still orders moves among themselves: the forcing
/// band ends below the table's move.
const HINT_CAP: i32 = 1 << 26;
/// The first killer of a ply orders at `KILLER`, the second one below.
const KILLER: i32 = 1 << 27;
/// History scores stay within plus or minus this, far below the killers:
/// when a slot reaches it, every slot is halved.
const HISTORY_CAP: i32 = 1 << 20;
/// The picks made by selection before the rest of a node's moves are
/// sorted ([`MoveOrder::pick`]).
const SORT_AFTER: usize = 3;
/// Entries of the history table: a move's key modulo this (a game's own
/// [`Game::move_key`] below it never shares a slot).
const HISTORY_SLOTS: usize = 1 << 14;

/// A move with its rank (a killer tried before generation gets its
/// generation index when the plies are generated): the order (see the constants above)
/// from bit 32 up, 0 in bits 16 to 31, `u16::MAX` minus the
/// generation index in the low 16 bits, so that the larger rank is picked
/// first and ties keep generation order. 16 bytes for a move of up to 8:
/// the selection scans and the sort of an all-node move little memory.
pub(super) struct Scored<M> {
    pub(super) mv: M,
    rank: i64,
}

/// The generation index of the `i`th generated move, as a rank holds it
/// (clamped to 16 bits).
#[inline]
fn generation_index(i: usize) -> u16 {
    i.min(usize::from(u16::MAX)) as u16
}

/// The history a quiet move gains by a cutoff with `depth` plies to go
/// (and the moves tried before it lose, with the malus): the square of
/// `depth`, at most [`HISTORY_CAP`].
#[inline]
fn history_bonus(depth: u32) -> i32 {
    (depth * depth).min(HISTORY_CAP as u32) as i32
}

/// The rank of the move at generation index `index` with order `order`.
#[inline]
fn rank(order: i32, index: u16) -> i64 {
    (i64::from(order) << 32) | i64::from(u16::MAX - index)
}

impl<M> Scored<M> {
    /// The order part of the rank.
    #[inline]
    fn order(&self) -> i32 {
        (self.rank >> 32) as i32
    }

    /// The index in generation order (what the table stores).
    #[inline]
    pub(super) fn index(&self) -> u16 {
        u16::MAX - self.rank as u16
    }

    /// Whether the move is quiet, for the killers and the history: no
    /// positive hint (asked of `pos` for a move tried first, unscored;
    /// read from the order band otherwise).
    #[inline]
    fn is_quiet<G: Game<Move = M>>(&self, pos: &G) -> bool
    where
        M: Copy,
    {
        match self.order() {
            TRIED_FIRST => pos.move_order_hint(self.mv) <= 0,
            order => order < FORCING,
        }
    }

    /// Whether the move may be reduced: scored (not one tried first, such
    /// as the table's move), quiet (no positive hint, so below the forcing
    /// band) and not one of the ply's killers.
    #[inline]
    pub(super) fn is_late_quiet(&self) -> bool {
        self.order() < KILLER - 1
    }
}

/// A worker's ordering state: killers per ply, the history table, and
/// scratch space for hints.
pub(super) struct MoveOrder<M> {
    use_killers: bool,
    use_history: bool,
    /// Whether quiet moves tried before a cutoff lose history.
    history_malus: bool,
    /// Two killer moves per ply, as move hashes (see [`move_key`]; 0 is an
    /// empty slot).
    killers: Vec<[u64; 2]>,
    history: Vec<i32>,
    scratch: Vec<M>,
    hints: Vec<i32>,
}

/// A move's key for the killers and the history table, never 0 (0 marks
/// an empty killer slot): the game's [`Game::move_key`] with bit 32 set, or
/// else the move's hash with bit 0 set.
#[inline]
fn move_key<G: Game>(pos: &G, m: G::Move) -> u64 {
    match pos.move_key(m) {
        Some(k) => u64::from(k) | 1 << 32,
        None => {
            let mut h = FxHasher::default();
            m.hash(&mut h);
            h.finish() | 1
        }
    }
}

impl<M: Copy + Eq + Hash> MoveOrder<M> {
    pub(super) fn new(use_killers: bool, use_history: bool, history_malus: bool) -> MoveOrder<M> {
        MoveOrder {
            use_killers,
            use_history,
            history_malus,
            killers: Vec::new(),
            history: if use_history { vec![0; HISTORY_SLOTS] } else { Vec::new() },
            scratch: Vec::new(),
            hints: Vec::new(),
        }
    }

    /// Appends to `list` the first killer of ply `ply` from slot `*slot`
    /// on that is legal in `pos`, found by key ([`Game::move_with_key`])
    /// before generation and marked tried first, and moves `*slot` past
    /// it (past every slot when none is). Returns whether one was
    /// appended. One killer at a time: the second is only looked up when
    /// the first is not legal here, or was tried and did not cut off.
    pub(super) fn next_killer<G: Game<Move = M>>(
        &self,
        pos: &G,
        list: &mut Vec<Scored<M>>,
        ply: usize,
        slot: &mut usize,
    ) -> bool {
        let Some(killers) = self.killers.get(ply) else {
            *slot = 2;
            return false;
        };
        while *slot < 2 {
            let key = killers[*slot];
            *slot += 1;
            // A game's own key has bit 32 set and nothing above it.
            if key >> 32 == 1 {
                if let Some(mv) = pos.move_with_key(key as u32) {
                    list.push(Scored { mv, rank: rank(TRIED_FIRST, 0) });
                    return true;
                }
            }
        }
        false
    }

    /// Fills `list` with `generated` in generation order after the `front`
    /// moves already tried first ([`MoveOrder::next_killer`]), which
    /// get their generation indices and are not listed again. With none,
    /// swaps the move at `table_index`, marked to be tried first, to the
    /// front (where the first pick would put it). Returns how many moves
    /// are tried first, unscored.
    pub(super) fn fill(
        list: &mut Vec<Scored<M>>,
        generated: &[M],
        table_index: Option<u16>,
        front: usize,
    ) -> usize {
        let index = generation_index;
        list.truncate(front);
        if front > 0 {
            let mut found = 0;
            for (i, &mv) in generated.iter().enumerate() {
                match list[..front].iter().position(|s| s.mv == mv) {
                    Some(j) => {
                        list[j].rank = rank(TRIED_FIRST, index(i));
                        found += 1;
                    }
                    None => list.push(Scored { mv, rank: rank(0, index(i)) }),
                }
            }
            debug_assert!(
                found == front,
                "Game contract broken: move_with_key gave a ply legal_moves does not generate"
            );
            return front;
        }
        list.extend(generated.iter().enumerate().map(|(i, &mv)| Scored { mv, rank: rank(0, index(i)) }));
        match table_index.map(usize::from) {
            Some(i) if i < list.len() => {
                list[i].rank = rank(TRIED_FIRST, index(i));
                list.swap(0, i);
                1
            }
            _ => 0,
        }
    }

    /// [`MoveOrder::fill`] with no move tried first and none from the
    /// table (or an index beyond the list, which `fill` ignores), scoring
    /// each move as it is listed, as the first [`MoveOrder::pick`] would
    /// (`ply` selects the killers): one pass, with the hints asked for
    /// `generated` itself rather than a copy.
    pub(super) fn fill_scored<G: Game<Move = M>>(
        &mut self,
        pos: &G,
        list: &mut Vec<Scored<M>>,
        generated: &[M],
        ply: usize,
    ) {
        let killers = *self.killers_at(ply);
        pos.move_order_hints(generated, &mut self.hints);
        list.clear();
        list.extend(generated.iter().zip(&self.hints).enumerate().map(|(i, (&mv, &hint))| Scored {
            mv,
            rank: rank(self.order_of(pos, mv, hint, killers), generation_index(i)),
        }));
    }

    /// Moves the best-ordered of `list[n..]` to `list[n]`, the `n`th pick
    /// from a list [`MoveOrder::fill`] made (which returned `front`) or
    /// [`MoveOrder::fill_scored`] made (`front` 0, `scored` true). The
    /// moves tried first, already in front, are picked unscored; the
    /// other moves are all scored at the first pick that needs them
    /// (`ply` selects the killers), unless they were scored as the list
    /// was filled. Selection, not a full sort: a cutoff usually comes
    /// after one or two moves.
    ///
    /// A node that has not cut off after [`SORT_AFTER`] picks is probably
    /// an all-node that will try every move: its remaining moves are
    /// sorted then, once, by the same key (the order of the picks does not
    /// change, only the work: `n log n` instead of `n²`), and the later
    /// picks find each move in place.
    pub(super) fn pick<G: Game<Move = M>>(
        &mut self,
        pos: &G,
        list: &mut [Scored<M>],
        n: usize,
        front: usize,
        ply: usize,
        scored: bool,
    ) {
        if n > SORT_AFTER || n < front {
            return;
        }
        // The first pick the moves tried first (if any) did not answer:
        // score the rest, unless the list was scored as it was filled.
        if n == front && !scored {
            self.score(pos, &mut list[n..], ply);
        }
        if n == SORT_AFTER {
            list[n..].sort_unstable_by_key(|s| std::cmp::Reverse(s.rank));
            return;
        }
        let mut pick = n;
        let mut best_rank = list[n].rank;
        for (i, s) in list.iter().enumerate().skip(n + 1) {
            if s.rank > best_rank {
                (pick, best_rank) = (i, s.rank);
            }
        }
        list.swap(n, pick);
    }

    /// Scores the moves of `list` for ordering: positive hints first, then
    /// the two killers of ply `ply`, then the history heuristic.
    fn score<G: Game<Move = M>>(&mut self, pos: &G, list: &mut [Scored<M>], ply: usize) {
        let killers = *self.killers_at(ply);
        self.scratch.clear();
        self.scratch.extend(list.iter().map(|s| s.mv));
        pos.move_order_hints(&self.scratch, &mut self.hints);
        for (s, &hint) in list.iter_mut().zip(&self.hints) {
            s.rank = rank(self.order_of(pos, s.mv, hint, killers), s.index());
        }
    }

    /// The two killers of ply `ply`, the table grown to hold it.
    #[inline]
    fn killers_at(&mut self, ply: usize) -> &mut [u64; 2] {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [0, 0]);
        }
        &mut self.killers[ply]
    }

    /// The order of move `mv` with hint `hint`, given its ply's `killers`:
    /// forcing, then killer, then its history.
    #[inline]
    fn order_of<G: Game<Move = M>>(&self, pos: &G, mv: M, hint: i32, killers: [u64; 2]) -> i32 {
        if hint > 0 {
            FORCING + hint.min(HINT_CAP)
        } else if !(self.use_killers || self.use_history) {
            0
        } else {
            let key = move_key(pos, mv);
            if self.use_killers && killers[0] == key {
                KILLER
            } else if self.use_killers && killers[1] == key {
                KILLER - 1
            } else if self.use_history {
                self.history[key as usize % HISTORY_SLOTS]
            } else {
                0
            }
        }
    }

    /// Records that the last of `tried` (the moves searched at a node, in
    /// order) caused a cutoff at `ply` with `depth` plies to go: a quiet
    /// move becomes the ply's first killer and gains history, and the
    /// quiet moves tried before it, which did not cut off, lose as much
    /// (the history malus). (The keys are found again here, at a cutoff,
    /// rather than kept for every move; a move tried first, unscored, is
    /// tested for a hint.)
    pub(super) fn reward<G: Game<Move = M>>(&mut self, pos: &G, tried: &[Scored<M>], ply: usize, depth: u32) {
        let Some((scored, before)) = tried.split_last() else { return };
        let quiet = |s: &Scored<M>| s.is_quiet(pos);
        if !quiet(scored) || !(self.use_killers || self.use_history) {
            return;
        }
        let key = move_key(pos, scored.mv);
        if self.use_killers {
            let k = self.killers_at(ply);
            if k[0] != key {
                k[1] = k[0];
                k[0] = key;
            }
        }
        if self.use_history {
            let bonus = history_bonus(depth);
            self.add_history(key, bonus);
            if self.history_malus {
                for s in before.iter().filter(|s| quiet(s)) {
                    self.add_history(move_key(pos, s.mv), -bonus);
                }
            }
        }
    }

    /// Adds `change` to the history of the move keyed `key`, halving every
    /// slot when this one leaves the range of [`HISTORY_CAP`].
    #[inline]
    fn add_history(&mut self, key: u64, change: i32) {
        let slot = &mut self.history[key as usize % HISTORY_SLOTS];
        *slot += change;
        if slot.abs() >= HISTORY_CAP {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_game::doc_game::Nim;

    /// The history of moves 1 and 2 of Nim after move 1 and then move 2
    /// were tried at a node with 3 plies to go and move 2 cut off.
    fn history_after_cutoff(malus: bool) -> (i32, i32) {
        let pos = Nim(5, false);
        let mut order = MoveOrder::new(false, true, malus);
        let mut list = Vec::new();
        MoveOrder::fill(&mut list, &[1, 2], None, 0);
        order.pick(&pos, &mut list, 0, 0, 0, false);
        order.pick(&pos, &mut list, 1, 0, 0, false);
        assert_eq!((list[0].mv, list[1].mv), (1, 2), "generation order among equal histories");
        order.reward(&pos, &list[..2], 0, 3);
        let history = |m: u32| order.history[move_key(&pos, m) as usize % HISTORY_SLOTS];
        (history(1), history(2))
    }

    #[test]
    fn a_quiet_cutoff_gains_history_and_the_malus_charges_the_moves_tried_before_it() {
        // The square of the plies to go, gained and, with the malus, lost.
        assert_eq!(history_after_cutoff(false), (0, 9));
        assert_eq!(history_after_cutoff(true), (-9, 9));
    }

    #[test]
    fn killers_tried_first_get_their_generation_indices_and_are_not_listed_again() {
        let mut list = vec![
            Scored { mv: 7u32, rank: rank(TRIED_FIRST, 0) },
            Scored { mv: 3, rank: rank(TRIED_FIRST, 0) },
        ];
        assert_eq!(MoveOrder::fill(&mut list, &[1, 3, 5, 7], None, 2), 2);
        let listed: Vec<(u32, u16)> = list.iter().map(|s| (s.mv, s.index())).collect();
        assert_eq!(listed, [(7, 3), (3, 1), (1, 0), (5, 2)]);
        // Without them, the table's move (index 2) is swapped to the front.
        assert_eq!(MoveOrder::fill(&mut list, &[1, 3, 5, 7], Some(2), 0), 1);
        let listed: Vec<u32> = list.iter().map(|s| s.mv).collect();
        assert_eq!(listed, [5, 3, 1, 7]);
    }

    #[test]
    fn a_list_scored_as_it_is_filled_ranks_every_move_as_the_first_pick_would() {
        // Nim gives no hints: move 2 is the first killer, move 1 has
        // history, move 3 has none.
        let pos = Nim(5, false);
        let mut order = MoveOrder::new(true, true, false);
        order.killers = vec![[move_key(&pos, 2), 0]];
        order.add_history(move_key(&pos, 1), 7);
        // Scored as filled first, so that it cannot lean on hints the
        // lazy pick left behind.
        let mut scored = Vec::new();
        order.fill_scored(&pos, &mut scored, &[1, 2, 3], 0);
        let mut lazy = Vec::new();
        MoveOrder::fill(&mut lazy, &[1, 2, 3], None, 0);
        order.pick(&pos, &mut lazy, 0, 0, 0, false);
        let ranks = |list: &[Scored<u32>]| {
            let mut r: Vec<(u32, i32, u16)> = list.iter().map(|s| (s.mv, s.order(), s.index())).collect();
            r.sort();
            r
        };
        assert_eq!(ranks(&scored), [(1, 7, 0), (2, KILLER, 1), (3, 0, 2)]);
        assert_eq!(ranks(&lazy), ranks(&scored));
    }

    #[test]
    fn a_history_out_of_range_halves_every_slot() {
        let mut order = MoveOrder::<u32>::new(false, true, true);
        order.add_history(1, 100);
        order.add_history(2, -(HISTORY_CAP - 1));
        assert_eq!((order.history[1], order.history[2]), (100, -(HISTORY_CAP - 1)));
        order.add_history(2, -1);
        assert_eq!((order.history[1], order.history[2]), (50, -HISTORY_CAP / 2));
    }
}
