//! Which opponent piece to take first: the order of removals for search
//! ([`Position::removal_order`]).

use super::Position;
use crate::moves::Move;
use lapilli_board_graph::{Bitboard, Point};

/// The opponent pieces whose removal a search should try first, for the
/// side to move of a position: the side that owes a removal
/// ([`Position::removal_order`]), or the side about to close a mill, as
/// it will stand after its ply ([`Position::removal_order_after`]). Read
/// with [`RemovalOrder::rank`].
///
/// Two kinds of piece rank above the rest, each adding 1:
/// - a piece of an **open mill**: two opponent pieces in a line whose
///   third point is empty and which the opponent can fill on its next ply
///   (it has a piece in hand, or flies, with flying allowed and at most
///   four pieces on the board, three after the removal, or it can slide a
///   piece from off the line into it). Taking one breaks a mill it
///   threatens to close.
/// - a **blocker**: an opponent piece on the third point of a line that
///   holds two pieces of the side to move. Taking one leaves a mill to
///   close.
///
/// A heuristic for move ordering only, not a rule: it changes which
/// removal a search tries first, never the value of a full-width search
/// (a search that reduces late moves may end elsewhere). Over the 200
/// positions a depth of `peer_suite` (benches/peers), it shrank the folded
/// search's trees by 3.3%, 4.7%, 3.9% and 5.4% at depths 5 to 8, and the
/// program's own (a removal a ply) by 3.1%, 2.9% and 5.4% at depths 6, 8
/// and 10 (`benches/README.md`, stop 56).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RemovalOrder {
    /// The opponent's pieces in its open mills.
    open: Bitboard,
    /// The opponent's pieces that block a line of the side to move.
    blocking: Bitboard,
}

impl RemovalOrder {
    /// 0, 1 or 2: how many of the two kinds (open mill, blocker) the piece
    /// on `p` is. 0 for a point the opponent does not hold.
    #[inline]
    pub fn rank(&self, p: Point) -> i32 {
        i32::from(self.open.contains(p)) + i32::from(self.blocking.contains(p))
    }

    /// The opponent's pieces in its open mills.
    pub fn open_mills(&self) -> Bitboard {
        self.open
    }

    /// The opponent's pieces on the third point of a line holding two
    /// pieces of the side to move.
    pub fn blockers(&self) -> Bitboard {
        self.blocking
    }
}

impl Position {
    /// The order of the side to move's removals ([`RemovalOrder`]), found
    /// on the bit sets: the opponent's lines with an empty point it can
    /// fill, and the side to move's lines with an opponent piece in them.
    ///
    /// ```
    /// use lapilli_board_graph::morris::parse_point;
    /// use lapilli_morris::Position;
    /// // White to move. Black, with pieces in hand, holds a7 and d7 with g7
    /// // empty, and a1 and a7 with a4 empty: open mills. Black's a1 also
    /// // stands in the line a1-d1-g1, where White holds d1 and g1.
    /// let pos: Position = "BB..WWB./......../........ w 5 5 -".parse().unwrap();
    /// let order = pos.removal_order();
    /// let rank = |name| order.rank(parse_point(name).unwrap());
    /// assert_eq!((rank("a7"), rank("d7"), rank("a1")), (1, 1, 2));
    /// // White's own pieces and empty points rank 0.
    /// assert_eq!((rank("d1"), rank("g7")), (0, 0));
    /// ```
    pub fn removal_order(&self) -> RemovalOrder {
        let own = self.pieces[self.to_move.index()];
        self.order_of(own, self.empty_bits())
    }

    /// [`Position::removal_order`] after the side to move plays placement
    /// or slide `ply` (the one that closes a mill, before its removal),
    /// found without playing it: its piece leaves `from` and stands on
    /// `to`, the opponent's pieces stay. Given a removal, it returns
    /// [`Position::removal_order`] as the position stands (not the order
    /// after the removal).
    ///
    /// ```
    /// use lapilli_board_graph::morris::parse_point;
    /// use lapilli_game::CheckedGame;
    /// use lapilli_morris::Position;
    /// // White's g7 closes g7-g4-g1 and fills Black's line a7-d7-g7.
    /// let pos: Position = "BB.WW.../......../........ w 5 5 -".parse().unwrap();
    /// let g7 = pos.parse_move("g7").unwrap();
    /// let a7 = parse_point("a7").unwrap();
    /// assert_eq!(pos.removal_order().rank(a7), 1);
    /// assert_eq!(pos.removal_order_after(g7).rank(a7), 0);
    /// ```
    pub fn removal_order_after(&self, ply: Move) -> RemovalOrder {
        let own = self.pieces[self.to_move.index()];
        let empty = self.empty_bits();
        match ply {
            Move::Place(to) => self.order_of(own | 1 << to.index(), empty & !(1 << to.index())),
            Move::Slide { from, to } => {
                let (from, to) = (1 << from.index(), 1 << to.index());
                self.order_of(own & !from | to, (empty | from) & !to)
            }
            Move::Remove(_) => self.removal_order(),
        }
    }

    /// The order with the side to move holding `own` and the points
    /// `empty` empty, the opponent's pieces as they stand.
    fn order_of(&self, own: u32, empty: u32) -> RemovalOrder {
        let colour = self.to_move.opponent();
        let theirs = self.pieces[colour.index()];
        let tables = self.tables;
        let mut open_points = tables.completions(theirs) & empty;
        // Placing or flying, the opponent can fill any empty point; sliding,
        // only from a neighbour off the line. It flies after the removal
        // with three pieces left, four now.
        let flies = self.rules.flying && theirs.count_ones() <= 4;
        let sliding = self.hand[colour.index()] == 0 && !flies;
        let mut open = 0;
        while open_points != 0 {
            let e = open_points.trailing_zeros() as usize;
            open_points &= open_points - 1;
            for &line in tables.mills_through[e].iter().take_while(|&&l| l != u32::MAX) {
                let rest = line & !(1 << e);
                if rest & theirs == rest && !(sliding && tables.neighbours[e] & theirs & !line == 0) {
                    open |= rest;
                }
            }
        }
        RemovalOrder {
            open: Bitboard(u64::from(open)),
            blocking: Bitboard(u64::from(tables.completions(own) & theirs)),
        }
    }
}
