//! Principal variations are legal, and their last position accounts for
//! the reported score, in every engine configuration: on random trees, on
//! the Heaps game (transpositions, bonus plies, a table full from an
//! earlier search) and on Heaps keyed by its symmetry, where a table move
//! may belong to a symmetric twin.

mod common;

use common::{all_configurations, check_pv, heaps_eval, node_eval, random_tree, tree, Heaps};
use lapilli_game::{History, SymmetryKeyed};
use lapilli_search::{Engine, Limits};
use proptest::prelude::*;

/// Searches `root` to `depth` in every configuration, twice with the same
/// engine (the second search starts from a table full of the first one's
/// entries) and checks each principal variation.
fn check_all<G, F>(root: &G, depth: u32, eval: F) -> Result<(), String>
where
    G: lapilli_game::Game + Send + Sync,
    G::Move: Send + Sync,
    F: Fn(&G) -> i32 + Sync,
{
    for (name, options) in all_configurations() {
        let mut engine = Engine::with_options(options);
        for round in 0..2 {
            let a = engine.search(root, &History::default(), &Limits::depth(depth), &eval);
            check_pv(root, &a, &eval, true)
                .map_err(|e| format!("{name}, search {round}, depth {depth}: {e}"))?;
        }
    }
    Ok(())
}

#[test]
fn the_pv_of_a_small_tree_reaches_its_leaf() {
    // a prefers the second branch: b's best reply there leaves a with 2.
    let t = tree("a0(b0(a5 a-4) b0(a2 a3) a-9)");
    let a = Engine::new().search(&t, &History::default(), &Limits::depth(2), &node_eval);
    assert_eq!((a.score, a.pv.clone()), (2, vec![1, 0]));
    check_all(&t, 2, node_eval).unwrap();
    check_all(&t, 5, node_eval).unwrap();
}

#[test]
fn the_first_failing_heaps_case_plays_out() {
    // One heap of 3 (the reproducer of the stale PV row): every line ends
    // by ply 3, and the PV is the fastest win.
    let pos = Heaps { a: 3, b: 0, side: false, bonus: false };
    check_all(&pos, 4, |_: &Heaps| 0).unwrap();
    check_all(&pos, 2, heaps_eval).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn pvs_are_legal_and_account_for_the_score_on_random_trees(t in random_tree(), depth in 1u32..8) {
        prop_assert_eq!(check_all(&t, depth, node_eval), Ok(()));
    }

    #[test]
    fn pvs_are_legal_and_account_for_the_score_on_heaps(
        a in 0u8..7,
        b in 0u8..7,
        side in any::<bool>(),
        bonus in any::<bool>(),
        cut in 0u32..14,
    ) {
        let pos = Heaps { a, b, side, bonus };
        let depth = 1 + cut % (a as u32 + b as u32 + 1);
        prop_assert_eq!(check_all(&pos, depth, heaps_eval), Ok(()));
        prop_assert_eq!(check_all(&pos, depth, |_: &Heaps| 0), Ok(()));
    }

    /// Keyed by canonical forms, a table move may be a twin's: the PV must
    /// still be the search's own line.
    #[test]
    fn pvs_are_legal_and_account_for_the_score_under_symmetry_keys(a in 0u8..7, b in 0u8..7, cut in 0u32..14) {
        let pos = SymmetryKeyed::new(Heaps { a, b, side: false, bonus: false });
        let depth = 1 + cut % (a as u32 + b as u32 + 1);
        prop_assert_eq!(check_all(&pos, depth, |k: &SymmetryKeyed<Heaps>| heaps_eval(&k.position)), Ok(()));
    }
}
