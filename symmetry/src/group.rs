//! The [`Group`] type: a finite group of point permutations, with its
//! constructors, lookup tables and accessors.

use crate::closure::check_closed;
use crate::error::SymmetryError;
use crate::permutation::Permutation;
use lapilli_board_graph::{Bitboard, Point, MAX_POINTS};
use std::collections::{HashMap, HashSet};

/// Groups up to this order also keep one interleaved lookup table for
/// [`Group::map_bits_all`] (another 2 KiB per element and started byte).
const INTERLEAVED_MAX_ORDER: usize = 256;

/// A finite group of permutations of the points `0..n`, the identity first.
///
/// Built by [`automorphisms`] (and relatives), [`Group::from_elements`],
/// [`Group::trivial`] or [`Group::intersection`]. Element indices are stable
/// for a given construction, so an index (as returned in a canonical form)
/// names an element.
///
/// # Boards over 64 points
/// A [`Permutation`] other than the identity acts on at most 64 points, so
/// a group on more than 64 points is always the trivial group
/// ([`Group::trivial`]): [`Group::points`] reports the real point count, the
/// only element is the identity on that many points, and
/// [`crate::Symmetric::canonical`] under it returns the position itself
/// (element 0). Consumers need no special case.
///
/// # Cost
/// Memory is about 2 KiB per element and per started byte of
/// `min(n, 64)` points for the elements' lookup tables, doubled for groups
/// of at most 256 elements, which also keep an interleaved table that makes
/// [`Group::map_bits_all`] and [`Group::least_images`] fast: the 16-element
/// morris group takes about 200 KiB.
///
/// ```
/// use lapilli_board_graph::wheel;
/// use lapilli_symmetry::{automorphisms, Group};
/// let group = automorphisms(&wheel::wheel()).unwrap();
/// assert_eq!((group.len(), group.points()), (16, 9));
/// assert_eq!(Group::trivial(96).len(), 1);
/// ```
///
/// [`automorphisms`]: crate::automorphisms
#[derive(Clone, Debug)]
pub struct Group {
    points: usize,
    elements: Vec<Permutation>,
    inverses: Vec<usize>,
    /// `table[(k * 256 + b) * len + i]`: the image under element `i` of
    /// the bits `b << 8k`; one contiguous row per byte value, so mapping a
    /// set under every element at once is a few vectorisable OR passes.
    /// Empty above [`INTERLEAVED_MAX_ORDER`] elements.
    table: Vec<u64>,
    bytes: usize,
}

impl Group {
    /// A group from its elements, checked.
    ///
    /// The list must be non-empty, start with the identity, have no
    /// repeats, act on one number of points, and be closed under
    /// composition. The order of the elements is kept (it fixes the
    /// indices).
    ///
    /// Cost: closure is checked through a generating set picked from the
    /// list (at most `log2 |G|` generators `k`), in `O(|G| · k² · n)` time
    /// and `O(|G| · n)` extra memory, instead of all `|G|²` products.
    ///
    /// # Errors
    /// [`SymmetryError::Empty`], [`SymmetryError::PointCountMismatch`],
    /// [`SymmetryError::NoIdentity`], [`SymmetryError::IdentityNotFirst`],
    /// [`SymmetryError::Repeated`] or [`SymmetryError::NotClosed`], checked
    /// in that order.
    ///
    /// ```
    /// use lapilli_symmetry::{Group, Permutation, SymmetryError};
    /// let id = Permutation::identity(3);
    /// let swap = Permutation::from_images(vec![1, 0, 2]).unwrap();
    /// let cycle = Permutation::from_images(vec![1, 2, 0]).unwrap();
    /// assert_eq!(Group::from_elements(vec![id.clone(), swap]).unwrap().len(), 2);
    /// assert_eq!(
    ///     Group::from_elements(vec![id, cycle]).unwrap_err(),
    ///     SymmetryError::NotClosed { left: 1, right: 1 }
    /// );
    /// ```
    pub fn from_elements(elements: Vec<Permutation>) -> Result<Group, SymmetryError> {
        let first = elements.first().ok_or(SymmetryError::Empty)?;
        let points = first.len();
        if let Some(index) = elements.iter().position(|g| g.len() != points) {
            return Err(SymmetryError::PointCountMismatch {
                index,
                expected: points,
                found: elements[index].len(),
            });
        }
        match elements.iter().position(Permutation::is_identity) {
            None => return Err(SymmetryError::NoIdentity),
            Some(0) => {}
            Some(index) => return Err(SymmetryError::IdentityNotFirst { index }),
        }
        let mut index: HashMap<&[Point], usize> = HashMap::with_capacity(elements.len());
        for (i, g) in elements.iter().enumerate() {
            if let Some(&first) = index.get(g.images()) {
                return Err(SymmetryError::Repeated { first, second: i });
            }
            index.insert(g.images(), i);
        }
        check_closed(&elements, &index)?;
        drop(index);
        Ok(Group::from_closed(points, elements))
    }

    /// A group from elements known to form one (identity first, no repeats,
    /// closed): only the inverses and the lookup tables are computed, in
    /// `O(|G| · n)` time besides the tables.
    pub(crate) fn from_closed(points: usize, elements: Vec<Permutation>) -> Group {
        debug_assert!(elements.first().is_some_and(Permutation::is_identity));
        let index: HashMap<&[Point], usize> =
            elements.iter().enumerate().map(|(i, g)| (g.images(), i)).collect();
        let inverses = elements
            .iter()
            .map(|g| *index.get(g.inverse().images()).expect("a group holds the inverses"))
            .collect();
        drop(index);
        let len = elements.len();
        let bytes = points.min(MAX_POINTS).div_ceil(8);
        let mut table = Vec::new();
        if len <= INTERLEAVED_MAX_ORDER {
            table = vec![0u64; bytes * 256 * len];
            for k in 0..bytes {
                for b in 0..256u64 {
                    for (i, g) in elements.iter().enumerate() {
                        table[(k * 256 + b as usize) * len + i] = g.map_bits(Bitboard(b << (8 * k))).0;
                    }
                }
            }
        }
        Group { points, elements, inverses, table, bytes }
    }

    /// The trivial group on `points` points: the identity alone. Works for
    /// any number of points, including boards over 64 points (see the type's
    /// documentation).
    ///
    /// ```
    /// use lapilli_symmetry::Group;
    /// let g = Group::trivial(96);
    /// assert_eq!((g.len(), g.points()), (1, 96));
    /// assert!(g.element(0).is_identity());
    /// ```
    pub fn trivial(points: usize) -> Group {
        Group::from_closed(points, vec![Permutation::identity(points)])
    }

    /// The subgroup of the elements in both `self` and `other`, in the
    /// order they have in `self` (so the identity stays first). Cost
    /// `O((|self| + |other|) · n)`.
    ///
    /// For a board with separate movement edges and winning lines, the
    /// intersection of the two boards' groups is the group of relabellings
    /// that preserve both; [`automorphisms_of_all`] finds it directly.
    ///
    /// # Panics
    /// Panics if the two groups act on different numbers of points.
    ///
    /// ```
    /// use lapilli_board_graph::Board;
    /// use lapilli_symmetry::automorphisms;
    /// // 3x3: rows alone, columns alone (48 each), both: 4 (no transpose).
    /// let rows = Board::from_lines(9, [[0, 1, 2], [3, 4, 5], [6, 7, 8]]).unwrap();
    /// let cols = Board::from_lines(9, [[0, 3, 6], [1, 4, 7], [2, 5, 8]]).unwrap();
    /// let (r, c) = (automorphisms(&rows).unwrap(), automorphisms(&cols).unwrap());
    /// assert_eq!((r.len(), c.len(), r.intersection(&c).len()), (48, 48, 4));
    /// ```
    ///
    /// [`automorphisms_of_all`]: crate::automorphisms_of_all
    pub fn intersection(&self, other: &Group) -> Group {
        assert_eq!(self.points, other.points, "groups on different numbers of points");
        let theirs: HashSet<&[Point]> = other.elements.iter().map(Permutation::images).collect();
        let elements = self.elements.iter().filter(|g| theirs.contains(g.images())).cloned().collect();
        Group::from_closed(self.points, elements)
    }

    /// The index of `g` among the elements, or `None` if it is not one
    /// (also when it acts on another number of points). Cost `O(|G| · n)`.
    ///
    /// ```
    /// use lapilli_board_graph::wheel;
    /// use lapilli_symmetry::Permutation;
    /// let group = lapilli_symmetry::automorphisms(&wheel::wheel()).unwrap();
    /// assert_eq!(group.index_of(&Permutation::identity(9)), Some(0));
    /// assert_eq!(group.index_of(&Permutation::identity(8)), None);
    /// ```
    pub fn index_of(&self, g: &Permutation) -> Option<usize> {
        self.elements.iter().position(|e| e == g)
    }

    /// The index of the element whose images of `sets` are least, compared
    /// lexicographically (the first of the list first), and the first such
    /// element on ties: the canonicalising element of a position made of
    /// these point sets (for example Black's and White's pieces). Uses the
    /// interleaved table of [`Group::map_bits_all`]; at most 4 sets and 64
    /// elements take the fast path, more fall back to mapping element by
    /// element. Always 0 on a trivial group.
    ///
    /// ```
    /// use lapilli_board_graph::{wheel, Point};
    /// let group = lapilli_symmetry::automorphisms(&wheel::wheel()).unwrap();
    /// let black = Point::new(5).bit();
    /// let white = Point::new(6).bit();
    /// let g = group.element(group.least_images(&[black, white]));
    /// assert_eq!(g.map_bits(black), Point::new(0).bit());
    /// ```
    pub fn least_images(&self, sets: &[Bitboard]) -> usize {
        let len = self.elements.len();
        if len == 1 {
            return 0;
        }
        if sets.len() > 4 || len > 64 {
            let key = |g: &Permutation| sets.iter().map(|&s| g.map_bits(s).0).collect::<Vec<_>>();
            let mut best = 0;
            for i in 1..len {
                if key(&self.elements[i]) < key(&self.elements[best]) {
                    best = i;
                }
            }
            return best;
        }
        let width = self.points.min(MAX_POINTS);
        if width * sets.len() <= 64 && width > 0 {
            // The sets' images fit one word side by side, the first set in
            // the high bits: build every element's word in one pass over the
            // lookup rows, then take the least.
            let mut keys = [0u64; 64];
            let keys = &mut keys[..len];
            for (j, set) in sets.iter().enumerate() {
                let shift = (width * (sets.len() - 1 - j)) as u32;
                let mut bits = set.0;
                for k in 0..self.bytes {
                    let row = (k * 256 + (bits & 0xff) as usize) * len;
                    for (key, img) in keys.iter_mut().zip(&self.table[row..row + len]) {
                        *key |= img << shift;
                    }
                    bits >>= 8;
                }
            }
            let mut best = 0;
            for i in 1..len {
                if keys[i] < keys[best] {
                    best = i;
                }
            }
            return best;
        }
        let mut images = [[0u64; 64]; 4];
        for (set, out) in sets.iter().zip(images.iter_mut()) {
            self.map_bits_all(*set, &mut out[..len]);
        }
        let mut best = 0;
        for i in 1..len {
            for row in &images[..sets.len()] {
                if row[i] != row[best] {
                    if row[i] < row[best] {
                        best = i;
                    }
                    break;
                }
            }
        }
        best
    }

    /// The image of `set` under every element, in element order, into `out`:
    /// `out[i] = elements[i].map_bits(set)` (the bits of the image sets).
    /// Faster than mapping element by element on groups of at most 256
    /// elements (one interleaved table pass per byte of points); games use
    /// it to canonicalise quickly (the minimum over `out` of an encoding).
    ///
    /// # Panics
    /// Panics if `out.len() != self.len()`.
    ///
    /// ```
    /// use lapilli_board_graph::{wheel, Point};
    /// let group = lapilli_symmetry::automorphisms(&wheel::wheel()).unwrap();
    /// let mut out = vec![0; group.len()];
    /// group.map_bits_all(Point::new(3).bit(), &mut out);
    /// assert!(out.iter().all(|&img| img.count_ones() == 1 && img & 1 << 8 == 0));
    /// ```
    #[inline]
    pub fn map_bits_all(&self, set: Bitboard, out: &mut [u64]) {
        let len = self.elements.len();
        assert_eq!(out.len(), len, "one slot per group element");
        if self.table.is_empty() {
            for (o, g) in out.iter_mut().zip(&self.elements) {
                *o = g.map_bits(set).0;
            }
            return;
        }
        out.fill(0);
        let mut bits = set.0;
        for k in 0..self.bytes {
            let row = (k * 256 + (bits & 0xff) as usize) * len;
            for (o, img) in out.iter_mut().zip(&self.table[row..row + len]) {
                *o |= img;
            }
            bits >>= 8;
        }
    }

    /// The number of orbits under the group of pairs `(A, B)` of disjoint
    /// point sets with `|A| = first` and `|B| = second`, by Burnside's
    /// lemma (the mean over the elements of the pairs each fixes: a fixed
    /// pair is a union of the element's cycles for `A` and another for
    /// `B`), without enumerating a pair: time `O(|G| · n · first ·
    /// second)`. The size of [`PairIndex`](crate::PairIndex) for the same
    /// counts, as that index is dense; 0 when `first + second > n`.
    ///
    /// ```
    /// use lapilli_board_graph::morris;
    /// use lapilli_symmetry::{automorphisms, PairIndex};
    /// let group = automorphisms(&morris::nine_mens_morris()).unwrap();
    /// assert_eq!(group.pair_orbits(3, 3), 169_626);
    /// assert_eq!(group.pair_orbits(3, 3), PairIndex::new(&group, 3, 3).unwrap().len());
    /// ```
    pub fn pair_orbits(&self, first: usize, second: usize) -> u64 {
        let n = self.points;
        if first + second > n {
            return 0;
        }
        let mut fixed_total: u128 = 0;
        let mut seen = vec![false; n];
        for g in &self.elements {
            // ways[a * (second + 1) + b]: pairs fixed by g of sizes a, b
            // among the cycles taken so far.
            let width = second + 1;
            let mut ways = vec![0u128; (first + 1) * width];
            ways[0] = 1;
            seen.fill(false);
            for start in 0..n {
                if seen[start] {
                    continue;
                }
                let mut len = 0;
                let mut at = start;
                while !seen[at] {
                    seen[at] = true;
                    len += 1;
                    at = g.apply_index(at);
                }
                for a in (0..=first).rev() {
                    for b in (0..=second).rev() {
                        let mut w = ways[a * width + b];
                        if a >= len {
                            w += ways[(a - len) * width + b];
                        }
                        if b >= len {
                            w += ways[a * width + b - len];
                        }
                        ways[a * width + b] = w;
                    }
                }
            }
            fixed_total += ways[first * width + second];
        }
        (fixed_total / self.elements.len() as u128) as u64
    }

    /// The number of elements (the group's order, at least 1).
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    /// Always false: a group holds at least the identity.
    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }

    /// The number of points `n` the elements act on (may exceed 64 for a
    /// trivial group).
    pub fn points(&self) -> usize {
        self.points
    }

    /// The elements, the identity first.
    pub fn elements(&self) -> &[Permutation] {
        &self.elements
    }

    /// Element `i`.
    ///
    /// # Panics
    /// Panics if `i >= self.len()`.
    pub fn element(&self, i: usize) -> &Permutation {
        &self.elements[i]
    }

    /// The index of the inverse of element `i`.
    ///
    /// # Panics
    /// Panics if `i >= self.len()`.
    pub fn inverse_index(&self, i: usize) -> usize {
        self.inverses[i]
    }

    /// The orbits of the points under the group: each orbit sorted, the
    /// orbits ordered by their smallest point. Only points a [`Point`] can
    /// name (the first 64) are listed; on more than 64 points the group is
    /// trivial and every point is its own orbit.
    ///
    /// ```
    /// use lapilli_board_graph::morris;
    /// let group = lapilli_symmetry::automorphisms(&morris::nine_mens_morris()).unwrap();
    /// let mut sizes: Vec<usize> = group.point_orbits().iter().map(Vec::len).collect();
    /// sizes.sort_unstable();
    /// assert_eq!(sizes, [4, 4, 8, 8]);
    /// ```
    pub fn point_orbits(&self) -> Vec<Vec<Point>> {
        let n = self.points.min(MAX_POINTS);
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        for p in (0..n).map(Point::new) {
            if seen[p.index()] {
                continue;
            }
            let mut orbit: Vec<Point> = self.elements.iter().map(|g| g.apply(p)).collect();
            orbit.sort();
            orbit.dedup();
            for q in &orbit {
                seen[q.index()] = true;
            }
            out.push(orbit);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automorphisms;
    use lapilli_board_graph::{wheel, Board};

    #[test]
    fn inverses_are_inverses() {
        let g = automorphisms(&wheel::wheel()).unwrap();
        for (i, e) in g.elements().iter().enumerate() {
            assert!(e.compose(g.element(g.inverse_index(i))).is_identity());
        }
    }

    #[test]
    fn large_groups_skip_the_interleaved_table() {
        // The board without lines on 6 points: all 720 relabellings.
        let board = Board::from_lines(6, Vec::<[usize; 2]>::new()).unwrap();
        let g = automorphisms(&board).unwrap();
        assert_eq!(g.len(), 720);
        assert!(g.table.is_empty());
        let mut out = vec![0; g.len()];
        g.map_bits_all(Bitboard(0b101), &mut out);
        for (e, &img) in g.elements().iter().zip(&out) {
            assert_eq!(e.map_bits(Bitboard(0b101)).0, img);
        }
        assert_eq!(g.least_images(&[Bitboard(0b11)]), 0);
        assert_eq!(
            g.element(g.least_images(&[Bitboard(0b110000)])).map_bits(Bitboard(0b110000)),
            Bitboard(0b11)
        );
    }
}
