//! The tier checks: a [`TierSpace`] keeps the contract the tier solver
//! relies on, and the tier solver agrees with two independent references.
//!
//! The tier solver ([`solve_tier`]) trusts the space without checking it:
//! an index that is not the same on every member of an orbit reads another
//! orbit's value, a missing un-move leaves a position drawn that is won, a
//! dependency left out is never solved. [`check_tier_space`] checks the
//! contract position by position, with [`Canonicalize`] (the game's own
//! canonical form, computed independently of the space's index) as the
//! judge of orbits; [`check_tier_solver`] solves tiers and compares every
//! value with the naive fixpoint ([`naive_values`]) and the in-memory
//! solver ([`solve_keyed`]).

use lapilli_game::{Canonicalize, Game, MoveList, Outcome, Value};
use lapilli_tablebase::{naive_values, ordered_tiers, solve_tier, Silent, Tablebases, TierSpace, TierTable};
use lapilli_tablebase::{solve_keyed, Solved};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::fmt;
use std::time::Instant;

/// [`check_tier_solver`] compares the children of at least this many
/// roots, spread evenly, with the naive fixpoint's value of their canonical
/// form (of every root when there are fewer).
const IMAGE_ROOTS: usize = 50_000;

/// Draws per sample in a sparse tier: [`check_tier_space`] stops drawing
/// indices of a tier after this many times `samples` draws.
const DRAWS_PER_SAMPLE: usize = 32;

/// What [`check_tier_space`] checked, summed over the tiers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TierSpaceCheck {
    /// Indices looked at (all of a small tier, the draws in a large one).
    pub indices: u64,
    /// Those of them with a position: the positions checked.
    pub positions: u64,
    /// Plies from those positions, each checked to lead to a finished
    /// position, the tier itself or a dependency.
    pub plies: u64,
    /// Plies that stay inside their tier, each found again among its
    /// child's predecessors.
    pub internal_plies: u64,
    /// Predecessors generated, each checked to have a ply to the position.
    pub predecessors: u64,
}

/// Checks the [`TierSpace`] contract on sampled indices of `tiers`: every
/// index of a tier of at most `samples` indices, otherwise indices drawn
/// at random (seeded by `seed`) until `samples` of them have a position or
/// 32 times `samples` draws were made (pending-removal tiers use few of
/// their indices). For each index `i` of tier `t` with a position
/// `p = position(t, i)`:
/// - `p` is in tier `t` ([`TierSpace::tier_of`]), `index(p) == i`, and
///   [`TierSpace::orbit_len`] is [`Canonicalize::orbit_len`];
/// - every legal ply of `p` leads to a finished position, to `t` itself
///   (then the side to move changes, [`TierSpace::has_internal_plies`]
///   holds for `t`, and `p`'s orbit is among the predecessors of the
///   child), or to a tier in [`TierSpace::dependencies`]`(t)`;
/// - every predecessor ([`TierSpace::predecessors`]) is in tier `t` and has
///   a legal ply to a member of `p`'s orbit;
/// - every position met (`p`, its children that are not finished, its
///   predecessors; most of them not the space's canonical member of their
///   orbit) has an index below its tier's [`TierSpace::size`], the index
///   of its canonical form ([`Canonicalize::canonicalize`]), and
///   `position(tier, index)` is a member of its orbit (same canonical
///   form) whose orbit length is right, or, with colour folding, of its
///   colour twin's orbit ([`TierSpace::colour_twin`]: in the same tier at
///   the same index, with the other side to move, in another orbit, its
///   own twin back in the first orbit).
///
/// The first item is checked on all of a tier's sampled positions before
/// the others, so that a broken index is reported as such rather than
/// through a ply that meets it.
///
/// Orbits are judged by the game's [`Canonicalize`], which the space's
/// index does not use: an index that differs between members of an orbit,
/// or merges two orbits, fails here on the first member met. The space's
/// own choice of canonical member need not be `Canonicalize`'s (the morris
/// index picks its own); its index must round-trip on it. Positions are
/// compared with the game's `PartialEq` (equality for repetition purposes,
/// counters left out).
///
/// Returns what was checked, so that a caller can assert the check did
/// real work. The same seed draws the same indices.
///
/// # Panics
/// On the first broken property, naming the tier, the index and the
/// position (and the ply or predecessor) and what broke.
///
/// # Examples
/// One-heap Nim split into tiers by the number of stones: each ply takes
/// one or two, so every ply leaves its tier for one of the two below.
/// ```
/// use lapilli_conformance::check_tier_space;
/// use lapilli_game::doc_game::Nim;
/// use lapilli_tablebase::TierSpace;
///
/// struct Heaps;
///
/// impl TierSpace for Heaps {
///     type Game = Nim;
///     type Tier = u32;
///     fn variant_name(&self) -> String { "nim".into() }
///     fn scheme(&self) -> String { "nim-side/1".into() }
///     fn tier_name(&self, tier: u32) -> String { tier.to_string() }
///     fn parse_tier(&self, name: &str) -> Option<u32> { name.parse().ok() }
///     fn tier_of(&self, pos: &Nim) -> Option<u32> { (pos.0 > 0).then_some(pos.0) }
///     fn size(&self, _: u32) -> u64 { 2 }
///     fn index(&self, pos: &Nim) -> u64 { u64::from(pos.1) }
///     fn position(&self, tier: u32, index: u64) -> Option<Nim> {
///         (index < 2).then_some(Nim(tier, index == 1))
///     }
///     fn dependencies(&self, tier: u32) -> Vec<u32> { (tier.saturating_sub(2)..tier).filter(|&t| t > 0).collect() }
///     fn has_internal_plies(&self, _: u32) -> bool { false }
///     fn predecessors(&self, _: &Nim, _: &mut Vec<Nim>) {}
///     fn orbit_len(&self, _: &Nim) -> u64 { 1 }
/// }
///
/// let checked = check_tier_space(&Heaps, &[1, 2, 3, 4], 10, 1);
/// // Two positions a tier; one ply from a heap of one, two from the others.
/// assert_eq!((checked.positions, checked.plies), (8, 14));
/// ```
pub fn check_tier_space<S>(space: &S, tiers: &[S::Tier], samples: usize, seed: u64) -> TierSpaceCheck
where
    S: TierSpace,
    S::Game: Canonicalize + PartialEq,
{
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = TierSpaceCheck::default();
    let mut scratch = Scratch::default();
    for &tier in tiers {
        // First the index's own round trip on every sampled position, so
        // that a broken index is reported as such before the plies and
        // un-moves that meet its consequences.
        let mut entries = Vec::new();
        let mut draw = |i: u64, checked: &mut TierSpaceCheck| -> bool {
            checked.indices += 1;
            let Some(p) = space.position(tier, i) else { return false };
            check_round_trip(space, tier, i, &p);
            entries.push((i, p));
            true
        };
        let size = space.size(tier);
        if size <= samples as u64 {
            for i in 0..size {
                draw(i, &mut checked);
            }
        } else {
            let mut found = 0;
            for _ in 0..samples.saturating_mul(DRAWS_PER_SAMPLE) {
                if found == samples {
                    break;
                }
                found += usize::from(draw(rng.gen_range(0..size), &mut checked));
            }
        }
        let deps = space.dependencies(tier);
        for (i, p) in &entries {
            check_entry(space, tier, &deps, *i, p, &mut checked, &mut scratch);
            checked.positions += 1;
        }
    }
    checked
}

/// Buffers reused across positions.
struct Scratch<G: Game> {
    moves: G::Moves,
    child_moves: G::Moves,
    preds: Vec<G>,
    child_preds: Vec<G>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            moves: G::Moves::default(),
            child_moves: G::Moves::default(),
            preds: Vec::new(),
            child_preds: Vec::new(),
        }
    }
}

/// `p = position(tier, i)` is in `tier`, its index is `i`, and it is a
/// member of the orbit its index names, with the right orbit length.
fn check_round_trip<S>(space: &S, tier: S::Tier, i: u64, p: &S::Game)
where
    S: TierSpace,
    S::Game: Canonicalize + PartialEq,
{
    let text = format!("tier {}, index {i}, position {p}", space.tier_name(tier));
    match space.tier_of(p) {
        Some(t) if t == tier => {}
        other => panic!("{text}: tier_of gives {}, not the tier of the index", tier_text(space, other)),
    }
    let index = space.index(p);
    assert!(index == i, "{text}: index() of the position at index {i} is {index}");
    check_member(space, p, &text);
}

/// The plies and un-moves of `p = position(tier, i)`.
fn check_entry<S>(
    space: &S,
    tier: S::Tier,
    deps: &[S::Tier],
    i: u64,
    p: &S::Game,
    checked: &mut TierSpaceCheck,
    scratch: &mut Scratch<S::Game>,
) where
    S: TierSpace,
    S::Game: Canonicalize + PartialEq,
{
    let name = space.tier_name(tier);
    let text = format!("tier {name}, index {i}, position {p}");
    let canonical = p.canonicalize();

    // Plies: to a finished position, the tier itself, or a dependency.
    let side = p.side_to_move();
    p.legal_moves(&mut scratch.moves);
    for &m in scratch.moves.as_slice() {
        checked.plies += 1;
        let mut child = p.clone();
        child.play_unchecked(m);
        if child.outcome().is_some() {
            continue;
        }
        let ply = format!("{text}, ply {m:?} to {child}");
        match space.tier_of(&child) {
            None => panic!("{ply}: the child is not finished and no tier covers it"),
            Some(t) if t == tier => {
                assert!(child.side_to_move() != side, "{ply}: a ply inside the tier keeps the side to move");
                assert!(
                    space.has_internal_plies(tier),
                    "{ply}: the ply stays inside the tier, but has_internal_plies({name}) is false"
                );
                checked.internal_plies += 1;
                scratch.child_preds.clear();
                space.predecessors(&child, &mut scratch.child_preds);
                let found = scratch.child_preds.iter().any(|q| q == p || q.canonicalize() == canonical);
                assert!(
                    found,
                    "{ply}: the position is not among the child's {} predecessors (up to symmetry)",
                    scratch.child_preds.len()
                );
            }
            Some(t) => assert!(
                deps.contains(&t),
                "{ply}: the child is in tier {}, which is not among the dependencies of {name} ({})",
                space.tier_name(t),
                deps.iter().map(|&d| space.tier_name(d)).collect::<Vec<_>>().join(", ")
            ),
        }
        check_member(space, &child, &ply);
    }

    // Un-moves: each predecessor has a ply back to the orbit.
    scratch.preds.clear();
    space.predecessors(p, &mut scratch.preds);
    for q in &scratch.preds {
        checked.predecessors += 1;
        let pred = format!("{text}, predecessor {q}");
        match space.tier_of(q) {
            Some(t) if t == tier => {}
            other => panic!("{pred}: the predecessor is in {}, not in the tier", tier_text(space, other)),
        }
        q.legal_moves(&mut scratch.child_moves);
        let back = scratch.child_moves.as_slice().iter().any(|&m| {
            let mut child = q.clone();
            child.play_unchecked(m);
            child == *p || child.canonicalize() == canonical
        });
        assert!(back, "{pred}: no legal ply of the predecessor leads to the position (up to symmetry)");
        check_member(space, q, &pred);
    }
}

/// The index of `q` (any member of its orbit) is below its tier's size,
/// equals its canonical form's, and names a position of its orbit.
fn check_member<S>(space: &S, q: &S::Game, text: &str)
where
    S: TierSpace,
    S::Game: Canonicalize + PartialEq,
{
    let Some(tier) = space.tier_of(q) else { panic!("{text}: no tier covers {q}") };
    let name = space.tier_name(tier);
    let size = space.size(tier);
    let index = space.index(q);
    assert!(index < size, "{text}: index({q}) is {index}, not below the size {size} of tier {name}");
    let canonical = q.canonicalize();
    let canonical_index = space.index(&canonical);
    assert!(
        canonical_index == index,
        "{text}: index({q}) is {index} but the index of its canonical form {canonical} is {canonical_index}: \
         the index is not the same on every member of the orbit"
    );
    let Some(at) = space.position(tier, index) else {
        panic!("{text}: index({q}) is {index}, where tier {name} has no position")
    };
    let twin = space.colour_twin(q);
    if let Some(twin) = &twin {
        check_twin(space, q, twin, tier, index, text);
    }
    let at_canonical = at.canonicalize();
    let stored = if space.stored_as_twin(q) {
        twin.as_ref().map(|t| t.canonicalize())
    } else {
        Some(canonical.clone())
    };
    assert!(
        stored.as_ref() == Some(&at_canonical),
        "{text}: position({name}, {index}) is {at}, not a member of the orbit of {q}{} (canonical forms {} and {:?})",
        if space.stored_as_twin(q) { "'s colour twin" } else { "" },
        at_canonical,
        stored.map(|s| s.to_string())
    );
    let (orbit, expected) = (space.orbit_len(q), Canonicalize::orbit_len(q) as u64);
    assert!(orbit == expected, "{text}: orbit_len({q}) is {orbit}, but the orbit has {expected} positions");
}

/// The colour twin of `q` (at `tier` and `index`) is in the same tier at
/// the same index, has the other side to move, lies in another orbit, and
/// has `q`'s orbit as its own twin's.
fn check_twin<S>(space: &S, q: &S::Game, twin: &S::Game, tier: S::Tier, index: u64, text: &str)
where
    S: TierSpace,
    S::Game: Canonicalize + PartialEq,
{
    let twin_text = format!("{text}: the colour twin {twin} of {q}");
    match space.tier_of(twin) {
        Some(t) if t == tier => {}
        other => panic!("{twin_text} is in {}, not in the tier of {q}", tier_text(space, other)),
    }
    let twin_index = space.index(twin);
    assert!(twin_index == index, "{twin_text} has index {twin_index}, not {index}");
    assert!(twin.side_to_move() != q.side_to_move(), "{twin_text} has the same side to move");
    assert!(twin.canonicalize() != q.canonicalize(), "{twin_text} is in the same orbit");
    assert!(
        space.stored_as_twin(q) != space.stored_as_twin(twin),
        "{twin_text}: stored_as_twin is {} for both",
        space.stored_as_twin(q)
    );
    let back = space.colour_twin(twin).map(|b| b.canonicalize());
    assert!(
        back == Some(q.canonicalize()),
        "{twin_text} has {} as its own twin, not a member of the orbit of {q}",
        back.map_or_else(|| "none".to_owned(), |b| b.to_string())
    );
}

/// A tier's name, or "no tier".
fn tier_text<S: TierSpace>(space: &S, tier: Option<S::Tier>) -> String {
    tier.map_or_else(|| "no tier".to_owned(), |t| format!("tier {}", space.tier_name(t)))
}

/// The value of a finished position for its side to move.
fn terminal(outcome: Outcome) -> Value {
    match outcome {
        Outcome::Win => Value::Win(0),
        Outcome::Loss => Value::Loss(0),
        Outcome::Draw => Value::Draw,
    }
}

/// What [`check_tier_solver`] solved and compared.
pub struct TierSolverCheck<'a, S: TierSpace> {
    /// The tiers solved (those given and their dependencies), in memory:
    /// [`Tablebases::tiers`] gives each tier's counts.
    pub tables: Tablebases<&'a S>,
    /// The tiers solved, each after its dependencies.
    pub order: Vec<S::Tier>,
    /// Used indices of the given tiers, each compared with both references.
    pub positions: u64,
    /// Of those, the positions won or lost.
    pub decided: u64,
    /// Plies from them, each child's value taken into the fixpoint
    /// equation of its parent.
    pub plies: u64,
    /// Children (not finished) whose value was compared with the naive
    /// fixpoint's value of their canonical form: those of every root, or
    /// of at least 50,000 roots spread evenly over a larger set.
    pub images: u64,
    /// Wall time of the tier solver over every tier solved, in
    /// milliseconds.
    pub solve_millis: u64,
    /// Wall time of the naive fixpoint, in milliseconds (run beside the
    /// tier solver).
    pub naive_millis: u64,
    /// Wall time of the in-memory solver, in milliseconds (run beside the
    /// tier solver).
    pub keyed_millis: u64,
    /// Wall time of the comparisons, in milliseconds (after the three
    /// solves, in rayon's pool).
    pub compare_millis: u64,
}

impl<S: TierSpace> fmt::Debug for TierSolverCheck<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TierSolverCheck")
            .field("order", &self.order)
            .field("positions", &self.positions)
            .field("decided", &self.decided)
            .field("plies", &self.plies)
            .field("images", &self.images)
            .field("solve_millis", &self.solve_millis)
            .field("naive_millis", &self.naive_millis)
            .field("keyed_millis", &self.keyed_millis)
            .field("compare_millis", &self.compare_millis)
            .finish_non_exhaustive()
    }
}

/// Solves `tiers` and every tier they depend on ([`ordered_tiers`]) with
/// the tier solver ([`solve_tier`]) in memory, each tier seeing only the
/// tables of its declared [`TierSpace::dependencies`], and checks the
/// result against two references that share none of its machinery, over
/// every used index of `tiers` (the roots: all their positions):
/// - WDL and DTM equal the naive fixpoint's ([`naive_values`] over the
///   roots, reduced by [`Canonicalize`]) and the in-memory retrograde
///   solver's ([`solve_keyed`] over the roots);
/// - the value is the best of its plies' values ([`Value::before_ply`];
///   `Value`'s order ranks by preference: fastest win, draw, slowest
///   loss), and a finished position's value is its outcome;
/// - the value the tables give each child of a root (through the child's
///   own index, most children not being the space's canonical member of
///   their orbit) is the naive fixpoint's value of the child's canonical
///   form: symmetric images get equal values. Over more than 50,000 roots,
///   this is checked on the children of every `k`-th root, `k` the
///   smallest stride that leaves at least 50,000 (the canonical forms
///   cost most of the comparisons' time).
///
/// The two references run in threads of their own beside the tier solver
/// (which uses rayon's pool); they hold every position reachable from the
/// roots in memory, so keep the tiers to a few million positions. Returns
/// the solved tables, the figures and the timings.
///
/// # Panics
/// If the dependencies have a cycle or a tier cannot be solved (a ply
/// leaves it for a tier it does not declare), naming the tier; on the
/// first position whose value disagrees, naming the tier, the index, the
/// position and the values.
///
/// # Examples
/// One-heap Nim in tiers by the number of stones (as in
/// [`check_tier_space`]'s example): multiples of 3 are lost.
/// ```
/// # use lapilli_game::doc_game::Nim;
/// # use lapilli_tablebase::TierSpace;
/// # struct Heaps;
/// # impl TierSpace for Heaps {
/// #     type Game = Nim;
/// #     type Tier = u32;
/// #     fn variant_name(&self) -> String { "nim".into() }
/// #     fn scheme(&self) -> String { "nim-side/1".into() }
/// #     fn tier_name(&self, tier: u32) -> String { tier.to_string() }
/// #     fn parse_tier(&self, name: &str) -> Option<u32> { name.parse().ok() }
/// #     fn tier_of(&self, pos: &Nim) -> Option<u32> { (pos.0 > 0).then_some(pos.0) }
/// #     fn size(&self, _: u32) -> u64 { 2 }
/// #     fn index(&self, pos: &Nim) -> u64 { u64::from(pos.1) }
/// #     fn position(&self, tier: u32, index: u64) -> Option<Nim> {
/// #         (index < 2).then_some(Nim(tier, index == 1))
/// #     }
/// #     fn dependencies(&self, tier: u32) -> Vec<u32> { (tier.saturating_sub(2)..tier).filter(|&t| t > 0).collect() }
/// #     fn has_internal_plies(&self, _: u32) -> bool { false }
/// #     fn predecessors(&self, _: &Nim, _: &mut Vec<Nim>) {}
/// #     fn orbit_len(&self, _: &Nim) -> u64 { 1 }
/// # }
/// use lapilli_conformance::check_tier_solver;
/// use lapilli_game::Value;
///
/// let solved = check_tier_solver(&Heaps, &[6]);
/// assert_eq!(solved.order, [1, 2, 3, 4, 5, 6]);
/// assert_eq!(solved.tables.probe(&Nim::new(6)), Some(Value::Loss(4)));
/// assert_eq!(solved.tables.probe(&Nim::new(5)), Some(Value::Win(3)));
/// assert_eq!((solved.positions, solved.decided), (2, 2));
/// ```
pub fn check_tier_solver<'a, S>(space: &'a S, tiers: &[S::Tier]) -> TierSolverCheck<'a, S>
where
    S: TierSpace,
    S::Game: Canonicalize + PartialEq,
{
    let order = ordered_tiers(space, tiers).unwrap_or_else(|e| panic!("the tiers cannot be ordered: {e}"));
    // Roots: every used index of the given tiers.
    let roots: Vec<(S::Tier, u64, S::Game)> = tiers
        .iter()
        .flat_map(|&t| (0..space.size(t)).filter_map(move |i| space.position(t, i).map(|p| (t, i, p))))
        .collect();
    let root_positions: Vec<S::Game> = roots.iter().map(|(_, _, p)| p.clone()).collect();

    let (tables, solve_millis, (naive, naive_millis), (keyed, keyed_millis)) = std::thread::scope(|scope| {
        let naive = scope.spawn(|| {
            let started = Instant::now();
            let naive = naive_values(&root_positions, S::Game::canonicalize);
            (naive, started.elapsed().as_millis() as u64)
        });
        let keyed = scope.spawn(|| {
            let started = Instant::now();
            let keyed = solve_keyed(&root_positions);
            (keyed, started.elapsed().as_millis() as u64)
        });
        let started = Instant::now();
        let tables = solve_in_order(space, &order);
        let solve_millis = started.elapsed().as_millis() as u64;
        let naive = naive.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        let keyed = keyed.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        (tables, solve_millis, naive, keyed)
    });

    // In parallel; the first failure in index order is reported.
    let started = Instant::now();
    let stride = roots.len().div_ceil(IMAGE_ROOTS).max(1);
    let outcomes: Vec<Result<(bool, u64, u64), String>> = roots
        .par_iter()
        .enumerate()
        .map_init(<S::Game as Game>::Moves::default, |moves, (k, (tier, i, p))| {
            compare_root(&tables, &naive, &keyed, moves, p, k % stride == 0)
                .map_err(|what| format!("tier {}, index {i}, position {p}{what}", space.tier_name(*tier)))
        })
        .collect();
    let (mut decided, mut plies, mut images) = (0, 0, 0);
    for outcome in outcomes {
        let (won_or_lost, n, m) = outcome.unwrap_or_else(|e| panic!("{e}"));
        decided += u64::from(won_or_lost);
        plies += n;
        images += m;
    }
    let compare_millis = started.elapsed().as_millis() as u64;

    TierSolverCheck {
        tables,
        order,
        positions: roots.len() as u64,
        decided,
        plies,
        images,
        solve_millis,
        naive_millis,
        keyed_millis,
        compare_millis,
    }
}

/// Compares the value of `p` with the references and with its plies'
/// values, and, if `images`, its children's values with the naive
/// fixpoint's. Returns whether `p` is decided, the number of plies and of
/// children compared; the error is the end of the message (after the
/// position).
fn compare_root<S>(
    tables: &Tablebases<&S>,
    naive: &FxHashMap<u64, Value>,
    keyed: &Solved<S::Game>,
    moves: &mut <S::Game as Game>::Moves,
    p: &S::Game,
    images: bool,
) -> Result<(bool, u64, u64), String>
where
    S: TierSpace,
    S::Game: Canonicalize + PartialEq,
{
    let v = tables.probe(p).ok_or(": the tier solver has no value")?;
    let reference = naive.get(&p.canonicalize().zobrist()).copied();
    if reference != Some(v) {
        return Err(format!(": the tier solver gives {v:?}, the naive fixpoint {reference:?}"));
    }
    let in_memory = keyed.probe(p);
    if in_memory != Some(v) {
        return Err(format!(": the tier solver gives {v:?}, the in-memory solver {in_memory:?}"));
    }
    if let Some(outcome) = p.outcome() {
        let expected = terminal(outcome);
        return if v == expected {
            Ok((v != Value::Draw, 0, 0))
        } else {
            Err(format!(": finished ({outcome:?}) but valued {v:?}"))
        };
    }
    let side = p.side_to_move();
    p.legal_moves(moves);
    let mut best: Option<Value> = None;
    let mut compared = 0;
    for &m in moves.as_slice() {
        let mut child = p.clone();
        child.play_unchecked(m);
        let Some(cv) = tables.probe(&child) else {
            return Err(format!(", ply {m:?} to {child}: the tables have no value"));
        };
        if images && child.outcome().is_none() {
            compared += 1;
            let image = naive.get(&child.canonicalize().zobrist()).copied();
            if image != Some(cv) {
                return Err(format!(
                    ", ply {m:?} to {child}: the tables give the child {cv:?}, the naive fixpoint gives its \
                     canonical form {image:?}"
                ));
            }
        }
        let through = cv.before_ply(child.side_to_move() != side);
        best = Some(best.map_or(through, |b| b.max(through)));
    }
    if best != Some(v) {
        return Err(format!(": valued {v:?}, but the best of its plies gives {best:?}"));
    }
    Ok((v != Value::Draw, moves.as_slice().len() as u64, compared))
}

/// Solves `order` tier by tier, each with the tables of its declared
/// dependencies only.
fn solve_in_order<'a, S: TierSpace>(space: &'a S, order: &[S::Tier]) -> Tablebases<&'a S> {
    let mut solved: Vec<(S::Tier, TierTable)> = Vec::with_capacity(order.len());
    for &tier in order {
        let deps = space.dependencies(tier);
        let tables: Vec<(S::Tier, &TierTable)> =
            solved.iter().filter(|(t, _)| deps.contains(t)).map(|(t, table)| (*t, table)).collect();
        let outside = |p: &S::Game| -> Option<Value> {
            let t = space.tier_of(p)?;
            let (_, table) = tables.iter().find(|(d, _)| *d == t)?;
            table.get(space.index(p))
        };
        let table = solve_tier(space, tier, &outside, &Silent)
            .unwrap_or_else(|e| panic!("tier {}: the tier solver fails: {e}", space.tier_name(tier)));
        solved.push((tier, table));
    }
    Tablebases::from_tables(space, solved)
}
