//! Toy games whose answers are known, shared by the search tests: explicit
//! game trees written in a tiny text syntax (sides need not alternate),
//! random trees, and a two-heap take-away game with transpositions and
//! bonus plies; the engine configurations the tests sweep; and a check of
//! principal variations.
#![allow(dead_code)] // each test crate uses a part

use lapilli_game::{Canonicalize, Game, Indexed, MoveList, Outcome, MAX_EVAL, WIN};
use lapilli_search::{Analysis, Options};
use proptest::prelude::*;
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

// ---------------------------------------------------------------- trees

/// A node of an explicit tree: the side to move, its static evaluation for
/// that side, and either children or a finished-game outcome.
#[derive(Clone, Debug)]
pub struct Node {
    pub side: u8,
    pub eval: i32,
    pub outcome: Option<Outcome>,
    pub children: Vec<usize>,
}

/// A position in an explicit tree.
#[derive(Clone, Debug)]
pub struct Tree {
    pub nodes: Arc<Vec<Node>>,
    pub at: usize,
    /// Calls of `move_with_key` on this tree and every position reached
    /// from it.
    pub key_lookups: Arc<AtomicUsize>,
}

/// Parses the tree syntax: a node is a side letter `a` or `b`, then either
/// an evaluation (`a5`, `b-3`), a finished game (`aW`, `aL`, `aD`), or an
/// evaluation followed by children in parentheses (`a0(b3 a-1)`).
pub fn tree(text: &str) -> Tree {
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
    Tree { nodes: Arc::new(nodes), at: 0, key_lookups: Arc::default() }
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
    fn zobrist_after(&self, m: usize) -> Option<u64> {
        let mut child = self.clone();
        child.play_unchecked(m);
        Some(child.zobrist())
    }
    fn is_irreversible(&self, _: usize) -> bool {
        true
    }
    /// The child's index: plies of one node differ, and a killer (a key)
    /// names the same child index at its siblings.
    fn move_key(&self, m: usize) -> Option<u32> {
        u32::try_from(m).ok()
    }
    /// The child at index `key`, where there is one (a leaf's pass is 0).
    fn move_with_key(&self, key: u32) -> Option<usize> {
        self.key_lookups.fetch_add(1, Relaxed);
        let moves = if self.outcome().is_none() { self.nodes[self.at].children.len().max(1) } else { 0 };
        usize::try_from(key).ok().filter(|&m| m < moves)
    }
}

pub fn node_eval(t: &Tree) -> i32 {
    t.nodes[t.at].eval
}

/// Engine configurations that must score exactly like minimax (the sweep
/// of `lapilli_conformance::search_configurations`): repetition off, table
/// entries used only at the same remaining depth.
pub fn configurations() -> Vec<(&'static str, Options)> {
    let exact = |o: Options| o.with_repetition(false).with_exact_depth_probes(true).with_table_bytes(1 << 12);
    vec![
        ("alpha-beta", Options::plain()),
        ("alpha-beta+ordering", Options::alpha_beta()),
        ("alpha-beta+ordering, killers generated", Options::alpha_beta().with_killers_first(false)),
        ("alpha-beta+tt", exact(Options::plain())),
        ("pvs+id+tt+ordering", exact(Options::default())),
        (
            "pvs+id+tt+ordering, no transposition cutoffs",
            exact(Options::default().with_transposition_cutoffs(false)),
        ),
        ("pvs+id+aspiration", exact(Options::default().with_aspiration(Some(1)))),
        ("pvs+id by 2+tt", exact(Options::default().with_deepening_step(Some(2)))),
        ("pvs+id by 3+tt", exact(Options::default().with_deepening_step(Some(3)))),
        ("lazy-smp-2-threads", exact(Options::default().with_threads(2))),
        ("root-split-2-threads", exact(Options::default().with_threads(2).with_split_root(true))),
    ]
}

/// The same sweep, then the engine's defaults (deeper table entries
/// used, repetition detection on) with one and two threads: every
/// configuration a principal variation must be right in.
pub fn all_configurations() -> Vec<(&'static str, Options)> {
    let mut all = configurations();
    let small = Options::default().with_table_bytes(1 << 12);
    all.push(("defaults", small));
    all.push(("defaults-aspiration", small.with_aspiration(Some(2))));
    all.push(("defaults-lazy-smp-2-threads", small.with_threads(2)));
    all.push(("defaults-root-split-2-threads", small.with_threads(2).with_split_root(true)));
    all
}

/// Random trees with random sides to move (runs of the same side included)
/// and coarse evaluations (many ties).
pub fn random_tree() -> impl Strategy<Value = Tree> {
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
        Tree { nodes: Arc::new(nodes), at: 0, key_lookups: Arc::default() }
    })
}

/// Random game graphs without cycles: like [`random_tree`], but a node's
/// children are later nodes picked at random, so that a node is often the
/// child of several (a transposition: the same position by other plies,
/// at the same or another depth), with runs of the same side to move.
pub fn random_dag() -> impl Strategy<Value = Tree> {
    let node = (0u8..2, -3i32..=3, 0u8..12, prop::collection::vec(1usize..6, 0..4));
    (3usize..40, prop::collection::vec(node, 40)).prop_map(|(n, spec)| {
        let mut nodes: Vec<Node> = spec
            .iter()
            .take(n)
            .map(|(side, eval, kind, _)| {
                let outcome = match kind {
                    0 => Some(Outcome::Win),
                    1 => Some(Outcome::Loss),
                    2 => Some(Outcome::Draw),
                    _ => None,
                };
                Node { side: b'a' + side, eval: *eval, outcome, children: vec![] }
            })
            .collect();
        nodes[0].outcome = None;
        for (i, (_, _, _, offsets)) in spec.iter().enumerate().take(n) {
            if nodes[i].outcome.is_none() {
                nodes[i].children = offsets.iter().map(|o| i + o).filter(|&c| c < n).collect();
            }
        }
        Tree { nodes: Arc::new(nodes), at: 0, key_lookups: Arc::default() }
    })
}

// ---------------------------------------------------------------- heaps

/// Two heaps; a ply takes 1 or 2 stones from one heap; whoever cannot move
/// (both heaps empty) has lost. Taking exactly 2 from the first heap earns a
/// bonus ply (the same side moves again) when `bonus` is on. Many move
/// orders transpose, so the table meets positions at different plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Heaps {
    pub a: u8,
    pub b: u8,
    pub side: bool,
    pub bonus: bool,
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
    fn zobrist_after(&self, m: (u8, u8)) -> Option<u64> {
        let mut next = *self;
        next.play_unchecked(m);
        Some(next.zobrist())
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

/// Without bonus plies the two heaps are interchangeable: the canonical
/// form puts the larger heap first. A move of a twin is another move, as
/// under a board symmetry.
impl Canonicalize for Heaps {
    fn canonicalize(&self) -> Heaps {
        if self.bonus || self.a >= self.b {
            *self
        } else {
            Heaps { a: self.b, b: self.a, ..*self }
        }
    }
    fn orbit_len(&self) -> usize {
        if self.bonus || self.a == self.b {
            1
        } else {
            2
        }
    }
}

/// A Heaps evaluation with few ties, for the side to move.
pub fn heaps_eval(h: &Heaps) -> i32 {
    let s = 3 * h.a as i32 - 2 * h.b as i32 + 1;
    if h.side {
        s
    } else {
        -s
    }
}

// ---------------------------------------------------------------- PV check

/// Checks a search's principal variation from `root`: it starts with the
/// best move, every ply is legal where it is played, and its last position
/// accounts for the score (its finished-game score, or its static
/// evaluation after `depth` plies, from the side to move there, negated if
/// that is not the root's side to move). With `agree` false only legality
/// is checked.
pub fn check_pv<G: Game>(
    root: &G,
    a: &Analysis<G::Move>,
    eval: impl Fn(&G) -> i32,
    agree: bool,
) -> Result<(), String> {
    if a.pv.first() != a.best_move.as_ref() {
        return Err(format!("the PV {:?} does not start with the best move {:?}", a.pv, a.best_move));
    }
    let mut pos = root.clone();
    let mut legal = G::Moves::default();
    for (i, &m) in a.pv.iter().enumerate() {
        pos.legal_moves(&mut legal);
        if !legal.as_slice().contains(&m) {
            return Err(format!("ply {} of the PV {:?}, {m:?}, is illegal in {pos:?}", i + 1, a.pv));
        }
        pos.play_unchecked(m);
    }
    if !agree {
        return Ok(());
    }
    let plies = a.pv.len() as u32;
    let leaf = match pos.outcome() {
        Some(Outcome::Win) => WIN - plies as i32,
        Some(Outcome::Loss) => -(WIN - plies as i32),
        Some(Outcome::Draw) => 0,
        None if plies == a.depth => eval(&pos).clamp(-MAX_EVAL, MAX_EVAL),
        None => return Err(format!("the PV {:?} stops after {plies} of {} plies in {pos:?}", a.pv, a.depth)),
    };
    let seen = if pos.side_to_move() == root.side_to_move() { leaf } else { -leaf };
    if seen != a.score {
        return Err(format!(
            "the PV {:?} ends in {pos:?} worth {seen} to the root, not the score {}",
            a.pv, a.score
        ));
    }
    Ok(())
}
