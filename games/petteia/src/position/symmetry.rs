//! Board symmetries (the automorphism group of the grid, canonical forms)
//! and the colour swap.

use super::Position;
use crate::board::NONE;
use crate::Move;
use lapilli_board_graph::bits::bits;
use lapilli_game::Canonicalize;
use lapilli_symmetry::{Group, MapMove, Permutation, Symmetric};

impl Position {
    /// The automorphism group of the board, found by
    /// `lapilli_symmetry::automorphisms` from the grid's rows and columns:
    /// 8 elements on a square board, 4 on other boards of at most 64
    /// squares. Above 64 squares it is `Group::trivial` on the board's
    /// squares (permutations other than the identity cover at most 64
    /// points). Every element is a symmetry of the rules.
    pub fn group(&self) -> &'static Group {
        &self.tables.group
    }

    /// The colour-swapped position: the colours exchanged, the side to move
    /// exchanged, and the ranks mirrored (rank `r` becomes rank `H + 1 -
    /// r`), so the side that was White stands where Black stood. The rules
    /// are colour-blind, so the swapped position has the same value for
    /// its side to move (docs/design.md: colour swap as an extra symmetry).
    ///
    /// ```
    /// use lapilli_petteia::Position;
    /// use lapilli_game::CheckedGame;
    /// let mut pos = Position::default();
    /// pos.play(pos.parse_move("a2-a5").unwrap()).unwrap();
    /// assert_eq!(pos.to_string(), "mmmmmmmm/mmmmmmmm/8/M7/8/8/1MMMMMMM/MMMMMMMM b 1");
    /// // As if Black had played a7-a4 and White were to move.
    /// let swapped = pos.colour_swapped();
    /// assert_eq!(swapped.to_string(), "mmmmmmmm/1mmmmmmm/8/8/m7/8/MMMMMMMM/MMMMMMMM w 1");
    /// assert_eq!(swapped.colour_swapped(), pos);
    /// ```
    pub fn colour_swapped(&self) -> Position {
        let mirror = |set: u128| self.mirror_ranks(set);
        let mut p = Position {
            pieces: [mirror(self.pieces[1]), mirror(self.pieces[0])],
            duxes: mirror(self.duxes),
            to_move: self.to_move.opponent(),
            key: 0,
            ..*self
        };
        p.key = p.zobrist_from_scratch();
        p
    }

    /// `set` with rank `r` moved to rank `H - 1 - r` (from 0).
    fn mirror_ranks(&self, set: u128) -> u128 {
        let (w, h) = (self.width(), self.height());
        let row = (1u128 << w) - 1;
        (0..h).fold(0, |out, r| out | ((set >> (r * w)) & row) << ((h - 1 - r) * w))
    }

    /// A ply mapped by [`Position::colour_swapped`]: its squares mirrored
    /// by rank.
    pub fn colour_swapped_move(&self, m: Move) -> Move {
        let (w, h) = (self.width(), self.height());
        let flip = |p: usize| (h - 1 - p / w) * w + p % w;
        Move::new(flip(m.from()), flip(m.to()), sorted_captures(m.captured().map(flip)))
    }
}

/// Up to three squares, ascending and padded with [`NONE`].
fn sorted_captures(squares: impl Iterator<Item = usize>) -> [u8; 3] {
    let mut out = [NONE; 3];
    for (slot, q) in out.iter_mut().zip(squares) {
        *slot = q as u8;
    }
    out.sort_unstable();
    out
}

impl Symmetric for Position {
    /// White's pieces, Black's pieces, the Duxes, Black to move.
    type Key = (u128, u128, u128, bool);

    /// The position relabelled by a board automorphism (the no-progress
    /// count kept).
    ///
    /// # Panics
    /// Panics if `g` acts on a different number of squares than the board
    /// has.
    fn map(&self, g: &Permutation) -> Position {
        assert_eq!(g.len(), self.tables.squares(), "a permutation of another board");
        let map = |set: u128| bits(set).fold(0u128, |out, p| out | 1u128 << g.apply_index(p));
        let mut p = Position {
            pieces: [map(self.pieces[0]), map(self.pieces[1])],
            duxes: map(self.duxes),
            key: 0,
            ..*self
        };
        p.key = p.zobrist_from_scratch();
        p
    }

    fn key(&self) -> Self::Key {
        (self.pieces[0], self.pieces[1], self.duxes, self.to_move == lapilli_board_graph::Colour::Black)
    }
}

impl Canonicalize for Position {
    /// The canonical form under [`Position::group`].
    fn canonicalize(&self) -> Position {
        self.canonical(self.group()).position
    }

    /// The orbit's size under [`Position::group`].
    fn orbit_len(&self) -> usize {
        self.orbit_size(self.group())
    }

    /// The images under the position's stabilizer in [`Position::group`].
    fn equivalent_lines(&self, line: &[Move]) -> Vec<Vec<Move>> {
        self.symmetric_lines(self.group(), line)
    }
}

impl MapMove for Move {
    /// The move relabelled by a board automorphism: both squares and every
    /// captured square mapped.
    ///
    /// # Panics
    /// Panics if `g` acts on fewer squares than the move names.
    fn map_move(self, g: &Permutation) -> Move {
        let map = |p: usize| g.apply_index(p);
        Move::new(map(self.from()), map(self.to()), sorted_captures(self.captured().map(map)))
    }
}
