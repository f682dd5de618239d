//! Killers tried before generation ([`Options::with_killers_first`]) on an
//! explicit tree: the same nodes searched and the same cutoffs, one of them
//! before the plies were generated; the second killer looked up only
//! when the first does not cut off; and no history gained by a cutoff of
//! the first killer before generation. (The random-tree sweep of `toy.rs`
//! checks the values against minimax with the option on and off.)

mod common;

use common::{node_eval, tree, Tree};
use lapilli_game::History;
use lapilli_search::{Analysis, Engine, Limits, Options};

/// `t` searched by [`Options::alpha_beta`] (killers tried before
/// generation, the history heuristic, no table) to depth 3.
fn alpha_beta_to_depth_3(t: &Tree) -> Analysis<usize> {
    Engine::with_options(Options::alpha_beta()).search(t, &History::default(), &Limits::depth(3), &node_eval)
}

#[test]
fn a_killer_tried_before_generation_cuts_off_as_it_did_after() {
    // Under b, the first a-node is worth 5 to a (its leaf b-5). At the
    // second, move 1 (worth 9 to a) beats that and cuts off, becoming the
    // killer of ply 2; at the third it is tried before the plies are
    // generated, and cuts off again.
    let t = tree("a0(b0(a0(b0 b-5) a0(b0 b-9) a0(b0 b-9)))");
    let search = |first: bool| {
        let options = Options::alpha_beta().with_killers_first(first);
        Engine::with_options(options).search(&t, &History::default(), &Limits::depth(3), &node_eval)
    };
    let (on, off) = (search(true), search(false));
    assert_eq!((on.score, off.score), (5, 5));
    assert_eq!((on.stats.nodes, on.stats.cutoffs), (off.stats.nodes, off.stats.cutoffs));
    assert_eq!(off.stats.cutoffs, 2);
    assert_eq!(on.stats.killer_cutoffs_before_generation, 1);
    assert_eq!(off.stats.killer_cutoffs_before_generation, 0);
}

#[test]
fn the_second_killer_is_looked_up_only_when_the_first_does_not_cut_off() {
    // One ply above the leaves, four a-nodes under b. The first (a PV
    // node) is worth 2 to a; then a node cuts off when it reaches 2. The
    // second cuts by move 0 (the ply's first killer); at the third, move 0
    // is tried first and fails, move 1 cuts (killers 1, then 0); at the
    // fourth, killer 1 cuts at once, and killer 0 is never named.
    let t = tree("a0(b0(a0(b-1 b-2) a0(b-5 b0) a0(b0 b-7) a0(b0 b-7)))");
    let result = alpha_beta_to_depth_3(&t);
    assert_eq!(result.score, 2);
    assert_eq!(result.stats.killer_cutoffs_before_generation, 1);
    // Killer 0 at the third node, killer 1 at the fourth: two lookups.
    assert_eq!(t.key_lookups.load(std::sync::atomic::Ordering::Relaxed), 2);
}

#[test]
fn a_cutoff_by_the_first_killer_before_generation_gains_no_history() {
    // Under the first b-node, a-nodes one ply above the leaves (beta 2
    // after the first): the second cuts off by move 1 after generation
    // (move 1 gains history 1 and becomes the killer), the third by that
    // killer before generation (no gain), the fourth by move 0 after the
    // killer failed (move 0 gains 1). The second b-node then finds moves 0
    // and 1 with equal history and tries move 0 first, in generation
    // order: one leaf to refute, not the two under move 1.
    let t = tree("a0(b0(a0(b-2 b-1) a0(b-1 b-5) a0(b-1 b-5) a0(b-5 b0)) b0(a0(b-1) a0(b-1 b-2)))");
    let result = alpha_beta_to_depth_3(&t);
    assert_eq!(result.score, 2);
    assert_eq!(result.stats.killer_cutoffs_before_generation, 1);
    assert_eq!(result.stats.nodes, 16);
}
