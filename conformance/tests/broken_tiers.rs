//! The tier checks can fail: a toy tier space passes both, and each of
//! its flawed twins breaks one property of the `TierSpace` contract on
//! purpose and is caught, with a message naming what broke.
//!
//! The toy, `Cycle`: a counter stands on one of the `len` points of a
//! cycle beside a pile of stones. A ply steps the counter to a neighbouring
//! point or, when the counter stands at an even distance from point 0,
//! takes one or two stones. The side to move with an empty pile has lost.
//! The reflection `at -> len - at` is a symmetry (orbits of one or two
//! positions). Its tiers are the pile sizes: steps stay inside a tier,
//! takes lead to the two tiers below. `Cycles<F>` is its tier space with
//! flaw `F`; `Cycles<SOUND>` passes, so each failure is due to its flaw.

use lapilli_conformance::{check_tier_solver, check_tier_space};
use lapilli_game::{Canonicalize, Game, Outcome, Value};
use lapilli_tablebase::TierSpace;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Cycle {
    len: u8,
    stones: u8,
    at: u8,
    second: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Step {
    Left,
    Right,
    Take(u8),
}

impl Cycle {
    /// The distance from point 0 along the cycle.
    fn distance(&self) -> u8 {
        self.at.min(self.len - self.at)
    }

    /// The mirror image: the reflection through point 0.
    fn mirror(&self) -> Cycle {
        Cycle { at: (self.len - self.at) % self.len, ..*self }
    }
}

impl fmt::Display for Cycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.second { "second" } else { "first" };
        write!(f, "cycle {} stones {} at {} {side}", self.len, self.stones, self.at)
    }
}

impl Game for Cycle {
    type Move = Step;
    type Side = bool;
    type Moves = Vec<Step>;
    fn side_to_move(&self) -> bool {
        self.second
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0).then_some(Outcome::Loss)
    }
    fn legal_moves(&self, moves: &mut Vec<Step>) {
        moves.clear();
        if self.stones > 0 {
            moves.extend([Step::Left, Step::Right]);
            if self.distance().is_multiple_of(2) {
                moves.extend((1..=self.stones.min(2)).map(Step::Take));
            }
        }
    }
    fn play_unchecked(&mut self, m: Step) {
        match m {
            Step::Left => self.at = (self.at + self.len - 1) % self.len,
            Step::Right => self.at = (self.at + 1) % self.len,
            Step::Take(n) => self.stones -= n,
        }
        self.second = !self.second;
    }
    fn zobrist(&self) -> u64 {
        let x = u64::from(self.len) << 24 | u64::from(self.stones) << 16 | u64::from(self.at) << 1;
        (x | u64::from(self.second)).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
    }
    fn is_irreversible(&self, m: Step) -> bool {
        matches!(m, Step::Take(_))
    }
}

impl Canonicalize for Cycle {
    fn canonicalize(&self) -> Cycle {
        Cycle { at: self.distance(), ..*self }
    }
    fn orbit_len(&self) -> usize {
        if self.mirror() == *self {
            1
        } else {
            2
        }
    }
}

/// No flaw.
const SOUND: u8 = 0;
/// `predecessors` forgets the step from the right-hand neighbour.
const MISSING_PREDECESSOR: u8 = 1;
/// The index of a point past the half of the cycle (never a canonical
/// member) is that of the point one nearer to point 0: right on every
/// position `position` returns, wrong on their mirror images.
const INDEX_NOT_INVARIANT: u8 = 2;
/// `dependencies` leaves out the tier two stones below.
const MISSING_DEPENDENCY: u8 = 3;
/// `position` returns the mirror image of the canonical member, while the
/// index reads the point as it is, trusting its input to be canonical.
const NON_CANONICAL_POSITION: u8 = 4;
/// `predecessors` adds the position two steps away, which has no ply to
/// the position.
const EXTRA_PREDECESSOR: u8 = 5;
/// `predecessors` adds the position one stone up, whose take leads to the
/// position from another tier.
const PREDECESSOR_FROM_ANOTHER_TIER: u8 = 6;
/// `has_internal_plies` is false.
const NO_INTERNAL_PLIES: u8 = 7;
/// `orbit_len` is always 2.
const ORBIT_TWO: u8 = 8;

/// The tier space of the cycle of `len` points with flaw `F`: tier `t` is
/// a pile of `t` stones (at least one: an empty pile is finished); index
/// `2 * distance + side`, one slack index at the end.
struct Cycles<const F: u8> {
    len: u8,
}

impl<const F: u8> TierSpace for Cycles<F> {
    type Game = Cycle;
    type Tier = u8;
    fn variant_name(&self) -> String {
        format!("cycle-{}", self.len)
    }
    fn scheme(&self) -> String {
        "cycle-distance/1".into()
    }
    fn tier_name(&self, tier: u8) -> String {
        format!("s{tier}")
    }
    fn parse_tier(&self, name: &str) -> Option<u8> {
        name.strip_prefix('s')?.parse().ok().filter(|&t| t > 0)
    }
    fn tier_of(&self, pos: &Cycle) -> Option<u8> {
        (pos.stones > 0).then_some(pos.stones)
    }
    fn size(&self, _tier: u8) -> u64 {
        2 * (u64::from(self.len) / 2 + 1) + 1
    }
    fn index(&self, pos: &Cycle) -> u64 {
        let side = u64::from(pos.second);
        match F {
            INDEX_NOT_INVARIANT if pos.at > self.len / 2 => 2 * u64::from(pos.distance() - 1) + side,
            NON_CANONICAL_POSITION => 2 * u64::from(pos.at) + side,
            _ => 2 * u64::from(pos.distance()) + side,
        }
    }
    fn position(&self, tier: u8, index: u64) -> Option<Cycle> {
        let at = u8::try_from(index / 2).ok().filter(|&at| at <= self.len / 2)?;
        let pos = Cycle { len: self.len, stones: tier, at, second: index % 2 == 1 };
        Some(if F == NON_CANONICAL_POSITION { pos.mirror() } else { pos })
    }
    fn dependencies(&self, tier: u8) -> Vec<u8> {
        let lowest = if F == MISSING_DEPENDENCY { tier - 1 } else { tier.saturating_sub(2) };
        (lowest.max(1)..tier).rev().collect()
    }
    fn has_internal_plies(&self, _tier: u8) -> bool {
        F != NO_INTERNAL_PLIES
    }
    fn predecessors(&self, pos: &Cycle, out: &mut Vec<Cycle>) {
        let step = |back: u8| Cycle { at: (pos.at + back) % self.len, second: !pos.second, ..*pos };
        out.push(step(self.len - 1));
        if F != MISSING_PREDECESSOR {
            out.push(step(1));
        }
        match F {
            EXTRA_PREDECESSOR => out.push(step(2)),
            PREDECESSOR_FROM_ANOTHER_TIER if pos.distance().is_multiple_of(2) => {
                out.push(Cycle { stones: pos.stones + 1, second: !pos.second, ..*pos })
            }
            _ => {}
        }
    }
    fn orbit_len(&self, pos: &Cycle) -> u64 {
        if F == ORBIT_TWO {
            2
        } else {
            Canonicalize::orbit_len(pos) as u64
        }
    }
}

fn cycle(len: u8, stones: u8, at: u8) -> Cycle {
    Cycle { len, stones, at, second: false }
}

#[test]
fn the_sound_space_passes_both_checks() {
    let space = Cycles::<SOUND> { len: 7 };
    // Tiers of 9 indices, all checked: points 0 to 3 (distances), two
    // sides, so 8 positions a tier. Each has 2 steps, and at distance 0 or
    // 2 (4 positions a tier) one take with one stone, two with more:
    // 8 * 2 + 4 = 20 plies in tier 1, 8 * 2 + 4 * 2 = 24 in the others.
    // The steps stay inside, and each position has two predecessors.
    let checked = check_tier_space(&space, &[1, 2, 3, 4], 100, 1);
    assert_eq!(checked.indices, 4 * 9);
    assert_eq!(checked.positions, 4 * 8);
    assert_eq!(checked.plies, 20 + 3 * 24);
    assert_eq!(checked.internal_plies, 4 * 8 * 2);
    assert_eq!(checked.predecessors, 4 * 8 * 2);

    // Sampled: at most 5 positions a tier, in at most 32 * 5 draws.
    let sampled = check_tier_space(&Cycles::<SOUND> { len: 40 }, &[1, 2, 3], 5, 7);
    assert_eq!(sampled.positions, 3 * 5);
    assert!((15..=3 * 32 * 5).contains(&sampled.indices), "{sampled:?}");

    let solved = check_tier_solver(&space, &[1, 2, 4]);
    assert_eq!(solved.order, [1, 2, 3, 4], "dependencies first");
    assert_eq!((solved.positions, solved.plies), (3 * 8, 20 + 2 * 24));
    // Every child compared with the naive fixpoint but those with an empty
    // pile: the 4 takes of tier 1 and the 4 takes of two stones of tier 2.
    assert_eq!(solved.images, 20 + 2 * 24 - 4 - 4);
    let tables = &solved.tables;
    // One stone at an even distance: take it and win.
    assert_eq!(tables.probe(&cycle(7, 1, 2)), Some(Value::Win(1)));
    assert_eq!(tables.probe(&cycle(7, 1, 5)), Some(Value::Win(1)), "the mirror image of point 2");
    // At distance 1 both steps hand the opponent an even distance: lost.
    assert_eq!(tables.probe(&cycle(7, 1, 1)), Some(Value::Loss(2)));
    // Points 3 and 4 (distance 3) step to each other for ever.
    assert_eq!(tables.probe(&cycle(7, 1, 3)), Some(Value::Draw));
    // Two stones at an even distance: take both.
    assert_eq!(tables.probe(&cycle(7, 2, 0)), Some(Value::Win(1)));
    // Positions by value, each tier of 14 (7 points, two sides) in 8
    // orbits. With one or two stones: won at distance 0 and 2 (points 0,
    // 2 and 5), lost at distance 1 (points 1 and 6), drawn at distance 3
    // (points 3 and 4). With three or more, a take hands the opponent a
    // won position and nobody can force anything: all drawn.
    let counts: Vec<(u8, u64, u64, u64, u64)> = tables
        .tiers()
        .map(|(t, h)| (t, h.counts.win, h.counts.loss, h.counts.draw, h.counts.classes()))
        .collect();
    assert_eq!(counts, [(1, 6, 4, 4, 8), (2, 6, 4, 4, 8), (3, 0, 0, 14, 8), (4, 0, 0, 14, 8)]);
    // Decided roots: the won and lost orbits of tiers 1 and 2.
    assert_eq!(solved.decided, 2 * (2 + 1) * 2);
}

#[test]
#[should_panic(expected = "is not among the child's 1 predecessors (up to symmetry)")]
fn a_missing_predecessor_fails_the_space_check() {
    check_tier_space(&Cycles::<MISSING_PREDECESSOR> { len: 7 }, &[1], 100, 1);
}

#[test]
#[should_panic(
    expected = "tier s1, index 4, position cycle 9 stones 1 at 2 first, ply Right to cycle 9 stones 1 at 3 \
                second: the tables give the child Draw, the naive fixpoint gives its canonical form Some(Loss(2))"
)]
fn a_missing_predecessor_fails_the_solver_check() {
    // Point 3 of 9 steps to points 2 and 4, both won by a take: lost. The
    // solver learns that 4 is won from its un-moves (to 3 and 5) but not
    // that 2 is (its only un-move left is from 1), so 3 stays a draw; the
    // first position that meets it is point 2, a step away.
    check_tier_solver(&Cycles::<MISSING_PREDECESSOR> { len: 9 }, &[1]);
}

#[test]
#[should_panic(expected = "the index is not the same on every member of the orbit")]
fn an_index_not_invariant_under_the_symmetry_fails_the_space_check() {
    // Every position `position` returns round-trips: only a child past
    // the half of the cycle shows it.
    check_tier_space(&Cycles::<INDEX_NOT_INVARIANT> { len: 7 }, &[1], 100, 1);
}

#[test]
#[should_panic(
    expected = "tier s2, index 0, position cycle 7 stones 2 at 0 first, ply Left to cycle 7 stones 2 at 6 \
                second: the tables give the child Win(1), the naive fixpoint gives its canonical form Some(Loss(2))"
)]
fn an_index_not_invariant_under_the_symmetry_fails_the_solver_check() {
    // Point 6 reads point 0's entry.
    check_tier_solver(&Cycles::<INDEX_NOT_INVARIANT> { len: 7 }, &[2]);
}

#[test]
#[should_panic(expected = "the child is in tier s1, which is not among the dependencies of s3 (s2)")]
fn a_dependency_left_out_fails_the_space_check() {
    check_tier_space(&Cycles::<MISSING_DEPENDENCY> { len: 7 }, &[3], 100, 1);
}

#[test]
#[should_panic(expected = "tier s3: the tier solver fails")]
fn a_dependency_left_out_fails_the_solver_check() {
    // Tier 1 is solved (for tier 2), but tier 3 does not declare it: the
    // solver of tier 3 does not see it, as a build would not load it.
    check_tier_solver(&Cycles::<MISSING_DEPENDENCY> { len: 7 }, &[3]);
}

#[test]
#[should_panic(
    expected = "tier s1, index 2, position cycle 7 stones 1 at 6 first: index() of the position at index 2 is 12"
)]
fn a_position_that_is_not_the_member_the_index_ranks_fails() {
    check_tier_space(&Cycles::<NON_CANONICAL_POSITION> { len: 7 }, &[1], 100, 1);
}

#[test]
#[should_panic(expected = "no legal ply of the predecessor leads to the position")]
fn a_predecessor_without_a_ply_to_the_position_fails() {
    check_tier_space(&Cycles::<EXTRA_PREDECESSOR> { len: 7 }, &[1], 100, 1);
}

#[test]
#[should_panic(expected = "the predecessor is in tier s2, not in the tier")]
fn a_predecessor_from_another_tier_fails() {
    check_tier_space(&Cycles::<PREDECESSOR_FROM_ANOTHER_TIER> { len: 7 }, &[1], 100, 1);
}

#[test]
#[should_panic(expected = "the ply stays inside the tier, but has_internal_plies(s1) is false")]
fn plies_inside_a_tier_without_internal_plies_fail() {
    check_tier_space(&Cycles::<NO_INTERNAL_PLIES> { len: 7 }, &[1], 100, 1);
}

#[test]
#[should_panic(expected = "orbit_len(cycle 7 stones 1 at 0 first) is 2, but the orbit has 1 positions")]
fn a_wrong_orbit_length_fails() {
    check_tier_space(&Cycles::<ORBIT_TWO> { len: 7 }, &[1], 100, 1);
}
