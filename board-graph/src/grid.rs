//! Rectangular grids with rows and columns as lines.
//!
//! A `W x H` grid numbers its squares rank by rank from the bottom left:
//! the square on file `f` (`0..W`, named `a`, `b`, ... from the left) and
//! rank `r` (`0..H`, named `1`, `2`, ... from the bottom) is point
//! `r * W + f`. Its ordered lines are the `H` rows, each walked west to
//! east, then the `W` columns, each walked south to north (docs/design.md:
//! rows and columns of a grid give orthogonal adjacency; rook moves are rays
//! along them; custodian capture is three consecutive points on one).
//!
//! [`Grid`] itself has no limit of 64 points: its lines, rays and square
//! names serve boards of any size (Petteia's 8x12 and 9x10 reconstructions
//! have 96 and 90 squares). Only [`Grid::board`] and
//! [`Grid::board_from_geometry`], which build a [`Board`] (one [`Bitboard`]
//! bit per point), need at most [`MAX_POINTS`] squares.
//!
//! A square grid may also have its two long diagonals drawn
//! ([`Grid::diagonals`], [`Grid::board_with_diagonals`]): the 3x3 board of
//! tapatan and achi, where the diagonals are lines to align on and to step
//! along. The 3x3 boards of the three-in-a-row games have their own
//! constructors and constant line tables ([`three_by_three`],
//! [`three_by_three_with_diagonals`], [`THREE_BY_THREE_LINES`],
//! [`THREE_BY_THREE_DIAGONAL_LINES`]).
//!
//! ```
//! use lapilli_board_graph::grid::Grid;
//! let grid = Grid::new(8, 8).unwrap();
//! let board = grid.board().unwrap();
//! assert_eq!((board.point_count(), board.line_count(), board.edge_count()), (64, 16, 112));
//! assert_eq!(grid.square_name(grid.point(4, 1).unwrap()), "e2");
//! assert_eq!(grid.parse_square("h8"), Ok(63));
//! assert_eq!(board, grid.board_from_geometry().unwrap());
//! // Larger grids have lines but no Board.
//! let big = Grid::new(8, 12).unwrap();
//! assert_eq!((big.point_count(), big.lines().len()), (96, 20));
//! assert!(big.board().is_err());
//! // The 3x3 board with both diagonals: 8 lines, the centre on 4 of them.
//! let kurna = lapilli_board_graph::grid::three_by_three_with_diagonals();
//! assert_eq!((kurna.line_count(), kurna.edge_count()), (8, 16));
//! ```
//!
//! [`Bitboard`]: crate::Bitboard

use crate::board::{Board, BoardError};
use crate::geometry::{Coord, GeometryError, LineRule, Stroke};
use crate::{Point, MAX_POINTS};
use thiserror::Error;

/// The most files or ranks a grid may have: files are named by the 26
/// letters `a..z`.
pub const MAX_SIDE: usize = 26;

/// The four orthogonal directions on a grid, in the order used by
/// [`Grid::step`] and [`Grid::rays`]: towards higher ranks, higher files,
/// lower ranks, lower files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Towards rank `H` (up the board).
    North,
    /// Towards file `W - 1` (right).
    East,
    /// Towards rank 1 (down the board).
    South,
    /// Towards file `a` (left).
    West,
}

impl Direction {
    /// The four directions: north, east, south, west.
    pub const ALL: [Direction; 4] = [Direction::North, Direction::East, Direction::South, Direction::West];

    /// The opposite direction.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::East => Direction::West,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
        }
    }

    /// The step `(files, ranks)` this direction makes.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }
}

/// Why a grid or a square name was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GridError {
    /// A side of 0 or 1 squares, or more than [`MAX_SIDE`].
    #[error("a grid has 2 to {MAX_SIDE} files and ranks, got {width}x{height}")]
    BadSize {
        /// Files requested.
        width: usize,
        /// Ranks requested.
        height: usize,
    },
    /// Text that is not a file letter followed by a rank number.
    #[error("{0:?} is not a square name: write a file letter and a rank number, such as a1")]
    BadSquare(String),
    /// A well-formed name off this grid.
    #[error("square {name} is off the {width}x{height} board")]
    OffBoard {
        /// The name.
        name: String,
        /// Files of the grid.
        width: usize,
        /// Ranks of the grid.
        height: usize,
    },
}

/// A `width x height` grid of squares (see the module documentation for
/// the numbering and the lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
}

impl Grid {
    /// A grid of `width` files and `height` ranks.
    ///
    /// # Errors
    /// [`GridError::BadSize`] unless both are in `2..=26`.
    pub fn new(width: usize, height: usize) -> Result<Grid, GridError> {
        if !(2..=MAX_SIDE).contains(&width) || !(2..=MAX_SIDE).contains(&height) {
            return Err(GridError::BadSize { width, height });
        }
        Ok(Grid { width, height })
    }

    /// The number of files.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of ranks.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The number of squares, `width * height`.
    pub fn point_count(&self) -> usize {
        self.width * self.height
    }

    /// The square on file `file` and rank `rank` (both from 0), or `None`
    /// off the grid.
    pub fn point(&self, file: usize, rank: usize) -> Option<usize> {
        (file < self.width && rank < self.height).then_some(rank * self.width + file)
    }

    /// The `(file, rank)` of square `p` (both from 0).
    ///
    /// # Panics
    /// Panics if `p` is not a square of the grid.
    pub fn coords(&self, p: usize) -> (usize, usize) {
        assert!(p < self.point_count(), "square {p} is off the grid");
        (p % self.width, p / self.width)
    }

    /// The square one step from `p` in direction `d`, or `None` at the edge.
    ///
    /// # Panics
    /// Panics if `p` is not a square of the grid.
    pub fn step(&self, p: usize, d: Direction) -> Option<usize> {
        let (f, r) = self.coords(p);
        let (df, dr) = d.delta();
        let f = f.checked_add_signed(df as isize)?;
        let r = r.checked_add_signed(dr as isize)?;
        self.point(f, r)
    }

    /// The `height` rows, bottom first, each walked west to east.
    pub fn rows(&self) -> Vec<Vec<usize>> {
        (0..self.height).map(|r| (0..self.width).map(|f| r * self.width + f).collect()).collect()
    }

    /// The `width` columns, file `a` first, each walked south to north.
    pub fn columns(&self) -> Vec<Vec<usize>> {
        (0..self.width).map(|f| (0..self.height).map(|r| r * self.width + f).collect()).collect()
    }

    /// The ordered lines: the rows, then the columns.
    pub fn lines(&self) -> Vec<Vec<usize>> {
        let mut lines = self.rows();
        lines.extend(self.columns());
        lines
    }

    /// The two long diagonals of a square grid, each walked south to north:
    /// first from `a1` to the top right corner, then from the bottom right
    /// corner to the top left. Empty when the grid is not square (it then
    /// has no corner-to-corner diagonal through its squares).
    ///
    /// ```
    /// use lapilli_board_graph::grid::Grid;
    /// assert_eq!(Grid::new(3, 3).unwrap().diagonals(), vec![vec![0, 4, 8], vec![2, 4, 6]]);
    /// assert!(Grid::new(3, 4).unwrap().diagonals().is_empty());
    /// ```
    pub fn diagonals(&self) -> Vec<Vec<usize>> {
        if self.width != self.height {
            return Vec::new();
        }
        let n = self.width;
        vec![(0..n).map(|r| r * n + r).collect(), (0..n).map(|r| r * n + (n - 1 - r)).collect()]
    }

    /// The ordered lines with the long diagonals drawn: the rows, the
    /// columns, then [`Grid::diagonals`] (none on a grid that is not
    /// square).
    pub fn lines_with_diagonals(&self) -> Vec<Vec<usize>> {
        let mut lines = self.lines();
        lines.extend(self.diagonals());
        lines
    }

    /// The four rays from `p`, indexed like [`Direction::ALL`]: the squares
    /// met walking its row or column in that direction, nearest first
    /// (empty at the edge). They are the rays [`Board::rays`] derives from
    /// the same lines, keyed by direction.
    ///
    /// # Panics
    /// Panics if `p` is not a square of the grid.
    pub fn rays(&self, p: usize) -> [Vec<usize>; 4] {
        Direction::ALL.map(|d| {
            let mut ray = Vec::new();
            let mut q = p;
            while let Some(next) = self.step(q, d) {
                ray.push(next);
                q = next;
            }
            ray
        })
    }

    /// The grid as a [`Board`] from its lines.
    ///
    /// # Errors
    /// [`BoardError::TooManyPoints`] when the grid has more than 64 squares.
    pub fn board(&self) -> Result<Board, BoardError> {
        Board::from_lines(self.point_count(), self.lines())
    }

    /// The grid as a [`Board`] derived a second way, from a drawing: square
    /// `(f, r)` at coordinates `(f, r)`, one stroke along each row and each
    /// column, each stroke's chain one line. Tests compare it with
    /// [`Grid::board`].
    ///
    /// # Errors
    /// [`GeometryError`] when the grid has more than 64 squares.
    pub fn board_from_geometry(&self) -> Result<Board, GeometryError> {
        if self.point_count() > MAX_POINTS {
            return Err(BoardError::TooManyPoints { points: self.point_count() }.into());
        }
        let (coords, strokes) = self.drawing();
        Board::from_geometry(&coords, &strokes, LineRule::WholeStroke)
    }

    /// The grid with its long diagonals drawn, as a [`Board`] from
    /// [`Grid::lines_with_diagonals`]: a point is then adjacent to the
    /// points next to it along its row and column and, on a diagonal, to
    /// its neighbours along it (on the 3x3 board the centre touches all
    /// eight other points, a corner touches the centre too, a side's
    /// midpoint does not). The same as [`Grid::board`] when the grid is not
    /// square.
    ///
    /// # Errors
    /// [`BoardError::TooManyPoints`] when the grid has more than 64 squares.
    pub fn board_with_diagonals(&self) -> Result<Board, BoardError> {
        Board::from_lines(self.point_count(), self.lines_with_diagonals())
    }

    /// [`Grid::board_with_diagonals`] derived a second way, from a drawing:
    /// the strokes of [`Grid::board_from_geometry`] and, on a square grid,
    /// one stroke from corner to opposite corner for each diagonal. Tests
    /// compare it with [`Grid::board_with_diagonals`].
    ///
    /// # Errors
    /// [`GeometryError`] when the grid has more than 64 squares.
    pub fn board_with_diagonals_from_geometry(&self) -> Result<Board, GeometryError> {
        if self.point_count() > MAX_POINTS {
            return Err(BoardError::TooManyPoints { points: self.point_count() }.into());
        }
        let (coords, mut strokes) = self.drawing();
        if self.width == self.height {
            let n = self.width as i32 - 1;
            strokes.push(Stroke::segment((0, 0), (n, n)));
            strokes.push(Stroke::segment((n, 0), (0, n)));
        }
        Board::from_geometry(&coords, &strokes, LineRule::WholeStroke)
    }

    /// The coordinates of the squares and the strokes of the rows and
    /// columns.
    fn drawing(&self) -> (Vec<Coord>, Vec<Stroke>) {
        let coords = self.drawing_coords();
        let (w, h) = (self.width as i32 - 1, self.height as i32 - 1);
        let rows = (0..=h).map(|r| Stroke::segment((0, r), (w, r)));
        let columns = (0..=w).map(|f| Stroke::segment((f, 0), (f, h)));
        (coords, rows.chain(columns).collect())
    }

    /// Where each square is drawn, by index: `(file, rank)` from `(0, 0)`
    /// = a1, the coordinates [`Grid::board_from_geometry`] builds the board
    /// from (front ends draw the board with them).
    pub fn drawing_coords(&self) -> Vec<Coord> {
        (0..self.point_count()).map(|p| ((p % self.width) as i32, (p / self.width) as i32)).collect()
    }

    /// The name of square `p`: its file letter and rank number, e.g. `"e2"`.
    ///
    /// # Panics
    /// Panics if `p` is not a square of the grid.
    pub fn square_name(&self, p: usize) -> String {
        let (f, r) = self.coords(p);
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }

    /// The square named `name` (`"a1"`, `"h8"`, `"i10"`).
    ///
    /// # Errors
    /// [`GridError::BadSquare`] for text that is not a lower-case file
    /// letter followed by a rank number without leading zeros,
    /// [`GridError::OffBoard`] for a square beyond this grid.
    pub fn parse_square(&self, name: &str) -> Result<usize, GridError> {
        let (file, rank) =
            square_coordinates(name).ok_or_else(|| GridError::BadSquare(crate::notation::excerpt(name)))?;
        self.point(file, rank).ok_or_else(|| GridError::OffBoard {
            name: crate::notation::excerpt(name),
            width: self.width,
            height: self.height,
        })
    }
}

/// The 6 lines of the 3x3 grid as a constant, for rules crates that derive
/// compile-time tables from them: the rows `a1 b1 c1`, `a2 b2 c2`,
/// `a3 b3 c3` (points `0 1 2`, `3 4 5`, `6 7 8`), then the columns `a1 a2
/// a3`, `b1 b2 b3`, `c1 c2 c3`; the same lines, in the same order, as
/// `Grid::new(3, 3)`'s [`Grid::lines`]. The board of three men's morris
/// (steps along rows and columns) and of nine holes.
pub const THREE_BY_THREE_LINES: [[usize; 3]; 6] = {
    let mut lines = [[0usize; 3]; 6];
    let mut i = 0;
    while i < 3 {
        lines[i] = [3 * i, 3 * i + 1, 3 * i + 2];
        lines[3 + i] = [i, i + 3, i + 6];
        i += 1;
    }
    lines
};

/// The 8 lines of the 3x3 grid with both diagonals drawn: the
/// [`THREE_BY_THREE_LINES`], then the diagonals `a1 b2 c3` and `c1 b2 a3`
/// (points `0 4 8` and `2 4 6`); the same lines, in the same order, as
/// `Grid::new(3, 3)`'s [`Grid::lines_with_diagonals`]. The board of tapatan
/// and achi (and of the three men's morris board carved at Kurna, R. C.
/// Bell, *Board and Table Games from Many Civilizations*, 1960).
pub const THREE_BY_THREE_DIAGONAL_LINES: [[usize; 3]; 8] = {
    let mut lines = [[0usize; 3]; 8];
    let mut i = 0;
    while i < 6 {
        lines[i] = THREE_BY_THREE_LINES[i];
        i += 1;
    }
    lines[6] = [0, 4, 8];
    lines[7] = [2, 4, 6];
    lines
};

/// The centre `b2` of the 3x3 grid (point 4), the only point every
/// symmetry of either 3x3 board fixes.
pub const THREE_BY_THREE_CENTRE: Point = Point::new(4);

/// The 3x3 grid of rows and columns as a [`Board`]: 9 points, 6 lines, 12
/// edges (orthogonal neighbours).
///
/// ```
/// use lapilli_board_graph::grid;
/// let board = grid::three_by_three();
/// assert_eq!((board.point_count(), board.line_count(), board.edge_count()), (9, 6, 12));
/// assert_eq!(board.degree(grid::THREE_BY_THREE_CENTRE), 4);
/// ```
pub fn three_by_three() -> Board {
    Board::from_lines(9, THREE_BY_THREE_LINES).expect("the 3x3 grid's lines are valid")
}

/// The 3x3 grid with both diagonals drawn as a [`Board`]: 9 points, 8
/// lines, 16 edges (the 12 orthogonal ones and the 4 from the corners to
/// the centre).
///
/// ```
/// use lapilli_board_graph::{grid, Point};
/// let board = grid::three_by_three_with_diagonals();
/// assert_eq!((board.point_count(), board.line_count(), board.edge_count()), (9, 8, 16));
/// assert_eq!(board.degree(grid::THREE_BY_THREE_CENTRE), 8);
/// assert_eq!(board.degree(Point::new(0)), 3); // a1: b1, a2 and b2
/// assert_eq!(board.degree(Point::new(1)), 3); // b1: a1, c1 and b2
/// ```
pub fn three_by_three_with_diagonals() -> Board {
    Board::from_lines(9, THREE_BY_THREE_DIAGONAL_LINES).expect("the 3x3 grid's lines are valid")
}

/// The zero-based `(file, rank)` a square name spells: a lower-case file
/// letter and a rank number from 1 without leading zeros, at most two
/// digits (`"a1"` is `(0, 0)`, `"i10"` is `(8, 9)`), whatever the grid's
/// size; `None` for anything else.
///
/// ```
/// use lapilli_board_graph::grid::square_coordinates;
/// assert_eq!(square_coordinates("i10"), Some((8, 9)));
/// assert_eq!(square_coordinates("a01"), None);
/// ```
pub fn square_coordinates(name: &str) -> Option<(usize, usize)> {
    let (&file, digits) = name.as_bytes().split_first()?;
    if !file.is_ascii_lowercase()
        || digits.is_empty()
        || digits.len() > 2
        || digits[0] == b'0'
        || !digits.iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    let rank = digits.iter().fold(0usize, |n, d| n * 10 + (d - b'0') as usize);
    Some(((file - b'a') as usize, rank - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_errors() {
        assert_eq!(Grid::new(1, 8), Err(GridError::BadSize { width: 1, height: 8 }));
        assert_eq!(Grid::new(8, 27), Err(GridError::BadSize { width: 8, height: 27 }));
        let g = Grid::new(9, 10).unwrap();
        assert_eq!(g.point_count(), 90);
        assert_eq!(g.parse_square("i10"), Ok(89));
        assert_eq!(g.square_name(89), "i10");
        assert_eq!(
            g.parse_square("j1"),
            Err(GridError::OffBoard { name: "j1".into(), width: 9, height: 10 })
        );
        assert_eq!(
            g.parse_square("a11").unwrap_err(),
            GridError::OffBoard { name: "a11".into(), width: 9, height: 10 }
        );
        for bad in ["", "a", "1a", "a0", "a01", "A1", "a1x", "a100", "é1"] {
            assert!(matches!(g.parse_square(bad), Err(GridError::BadSquare(_))), "{bad}");
        }
        assert!(matches!(Grid::new(8, 12).unwrap().board(), Err(BoardError::TooManyPoints { points: 96 })));
        assert!(Grid::new(9, 10).unwrap().board_from_geometry().is_err());
    }

    #[test]
    fn names_round_trip() {
        for (w, h) in [(8, 8), (8, 12), (9, 10), (3, 5)] {
            let g = Grid::new(w, h).unwrap();
            for p in 0..g.point_count() {
                assert_eq!(g.parse_square(&g.square_name(p)), Ok(p));
            }
        }
    }

    #[test]
    fn the_8x8_board_from_lines_and_from_the_drawing_agree() {
        let g = Grid::new(8, 8).unwrap();
        let a = g.board().unwrap();
        let b = g.board_from_geometry().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.edges(), b.edges());
        // 2 * 8 * 7 orthogonal edges; corners have 2 neighbours, edges 3,
        // inner squares 4.
        assert_eq!(a.edge_count(), 112);
        let degrees: Vec<usize> = [0, 1, 9].iter().map(|&p| a.degree(Point::new(p))).collect();
        assert_eq!(degrees, vec![2, 3, 4]);
        for (w, h) in [(5, 7), (6, 6), (4, 16)] {
            let g = Grid::new(w, h).unwrap();
            assert_eq!(g.board().unwrap(), g.board_from_geometry().unwrap(), "{w}x{h}");
        }
    }

    #[test]
    fn the_3x3_boards_from_constants_lines_and_drawings_agree() {
        let g = Grid::new(3, 3).unwrap();
        let lines: Vec<Vec<usize>> = THREE_BY_THREE_LINES.iter().map(|l| l.to_vec()).collect();
        assert_eq!(lines, g.lines());
        let with: Vec<Vec<usize>> = THREE_BY_THREE_DIAGONAL_LINES.iter().map(|l| l.to_vec()).collect();
        assert_eq!(with, g.lines_with_diagonals());
        assert_eq!(three_by_three(), g.board().unwrap());
        assert_eq!(three_by_three(), g.board_from_geometry().unwrap());
        let kurna = three_by_three_with_diagonals();
        assert_eq!(kurna, g.board_with_diagonals().unwrap());
        assert_eq!(kurna, g.board_with_diagonals_from_geometry().unwrap());
        assert_ne!(kurna, three_by_three());
        // Along the diagonals the corners touch the centre, the midpoints
        // of the sides do not touch each other.
        let b1 = Point::new(1);
        assert_eq!(kurna.neighbours(b1), Point::new(0).bit() | Point::new(2).bit() | Point::new(4).bit());
        assert_eq!(kurna.neighbours(Point::new(0)), b1.bit() | Point::new(3).bit() | Point::new(4).bit());
        assert_eq!(kurna.lines_through(THREE_BY_THREE_CENTRE).len(), 4);
        // Larger square grids get their two long diagonals, others none.
        let g5 = Grid::new(5, 5).unwrap();
        assert_eq!(g5.diagonals(), vec![vec![0, 6, 12, 18, 24], vec![4, 8, 12, 16, 20]]);
        assert_eq!(g5.board_with_diagonals().unwrap(), g5.board_with_diagonals_from_geometry().unwrap());
        let g34 = Grid::new(3, 4).unwrap();
        assert_eq!(g34.board_with_diagonals().unwrap(), g34.board().unwrap());
        assert_eq!(g34.board_with_diagonals_from_geometry().unwrap(), g34.board().unwrap());
        assert!(Grid::new(9, 9).unwrap().board_with_diagonals_from_geometry().is_err());
    }

    #[test]
    fn rays_are_the_boards_rays() {
        let g = Grid::new(7, 5).unwrap();
        let board = g.board().unwrap();
        for p in 0..g.point_count() {
            let mut mine: Vec<Vec<usize>> = g.rays(p).into_iter().filter(|r| !r.is_empty()).collect();
            let mut theirs: Vec<Vec<usize>> = board
                .rays(Point::new(p))
                .into_iter()
                .map(|r| r.into_iter().map(Point::index).collect())
                .collect();
            mine.sort();
            theirs.sort();
            assert_eq!(mine, theirs, "square {p}");
        }
        assert_eq!(g.rays(8)[0], vec![15, 22, 29]);
        assert_eq!(g.rays(8)[3], vec![7]);
        assert_eq!(g.step(6, Direction::East), None);
    }
}
