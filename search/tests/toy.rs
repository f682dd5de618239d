//! Search on toy games whose answers are known: explicit game trees written
//! in a tiny text syntax (sides need not alternate), random trees, and a
//! two-heap take-away game with transpositions and bonus plies, solved
//! independently by retrograde analysis.

use lapilli_search::{minimax, perft, solve, Engine, Game, History, Indexed, Limits, Options, Outcome, Value, WIN};
use proptest::prelude::*;
use std::sync::Arc;

// ---------------------------------------------------------------- trees

/// A node of an explicit tree: the side to move, its static evaluation for
/// that side, and either children or a finished-game outcome.
#[derive(Clone, Debug)]
struct Node {
    side: u8,
    eval: i32,
    outcome: Option<Outcome>,
    children: Vec<usize>,
}

/// A position in an explicit tree.
#[derive(Clone, Debug)]
struct Tree {
    nodes: Arc<Vec<Node>>,
    at: usize,
}

/// Parses the tree syntax: a node is a side letter `a` or `b`, then either
/// an evaluation (`a5`, `b-3`), a finished game (`aW`, `aL`, `aD`), or an
/// evaluation followed by children in parentheses (`a0(b3 a-1)`).
fn tree(text: &str) -> Tree {
    fn node(s: &[u8], i: &mut usize, nodes: &mut Vec<Node>) -> usize {
        while s[*i] == b' ' {
            *i += 1;
        }
        let side = s[*i];
        assert!(side == b'a' || side == b'b', "side letter at {}", *i);
        *i += 1;
        let id = nodes.len();
        nodes.push(Node { side, eval: 0, outcome: None, children: vec![] });
        match s[*i] {
            b'W' | b'L' | b'D' => {
                nodes[id].outcome = Some(match s[*i] {
                    b'W' => Outcome::Win,
                    b'L' => Outcome::Loss,
                    _ => Outcome::Draw,
                });
                *i += 1;
                return id;
            }
            _ => {}
        }
        let start = *i;
        while *i < s.len() && (s[*i] == b'-' || s[*i].is_ascii_digit()) {
            *i += 1;
        }
        nodes[id].eval = std::str::from_utf8(&s[start..*i]).unwrap().parse().unwrap();
        if *i < s.len() && s[*i] == b'(' {
            *i += 1;
            loop {
                while s[*i] == b' ' {
                    *i += 1;
                }
                if s[*i] == b')' {
                    *i += 1;
                    break;
                }
                let c = node(s, i, nodes);
                nodes[id].children.push(c);
            }
        }
        id
    }
    let mut nodes = Vec::new();
    let mut i = 0;
    node(text.as_bytes(), &mut i, &mut nodes);
    Tree { nodes: Arc::new(nodes), at: 0 }
}

impl Game for Tree {
    type Move = usize;
    type Side = u8;
    type Moves = Vec<usize>;
    fn side_to_move(&self) -> u8 {
        self.nodes[self.at].side
    }
    fn outcome(&self) -> Option<Outcome> {
        self.nodes[self.at].outcome
    }
    /// An evaluated leaf has one move, a pass to itself (same side, same
    /// evaluation), so its score is its evaluation at any depth.
    fn legal_moves(&self, moves: &mut Vec<usize>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend(0..self.nodes[self.at].children.len().max(1));
        }
    }
    fn play_unchecked(&mut self, m: usize) {
        if let Some(&c) = self.nodes[self.at].children.get(m) {
            self.at = c;
        }
    }
    fn zobrist(&self) -> u64 {
        (self.at as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn is_irreversible(&self, _: usize) -> bool {
        true
    }
}

fn node_eval(t: &Tree) -> i32 {
    t.nodes[t.at].eval
}

/// Engine configurations that must score exactly like minimax: repetition
/// off, table entries used only at the same remaining depth.
fn configurations() -> Vec<Options> {
    let exact = |o: Options| Options { repetition: false, exact_depth_probes: true, tt_bytes: 1 << 12, ..o };
    vec![
        Options::plain(),
        exact(Options::plain()),
        exact(Options::default()),
        exact(Options { aspiration: Some(1), ..Options::default() }),
        exact(Options { threads: 2, ..Options::default() }),
        exact(Options { threads: 2, split_root: true, ..Options::default() }),
    ]
}

/// The score of minimax, and of every configuration if they all agree
/// (else the first that differs).
fn search_all(t: &Tree, depth: u32) -> (i32, i32) {
    let m = minimax(t, depth, &node_eval).score;
    for options in configurations() {
        let s = Engine::with_options(options).search(t, &History::default(), &Limits::depth(depth), &node_eval).score;
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

fn random_tree() -> impl Strategy<Value = Tree> {
    // A flat description: for each node, its side, eval, kind; children are
    // assigned breadth-first up to the node budget.
    (3usize..60, prop::collection::vec((0u8..2, -3i32..=3, 0u8..10, 0usize..4), 60)).prop_map(|(n, spec)| {
        let mut nodes: Vec<Node> = Vec::new();
        for &(side, eval, kind, _) in spec.iter().take(n) {
            let outcome = match kind {
                0 => Some(Outcome::Win),
                1 => Some(Outcome::Loss),
                2 => Some(Outcome::Draw),
                _ => None,
            };
            nodes.push(Node { side: b'a' + side, eval, outcome, children: vec![] });
        }
        nodes[0].outcome = None;
        let mut next = 1;
        for i in 0..n {
            if nodes[i].outcome.is_some() {
                continue;
            }
            let k = spec[i].3;
            for _ in 0..k {
                if next < n {
                    nodes[i].children.push(next);
                    next += 1;
                }
            }
        }
        Tree { nodes: Arc::new(nodes), at: 0 }
    })
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

// ---------------------------------------------------------------- heaps

/// Two heaps; a ply takes 1 or 2 stones from one heap; whoever cannot move
/// (both heaps empty) has lost. Taking exactly 2 from the first heap earns a
/// bonus ply (the same side moves again) when `bonus` is on. Many move
/// orders transpose, so the table meets positions at different plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Heaps {
    a: u8,
    b: u8,
    side: bool,
    bonus: bool,
}

impl Game for Heaps {
    type Move = (u8, u8);
    type Side = bool;
    type Moves = Vec<(u8, u8)>;
    fn side_to_move(&self) -> bool {
        self.side
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.a == 0 && self.b == 0).then_some(Outcome::Loss)
    }
    fn legal_moves(&self, moves: &mut Vec<(u8, u8)>) {
        moves.clear();
        for take in 1..=2 {
            if self.a >= take {
                moves.push((0, take));
            }
            if self.b >= take {
                moves.push((1, take));
            }
        }
    }
    fn play_unchecked(&mut self, (heap, take): (u8, u8)) {
        if heap == 0 {
            self.a -= take;
        } else {
            self.b -= take;
        }
        if !(self.bonus && heap == 0 && take == 2) {
            self.side = !self.side;
        }
    }
    fn zobrist(&self) -> u64 {
        ((self.a as u64 * 8 + self.b as u64) * 2 + self.side as u64) * 2 + self.bonus as u64
    }
    fn is_irreversible(&self, _: (u8, u8)) -> bool {
        true
    }
}

impl Indexed for Heaps {
    fn index_bound(&self) -> usize {
        8 * 8 * 4
    }
    fn index(&self) -> usize {
        self.zobrist() as usize
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
        for options in configurations() {
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
    let mut engine = Engine::new().transposition_table(0);
    let a = engine.search(&pos, &History::default(), &Limits::nodes(5_000), &zero);
    assert!(a.stopped);
    assert_eq!(a.stats.nodes, 5_000, "one thread stops exactly at the budget");
    assert!(a.best_move.is_some() && a.depth >= 1);
    assert_eq!(a.pv.first(), a.best_move.as_ref());

    let a = engine.search(&pos, &History::default(), &Limits::time(std::time::Duration::from_millis(30)), &zero);
    assert!(a.stopped);
    assert!(a.best_move.is_some());
    assert!(a.elapsed < std::time::Duration::from_secs(5), "stopped at {:?}", a.elapsed);

    // A depth limit alone finishes and says so.
    let a = engine.search(&Heaps { a: 2, b: 1, side: false, bonus: false }, &History::default(), &Limits::depth(5), &zero);
    assert!(!a.stopped);
    assert!(a.nps() > 0.0);
}
