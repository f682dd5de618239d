//! The legality check, written apart from move generation on purpose: the
//! conformance harness compares the two.

use super::{IllegalReason, Phase, Position};
use crate::moves::Move;
use crate::rules::POINTS;
use lapilli_board_graph::Point;

impl Position {
    /// `Ok` if `m` is legal here, else the reason of the first rule it
    /// breaks ([`lapilli_game::CheckedGame::check`]).
    pub(super) fn legality(&self, m: Move) -> Result<(), IllegalReason> {
        if self.lost() {
            return Err(IllegalReason::GameOver);
        }
        let off = |p: Point| p.index() >= POINTS;
        match m {
            Move::Place(p) if off(p) => return Err(IllegalReason::OffBoard),
            Move::Slide { from, to } if off(from) || off(to) => return Err(IllegalReason::OffBoard),
            Move::Slide { from, to } if from == to => return Err(IllegalReason::SamePoint),
            _ => {}
        }
        let empty = self.empty();
        match (m, self.phase()) {
            (Move::Place(_), phase @ Phase::Moving) | (Move::Slide { .. }, phase @ Phase::Placing) => {
                Err(IllegalReason::WrongPhase(phase))
            }
            (Move::Place(p), Phase::Placing) => {
                if !empty.contains(p) {
                    Err(IllegalReason::Occupied)
                } else if !self.rules.centre_first
                    && self.piece_count() == 0
                    && p == self.rules.variant.board_kind().centre()
                {
                    Err(IllegalReason::CentreFirst)
                } else {
                    Ok(())
                }
            }
            (Move::Slide { from, to }, Phase::Moving) => {
                if !self.pieces(self.to_move).contains(from) {
                    Err(IllegalReason::NotYourPiece)
                } else if !empty.contains(to) {
                    Err(IllegalReason::Occupied)
                } else if self.tables().moves(from.index()) >> to.index() & 1 == 0 {
                    Err(IllegalReason::NotAdjacent)
                } else {
                    Ok(())
                }
            }
        }
    }
}
