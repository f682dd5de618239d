//! Constructors and the validation of a position's parts.

use super::{Position, PositionError};
use crate::rules::Rules;
use lapilli_board_graph::{Bitboard, Colour};

impl Position {
    /// The empty board with every piece in hand, White to move.
    ///
    /// ```
    /// use lapilli_morris::{Colour, Position, Rules, Variant};
    /// let six = Position::start(Rules::new(Variant::SixMensMorris));
    /// assert_eq!(six.in_hand(Colour::Black), 6);
    /// assert_eq!(six.to_string(), "......../........ w 6 6 - six-mens-morris");
    /// ```
    pub fn start(rules: Rules) -> Position {
        let n = rules.variant.pieces();
        Position::from_parts(rules, [Bitboard::EMPTY; 2], [n, n], Colour::White, false, 0)
            .expect("the start is valid")
    }

    /// A position from its parts, each pair indexed by
    /// [`Colour::index`]: the points of `[white, black]`, the pieces in
    /// hand `[white, black]`, the side to move, the pending-removal flag
    /// and the no-progress counter (plies since the last placement or
    /// removal, as the position text gives it; see
    /// [`Position::no_progress_count`]).
    ///
    /// # Errors
    /// [`PositionError`] if a point is off the board or doubly occupied, a
    /// side has more pieces than the variant gives, the hands contradict
    /// alternate placement, the pending flag has no mill or nothing to
    /// remove, the side not to move has fewer than three pieces, or the
    /// counter exceeds 255.
    ///
    /// ```
    /// use lapilli_board_graph::{Bitboard, Point};
    /// use lapilli_morris::{Colour, Position, PositionError, Rules};
    /// let white: Bitboard = [0, 1, 2].into_iter().map(Point::new).collect();
    /// let black: Bitboard = [8].into_iter().map(Point::new).collect();
    /// let pos = Position::from_parts(Rules::default(), [white, black], [6, 7], Colour::White, true, 0).unwrap();
    /// assert_eq!(pos.to_string(), "WWW...../B......./........ w 6 7 x");
    /// let err = Position::from_parts(Rules::default(), [white, black], [6, 7], Colour::White, false, 0);
    /// assert!(matches!(err, Err(PositionError::HandCounts { .. })));
    /// ```
    pub fn from_parts(
        rules: Rules,
        pieces: [Bitboard; 2],
        hand: [u8; 2],
        to_move: Colour,
        pending: bool,
        no_progress: u32,
    ) -> Result<Position, PositionError> {
        let [white, black] = pieces;
        let variant = rules.variant;
        let tables = variant.tables();
        let all = Bitboard(u64::from(tables.all));
        if let Some(p) = ((white | black) - all).first_point().or((white & black).first_point()) {
            return Err(PositionError::BadPoint(p));
        }
        // Within the board's points, so at most 24 bits.
        let pieces = [white.0 as u32, black.0 as u32];
        let max = variant.pieces();
        for c in Colour::BOTH {
            let on_board = pieces[c.index()].count_ones() as u8;
            let in_hand = hand[c.index()];
            if u32::from(on_board) + u32::from(in_hand) > u32::from(max) {
                return Err(PositionError::TooManyPieces { colour: c, on_board, in_hand, pieces: max });
            }
        }
        if !variant.place_or_slide() {
            let (w, b) = (hand[0], hand[1]);
            let ok = match (to_move, pending) {
                (Colour::White, false) => w == b,
                (Colour::White, true) => w + 1 == b || (w == 0 && b == 0),
                (Colour::Black, false) => b == w + 1 || (w == 0 && b == 0),
                (Colour::Black, true) => b == w,
            };
            if !ok {
                return Err(PositionError::HandCounts { white: w, black: b, to_move, pending });
            }
        }
        let me = to_move.index();
        let opp = to_move.opponent();
        if pending {
            if tables.in_mills(pieces[me]) == 0 {
                return Err(PositionError::PendingWithoutMill(to_move));
            }
            if pieces[opp.index()] == 0 {
                return Err(PositionError::NothingToRemove(opp));
            }
        }
        if pieces[opp.index()].count_ones() + u32::from(hand[opp.index()]) < 3 {
            return Err(PositionError::OpponentReduced(opp));
        }
        let clock = u8::try_from(no_progress).map_err(|_| PositionError::CounterTooLarge(no_progress))?;
        let mut pos = Position { pieces, hand, to_move, pending, clock, rules, tables, key: 0 };
        pos.key = pos.zobrist_from_scratch();
        Ok(pos)
    }
}
