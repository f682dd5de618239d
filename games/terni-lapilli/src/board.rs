//! Tables of the boards, derived at compile time from their lines
//! (`lapilli_board_graph::wheel::LINES` and the 3x3 grids' constants in
//! `lapilli_board_graph::grid`); a test checks them against the `Board`s
//! built from the same lines.

use crate::rules::{Movement, Variant, POINTS};

/// The points of a board, as a 9-bit set.
pub(crate) const ALL: u16 = (1 << POINTS) - 1;

/// The tables of one game: its winning lines and where a piece may go.
pub(crate) struct Tables {
    /// The points a piece on each point may move to when they are empty:
    /// the adjacent points (consecutive on some line) for
    /// [`Movement::Step`], every other point for [`Movement::Anywhere`].
    pub(crate) moves: [u16; POINTS],
    /// Whether each 9-bit point set holds a line.
    pub(crate) wins: [bool; 512],
    /// For each 9-bit point set, the points outside it that would complete
    /// a line with it.
    pub(crate) completions: [u16; 512],
}

impl Tables {
    /// The tables of a game on the board of `lines` with `movement`.
    const fn new(lines: &[[usize; 3]], movement: Movement) -> Tables {
        let mut moves = [0u16; POINTS];
        let mut masks = [0u16; 16];
        let mut l = 0;
        while l < lines.len() {
            let [a, b, c] = lines[l];
            masks[l] = 1 << a | 1 << b | 1 << c;
            moves[a] |= 1 << b;
            moves[b] |= 1 << a | 1 << c;
            moves[c] |= 1 << b;
            l += 1;
        }
        if let Movement::Anywhere = movement {
            let mut p = 0;
            while p < POINTS {
                moves[p] = ALL & !(1 << p);
                p += 1;
            }
        }
        let mut wins = [false; 512];
        let mut set = 0;
        while set < 512 {
            let mut l = 0;
            while l < lines.len() {
                if masks[l] as usize & !set == 0 {
                    wins[set] = true;
                }
                l += 1;
            }
            set += 1;
        }
        let mut completions = [0u16; 512];
        let mut set = 0;
        while set < 512 {
            let mut p = 0;
            while p < POINTS {
                if set & 1 << p == 0 && wins[set | 1 << p] {
                    completions[set] |= 1 << p;
                }
                p += 1;
            }
            set += 1;
        }
        Tables { moves, wins, completions }
    }

    /// The points outside `set` that would complete a line with it.
    #[inline]
    pub(crate) fn completions(&self, set: u16) -> u16 {
        self.completions[(set & ALL) as usize]
    }

    /// Whether the point set holds three on one of the lines.
    #[inline]
    pub(crate) fn has_line(&self, set: u16) -> bool {
        self.wins[(set & ALL) as usize]
    }

    /// The points a piece on `p` may move to if they are empty.
    #[inline]
    pub(crate) fn moves(&self, p: usize) -> u16 {
        self.moves[p]
    }
}

/// The tables of `variant`'s board and movement.
const fn tables_of(variant: Variant) -> Tables {
    Tables::new(variant.board_kind().lines(), variant.movement())
}

/// The tables of every game, indexed like [`Variant::ALL`].
static TABLES: [Tables; 5] = [
    tables_of(Variant::ALL[0]),
    tables_of(Variant::ALL[1]),
    tables_of(Variant::ALL[2]),
    tables_of(Variant::ALL[3]),
    tables_of(Variant::ALL[4]),
];

/// The tables of `variant`.
#[inline]
pub(crate) fn tables(variant: Variant) -> &'static Tables {
    &TABLES[variant as usize]
}

/// Board-independent tables of 9-bit sets.
struct SetTables {
    /// Base-3 value of each set: `sum of 3^p over p in set`.
    ternary: [u16; 512],
    /// Points in each set (a table: the baseline x86-64 target has no
    /// popcount instruction).
    counts: [u8; 512],
}

const SETS: SetTables = {
    let mut ternary = [0u16; 512];
    let mut counts = [0u8; 512];
    let mut set = 0;
    while set < 512 {
        counts[set] = (set as u16).count_ones() as u8;
        let (mut p, mut power) = (0, 1u16);
        while p < POINTS {
            if set >> p & 1 == 1 {
                ternary[set] += power;
            }
            power *= 3;
            p += 1;
        }
        set += 1;
    }
    SetTables { ternary, counts }
};

/// The base-3 reading of a point set (`sum of 3^p`), below `3^9`.
#[inline]
pub(crate) fn ternary(set: u16) -> usize {
    SETS.ternary[(set & ALL) as usize] as usize
}

/// The number of points in a set.
#[inline]
pub(crate) fn count(set: u16) -> usize {
    SETS.counts[(set & ALL) as usize] as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_board_graph::Bitboard;

    #[test]
    fn compile_time_tables_match_the_boards() {
        for variant in Variant::ALL {
            let kind = variant.board_kind();
            let board = kind.board();
            assert_eq!(board, kind.board_from_geometry(), "{variant}");
            assert_eq!(board.point_count(), POINTS);
            let t = tables(variant);
            for p in board.points() {
                let expected = match variant.movement() {
                    Movement::Step => board.neighbours(p).0,
                    Movement::Anywhere => board.all_points().without(p).0,
                };
                assert_eq!(u64::from(t.moves(p.index())), expected, "{variant} point {p}");
            }
            for set in 0u64..512 {
                let has = board.line_sets().iter().any(|l| l.is_subset(Bitboard(set)));
                assert_eq!(t.has_line(set as u16), has, "{variant} {set:#b}");
                // The points that complete a line: those outside the set
                // that leave one of the board's lines with one point
                // missing, the point.
                let completing = board
                    .line_sets()
                    .iter()
                    .map(|&l| l - Bitboard(set))
                    .filter(|missing| missing.len() == 1)
                    .fold(0, |c, missing| c | missing.0);
                // A set that holds a line already is completed by any point.
                let completing = if has { (board.all_points() - Bitboard(set)).0 } else { completing };
                assert_eq!(u64::from(t.completions(set as u16)), completing, "{variant} {set:#b}");
            }
        }
        assert_eq!(SETS.ternary[0b1_0000_0011], 1 + 3 + 6561);
        assert_eq!(SETS.counts[0b1_0110_0011], 5);
    }

    /// The wheel's tables are those of seed 000: ring point `i` touches
    /// `i±1` and the centre.
    #[test]
    fn wheel_neighbours_follow_the_seed() {
        let t = tables(Variant::TerniLapilli);
        for i in 0..8 {
            assert_eq!(t.moves(i), 1 << ((i + 1) % 8) | 1 << ((i + 7) % 8) | 1 << 8);
        }
        assert_eq!(t.moves(8), 0xff);
    }
}
