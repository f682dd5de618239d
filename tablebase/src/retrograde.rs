//! Retrograde analysis: strong solutions of finite games as tablebases.

use lapilli_game::Value;
use lapilli_game::{Canonicalize, Game, Indexed, MoveList, Outcome};
use rustc_hash::FxHashMap;
use std::collections::HashSet;
use std::fmt;

const SIDE_CHANGED: u32 = 1 << 31;
const UNSEEN: u32 = u32::MAX;

/// Counts of positions by value. With the `serde` feature, serialised as
/// `{total, win, loss, draw}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Counts {
    /// All counted positions.
    pub total: u64,
    /// Won for the side to move.
    pub win: u64,
    /// Lost for the side to move (finished games included).
    pub loss: u64,
    /// Drawn.
    pub draw: u64,
}

impl Counts {
    fn add(&mut self, value: Value, n: u64) {
        self.total += n;
        match value {
            Value::Win(_) => self.win += n,
            Value::Loss(_) => self.loss += n,
            Value::Draw => self.draw += n,
        }
    }
}

/// A strong solution: the value (WDL and DTM in plies) of every position
/// reachable from a root, built by retrograde analysis.
///
/// Built by [`solve`] it stores every position; built by [`solve_reduced`]
/// it stores one representative per orbit (the canonical form) with the
/// orbit's size, and [`Solved::probe`] canonicalises before looking up,
/// so every reachable position is still answered.
#[derive(Clone)]
pub struct Solved<G> {
    positions: Vec<G>,
    values: Vec<Value>,
    orbit_sizes: Vec<u32>,
    ids: Ids<G>,
    canon: Option<fn(&G) -> G>,
}

impl<G> fmt::Debug for Solved<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solved")
            .field("positions", &self.positions.len())
            .field("reduced", &self.canon.is_some())
            .finish()
    }
}

/// Builds the strong solution of the game from `root`: every position
/// reachable by legal plies, each with its [`Value`].
///
/// The algorithm: a breadth-first enumeration of the reachable positions
/// that records every ply as an edge, then a retrograde pass from the
/// finished games. Positions are taken from a FIFO queue in order of
/// distance to the end: a position is won, at one ply more, as soon as one
/// successor is lost for the side then to move (or won, when the ply left
/// the same side to move); it is lost, at one ply more than its
/// last-resolved successor, when every successor is won for the opponent.
/// Queue order makes the first gives the fastest win and the last the
/// slowest loss. What is never resolved is a draw (endless play, or a drawn
/// ending).
///
/// Time and memory: `O(index_bound)` for the index map, then linear in the
/// number of reachable positions and plies.
///
/// The solver trusts [`Indexed`]: positions are told apart by their index
/// alone, so an index shared by two different positions merges them and
/// gives a wrong solution with no error. Debug builds check that a
/// position found at a taken index has the key ([`Game::zobrist`]) of the
/// one stored there; the conformance harness
/// (`lapilli_conformance::check_random_games_indexed`) checks indices over
/// random games.
///
/// # Panics
/// If a reachable position's [`Indexed::index`] is not below the root's
/// [`Indexed::index_bound`] (the message names both, and the position).
/// Debug builds also panic when two positions with different keys share an
/// index, and when a position without legal moves has no outcome (the
/// [`Game`] contract).
///
/// ```
/// use lapilli_game::{Value, doc_game::Nim};
/// use lapilli_tablebase::solve;
/// let tb = solve(&Nim::new(7));
/// // (7, first), (6, second) and the heaps 5..=0 with either side to move
/// assert_eq!(tb.len(), 14);
/// assert_eq!(tb.probe(&Nim(6, true)), Some(Value::Loss(4)));
/// ```
pub fn solve<G: Game + Indexed>(root: &G) -> Solved<G> {
    build(root, None)
}

/// [`solve`] reduced by the position's symmetry group ([`Canonicalize`]):
/// one canonical form per orbit is stored, with the orbit's size, so
/// [`Solved::counts`] still counts positions. The group must consist of
/// symmetries of the rules.
///
/// # Panics
/// As [`solve`]: if the [`Indexed::index`] of a reachable canonical form is
/// not below the root's [`Indexed::index_bound`], and, in debug builds,
/// when two canonical forms with different keys share an index.
pub fn solve_reduced<G: Canonicalize + Indexed>(root: &G) -> Solved<G> {
    let reduce: Reduction<G> = (<G as Canonicalize>::canonicalize, <G as Canonicalize>::orbit_len);
    build(root, Some(reduce))
}

/// The index of `pos`, checked against the root's `bound`.
///
/// # Panics
/// If it is not below the bound: a slice index panic would not name the
/// culprit.
fn checked_index<G: Game>(pos: &G, index: usize, bound: usize) -> usize {
    assert!(
        index < bound,
        "Indexed::index gives {index} for {pos:?}, not below the root's Indexed::index_bound, {bound}"
    );
    index
}

/// How stored positions are found: by [`Indexed::index`] in a dense
/// table, or by the Zobrist key ([`Game::zobrist`]) in a hash map.
#[derive(Clone)]
enum Ids<G> {
    Dense(Vec<u32>, fn(&G) -> usize),
    Keyed(FxHashMap<u64, u32>),
}

impl<G: Game> Ids<G> {
    fn get(&self, pos: &G) -> Option<u32> {
        match self {
            Ids::Dense(ids, index) => ids.get(index(pos)).copied().filter(|&id| id != UNSEEN),
            Ids::Keyed(map) => map.get(&pos.zobrist()).copied(),
        }
    }
}

/// [`solve_reduced`] from several roots, for games without an [`Indexed`]
/// implementation: positions are told apart by their Zobrist key
/// ([`Game::zobrist`]) in a hash map, so two positions whose keys collide
/// would be merged (at 64 bits, unlikely below billions of positions). Used
/// to check the tier solver ([`crate::solve_tier`]) on whole tiers.
///
/// ```
/// use lapilli_game::{Value, doc_game::Nim};
/// use lapilli_tablebase::solve_keyed;
/// let tb = solve_keyed(&[Nim::new(4), Nim::new(5)]);
/// assert_eq!(tb.probe(&Nim::new(5)), Some(Value::Win(3)));
/// ```
pub fn solve_keyed<G: Canonicalize>(roots: &[G]) -> Solved<G> {
    let reduce: Reduction<G> = (<G as Canonicalize>::canonicalize, <G as Canonicalize>::orbit_len);
    build_from(roots, Some(reduce), None)
}

/// The bound and the index function of a dense solve.
type DenseIndex<G> = (usize, fn(&G) -> usize);

/// The canonical form and the orbit size of a position, for reduced solves.
type Reduction<G> = (fn(&G) -> G, fn(&G) -> usize);

fn build<G: Game + Indexed>(root: &G, reduce: Option<Reduction<G>>) -> Solved<G> {
    build_from(std::slice::from_ref(root), reduce, Some((root.index_bound(), <G as Indexed>::index)))
}

/// The solver: dense ids below `bound` by [`Indexed`], or keyed by Zobrist
/// keys without a bound.
fn build_from<G: Game>(
    roots: &[G],
    reduce: Option<Reduction<G>>,
    dense_index: Option<DenseIndex<G>>,
) -> Solved<G> {
    let canonicalize = reduce.map(|(c, _)| c);
    let canon = |p: &G| match canonicalize {
        Some(c) => c(p),
        None => p.clone(),
    };
    let mut dense = vec![UNSEEN; dense_index.map_or(0, |(b, _)| b)];
    let mut keyed: FxHashMap<u64, u32> = FxHashMap::default();
    let mut positions: Vec<G> = Vec::new();
    let mut slot_of = |pos: &G, positions: &mut Vec<G>| -> u32 {
        let slot = match dense_index {
            Some((b, index)) => &mut dense[checked_index(pos, index(pos), b)],
            None => keyed.entry(pos.zobrist()).or_insert(UNSEEN),
        };
        if *slot == UNSEEN {
            *slot = positions.len() as u32;
            positions.push(pos.clone());
        } else {
            debug_assert!(
                positions[*slot as usize].zobrist() == pos.zobrist(),
                "Indexed::index gives two different positions (keys differ) the same index: {:?} and {pos:?}",
                positions[*slot as usize]
            );
        }
        *slot
    };
    for root in roots {
        slot_of(&canon(root), &mut positions);
    }
    let mut terminal: Vec<Option<Outcome>> = Vec::new();
    let mut child_start: Vec<u32> = vec![0];
    let mut children: Vec<u32> = Vec::new();
    let mut moves = G::Moves::default();
    let mut head = 0;
    while head < positions.len() {
        let pos = positions[head].clone();
        head += 1;
        let outcome = pos.outcome();
        terminal.push(outcome);
        if outcome.is_none() {
            let side = pos.side_to_move();
            pos.legal_moves(&mut moves);
            debug_assert!(
                !moves.as_slice().is_empty(),
                "Game contract broken: a position with no legal moves has no outcome: {pos:?}"
            );
            for &m in moves.as_slice() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                let changed = if child.side_to_move() != side { SIDE_CHANGED } else { 0 };
                let child = canon(&child);
                let slot = slot_of(&child, &mut positions);
                children.push(slot | changed);
            }
        }
        child_start.push(children.len() as u32);
    }
    let n = positions.len();

    // Predecessor lists in compressed form.
    let mut pred_start = vec![0u32; n + 1];
    for &c in &children {
        pred_start[(c & !SIDE_CHANGED) as usize + 1] += 1;
    }
    for i in 0..n {
        pred_start[i + 1] += pred_start[i];
    }
    let mut fill = pred_start.clone();
    let mut preds = vec![0u32; children.len()];
    for parent in 0..n {
        for &c in &children[child_start[parent] as usize..child_start[parent + 1] as usize] {
            let child = (c & !SIDE_CHANGED) as usize;
            preds[fill[child] as usize] = parent as u32 | (c & SIDE_CHANGED);
            fill[child] += 1;
        }
    }

    // Retrograde pass.
    let mut values = vec![Value::Draw; n];
    let mut resolved = vec![false; n];
    let mut remaining: Vec<u32> = (0..n).map(|i| child_start[i + 1] - child_start[i]).collect();
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    for (i, t) in terminal.iter().enumerate() {
        match t {
            Some(Outcome::Win) => values[i] = Value::Win(0),
            Some(Outcome::Loss) => values[i] = Value::Loss(0),
            Some(Outcome::Draw) | None => continue,
        }
        resolved[i] = true;
        queue.push(i as u32);
    }
    // Terminal draws are resolved but never propagate.
    for (i, t) in terminal.iter().enumerate() {
        if *t == Some(Outcome::Draw) {
            resolved[i] = true;
        }
    }
    let mut qhead = 0;
    while qhead < queue.len() {
        let child = queue[qhead] as usize;
        qhead += 1;
        let value = values[child];
        for &p in &preds[pred_start[child] as usize..pred_start[child + 1] as usize] {
            let parent = (p & !SIDE_CHANGED) as usize;
            if resolved[parent] {
                continue;
            }
            match value.before_ply(p & SIDE_CHANGED != 0) {
                win @ Value::Win(_) => {
                    values[parent] = win;
                    resolved[parent] = true;
                    queue.push(parent as u32);
                }
                loss => {
                    remaining[parent] -= 1;
                    if remaining[parent] == 0 {
                        values[parent] = loss;
                        resolved[parent] = true;
                        queue.push(parent as u32);
                    }
                }
            }
        }
    }

    let orbit_sizes = match reduce {
        Some((_, orbit_len)) => positions.iter().map(|p| orbit_len(p) as u32).collect(),
        None => vec![1; n],
    };
    let ids = match dense_index {
        Some((_, index)) => Ids::Dense(dense, index),
        None => Ids::Keyed(keyed),
    };
    Solved { positions, values, orbit_sizes, ids, canon: canonicalize }
}

impl<G: Game> Solved<G> {
    /// The number of stored positions: orbits (canonical forms) when solved
    /// with a group, positions otherwise.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether nothing is stored (never: the root always is).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Whether the tablebase was reduced by the symmetry group
    /// ([`solve_reduced`]).
    pub fn is_reduced(&self) -> bool {
        self.canon.is_some()
    }

    /// The stored positions with their values and orbit sizes (1 without a
    /// group), the root's class first, in breadth-first order.
    pub fn entries(&self) -> impl Iterator<Item = (&G, Value, u32)> + '_ {
        self.positions.iter().zip(&self.values).zip(&self.orbit_sizes).map(|((p, v), o)| (p, *v, *o))
    }

    /// The value of `pos`, or `None` if it is not reachable from the root.
    pub fn probe(&self, pos: &G) -> Option<Value> {
        let id = match self.canon {
            Some(c) => self.ids.get(&c(pos)),
            None => self.ids.get(pos),
        };
        id.map(|id| self.values[id as usize])
    }

    /// Counts of reachable positions by value (each orbit weighted by its
    /// size, so these are positions, not classes), over the positions for
    /// which `filter` holds. `filter` must be invariant under the group.
    pub fn counts(&self, filter: impl Fn(&G) -> bool) -> Counts {
        let mut c = Counts::default();
        for (p, v, o) in self.entries() {
            if filter(p) {
                c.add(v, o as u64);
            }
        }
        c
    }

    /// Like [`Solved::counts`] but counting stored classes (orbits).
    pub fn class_counts(&self, filter: impl Fn(&G) -> bool) -> Counts {
        let mut c = Counts::default();
        for (p, v, _) in self.entries() {
            if filter(p) {
                c.add(v, 1);
            }
        }
        c
    }

    /// Every legal ply from `pos` with the value it leads to, seen from
    /// `pos`'s side to move (one ply further from the end), in generation
    /// order. Plies to positions outside the tablebase are left out.
    pub fn move_values(&self, pos: &G) -> Vec<(G::Move, Value)> {
        crate::move_values(pos, |p| self.probe(p)).into_iter().filter_map(|(m, v)| Some((m, v?))).collect()
    }

    /// The perfect ply: the fastest win, else a draw, else the slowest loss;
    /// the first such ply in generation order. `None` when the game is over.
    pub fn best_move(&self, pos: &G) -> Option<(G::Move, Value)> {
        let mut best: Option<(G::Move, Value)> = None;
        for (m, v) in self.move_values(pos) {
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
            }
        }
        best
    }

    /// The principal line of perfect play from `pos`: best moves until the
    /// game ends, a position repeats (a drawn cycle) or `max_plies` plies.
    pub fn principal_variation(&self, pos: &G, max_plies: usize) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut seen = HashSet::new();
        let mut pos = pos.clone();
        while line.len() < max_plies && seen.insert(pos.zobrist()) {
            let Some((m, _)) = self.best_move(&pos) else {
                break;
            };
            line.push(m);
            pos.play_unchecked(m);
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_game::doc_game::Nim;

    /// Nim whose bound forgets the side to move (`SHORT`), or whose index
    /// does (otherwise).
    #[derive(Clone, Debug)]
    struct BadIndex<const SHORT: bool>(Nim);

    impl<const SHORT: bool> Game for BadIndex<SHORT> {
        type Move = u32;
        type Side = bool;
        type Moves = <Nim as Game>::Moves;
        fn side_to_move(&self) -> bool {
            self.0.side_to_move()
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
        fn legal_moves(&self, moves: &mut Self::Moves) {
            self.0.legal_moves(moves)
        }
        fn play_unchecked(&mut self, m: u32) {
            self.0.play_unchecked(m)
        }
        fn zobrist(&self) -> u64 {
            self.0.zobrist()
        }
        fn is_irreversible(&self, m: u32) -> bool {
            self.0.is_irreversible(m)
        }
    }

    impl<const SHORT: bool> Indexed for BadIndex<SHORT> {
        fn index_bound(&self) -> usize {
            if SHORT {
                self.0 .0 as usize + 1
            } else {
                self.0.index_bound()
            }
        }
        fn index(&self) -> usize {
            if SHORT {
                self.0.index()
            } else {
                self.0 .0 as usize
            }
        }
    }

    #[test]
    #[should_panic(
        expected = "Indexed::index gives 10 for BadIndex(Nim(5, false)), not below the root's Indexed::index_bound, 6"
    )]
    fn an_index_beyond_the_bound_names_the_position() {
        solve(&BadIndex::<true>(Nim::new(5)));
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "Indexed::index gives two different positions (keys differ) the same index")]
    fn a_shared_index_trips_a_debug_assertion() {
        solve(&BadIndex::<false>(Nim::new(5)));
    }
}
