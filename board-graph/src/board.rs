//! A board as points plus ordered lines, and everything derived from them.

use crate::bitboard::{Bitboard, Point, MAX_POINTS};
use thiserror::Error;

/// Why a list of lines does not make a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// More points than a [`Bitboard`] holds.
    #[error("a board has at most {MAX_POINTS} points, got {points}")]
    TooManyPoints {
        /// The requested point count.
        points: usize,
    },
    /// A line names a point that is not on the board.
    #[error("line {line} names point {point}, but the board has points 0..{points}")]
    PointOutOfRange {
        /// Index of the offending line.
        line: usize,
        /// The point named.
        point: usize,
        /// The board's point count.
        points: usize,
    },
    /// A line with fewer than two points.
    #[error("line {line} has {len} point(s); a line needs at least 2")]
    ShortLine {
        /// Index of the offending line.
        line: usize,
        /// Its length.
        len: usize,
    },
    /// A line that passes through the same point twice.
    #[error("line {line} passes through point {point} twice")]
    RepeatedPoint {
        /// Index of the offending line.
        line: usize,
        /// The repeated point.
        point: usize,
    },
    /// The same line (in either orientation) given twice.
    #[error("lines {first} and {second} are the same line")]
    DuplicateLine {
        /// Index of the first occurrence.
        first: usize,
        /// Index of the repeat.
        second: usize,
    },
}

/// A board: `n` points (`n <= 64`) and a list of ordered lines.
///
/// Everything else is derived from the lines (docs/design.md, "points and
/// ordered lines"):
/// - two points are *adjacent* when they are consecutive on some line;
/// - a *ray* from a point walks one of its lines in one orientation;
/// - the lines themselves are the winning lines or mills of alignment games.
///
/// Equality ([`PartialEq`]) compares the point count and the set of lines,
/// each line taken up to orientation, ignoring the order in which the lines
/// were listed: two boards are equal when they have the same structure.
///
/// ```
/// use lapilli_board_graph::{Board, Point};
/// // A path of three points drawn as one line.
/// let board = Board::from_lines(3, [[0, 1, 2]]).unwrap();
/// assert_eq!(board.edge_count(), 2);
/// assert_eq!(board.degree(Point::new(1)), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    points: usize,
    lines: Vec<Vec<Point>>,
    line_sets: Vec<Bitboard>,
    adjacency: Vec<Bitboard>,
    lines_through: Vec<Vec<usize>>,
}

impl Board {
    /// Builds a board with points `0..points` from its ordered lines.
    ///
    /// # Errors
    /// [`BoardError`] if `points > 64`, a line names a point outside
    /// `0..points`, has fewer than 2 points, repeats a point, or two lines
    /// are the same up to orientation.
    pub fn from_lines<L, I>(points: usize, lines: I) -> Result<Board, BoardError>
    where
        I: IntoIterator<Item = L>,
        L: AsRef<[usize]>,
    {
        if points > MAX_POINTS {
            return Err(BoardError::TooManyPoints { points });
        }
        let mut out: Vec<Vec<Point>> = Vec::new();
        for (li, line) in lines.into_iter().enumerate() {
            let line = line.as_ref();
            if line.len() < 2 {
                return Err(BoardError::ShortLine { line: li, len: line.len() });
            }
            let mut seen = Bitboard::EMPTY;
            let mut pts = Vec::with_capacity(line.len());
            for &p in line {
                if p >= points {
                    return Err(BoardError::PointOutOfRange { line: li, point: p, points });
                }
                let point = Point::new(p);
                if seen.contains(point) {
                    return Err(BoardError::RepeatedPoint { line: li, point: p });
                }
                seen = seen.with(point);
                pts.push(point);
            }
            let key = oriented(&pts);
            if let Some(first) = out.iter().position(|l| oriented(l) == key) {
                return Err(BoardError::DuplicateLine { first, second: li });
            }
            out.push(pts);
        }
        let mut adjacency = vec![Bitboard::EMPTY; points];
        let mut lines_through = vec![Vec::new(); points];
        for (li, line) in out.iter().enumerate() {
            for w in line.windows(2) {
                adjacency[w[0].index()] |= w[1].bit();
                adjacency[w[1].index()] |= w[0].bit();
            }
            for p in line {
                lines_through[p.index()].push(li);
            }
        }
        let line_sets = out.iter().map(|l| l.iter().copied().collect()).collect();
        Ok(Board { points, lines: out, line_sets, adjacency, lines_through })
    }

    /// The number of points.
    pub fn point_count(&self) -> usize {
        self.points
    }

    /// All points of the board as a set.
    pub fn all_points(&self) -> Bitboard {
        Bitboard::first(self.points)
    }

    /// The points `0..n` in order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.points).map(Point::new)
    }

    /// The ordered lines, in the order they were given.
    pub fn lines(&self) -> &[Vec<Point>] {
        &self.lines
    }

    /// The number of lines.
    pub fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// Each line as a set of points, indexed like [`Board::lines`].
    pub fn line_sets(&self) -> &[Bitboard] {
        &self.line_sets
    }

    /// Indices (into [`Board::lines`]) of the lines through `p`.
    ///
    /// # Panics
    /// Panics if `p` is not a point of the board.
    pub fn lines_through(&self, p: Point) -> &[usize] {
        &self.lines_through[p.index()]
    }

    /// The points adjacent to `p`.
    ///
    /// # Panics
    /// Panics if `p` is not a point of the board.
    pub fn neighbours(&self, p: Point) -> Bitboard {
        self.adjacency[p.index()]
    }

    /// The number of points adjacent to `p`.
    ///
    /// # Panics
    /// Panics if `p` is not a point of the board.
    pub fn degree(&self, p: Point) -> usize {
        self.adjacency[p.index()].len()
    }

    /// The number of edges (unordered adjacent pairs).
    pub fn edge_count(&self) -> usize {
        self.adjacency.iter().map(|a| a.len()).sum::<usize>() / 2
    }

    /// The edges as pairs `(a, b)` with `a < b`, sorted.
    pub fn edges(&self) -> Vec<(Point, Point)> {
        let mut out = Vec::new();
        for a in self.points() {
            for b in self.adjacency[a.index()].iter() {
                if a < b {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// The rays from `p`: for every line through `p`, the points after `p`
    /// walking the line forwards, and the points before `p` walking it
    /// backwards (nearest first). Empty rays (when `p` ends a line) are
    /// skipped.
    ///
    /// # Panics
    /// Panics if `p` is not a point of the board.
    pub fn rays(&self, p: Point) -> Vec<Vec<Point>> {
        let mut out = Vec::new();
        for &li in &self.lines_through[p.index()] {
            let line = &self.lines[li];
            let i = line.iter().position(|&q| q == p).expect("line passes through p");
            if i + 1 < line.len() {
                out.push(line[i + 1..].to_vec());
            }
            if i > 0 {
                out.push(line[..i].iter().rev().copied().collect());
            }
        }
        out
    }

    /// The lines in a normal form: each oriented so that its first point is
    /// below its last, the list sorted. Two boards with the same structure
    /// have the same normal form.
    pub fn normalized_lines(&self) -> Vec<Vec<Point>> {
        let mut v: Vec<Vec<Point>> = self.lines.iter().map(|l| oriented(l)).collect();
        v.sort();
        v
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.points == other.points && self.normalized_lines() == other.normalized_lines()
    }
}

impl Eq for Board {}

/// The line oriented so that it starts at the lower of its two ends.
fn oriented(line: &[Point]) -> Vec<Point> {
    if line.first() <= line.last() {
        line.to_vec()
    } else {
        line.iter().rev().copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_fault() {
        assert_eq!(Board::from_lines(65, [[0, 1]]).unwrap_err(), BoardError::TooManyPoints { points: 65 });
        assert_eq!(
            Board::from_lines(3, [[0, 3]]).unwrap_err(),
            BoardError::PointOutOfRange { line: 0, point: 3, points: 3 }
        );
        assert_eq!(Board::from_lines(3, [vec![0]]).unwrap_err(), BoardError::ShortLine { line: 0, len: 1 });
        assert_eq!(
            Board::from_lines(3, [[0, 1, 0]]).unwrap_err(),
            BoardError::RepeatedPoint { line: 0, point: 0 }
        );
        assert_eq!(
            Board::from_lines(3, [[0, 1, 2], [2, 1, 0]]).unwrap_err(),
            BoardError::DuplicateLine { first: 0, second: 1 }
        );
    }

    #[test]
    fn rays_walk_both_ways() {
        let b = Board::from_lines(4, [[0, 1, 2, 3]]).unwrap();
        let rays = b.rays(Point::new(1));
        assert_eq!(rays, vec![vec![Point::new(2), Point::new(3)], vec![Point::new(0)]]);
    }

    #[test]
    fn equality_ignores_orientation_and_order() {
        let a = Board::from_lines(4, [[0, 1, 2], [1, 3, 2]]).unwrap();
        let b = Board::from_lines(4, [[2, 3, 1], [2, 1, 0]]).unwrap();
        let c = Board::from_lines(4, [[0, 1, 2], [1, 2, 3]]).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
