//! An independent plain implementation of the default rules: a board of
//! characters, no bitboards, no tables, written straight from
//! docs/design.md. The tests drive it beside the crate.

#![allow(dead_code)]

/// A position: `board[rank][file]`, rank 0 at the bottom; `M`/`D` White's
/// man/Dux, `m`/`d` Black's, `.` empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naive {
    pub board: Vec<Vec<char>>,
    pub white_to_move: bool,
    pub counter: u32,
}

fn is_white(c: char) -> bool {
    c == 'M' || c == 'D'
}

fn is_black(c: char) -> bool {
    c == 'm' || c == 'd'
}

fn name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

impl Naive {
    /// The start: standard (two full ranks each) or Dux (back rank, Dux on
    /// file w/2 of rank 2 for White and file w-1-w/2 of rank h-1 for Black).
    pub fn start(w: usize, h: usize, dux: bool) -> Naive {
        let mut board = vec![vec!['.'; w]; h];
        let (men_ranks, top) = if dux { (1, h - 1) } else { (2, h - 2) };
        for (r, row) in board.iter_mut().enumerate() {
            if r < men_ranks {
                row.fill('M');
            } else if r >= top {
                row.fill('m');
            }
        }
        if dux {
            board[1][w / 2] = 'D';
            board[h - 2][w - 1 - w / 2] = 'd';
        }
        Naive { board, white_to_move: true, counter: 0 }
    }

    fn w(&self) -> usize {
        self.board[0].len()
    }

    fn h(&self) -> usize {
        self.board.len()
    }

    fn mine(&self, c: char) -> bool {
        if self.white_to_move {
            is_white(c)
        } else {
            is_black(c)
        }
    }

    fn theirs(&self, c: char) -> bool {
        if self.white_to_move {
            is_black(c)
        } else {
            is_white(c)
        }
    }

    /// The text, as the crate prints it (default rules only).
    pub fn text(&self) -> String {
        let mut ranks = Vec::new();
        for r in (0..self.h()).rev() {
            let mut s = String::new();
            let mut run = 0;
            for &c in &self.board[r] {
                if c == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        s += &run.to_string();
                        run = 0;
                    }
                    s.push(c);
                }
            }
            if run > 0 {
                s += &run.to_string();
            }
            ranks.push(s);
        }
        format!("{} {} {}", ranks.join("/"), if self.white_to_move { 'w' } else { 'b' }, self.counter)
    }

    /// The side to move has lost: fewer than two pieces, or no move.
    pub fn lost(&self) -> bool {
        let count = self.board.iter().flatten().filter(|&&c| self.mine(c)).count();
        count < 2 || self.raw_moves().is_empty()
    }

    /// Every rook move of the side to move, as (from, to) coordinates.
    fn raw_moves(&self) -> Vec<((usize, usize), (usize, usize))> {
        let (w, h) = (self.w() as i32, self.h() as i32);
        let mut out = Vec::new();
        for r in 0..h {
            for f in 0..w {
                if !self.mine(self.board[r as usize][f as usize]) {
                    continue;
                }
                for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let (mut x, mut y) = (f + df, r + dr);
                    while x >= 0 && y >= 0 && x < w && y < h && self.board[y as usize][x as usize] == '.' {
                        out.push(((f as usize, r as usize), (x as usize, y as usize)));
                        x += df;
                        y += dr;
                    }
                }
            }
        }
        out
    }

    /// The legal moves with their text (`from-to` and `x` per capture,
    /// captured squares ordered by rank then file) and the position after.
    pub fn moves(&self) -> Vec<(String, Naive)> {
        if self.lost() {
            return Vec::new();
        }
        let (w, h) = (self.w() as i32, self.h() as i32);
        let mut out = Vec::new();
        for ((ff, fr), (tf, tr)) in self.raw_moves() {
            let mut next = self.clone();
            let piece = next.board[fr][ff];
            next.board[fr][ff] = '.';
            next.board[tr][tf] = piece;
            let mut captured = Vec::new();
            for (df, dr) in [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)] {
                let (nx, ny) = (tf as i32 + df, tr as i32 + dr);
                let (bx, by) = (tf as i32 + 2 * df, tr as i32 + 2 * dr);
                if bx < 0 || by < 0 || bx >= w || by >= h {
                    continue; // no edge captures
                }
                let n = next.board[ny as usize][nx as usize];
                let b = next.board[by as usize][bx as usize];
                if self.theirs(n) && (n == 'm' || n == 'M') && self.mine(b) {
                    captured.push((ny as usize, nx as usize));
                }
            }
            captured.sort();
            let mut text = format!("{}-{}", name(ff, fr), name(tf, tr));
            for &(y, x) in &captured {
                next.board[y][x] = '.';
                text += &format!("x{}", name(x, y));
            }
            next.counter = if captured.is_empty() { self.counter + 1 } else { 0 };
            next.white_to_move = !self.white_to_move;
            out.push((text, next));
        }
        out
    }

    /// Leaves of the legal-move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            // every rook move is one legal move (with its own captures)
            return if self.lost() { 0 } else { self.raw_moves().len() as u64 };
        }
        self.moves().iter().map(|(_, p)| p.perft(depth - 1)).sum()
    }
}
