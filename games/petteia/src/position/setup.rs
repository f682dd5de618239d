//! Building a position from its parts, with validation, and its key from
//! scratch.

use super::{Position, PositionError, Square};
use crate::board::tables;
use crate::rules::{Setup, Variant};
use crate::zobrist;
use lapilli_board_graph::bits::bits;
use lapilli_board_graph::Colour;

impl Position {
    /// A position from the square sets of each side, indexed by
    /// [`Colour::index`] (`pieces[0]` White's, `pieces[1]` Black's, men and
    /// Dux together; bit `i` is square `i`, numbered rank by rank from a1
    /// as in `lapilli_board_graph::grid`), the Duxes among them, the side
    /// to move and the no-progress count. The board size, the variant and
    /// the rules are those of `setup` (its Dux placement, which fixes only
    /// the start, is not read).
    ///
    /// A position is refused only when it contradicts the rules outright;
    /// every other arrangement is accepted, reachable from the start or not
    /// (a side to move with one piece or none, or without a move, is a
    /// finished game and accepted: it has lost).
    ///
    /// # Errors
    /// The [`PositionError`] of the first of these faults:
    /// - [`PositionError::OffBoard`] — a piece off the board;
    /// - [`PositionError::Overlap`] — a square in both sets;
    /// - [`PositionError::DuxWithoutPiece`] — a Dux mark on an empty square;
    /// - [`PositionError::DuxInStandard`] — a Dux in standard Petteia;
    /// - [`PositionError::TwoDuxes`] — a side with two Duxes or more;
    /// - [`PositionError::TooManyPieces`] — more pieces than a side starts
    ///   with: two ranks of men (`2 W` on a board `W` files wide) in
    ///   standard Petteia, one rank of men and the Dux (`W + 1`) in the Dux
    ///   variant;
    /// - [`PositionError::MissingDux`] — a side without its Dux in the Dux
    ///   variant (the Dux is never captured, so each side always has
    ///   exactly one);
    /// - [`PositionError::OpponentReduced`] — the side *not* to move has
    ///   fewer than two pieces (the game ended when it was reduced, with
    ///   it to move).
    ///
    /// # Examples
    /// ```
    /// use lapilli_petteia::{Colour, Position, PositionError, Setup, Variant};
    /// let white = 0b11; // a1, b1
    /// let black = 0b11 << 62; // g8, h8
    /// let pos = Position::from_parts(Setup::default(), [white, black], 0, Colour::Black, 7).unwrap();
    /// assert_eq!(pos.to_string(), "6mm/8/8/8/8/8/8/MM6 b 7");
    /// assert_eq!(
    ///     Position::from_parts(Setup::default(), [white, 1 << 63], 0, Colour::White, 0),
    ///     Err(PositionError::OpponentReduced(Colour::Black))
    /// );
    /// // With the Dux, both sides have one: here White's is on a1, Black has none.
    /// assert_eq!(
    ///     Position::from_parts(Setup::new(Variant::Dux), [white, black], 1, Colour::White, 0),
    ///     Err(PositionError::MissingDux(Colour::Black))
    /// );
    /// ```
    pub fn from_parts(
        setup: Setup,
        pieces: [u128; 2],
        duxes: u128,
        side_to_move: Colour,
        no_progress: u32,
    ) -> Result<Position, PositionError> {
        let (width, height) = (setup.width(), setup.height());
        let tables = tables(width, height);
        let name = |set: u128| Square::of(set.trailing_zeros() as usize, width);
        if (pieces[0] | pieces[1]) & !tables.all != 0 {
            return Err(PositionError::OffBoard { width, height });
        }
        if pieces[0] & pieces[1] != 0 {
            return Err(PositionError::Overlap(name(pieces[0] & pieces[1])));
        }
        let stray = duxes & !(pieces[0] | pieces[1]);
        if stray != 0 {
            return Err(PositionError::DuxWithoutPiece(name(stray)));
        }
        let with_dux = setup.variant == Variant::Dux;
        if !with_dux && duxes != 0 {
            return Err(PositionError::DuxInStandard(name(duxes)));
        }
        for c in Colour::BOTH {
            if (pieces[c.index()] & duxes).count_ones() > 1 {
                return Err(PositionError::TwoDuxes(c));
            }
        }
        let most = if with_dux { width as u32 + 1 } else { 2 * width as u32 };
        for c in Colour::BOTH {
            let count = pieces[c.index()].count_ones();
            if count > most {
                return Err(PositionError::TooManyPieces { colour: c, count, most });
            }
        }
        if let Some(c) = Colour::BOTH.into_iter().find(|c| with_dux && pieces[c.index()] & duxes == 0) {
            return Err(PositionError::MissingDux(c));
        }
        let other = side_to_move.opponent();
        if pieces[other.index()].count_ones() < 2 {
            return Err(PositionError::OpponentReduced(other));
        }
        let mut pos = Position {
            pieces,
            duxes,
            to_move: side_to_move,
            rules: setup.rules,
            no_progress,
            tables,
            key: 0,
        };
        pos.key = pos.zobrist_from_scratch();
        Ok(pos)
    }

    /// The Zobrist key recomputed from the pieces and the side to move (the
    /// incrementally kept [`lapilli_game::Game::zobrist`] always equals
    /// it).
    pub fn zobrist_from_scratch(&self) -> u64 {
        let mut key = if self.to_move == Colour::Black { zobrist::BLACK_TO_MOVE } else { 0 };
        for c in 0..2 {
            for p in bits(self.pieces[c]) {
                let kind = c + 2 * usize::from(self.duxes >> p & 1 == 1);
                key ^= zobrist::piece(kind, p);
            }
        }
        key
    }
}
