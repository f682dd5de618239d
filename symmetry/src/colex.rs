//! The combinatorial number system: a dense rank for the `k`-subsets of a
//! set of points, in colexicographic ("colex") order.
//!
//! A `k`-set with elements `c_1 < c_2 < ... < c_k` has the colex rank
//! `C(c_1, 1) + C(c_2, 2) + ... + C(c_k, k)`, a bijection between the
//! `k`-subsets of `0..n` and `0..C(n, k)` for every `n` (D. H. Lehmer's
//! combinatorial number system; Knuth, *The Art of Computer Programming*
//! 4A, 7.2.1.3, Theorem L). Colex order on sets of equal size is the
//! numeric order of their bit masks, so the least of some sets is also the
//! one of least rank.
//!
//! Sets are bit masks (`u64`, bit `i` = point `i`). Nothing here allocates:
//! the binomial coefficients come from a table built at compile time, and
//! ranking costs one table read per element (plus one `popcount` per
//! element within a domain). These functions are the inner loop of a
//! tablebase's index ↔ position bijection.
//!
//! ```
//! use lapilli_symmetry::colex;
//! // The 3-subsets of 0..5 in colex order: {0,1,2}, {0,1,3}, {0,2,3}, ...
//! assert_eq!(colex::rank(0b00111), 0);
//! assert_eq!(colex::rank(0b01011), 1);
//! assert_eq!(colex::rank(0b01101), 2);
//! assert_eq!(colex::rank(0b11100), colex::binomial(5, 3) - 1);
//! assert_eq!(colex::unrank(2, 3), 0b01101);
//! // Within the domain {1, 4, 6, 7} (compressed to 0..4), {4, 7} is {1, 3}.
//! let domain = 1 << 1 | 1 << 4 | 1 << 6 | 1 << 7;
//! assert_eq!(colex::rank_within(1 << 4 | 1 << 7, domain), colex::rank(0b1010));
//! assert_eq!(colex::unrank_within(colex::rank(0b1010), 2, domain), 1 << 4 | 1 << 7);
//! ```

/// The largest `n` of the binomial table: sets of up to 64 points.
pub const MAX_N: u32 = 64;

const SIDE: usize = MAX_N as usize + 1;

/// `TABLE[n][k] = C(n, k)` for `n, k <= 64` (Pascal's rule; the largest,
/// `C(64, 32) ≈ 1.83e18`, fits a `u64`).
static TABLE: [[u64; SIDE]; SIDE] = {
    let mut t = [[0u64; SIDE]; SIDE];
    let mut n = 0;
    while n < SIDE {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// The binomial coefficient `C(n, k)`: the number of `k`-subsets of an
/// `n`-set, 0 when `k > n`. One table read.
///
/// # Panics
/// Panics if `n > 64` ([`MAX_N`]); `k > 64` gives 0 for any valid `n`.
///
/// ```
/// use lapilli_symmetry::colex::binomial;
/// assert_eq!(binomial(24, 5), 42_504);
/// assert_eq!(binomial(3, 4), 0);
/// assert_eq!(binomial(64, 32), 1_832_624_140_942_590_534);
/// ```
#[inline]
pub fn binomial(n: u32, k: u32) -> u64 {
    assert!(n <= MAX_N, "binomial table covers n <= 64, got {n}");
    if k > n {
        return 0;
    }
    TABLE[n as usize][k as usize]
}

/// `C(n, k)` for `n, k` known to be at most 64 (no checks beyond the
/// table's bounds).
#[inline(always)]
fn c(n: u32, k: u32) -> u64 {
    TABLE[n as usize][k as usize]
}

/// The colex rank of `set` among all subsets of its size `k`:
/// `sum C(c_i, i)` over its elements `c_1 < ... < c_k`, in
/// `0..C(max + 1, k)` where `max` is its largest element. The empty set has
/// rank 0.
///
/// ```
/// use lapilli_symmetry::colex::{rank, binomial};
/// assert_eq!(rank(0), 0);
/// assert_eq!(rank(1 << 5), 5);
/// // The last 5-subset of 0..24 has the last rank.
/// assert_eq!(rank(0b11111 << 19), binomial(24, 5) - 1);
/// ```
#[inline]
pub fn rank(set: u64) -> u64 {
    let mut bits = set;
    let mut r = 0;
    let mut i = 1;
    while bits != 0 {
        r += c(bits.trailing_zeros(), i);
        bits &= bits - 1;
        i += 1;
    }
    r
}

/// The `k`-subset of colex rank `rank`: the inverse of [`rank`].
///
/// `rank` must be below `C(64, k)` and `k` at most 64; otherwise the result
/// is unspecified (but there is no panic).
///
/// ```
/// use lapilli_symmetry::colex::{rank, unrank};
/// assert_eq!(unrank(0, 3), 0b111);
/// assert_eq!(unrank(5, 1), 1 << 5);
/// let set = 1 << 3 | 1 << 17 | 1 << 23;
/// assert_eq!(unrank(rank(set), 3), set);
/// ```
#[inline]
pub fn unrank(rank: u64, k: u32) -> u64 {
    if k == 0 || k > MAX_N {
        return 0;
    }
    // The largest element is the largest c with C(c, k) <= rank: a binary
    // search over c in k-1..64 (C(c, k) increases with c from c = k - 1).
    let (mut lo, mut hi) = (k - 1, MAX_N);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if c(mid, k) <= rank {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let mut r = rank - c(lo, k);
    let mut set = 1u64 << lo;
    descend(&mut set, &mut r, lo, k - 1);
    set
}

/// Adds elements `k` down to 1 of the set of rank `r` to `set`, each below
/// `bound` (the previous element, or the size of the domain).
#[inline(always)]
fn descend(set: &mut u64, r: &mut u64, bound: u32, k: u32) {
    let mut e = bound;
    let mut i = k;
    while i > 0 {
        // The largest e < previous with C(e, i) <= r; C(i - 1, i) = 0, so
        // the scan stops by e = i - 1.
        e -= 1;
        while c(e, i) > *r {
            e -= 1;
        }
        *r -= c(e, i);
        *set |= 1u64 << e;
        i -= 1;
    }
}

/// The colex rank of `set` among the subsets of its size of `domain`, after
/// renumbering `domain`'s points `0..|domain|` in increasing order: in
/// `0..C(|domain|, |set|)`. Points of `set` outside `domain` make the result
/// meaningless (checked in debug builds).
///
/// Costs one `popcount` and one table read per element of `set`.
///
/// ```
/// use lapilli_symmetry::colex::{rank_within, binomial};
/// let domain = 0b1111_0000;
/// assert_eq!(rank_within(0b0001_0000, domain), 0);
/// assert_eq!(rank_within(0b1100_0000, domain), binomial(4, 2) - 1);
/// ```
#[inline]
pub fn rank_within(set: u64, domain: u64) -> u64 {
    debug_assert_eq!(set & !domain, 0, "set {set:#x} outside domain {domain:#x}");
    let mut bits = set;
    let mut r = 0;
    let mut i = 1;
    while bits != 0 {
        let below = (bits & bits.wrapping_neg()) - 1;
        r += c((domain & below).count_ones(), i);
        bits &= bits - 1;
        i += 1;
    }
    r
}

/// The `k`-subset of `domain` whose [`rank_within`] `domain` is `rank`.
///
/// `rank` must be below `C(|domain|, k)`; otherwise the result is
/// unspecified (checked in debug builds, no panic in release builds).
///
/// ```
/// use lapilli_symmetry::colex::{rank_within, unrank_within};
/// let domain = 0b1011_0110;
/// assert_eq!(unrank_within(0, 2, domain), 0b0000_0110);
/// assert_eq!(unrank_within(rank_within(0b1001_0100, domain), 3, domain), 0b1001_0100);
/// ```
#[inline]
pub fn unrank_within(rank: u64, k: u32, domain: u64) -> u64 {
    let m = domain.count_ones();
    debug_assert!(k <= m && rank < c(m, k), "rank {rank} of a {k}-subset of {m} points");
    if k == 0 || k > m {
        return 0;
    }
    let mut compressed = 0u64;
    let mut r = rank;
    descend(&mut compressed, &mut r, m, k);
    deposit(compressed, domain)
}

/// The bits of `domain` picked by the bits of `compressed`: bit `j` of
/// `compressed` selects the `j`-th lowest point of `domain` (a software
/// `pdep`).
#[inline]
fn deposit(compressed: u64, domain: u64) -> u64 {
    let mut out = 0;
    let mut d = domain;
    let mut skipped = 0;
    let mut bits = compressed;
    while bits != 0 {
        let p = bits.trailing_zeros();
        while skipped < p {
            d &= d.wrapping_sub(1);
            skipped += 1;
        }
        out |= d & d.wrapping_neg();
        bits &= bits - 1;
    }
    out
}
