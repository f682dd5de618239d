//! The board's symmetries acting on positions and moves.

use super::Position;
use crate::moves::Move;
use lapilli_board_graph::Colour;
use lapilli_game::Canonicalize;
use lapilli_symmetry::{Canonical, Group, MapMove, Permutation, Symmetric};

impl Symmetric for Position {
    type Key = u32;

    #[inline]
    fn map(&self, g: &Permutation) -> Position {
        let image = |c: Colour| g.map_bits(self.pieces(c)).0 as u16;
        Position::with_key([image(Colour::White), image(Colour::Black)], self.to_move, self.rules)
    }

    /// The game, Black's points, then White's, then the centre-first
    /// option and the side to move: within a game, ordered by Black's
    /// pieces first.
    #[inline]
    fn key(&self) -> u32 {
        (self.rules.variant as u32) << 20
            | u32::from(self.bits(Colour::Black)) << 11
            | u32::from(self.bits(Colour::White)) << 2
            | u32::from(!self.rules.centre_first) << 1
            | u32::from(self.to_move == Colour::White)
    }

    /// As the provided method (the least key: Black's image first), but
    /// finds the least images of both colours under every element at once
    /// ([`Group::least_images`]) and builds only the winning image.
    fn canonical(&self, group: &Group) -> Canonical<Position> {
        let element = group.least_images(&[self.pieces(Colour::Black), self.pieces(Colour::White)]);
        Canonical { position: self.map(group.element(element)), element }
    }
}

/// Canonical forms under the board's symmetries ([`crate::Rules::group`]:
/// 16 on the wheel, 8 on the 3x3 boards).
impl Canonicalize for Position {
    fn canonicalize(&self) -> Position {
        self.canonical(self.rules.group()).position
    }

    fn orbit_len(&self) -> usize {
        self.orbit_size(self.rules.group())
    }

    /// The images under the position's stabilizer in [`crate::Rules::group`].
    fn equivalent_lines(&self, line: &[Move]) -> Vec<Vec<Move>> {
        self.symmetric_lines(self.rules.group(), line)
    }
}

impl MapMove for Move {
    fn map_move(self, g: &Permutation) -> Move {
        match self {
            Move::Place(p) => Move::Place(g.apply(p)),
            Move::Slide { from, to } => Move::Slide { from: g.apply(from), to: g.apply(to) },
        }
    }
}
