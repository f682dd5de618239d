//! Boards derived from a drawing: point coordinates plus drawn strokes.
//!
//! This is the second, independent way to build a board (docs/design.md; seed
//! 001 checks its morris board by deriving it once from the list of mills
//! and once from the drawing). A test that builds a board both ways and
//! compares them catches a mistyped line.

use crate::bitboard::MAX_POINTS;
use crate::board::{Board, BoardError};
use thiserror::Error;

/// Integer coordinates `(x, y)` of a point in a drawing.
pub type Coord = (i32, i32);

/// A stroke of the drawing: a polyline through `vertices`, closed (the last
/// vertex joins the first) or open.
///
/// The points of the board that lie on the stroke, taken in the order the
/// stroke passes them, form a chain. A circle drawn through points (the
/// ring of the wheel board) is given as a closed polygon through the same
/// points: only the order of the points along the stroke matters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stroke {
    /// The corners of the polyline.
    pub vertices: Vec<Coord>,
    /// Whether the last vertex joins the first.
    pub closed: bool,
}

impl Stroke {
    /// A straight segment from `a` to `b`.
    pub fn segment(a: Coord, b: Coord) -> Stroke {
        Stroke { vertices: vec![a, b], closed: false }
    }

    /// A closed polygon through `vertices`.
    pub fn polygon(vertices: impl Into<Vec<Coord>>) -> Stroke {
        Stroke { vertices: vertices.into(), closed: true }
    }
}

/// How the chains of points along strokes become lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRule {
    /// Each stroke's whole chain is one line (rows and columns of a grid).
    WholeStroke,
    /// Every run of this many consecutive points along a stroke is a line,
    /// wrapping around closed strokes (alignment games: mills of three).
    Windows(usize),
}

/// Why a drawing does not make a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GeometryError {
    /// Two points share coordinates.
    #[error("points {first} and {second} share the coordinates {at:?}")]
    SharedCoordinates {
        /// The first point.
        first: usize,
        /// The second point.
        second: usize,
        /// Their coordinates.
        at: Coord,
    },
    /// A stroke passes through fewer points than one line needs.
    #[error("stroke {stroke} passes through {found} point(s), fewer than a line needs")]
    ShortStroke {
        /// Index of the stroke.
        stroke: usize,
        /// Points found on it.
        found: usize,
    },
    /// A window length below 2.
    #[error("line windows must have at least 2 points, got {0}")]
    BadWindow(usize),
    /// The derived lines are not a valid board.
    #[error(transparent)]
    Board(#[from] BoardError),
}

impl Board {
    /// Builds a board from a drawing: point `i` sits at `coords[i]`; the
    /// strokes are what is drawn; `rule` turns the chains of points along
    /// the strokes into lines. Adjacency then follows from the lines as
    /// usual, so two points are adjacent exactly when a stroke runs from
    /// one to the other with no point between them.
    ///
    /// # Errors
    /// [`GeometryError`] if two points share coordinates, a stroke passes
    /// through too few points, the window is below 2, or the lines fail
    /// [`Board::from_lines`] (for example more than 64 points).
    ///
    /// ```
    /// use lapilli_board_graph::{Board, LineRule, Stroke};
    /// // Three points on one drawn segment make one line of three.
    /// let b = Board::from_geometry(
    ///     &[(0, 0), (2, 0), (1, 0)],
    ///     &[Stroke::segment((0, 0), (2, 0))],
    ///     LineRule::WholeStroke,
    /// ).unwrap();
    /// assert_eq!(b, Board::from_lines(3, [[0, 2, 1]]).unwrap());
    /// ```
    pub fn from_geometry(
        coords: &[Coord],
        strokes: &[Stroke],
        rule: LineRule,
    ) -> Result<Board, GeometryError> {
        if coords.len() > MAX_POINTS {
            return Err(BoardError::TooManyPoints { points: coords.len() }.into());
        }
        for (i, a) in coords.iter().enumerate() {
            if let Some(j) = coords[..i].iter().position(|b| b == a) {
                return Err(GeometryError::SharedCoordinates { first: j, second: i, at: *a });
            }
        }
        let min_len = match rule {
            LineRule::WholeStroke => 2,
            LineRule::Windows(k) if k < 2 => return Err(GeometryError::BadWindow(k)),
            LineRule::Windows(k) => k,
        };
        let mut lines: Vec<Vec<usize>> = Vec::new();
        for (si, stroke) in strokes.iter().enumerate() {
            let chain = chain_along(coords, stroke);
            if chain.len() < min_len {
                return Err(GeometryError::ShortStroke { stroke: si, found: chain.len() });
            }
            match rule {
                LineRule::WholeStroke => lines.push(chain),
                LineRule::Windows(k) => {
                    let starts =
                        if stroke.closed && chain.len() > k { chain.len() } else { chain.len() - k + 1 };
                    for s in 0..starts {
                        lines.push((0..k).map(|j| chain[(s + j) % chain.len()]).collect());
                    }
                }
            }
        }
        Ok(Board::from_lines(coords.len(), lines)?)
    }
}

/// The points lying on `stroke`, in the order the stroke passes them, each
/// once (a point at a corner of the polyline is not repeated).
fn chain_along(coords: &[Coord], stroke: &Stroke) -> Vec<usize> {
    let v = &stroke.vertices;
    let mut segments: Vec<(Coord, Coord)> = v.windows(2).map(|w| (w[0], w[1])).collect();
    if stroke.closed && v.len() > 2 {
        segments.push((v[v.len() - 1], v[0]));
    }
    let mut chain: Vec<usize> = Vec::new();
    for (a, b) in segments {
        let mut on: Vec<(i64, usize)> =
            coords.iter().enumerate().filter_map(|(i, &c)| on_segment(a, b, c).map(|t| (t, i))).collect();
        on.sort_unstable();
        for (_, i) in on {
            if !chain.contains(&i) {
                chain.push(i);
            }
        }
    }
    chain
}

/// If `c` lies on the segment `a..=b`, its position along it (the dot
/// product with the direction, so that sorting orders points from `a`).
fn on_segment(a: Coord, b: Coord, c: Coord) -> Option<i64> {
    let (ax, ay, bx, by, cx, cy) = (a.0 as i64, a.1 as i64, b.0 as i64, b.1 as i64, c.0 as i64, c.1 as i64);
    let cross = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if cross != 0 {
        return None;
    }
    let t = (cx - ax) * (bx - ax) + (cy - ay) * (by - ay);
    let len2 = (bx - ax) * (bx - ax) + (by - ay) * (by - ay);
    (0..=len2).contains(&t).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_polygon_windows_wrap() {
        // A square with a point at each corner: windows of 3 wrap round.
        let coords = [(0, 0), (1, 0), (1, 1), (0, 1)];
        let b =
            Board::from_geometry(&coords, &[Stroke::polygon(coords.to_vec())], LineRule::Windows(3)).unwrap();
        assert_eq!(b.line_count(), 4);
        assert_eq!(b.edge_count(), 4);
    }

    #[test]
    fn errors() {
        assert_eq!(
            Board::from_geometry(&[(0, 0), (0, 0)], &[], LineRule::WholeStroke).unwrap_err(),
            GeometryError::SharedCoordinates { first: 0, second: 1, at: (0, 0) }
        );
        assert_eq!(
            Board::from_geometry(
                &[(0, 0), (5, 5)],
                &[Stroke::segment((0, 0), (1, 0))],
                LineRule::WholeStroke
            )
            .unwrap_err(),
            GeometryError::ShortStroke { stroke: 0, found: 1 }
        );
        assert_eq!(
            Board::from_geometry(&[(0, 0)], &[], LineRule::Windows(1)).unwrap_err(),
            GeometryError::BadWindow(1)
        );
    }
}
