//! An independent, deliberately plain implementation of the morris rules,
//! written from seed 001 and docs/design.md over the board built from
//! geometry (`Variant::board_from_geometry`): a vector of characters, no
//! bitboards, moves as text. The fast implementation is compared with it.

#![allow(dead_code)]

use lapilli_morris::Variant;

/// The board and rule parameters, read off the geometry-built board.
#[derive(Clone, Debug)]
pub struct Spec {
    pub variant: Variant,
    pub points: usize,
    pub mills: Vec<Vec<usize>>,
    pub adjacent: Vec<Vec<bool>>,
    pub pieces: u32,
    pub flying: bool,
}

impl Spec {
    pub fn new(variant: Variant, flying: bool) -> Spec {
        let board = variant.board_from_geometry();
        let points = board.point_count();
        let mut adjacent = vec![vec![false; points]; points];
        let mut mills = Vec::new();
        for line in board.lines() {
            let pts: Vec<usize> = line.iter().map(|p| p.index()).collect();
            for w in pts.windows(2) {
                adjacent[w[0]][w[1]] = true;
                adjacent[w[1]][w[0]] = true;
            }
            if pts.len() == 3 {
                mills.push(pts);
            }
        }
        Spec { variant, points, mills, adjacent, pieces: variant.pieces() as u32, flying }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naive {
    pub spec: Spec,
    pub cells: Vec<char>,
    pub to_move: char,
    /// White's, then Black's pieces in hand.
    pub hand: [u32; 2],
    pub pending: bool,
    pub clock: u32,
}

impl PartialEq for Spec {
    fn eq(&self, other: &Spec) -> bool {
        self.variant == other.variant && self.flying == other.flying
    }
}
impl Eq for Spec {}

fn other(c: char) -> char {
    if c == 'W' {
        'B'
    } else {
        'W'
    }
}

fn side(c: char) -> usize {
    usize::from(c == 'B')
}

impl Naive {
    pub fn start(spec: Spec) -> Naive {
        let n = spec.pieces;
        Naive { cells: vec!['.'; spec.points], spec, to_move: 'W', hand: [n, n], pending: false, clock: 0 }
    }

    fn count(&self, who: char) -> u32 {
        self.cells.iter().filter(|&&c| c == who).count() as u32
    }

    /// Whether the piece on `p` stands in a mill of its owner.
    pub fn in_mill(&self, p: usize) -> bool {
        let who = self.cells[p];
        who != '.'
            && self.spec.mills.iter().any(|m| m.contains(&p) && m.iter().all(|&q| self.cells[q] == who))
    }

    fn flies(&self, who: char) -> bool {
        self.spec.flying && self.hand[side(who)] == 0 && self.count(who) == 3
    }

    /// The plies available before deciding whether the game is over.
    fn raw_moves(&self) -> Vec<String> {
        let me = self.to_move;
        let them = other(me);
        let mut out = Vec::new();
        if self.pending {
            let theirs: Vec<usize> = (0..self.spec.points).filter(|&p| self.cells[p] == them).collect();
            let loose: Vec<usize> = theirs.iter().copied().filter(|&p| !self.in_mill(p)).collect();
            let takeable = if loose.is_empty() { theirs } else { loose };
            for p in takeable {
                out.push(format!("x{p}"));
            }
            return out;
        }
        let placing = self.hand[side(me)] > 0;
        if placing {
            for p in 0..self.spec.points {
                if self.cells[p] == '.' {
                    out.push(p.to_string());
                }
            }
        }
        let lasker = self.spec.variant == Variant::LaskerMorris;
        if !placing || lasker {
            let fly = self.flies(me);
            for a in 0..self.spec.points {
                for b in 0..self.spec.points {
                    if self.cells[a] == me && self.cells[b] == '.' && (fly || self.spec.adjacent[a][b]) {
                        out.push(format!("{a}-{b}"));
                    }
                }
            }
        }
        out
    }

    /// The order of taking the piece on `p` for the side to move, by the
    /// definition of `RemovalOrder`: 1 if it stands in an open mill (a
    /// line with another opponent piece and an empty point the opponent
    /// can fill on its next ply: placing, flying, which it does after the
    /// removal with at most four pieces now, or sliding from a neighbour
    /// off the line), plus 1 if it stands in a line with two pieces of the
    /// side to move; 0 for a point the opponent does not hold.
    pub fn removal_rank(&self, p: usize) -> i32 {
        let them = other(self.to_move);
        if self.cells[p] != them {
            return 0;
        }
        let fills = |e: usize, mill: &[usize]| {
            self.hand[side(them)] > 0
                || (self.spec.flying && self.count(them) <= 4)
                || (0..self.spec.points)
                    .any(|q| self.cells[q] == them && !mill.contains(&q) && self.spec.adjacent[q][e])
        };
        let through = || self.spec.mills.iter().filter(|m| m.contains(&p));
        let open = through().any(|m| {
            let empty: Vec<usize> = m.iter().copied().filter(|&q| self.cells[q] == '.').collect();
            let held = m.iter().filter(|&&q| self.cells[q] == them).count();
            held == 2 && empty.len() == 1 && fills(empty[0], m)
        });
        let blocking = through().any(|m| m.iter().filter(|&&q| self.cells[q] == self.to_move).count() == 2);
        i32::from(open) + i32::from(blocking)
    }

    /// How the game ended for the side to move, if it did.
    pub fn ending(&self) -> Option<&'static str> {
        if self.pending {
            return None;
        }
        if self.count(self.to_move) + self.hand[side(self.to_move)] < 3 {
            return Some("reduction");
        }
        if self.spec.variant == Variant::TwelveMensMorris && self.cells.iter().all(|&c| c != '.') {
            return Some("full-board");
        }
        if self.raw_moves().is_empty() {
            return Some("blocked");
        }
        None
    }

    /// Legal plies in index notation, sorted.
    pub fn moves(&self) -> Vec<String> {
        if self.ending().is_some() {
            return Vec::new();
        }
        let mut v = self.raw_moves();
        v.sort();
        v
    }

    pub fn is_irreversible(m: &str) -> bool {
        !m.contains('-')
    }

    /// Plays a ply in index notation (assumed legal).
    pub fn play(&self, m: &str) -> Naive {
        let mut n = self.clone();
        let me = self.to_move;
        let arrived = if let Some(r) = m.strip_prefix('x') {
            let p: usize = r.parse().unwrap();
            n.cells[p] = '.';
            n.pending = false;
            n.to_move = other(me);
            n.clock = 0;
            return n;
        } else if let Some((a, b)) = m.split_once('-') {
            let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
            n.cells[a] = '.';
            n.cells[b] = me;
            n.clock += 1;
            b
        } else {
            let p: usize = m.parse().unwrap();
            n.cells[p] = me;
            n.hand[side(me)] -= 1;
            n.clock = 0;
            p
        };
        let mill = n.in_mill(arrived);
        let victims = n.cells.iter().any(|&c| c == other(me));
        if mill && victims {
            n.pending = true;
        } else {
            n.to_move = other(me);
        }
        n
    }

    /// The position text in the fast implementation's format.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for (i, c) in self.cells.iter().enumerate() {
            if i > 0 && i % 8 == 0 {
                s.push('/');
            }
            s.push(*c);
        }
        s.push_str(&format!(
            " {} {} {} {}",
            if self.to_move == 'W' { 'w' } else { 'b' },
            self.hand[0],
            self.hand[1],
            if self.pending { 'x' } else { '-' }
        ));
        if self.clock > 0 {
            s.push_str(&format!(" {}", self.clock.min(255)));
        }
        if self.spec.variant != Variant::NineMensMorris {
            s.push_str(&format!(" {}", self.spec.variant.name()));
        }
        let default_flying = self.spec.variant != Variant::SixMensMorris;
        if self.spec.flying != default_flying {
            s.push_str(if self.spec.flying { " flying" } else { " no-flying" });
        }
        s
    }

    /// The identity for repetitions: the text without the counter.
    pub fn key(&self) -> String {
        let mut n = self.clone();
        n.clock = 0;
        n.text()
    }

    /// Leaves of the legal-ply tree.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
