//! A perfect, symmetry-reduced index of two-colour piece placements: pairs
//! `(A, B)` of disjoint point sets of fixed sizes, one index per orbit under
//! a board's automorphism group, for tablebases split into tiers by
//! material.
//!
//! # Scheme
//! The combinatorial number system ([`crate::colex`]) numbers the
//! `first`-subsets `A` of the `n` points and, given `A`, the
//! `second`-subsets `B` of the `n - first` free points. Symmetry reduction
//! happens on `A` first: the orbits ("classes") of `A`-sets are enumerated
//! once at construction, each represented by its numerically least image
//! `rep`, and a table over the colex rank of `A` (`C(n, first)` entries)
//! gives its class and one group element `g` with `g(A) = rep`. `B` is
//! mapped to `B'`, the least of the images `h(g(B))` over the elements `h`
//! of the stabiliser of `rep` (every element mapping `A` to `rep` is such
//! an `h ∘ g`, so `B'` does not depend on the choice of `g`). Then
//!
//! - if `rep` has a trivial stabiliser (the common case), every `B'` occurs
//!   and `index(A, B) = offset(class) + rank_within(B', !rep)`;
//! - otherwise only the `B'` that are least under the stabiliser occur; the
//!   class keeps the sorted list of their ranks, and `index(A, B) =
//!   offset(class) + position of rank_within(B', !rep) in that list`.
//!
//! `offset(class)` is the number of pair orbits of the classes before it.
//! All pairs of an orbit get the same index, distinct orbits get distinct
//! indices, and every index in `0..len` names one orbit: the index is
//! perfect and dense (no slack). For comparison, the simpler
//! `class · C(n - first, second) + rank_within(B', !rep)` would leave
//! unused 24% of the indices at 3 against 3 pieces on the nine men's
//! morris board, 6% at 5 against 5 and 10% at 6 against 6 on the six men's
//! board.
//!
//! ```
//! use lapilli_board_graph::morris;
//! use lapilli_symmetry::{automorphisms, PairIndex};
//! let group = automorphisms(&morris::nine_mens_morris()).unwrap();
//! let index = PairIndex::new(&group, 3, 3).unwrap();
//! let (white, black) = (0b111, 0b111 << 8);
//! let i = index.index(white, black);
//! // 169,626 orbits of 3 against 3 (Burnside's lemma), no slack.
//! assert_eq!(index.len(), 169_626);
//! assert!(i < index.len());
//! // Every element of the group maps the pair to one with the same index.
//! for e in 0..group.len() {
//!     let (a, b) = (index.mapper().map(e, white), index.mapper().map(e, black));
//!     assert_eq!(index.index(a, b), i);
//! }
//! // The index names the canonical representative of the orbit.
//! assert_eq!(index.sets(i), Some(index.canonical(white, black)));
//! ```

use crate::colex;
use crate::group::Group;
use thiserror::Error;

/// The most points a [`SetMapper`] or [`PairIndex`] handles: sets are `u32`
/// bit masks.
pub const MAX_PAIR_POINTS: usize = 32;

/// The largest group order a [`PairIndex`] accepts (element indices are
/// stored as `u16`).
pub const MAX_PAIR_GROUP_ORDER: usize = 1 << 16;

/// Why a [`SetMapper`] or a [`PairIndex`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PairIndexError {
    /// The group acts on more than [`MAX_PAIR_POINTS`] (32) points.
    #[error("the group acts on {points} points; at most 32 are supported")]
    TooManyPoints {
        /// The group's number of points.
        points: usize,
    },
    /// `first + second` pieces do not fit on the points.
    #[error("{first} + {second} pieces do not fit on {points} points")]
    TooManyPieces {
        /// Size of the first set.
        first: u32,
        /// Size of the second set.
        second: u32,
        /// The number of points.
        points: usize,
    },
    /// The group has more than [`MAX_PAIR_GROUP_ORDER`] (65,536) elements.
    #[error("the group has {order} elements; at most 65536 are supported")]
    GroupTooLarge {
        /// The group's order.
        order: usize,
    },
}

/// Byte lookup tables that map a point set (`u32` bit mask, bit `i` = point
/// `i`) under any element of a group in 4 table reads.
///
/// Memory: 4 KiB per group element (4 × 256 `u32`), 64 KiB for the
/// 16-element morris group. Element indices are those of the [`Group`].
///
/// ```
/// use lapilli_board_graph::wheel;
/// use lapilli_symmetry::{automorphisms, SetMapper};
/// let group = automorphisms(&wheel::wheel()).unwrap();
/// let mapper = SetMapper::new(&group).unwrap();
/// for (e, g) in group.elements().iter().enumerate() {
///     assert_eq!(mapper.map(e, 1 << 3), 1 << g.apply_index(3));
/// }
/// ```
#[derive(Clone, Debug)]
pub struct SetMapper {
    points: usize,
    /// `tables[e][k][b]`: the image under element `e` of the set `b << 8k`.
    tables: Vec<[[u32; 256]; 4]>,
}

impl SetMapper {
    /// The tables of every element of `group`. Cost: `O(|G| · 1024 · 8)`.
    ///
    /// # Errors
    /// [`PairIndexError::TooManyPoints`] if the group acts on more than 32
    /// points.
    pub fn new(group: &Group) -> Result<SetMapper, PairIndexError> {
        let points = group.points();
        if points > MAX_PAIR_POINTS {
            return Err(PairIndexError::TooManyPoints { points });
        }
        let tables = group
            .elements()
            .iter()
            .map(|g| {
                let mut t = [[0u32; 256]; 4];
                for (k, row) in t.iter_mut().enumerate() {
                    for (b, slot) in row.iter_mut().enumerate() {
                        *slot = (0..8)
                            .filter(|j| b >> j & 1 == 1 && 8 * k + j < points)
                            .fold(0, |acc, j| acc | 1u32 << g.apply_index(8 * k + j));
                    }
                }
                t
            })
            .collect();
        Ok(SetMapper { points, tables })
    }

    /// The image `{g(p) : p in set}` of `set` under element `element`.
    /// Bits of `set` at or above [`SetMapper::points`] are dropped.
    ///
    /// # Panics
    /// Panics if `element >= self.len()`.
    #[inline(always)]
    pub fn map(&self, element: usize, set: u32) -> u32 {
        let t = &self.tables[element];
        t[0][(set & 0xff) as usize]
            | t[1][(set >> 8 & 0xff) as usize]
            | t[2][(set >> 16 & 0xff) as usize]
            | t[3][(set >> 24) as usize]
    }

    /// The number of group elements (the group's order).
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Always false: a group holds at least the identity.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The number of points `n` the elements act on (at most 32).
    pub fn points(&self) -> usize {
        self.points
    }
}

/// 64 consecutive ranks of second sets of a symmetric class: bit `j` set
/// when rank `64 · block + j` is canonical, and the number of canonical
/// ranks in the class's blocks before this one (a rank/select directory, so
/// an index costs one lookup).
#[derive(Clone, Copy, Debug, Default)]
struct Block {
    bits: u64,
    before: u32,
}

/// One orbit of `first`-sets.
#[derive(Clone, Copy, Debug)]
struct Class {
    /// The least set of the orbit.
    rep: u32,
    /// `stabiliser[stab..next class's stab]` are the non-identity elements
    /// fixing `rep`.
    stab: u32,
    /// The first index of the class: the number of pair orbits of the
    /// classes before it.
    offset: u64,
    /// For a class with a non-trivial stabiliser, `blocks[blocks..next
    /// class's blocks]` mark the ranks (within the free points) of the
    /// canonical second sets; empty for the other classes.
    blocks: u64,
}

/// The symmetry-reduced index of pairs `(A, B)` of disjoint point sets with
/// `|A| = first`, `|B| = second` (for example White's and Black's pieces on
/// the board), under a group of at most 32 points. See the module
/// documentation for the scheme; the index is dense (no slack).
///
/// Memory: 6 bytes per `first`-set (`C(n, first)` of them: 16 MiB for 24
/// points and 12 pieces), 24 bytes per class of `first`-sets, 2 bits per
/// second set of each class whose representative has a non-trivial
/// stabiliser (16 bytes per 64), and the [`SetMapper`]'s tables.
///
/// Speed: [`PairIndex::index`] costs a colex rank, two set mappings and a
/// `rank_within`; where the representative of the first set has a
/// non-trivial stabiliser, one mapping per stabiliser element and a binary
/// a lookup in the class's bitmap of canonical second sets.
#[derive(Clone, Debug)]
pub struct PairIndex {
    mapper: SetMapper,
    first: u32,
    second: u32,
    /// Per colex rank of `A`: its class.
    class_of: Vec<u32>,
    /// Per colex rank of `A`: an element `g` with `g(A) = rep`.
    element_of: Vec<u16>,
    /// The classes, in increasing order of representative, and a sentinel
    /// whose offset is the number of pair orbits.
    classes: Vec<Class>,
    stabiliser: Vec<u16>,
    blocks: Vec<Block>,
    full: u32,
    /// `hints[h]`: the class holding index `h << HINT_SHIFT`, so
    /// [`PairIndex::sets`] finds a class in a step or two instead of a
    /// binary search.
    hints: Vec<u32>,
}

/// Indices per entry of [`PairIndex`]'s class hints.
const HINT_SHIFT: u32 = 10;

impl PairIndex {
    /// The index of pairs of `first` and `second` points under `group`.
    ///
    /// Cost: `O(C(n, first) · |G|)` set mappings for the classes of
    /// `first`-sets, and `O(C(n - first, second) · |S|)` for each class
    /// whose representative has a stabiliser `S` other than the identity
    /// (milliseconds for the morris boards up to 9 pieces).
    ///
    /// # Errors
    /// [`PairIndexError::TooManyPoints`] above 32 points,
    /// [`PairIndexError::GroupTooLarge`] above 65,536 elements,
    /// [`PairIndexError::TooManyPieces`] if `first + second > n`.
    pub fn new(group: &Group, first: u32, second: u32) -> Result<PairIndex, PairIndexError> {
        let points = group.points();
        if points > MAX_PAIR_POINTS {
            return Err(PairIndexError::TooManyPoints { points });
        }
        if group.len() > MAX_PAIR_GROUP_ORDER {
            return Err(PairIndexError::GroupTooLarge { order: group.len() });
        }
        if first as usize + second as usize > points {
            return Err(PairIndexError::TooManyPieces { first, second, points });
        }
        let mapper = SetMapper::new(group)?;
        let n = points as u32;
        let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let count = colex::binomial(n, first) as usize;
        let stride = colex::binomial(n - first, second);
        let mut class_of = vec![0u32; count];
        let mut element_of = vec![0u16; count];
        let mut classes = Vec::new();
        let mut stabiliser = Vec::new();
        let mut blocks = Vec::new();
        let mut offset = 0u64;
        // Gosper's hack walks the first-sets in increasing numeric order,
        // which is colex order: set number r has colex rank r. The least
        // image of a set is never larger than the set, so its class is known
        // when the set is reached.
        let mut a: u32 = if first == 0 { 0 } else { (1u64 << first) as u32 - 1 };
        for r in 0..count {
            debug_assert_eq!(colex::rank(a as u64), r as u64);
            let (mut least, mut best) = (a, 0usize);
            for e in 1..mapper.len() {
                let img = mapper.map(e, a);
                if img < least {
                    least = img;
                    best = e;
                }
            }
            if least == a {
                class_of[r] = classes.len() as u32;
                element_of[r] = 0;
                let stab_start = stabiliser.len();
                stabiliser.extend((1..mapper.len()).filter(|&e| mapper.map(e, a) == a).map(|e| e as u16));
                classes.push(Class { rep: a, stab: stab_start as u32, offset, blocks: blocks.len() as u64 });
                if stabiliser.len() == stab_start {
                    offset += stride;
                } else {
                    let free = full & !a;
                    offset += canonical_ranks(
                        &mapper,
                        &stabiliser[stab_start..],
                        free,
                        second,
                        stride,
                        &mut blocks,
                    );
                }
            } else {
                let q = colex::rank(least as u64) as usize;
                class_of[r] = class_of[q];
                element_of[r] = best as u16;
            }
            if r + 1 < count {
                a = next_same_size(a);
            }
        }
        classes.push(Class { rep: 0, stab: stabiliser.len() as u32, offset, blocks: blocks.len() as u64 });
        let len = classes[classes.len() - 1].offset;
        let mut hints = Vec::with_capacity((len >> HINT_SHIFT) as usize + 1);
        let mut c = 0usize;
        for h in 0..=(len >> HINT_SHIFT) {
            let start = h << HINT_SHIFT;
            while c + 2 < classes.len() && classes[c + 1].offset <= start {
                c += 1;
            }
            hints.push(c as u32);
        }
        Ok(PairIndex {
            mapper,
            first,
            second,
            class_of,
            element_of,
            classes,
            stabiliser,
            blocks,
            full,
            hints,
        })
    }

    /// The non-identity stabiliser elements of class `c`'s representative.
    #[inline(always)]
    fn stab(&self, c: usize) -> &[u16] {
        &self.stabiliser[self.classes[c].stab as usize..self.classes[c + 1].stab as usize]
    }

    /// The bitmap of the canonical second sets of a class with a
    /// non-trivial stabiliser (empty for the others).
    #[inline(always)]
    fn blocks(&self, c: usize) -> &[Block] {
        &self.blocks[self.classes[c].blocks as usize..self.classes[c + 1].blocks as usize]
    }

    /// The class of `a`, its representative, and `b` mapped to the least
    /// of its images that go with the representative.
    #[inline(always)]
    fn reduce(&self, a: u32, b: u32) -> (usize, u32, u32) {
        let r = colex::rank(a as u64) as usize;
        let c = self.class_of[r] as usize;
        let g = self.element_of[r] as usize;
        let mut best = self.mapper.map(g, b);
        let class = self.classes[c];
        let end = self.classes[c + 1].stab;
        if end != class.stab {
            let first = best;
            for &h in &self.stabiliser[class.stab as usize..end as usize] {
                best = best.min(self.mapper.map(h as usize, first));
            }
        }
        (c, class.rep, best)
    }

    /// The index of the pair `(a, b)` (point sets as `u32` bit masks): equal
    /// for all pairs of one orbit, different for different orbits, in
    /// `0..self.len()`.
    ///
    /// `a` and `b` must be disjoint subsets of the points with
    /// `|a| = first` and `|b| = second` (checked in debug builds; otherwise
    /// the result is meaningless, or a panic on an index out of bounds).
    #[inline]
    pub fn index(&self, a: u32, b: u32) -> u64 {
        debug_assert_eq!(a & b, 0, "the sets overlap");
        debug_assert_eq!((a | b) & !self.full, 0, "a point outside the board");
        debug_assert_eq!(a.count_ones(), self.first, "first set of the wrong size");
        debug_assert_eq!(b.count_ones(), self.second, "second set of the wrong size");
        let (c, rep, b) = self.reduce(a, b);
        let rb = colex::rank_within(b as u64, (self.full & !rep) as u64);
        let class = self.classes[c];
        if self.classes[c + 1].blocks == class.blocks {
            class.offset + rb
        } else {
            // `b` is canonical: its index is the number of canonical ranks
            // below it.
            let block = self.blocks[class.blocks as usize + (rb / 64) as usize];
            let below = block.bits & ((1u64 << (rb % 64)) - 1);
            class.offset + block.before as u64 + below.count_ones() as u64
        }
    }

    /// The canonical representative `(A, B)` of the orbit whose index is
    /// `index`, or `None` if `index >= self.len()`. For every index `i`
    /// below [`PairIndex::len`], `self.index(a, b) == i`.
    ///
    /// Cost: a table step to the class of first sets (and a few steps on),
    /// a colex
    /// unrank, and for a symmetric first set a binary search over its
    /// bitmap's blocks.
    pub fn sets(&self, index: u64) -> Option<(u32, u32)> {
        if index >= self.len() {
            return None;
        }
        let mut c = self.hints[(index >> HINT_SHIFT) as usize] as usize;
        while self.classes[c + 1].offset <= index {
            c += 1;
        }
        let sub = index - self.classes[c].offset;
        let blocks = self.blocks(c);
        let rb = if blocks.is_empty() {
            sub
        } else {
            // The block holding canonical rank number `sub`, then the bit.
            let k = blocks.partition_point(|block| block.before as u64 <= sub) - 1;
            let mut bits = blocks[k].bits;
            for _ in 0..sub - blocks[k].before as u64 {
                bits &= bits - 1;
            }
            64 * k as u64 + bits.trailing_zeros() as u64
        };
        let rep = self.classes[c].rep;
        let b = colex::unrank_within(rb, self.second, (self.full & !rep) as u64) as u32;
        Some((rep, b))
    }

    /// The canonical representative of the orbit of `(a, b)`: the pair
    /// [`PairIndex::sets`] returns for its index (the first set is the least
    /// image of `a`, the second the least image of `b` among the images
    /// that go with it). Same preconditions as [`PairIndex::index`].
    pub fn canonical(&self, a: u32, b: u32) -> (u32, u32) {
        let (_, rep, b) = self.reduce(a, b);
        (rep, b)
    }

    /// The size of the orbit of `(a, b)`: the group's order divided by the
    /// number of elements that fix both sets. Same preconditions as
    /// [`PairIndex::index`].
    pub fn orbit_len(&self, a: u32, b: u32) -> u64 {
        let (c, _, b) = self.reduce(a, b);
        let fixing = 1 + self.stab(c).iter().filter(|&&h| self.mapper.map(h as usize, b) == b).count();
        (self.mapper.len() / fixing) as u64
    }

    /// The size of the index space: the number of orbits of pairs (the
    /// index is dense, every index below it names one orbit).
    pub fn len(&self) -> u64 {
        self.classes[self.classes.len() - 1].offset
    }

    /// True when there is no index (never: there is at least one pair).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of orbits of pairs; the same as [`PairIndex::len`], as the
    /// index has no slack.
    pub fn classes(&self) -> u64 {
        self.len()
    }

    /// The number of orbits of `first`-sets.
    pub fn first_classes(&self) -> usize {
        self.classes.len() - 1
    }

    /// The number of points in the first set.
    pub fn first(&self) -> u32 {
        self.first
    }

    /// The number of points in the second set.
    pub fn second(&self) -> u32 {
        self.second
    }

    /// The number of points of the board (at most 32).
    pub fn points(&self) -> usize {
        self.mapper.points()
    }

    /// The set mapper of the group (element indices are the group's).
    pub fn mapper(&self) -> &SetMapper {
        &self.mapper
    }

    /// The image of `set` under the group's element `element`; the same as
    /// `self.mapper().map(element, set)`.
    ///
    /// # Panics
    /// Panics if `element` is not below the group's order.
    #[inline]
    pub fn map(&self, element: usize, set: u32) -> u32 {
        self.mapper.map(element, set)
    }
}

/// Appends to `out` the bitmap of the ranks within `free` of the
/// `second`-subsets of `free` that are least among their images under the
/// elements `stab` (which map `free` onto itself), and returns their
/// number. `stride` is `C(|free|, second)`.
fn canonical_ranks(
    mapper: &SetMapper,
    stab: &[u16],
    free: u32,
    second: u32,
    stride: u64,
    out: &mut Vec<Block>,
) -> u64 {
    let mut pos = [0u32; 32];
    let mut bits = free;
    for slot in pos.iter_mut() {
        if bits == 0 {
            break;
        }
        *slot = 1 << bits.trailing_zeros();
        bits &= bits - 1;
    }
    let start = out.len();
    out.resize(start + stride.div_ceil(64) as usize, Block::default());
    let blocks = &mut out[start..];
    // The compressed subsets in colex (numeric) order: number rb has rank rb.
    let mut x: u64 = (1u64 << second) - 1;
    for rb in 0..stride {
        let mut b = 0u32;
        let mut y = x;
        while y != 0 {
            b |= pos[y.trailing_zeros() as usize];
            y &= y - 1;
        }
        if stab.iter().all(|&h| mapper.map(h as usize, b) >= b) {
            blocks[(rb / 64) as usize].bits |= 1 << (rb % 64);
        }
        if x != 0 && rb + 1 < stride {
            x = next_same_size_u64(x);
        }
    }
    let mut count = 0u64;
    for block in blocks.iter_mut() {
        block.before = count as u32;
        count += block.bits.count_ones() as u64;
    }
    count
}

/// The next larger integer with as many bits set (Gosper's hack; HAKMEM
/// item 175). `x` must be non-zero and have a larger successor in `u32`.
#[inline]
fn next_same_size(x: u32) -> u32 {
    next_same_size_u64(x as u64) as u32
}

/// [`next_same_size`] on 64 bits; `x` must be non-zero and below `2^63`.
#[inline]
fn next_same_size_u64(x: u64) -> u64 {
    let low = x & x.wrapping_neg();
    let ripple = x + low;
    let ones = ((ripple ^ x) >> 2) / low;
    ripple | ones
}
