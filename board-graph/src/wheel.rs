//! The Terni Lapilli wheel board (seed 000).
//!
//! Points `0..8` run round the ring, `8` is the centre. The 12 lines are
//! the 8 runs of three consecutive ring points `{i, i+1, i+2}` (mod 8) and
//! the 4 diameters `{i, 8, i+4}`. Adjacency derived from them is the ring
//! plus the 8 spokes: 16 edges.
//!
//! Drawn, with point numbers:
//!
//! ```text
//! 7 --- 0 --- 1
//! | \   |   / |
//! 6 --- 8 --- 2
//! | /   |   \ |
//! 5 --- 4 --- 3
//! ```

use crate::board::Board;
use crate::geometry::{Coord, LineRule, Stroke};
use crate::Point;

/// Number of points on the wheel: 8 ring points and the centre.
pub const POINTS: usize = 9;

/// The centre point.
pub const CENTRE: Point = Point::new(8);

/// The wheel's 12 winning lines as listed in seed 000: ring patterns
/// `{i, i+1, i+2}` for `i = 0..8`, then the diameters `{i, 8, i+4}` for
/// `i = 0..4`. A constant so that rules crates can derive compile-time
/// tables from it.
pub const LINES: [[usize; 3]; 12] = {
    let mut lines = [[0usize; 3]; 12];
    let mut i = 0;
    while i < 8 {
        lines[i] = [i, (i + 1) % 8, (i + 2) % 8];
        i += 1;
    }
    while i < 12 {
        lines[i] = [i - 8, 8, i - 4];
        i += 1;
    }
    lines
};

/// The wheel's lines as a list (see [`LINES`]).
pub fn lines() -> Vec<[usize; 3]> {
    LINES.to_vec()
}

/// The wheel board built from its 12 lines.
pub fn wheel() -> Board {
    Board::from_lines(POINTS, LINES).expect("the wheel's lines are valid")
}

/// Coordinates of the wheel's points in the drawing above (ring clockwise
/// from the top, the centre at the origin).
pub const COORDS: [Coord; POINTS] =
    [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 0)];

/// The wheel board built a second way, from its drawing: the ring traced
/// as one closed stroke through the eight ring points and the four
/// diameters as straight strokes through the centre, every run of three
/// consecutive points along a stroke a line.
pub fn wheel_from_geometry() -> Board {
    let ring = Stroke::polygon(vec![(-1, 1), (1, 1), (1, -1), (-1, -1)]);
    let mut strokes = vec![ring];
    for i in 0..4 {
        strokes.push(Stroke::segment(COORDS[i], COORDS[i + 4]));
    }
    Board::from_geometry(&COORDS, &strokes, LineRule::Windows(3)).expect("the wheel drawing is valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wheel_facts_from_seed_000() {
        let b = wheel();
        assert_eq!(b.point_count(), 9);
        assert_eq!(b.line_count(), 12);
        assert_eq!(b.edge_count(), 16);
        for p in 0..8 {
            assert_eq!(b.degree(Point::new(p)), 3, "ring point {p}");
            // ring point i touches i±1 and the centre (seed 000 adjacency)
            let expected = Point::new((p + 1) % 8).bit() | Point::new((p + 7) % 8).bit() | CENTRE.bit();
            assert_eq!(b.neighbours(Point::new(p)), expected);
        }
        assert_eq!(b.degree(CENTRE), 8);
        assert_eq!(b.neighbours(CENTRE).len(), 8);
        // every point lies on exactly 4 lines: 3 ring runs + 1 diameter,
        // or the 4 diameters for the centre
        for p in b.points() {
            assert_eq!(b.lines_through(p).len(), 4);
        }
    }

    #[test]
    fn geometry_agrees_with_lines() {
        let a = wheel();
        let g = wheel_from_geometry();
        assert_eq!(a, g);
        assert_eq!(a.edges(), g.edges());
    }
}
