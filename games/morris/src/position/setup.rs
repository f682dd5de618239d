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
    /// A position is refused only when it contradicts the rules outright
    /// or leaves the rules nothing meaningful to do; every other
    /// arrangement is accepted, reachable from the start or not, so that
    /// positions built from parts (tablebase indices among them) can be
    /// played.
    ///
    /// # Errors
    /// The [`PositionError`] of the first of these faults:
    /// - [`PositionError::BadPoint`] — a point off the variant's board, or
    ///   in both sets;
    /// - [`PositionError::TooManyPieces`] — a side with more pieces on the
    ///   board and in hand together than the variant gives it
    ///   ([`Variant::pieces`](crate::Variant::pieces): 9, 6, 12 or 10);
    /// - [`PositionError::HandCounts`] — hands that alternate placement
    ///   (White first) cannot produce with this side to move and pending
    ///   flag: without a pending removal, White to move holds as many in
    ///   hand as Black and Black to move one more than White; with one
    ///   pending, the side to move has just placed, so White holds one
    ///   fewer than Black and Black as many as White; once placing is over
    ///   both hands are empty, whatever the side and flag. Not checked in
    ///   Lasker Morris, where a side may slide instead of placing;
    /// - [`PositionError::PendingWithoutMill`] — a removal pending while the
    ///   side to move has no mill on the board (it cannot have just closed
    ///   one);
    /// - [`PositionError::NothingToRemove`] — a removal pending while the
    ///   opponent has no piece on the board;
    /// - [`PositionError::OpponentReduced`] — the side *not* to move has
    ///   fewer than three pieces (board and hand). Refused rather than
    ///   accepted as a finished game: only the side to move removes, and
    ///   the removal that leaves the opponent two pieces hands the opponent
    ///   the move, so the finished game is the position with the reduced
    ///   side to move ([`Ending::Reduction`](crate::Ending::Reduction));
    ///   the other arrangement is never reached;
    /// - [`PositionError::CounterTooLarge`] — a no-progress counter above
    ///   255 (counters from [`NO_PROGRESS_LIMIT`](crate::NO_PROGRESS_LIMIT)
    ///   up are accepted: the no-progress draw is due).
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
