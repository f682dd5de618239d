//! The selective techniques, late-move reductions
//! ([`Options::with_late_move_reductions`]), internal iterative reductions
//! ([`Options::with_internal_reductions`]) and reverse futility pruning
//! ([`Options::with_futility_pruning`]), on a game wide enough for them to
//! apply: three-heap Nim, where the side to move wins exactly when the
//! heaps' xor is not 0 (Bouton, 1901). They change scores at a fixed
//! depth, so they are checked by what must survive them: legal principal
//! variations that account for the score, proven results that are real
//! (the right winner, never faster than the full-width search proves), and
//! reductions and cuts that do happen.

mod common;

use common::check_pv;
use lapilli_game::{Evaluate, Game, History, Outcome, WIN};
use lapilli_search::{lmr_reduction, Engine, Limits, Options, StopReason, MAX_DEPTH};
use proptest::prelude::*;

/// Three-heap Nim: a move takes 1 or more stones from one heap; the side
/// that cannot move (all heaps empty) has lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Nim3 {
    heaps: [u8; 3],
    side: bool,
}

impl Game for Nim3 {
    type Move = (u8, u8);
    type Side = bool;
    type Moves = Vec<(u8, u8)>;
    fn side_to_move(&self) -> bool {
        self.side
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.heaps == [0, 0, 0]).then_some(Outcome::Loss)
    }
    fn legal_moves(&self, moves: &mut Vec<(u8, u8)>) {
        moves.clear();
        for (heap, &n) in self.heaps.iter().enumerate() {
            moves.extend((1..=n).map(|take| (heap as u8, take)));
        }
    }
    fn play_unchecked(&mut self, (heap, take): (u8, u8)) {
        self.heaps[heap as usize] -= take;
        self.side = !self.side;
    }
    fn zobrist(&self) -> u64 {
        let [a, b, c] = self.heaps.map(u64::from);
        (((a * 16 + b) * 16 + c) * 2 + self.side as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn is_irreversible(&self, _: (u8, u8)) -> bool {
        true
    }
}

/// A coarse evaluation with ties: the stones left, odd or even, for the
/// side to move.
fn parity_eval(n: &Nim3) -> i32 {
    let stones: i32 = n.heaps.iter().map(|&h| i32::from(h)).sum();
    if stones % 2 == 1 {
        3
    } else {
        -3
    }
}

fn lmr(table_bytes: usize) -> Options {
    Options::default().with_table_bytes(table_bytes).with_late_move_reductions(true)
}

/// [`parity_eval`] with a reverse-futility margin of 1 a ply: every
/// null-window node within [`lapilli_search::FUTILITY_MAX_DEPTH`] plies of the horizon
/// whose parity beats beta by the plies to go is cut.
#[derive(Clone, Copy)]
struct WithMargin;

impl Evaluate<Nim3> for WithMargin {
    fn evaluate(&self, n: &Nim3) -> i32 {
        parity_eval(n)
    }
    fn futility_margin(&self) -> Option<i32> {
        Some(1)
    }
}

/// Every selective technique on.
fn selective(table_bytes: usize) -> Options {
    lmr(table_bytes).with_internal_reductions(true).with_futility_pruning(true)
}

#[test]
fn reductions_are_off_unless_asked_for() {
    assert!(!Options::default().late_move_reductions());
    assert!(!Options::plain().late_move_reductions());
    assert!(lmr(1 << 12).late_move_reductions());
    let root = Nim3 { heaps: [4, 5, 6], side: false };
    let limits = Limits::depth(6);
    let off =
        Engine::with_options(Options::default()).search(&root, &History::default(), &limits, &parity_eval);
    let on = Engine::with_options(lmr(16 << 20)).search(&root, &History::default(), &limits, &parity_eval);
    assert_eq!((off.stats.reductions, off.stats.re_searches), (0, 0));
    assert!(on.stats.reductions > 0, "{:?}", on.stats);
    assert!(on.stats.re_searches <= on.stats.reductions);
}

#[test]
fn internal_reductions_apply_only_when_asked_for_and_off_the_principal_variation() {
    assert!(!Options::default().internal_reductions());
    assert!(!Options::plain().internal_reductions());
    let root = Nim3 { heaps: [4, 5, 6], side: false };
    let limits = Limits::depth(7);
    let search = |options: Options| {
        Engine::with_options(options).search(&root, &History::default(), &limits, &parity_eval)
    };
    // Without a table no node has a table move: every null-window node
    // with 4 plies or more to go is searched a ply shallower (another
    // tree), and the principal variation, searched at full depth, stays
    // sound.
    let off = search(Options::default().with_table_bytes(0));
    let on = search(Options::default().with_table_bytes(0).with_internal_reductions(true));
    assert_ne!(on.stats, off.stats);
    assert_eq!(check_pv(&root, &on, parity_eval, true), Ok(()));
    // Plain alpha-beta has no null windows: nothing to reduce.
    let plain = search(Options::plain());
    assert_eq!(search(Options::plain().with_internal_reductions(true)).stats, plain.stats);
}

#[test]
fn futility_pruning_cuts_only_when_asked_for_and_given_a_margin() {
    assert!(!Options::default().futility_pruning());
    assert!(!Options::plain().futility_pruning());
    assert!(selective(1 << 12).futility_pruning());
    let root = Nim3 { heaps: [4, 5, 6], side: false };
    let limits = Limits::depth(7);
    let search_margin = |options: Options| {
        Engine::with_options(options).search(&root, &History::default(), &limits, &WithMargin)
    };
    let off = search_margin(lmr(16 << 20).with_internal_reductions(true));
    let on = search_margin(selective(16 << 20));
    // Pruning on with an evaluation that has no margin: the same search.
    let no_margin =
        Engine::with_options(selective(16 << 20)).search(&root, &History::default(), &limits, &parity_eval);
    assert_eq!(off.stats.futility_cuts, 0);
    assert_eq!(no_margin.stats, off.stats);
    assert_eq!((no_margin.score, no_margin.pv.clone()), (off.score, off.pv.clone()));
    assert!(on.stats.futility_cuts > 0, "{:?}", on.stats);
    assert_ne!(on.stats.nodes, off.stats.nodes);
}

#[test]
fn reductions_leave_at_least_one_ply_and_grow_with_depth_and_move_number() {
    for depth in 3..MAX_DEPTH {
        for n in 3..200 {
            let r = lmr_reduction(depth, n);
            assert!(r >= 1 && depth - 1 - r >= 1, "depth {depth}, move {n}: {r}");
            assert!(lmr_reduction(depth, n + 1) >= r, "depth {depth}, move {n}");
            assert!(lmr_reduction(depth + 1, n) >= r, "depth {depth}, move {n}");
        }
    }
    // The formula, worked out by hand: 0.75 + ln 10 ln 10 / 2.25 = 3.10.
    assert_eq!(lmr_reduction(10, 10), 3);
    // ln 3 ln 3 / 2.25 = 0.54: one ply, the least.
    assert_eq!(lmr_reduction(3, 3), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// With reductions the principal variation is still a legal line
    /// whose last position accounts for the score, with one and two
    /// threads, from an empty table and from a full one.
    #[test]
    fn reduced_searches_have_sound_principal_variations(
        heaps in prop::array::uniform3(0u8..6),
        depth in 1u32..7,
        threads in 1usize..3,
    ) {
        prop_assume!(heaps != [0, 0, 0]);
        let root = Nim3 { heaps, side: false };
        let mut engine = Engine::with_options(lmr(1 << 14).with_threads(threads));
        let mut pruning = Engine::with_options(selective(1 << 14).with_threads(threads));
        for round in 0..2 {
            let a = engine.search(&root, &History::default(), &Limits::depth(depth), &parity_eval);
            prop_assert_eq!(check_pv(&root, &a, parity_eval, true), Ok(()), "search {}", round);
            let a = pruning.search(&root, &History::default(), &Limits::depth(depth), &WithMargin);
            prop_assert_eq!(check_pv(&root, &a, parity_eval, true), Ok(()), "pruned search {}", round);
        }
    }

    /// A deep search with reductions ends proven, with the winner Bouton's
    /// theorem names, and never claims a faster result than the
    /// full-width search proves: reductions cut lines short, but a mate
    /// score comes only from lines played to their end.
    #[test]
    fn reduced_deep_searches_prove_the_right_winner(heaps in prop::array::uniform3(0u8..6)) {
        prop_assume!(heaps != [0, 0, 0]);
        let root = Nim3 { heaps, side: false };
        let wins = heaps[0] ^ heaps[1] ^ heaps[2] != 0;
        let deep = Limits::depth(MAX_DEPTH);
        let full = Engine::with_options(Options::default()).search(&root, &History::default(), &deep, &parity_eval);
        let reduced = Engine::with_options(lmr(1 << 16)).search(&root, &History::default(), &deep, &parity_eval);
        let pruned = Engine::with_options(selective(1 << 16)).search(&root, &History::default(), &deep, &WithMargin);
        for a in [&full, &reduced, &pruned] {
            prop_assert_eq!(a.stop_reason, StopReason::Proven);
            prop_assert_eq!(a.score > 0, wins, "score {}", a.score);
            prop_assert_eq!(check_pv(&root, a, parity_eval, true), Ok(()));
        }
        let plies = |score: i32| WIN - score.abs();
        for a in [&reduced, &pruned] {
            prop_assert!(plies(a.score) >= plies(full.score), "{} against {}", a.score, full.score);
        }
    }
}
