//! Board tables for one grid size, derived from `lapilli_board_graph::grid`.
//!
//! Sets of squares are `u128` bit sets (bit `i` is square `i`, numbered as
//! in [`Grid`]): one code path serves the 8x8 board and the larger
//! reconstructions (8x12 has 96 squares, 9x10 has 90), which the 64-bit
//! [`lapilli_board_graph::Bitboard`] cannot hold. On x86-64 a `u128`
//! operation is a pair of 64-bit ones, so the 8x8 board pays little for it
//! (see the benchmarks), and nothing is generic or duplicated.

use lapilli_board_graph::grid::Grid;
use lapilli_symmetry::{automorphisms, Group};
use std::sync::{Mutex, OnceLock};

/// The most squares a board may have (one bit each in a `u128`).
pub const MAX_SQUARES: usize = 128;

/// "No square": the step off the edge of the board.
pub(crate) const NONE: u8 = u8::MAX;

/// Direction indices, as `grid::Direction::ALL`: north, east, south, west.
pub(crate) const NORTH: usize = 0;
pub(crate) const EAST: usize = 1;
pub(crate) const SOUTH: usize = 2;
pub(crate) const WEST: usize = 3;

/// Everything move generation and capture need for one board size, built
/// once per size from the grid's rows and columns (its ordered lines).
pub(crate) struct Tables {
    pub grid: Grid,
    pub width: usize,
    pub height: usize,
    /// All squares.
    pub all: u128,
    /// Squares not on file `a` / not on the last file.
    pub not_first_file: u128,
    pub not_last_file: u128,
    /// `step[p][d]`: the neighbour of `p` in direction `d`, or [`NONE`].
    pub step: Vec<[u8; 4]>,
    /// `ray[p][d]`: the squares beyond `p` in direction `d` (a ray of the
    /// line through `p`), as a set.
    pub ray: Vec<[u128; 4]>,
    /// The orthogonal neighbours of each square.
    pub neighbours: Vec<u128>,
    /// The four corner squares.
    pub corners: u128,
    /// The automorphism group of the board: found from the rows and
    /// columns up to 64 squares, [`Group::trivial`] on the squares of a
    /// larger board.
    pub group: Group,
}

impl Tables {
    fn new(grid: Grid) -> Tables {
        let (width, height) = (grid.width(), grid.height());
        let n = grid.point_count();
        debug_assert!(n <= MAX_SQUARES);
        let bit = |p: usize| 1u128 << p;
        let all = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
        let mut step = vec![[NONE; 4]; n];
        let mut ray = vec![[0u128; 4]; n];
        let mut neighbours = vec![0u128; n];
        let mut not_first_file = 0;
        let mut not_last_file = 0;
        for p in 0..n {
            let rays = grid.rays(p);
            for (d, r) in rays.iter().enumerate() {
                if let Some(&q) = r.first() {
                    step[p][d] = q as u8;
                    neighbours[p] |= bit(q);
                }
                ray[p][d] = r.iter().fold(0, |s, &q| s | bit(q));
            }
            let (f, _) = grid.coords(p);
            if f > 0 {
                not_first_file |= bit(p);
            }
            if f + 1 < width {
                not_last_file |= bit(p);
            }
        }
        let corners = [0, width - 1, n - width, n - 1].iter().fold(0, |s, &q| s | bit(q));
        // A `Board` (and a permutation other than the identity) holds at
        // most 64 points; above that the trivial group is the whole story.
        let group = grid
            .board()
            .ok()
            .and_then(|board| automorphisms(&board).ok())
            .unwrap_or_else(|| Group::trivial(n));
        Tables {
            grid,
            width,
            height,
            all,
            not_first_file,
            not_last_file,
            step,
            ray,
            neighbours,
            corners,
            group,
        }
    }

    /// The number of squares.
    pub fn squares(&self) -> usize {
        self.width * self.height
    }
}

/// The tables of the `width x height` board, built on first use and kept
/// for the life of the program (one small allocation per size used).
///
/// # Panics
/// Panics if the size is not a valid grid of at most 128 squares; callers
/// validate sizes first (`Setup`, the position text).
pub(crate) fn tables(width: usize, height: usize) -> &'static Tables {
    static REGISTRY: OnceLock<Mutex<Vec<&'static Tables>>> = OnceLock::new();
    let registry = REGISTRY.get_or_init(|| Mutex::new(Vec::new()));
    let mut list = registry.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(t) = list.iter().find(|t| t.width == width && t.height == height) {
        return t;
    }
    let grid = Grid::new(width, height).expect("a validated size");
    assert!(grid.point_count() <= MAX_SQUARES, "a validated size");
    let t: &'static Tables = Box::leak(Box::new(Tables::new(grid)));
    list.push(t);
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_board_graph::Point;

    #[test]
    fn rays_agree_with_the_board_graph() {
        let t = tables(8, 8);
        let board = t.grid.board().unwrap();
        for p in 0..64 {
            let mut mine: Vec<u128> = t.ray[p].iter().copied().filter(|&r| r != 0).collect();
            let mut theirs: Vec<u128> = board
                .rays(Point::new(p))
                .iter()
                .map(|r| r.iter().fold(0u128, |s, q| s | 1 << q.index()))
                .collect();
            mine.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(mine, theirs, "square {p}");
            assert_eq!(t.neighbours[p], board.neighbours(Point::new(p)).0 as u128);
        }
        assert_eq!(t.group.len(), 8);
        assert!(std::ptr::eq(t, tables(8, 8)));
    }

    #[test]
    fn large_boards_have_tables_and_a_trivial_group() {
        let t = tables(8, 12);
        assert_eq!(t.squares(), 96);
        assert_eq!((t.group.len(), t.group.points()), (1, 96));
        assert_eq!(t.all.count_ones(), 96);
        assert_eq!(t.ray[0][NORTH].count_ones(), 11);
        assert_eq!(t.ray[0][EAST].count_ones(), 7);
        assert_eq!(tables(9, 10).corners.count_ones(), 4);
    }
}
