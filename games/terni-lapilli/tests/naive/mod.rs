//! An independent, deliberately plain implementation of the rules, written
//! straight from the sources over an array of characters: seed 000 for
//! Terni Lapilli, and for the 3x3 games the rules as the crate's `Variant`
//! documentation quotes them (Murray's three men's morris, Culin's tapatan,
//! Wikipedia's nine holes and achi). It is the reference the fast bitboard
//! implementation is compared with, and [`solve`] is a plain fixpoint
//! solver over it.

#![allow(dead_code)]

use lapilli_game::Value;
use std::collections::HashMap;

/// The 12 winning patterns of the wheel as seed 000 lists them.
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

/// The games, each written from its own description.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Game {
    /// The wheel, 3 pieces, steps to adjacent points.
    Terni,
    /// 3x3, rows and columns win, 3 pieces, orthogonal steps.
    ThreeMensMorris,
    /// 3x3 with diagonals, rows, columns and diagonals win, 3 pieces, steps
    /// along the lines.
    Tapatan,
    /// 3x3, rows and columns win, 3 pieces, a piece goes to any empty hole.
    NineHoles,
    /// Tapatan's board and steps with 4 pieces.
    Achi,
}

impl Game {
    pub const ALL: [Game; 5] =
        [Game::Terni, Game::ThreeMensMorris, Game::Tapatan, Game::NineHoles, Game::Achi];

    /// The word of the position text.
    pub fn name(self) -> &'static str {
        match self {
            Game::Terni => "terni-lapilli",
            Game::ThreeMensMorris => "three-mens-morris",
            Game::Tapatan => "tapatan",
            Game::NineHoles => "nine-holes",
            Game::Achi => "achi",
        }
    }

    fn pieces(self) -> usize {
        if self == Game::Achi {
            4
        } else {
            3
        }
    }

    fn grid(self) -> bool {
        self != Game::Terni
    }

    fn diagonals(self) -> bool {
        matches!(self, Game::Tapatan | Game::Achi)
    }

    fn centre(self) -> usize {
        if self.grid() {
            4
        } else {
            8
        }
    }

    /// Whether `cells` (indexed rank by rank from `a1`) hold three of `who`
    /// in a line.
    fn three(self, cells: &[char; 9], who: char) -> bool {
        if !self.grid() {
            return LINES.iter().any(|l| l.iter().all(|&p| cells[p] == who));
        }
        let at = |file: usize, rank: usize| cells[rank * 3 + file] == who;
        let row = (0..3).any(|r| (0..3).all(|f| at(f, r)));
        let column = (0..3).any(|f| (0..3).all(|r| at(f, r)));
        let diagonal = (0..3).all(|i| at(i, i)) || (0..3).all(|i| at(2 - i, i));
        row || column || (self.diagonals() && diagonal)
    }

    /// Whether a piece may go from `a` to `b` on an otherwise empty board.
    fn may_move(self, a: usize, b: usize) -> bool {
        if !self.grid() {
            return adjacent(a, b);
        }
        let (fa, ra, fb, rb) = ((a % 3) as i32, (a / 3) as i32, (b % 3) as i32, (b / 3) as i32);
        let (df, dr) = ((fa - fb).abs(), (ra - rb).abs());
        match self {
            Game::NineHoles => a != b,
            Game::ThreeMensMorris => df + dr == 1,
            // Along a drawn diagonal: one step each way, the centre one end.
            _ => df + dr == 1 || (df == 1 && dr == 1 && (a == 4 || b == 4)),
        }
    }

    fn point_name(self, p: usize) -> String {
        if self.grid() {
            format!("{}{}", (b'a' + (p % 3) as u8) as char, p / 3 + 1)
        } else {
            p.to_string()
        }
    }

    fn point(self, name: &str) -> usize {
        if self.grid() {
            let b = name.as_bytes();
            (b[1] - b'1') as usize * 3 + (b[0] - b'a') as usize
        } else {
            name.parse().unwrap()
        }
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Naive {
    pub cells: [char; 9],
    pub to_move: char,
    pub centre_first: bool,
    pub game: Game,
}

impl Naive {
    /// The wheel's start.
    pub fn start(centre_first: bool) -> Naive {
        Naive::start_of(Game::Terni, centre_first)
    }

    pub fn start_of(game: Game, centre_first: bool) -> Naive {
        Naive { cells: ['.'; 9], to_move: 'B', centre_first, game }
    }

    fn other(&self) -> char {
        if self.to_move == 'B' {
            'W'
        } else {
            'B'
        }
    }

    pub fn has_three(&self, who: char) -> bool {
        self.game.three(&self.cells, who)
    }

    /// Legal moves in notation, sorted.
    pub fn moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.has_three(self.other()) {
            return out;
        }
        let g = self.game;
        let me = self.to_move;
        let mine = self.cells.iter().filter(|&&c| c == me).count();
        if mine < g.pieces() {
            let board_empty = self.cells.iter().all(|&c| c == '.');
            for p in 0..9 {
                if self.cells[p] == '.' && !(p == g.centre() && board_empty && !self.centre_first) {
                    out.push(g.point_name(p));
                }
            }
        } else {
            for a in 0..9 {
                for b in 0..9 {
                    if self.cells[a] == me && self.cells[b] == '.' && g.may_move(a, b) {
                        out.push(format!("{}-{}", g.point_name(a), g.point_name(b)));
                    }
                }
            }
        }
        out.sort();
        out
    }

    pub fn play(&self, m: &str) -> Naive {
        let g = self.game;
        let mut n = self.clone();
        match m.split_once('-') {
            None => n.cells[g.point(m)] = self.to_move,
            Some((a, b)) => {
                n.cells[g.point(a)] = '.';
                n.cells[g.point(b)] = self.to_move;
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
        if self.game != Game::Terni {
            s.push(' ');
            s.push_str(self.game.name());
        }
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

/// The seed's way to solve: list every position reachable from `start`,
/// then sweep over all of them again and again, each sweep computing values
/// from the previous sweep's, until nothing changes. A finished game is
/// lost for the side to move; wins take the fastest losing child, losses
/// the slowest winning one; what is never decided is a draw. Every ply
/// passes the turn. Keyed by the position text.
pub fn solve(start: &Naive) -> HashMap<String, Value> {
    let mut index = HashMap::from([(start.clone(), 0usize)]);
    let mut all = vec![start.clone()];
    let mut children: Vec<Vec<usize>> = Vec::new();
    let mut i = 0;
    while i < all.len() {
        let pos = all[i].clone();
        let mut kids = Vec::new();
        for m in pos.moves() {
            let c = pos.play(&m);
            let id = *index.entry(c.clone()).or_insert_with(|| {
                all.push(c);
                all.len() - 1
            });
            kids.push(id);
        }
        children.push(kids);
        i += 1;
    }
    let mut value: Vec<Option<Value>> = vec![None; all.len()];
    loop {
        let mut next = value.clone();
        for i in 0..all.len() {
            if value[i].is_some() {
                continue;
            }
            if children[i].is_empty() {
                next[i] = Some(Value::Loss(0));
                continue;
            }
            let through: Vec<Option<Value>> = children[i].iter().map(|&c| value[c]).collect();
            let fastest_win = through.iter().flatten().filter_map(|v| match v {
                Value::Loss(n) => Some(n + 1),
                _ => None,
            });
            if let Some(n) = fastest_win.min() {
                next[i] = Some(Value::Win(n));
            } else if through.iter().all(|v| matches!(v, Some(Value::Win(_)))) {
                let slowest = through.iter().flatten().filter_map(|v| v.plies()).max().unwrap();
                next[i] = Some(Value::Loss(slowest + 1));
            }
        }
        if next == value {
            break;
        }
        value = next;
    }
    all.into_iter().zip(value).map(|(p, v)| (p.text(), v.unwrap_or(Value::Draw))).collect()
}
