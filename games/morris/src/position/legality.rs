//! The rules checked ply by ply, written apart from move generation so
//! that the two can be compared, and the end of the game.

use super::{IllegalReason, Phase, Position};
use crate::moves::Move;
use lapilli_board_graph::bits::bits;
use lapilli_board_graph::{Bitboard, Colour, Point};
use std::fmt;

/// How a finished game ended ([`CheckedGame::ending`](lapilli_game::CheckedGame::ending)).
///
/// ```
/// use lapilli_morris::Ending;
/// use lapilli_game::Ending as _;
/// assert_eq!(Ending::Blocked.name(), "blocked");
/// assert_eq!(Ending::Blocked.to_string(), "the side to move cannot move");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The side to move has fewer than three pieces (board and hand): it
    /// lost.
    Reduction,
    /// The side to move cannot move: it lost.
    Blocked,
    /// Twelve Men's Morris: the placements filled the board; a draw.
    FullBoard,
}

impl lapilli_game::Ending for Ending {
    /// `"reduction"`, `"blocked"` or `"full-board"`.
    fn name(&self) -> &'static str {
        match self {
            Ending::Reduction => "reduction",
            Ending::Blocked => "blocked",
            Ending::FullBoard => "full-board",
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::Reduction => "the side to move has fewer than three pieces",
            Ending::Blocked => "the side to move cannot move",
            Ending::FullBoard => "the board is full: a draw",
        })
    }
}

impl Position {
    /// Why `m` is illegal here, or `Ok`: the rule-by-rule check behind
    /// [`CheckedGame::check`](lapilli_game::CheckedGame::check).
    pub(crate) fn check_move(&self, m: Move) -> Result<(), IllegalReason> {
        if self.end().is_some() {
            return Err(IllegalReason::GameOver);
        }
        let n = self.rules.variant.points();
        let off = |p: Point| p.index() >= n;
        let me = self.to_move;
        let empty = self.empty();
        match m {
            Move::Remove(p) => {
                if off(p) {
                    return Err(IllegalReason::OffBoard);
                }
                if !self.pending {
                    return Err(IllegalReason::NoRemoval);
                }
                if self.piece_at(p) != Some(me.opponent()) {
                    return Err(IllegalReason::NotOpponentPiece);
                }
                let opp = me.opponent();
                let all_in_mills = self.pieces(opp).iter().all(|q| self.in_mill(opp, q));
                if self.in_mill(opp, p) && !all_in_mills {
                    return Err(IllegalReason::Protected);
                }
                Ok(())
            }
            _ if self.pending => Err(IllegalReason::MustRemove),
            Move::Place(p) => {
                if off(p) {
                    Err(IllegalReason::OffBoard)
                } else if self.in_hand(me) == 0 {
                    Err(IllegalReason::EmptyHand)
                } else if !empty.contains(p) {
                    Err(IllegalReason::Occupied)
                } else {
                    Ok(())
                }
            }
            Move::Slide { from, to } => {
                if off(from) || off(to) {
                    Err(IllegalReason::OffBoard)
                } else if self.in_hand(me) > 0 && !self.rules.variant.place_or_slide() {
                    Err(IllegalReason::StillPlacing)
                } else if from == to {
                    Err(IllegalReason::SamePoint)
                } else if self.piece_at(from) != Some(me) {
                    Err(IllegalReason::NotYourPiece)
                } else if !empty.contains(to) {
                    Err(IllegalReason::Occupied)
                } else if self.phase(me) != Phase::Flying
                    && !self.rules.variant.cached_board().neighbours(from).contains(to)
                {
                    Err(IllegalReason::NotAdjacent)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Whether the side to move has fewer than three pieces on the board
    /// and in hand together: the game is over by reduction unless a
    /// removal is pending ([`Position::end`]).
    #[inline]
    pub(crate) fn reduced(&self) -> bool {
        let me = self.to_move.index();
        self.pieces[me].count_ones() + u32::from(self.hand[me]) <= 2
    }

    /// How the game ended, if it has: the side to move is reduced below
    /// three pieces, or blocked, or (Twelve Men's Morris) the board is
    /// full. A pending removal is never an ending.
    pub(crate) fn end(&self) -> Option<Ending> {
        if self.pending {
            return None;
        }
        if self.reduced() {
            return Some(Ending::Reduction);
        }
        let me = self.to_move.index();
        let own = self.pieces[me];
        let empty = self.empty_bits();
        if empty == 0 {
            return Some(if self.rules.variant.full_board_draws() {
                Ending::FullBoard
            } else {
                Ending::Blocked
            });
        }
        if self.hand[me] > 0 || (self.rules.flying && own.count_ones() == 3) {
            return None;
        }
        let t = self.tables;
        if bits(own).any(|p| t.neighbours[p] & empty != 0) {
            None
        } else {
            Some(Ending::Blocked)
        }
    }

    /// Whether `colour` has the piece on `p` standing in one of its mills.
    ///
    /// ```
    /// use lapilli_board_graph::morris::parse_point;
    /// use lapilli_morris::{Colour, Position};
    /// let pos: Position = "WWW...../B......./........ w 6 7 x".parse().unwrap();
    /// assert!(pos.in_mill(Colour::White, parse_point("d7").unwrap()));
    /// assert!(!pos.in_mill(Colour::Black, parse_point("b6").unwrap()));
    /// ```
    pub fn in_mill(&self, colour: Colour, p: Point) -> bool {
        let own = self.pieces[colour.index()];
        own >> p.index() & 1 == 1 && self.tables.mill_at(own, p)
    }

    /// The opponent pieces the side to move may remove now: those outside
    /// mills, or all of them when every one stands in a mill (seed 001).
    /// Empty unless a removal is pending.
    ///
    /// ```
    /// use lapilli_morris::Position;
    /// // Black's six pieces all stand in mills: each may be taken.
    /// let pos: Position = "WWW.BBB./W...BBB./........ w 0 0 x".parse().unwrap();
    /// assert_eq!(pos.removable().len(), 6);
    /// ```
    pub fn removable(&self) -> Bitboard {
        if !self.pending {
            return Bitboard::EMPTY;
        }
        Bitboard(u64::from(self.removable_bits()))
    }

    /// The opponent pieces the side to move may take after placement or
    /// slide `m`, found without playing it: empty when `m` closes no mill
    /// or the opponent has no piece on the board (then `m` owes no
    /// removal); otherwise those outside the opponent's mills, or all of
    /// them when every one stands in a mill (seed 001). `m` leaves the
    /// opponent's pieces as they are, so this is [`Position::removable`]
    /// after `m`. A removal owes nothing.
    ///
    /// ```
    /// use lapilli_board_graph::morris::parse_point;
    /// use lapilli_game::CheckedGame;
    /// use lapilli_morris::Position;
    /// // g7 closes White's mill; Black's mill a1-d1-g1 may not be broken.
    /// let pos: Position = "WW..BBB./B......./........ w 5 5 -".parse().unwrap();
    /// let removals = pos.removals_after(pos.parse_move("g7").unwrap());
    /// assert_eq!(removals.len(), 1);
    /// assert!(removals.contains(parse_point("b6").unwrap()));
    /// assert!(pos.removals_after(pos.parse_move("g1").unwrap()).is_empty());
    /// ```
    #[inline]
    pub fn removals_after(&self, m: Move) -> Bitboard {
        // With no opponent piece on the board, the removable set is empty.
        if !self.closes_mill(m) {
            return Bitboard::EMPTY;
        }
        Bitboard(u64::from(self.removable_bits()))
    }

    #[inline]
    pub(crate) fn removable_bits(&self) -> u32 {
        let opp = self.pieces[self.to_move.opponent().index()];
        let loose = opp & !self.tables.in_mills(opp);
        if loose != 0 {
            loose
        } else {
            opp
        }
    }

    /// Whether playing `m` (a placement or slide) closes a mill.
    ///
    /// ```
    /// use lapilli_morris::Position;
    /// use lapilli_game::CheckedGame;
    /// let pos: Position = "WW....../B......./B....... w 7 7 -".parse().unwrap();
    /// assert!(pos.closes_mill(pos.parse_move("g7").unwrap()));
    /// assert!(!pos.closes_mill(pos.parse_move("g1").unwrap()));
    /// ```
    #[inline]
    pub fn closes_mill(&self, m: Move) -> bool {
        let own = self.pieces[self.to_move.index()];
        match m {
            Move::Place(p) => self.tables.mill_at(own | 1 << p.index(), p),
            Move::Slide { from, to } => {
                self.tables.mill_at((own & !(1 << from.index())) | 1 << to.index(), to)
            }
            Move::Remove(_) => false,
        }
    }

    /// The points that would complete a mill of `colour`'s: each point not
    /// holding one of `colour`'s pieces (it may hold the other side's) with
    /// a line through it whose other two points do. A placement or slide
    /// onto one of the opponent's blocks a mill ([`Position::blocks_mill`]).
    ///
    /// ```
    /// use lapilli_board_graph::{morris::parse_point, Bitboard};
    /// use lapilli_morris::{Colour, Position};
    /// // Black holds a7 and d7: only g7 completes one of its lines.
    /// let pos: Position = "BB....../W......./W....... w 7 7 -".parse().unwrap();
    /// let g7 = parse_point("g7").unwrap();
    /// assert_eq!(pos.mill_completions(Colour::Black), Bitboard::EMPTY.with(g7));
    /// ```
    pub fn mill_completions(&self, colour: Colour) -> Bitboard {
        Bitboard(u64::from(self.tables.completions(self.pieces[colour.index()])))
    }

    /// Whether placement or slide `m` lands where the opponent would close
    /// a mill: two of the opponent's pieces stand in a line through its
    /// target. Whether the opponent could reach the point is not asked. A
    /// removal blocks nothing.
    ///
    /// ```
    /// use lapilli_morris::Position;
    /// use lapilli_game::CheckedGame;
    /// // Black holds a7 and d7: g7 blocks the top line, g1 blocks nothing.
    /// let pos: Position = "BB....../W......./W....... w 7 7 -".parse().unwrap();
    /// assert!(pos.blocks_mill(pos.parse_move("g7").unwrap()));
    /// assert!(!pos.blocks_mill(pos.parse_move("g1").unwrap()));
    /// ```
    pub fn blocks_mill(&self, m: Move) -> bool {
        let opponent = self.pieces[self.to_move.opponent().index()];
        match m {
            Move::Place(to) | Move::Slide { to, .. } => self.tables.mill_at(opponent | 1 << to.index(), to),
            Move::Remove(_) => false,
        }
    }
}
