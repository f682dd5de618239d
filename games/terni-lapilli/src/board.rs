//! Tables of the wheel board, derived at compile time from its lines.

use lapilli_board_graph::wheel;

/// The points of the wheel, as a 9-bit set.
pub(crate) const ALL: u16 = 0x1ff;

/// Board tables derived at compile time from the wheel's lines
/// (`lapilli_board_graph::wheel::LINES`); a test checks them against the
/// `Board` built from the same lines.
pub(crate) struct Tables {
    /// Adjacent points of each point (consecutive on some line).
    pub(crate) neighbours: [u16; 9],
    /// Whether each 9-bit point set holds a line.
    pub(crate) wins: [bool; 512],
    /// Base-3 value of each 9-bit point set: `sum of 3^p over p in set`.
    pub(crate) ternary: [u16; 512],
    /// Points in each 9-bit point set (a table: the baseline x86-64 target
    /// has no popcount instruction).
    pub(crate) counts: [u8; 512],
}

/// The tables of the wheel.
pub(crate) const TABLES: Tables = {
    let lines = wheel::LINES;
    let mut neighbours = [0u16; 9];
    let mut masks = [0u16; 12];
    let mut l = 0;
    while l < 12 {
        let [a, b, c] = lines[l];
        masks[l] = 1 << a | 1 << b | 1 << c;
        neighbours[a] |= 1 << b;
        neighbours[b] |= 1 << a | 1 << c;
        neighbours[c] |= 1 << b;
        l += 1;
    }
    let mut wins = [false; 512];
    let mut ternary = [0u16; 512];
    let mut counts = [0u8; 512];
    let mut set = 0;
    while set < 512 {
        counts[set] = (set as u16).count_ones() as u8;
        let mut l = 0;
        while l < 12 {
            if masks[l] as usize & !set == 0 {
                wins[set] = true;
            }
            l += 1;
        }
        let (mut p, mut power) = (0, 1u16);
        while p < 9 {
            if set >> p & 1 == 1 {
                ternary[set] += power;
            }
            power *= 3;
            p += 1;
        }
        set += 1;
    }
    Tables { neighbours, wins, ternary, counts }
};

/// Whether the point set holds three on one of the 12 lines.
#[inline]
pub(crate) fn has_line(set: u16) -> bool {
    TABLES.wins[(set & ALL) as usize]
}

/// The base-3 reading of a point set (`sum of 3^p`), below `3^9`.
#[inline]
pub(crate) fn ternary(set: u16) -> usize {
    TABLES.ternary[(set & ALL) as usize] as usize
}

/// The number of points in a set.
#[inline]
pub(crate) fn count(set: u16) -> usize {
    TABLES.counts[(set & ALL) as usize] as usize
}

/// The points adjacent to `p`.
#[inline]
pub(crate) fn neighbours(p: usize) -> u16 {
    TABLES.neighbours[p]
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_board_graph::Bitboard;

    #[test]
    fn compile_time_tables_match_the_board() {
        let board = wheel::wheel();
        for p in board.points() {
            assert_eq!(TABLES.neighbours[p.index()] as u64, board.neighbours(p).0);
        }
        for set in 0u64..512 {
            let has = board.line_sets().iter().any(|l| l.is_subset(Bitboard(set)));
            assert_eq!(TABLES.wins[set as usize], has);
        }
        assert_eq!(TABLES.ternary[0b1_0000_0011], 1 + 3 + 6561);
        assert_eq!(TABLES.counts[0b1_0110_0011], 5);
    }
}
