//! The board's symmetries acting on positions and plies.

use super::Position;
use crate::moves::Move;
use lapilli_board_graph::Colour;
use lapilli_game::Canonicalize;
use lapilli_symmetry::{Canonical, Group, MapMove, Permutation, Symmetric};

impl Symmetric for Position {
    /// White's points, Black's points shifted 24, the hands (4 bits each),
    /// the side to move, the pending flag and the rules: injective.
    type Key = u64;

    /// The position with its pieces relabelled by `g`; hands, side to move,
    /// pending flag and counter unchanged.
    fn map(&self, g: &Permutation) -> Position {
        let mut p = *self;
        // Images of board points stay within the board's 24 bits.
        p.pieces = [
            g.map_bits(self.pieces(Colour::White)).0 as u32,
            g.map_bits(self.pieces(Colour::Black)).0 as u32,
        ];
        p.key = p.zobrist_from_scratch();
        p
    }

    fn key(&self) -> u64 {
        let variant = self.rules.variant as u64;
        u64::from(self.pieces[0])
            | u64::from(self.pieces[1]) << 24
            | u64::from(self.hand[0]) << 48
            | u64::from(self.hand[1]) << 52
            | (self.to_move.index() as u64) << 56
            | u64::from(self.pending) << 57
            | variant << 58
            | u64::from(self.rules.flying) << 60
    }

    /// As the provided method (the least key: Black's points first, as the
    /// key orders them), with the images of both colours under every
    /// element found at once ([`Group::least_images`]).
    fn canonical(&self, group: &Group) -> Canonical<Position> {
        let element = group.least_images(&[self.pieces(Colour::Black), self.pieces(Colour::White)]);
        Canonical { position: self.map(group.element(element)), element }
    }
}

/// Canonical forms under the board's automorphism group
/// ([`Variant::group`](crate::Variant::group), 16 elements on every morris
/// board), for symmetry-reduced transposition tables and tablebases.
///
/// ```
/// use lapilli_morris::Position;
/// use lapilli_game::{Canonicalize, CheckedGame};
/// let mut a = Position::default();
/// a.play(a.parse_move("a7").unwrap()).unwrap();
/// let mut b = Position::default();
/// b.play(b.parse_move("g1").unwrap()).unwrap();
/// assert_eq!(a.canonicalize(), b.canonicalize()); // corners are alike
/// assert_eq!(a.orbit_len(), 8); // the eight outer and inner corners
/// ```
impl Canonicalize for Position {
    fn canonicalize(&self) -> Position {
        self.canonical(self.variant().group()).position
    }

    fn orbit_len(&self) -> usize {
        self.orbit_size(self.variant().group())
    }

    /// The images under the position's stabilizer in [`crate::Variant::group`].
    fn equivalent_lines(&self, line: &[Move]) -> Vec<Vec<Move>> {
        self.symmetric_lines(self.variant().group(), line)
    }
}

impl MapMove for Move {
    fn map_move(self, g: &Permutation) -> Move {
        match self {
            Move::Place(p) => Move::Place(g.apply(p)),
            Move::Slide { from, to } => Move::Slide { from: g.apply(from), to: g.apply(to) },
            Move::Remove(p) => Move::Remove(g.apply(p)),
        }
    }
}
