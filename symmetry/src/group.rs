//! Automorphism groups of boards, found by search.

use crate::permutation::Permutation;
use lapilli_board_graph::{Bitboard, Board, Point};
use std::collections::HashSet;

/// A finite group of point permutations, the identity first.
///
/// Built by [`automorphisms`]; element indices are stable for a given
/// board, so an index (as returned in a canonical form) names an element.
#[derive(Clone, Debug)]
pub struct Group {
    elements: Vec<Permutation>,
    inverses: Vec<usize>,
    /// `images[(k * 256 + b) * len + i]`: the image under element `i` of
    /// the bits `b << 8k`; one contiguous row per byte value, so mapping a
    /// set under every element at once is a few vectorisable OR passes.
    images: Vec<u64>,
    bytes: usize,
}

impl Group {
    /// A group from its elements.
    ///
    /// Returns `None` unless the list is non-empty, starts with the identity,
    /// has no repeats, all elements act on the same points, and it is closed
    /// under composition.
    pub fn from_elements(elements: Vec<Permutation>) -> Option<Group> {
        let first = elements.first()?;
        if !first.is_identity() || elements.iter().any(|g| g.len() != first.len()) {
            return None;
        }
        let keys: Vec<&[Point]> = elements.iter().map(|g| g.images()).collect();
        let set: HashSet<&[Point]> = keys.iter().copied().collect();
        if set.len() != elements.len() {
            return None;
        }
        let mut composed = vec![Point::new(0); first.len()];
        for a in &elements {
            for b in &elements {
                for (c, &p) in composed.iter_mut().zip(b.images()) {
                    *c = a.apply(p);
                }
                if !set.contains(composed.as_slice()) {
                    return None;
                }
            }
        }
        let inverses = elements
            .iter()
            .map(|g| {
                let inv = g.inverse();
                keys.iter().position(|k| *k == inv.images()).expect("closed group")
            })
            .collect();
        let len = elements.len();
        let bytes = first.len().div_ceil(8);
        let mut images = vec![0u64; bytes * 256 * len];
        for k in 0..bytes {
            for b in 0..256u64 {
                for (i, g) in elements.iter().enumerate() {
                    images[(k * 256 + b as usize) * len + i] = g.map_bits(Bitboard(b << (8 * k))).0;
                }
            }
        }
        Some(Group { elements, inverses, images, bytes })
    }

    /// The index of the element whose images of `sets` are least, compared
    /// lexicographically (the first of the list first), and the first such
    /// element on ties: the canonicalising element of a position made of
    /// these point sets (for example Black's and White's pieces). Uses
    /// [`Group::images`]; at most 4 sets and 64 elements take the fast path,
    /// more fall back to mapping element by element.
    ///
    /// ```
    /// use lapilli_board_graph::{wheel, Point};
    /// let group = lapilli_symmetry::automorphisms(&wheel::wheel());
    /// let black = Point::new(5).bit();
    /// let white = Point::new(6).bit();
    /// let g = group.element(group.least_images(&[black, white]));
    /// assert_eq!(g.map_bits(black), Point::new(0).bit());
    /// ```
    pub fn least_images(&self, sets: &[Bitboard]) -> usize {
        let len = self.elements.len();
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
        let width = self.elements[0].len();
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
                    for (key, img) in keys.iter_mut().zip(&self.images[row..row + len]) {
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
            self.images(*set, &mut out[..len]);
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

    /// The image of `set` under every element, in element order, into `out`
    /// (`out.len()` must be [`Group::len`]): `out[i] = elements[i](set)`.
    /// Faster than mapping element by element; games use it to canonicalise
    /// quickly (the minimum over `out` of an encoding).
    ///
    /// # Panics
    /// Panics if `out.len() != self.len()`.
    ///
    /// ```
    /// use lapilli_board_graph::{wheel, Point};
    /// let group = lapilli_symmetry::automorphisms(&wheel::wheel());
    /// let mut out = vec![0; group.len()];
    /// group.images(Point::new(3).bit(), &mut out);
    /// assert!(out.iter().all(|&img| img.count_ones() == 1 && img & 1 << 8 == 0));
    /// ```
    #[inline]
    pub fn images(&self, set: Bitboard, out: &mut [u64]) {
        let len = self.elements.len();
        assert_eq!(out.len(), len, "one slot per group element");
        out.fill(0);
        let mut bits = set.0;
        for k in 0..self.bytes {
            let row = (k * 256 + (bits & 0xff) as usize) * len;
            for (o, img) in out.iter_mut().zip(&self.images[row..row + len]) {
                *o |= img;
            }
            bits >>= 8;
        }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    /// Always false: a group holds at least the identity.
    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
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
    /// orbits ordered by their smallest point.
    pub fn point_orbits(&self) -> Vec<Vec<Point>> {
        let n = self.elements[0].len();
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

/// The automorphism group of `board`: every relabelling of its points that
/// maps each ordered line onto a line, in the same or the reverse
/// orientation.
///
/// The group is found by backtracking search over relabellings, never
/// listed by hand (docs/design.md): points are assigned images in breadth-first
/// order, candidates must match the point's degree and the positions it
/// holds on its lines, and every line through a newly assigned point must
/// still match some line of the board. Orientation matters: a grid's rows
/// and columns may not be shuffled, so the 8x8 grid has the 8 symmetries
/// of the square, the wheel the 16 of the regular octagon (seed 000) and the
/// morris board 16 (seed 001).
///
/// ```
/// use lapilli_board_graph::wheel;
/// let group = lapilli_symmetry::automorphisms(&wheel::wheel());
/// assert_eq!(group.len(), 16);
/// assert_eq!(group.point_orbits().len(), 2);
/// ```
pub fn automorphisms(board: &Board) -> Group {
    let n = board.point_count();
    // The position classes a point holds on its lines: (line length,
    // distance from the nearer end), sorted. An automorphism preserves it.
    let signature: Vec<(usize, Vec<(usize, usize)>)> = board
        .points()
        .map(|p| {
            let mut s: Vec<(usize, usize)> = board
                .lines_through(p)
                .iter()
                .map(|&li| {
                    let line = &board.lines()[li];
                    let i = line.iter().position(|&q| q == p).expect("on line");
                    (line.len(), i.min(line.len() - 1 - i))
                })
                .collect();
            s.sort_unstable();
            (board.degree(p), s)
        })
        .collect();
    let order = search_order(board);
    let mut search = Search {
        board,
        signature: &signature,
        order: &order,
        image: vec![None; n],
        used: vec![false; n],
        found: Vec::new(),
    };
    search.extend(0);
    let mut elements: Vec<Permutation> =
        search.found.into_iter().map(|imgs| Permutation::from_images(imgs).expect("a bijection")).collect();
    // identity first, the rest in lexicographic order of their images
    elements.sort_by(|a, b| a.images().cmp(b.images()));
    let id = elements.iter().position(Permutation::is_identity).expect("identity found");
    let identity = elements.remove(id);
    elements.insert(0, identity);
    Group::from_elements(elements).expect("automorphisms form a group")
}

/// Breadth-first order over adjacency, component by component.
fn search_order(board: &Board) -> Vec<Point> {
    let n = board.point_count();
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for start in board.points() {
        if seen[start.index()] {
            continue;
        }
        seen[start.index()] = true;
        let mut head = order.len();
        order.push(start);
        while head < order.len() {
            let p = order[head];
            head += 1;
            for q in board.neighbours(p) {
                if !seen[q.index()] {
                    seen[q.index()] = true;
                    order.push(q);
                }
            }
        }
    }
    order
}

struct Search<'a> {
    board: &'a Board,
    signature: &'a [(usize, Vec<(usize, usize)>)],
    order: &'a [Point],
    image: Vec<Option<Point>>,
    used: Vec<bool>,
    found: Vec<Vec<usize>>,
}

impl Search<'_> {
    fn extend(&mut self, depth: usize) {
        if depth == self.order.len() {
            let imgs = self.image.iter().map(|p| p.expect("assigned").index()).collect();
            self.found.push(imgs);
            return;
        }
        let p = self.order[depth];
        for q in self.board.points() {
            if self.used[q.index()] || self.signature[p.index()] != self.signature[q.index()] {
                continue;
            }
            self.image[p.index()] = Some(q);
            self.used[q.index()] = true;
            if self.consistent(p) {
                self.extend(depth + 1);
            }
            self.image[p.index()] = None;
            self.used[q.index()] = false;
        }
    }

    /// Whether every line through the newly assigned `p` can still map onto
    /// some line of the board, in one orientation or the other.
    fn consistent(&self, p: Point) -> bool {
        let lines = self.board.lines();
        let q = self.image[p.index()].expect("p assigned");
        self.board.lines_through(p).iter().all(|&li| {
            let line = &lines[li];
            self.board.lines_through(q).iter().any(|&mi| {
                let target = &lines[mi];
                target.len() == line.len()
                    && (self.matches(line, target.iter()) || self.matches(line, target.iter().rev()))
            })
        })
    }

    fn matches<'b>(&self, line: &[Point], target: impl Iterator<Item = &'b Point>) -> bool {
        line.iter().zip(target).all(|(a, b)| self.image[a.index()].is_none_or(|img| img == *b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_board_graph::wheel;

    #[test]
    fn wheel_group_is_the_octagon_group() {
        let g = automorphisms(&wheel::wheel());
        assert_eq!(g.len(), 16);
        let step = |perm: &Permutation| {
            (perm.apply(Point::new(1)).index() + 8 - perm.apply(Point::new(0)).index()) % 8
        };
        let rotations = g.elements().iter().filter(|e| step(e) == 1).count();
        let reflections = g.elements().iter().filter(|e| step(e) == 7).count();
        assert_eq!((rotations, reflections), (8, 8));
        for e in g.elements() {
            assert_eq!(e.apply(wheel::CENTRE), wheel::CENTRE);
        }
        let ring: Vec<Point> = (0..8).map(Point::new).collect();
        assert_eq!(g.point_orbits(), vec![ring, vec![wheel::CENTRE]]);
    }

    #[test]
    fn inverses_are_inverses() {
        let g = automorphisms(&wheel::wheel());
        for (i, e) in g.elements().iter().enumerate() {
            assert!(e.compose(g.element(g.inverse_index(i))).is_identity());
        }
    }

    #[test]
    fn grid_rows_cannot_be_shuffled() {
        // 3x3 grid, rows and columns as lines: the 8 symmetries of the square.
        let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8]];
        let board = Board::from_lines(9, lines).unwrap();
        assert_eq!(automorphisms(&board).len(), 8);
        // A path of four points: the identity and the reversal.
        let path = Board::from_lines(4, [[0, 1, 2, 3]]).unwrap();
        assert_eq!(automorphisms(&path).len(), 2);
    }
}
