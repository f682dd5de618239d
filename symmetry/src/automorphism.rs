//! Automorphism groups of boards, found by backtracking search over
//! relabellings of the points.

use crate::error::SymmetryError;
use crate::group::Group;
use crate::permutation::Permutation;
use lapilli_board_graph::{Board, Point};

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
        return Err(SymmetryError::BoardSizeMismatch {
            index,
            expected: n,
            found: boards[index].point_count(),
        });
    }
    // Per point and board: the degree and the position classes the point
    // holds on its lines, (line length, distance from the nearer end),
    // sorted. An automorphism preserves them.
    let signature: Vec<Vec<Signature>> =
        (0..n).map(Point::new).map(|p| boards.iter().map(|board| signature(board, p)).collect()).collect();
    let candidates: Vec<Vec<Point>> =
        (0..n).map(|p| (0..n).filter(|&q| signature[p] == signature[q]).map(Point::new).collect()).collect();
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
    fn grid_rows_cannot_be_shuffled() {
        // 3x3 grid, rows and columns as lines: the 8 symmetries of the square.
        let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8]];
        let board = Board::from_lines(9, lines).unwrap();
        assert_eq!(automorphisms(&board).unwrap().len(), 8);
        // A path of four points: the identity and the reversal.
        let path = Board::from_lines(4, [[0, 1, 2, 3]]).unwrap();
        assert_eq!(automorphisms(&path).unwrap().len(), 2);
    }
}
