//! [`check_tier_solver`]: the tier solver's values compared with the naive
//! fixpoint and the in-memory solver on every position of some tiers,
//! symmetric images included.

use lapilli_game::{Canonicalize, Game, MoveList, Outcome, Value};
use lapilli_tablebase::{naive_values, ordered_tiers, solve_tier, Silent, Tablebases, TierSpace, TierTable};
use lapilli_tablebase::{solve_keyed, Solved};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::fmt;
use std::time::Instant;

/// [`check_tier_solver`] compares the children of at least this many
/// roots, spread evenly, with the naive fixpoint's value of their canonical
/// form (of every root when there are fewer).
const IMAGE_ROOTS: usize = 50_000;

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
/// [`check_tier_space`](crate::check_tier_space)'s example): multiples of 3
/// are lost.
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
