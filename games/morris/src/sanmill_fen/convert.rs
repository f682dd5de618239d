//! Conversion from and to lapilli's Nine Men's Morris [`Position`].

use super::fen::Extension;
use super::{point_of_fen, Dialect, Occupant, SanmillAction, SanmillFen, SanmillFenError, SanmillPhase};
use super::{FEN_POINTS, POINTS};
use crate::position::{Ending, Position, PositionError};
use crate::rules::{Rules, Variant};
use lapilli_board_graph::notation::excerpt;
use lapilli_board_graph::{Bitboard, Colour, Point};
use lapilli_game::CheckedGame;

impl SanmillFen {
    /// The FEN fields of a lapilli position under Nine Men's Morris rules
    /// (with or without flying), as the C++ engine writes them
    /// ([`Dialect::Squares`]): board, side to move, phase and action,
    /// pieces, the removal the side to move owes, and the no-progress
    /// counter; no last mills, no formed mills, no extensions, move number
    /// 1 ([`SanmillFen::with_move_number`] sets it).
    ///
    /// The phase is `p` while the side to move has pieces in hand, and
    /// during the removal after a placement that closed a mill (the
    /// removal with a no-progress count of 0: a slide counts 1 or more);
    /// else `m`. A finished position is written the C++ engine's way
    /// (module documentation): after a reduction, the side that removed,
    /// action `r` and its removal counted; when blocked, the blocked side
    /// and action `s`.
    ///
    /// # Errors
    /// [`SanmillFenError::Variant`] for another variant than Nine Men's
    /// Morris.
    pub fn of_position(pos: &Position) -> Result<SanmillFen, SanmillFenError> {
        let rules = pos.rules();
        if rules.variant != Variant::NineMensMorris {
            return Err(SanmillFenError::Variant(rules.variant));
        }
        let mut board = [Occupant::Empty; POINTS];
        for (i, o) in board.iter_mut().enumerate() {
            *o = Occupant::of_colour(pos.piece_at(Point::new(i)));
        }
        let me = pos.side_to_move();
        let mut to_remove = [0i8; 2];
        let (side, phase, action) = match pos.ending() {
            Some(Ending::Reduction) => {
                let winner = me.opponent();
                to_remove[winner.index()] = 1;
                (winner, SanmillPhase::GameOver, SanmillAction::Remove)
            }
            Some(_) => (me, SanmillPhase::GameOver, SanmillAction::Select),
            None => {
                to_remove[me.index()] = i8::from(pos.pending_removal());
                let (phase, action) = phase_action(pos);
                (me, phase, action)
            }
        };
        Ok(SanmillFen {
            board,
            side,
            phase,
            action,
            on_board: Colour::BOTH.map(|c| pos.on_board(c)),
            in_hand: Colour::BOTH.map(|c| pos.in_hand(c)),
            to_remove,
            last_mill: [[None; 2]; 2],
            formed_mills: [Bitboard::EMPTY; 2],
            no_progress: pos.no_progress_count(),
            move_number: 1,
            dialect: Dialect::Squares,
            extensions: Vec::new(),
        })
    }

    /// The same FEN with its point ids written in `dialect`. Only the
    /// numbering changes: a finished game keeps the fields it has (the
    /// Rust engine writes its finished games differently, module
    /// documentation).
    #[must_use]
    pub fn with_dialect(self, dialect: Dialect) -> SanmillFen {
        SanmillFen { dialect, ..self }
    }

    /// The same FEN with move number `n` (field 17).
    #[must_use]
    pub fn with_move_number(self, n: u32) -> SanmillFen {
        SanmillFen { move_number: n, ..self }
    }

    /// The lapilli position under `rules` (Nine Men's Morris, with or
    /// without flying), with the FEN's no-progress counter.
    ///
    /// The side to move owes a removal when its count (field 9 or 10) is
    /// 1, or when the action is `r` with a count of 0 (as Sanmill reads
    /// such a FEN). A finished game (phase `o`) becomes lapilli's finished
    /// position: the side reduced below three pieces to move, or else
    /// whichever side cannot move (the FEN's side first).
    ///
    /// # Errors
    /// - [`SanmillFenError::Variant`] for rules of another variant;
    /// - state lapilli's rules do not have:
    ///   [`SanmillFenError::Marked`], [`SanmillFenError::CaptureState`],
    ///   and, before the game is over, [`SanmillFenError::RemoveOwn`],
    ///   [`SanmillFenError::Removals`] (more than one) and
    ///   [`SanmillFenError::RemovalNotToMove`];
    /// - [`SanmillFenError::Position`] when the parts make no position
    ///   ([`Position::from_parts`]: impossible hands, a removal without a
    ///   mill, ...);
    /// - [`SanmillFenError::PhaseAction`] when the phase and action are not
    ///   those Sanmill writes for the position
    ///   ([`SanmillFen::of_position`]);
    /// - [`SanmillFenError::NoEnding`] for a finished game that lapilli's
    ///   position does not end.
    pub fn to_position(&self, rules: Rules) -> Result<Position, SanmillFenError> {
        if rules.variant != Variant::NineMensMorris {
            return Err(SanmillFenError::Variant(rules.variant));
        }
        if let Some(i) = (0..POINTS).find(|&i| self.board[point_of_fen(i).index()] == Occupant::Marked) {
            return Err(SanmillFenError::Marked(FEN_POINTS[i]));
        }
        if let Some(ext) = self.extensions.iter().find(|e| !matches!(e, Extension::Preferred(_))) {
            return Err(SanmillFenError::CaptureState(excerpt(&self.extension_text(ext))));
        }
        let pieces = Colour::BOTH.map(|c| self.pieces(c));
        let build = |to_move: Colour, pending: bool| {
            Position::from_parts(rules, pieces, self.in_hand, to_move, pending, self.no_progress)
        };
        if self.phase == SanmillPhase::GameOver {
            return self.finished(build);
        }
        for c in Colour::BOTH {
            let owed = self.owed(c);
            if owed < 0 {
                return Err(SanmillFenError::RemoveOwn(c));
            }
            if owed > 0 && c != self.side {
                return Err(SanmillFenError::RemovalNotToMove(c));
            }
            if owed > 1 {
                return Err(SanmillFenError::Removals { colour: c, count: owed });
            }
        }
        let pos = build(self.side, self.owed(self.side) == 1)?;
        let expected = phase_action(&pos);
        if (self.phase, self.action) != expected {
            return Err(SanmillFenError::PhaseAction {
                found: format!("{} {}", self.phase.char(), self.action.char()),
                expected: format!("{} {}", expected.0.char(), expected.1.char()),
            });
        }
        Ok(pos)
    }

    /// The finished position of a FEN in phase `o`.
    fn finished(
        &self,
        build: impl Fn(Colour, bool) -> Result<Position, PositionError>,
    ) -> Result<Position, SanmillFenError> {
        let reduced: Vec<Colour> = Colour::BOTH
            .into_iter()
            .filter(|c| self.on_board[c.index()] + self.in_hand[c.index()] < 3)
            .collect();
        let candidates = if reduced.is_empty() { vec![self.side, self.side.opponent()] } else { reduced };
        let mut first_error = None;
        let mut goes_on = false;
        for c in candidates {
            match build(c, false) {
                Ok(pos) if pos.ending().is_some() => return Ok(pos),
                Ok(_) => goes_on = true,
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match first_error {
            Some(e) if !goes_on => Err(SanmillFenError::Position(e)),
            _ => Err(SanmillFenError::NoEnding),
        }
    }
}

/// The phase and action Sanmill writes for a position that goes on:
/// placing while the side to move has pieces in hand or removes after a
/// placement (a no-progress count of 0), else moving; remove when a
/// removal is pending, else place or select.
fn phase_action(pos: &Position) -> (SanmillPhase, SanmillAction) {
    let me = pos.side_to_move();
    let pending = pos.pending_removal();
    let placing = pos.in_hand(me) > 0 || (pending && pos.no_progress_count() == 0);
    let phase = if placing { SanmillPhase::Placing } else { SanmillPhase::Moving };
    let action = if pending {
        SanmillAction::Remove
    } else if placing {
        SanmillAction::Place
    } else {
        SanmillAction::Select
    };
    (phase, action)
}
