//! Enhanced transposition cutoffs ([`Options::with_transposition_cutoffs`],
//! for games that tell the key after a ply, `Game::zobrist_after`):
//! the same scores as without them, in fewer nodes where children
//! transpose, and never a child's table entry taken for a child that the
//! no-progress rule draws on the line searched. (The sweeps of `toy.rs`
//! check the values against minimax with the option on and off.)

mod common;

use common::{configurations, heaps_eval, node_eval, random_dag, Heaps};
use lapilli_game::{Game, History, Outcome, WIN};
use lapilli_search::{minimax, Engine, Limits, Options};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// On random game graphs whose positions are reached by several lines
    /// (transpositions, and runs of the same side to move), every
    /// configuration scores like minimax at every depth; the table's
    /// entries decide children before they are searched.
    #[test]
    fn every_configuration_equals_minimax_on_random_graphs(t in random_dag(), depth in 1u32..8) {
        let m = minimax(&t, depth, &node_eval).score;
        for (name, options) in configurations() {
            let a = Engine::with_options(options).search(&t, &History::default(), &Limits::depth(depth), &node_eval);
            prop_assert_eq!(a.score, m, "{}", name);
        }
    }
}

#[test]
fn random_graphs_meet_cutoffs_by_a_childs_entry() {
    // The property above is only a test of the cutoffs if they happen:
    // count them over a fixed run of graphs.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let options =
        Options::default().with_table_bytes(1 << 12).with_repetition(false).with_exact_depth_probes(true);
    let mut cutoffs = 0;
    for _ in 0..300 {
        let t = random_dag().new_tree(&mut runner).unwrap().current();
        let a = Engine::with_options(options).search(&t, &History::default(), &Limits::depth(7), &node_eval);
        cutoffs += a.stats.transposition_cutoffs;
    }
    assert!(cutoffs > 20, "{cutoffs} transposition cutoffs");
}

#[test]
fn cutoffs_by_a_childs_entry_keep_every_score_and_save_nodes() {
    // Two heaps, with and without bonus plies (the same side moving
    // again: the child's score then bounds the node's from its lower
    // bound), from every pair of heap sizes up to 7, to depth 8.
    let (mut cutoffs, mut nodes_on, mut nodes_off) = (0, 0, 0);
    for bonus in [false, true] {
        for a in 0..8 {
            for b in 0..8 {
                let pos = Heaps { a, b, side: false, bonus };
                if pos.outcome().is_some() {
                    continue;
                }
                let search = |on: bool| {
                    let options = Options::default()
                        .with_table_bytes(1 << 16)
                        .with_repetition(false)
                        .with_exact_depth_probes(true)
                        .with_transposition_cutoffs(on);
                    Engine::with_options(options).search(
                        &pos,
                        &History::default(),
                        &Limits::depth(12),
                        &heaps_eval,
                    )
                };
                let (on, off) = (search(true), search(false));
                assert_eq!(on.score, off.score, "{pos:?}");
                assert_eq!(off.stats.transposition_cutoffs, 0);
                cutoffs += on.stats.transposition_cutoffs;
                nodes_on += on.stats.nodes;
                nodes_off += off.stats.nodes;
            }
        }
    }
    assert!(cutoffs > 50, "{cutoffs} transposition cutoffs");
    assert!(nodes_on < nodes_off, "{nodes_on} nodes with the cutoffs, {nodes_off} without");
}

/// A game on an explicit graph: each node has a side to move (0 or 1), a
/// static evaluation for that side and its moves (the node reached, and
/// whether the move is irreversible); a node without moves is a finished
/// game, lost for its side to move if its evaluation is negative and drawn
/// otherwise. The no-progress limit is 4 plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Graph {
    nodes: &'static [GraphNode],
    at: usize,
}

impl Graph {
    fn eval(&self) -> i32 {
        self.nodes[self.at].1
    }
}

/// Side, evaluation, moves.
type GraphNode = (bool, i32, &'static [(usize, bool)]);

/// The root R (side 0) moves first to M, then to N (both reversible). M
/// leads, by irreversible plies, down a line worth -5 to R's side. N, of
/// the other side, moves to C or D, reversibly. From C, a line of
/// reversible plies is worth -20 to C's side (side 0): searched from C to
/// depth 3, C's entry is exact at -20.
const DRAWS: [GraphNode; 14] = [
    (false, 0, &[(1, false), (6, false)]), // 0: R
    (true, 5, &[(2, true)]),               // 1: M
    (false, -5, &[(3, true)]),             // 2: M1
    (true, 5, &[(4, true)]),               // 3: M2
    (false, -5, &[(5, true)]),             // 4: M3
    (true, 5, &[(13, true)]),              // 5: M4
    (true, 0, &[(7, false), (11, false)]), // 6: N
    (false, -20, &[(8, false)]),           // 7: C
    (true, 20, &[(9, false)]),             // 8: C1
    (false, -20, &[(10, false)]),          // 9: C2
    (true, 20, &[(13, true)]),             // 10: C3
    (false, 0, &[(12, true)]),             // 11: D
    (true, 0, &[(13, true)]),              // 12: D1
    (false, 0, &[]),                       // 13: the end, drawn
];

impl Game for Graph {
    type Move = usize;
    type Side = bool;
    type Moves = Vec<usize>;
    fn side_to_move(&self) -> bool {
        self.nodes[self.at].0
    }
    fn outcome(&self) -> Option<Outcome> {
        let lost = self.eval() < 0;
        self.nodes[self.at].2.is_empty().then_some(if lost { Outcome::Loss } else { Outcome::Draw })
    }
    fn legal_moves(&self, moves: &mut Vec<usize>) {
        moves.clear();
        moves.extend(self.nodes[self.at].2.iter().map(|&(to, _)| to));
    }
    fn play_unchecked(&mut self, to: usize) {
        self.at = to;
    }
    fn zobrist(&self) -> u64 {
        (self.at as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn zobrist_after(&self, to: usize) -> Option<u64> {
        Some(Graph { at: to, ..*self }.zobrist())
    }
    fn is_irreversible(&self, to: usize) -> bool {
        self.nodes[self.at].2.iter().any(|&(t, irreversible)| t == to && irreversible)
    }
    /// 4 plies, but for the graph of the repetition test (none there).
    fn no_progress_limit(&self) -> Option<u32> {
        (!std::ptr::eq(self.nodes, &CYCLE[..])).then_some(4)
    }
}

/// R searched to depth 4 without iterative deepening (so that M, first in
/// generation order, is searched first and N with a null window), after
/// `before` reversible plies, by an engine whose table holds C's entry:
/// the score, and the transposition cutoffs made.
fn search_after_c(before: u32, cutoffs: bool) -> (i32, u64) {
    let options = Options::default().with_iterative_deepening(false).with_transposition_cutoffs(cutoffs);
    let mut engine = Engine::with_options(options);
    let eval = Graph::eval;
    let c = Graph { nodes: &DRAWS, at: 7 };
    let from_c = engine.search(&c, &History::new(c.zobrist(), 0), &Limits::depth(3), &eval);
    assert_eq!(from_c.score, -20);
    let r = Graph { nodes: &DRAWS, at: 0 };
    let a = engine.search(&r, &History::new(r.zobrist(), before), &Limits::depth(4), &eval);
    (a.score, a.stats.transposition_cutoffs)
}

#[test]
fn a_child_the_no_progress_rule_draws_is_not_cut_by_its_entry() {
    // Fresh from an irreversible ply, N's children C and D are searched,
    // worth 20 and 0 to N's side: N beats the null window at once by C's
    // entry, and R takes M at -5.
    assert_eq!(search_after_c(0, true), (-5, 1));
    assert_eq!(search_after_c(0, false), (-5, 0));
    // After two reversible plies, C and D make the limit on this line:
    // both are draws, N is worth 0 and R takes it. C's entry (a -20 for
    // its side, found on another line) must not cut N off.
    assert_eq!(search_after_c(2, true), (0, 0));
    assert_eq!(search_after_c(2, false), (0, 0));
}

/// Two roots. From Q (side 0), the principal line goes to P1 (side 1),
/// whose first move, Z, is worth 0 to it, so its second, P (side 0), is
/// searched with a null window. P's one child C (side 1) moves to C1 (side
/// 0), which cuts off at its first move, worth 5 to it: C fails low,
/// stored as at most -5 to its side (C1's move worth 30 is never
/// searched), and P fails high. From R (side 0), M is worth 10; then N
/// (side 1) moves to C with a bonus ply (side 1 again): C's entry bounds
/// it from above only, no bound for N from below, so N is searched, worth
/// -30 to its side, and R takes it at 30.
const BONUS: [GraphNode; 19] = [
    (false, 0, &[(1, true)]),              // 0: Q
    (true, 0, &[(2, true), (6, true)]),    // 1: P1
    (false, 0, &[(3, true)]),              // 2: Z
    (true, 0, &[(4, true)]),               // 3: Z1
    (false, 0, &[(5, true)]),              // 4: Z2
    (true, 0, &[(18, true)]),              // 5: Z3
    (false, 0, &[(7, true)]),              // 6: P
    (true, 0, &[(8, true)]),               // 7: C
    (false, 0, &[(9, true), (10, true)]),  // 8: C1
    (true, -5, &[(18, true)]),             // 9: C1a
    (true, -30, &[(18, true)]),            // 10: C1b
    (false, 0, &[(12, true), (17, true)]), // 11: R
    (true, -10, &[(13, true)]),            // 12: M
    (false, 10, &[(14, true)]),            // 13: M1
    (true, -10, &[(15, true)]),            // 14: M2
    (false, 10, &[(16, true)]),            // 15: M3
    (true, -10, &[(18, true)]),            // 16: M4
    (true, 0, &[(7, true)]),               // 17: N
    (false, 0, &[]),                       // 18: the end, drawn
];

#[test]
fn an_upper_bound_of_a_child_of_the_same_side_cuts_nothing() {
    let options = Options::default().with_iterative_deepening(false);
    let mut engine = Engine::with_options(options);
    let q = Graph { nodes: &BONUS, at: 0 };
    let from_q = engine.search(&q, &History::default(), &Limits::depth(5), &Graph::eval);
    assert_eq!(from_q.score, 0);
    let r = Graph { nodes: &BONUS, at: 11 };
    let a = engine.search(&r, &History::default(), &Limits::depth(4), &Graph::eval);
    assert_eq!((a.score, a.stats.transposition_cutoffs), (30, 0));
    let fresh =
        Engine::with_options(options).search(&r, &History::default(), &Limits::depth(4), &Graph::eval);
    assert_eq!(fresh.score, 30);
}

/// A cycle of reversible plies R, N, X, Y and R again (sides 0, 1, 0, 1),
/// and beside it a line M of irreversible plies worth -5 to R's side. Y is
/// worth 5 to its side as a leaf, so that R searched to depth 3 (short of
/// the cycle) is worth -5 either way and stored as such.
const CYCLE: [GraphNode; 9] = [
    (false, 0, &[(1, true), (5, false)]), // 0: R
    (true, 5, &[(2, true)]),              // 1: M
    (false, -5, &[(3, true)]),            // 2: M1
    (true, 5, &[(4, true)]),              // 3: M2
    (false, -5, &[(8, true)]),            // 4: M3
    (true, 0, &[(6, false)]),             // 5: N
    (false, 0, &[(7, false)]),            // 6: X
    (true, 5, &[(0, false)]),             // 7: Y
    (false, 0, &[]),                      // 8: the end, drawn
];

#[test]
fn a_child_that_repeats_the_line_is_not_cut_by_its_entry() {
    // R to depth 6 after R to depth 3: M first (-5), then N, X and Y with a
    // null window. Y's one child is R again, a draw by repetition on this
    // line (0), so Y, X and N are worth 0 and R takes N. R's entry (-5 to
    // R's side, 5 to Y's: enough for Y to fail high) must not cut Y off.
    let options = Options::default().with_iterative_deepening(false);
    let mut engine = Engine::with_options(options);
    let r = Graph { nodes: &CYCLE, at: 0 };
    let history = History::new(r.zobrist(), 0);
    assert_eq!(engine.search(&r, &history, &Limits::depth(3), &Graph::eval).score, -5);
    let a = engine.search(&r, &history, &Limits::depth(6), &Graph::eval);
    assert_eq!((a.score, a.stats.transposition_cutoffs), (0, 0));
}

/// R (side 0) loses either way: by M at ply 3 (M's side moves twice), or
/// by N at ply 4, through C, from which side 0 loses in 2 plies. Every ply
/// is irreversible.
const MATE: [GraphNode; 8] = [
    (false, 0, &[(1, true), (4, true)]), // 0: R
    (true, 0, &[(2, true)]),             // 1: M
    (true, 0, &[(3, true)]),             // 2: M1, a bonus ply
    (false, -1, &[]),                    // 3: M2, lost for side 0
    (true, 0, &[(5, true)]),             // 4: N
    (false, 0, &[(6, true)]),            // 5: C
    (true, 0, &[(7, true)]),             // 6: C1
    (false, -1, &[]),                    // 7: C2, lost for side 0
];

#[test]
fn a_childs_mate_score_is_counted_from_the_root() {
    // C's entry: a loss in 2 plies for its side, counted from C. Searched
    // from R, M first (R loses at ply 3), then N with a null window, which
    // N's side fails high only with a win by ply 3. C's entry, counted
    // from R, gives N's side a win at ply 4: no cutoff, N is searched, and
    // R takes it. Taken as counted from N (a ply off) or from C (as
    // stored), it would cut N off, and R would lose at ply 3.
    let options = Options::default().with_iterative_deepening(false);
    let mut engine = Engine::with_options(options);
    let c = Graph { nodes: &MATE, at: 5 };
    let from_c = engine.search(&c, &History::default(), &Limits::depth(3), &Graph::eval);
    assert_eq!(from_c.score, -(WIN - 2));
    let r = Graph { nodes: &MATE, at: 0 };
    let a = engine.search(&r, &History::default(), &Limits::depth(4), &Graph::eval);
    assert_eq!((a.score, a.stats.transposition_cutoffs), (-(WIN - 4), 0));
}
