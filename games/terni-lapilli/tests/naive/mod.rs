//! An independent, deliberately plain implementation of the rules, written
//! straight from seed 000 over an array of characters: the reference the
//! fast bitboard implementation is compared with.

#![allow(dead_code)]

/// The 12 winning patterns as seed 000 lists them.
pub const LINES: [[usize; 3]; 12] = [
    [0, 1, 2],
    [1, 2, 3],
    [2, 3, 4],
    [3, 4, 5],
    [4, 5, 6],
    [5, 6, 7],
    [6, 7, 0],
    [7, 0, 1],
    [0, 8, 4],
    [1, 8, 5],
    [2, 8, 6],
    [3, 8, 7],
];

/// Seed 000: ring positions connect to their two ring neighbours and the
/// centre; the centre connects to all eight ring positions.
pub fn adjacent(a: usize, b: usize) -> bool {
    match (a, b) {
        (8, 8) => false,
        (8, _) | (_, 8) => true,
        _ => (a + 1) % 8 == b || (b + 1) % 8 == a,
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Naive {
    pub cells: [char; 9],
    pub to_move: char,
    pub centre_first: bool,
}

impl Naive {
    pub fn start(centre_first: bool) -> Naive {
        Naive { cells: ['.'; 9], to_move: 'B', centre_first }
    }

    fn other(&self) -> char {
        if self.to_move == 'B' {
            'W'
        } else {
            'B'
        }
    }

    pub fn has_three(&self, who: char) -> bool {
        LINES.iter().any(|l| l.iter().all(|&p| self.cells[p] == who))
    }

    /// Legal moves in notation, sorted.
    pub fn moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.has_three(self.other()) {
            return out;
        }
        let me = self.to_move;
        let mine = self.cells.iter().filter(|&&c| c == me).count();
        if mine < 3 {
            let board_empty = self.cells.iter().all(|&c| c == '.');
            for p in 0..9 {
                if self.cells[p] == '.' && !(p == 8 && board_empty && !self.centre_first) {
                    out.push(p.to_string());
                }
            }
        } else {
            for a in 0..9 {
                for b in 0..9 {
                    if self.cells[a] == me && self.cells[b] == '.' && adjacent(a, b) {
                        out.push(format!("{a}-{b}"));
                    }
                }
            }
        }
        out.sort();
        out
    }

    pub fn play(&self, m: &str) -> Naive {
        let mut n = self.clone();
        match m.split_once('-') {
            None => n.cells[m.parse::<usize>().unwrap()] = self.to_move,
            Some((a, b)) => {
                n.cells[a.parse::<usize>().unwrap()] = '.';
                n.cells[b.parse::<usize>().unwrap()] = self.to_move;
            }
        }
        n.to_move = self.other();
        n
    }

    /// Game over: the side that just moved has three in a row, or the side
    /// to move cannot move. Either way the side to move lost.
    pub fn lost(&self) -> bool {
        self.moves().is_empty()
    }

    pub fn text(&self) -> String {
        let mut s: String = self.cells.iter().collect();
        s.push(' ');
        s.push(self.to_move.to_ascii_lowercase());
        if !self.centre_first {
            s.push_str(" no-centre-first");
        }
        s
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves().iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
