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

/// The number of squares in `set`. Without a hardware popcount (no
/// `target-cpu` flags) each 64-bit count is a dozen instructions; the high
/// half of the set is empty on every board of up to 64 squares, so it is
/// counted only when it is not.
#[inline]
pub(crate) fn ones(set: u128) -> u32 {
    let high = (set >> 64) as u64;
    let low = (set as u64).count_ones();
    if high == 0 {
        low
    } else {
        low + high.count_ones()
    }
}

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

    /// The set `set` moved one square in direction `d` (squares that would
    /// leave the board are dropped, never wrapped to the next rank).
    #[inline]
    pub fn shift(&self, set: u128, d: usize) -> u128 {
        match d {
            NORTH => (set << self.width) & self.all,
            EAST => (set & self.not_last_file) << 1,
            SOUTH => set >> self.width,
            _ => (set & self.not_first_file) >> 1,
        }
    }

    /// The orthogonal neighbours of the squares of `set`.
    #[inline]
    pub fn dilate(&self, set: u128) -> u128 {
        self.shift(set, NORTH) | self.shift(set, EAST) | self.shift(set, SOUTH) | self.shift(set, WEST)
    }

    /// The squares of `empty` that the pieces of `from` reach going in
    /// direction `d` over squares of `empty` only (a directional fill): the
    /// union of their rook moves that way. Each square of it is reached by
    /// one piece only, the nearest one the other way.
    ///
    /// An occluded fill by doubling (Kogge-Stone): after the steps of 1, 2,
    /// 4, ... squares every run of empty squares up to the board's length
    /// is flooded, in `log2` of that many rounds rather than one round a
    /// square. Entering squares are kept off the wrapped file for east and
    /// west, and the propagator is narrowed each round so that a longer
    /// step crosses only squares that could be entered.
    #[inline]
    pub fn fill(&self, from: u128, empty: u128, d: usize) -> u128 {
        let w = self.width as u32;
        let (mut propagate, unit, steps) = match d {
            NORTH | SOUTH => (empty, w, self.height as u32 - 1),
            EAST => (empty & self.not_first_file, 1, w - 1),
            _ => (empty & self.not_last_file, 1, w - 1),
        };
        let shift = |set: u128, k: u32| -> u128 {
            let by = unit * k;
            match d {
                NORTH | EAST => (set << by) & self.all,
                _ => set >> by,
            }
        };
        let mut flooded = from;
        let (mut covered, mut k) = (0, 1);
        loop {
            flooded |= propagate & shift(flooded, k);
            covered += k;
            if covered >= steps {
                return flooded & empty;
            }
            propagate &= shift(propagate, k);
            k *= 2;
        }
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

    /// The directional fills against the rays walked square by square,
    /// over random sets of pieces on boards from 3 to 25 files and 5 to 26 ranks.
    #[test]
    fn fills_are_the_union_of_the_rays_walked() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (w, h) in [(8, 8), (9, 10), (8, 12), (3, 26), (25, 5), (16, 8), (11, 11), (5, 5)] {
            let t = tables(w, h);
            for _ in 0..200 {
                let pieces = (u128::from(random()) << 64 | u128::from(random())) & t.all;
                let density = random() % 4;
                let occupied =
                    (0..density).fold(pieces, |s, _| s & (u128::from(random()) << 64 | u128::from(random())));
                let from = occupied & (u128::from(random()) << 64 | u128::from(random()));
                let empty = t.all & !occupied;
                for d in 0..4 {
                    let mut walked = 0u128;
                    for p in (0..t.squares()).filter(|&p| from >> p & 1 == 1) {
                        let mut q = t.step[p][d];
                        while q != NONE && empty >> q & 1 == 1 {
                            walked |= 1 << q;
                            q = t.step[usize::from(q)][d];
                        }
                    }
                    assert_eq!(t.fill(from, empty, d), walked, "{w}x{h}, direction {d}");
                }
            }
        }
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
