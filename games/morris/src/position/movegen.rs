//! The phases, move generation, counting and playing plies.

use super::Position;
use crate::moves::Move;
use crate::zobrist;
use arrayvec::ArrayVec;
use lapilli_board_graph::bits::bits;
use lapilli_board_graph::{Colour, Point};
use std::fmt;

/// The most legal plies any position has: 63, in Lasker Morris with the
/// side to move flying with three pieces (none in hand) while the
/// opponent's pieces are all in hand, 3 × 21 empty points. Elsewhere there
/// are fewer: placements at most 24; slides at most one per edge and
/// direction of the own pieces (32 edges, 40 with the twelve men's
/// diagonals); flights at most 3 × 18 = 54 when the opponent's pieces stand
/// on the board; removals at most 12.
pub const MAX_MOVES: usize = 63;

/// The legal plies of a position ([`Position::legal_moves`]).
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// What a side does on its plies, derived from the position (never stored,
/// docs/design.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Pieces in hand: it places (in Lasker Morris it may also slide).
    Placing,
    /// No pieces in hand: it slides a piece to an adjacent empty point.
    Sliding,
    /// No pieces in hand and exactly three on the board, flying allowed: it
    /// moves a piece to any empty point.
    Flying,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Placing => "placing",
            Phase::Sliding => "sliding",
            Phase::Flying => "flying",
        })
    }
}

impl Position {
    /// The legal plies in a fixed order: removals by point; placements by
    /// point, then (Lasker) slides; slides or flights by origin then
    /// target. Empty when the game is over.
    ///
    /// ```
    /// use lapilli_morris::Position;
    /// assert_eq!(Position::default().legal_moves().len(), 24);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal plies, counted without listing them (perft's
    /// bulk counting).
    ///
    /// ```
    /// use lapilli_morris::Position;
    /// let pos: Position = "BB..B.W./B..W.W.W/BWB.W... w 0 0 -".parse().unwrap();
    /// assert_eq!(pos.legal_move_count(), 16);
    /// ```
    pub fn legal_move_count(&self) -> u64 {
        if self.end().is_some() {
            return 0;
        }
        if self.pending {
            return u64::from(self.removable_bits().count_ones());
        }
        let own = self.pieces[self.to_move.index()];
        let empty = self.empty_bits();
        let t = self.tables;
        let slides = || u64::from(t.shifts.slides(own, empty));
        let empties = u64::from(empty.count_ones());
        match self.phase(self.to_move) {
            Phase::Placing if self.rules.variant.place_or_slide() => empties + slides(),
            Phase::Placing => empties,
            Phase::Flying => 3 * empties,
            Phase::Sliding => slides(),
        }
    }

    /// Appends the legal plies to `moves` in the order of
    /// [`Position::legal_moves`].
    pub(crate) fn generate(&self, moves: &mut MoveList) {
        if self.end().is_some() {
            return;
        }
        if self.pending {
            moves.extend(bits(self.removable_bits()).map(|p| Move::Remove(Point::new(p))));
            return;
        }
        let empty = self.empty_bits();
        let own = self.pieces[self.to_move.index()];
        let t = self.tables;
        match self.phase(self.to_move) {
            Phase::Placing => {
                moves.extend(bits(empty).map(|p| Move::Place(Point::new(p))));
                if self.rules.variant.place_or_slide() {
                    push_slides(moves, own, |from| t.neighbours[from] & empty);
                }
            }
            Phase::Sliding => push_slides(moves, own, |from| t.neighbours[from] & empty),
            Phase::Flying => push_slides(moves, own, |_| empty),
        }
    }

    /// The legal ply whose [`Game::move_key`](lapilli_game::Game::move_key)
    /// is `key` (a placement `p`, a slide or flight `32 + 24 × from + to`, a
    /// removal `640 + p`), checked on the bit sets without generating the
    /// others; `None` when no legal ply has that key.
    #[inline]
    pub(crate) fn move_with_key(&self, key: u32) -> Option<Move> {
        let (key, n) = (key as usize, self.rules.variant.points());
        // The bit sets first, the end of the game only for a ply found: a
        // removal is pending, which no ending is; a legal placement or
        // slide shows that the side is not blocked and the board not
        // full, so the game is over only by reduction (`Position::end`).
        self.ply_with_key(key, n).filter(|m| matches!(m, Move::Remove(_)) || !self.reduced())
    }

    /// [`Position::move_with_key`] before the end of the game is tested.
    #[inline]
    fn ply_with_key(&self, key: usize, n: usize) -> Option<Move> {
        let own = self.pieces[self.to_move.index()];
        let empty = self.empty_bits();
        let has = |set: u32, p: usize| p < n && set >> p & 1 == 1;
        if key >= 640 {
            let p = key - 640;
            return (self.pending && has(self.removable_bits(), p)).then(|| Move::Remove(Point::new(p)));
        }
        if self.pending {
            return None;
        }
        let phase = self.phase(self.to_move);
        if key < 32 {
            return (phase == Phase::Placing && has(empty, key)).then(|| Move::Place(Point::new(key)));
        }
        let (from, to) = ((key - 32) / 24, (key - 32) % 24);
        let targets = match phase {
            Phase::Placing if !self.rules.variant.place_or_slide() => return None,
            Phase::Placing | Phase::Sliding if has(own, from) => self.tables.neighbours[from] & empty,
            Phase::Flying if has(own, from) => empty,
            _ => return None,
        };
        has(targets, to).then(|| Move::Slide { from: Point::new(from), to: Point::new(to) })
    }

    /// Plays `m` without checking it (see
    /// [`Game::play_unchecked`](lapilli_game::Game::play_unchecked)): an
    /// illegal `m` causes no undefined behaviour but leaves a meaningless
    /// position, or panics for a point beyond 24 or (in debug builds) a
    /// placement with an empty hand.
    #[inline]
    pub(crate) fn make(&mut self, m: Move) {
        let c = self.to_move;
        let me = c.index();
        self.key ^= self.moved_key(m);
        match m {
            Move::Place(p) => {
                self.hand[me] -= 1;
                self.pieces[me] |= 1 << p.index();
                self.clock = 0;
                self.after_arrival(p);
            }
            Move::Slide { from, to } => {
                self.pieces[me] ^= 1 << from.index() | 1 << to.index();
                self.clock = self.clock.saturating_add(1);
                self.after_arrival(to);
            }
            Move::Remove(p) => {
                self.pieces[c.opponent().index()] &= !(1 << p.index());
                self.key ^= zobrist::PENDING;
                self.pending = false;
                self.clock = 0;
                self.pass_turn();
            }
        }
    }

    /// The keys `m` toggles for the pieces and hands: what it puts on,
    /// moves or takes off the board and, for a placement, the hand it
    /// empties by one. The side to move and the pending removal are
    /// toggled apart.
    #[inline(always)]
    fn moved_key(&self, m: Move) -> u64 {
        let c = self.to_move;
        match m {
            Move::Place(p) => {
                let n = self.hand[c.index()];
                zobrist::hand(c, n) ^ zobrist::hand(c, n - 1) ^ zobrist::piece(c, p)
            }
            Move::Slide { from, to } => zobrist::piece(c, from) ^ zobrist::piece(c, to),
            Move::Remove(p) => zobrist::piece(c.opponent(), p),
        }
    }

    /// The Zobrist key after the legal ply `m`, without playing it
    /// ([`Game::zobrist_after`](lapilli_game::Game::zobrist_after)): a
    /// placement or slide that closes a mill while the opponent has a
    /// piece leaves a removal pending, any other ply passes the turn.
    ///
    /// ```
    /// use lapilli_game::{CheckedGame, Game};
    /// use lapilli_morris::Position;
    /// // g7 closes White's mill a7 d7 g7: a removal is pending.
    /// let pos: Position = "WW....../B......./B....... w 7 7 -".parse().unwrap();
    /// let ply = pos.parse_move("g7").unwrap();
    /// let mut after = pos;
    /// after.play_unchecked(ply);
    /// assert_eq!(pos.zobrist_after(ply), after.zobrist());
    /// ```
    #[inline]
    pub fn zobrist_after(&self, m: Move) -> u64 {
        let c = self.to_move.index();
        let key = self.key ^ self.moved_key(m);
        let arrival = match m {
            Move::Place(p) => Some((self.pieces[c] | 1 << p.index(), p)),
            Move::Slide { from, to } => Some((self.pieces[c] ^ (1 << from.index() | 1 << to.index()), to)),
            Move::Remove(_) => None,
        };
        match arrival {
            Some((own, p)) if self.owes_removal(own, p) => key ^ zobrist::PENDING,
            Some(_) => key ^ zobrist::BLACK_TO_MOVE,
            None => key ^ zobrist::PENDING ^ zobrist::BLACK_TO_MOVE,
        }
    }

    /// The Zobrist key after a whole turn, without playing it: the legal
    /// placement or slide `ply` and then `removal`, the removal it earns,
    /// which must be given exactly when `ply` closes a mill while the
    /// opponent has a piece ([`Position::removals_after`] is not empty),
    /// in a position with no removal pending (checked in debug builds).
    /// With no removal pending, the side to move changes once.
    ///
    /// ```
    /// use lapilli_game::{CheckedGame, Game};
    /// use lapilli_morris::Position;
    /// // g7 closes White's mill a7 d7 g7 and takes Black's piece on b6.
    /// let pos: Position = "WW....../B......./B....... w 7 7 -".parse().unwrap();
    /// let (ply, removal) = (pos.parse_move("g7").unwrap(), pos.parse_move("xb6").unwrap());
    /// let mut after = pos;
    /// after.play_unchecked(ply);
    /// after.play_unchecked(removal);
    /// assert_eq!(pos.zobrist_after_turn(ply, Some(removal)), after.zobrist());
    /// ```
    #[inline]
    pub fn zobrist_after_turn(&self, ply: Move, removal: Option<Move>) -> u64 {
        debug_assert!(
            !self.pending && !matches!(ply, Move::Remove(_)),
            "a turn starts with a placement or slide, no removal pending"
        );
        // A removal toggles the pending flag on, then off again.
        let taken = removal.map_or(0, |r| self.moved_key(r));
        self.key ^ self.moved_key(ply) ^ taken ^ zobrist::BLACK_TO_MOVE
    }

    /// Whether the side to move, with its pieces `own` after one of them
    /// arrived on `p`, owes a removal: a mill through `p` while the
    /// opponent has a piece to take (the rule [`Position::make`] and
    /// [`Position::zobrist_after`] both follow).
    #[inline(always)]
    fn owes_removal(&self, own: u32, p: Point) -> bool {
        self.pieces[self.to_move.opponent().index()] != 0 && self.tables.mill_at(own, p)
    }

    /// After a piece arrives on `p`: a mill there sets the pending removal
    /// (the same side moves again) if the opponent has a piece to take;
    /// otherwise the turn passes.
    #[inline]
    fn after_arrival(&mut self, p: Point) {
        if self.owes_removal(self.pieces[self.to_move.index()], p) {
            self.pending = true;
            self.key ^= zobrist::PENDING;
        } else {
            self.pass_turn();
        }
    }

    #[inline]
    fn pass_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.key ^= zobrist::BLACK_TO_MOVE;
    }

    /// The Zobrist key recomputed from the pieces, hands, side to move and
    /// pending flag (the incrementally kept
    /// [`Game::zobrist`](lapilli_game::Game::zobrist) always equals it).
    /// The no-progress counter is not part of it.
    ///
    /// ```
    /// use lapilli_morris::Position;
    /// use lapilli_game::{CheckedGame, Game};
    /// let mut pos = Position::default();
    /// pos.play(pos.parse_move("d7").unwrap()).unwrap();
    /// assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
    /// ```
    pub fn zobrist_from_scratch(&self) -> u64 {
        let mut h = 0;
        if self.to_move == Colour::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        if self.pending {
            h ^= zobrist::PENDING;
        }
        for c in Colour::BOTH {
            h ^= zobrist::hand(c, self.hand[c.index()]);
            for p in bits(self.pieces[c.index()]) {
                h ^= zobrist::piece(c, Point::new(p));
            }
        }
        h
    }
}

/// Appends a slide (or flight) from each point of `own` to each point of
/// `targets(from)`.
#[inline]
fn push_slides(moves: &mut MoveList, own: u32, targets: impl Fn(usize) -> u32) {
    for from in bits(own) {
        moves
            .extend(bits(targets(from)).map(|to| Move::Slide { from: Point::new(from), to: Point::new(to) }));
    }
}
