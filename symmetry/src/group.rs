//! Finite groups of point permutations, and automorphism groups of boards
//! found by search.

use crate::error::SymmetryError;
use crate::permutation::Permutation;
use lapilli_board_graph::{Bitboard, Board, Point, MAX_POINTS};
use std::collections::{HashMap, HashSet};

/// The largest group order [`automorphisms`] and [`automorphisms_of_all`]
/// accept: 10,000 elements (the boards of this project have 1 to 16; the
/// complete graph on 7 points has 5,040 and is accepted, the one on 8 points
/// has 40,320 and is refused).
///
/// At this order a group takes about 2 KiB per element and per started byte
/// of points (the elements' lookup tables), so 20 MB on at most 8 points
/// and 160 MB on 64 points; use [`automorphisms_bounded`] to choose another
/// limit.
pub const DEFAULT_MAX_ORDER: usize = 10_000;

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
            return Err(SymmetryError::PointCountMismatch { index, expected: points, found: elements[index].len() });
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
    fn from_closed(points: usize, elements: Vec<Permutation>) -> Group {
        debug_assert!(elements.first().is_some_and(Permutation::is_identity));
        let index: HashMap<&[Point], usize> = elements.iter().enumerate().map(|(i, g)| (g.images(), i)).collect();
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

/// Checks that `elements` (identity first, no repeats, `index` mapping each
/// one's images to its position) is closed under composition.
///
/// Generators are picked greedily (an element not yet generated becomes
/// one, so there are at most `log2 |G|` of them) and the generated set is
/// grown by right multiplication; every product must be in the list. The
/// generated set is then a group inside the list holding every element, so
/// it is the list.
fn check_closed(elements: &[Permutation], index: &HashMap<&[Point], usize>) -> Result<(), SymmetryError> {
    let mut generated = vec![false; elements.len()];
    generated[0] = true;
    let mut found = vec![0usize];
    let mut generators: Vec<usize> = Vec::new();
    let mut product = elements[0].images().to_vec();
    for s in 1..elements.len() {
        if generated[s] {
            continue;
        }
        generators.push(s);
        let mut head = 0;
        while head < found.len() {
            let x = found[head];
            head += 1;
            for &g in &generators {
                for (c, &p) in product.iter_mut().zip(elements[g].images()) {
                    *c = elements[x].apply(p);
                }
                match index.get(product.as_slice()) {
                    None => return Err(SymmetryError::NotClosed { left: x, right: g }),
                    Some(&k) if !generated[k] => {
                        generated[k] = true;
                        found.push(k);
                    }
                    Some(_) => {}
                }
            }
        }
    }
    Ok(())
}

/// The automorphism group of `board`, with at most [`DEFAULT_MAX_ORDER`]
/// (10,000) elements: [`automorphisms_bounded`]`(board,
/// DEFAULT_MAX_ORDER)`.
///
/// Every relabelling of the points that maps each ordered line onto a line,
/// in the same or the reverse orientation. The group is found by
/// backtracking search over relabellings, never listed by hand
/// (docs/design.md). Orientation matters: a grid's rows and columns may not
/// be shuffled, so the 8x8 grid has the 8 symmetries of the square, the
/// wheel the 16 of the regular octagon (seed 000) and the morris board 16
/// (seed 001).
///
/// # Errors
/// [`SymmetryError::GroupTooLarge`] `{ limit: 10_000 }` when the group has
/// more elements (a board with 8 or more interchangeable points, such as
/// the complete graph or the board without lines on 8 points); found after
/// 10,001 elements, in milliseconds.
///
/// ```
/// use lapilli_board_graph::wheel;
/// let group = lapilli_symmetry::automorphisms(&wheel::wheel()).unwrap();
/// assert_eq!(group.len(), 16);
/// assert_eq!(group.point_orbits().len(), 2);
/// ```
pub fn automorphisms(board: &Board) -> Result<Group, SymmetryError> {
    automorphisms_bounded(board, DEFAULT_MAX_ORDER)
}

/// The automorphism group of `board` if it has at most `max_order`
/// elements.
///
/// Points are assigned images in breadth-first order; a candidate image
/// must match the point's degree and the positions it holds on its lines,
/// and every line through a newly assigned point must still match some line
/// of the board. The search stops as soon as it has found `max_order + 1`
/// automorphisms.
///
/// Cost: the group is returned as is, without a closure check (the set of
/// all automorphisms is closed by construction). Time is about
/// `|G| · n · L²` line comparisons (`L` lines per point) on boards where
/// every partial relabelling that passes the line checks completes, as on
/// grids, the wheel, the morris boards and complete graphs; boards with
/// many partial relabellings that fail late can take longer, since the
/// limit bounds the number of automorphisms found, not the dead ends.
/// Memory is about `8n` bytes per automorphism found during the search,
/// then that of the [`Group`] (about 2 KiB per element and per started
/// byte of points, twice that up to 256 elements).
///
/// # Errors
/// [`SymmetryError::GroupTooLarge`] `{ limit: max_order }` when the group
/// has more than `max_order` elements (always when `max_order` is 0).
///
/// ```
/// use lapilli_board_graph::Board;
/// use lapilli_symmetry::{automorphisms_bounded, SymmetryError};
/// // The complete graph on 5 points: every relabelling, 5! = 120.
/// let pairs: Vec<[usize; 2]> = (0..5).flat_map(|i| (i + 1..5).map(move |j| [i, j])).collect();
/// let k5 = Board::from_lines(5, pairs).unwrap();
/// assert_eq!(automorphisms_bounded(&k5, 120).unwrap().len(), 120);
/// assert_eq!(automorphisms_bounded(&k5, 119).unwrap_err(), SymmetryError::GroupTooLarge { limit: 119 });
/// ```
pub fn automorphisms_bounded(board: &Board, max_order: usize) -> Result<Group, SymmetryError> {
    automorphisms_of_all_bounded(&[board], max_order)
}

/// The relabellings that are automorphisms of every board in `boards` (all
/// on the same points), with at most [`DEFAULT_MAX_ORDER`] elements:
/// [`automorphisms_of_all_bounded`]`(boards, DEFAULT_MAX_ORDER)`.
///
/// Use it for a game whose movement graph and winning lines are different
/// boards: the group must preserve both. It equals the
/// [`Group::intersection`] of the boards' groups, without building the
/// (possibly much larger) groups of each board alone.
///
/// # Errors
/// [`SymmetryError::NoBoards`] for an empty slice,
/// [`SymmetryError::BoardSizeMismatch`] if the boards have different point
/// counts, [`SymmetryError::GroupTooLarge`] `{ limit: 10_000 }` above the
/// default limit.
///
/// ```
/// use lapilli_board_graph::Board;
/// use lapilli_symmetry::automorphisms_of_all;
/// // Tic-tac-toe: orthogonal moves, wins on rows, columns and diagonals.
/// let orthogonal = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8]];
/// let moves = Board::from_lines(9, orthogonal).unwrap();
/// let mut eight = orthogonal.to_vec();
/// eight.extend([[0, 4, 8], [2, 4, 6]]);
/// let wins = Board::from_lines(9, eight).unwrap();
/// assert_eq!(automorphisms_of_all(&[&moves, &wins]).unwrap().len(), 8);
/// ```
pub fn automorphisms_of_all(boards: &[&Board]) -> Result<Group, SymmetryError> {
    automorphisms_of_all_bounded(boards, DEFAULT_MAX_ORDER)
}

/// The relabellings that are automorphisms of every board in `boards`, if
/// there are at most `max_order` of them. Searches once with the
/// constraints of all the boards together; the cost is that of
/// [`automorphisms_bounded`] with the lines of every board.
///
/// # Errors
/// [`SymmetryError::NoBoards`] for an empty slice,
/// [`SymmetryError::BoardSizeMismatch`] if the boards have different point
/// counts, [`SymmetryError::GroupTooLarge`] `{ limit: max_order }` when the
/// group has more than `max_order` elements.
///
/// ```
/// use lapilli_board_graph::Board;
/// use lapilli_symmetry::{automorphisms_of_all_bounded, SymmetryError};
/// let path = Board::from_lines(3, [[0, 1, 2]]).unwrap();
/// let bent = Board::from_lines(4, [vec![0, 1, 2], vec![2, 3]]).unwrap();
/// assert_eq!(automorphisms_of_all_bounded(&[&path], 2).unwrap().len(), 2);
/// assert_eq!(
///     automorphisms_of_all_bounded(&[&path, &bent], 2).unwrap_err(),
///     SymmetryError::BoardSizeMismatch { index: 1, expected: 3, found: 4 }
/// );
/// ```
pub fn automorphisms_of_all_bounded(boards: &[&Board], max_order: usize) -> Result<Group, SymmetryError> {
    let first = boards.first().ok_or(SymmetryError::NoBoards)?;
    let n = first.point_count();
    if let Some(index) = boards.iter().position(|b| b.point_count() != n) {
        return Err(SymmetryError::BoardSizeMismatch { index, expected: n, found: boards[index].point_count() });
    }
    // Per point and board: the degree and the position classes the point
    // holds on its lines, (line length, distance from the nearer end),
    // sorted. An automorphism preserves them.
    let signature: Vec<Vec<Signature>> = (0..n)
        .map(Point::new)
        .map(|p| boards.iter().map(|board| signature(board, p)).collect())
        .collect();
    let candidates: Vec<Vec<Point>> = (0..n)
        .map(|p| (0..n).filter(|&q| signature[p] == signature[q]).map(Point::new).collect())
        .collect();
    let order = search_order(boards, n);
    let mut search = Search {
        boards,
        candidates: &candidates,
        order: &order,
        image: vec![None; n],
        used: vec![false; n],
        found: Vec::new(),
        max_order,
    };
    search.extend(0);
    if search.found.len() > max_order {
        return Err(SymmetryError::GroupTooLarge { limit: max_order });
    }
    let mut elements: Vec<Permutation> =
        search.found.into_iter().map(|imgs| Permutation::from_images(imgs).expect("a bijection")).collect();
    // identity first, the rest in lexicographic order of their images
    elements.sort_by(|a, b| a.images().cmp(b.images()));
    let id = elements.iter().position(Permutation::is_identity).expect("identity found");
    let identity = elements.remove(id);
    elements.insert(0, identity);
    Ok(Group::from_closed(n, elements))
}

/// A point's degree and its sorted (line length, distance from the nearer
/// end) classes on one board.
type Signature = (usize, Vec<(usize, usize)>);

fn signature(board: &Board, p: Point) -> Signature {
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
}

/// Breadth-first order over the union of the boards' adjacencies,
/// component by component.
fn search_order(boards: &[&Board], n: usize) -> Vec<Point> {
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for start in (0..n).map(Point::new) {
        if seen[start.index()] {
            continue;
        }
        seen[start.index()] = true;
        let mut head = order.len();
        order.push(start);
        while head < order.len() {
            let p = order[head];
            head += 1;
            for board in boards {
                for q in board.neighbours(p) {
                    if !seen[q.index()] {
                        seen[q.index()] = true;
                        order.push(q);
                    }
                }
            }
        }
    }
    order
}

struct Search<'a> {
    boards: &'a [&'a Board],
    candidates: &'a [Vec<Point>],
    order: &'a [Point],
    image: Vec<Option<Point>>,
    used: Vec<bool>,
    found: Vec<Vec<usize>>,
    max_order: usize,
}

impl Search<'_> {
    /// Extends the partial relabelling of `order[..depth]`; stops the whole
    /// search (returns false) once more than `max_order` are found.
    fn extend(&mut self, depth: usize) -> bool {
        if depth == self.order.len() {
            let imgs = self.image.iter().map(|p| p.expect("assigned").index()).collect();
            self.found.push(imgs);
            return self.found.len() <= self.max_order;
        }
        let p = self.order[depth];
        for &q in &self.candidates[p.index()] {
            if self.used[q.index()] {
                continue;
            }
            self.image[p.index()] = Some(q);
            self.used[q.index()] = true;
            let go_on = !self.consistent(p) || self.extend(depth + 1);
            self.image[p.index()] = None;
            self.used[q.index()] = false;
            if !go_on {
                return false;
            }
        }
        true
    }

    /// Whether, on every board, every line through the newly assigned `p`
    /// can still map onto some line, in one orientation or the other.
    fn consistent(&self, p: Point) -> bool {
        let q = self.image[p.index()].expect("p assigned");
        self.boards.iter().all(|board| {
            let lines = board.lines();
            board.lines_through(p).iter().all(|&li| {
                let line = &lines[li];
                board.lines_through(q).iter().any(|&mi| {
                    let target = &lines[mi];
                    target.len() == line.len()
                        && (self.matches(line, target.iter()) || self.matches(line, target.iter().rev()))
                })
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
        let g = automorphisms(&wheel::wheel()).unwrap();
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
        let g = automorphisms(&wheel::wheel()).unwrap();
        for (i, e) in g.elements().iter().enumerate() {
            assert!(e.compose(g.element(g.inverse_index(i))).is_identity());
        }
    }

    #[test]
    fn grid_rows_cannot_be_shuffled() {
        // 3x3 grid, rows and columns as lines: the 8 symmetries of the square.
        let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8]];
        let board = Board::from_lines(9, lines).unwrap();
        assert_eq!(automorphisms(&board).unwrap().len(), 8);
        // A path of four points: the identity and the reversal.
        let path = Board::from_lines(4, [[0, 1, 2, 3]]).unwrap();
        assert_eq!(automorphisms(&path).unwrap().len(), 2);
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
        assert_eq!(g.element(g.least_images(&[Bitboard(0b110000)])).map_bits(Bitboard(0b110000)), Bitboard(0b11));
    }
}
