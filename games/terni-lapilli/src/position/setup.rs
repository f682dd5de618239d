//! Constructors and validation.

use super::{Position, PositionError};
use crate::board;
use crate::rules::{Rules, POINTS};
use crate::zobrist;
use lapilli_board_graph::bits::bits;
use lapilli_board_graph::{Bitboard, Colour, Point};

impl Default for Position {
    /// The start under the default [`Rules`].
    fn default() -> Position {
        Position::start(Rules::default())
    }
}

impl Position {
    /// The empty board, Black to move.
    pub fn start(rules: Rules) -> Position {
        Position::from_parts(rules, [Bitboard::EMPTY; 2], Colour::Black).expect("the start position is valid")
    }

    /// A position from the point sets of each side, indexed by
    /// [`Colour::index`] (`[white, black]`), and the side to move.
    ///
    /// A position is refused only when it contradicts the rules outright;
    /// every other arrangement is accepted, reachable from the start or not
    /// (positions where the side *not* to move has a line are finished
    /// games, and accepted: the side to move has lost).
    ///
    /// # Errors
    /// The [`PositionError`] of the first of these faults:
    /// - [`PositionError::OffBoard`] — a point outside `0..=8`;
    /// - [`PositionError::Overlap`] — a point in both sets;
    /// - [`PositionError::TooManyPieces`] — a side with more than the
    ///   game's [`crate::Variant::pieces`] (3, or 4 in achi);
    /// - [`PositionError::Counts`] — counts alternate placement cannot
    ///   produce: Black places first, so it has as many pieces as White or
    ///   one more;
    /// - [`PositionError::SideToMove`] — while pieces remain to be placed
    ///   (fewer than twice the game's pieces on the board) the counts fix
    ///   the side to move:
    ///   Black with equal counts, White when Black has one more;
    /// - [`PositionError::BothHaveLines`] — both sides have three in a line
    ///   (the game ends at the first);
    /// - [`PositionError::MoverHasLine`] — the side to move has three in a
    ///   line (only the side that moved last can have completed one);
    /// - [`PositionError::CentreFirst`] — without
    ///   [`Rules::centre_first`], Black's only piece on the centre (the one
    ///   placement so far is the forbidden one).
    ///
    /// # Examples
    /// ```
    /// use lapilli_board_graph::{wheel, Bitboard, Colour, Point};
    /// use lapilli_terni_lapilli::{Position, PositionError, Rules};
    /// let (white, black) = (Point::new(8).bit(), Point::new(0).bit());
    /// let pos = Position::from_parts(Rules::default(), [white, black], Colour::Black).unwrap();
    /// assert_eq!(pos.to_string(), "B.......W b");
    /// // White cannot have placed before Black.
    /// assert_eq!(
    ///     Position::from_parts(Rules::default(), [white, Bitboard::EMPTY], Colour::Black),
    ///     Err(PositionError::Counts { black: 0, white: 1 })
    /// );
    /// ```
    pub fn from_parts(rules: Rules, sets: [Bitboard; 2], to_move: Colour) -> Result<Position, PositionError> {
        let [white, black] = sets;
        if let Some(p) = (black | white).iter().find(|p| p.index() >= POINTS) {
            return Err(PositionError::OffBoard(p));
        }
        if let Some(p) = (black & white).first_point() {
            return Err(PositionError::Overlap(p));
        }
        let (b, w) = (black.len(), white.len());
        let (variant, pieces) = (rules.variant, rules.variant.pieces());
        for (colour, count) in [(Colour::Black, b), (Colour::White, w)] {
            if count > pieces {
                return Err(PositionError::TooManyPieces { colour, count, variant });
            }
        }
        if b != w && b != w + 1 {
            return Err(PositionError::Counts { black: b, white: w });
        }
        if b + w < 2 * pieces {
            let expected = if b == w { Colour::Black } else { Colour::White };
            if to_move != expected {
                return Err(PositionError::SideToMove { black: b, white: w, expected });
            }
        }
        let sets = [white.0 as u16, black.0 as u16];
        let tables = board::tables(variant);
        if tables.has_line(sets[0]) && tables.has_line(sets[1]) {
            return Err(PositionError::BothHaveLines);
        }
        if tables.has_line(sets[to_move.index()]) {
            return Err(PositionError::MoverHasLine(to_move));
        }
        if !rules.centre_first && w == 0 && black == variant.board_kind().centre().bit() {
            return Err(PositionError::CentreFirst);
        }
        Ok(Position::with_key(sets, to_move, rules))
    }

    /// The position of already validated parts, with its key computed from
    /// scratch.
    pub(super) fn with_key(sets: [u16; 2], to_move: Colour, rules: Rules) -> Position {
        let mut pos = Position { sets, to_move, rules, key: 0 };
        pos.key = pos.key_from_scratch();
        pos
    }

    /// The Zobrist key recomputed from the pieces and side to move (the
    /// incrementally kept [`lapilli_game::Game::zobrist`] always equals
    /// it).
    pub(super) fn key_from_scratch(&self) -> u64 {
        let mut key = if self.to_move == Colour::Black { zobrist::BLACK_TO_MOVE } else { 0 };
        for c in Colour::BOTH {
            for p in bits(self.bits(c)) {
                key ^= zobrist::piece(c, Point::new(p));
            }
        }
        key
    }
}
