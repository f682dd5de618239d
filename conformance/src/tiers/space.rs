//! [`check_tier_space`]: the [`TierSpace`] contract checked position by
//! position on sampled indices of some tiers, the game's [`Canonicalize`]
//! judging orbits.

use lapilli_game::{Canonicalize, Game, MoveList};
use lapilli_tablebase::TierSpace;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

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
