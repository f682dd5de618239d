//! Search on toy games whose answers are known (see `common`): explicit
//! game trees, random trees, and a two-heap take-away game with
//! transpositions and bonus plies, solved independently by retrograde
//! analysis.

mod common;

use common::{configurations, node_eval, random_tree, tree, Heaps, Tree};
use lapilli_game::{perft, Game, History, Value, WIN};
use lapilli_search::{minimax, Engine, Limits, Options, StopReason, MAX_DEPTH};
use lapilli_tablebase::solve;
use proptest::prelude::*;

/// The score of minimax, and of every configuration if they all agree
/// (else the first that differs).
fn search_all(t: &Tree, depth: u32) -> (i32, i32) {
    let m = minimax(t, depth, &node_eval).score;
    for (_, options) in configurations() {
        let s = Engine::with_options(options)
            .search(t, &History::default(), &Limits::depth(depth), &node_eval)
            .score;
        if s != m {
            return (m, s);
        }
    }
    (m, m)
}

#[test]
fn same_side_moves_twice() {
    // a moves into a node where a moves again: its children's scores (for
    // b) are negated once, not twice. Best for a: the first branch, then
    // b-1 (worth +1 to a).
    let t = tree("a0(a0(b3 b-1) b2)");
    assert_eq!(search_all(&t, 2), (1, 1));
    // At depth 1 the inner a-node is a leaf evaluated for a (0) and b2 is
    // worth -2 to a.
    assert_eq!(search_all(&t, 1), (0, 0));
}

#[test]
fn wins_count_plies_through_same_side_plies() {
    // a plays, a plays again, then b is lost: a win in 2 plies.
    let t = tree("a0(b0(aW) a0(bL))");
    assert_eq!(search_all(&t, 5), (WIN - 2, WIN - 2));
    // b to move, every line loses: b's best is the slowest loss.
    let t = tree("b0(aW b0(b0(aW)))");
    assert_eq!(search_all(&t, 5).0, -(WIN - 3));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// On random trees with random sides to move (runs of the same side
    /// included) and coarse evaluations (many ties), alpha-beta with and
    /// without the table scores like minimax at every depth.
    #[test]
    fn every_configuration_equals_minimax_on_random_trees(t in random_tree(), depth in 1u32..8) {
        let (m, s) = search_all(&t, depth);
        prop_assert_eq!(s, m);
    }
}

fn score_of(v: Value) -> i32 {
    match v {
        Value::Win(n) => WIN - n as i32,
        Value::Loss(n) => -(WIN - n as i32),
        Value::Draw => 0,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A win in k plies is scored exactly `WIN - k` from the root, also
    /// when the table supplies it from another ply, and with bonus plies.
    #[test]
    fn mate_distance_matches_retrograde(a in 0u8..7, b in 0u8..7, bonus in any::<bool>()) {
        let pos = Heaps { a, b, side: false, bonus };
        let tb = solve(&pos);
        let truth = tb.probe(&pos).unwrap();
        let depth = (a + b) as u32 + 1; // every game ends by then
        let zero = |_: &Heaps| 0;
        for (_, options) in configurations() {
            let mut engine = Engine::with_options(options);
            let limits = Limits::depth(depth);
            prop_assert_eq!(engine.search(&pos, &History::default(), &limits, &zero).score, score_of(truth));
            // the table, now full from that search, answers again from the root
            prop_assert_eq!(engine.search(&pos, &History::default(), &limits, &zero).score, score_of(truth));
        }
        // the default engine (deeper probes, repetition on: the heaps never
        // repeat) agrees too
        let analysis = Engine::new().search(&pos, &History::default(), &Limits::depth(depth), &zero);
        prop_assert_eq!(analysis.score, score_of(truth));
        // the principal variation plays the game out to the mate
        prop_assert_eq!(Some(analysis.pv.len() as u32), truth.plies());
        if a + b <= 8 {
            prop_assert_eq!(minimax(&pos, depth, &zero).score, score_of(truth));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Deepening stops once the result is proven, and the table entries of
    /// subtrees searched to their end (stored as valid at every depth) give
    /// the right values later: to a deeper search from the same root and
    /// to a search from a position further down, with one and two threads.
    #[test]
    fn deep_searches_stop_proven_and_reuse_exhaustive_entries(
        a in 0u8..7,
        b in 0u8..7,
        bonus in any::<bool>(),
        first in 1u32..6,
        threads in 1usize..3,
    ) {
        let pos = Heaps { a, b, side: false, bonus };
        let tb = solve(&pos);
        let mut engine = Engine::with_options(Options::default().with_table_bytes(1 << 14).with_threads(threads));
        let _ = engine.search(&pos, &History::default(), &Limits::depth(first), &heaps_eval_zero);
        let deep = engine.search(&pos, &History::default(), &Limits::depth(MAX_DEPTH), &heaps_eval_zero);
        prop_assert_eq!(deep.score, score_of(tb.probe(&pos).unwrap()));
        // Heaps are never drawn: every game ends within a + b plies, proven
        // by then (a Lazy SMP helper may complete one iteration more).
        prop_assert_eq!(deep.stop_reason, StopReason::Proven);
        prop_assert!(deep.depth <= (a + b) as u32 + threads as u32);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if let Some(&m) = moves.last() {
            let mut child = pos;
            child.play_unchecked(m);
            let later = engine.search(&child, &History::default(), &Limits::depth(MAX_DEPTH), &heaps_eval_zero);
            prop_assert_eq!(later.score, score_of(solve(&child).probe(&child).unwrap()));
        }
    }
}

fn heaps_eval_zero(_: &Heaps) -> i32 {
    0
}

#[test]
fn perft_counts_every_line() {
    // One heap of 3, take 1 or 2: lines 1-1-1, 1-2, 2-1 end in 3, 2, 2 plies.
    let pos = Heaps { a: 3, b: 0, side: false, bonus: false };
    assert_eq!(perft(&pos, 1), 2);
    assert_eq!(perft(&pos, 2), 3);
    assert_eq!(perft(&pos, 3), 1);
    assert_eq!(perft(&pos, 4), 0);
}

#[test]
fn node_and_time_limits_stop_with_a_move() {
    // Big heaps, no table: the tree is far too large to finish.
    let pos = Heaps { a: 60, b: 60, side: false, bonus: true };
    let zero = |_: &Heaps| 0;
    let mut engine = Engine::with_options(Options::default().with_table_bytes(0));
    let a = engine.search(&pos, &History::default(), &Limits::nodes(5_000), &zero);
    assert!(a.stopped);
    assert_eq!(a.stats.nodes, 5_000, "one thread stops exactly at the budget");
    assert!(a.best_move.is_some() && a.depth >= 1);
    assert_eq!(a.pv.first(), a.best_move.as_ref());

    let a =
        engine.search(&pos, &History::default(), &Limits::time(std::time::Duration::from_millis(30)), &zero);
    assert!(a.stopped);
    assert!(a.best_move.is_some());
    assert!(a.elapsed < std::time::Duration::from_secs(5), "stopped at {:?}", a.elapsed);

    // A depth limit alone finishes and says so.
    let a = engine.search(
        &Heaps { a: 2, b: 1, side: false, bonus: false },
        &History::default(),
        &Limits::depth(5),
        &zero,
    );
    assert!(!a.stopped);
    assert!(a.nps() > 0.0);
}
