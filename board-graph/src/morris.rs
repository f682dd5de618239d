//! The morris boards: the 24-point board of Nine Men's Morris (seed 001),
//! the same board with its four diagonals (Twelve Men's Morris) and the
//! 16-point board of Six Men's Morris, each built from its lines and again
//! from its drawing, with the human coordinates `a1..g7`.
//!
//! The 24-point board (docs/design.md): outer square `0..8`, middle
//! `8..16`, inner `16..24`, each listed clockwise from its top-left corner
//! (even = corner, odd = midpoint). Drawn with point numbers and the
//! coordinates on the border:
//!
//! ```text
//! 7  0-----------1-----------2
//!    |           |           |
//! 6  |   8-------9------10   |
//!    |   |       |       |   |
//! 5  |   |  16--17--18   |   |
//!    |   |   |       |   |   |
//! 4  7--15--23      19--11---3
//!    |   |   |       |   |   |
//! 3  |   |  22--21--20   |   |
//!    |   |       |       |   |
//! 2  |  14------13------12   |
//!    |           |           |
//! 1  6-----------5-----------4
//!    a   b   c   d   e   f   g
//! ```
//!
//! ```
//! use lapilli_board_graph::{morris, Point};
//! let board = morris::nine_mens_morris();
//! assert_eq!((board.point_count(), board.edge_count(), board.line_count()), (24, 32, 16));
//! assert_eq!(board, morris::nine_mens_morris_from_geometry());
//! assert_eq!(morris::point_name(Point::new(0)), "a7");
//! assert_eq!(morris::parse_point("d2"), Some(Point::new(13)));
//! ```

use crate::board::Board;
use crate::geometry::{Coord, LineRule, Stroke};
use crate::Point;

/// Points of the nine and twelve men's boards.
pub const POINTS: usize = 24;

/// Points of the six men's board.
pub const SIX_POINTS: usize = 16;

/// The 16 mills of seed 001, in its order: the sides of the outer, middle
/// and inner squares, then the four spokes.
pub const MILLS: [[usize; 3]; 16] = [
    [0, 1, 2],
    [2, 3, 4],
    [4, 5, 6],
    [6, 7, 0],
    [8, 9, 10],
    [10, 11, 12],
    [12, 13, 14],
    [14, 15, 8],
    [16, 17, 18],
    [18, 19, 20],
    [20, 21, 22],
    [22, 23, 16],
    [1, 9, 17],
    [3, 11, 19],
    [5, 13, 21],
    [7, 15, 23],
];

/// The four diagonal lines that Twelve Men's Morris adds, joining the
/// corners of the three squares (Wikipedia, "Morabaraba" / "Twelve men's
/// morris": the diagonals are mills too).
pub const DIAGONALS: [[usize; 3]; 4] = [[0, 8, 16], [2, 10, 18], [4, 12, 20], [6, 14, 22]];

/// The human names of the 24 points (docs/design.md): files `a..g` left
/// to right, ranks `1..7` bottom to top.
pub const NAMES: [&str; POINTS] = [
    "a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4", "b6", "d6", "f6", "f4", "f2", "d2", "b2", "b4", "c5",
    "d5", "e5", "e4", "e3", "d3", "c3", "c4",
];

/// The human names of the 16 points of the six men's board: the 24-point
/// numbering without the inner square, on a 5x5 grid (files `a..e`, ranks
/// `1..5`): outer square `0..8`, inner `8..16`, clockwise from the top-left.
pub const SIX_NAMES: [&str; SIX_POINTS] =
    ["a5", "c5", "e5", "e3", "e1", "c1", "a1", "a3", "b4", "c4", "d4", "d3", "d2", "c2", "b2", "b3"];

/// Grid coordinates `(file, rank)` from 0 of a name like `"a7"`.
const fn coord_of(name: &str) -> Coord {
    let b = name.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

/// Coordinates of the 24 points on the 7x7 grid, `(file, rank)` from
/// `(0, 0)` = `a1`; the empty centre is `(3, 3)`.
pub const COORDS: [Coord; POINTS] = {
    let mut c = [(0, 0); POINTS];
    let mut i = 0;
    while i < POINTS {
        c[i] = coord_of(NAMES[i]);
        i += 1;
    }
    c
};

/// Coordinates of the 16 points of the six men's board on the 5x5 grid;
/// the empty centre is `(2, 2)`.
pub const SIX_COORDS: [Coord; SIX_POINTS] = {
    let mut c = [(0, 0); SIX_POINTS];
    let mut i = 0;
    while i < SIX_POINTS {
        c[i] = coord_of(SIX_NAMES[i]);
        i += 1;
    }
    c
};

/// The nine men's morris board built from its 16 mills: 24 points, 32
/// edges, degrees 2/3/4 on 12/8/4 points (seed 001).
pub fn nine_mens_morris() -> Board {
    Board::from_lines(POINTS, MILLS).expect("the 16 mills are valid")
}

/// The twelve men's morris board: the 16 mills and the 4 diagonals.
pub fn twelve_mens_morris() -> Board {
    Board::from_lines(POINTS, MILLS.iter().chain(DIAGONALS.iter())).expect("the 20 lines are valid")
}

/// The six men's morris board: the sides of two nested squares (8 mills of
/// three) and the 4 two-point segments joining their midpoints, which are
/// edges but not mills.
pub fn six_mens_morris() -> Board {
    let mut lines: Vec<Vec<usize>> = MILLS[..8].iter().map(|l| l.to_vec()).collect();
    lines.extend([[1, 9], [3, 11], [5, 13], [7, 15]].iter().map(|l| l.to_vec()));
    Board::from_lines(SIX_POINTS, lines).expect("the six men's lines are valid")
}

/// The strokes of a drawing of nested squares read off the coordinates
/// alone (seed 001's second derivation): every row and column of the grid
/// through at least two points becomes straight segments joining those
/// points, cut where the segment would cross the empty `centre`.
fn grid_strokes(coords: &[Coord], centre: Coord) -> Vec<Stroke> {
    let mut strokes = Vec::new();
    let span = coords.iter().map(|c| c.0.max(c.1)).max().unwrap_or(0);
    for horizontal in [true, false] {
        for k in 0..=span {
            let mut on: Vec<Coord> =
                coords.iter().copied().filter(|c| if horizontal { c.1 == k } else { c.0 == k }).collect();
            on.sort_unstable();
            // split the run where it passes the empty centre
            let mut run: Vec<Coord> = Vec::new();
            for c in on {
                if let Some(&last) = run.last() {
                    let crosses = if horizontal {
                        k == centre.1 && last.0 < centre.0 && c.0 > centre.0
                    } else {
                        k == centre.0 && last.1 < centre.1 && c.1 > centre.1
                    };
                    if crosses {
                        push_run(&mut strokes, &run);
                        run.clear();
                    }
                }
                run.push(c);
            }
            push_run(&mut strokes, &run);
        }
    }
    strokes
}

fn push_run(strokes: &mut Vec<Stroke>, run: &[Coord]) {
    if run.len() >= 2 {
        strokes.push(Stroke::segment(run[0], run[run.len() - 1]));
    }
}

/// The 24-point board derived a second way, from the coordinates alone:
/// two points are adjacent when they share a row or column with no point
/// between them and the segment does not cross the empty centre; every
/// straight run of points is a line (seed 001). Equal to
/// [`nine_mens_morris`].
pub fn nine_mens_morris_from_geometry() -> Board {
    Board::from_geometry(&COORDS, &grid_strokes(&COORDS, (3, 3)), LineRule::WholeStroke)
        .expect("the drawing is valid")
}

/// The twelve men's board from its drawing: the nine men's drawing plus
/// the four diagonal strokes from the outer to the inner corners.
pub fn twelve_mens_morris_from_geometry() -> Board {
    let mut strokes = grid_strokes(&COORDS, (3, 3));
    strokes.extend(DIAGONALS.iter().map(|d| Stroke::segment(COORDS[d[0]], COORDS[d[2]])));
    Board::from_geometry(&COORDS, &strokes, LineRule::WholeStroke).expect("the drawing is valid")
}

/// The six men's board from its drawing on the 5x5 grid (centre `c3`
/// empty). Equal to [`six_mens_morris`].
pub fn six_mens_morris_from_geometry() -> Board {
    Board::from_geometry(&SIX_COORDS, &grid_strokes(&SIX_COORDS, (2, 2)), LineRule::WholeStroke)
        .expect("the drawing is valid")
}

/// The name (`"a7"` .. `"g1"`) of a point of the 24-point board.
///
/// # Panics
/// Panics if `p` is not one of the 24 points.
pub fn point_name(p: Point) -> &'static str {
    NAMES[p.index()]
}

/// The point of the 24-point board called `name` (`"a1"`, case-insensitive
/// file), or `None`.
pub fn parse_point(name: &str) -> Option<Point> {
    find(&NAMES, name)
}

/// The point of the six men's board called `name` (`"a1"` .. `"e5"`).
pub fn parse_six_point(name: &str) -> Option<Point> {
    find(&SIX_NAMES, name)
}

fn find(names: &[&str], name: &str) -> Option<Point> {
    let lower = name.to_ascii_lowercase();
    names.iter().position(|n| *n == lower).map(Point::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn degree_split(b: &Board) -> [usize; 5] {
        let mut d = [0; 5];
        for p in b.points() {
            d[b.degree(p)] += 1;
        }
        d
    }

    #[test]
    fn seed_001_board_facts_both_ways() {
        for b in [nine_mens_morris(), nine_mens_morris_from_geometry()] {
            assert_eq!((b.point_count(), b.edge_count(), b.line_count()), (24, 32, 16));
            // degrees 2/3/4 on 12/8/4 points, summing to 64 = 2 * 32
            assert_eq!(degree_split(&b), [0, 0, 12, 8, 4]);
            for p in b.points() {
                assert_eq!(b.lines_through(p).len(), 2, "point {p}");
            }
        }
        assert_eq!(nine_mens_morris(), nine_mens_morris_from_geometry());
        assert_eq!(nine_mens_morris().edges(), nine_mens_morris_from_geometry().edges());
    }

    #[test]
    fn relatives_both_ways() {
        let t = twelve_mens_morris();
        assert_eq!((t.point_count(), t.edge_count(), t.line_count()), (24, 40, 20));
        assert_eq!(t, twelve_mens_morris_from_geometry());
        let s = six_mens_morris();
        assert_eq!((s.point_count(), s.edge_count(), s.line_count()), (16, 20, 12));
        assert_eq!(s, six_mens_morris_from_geometry());
        assert_eq!(s.line_sets().iter().filter(|l| l.len() == 3).count(), 8);
    }

    #[test]
    fn names_round_trip() {
        for (p, name) in NAMES.iter().enumerate() {
            assert_eq!(parse_point(name), Some(Point::new(p)));
        }
        for (p, name) in SIX_NAMES.iter().enumerate() {
            assert_eq!(parse_six_point(name), Some(Point::new(p)));
        }
        assert_eq!(parse_point("D7"), Some(Point::new(1)));
        assert_eq!(parse_point("d4"), None);
        assert_eq!(parse_point(""), None);
        assert_eq!(parse_point("é"), None);
    }
}
