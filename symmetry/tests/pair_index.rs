//! The combinatorial number system and the symmetry-reduced pair index,
//! checked against independent counts (Pascal's rule, brute-force orbit
//! enumeration, Burnside's lemma over the whole group) on real boards.

use lapilli_board_graph::{grid::Grid, morris, wheel, Bitboard, Board};
use lapilli_symmetry::colex::{binomial, rank, rank_within, unrank, unrank_within};
use lapilli_symmetry::{automorphisms, Group, PairIndex, PairIndexError, SetMapper};
use proptest::prelude::*;
use std::collections::HashSet;
use std::time::Instant;

// ---------------------------------------------------------------- colex

#[test]
fn binomial_follows_pascals_rule() {
    for n in 0..=64u32 {
        assert_eq!(binomial(n, 0), 1);
        assert_eq!(binomial(n, n), 1);
        assert_eq!(binomial(n, n + 1), 0);
        assert_eq!(binomial(n, 65), 0);
        for k in 1..=n {
            assert_eq!(binomial(n, k), binomial(n - 1, k - 1) + binomial(n - 1, k), "C({n}, {k})");
        }
    }
    assert_eq!(binomial(52, 5), 2_598_960);
    assert_eq!(binomial(24, 3), 2024);
    assert_eq!(binomial(24, 9), 1_307_504);
    assert_eq!(binomial(32, 16), 601_080_390);
}

#[test]
fn colex_rank_is_a_bijection_on_small_sets() {
    // In numeric order, the k-subsets of 0..n have the ranks 0, 1, 2, ...
    for n in 0..=14u32 {
        let mut next = vec![0u64; n as usize + 1];
        for set in 0u64..1 << n {
            let k = set.count_ones();
            assert_eq!(rank(set), next[k as usize], "set {set:#b}");
            assert_eq!(unrank(rank(set), k), set);
            next[k as usize] += 1;
        }
        for k in 0..=n {
            assert_eq!(next[k as usize], binomial(n, k));
        }
    }
}

#[test]
fn rank_within_is_a_bijection_on_a_domain() {
    let domain: u64 = 1 << 2 | 1 << 3 | 1 << 7 | 1 << 11 | 1 << 12 | 1 << 20 | 1 << 31 | 1 << 63;
    let m = domain.count_ones();
    for k in 0..=m {
        let mut ranks = Vec::new();
        // Every subset of the domain, via the subsets of its compressed form.
        for compressed in 0u64..1 << m {
            if compressed.count_ones() != k {
                continue;
            }
            let set = expand(compressed, domain);
            let r = rank_within(set, domain);
            assert_eq!(r, rank(compressed));
            assert_eq!(unrank_within(r, k, domain), set);
            ranks.push(r);
        }
        ranks.sort_unstable();
        assert_eq!(ranks, (0..binomial(m, k)).collect::<Vec<_>>());
    }
}

/// Bit `j` of `compressed` picks the `j`-th lowest point of `domain`.
fn expand(compressed: u64, domain: u64) -> u64 {
    let points: Vec<u32> = (0..64).filter(|&p| domain >> p & 1 == 1).collect();
    (0..points.len()).filter(|&j| compressed >> j & 1 == 1).fold(0, |acc, j| acc | 1 << points[j])
}

proptest! {
    #[test]
    fn colex_round_trips_on_large_boards(n in 24u32..=64, bits in any::<u64>()) {
        let set = if n == 64 { bits } else { bits & ((1u64 << n) - 1) };
        let k = set.count_ones();
        let r = rank(set);
        prop_assert!(r < binomial(n, k));
        prop_assert_eq!(unrank(r, k), set);
    }

    #[test]
    fn rank_within_round_trips(domain in any::<u64>(), pick in any::<u64>()) {
        let set = domain & pick;
        let (m, k) = (domain.count_ones(), set.count_ones());
        let r = rank_within(set, domain);
        prop_assert!(r < binomial(m, k));
        prop_assert_eq!(unrank_within(r, k, domain), set);
        // The compressed set, found the slow way, has the same plain rank.
        let points: Vec<u32> = (0..64).filter(|&p| domain >> p & 1 == 1).collect();
        let compressed = points.iter().enumerate()
            .filter(|(_, &p)| set >> p & 1 == 1)
            .fold(0u64, |acc, (j, _)| acc | 1 << j);
        prop_assert_eq!(r, rank(compressed));
    }

    #[test]
    fn colex_order_is_numeric_order(a in any::<u32>(), b in any::<u32>()) {
        // Only sets of equal size are comparable by rank.
        let k = a.count_ones().min(b.count_ones());
        let trim = |mut s: u32| { while s.count_ones() > k { s &= s - 1; } s as u64 };
        let (a, b) = (trim(a), trim(b));
        prop_assert_eq!(a.cmp(&b), rank(a).cmp(&rank(b)));
    }
}

// ------------------------------------------------------------ pair index

fn nine() -> Group {
    automorphisms(&morris::nine_mens_morris()).unwrap()
}

fn six() -> Group {
    automorphisms(&morris::six_mens_morris()).unwrap()
}

fn wheel_group() -> Group {
    automorphisms(&wheel::wheel()).unwrap()
}

fn grid_group(w: usize, h: usize) -> Group {
    automorphisms(&Grid::new(w, h).unwrap().board().unwrap()).unwrap()
}

/// `n` points and no lines: every relabelling is an automorphism.
fn symmetric_group(n: usize) -> Group {
    automorphisms(&Board::from_lines(n, Vec::<[usize; 2]>::new()).unwrap()).unwrap()
}

/// The image of a `u32` set under element `e`, through `Permutation`
/// (independent of the index's byte tables).
fn image(group: &Group, e: usize, set: u32) -> u32 {
    group.element(e).map_bits(Bitboard(set as u64)).0 as u32
}

/// The `k`-subsets of `0..n` in increasing order, listed by a plain filter.
fn subsets(n: u32, k: u32) -> Vec<u32> {
    let mut out = Vec::new();
    // Recursive choice of the elements, smallest first.
    fn extend(from: u32, n: u32, k: u32, set: u32, out: &mut Vec<u32>) {
        if k == 0 {
            out.push(set);
            return;
        }
        for p in from..n {
            extend(p + 1, n, k - 1, set | 1 << p, out);
        }
    }
    extend(0, n, k, 0, &mut out);
    out
}

/// Orbits of pairs by brute force: the set of least images of every pair.
fn brute_force_orbits(group: &Group, first: u32, second: u32) -> u64 {
    let n = group.points() as u32;
    let mut least = HashSet::new();
    for a in subsets(n, first) {
        let free: Vec<u32> = (0..n).filter(|p| a >> p & 1 == 0).collect();
        for compressed in subsets(n - first, second) {
            let b = (0..free.len()).filter(|j| compressed >> j & 1 == 1).fold(0, |acc, j| acc | 1 << free[j]);
            let key = (0..group.len()).map(|e| (image(group, e, a), image(group, e, b))).min().unwrap();
            least.insert(key);
        }
    }
    least.len() as u64
}

/// Every index below `len`: unused, or the index of the pair it names, of
/// the right sizes. Returns the used indices and the sum of their orbits.
fn check_all_indices(index: &PairIndex) -> (u64, u64) {
    let (mut used, mut covered) = (0, 0);
    let full = if index.points() == 32 { u32::MAX } else { (1u32 << index.points()) - 1 };
    for i in 0..index.len() {
        if let Some((a, b)) = index.sets(i) {
            assert_eq!(a & b, 0);
            assert_eq!((a | b) & !full, 0);
            assert_eq!((a.count_ones(), b.count_ones()), (index.first(), index.second()));
            assert_eq!(index.index(a, b), i);
            assert_eq!(index.canonical(a, b), (a, b));
            used += 1;
            covered += index.orbit_len(a, b);
        }
    }
    assert_eq!(index.sets(index.len()), None);
    (used, covered)
}

/// All of (a), (c) and (d) on one tier: every index checked, the used ones
/// counted against Burnside's lemma, and their orbits covering every pair
/// exactly once.
fn check_tier(group: &Group, first: u32, second: u32) -> PairIndex {
    let index = PairIndex::new(group, first, second).unwrap();
    let n = group.points() as u32;
    let (used, covered) = check_all_indices(&index);
    assert_eq!(used, index.classes(), "{first}+{second} on {n} points");
    assert_eq!(used, group.pair_orbits(first as usize, second as usize), "{first}+{second} on {n} points");
    assert_eq!(covered, binomial(n, first) * binomial(n - first, second));
    assert_eq!(index.len(), used, "dense");
    index
}

#[test]
fn nine_mens_small_tiers_are_perfect() {
    let g = nine();
    assert_eq!((g.len(), g.points()), (16, 24));
    for (first, second) in [(0, 0), (1, 0), (0, 3), (1, 1), (2, 1), (2, 2), (3, 2), (3, 3)] {
        check_tier(&g, first, second);
    }
    // Independent count of the 3 + 3 orbits by brute force.
    let index = PairIndex::new(&g, 3, 3).unwrap();
    assert_eq!(brute_force_orbits(&g, 3, 3), index.classes());
}

#[test]
fn nine_mens_four_against_four_is_perfect() {
    check_tier(&nine(), 4, 4);
}

#[test]
fn six_mens_tiers_are_perfect() {
    let g = six();
    assert_eq!((g.len(), g.points()), (16, 16));
    for (first, second) in [(2, 2), (3, 3), (3, 2), (6, 6), (6, 3), (8, 8)] {
        let index = check_tier(&g, first, second);
        if first + second <= 6 {
            assert_eq!(brute_force_orbits(&g, first, second), index.classes());
        }
    }
}

#[test]
fn other_boards_are_perfect() {
    for g in [wheel_group(), grid_group(3, 3), grid_group(4, 4), grid_group(5, 4)] {
        for (first, second) in [(1, 1), (2, 2), (3, 3), (4, 2)] {
            let index = check_tier(&g, first, second);
            assert_eq!(brute_force_orbits(&g, first, second), index.classes());
        }
    }
}

#[test]
fn the_symmetric_group_has_one_orbit_per_material() {
    // Under all 720 relabellings of 6 points any two pairs of the same
    // sizes are equivalent.
    let g = symmetric_group(6);
    assert_eq!(g.len(), 720);
    for first in 0..=6 {
        for second in 0..=6 - first {
            let index = check_tier(&g, first, second);
            assert_eq!(index.classes(), 1);
            assert_eq!(index.first_classes(), 1);
            assert_eq!(index.len(), 1);
        }
    }
}

#[test]
fn the_trivial_group_has_no_slack() {
    let g = Group::trivial(10);
    for (first, second) in [(0, 0), (3, 4), (5, 5), (10, 0)] {
        let index = check_tier(&g, first, second);
        assert_eq!(index.len(), binomial(10, first) * binomial(10 - first, second));
        assert_eq!(index.classes(), index.len());
    }
    // 32 points is the widest board.
    let index = PairIndex::new(&Group::trivial(32), 2, 1).unwrap();
    assert_eq!(index.len(), binomial(32, 2) * 30);
    assert_eq!(index.index(1 << 31 | 1 << 30, 1 << 29), index.len() - 1);
    assert_eq!(index.sets(index.len() - 1), Some((1 << 31 | 1 << 30, 1 << 29)));
}

#[test]
fn large_tiers_are_dense_and_count_their_orbits_by_burnside() {
    // Tiers too large to walk here: the index space is exactly the number
    // of orbits by Burnside's lemma over the whole group.
    let (nine, six) = (nine(), six());
    for (first, second, orbits) in
        [(3, 3, 169_626), (4, 4, 3_225_597), (5, 5, 30_914_424), (9, 9, 409_106_740), (9, 3, 0), (12, 12, 0)]
    {
        let index = PairIndex::new(&nine, first, second).unwrap();
        let burnside = nine.pair_orbits(first as usize, second as usize);
        assert_eq!((index.len(), index.classes()), (burnside, burnside), "{first}+{second}");
        if orbits > 0 {
            assert_eq!(burnside, orbits);
        }
        // The last index names a pair, the one after does not.
        let (a, b) = index.sets(index.len() - 1).unwrap();
        assert_eq!(index.index(a, b), index.len() - 1);
        assert_eq!(index.sets(index.len()), None);
    }
    let index = PairIndex::new(&six, 6, 6).unwrap();
    assert_eq!(index.len(), six.pair_orbits(6, 6));
    assert_eq!(index.len(), 105_700);
}

#[test]
fn construction_errors_are_typed() {
    let g = six();
    assert_eq!(
        PairIndex::new(&g, 9, 8).unwrap_err(),
        PairIndexError::TooManyPieces { first: 9, second: 8, points: 16 }
    );
    assert!(PairIndex::new(&g, 8, 8).is_ok());
    assert_eq!(
        PairIndex::new(&Group::trivial(33), 1, 1).unwrap_err(),
        PairIndexError::TooManyPoints { points: 33 }
    );
    assert_eq!(
        SetMapper::new(&Group::trivial(40)).unwrap_err(),
        PairIndexError::TooManyPoints { points: 40 }
    );
}

#[test]
fn set_mapper_agrees_with_the_permutations() {
    let g = nine();
    let mapper = SetMapper::new(&g).unwrap();
    assert_eq!((mapper.len(), mapper.points()), (16, 24));
    let mut x: u32 = 0x9e37_79b9;
    for _ in 0..1000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let set = x & 0xff_ffff;
        for e in 0..g.len() {
            assert_eq!(mapper.map(e, set), image(&g, e, set));
        }
        // Points outside the board are dropped.
        assert_eq!(mapper.map(3, set | 0xff00_0000), mapper.map(3, set));
    }
}

/// A random pair of disjoint sets of the given sizes on `n` points, from a
/// shuffled list of the points.
fn pair_strategy(n: usize, first: usize, second: usize) -> impl Strategy<Value = (u32, u32)> {
    Just((0..n).collect::<Vec<usize>>()).prop_shuffle().prop_map(move |points| {
        let a = points[..first].iter().fold(0u32, |acc, &p| acc | 1 << p);
        let b = points[first..first + second].iter().fold(0u32, |acc, &p| acc | 1 << p);
        (a, b)
    })
}

/// (b): the index is invariant under the group, names an image of the pair,
/// and `orbit_len` counts the distinct images.
fn check_invariance(group: &Group, index: &PairIndex, a: u32, b: u32) -> Result<(), TestCaseError> {
    let i = index.index(a, b);
    prop_assert!(i < index.len());
    let images: HashSet<(u32, u32)> =
        (0..group.len()).map(|e| (image(group, e, a), image(group, e, b))).collect();
    for &(ga, gb) in &images {
        prop_assert_eq!(index.index(ga, gb), i);
    }
    let named = index.sets(i);
    prop_assert!(named.is_some_and(|pair| images.contains(&pair)), "index {} names {:?}", i, named);
    prop_assert_eq!(named, Some(index.canonical(a, b)));
    prop_assert_eq!(index.orbit_len(a, b), images.len() as u64);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn nine_mens_pairs_are_invariant(
        (first, second, pair) in (0usize..=9, 0usize..=9)
            .prop_flat_map(|(f, s)| (Just(f), Just(s), pair_strategy(24, f, s)))
    ) {
        let g = nine();
        let index = PairIndex::new(&g, first as u32, second as u32).unwrap();
        check_invariance(&g, &index, pair.0, pair.1)?;
    }

    #[test]
    fn six_mens_pairs_are_invariant(
        (first, second, pair) in (0usize..=8, 0usize..=8)
            .prop_flat_map(|(f, s)| (Just(f), Just(s), pair_strategy(16, f, s)))
    ) {
        let g = six();
        let index = PairIndex::new(&g, first as u32, second as u32).unwrap();
        check_invariance(&g, &index, pair.0, pair.1)?;
    }
}

#[test]
fn nine_mens_five_against_five_pairs_are_invariant() {
    // One index, many random pairs (the proptest above builds an index per case).
    let g = nine();
    let index = PairIndex::new(&g, 5, 5).unwrap();
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    runner.run(&pair_strategy(24, 5, 5), |(a, b)| check_invariance(&g, &index, a, b)).unwrap();
}

// --------------------------------------------------------------- figures

/// Random disjoint pairs for timing: a xorshift generator and a partial
/// Fisher–Yates shuffle.
fn random_pairs(n: usize, first: usize, second: usize, count: usize) -> Vec<(u32, u32)> {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..count)
        .map(|_| {
            let mut points: Vec<usize> = (0..n).collect();
            for i in 0..first + second {
                let j = i + (next() % (n - i) as u64) as usize;
                points.swap(i, j);
            }
            let a = points[..first].iter().fold(0u32, |acc, &p| acc | 1 << p);
            let b = points[first..first + second].iter().fold(0u32, |acc, &p| acc | 1 << p);
            (a, b)
        })
        .collect()
}

/// Timing and size figures; run with
/// `cargo test --release -p lapilli-symmetry --test pair_index -- --ignored --nocapture`.
#[test]
#[ignore = "prints figures; run by hand in release"]
fn figures() {
    let (nine, six) = (nine(), six());
    for (name, g, first, second) in [
        ("nine", &nine, 3, 3),
        ("nine", &nine, 4, 4),
        ("nine", &nine, 5, 5),
        ("nine", &nine, 9, 9),
        ("six", &six, 6, 6),
    ] {
        let start = Instant::now();
        let index = PairIndex::new(g, first, second).unwrap();
        let built = start.elapsed();
        println!(
            "{name} {first}+{second}: first classes {}, len = orbits {}, built in {:.1} ms",
            index.first_classes(),
            index.len(),
            built.as_secs_f64() * 1e3
        );
    }
    let index = PairIndex::new(&nine, 5, 5).unwrap();
    let pairs = random_pairs(24, 5, 5, 1 << 20);
    let mut sum = 0u64;
    let start = Instant::now();
    for _ in 0..10 {
        for &(a, b) in &pairs {
            sum = sum.wrapping_add(index.index(a, b));
        }
    }
    let ns = start.elapsed().as_secs_f64() * 1e9 / (10 * pairs.len()) as f64;
    println!("nine 5+5 index: {ns:.1} ns per call (checksum {sum})");
    let start = Instant::now();
    let mut used = 0u64;
    for i in 0..index.len() {
        used += index.sets(i).is_some() as u64;
    }
    let ns = start.elapsed().as_secs_f64() * 1e9 / index.len() as f64;
    println!("nine 5+5 sets over all {} indices: {ns:.1} ns per call, {used} used", index.len());
    assert_eq!(used, index.classes());
    let start = Instant::now();
    let mut sum = 0u64;
    for _ in 0..10 {
        for &(a, b) in &pairs {
            sum = sum.wrapping_add(rank(a as u64) + rank_within(b as u64, !a as u64 & 0xff_ffff));
        }
    }
    let ns = start.elapsed().as_secs_f64() * 1e9 / (10 * pairs.len()) as f64;
    println!("colex rank + rank_within (5+5 on 24 points): {ns:.1} ns per call (checksum {sum})");
}
