//! Move generation and play, on the bit sets of the board tables.

use super::Position;
use crate::board::{ones, EAST, NONE, NORTH, SOUTH, WEST};
use crate::zobrist;
use crate::Move;
use lapilli_board_graph::bits::bits;
use lapilli_board_graph::Colour;
use lapilli_game::arrayvec::ArrayVec;

/// The most legal plies a position can have on any supported board.
///
/// Every ply ends on an empty square, and an empty square can be reached
/// only by the nearest piece in each of the four directions, so a position
/// has at most `4 x (squares - pieces)` plies; a position in play has at
/// least four pieces (each side at least two), so at most `4 x (128 - 4) =
/// 496` plies. The widest positions a local search found are
/// `mM5M/m2M2M1/M4M2/2M4M/4M3/M5M1/1M3M2/M2M3M w 0` on 8x8 (144 plies:
/// White's men spread so that each empty square is reached from up to four
/// sides) and one of 333 plies on 16x8.
pub const MAX_MOVES: usize = 512;

/// The legal plies of a position (see [`MAX_MOVES`] for the bound).
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Calls `f` with each square of `set`, lowest first, one 64-bit half at a
/// time (cheaper than clearing the lowest bit of a `u128`).
#[inline]
fn for_each_square(set: u128, mut f: impl FnMut(usize)) {
    for (base, mut word) in [(0, set as u64), (64, (set >> 64) as u64)] {
        while word != 0 {
            f(base + word.trailing_zeros() as usize);
            word &= word - 1;
        }
    }
}

impl Position {
    /// Whether side `me` has a piece with an empty orthogonal neighbour.
    #[inline]
    pub(super) fn has_move(&self, me: usize) -> bool {
        let t = self.tables;
        let w = t.width;
        let empty = t.all & !(self.pieces[0] | self.pieces[1]);
        let own = self.pieces[me];
        (own << w) & empty != 0
            || (own >> w) & empty != 0
            || ((own & t.not_last_file) << 1) & empty != 0
            || ((own & t.not_first_file) >> 1) & empty != 0
    }

    /// The squares the piece on `from` can move to: along each of its rays
    /// up to the first piece.
    #[inline]
    pub(crate) fn reach(&self, from: usize) -> u128 {
        let t = self.tables;
        let occupied = self.pieces[0] | self.pieces[1];
        let mut reach = 0;
        for d in 0..4 {
            let ray = t.ray[from][d];
            let blockers = ray & occupied;
            reach |= if blockers == 0 {
                ray
            } else {
                let b = if d == NORTH || d == EAST {
                    blockers.trailing_zeros() as usize
                } else {
                    127 - blockers.leading_zeros() as usize
                };
                ray & !t.ray[b][d] & !(1u128 << b)
            };
        }
        reach
    }

    /// The number of plies `colour` would have if it were to move (the
    /// rook moves of all its pieces), whoever is to move.
    pub fn mobility(&self, colour: Colour) -> u32 {
        self.fills(colour).0
    }

    /// The number of plies `colour` would have if it were to move and the
    /// set of squares they reach, from the four directional fills.
    #[inline]
    pub(crate) fn fills(&self, colour: Colour) -> (u32, u128) {
        let t = self.tables;
        let empty = t.all & !(self.pieces[0] | self.pieces[1]);
        let own = self.pieces[colour.index()];
        [NORTH, EAST, SOUTH, WEST].into_iter().fold((0, 0), |(count, union), d| {
            let f = t.fill(own, empty, d);
            (count + ones(f), union | f)
        })
    }

    /// The squares the side to move's piece captures by going `from` ->
    /// `to`, ascending and padded with [`NONE`] (at most three for a legal
    /// ply; a fourth, possible only for an illegal one, is dropped).
    #[inline]
    pub(crate) fn captures(&self, from: usize, to: usize) -> [u8; 3] {
        let t = self.tables;
        let me = self.to_move.index();
        let enemy_men = self.pieces[1 - me] & !self.duxes;
        let mut out = [NONE; 3];
        if t.neighbours[to] & enemy_men == 0 {
            return out;
        }
        let own = (self.pieces[me] & !(1u128 << from)) | 1u128 << to;
        let mut k = 0;
        // South, west, east, north: the neighbours in ascending order.
        for d in [SOUTH, WEST, EAST, NORTH] {
            let n = t.step[to][d];
            if n == NONE || enemy_men >> n & 1 == 0 {
                continue;
            }
            let beyond = t.step[usize::from(n)][d];
            let sandwiched = if beyond == NONE { self.rules.edge_anvil } else { own >> beyond & 1 == 1 };
            let cornered = self.rules.corner_capture
                && t.corners >> n & 1 == 1
                && t.neighbours[usize::from(n)] & !(1u128 << to) & own != 0;
            if (sandwiched || cornered) && k < 3 {
                out[k] = n;
                k += 1;
            }
        }
        out
    }

    /// The legal ply whose [`Game::move_key`](lapilli_game::Game::move_key)
    /// is `key` (`128 × from + to`), with its captures, found without
    /// generating the others; `None` when no legal ply has that key.
    pub(super) fn move_with_key(&self, key: u32) -> Option<Move> {
        let (from, to) = (key as usize / 128, key as usize % 128);
        let own = self.pieces[self.to_move.index()];
        if from >= 128 || own >> from & 1 == 0 || self.reach(from) >> to & 1 == 0 {
            return None;
        }
        Some(Move::new(from, to, self.captures(from, to)))
    }

    /// Appends the legal plies of a position in play: by direction (north,
    /// east, south, west), then by distance (one square, two, ...), then by
    /// target square.
    ///
    /// The plies of one direction and distance `k` are generated together
    /// as a set: the targets of the pieces that can move `k` squares that
    /// way are the targets at distance `k - 1` shifted one more step and
    /// kept where empty, and each target's origin is `k` steps back.
    /// [`Position::captures`] runs only for the targets where a capture is
    /// possible, found for all plies at once.
    #[inline]
    pub(super) fn generate(&self, moves: &mut MoveList) {
        let t = self.tables;
        let me = self.to_move.index();
        let empty = t.all & !(self.pieces[0] | self.pieces[1]);
        let enemy_men = self.pieces[1 - me] & !self.duxes;
        // The targets where a ply may capture: under the sandwich rule
        // alone, the empty squares with an enemy man beside them and an own
        // piece beyond it (the piece that moves cannot be that one: it
        // would have passed the enemy man); with the edge or corner rule,
        // every square beside an enemy man.
        let near_enemy = if self.rules.edge_anvil || self.rules.corner_capture {
            t.dilate(enemy_men)
        } else {
            let own = self.pieces[me];
            [NORTH, EAST, SOUTH, WEST].into_iter().fold(0, |s, d| s | t.shift(enemy_men & t.shift(own, d), d))
        };
        let w = t.width as i32;
        for (d, delta) in [(NORTH, w), (EAST, 1), (SOUTH, -w), (WEST, -1)] {
            let mut frontier = t.shift(self.pieces[me], d) & empty;
            let mut back = 0i32;
            while frontier != 0 {
                back += delta;
                let origin = |to: usize| (to as i32 - back) as usize;
                for_each_square(frontier & !near_enemy, |to| {
                    moves.push(Move::new(origin(to), to, [NONE; 3]))
                });
                for_each_square(frontier & near_enemy, |to| {
                    let from = origin(to);
                    moves.push(Move::new(from, to, self.captures(from, to)));
                });
                frontier = t.shift(frontier, d) & empty;
            }
        }
    }

    /// The board tables of this position's size.
    #[inline]
    pub(crate) fn tables(&self) -> &'static crate::board::Tables {
        self.tables
    }

    /// Plays `m` unchecked ([`lapilli_game::Game::play_unchecked`]).
    #[inline]
    pub(super) fn apply(&mut self, m: Move) {
        let me = self.to_move.index();
        let (from, to) = (m.from(), m.to());
        let (fb, tb) = (1u128 << from, 1u128 << to);
        let is_dux = self.duxes & fb != 0;
        self.pieces[me] ^= fb | tb;
        let kind = me + 2 * usize::from(is_dux);
        self.key ^= zobrist::piece(kind, from) ^ zobrist::piece(kind, to);
        if is_dux {
            self.duxes ^= fb | tb;
        }
        if m.is_capture() {
            for q in m.captured() {
                self.pieces[1 - me] &= !(1u128 << q);
                self.key ^= zobrist::piece(1 - me, q);
            }
            self.no_progress = 0;
        } else {
            self.no_progress = self.no_progress.saturating_add(1);
        }
        self.to_move = self.to_move.opponent();
        self.key ^= zobrist::BLACK_TO_MOVE;
    }

    /// The move universe of this board
    /// ([`lapilli_game::CheckedGame::candidate_moves`]).
    pub(super) fn candidates(&self) -> Vec<Move> {
        let t = self.tables;
        let mut out = Vec::new();
        for from in 0..t.squares() {
            for to in bits(t.ray[from].iter().fold(0, |s, r| s | r)) {
                // The neighbour of `to` towards `from` lies on the way (or
                // is `from`): never captured.
                let mut near: Vec<u8> = (0..4)
                    .filter(|&d| t.ray[to][d] >> from & 1 == 0 && t.step[to][d] != NONE)
                    .map(|d| t.step[to][d])
                    .collect();
                near.sort_unstable();
                for subset in 0..1u32 << near.len() {
                    if subset.count_ones() > 3 {
                        continue;
                    }
                    let mut captures = [NONE; 3];
                    for (slot, i) in captures.iter_mut().zip(bits(subset)) {
                        *slot = near[i];
                    }
                    out.push(Move::new(from, to, captures));
                }
            }
        }
        out
    }
}
