//! Positions and the rules of play.

use crate::moves::Move;
use crate::variant::{Rules, Tables, Variant};
use crate::zobrist;
use arrayvec::ArrayVec;
use lapilli_board_graph::{Bitboard, Point};
use lapilli_search::{Game, MoveList, Outcome};
use lapilli_symmetry::{Canonical, Group, Permutation, Symmetric};
use std::fmt;
use thiserror::Error;

/// The draw limit of the no-progress rule: 100 consecutive plies without a
/// placement or a removal (seed 001: the shuffle is drawn at exactly ply
/// 100).
pub const NO_PROGRESS_LIMIT: u32 = 100;

/// The legal plies of a position. 63 is the maximal branching: a side
/// flying with 3 pieces to any of 24 - 3 = 21 empty points has 3 x 21 = 63
/// plies. The others stay below: placements at most 24; slides at most one
/// per edge (32, or 40 with the twelve men's diagonals); Lasker's place or
/// slide at most 24 + 32 = 56; removals at most 12.
pub type MoveList63 = ArrayVec<Move, 63>;

pub use lapilli_search::Colour;

/// What a side does on its plies, derived from the position (never stored,
/// docs/design.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// How a finished game ended.
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

impl Ending {
    /// `"reduction"`, `"blocked"` or `"full-board"`.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Reduction => "reduction",
            Ending::Blocked => "blocked",
            Ending::FullBoard => "full-board",
        }
    }
}

/// Why a ply was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("illegal move {mv} in this position: {reason}")]
pub struct IllegalMove {
    /// The refused ply.
    pub mv: Move,
    /// Why.
    pub reason: IllegalReason,
}

/// The reason a ply is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalReason {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A point that is not on the board.
    #[error("the move names a point off the board")]
    OffBoard,
    /// A mill was closed: the ply must be a removal.
    #[error("a mill was closed: remove an opponent piece first (x and the point, e.g. xg7)")]
    MustRemove,
    /// A removal with no mill closed.
    #[error("no mill was closed, so there is nothing to remove")]
    NoRemoval,
    /// A placement with an empty hand.
    #[error("no pieces left in hand: move a piece as from-to")]
    EmptyHand,
    /// A slide while pieces remain in hand (all variants but Lasker).
    #[error("pieces are still in hand: place one first")]
    StillPlacing,
    /// The target point is not empty.
    #[error("the target point is occupied")]
    Occupied,
    /// A slide from a point to itself.
    #[error("a move must go to another point")]
    SamePoint,
    /// The moving piece is not the mover's.
    #[error("no piece of the side to move stands on the starting point")]
    NotYourPiece,
    /// A slide between points that are not adjacent (and no flying).
    #[error("the points are not adjacent (flying needs exactly three pieces and none in hand)")]
    NotAdjacent,
    /// The removed point holds no opponent piece.
    #[error("no opponent piece stands there")]
    NotOpponentPiece,
    /// The removed piece stands in a mill while some opponent piece does
    /// not.
    #[error("that piece stands in a mill and another opponent piece does not")]
    Protected,
}

/// Why a set of pieces, hands and flags is not a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// More pieces (board plus hand) than the variant gives a side.
    #[error("{colour} has {on_board} pieces on the board and {in_hand} in hand; a side has {pieces}")]
    TooManyPieces {
        /// The side.
        colour: Colour,
        /// Its pieces on the board.
        on_board: u8,
        /// Its pieces in hand.
        in_hand: u8,
        /// The variant's piece count.
        pieces: u8,
    },
    /// Hand counts that alternate placement (White first) cannot produce
    /// with this side to move (not checked in Lasker Morris, where a side
    /// may slide instead of placing).
    #[error("white has {white} and black {black} in hand: impossible with {to_move} to move{}", if *.pending { " and a removal pending" } else { "" })]
    HandCounts {
        /// White's pieces in hand.
        white: u8,
        /// Black's pieces in hand.
        black: u8,
        /// The side to move.
        to_move: Colour,
        /// The pending flag.
        pending: bool,
    },
    /// The pending flag is set but the side to move has no mill.
    #[error("a removal is pending but {0} has no mill on the board")]
    PendingWithoutMill(Colour),
    /// The pending flag is set but the opponent has no piece on the board.
    #[error("a removal is pending but {0} has no piece on the board to remove")]
    NothingToRemove(Colour),
    /// The side not to move has fewer than three pieces: the game ended
    /// before its last ply.
    #[error("{0} has fewer than three pieces but is not to move: the game ended before")]
    OpponentReduced(Colour),
    /// A no-progress counter above 255 (counters from
    /// [`NO_PROGRESS_LIMIT`] up mean the no-progress draw is due).
    #[error("no-progress counter {0} is above 255")]
    CounterTooLarge(u32),
    /// A point off the board, or holding pieces of both sides.
    #[error("point {0} is off the board or holds a piece of each side")]
    BadPoint(Point),
}

/// A morris position: the pieces of both sides, the pieces in hand, the
/// side to move and whether it owes a removal (the ply after a mill),
/// under a [`Rules`]. The phase is derived ([`Position::phase`]).
///
/// It also carries the no-progress counter (consecutive plies without a
/// placement or removal, [`Position::no_progress`]) for the position text;
/// the counter is excluded from equality and from [`Game::hash`] (equal
/// for repetition purposes, as in shakmaty), and the game record keeps the
/// history that adjudicates repetitions and the no-progress rule.
///
/// ```
/// use lapilli_morris::{Colour, Move, Phase, Position};
/// let mut pos = Position::default();
/// assert_eq!(pos.legal_moves().len(), 24); // seed 001: 24 opening placements
/// pos.play("a7".parse().unwrap()).unwrap();
/// assert_eq!(pos.side_to_move(), Colour::Black);
/// assert_eq!(pos.phase(Colour::Black), Phase::Placing);
/// assert_eq!(pos.to_string(), "W......./......../........ b 8 9 -");
/// assert!(pos.play("a7".parse().unwrap()).is_err()); // occupied
/// ```
#[derive(Clone, Copy)]
pub struct Position {
    pieces: [u32; 2],
    hand: [u8; 2],
    to_move: Colour,
    pending: bool,
    clock: u8,
    base: u8,
    rules: Rules,
    tables: &'static Tables,
    hash: u64,
}

impl PartialEq for Position {
    /// Equal for repetition purposes: pieces, hands, side to move, pending
    /// flag and rules; the no-progress counter is not compared.
    fn eq(&self, other: &Position) -> bool {
        self.pieces == other.pieces
            && self.hand == other.hand
            && self.to_move == other.to_move
            && self.pending == other.pending
            && self.rules == other.rules
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start(Rules::default())
    }
}

impl Position {
    /// The empty board with every piece in hand, White to move.
    pub fn start(rules: Rules) -> Position {
        let n = rules.variant.pieces();
        Position::from_parts(rules, Bitboard::EMPTY, Bitboard::EMPTY, [n, n], Colour::White, false, 0)
            .expect("the start is valid")
    }

    /// A position from its parts: White's and Black's points, the pieces in
    /// hand `[white, black]`, the side to move, the pending-removal flag and
    /// the no-progress counter (plies since the last placement or removal).
    ///
    /// # Errors
    /// [`PositionError`] if a point is off the board or doubly occupied, a
    /// side has more pieces than the variant gives, the hands contradict
    /// alternate placement, the pending flag has no mill or nothing to
    /// remove, the side not to move has fewer than three pieces, or the
    /// counter exceeds 255.
    pub fn from_parts(
        rules: Rules,
        white: Bitboard,
        black: Bitboard,
        hand: [u8; 2],
        to_move: Colour,
        pending: bool,
        no_progress: u32,
    ) -> Result<Position, PositionError> {
        let variant = rules.variant;
        let tables = variant.tables();
        let all = Bitboard(tables.all as u64);
        if let Some(p) = ((white | black) - all).first_point().or((white & black).first_point()) {
            return Err(PositionError::BadPoint(p));
        }
        let pieces = [white.0 as u32, black.0 as u32];
        let max = variant.pieces();
        for c in [Colour::White, Colour::Black] {
            let on_board = pieces[c.index()].count_ones() as u8;
            let in_hand = hand[c.index()];
            if on_board as u32 + in_hand as u32 > max as u32 {
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
        if pieces[opp.index()].count_ones() + (hand[opp.index()] as u32) < 3 {
            return Err(PositionError::OpponentReduced(opp));
        }
        if no_progress > u8::MAX as u32 {
            return Err(PositionError::CounterTooLarge(no_progress));
        }
        let clock = no_progress as u8;
        let mut pos = Position { pieces, hand, to_move, pending, clock, base: clock, rules, tables, hash: 0 };
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.rules.variant
    }

    /// The points holding `colour`'s pieces.
    pub fn pieces(&self, colour: Colour) -> Bitboard {
        Bitboard(self.pieces[colour.index()] as u64)
    }

    /// The empty points.
    pub fn empty(&self) -> Bitboard {
        Bitboard(self.empty_bits() as u64)
    }

    #[inline]
    fn empty_bits(&self) -> u32 {
        self.tables.all & !(self.pieces[0] | self.pieces[1])
    }

    /// Who stands on `p`, if anyone.
    pub fn piece_at(&self, p: Point) -> Option<Colour> {
        [Colour::White, Colour::Black].into_iter().find(|&c| self.pieces(c).contains(p))
    }

    /// Pieces `colour` still has in hand.
    pub fn in_hand(&self, colour: Colour) -> u8 {
        self.hand[colour.index()]
    }

    /// Pieces `colour` has on the board.
    pub fn on_board(&self, colour: Colour) -> u8 {
        self.pieces[colour.index()].count_ones() as u8
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        self.to_move
    }

    /// Whether the side to move closed a mill and owes a removal: its next
    /// ply removes an opponent piece (seed 001).
    pub fn pending_removal(&self) -> bool {
        self.pending
    }

    /// Consecutive plies without a placement or a removal (0..=255,
    /// saturating); informative, see [`Position`].
    pub fn no_progress(&self) -> u32 {
        self.clock as u32
    }

    /// The phase of `colour`: placing with pieces in hand, else flying with
    /// exactly three on the board (when flying is allowed), else sliding.
    pub fn phase(&self, colour: Colour) -> Phase {
        if self.hand[colour.index()] > 0 {
            Phase::Placing
        } else if self.rules.flying && self.pieces[colour.index()].count_ones() == 3 {
            Phase::Flying
        } else {
            Phase::Sliding
        }
    }

    /// Whether `colour` has the piece on `p` standing in one of its mills.
    pub fn in_mill(&self, colour: Colour, p: Point) -> bool {
        let own = self.pieces[colour.index()];
        own >> p.index() & 1 == 1 && self.tables.mill_at(own, p)
    }

    /// The opponent pieces the side to move may remove now: those outside
    /// mills, or all of them when every one stands in a mill (seed 001).
    /// Empty unless a removal is pending.
    pub fn removable(&self) -> Bitboard {
        if !self.pending {
            return Bitboard::EMPTY;
        }
        Bitboard(self.removable_bits() as u64)
    }

    #[inline]
    fn removable_bits(&self) -> u32 {
        let opp = self.pieces[self.to_move.opponent().index()];
        let loose = opp & !self.tables.in_mills(opp);
        if loose != 0 {
            loose
        } else {
            opp
        }
    }

    /// How the game ended, if it has: the side to move is reduced below
    /// three pieces, or blocked, or (Twelve Men's Morris) the board is
    /// full. A pending removal is never an ending.
    pub fn ending(&self) -> Option<Ending> {
        if self.pending {
            return None;
        }
        let me = self.to_move.index();
        let own = self.pieces[me];
        if own.count_ones() + self.hand[me] as u32 <= 2 {
            return Some(Ending::Reduction);
        }
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
        let mut bits = own;
        while bits != 0 {
            let p = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if t.neighbours[p] & empty != 0 {
                return None;
            }
        }
        Some(Ending::Blocked)
    }

    /// The winner of a finished game (`None` while it goes on or when it is
    /// drawn).
    pub fn winner(&self) -> Option<Colour> {
        match self.ending() {
            Some(Ending::Reduction | Ending::Blocked) => Some(self.to_move.opponent()),
            _ => None,
        }
    }

    /// The legal plies in a fixed order: removals by point; placements by
    /// point, then (Lasker) slides; slides or flights by origin then target.
    pub fn legal_moves(&self) -> MoveList63 {
        let mut list = MoveList63::new();
        Game::legal_moves(self, &mut list);
        list
    }

    /// Fills `list` (cleared first) with the legal plies, in the order of
    /// [`Position::legal_moves`], reusing its storage.
    pub fn legal_moves_into(&self, list: &mut MoveList63) {
        list.clear();
        self.generate(list);
    }

    /// The number of legal plies, counted without listing them (perft's
    /// bulk counting).
    pub fn legal_move_count(&self) -> u64 {
        if self.ending().is_some() {
            return 0;
        }
        if self.pending {
            return self.removable_bits().count_ones() as u64;
        }
        let me = self.to_move.index();
        let own = self.pieces[me];
        let empty = self.empty_bits();
        let slides = || {
            let mut n = 0;
            let mut bits = own;
            while bits != 0 {
                let p = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                n += (self.tables.neighbours[p] & empty).count_ones() as u64;
            }
            n
        };
        match self.phase(self.to_move) {
            Phase::Placing if self.rules.variant.place_or_slide() => empty.count_ones() as u64 + slides(),
            Phase::Placing => empty.count_ones() as u64,
            Phase::Flying => 3 * empty.count_ones() as u64,
            Phase::Sliding => slides(),
        }
    }

    /// Why `m` is illegal here, or `Ok` if it is legal. Written apart from
    /// move generation, rule by rule, so the two can be compared.
    ///
    /// # Errors
    /// The [`IllegalReason`] of the first rule `m` breaks.
    pub fn check(&self, m: Move) -> Result<(), IllegalReason> {
        if self.ending().is_some() {
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

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] naming the ply and the reason; the position is then
    /// unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check(m).map_err(|reason| IllegalMove { mv: m, reason })?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays `m` without checking it. An illegal `m` causes no undefined
    /// behaviour but leaves a meaningless position (or panics for a point
    /// beyond 24, or a placement with an empty hand in debug builds).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let c = self.to_move;
        let me = c.index();
        match m {
            Move::Place(p) => {
                let n = self.hand[me];
                self.hash ^= zobrist::hand(c, n) ^ zobrist::hand(c, n - 1) ^ zobrist::piece(c, p);
                self.hand[me] = n - 1;
                self.pieces[me] |= 1 << p.index();
                self.clock = 0;
                self.base = 0;
                self.after_arrival(p);
            }
            Move::Slide { from, to } => {
                self.pieces[me] ^= 1 << from.index() | 1 << to.index();
                self.hash ^= zobrist::piece(c, from) ^ zobrist::piece(c, to);
                self.clock = self.clock.saturating_add(1);
                self.after_arrival(to);
            }
            Move::Remove(p) => {
                let o = c.opponent();
                self.pieces[o.index()] &= !(1 << p.index());
                self.hash ^= zobrist::piece(o, p) ^ zobrist::PENDING;
                self.pending = false;
                self.clock = 0;
                self.base = 0;
                self.pass_turn();
            }
        }
    }

    /// After a piece arrives on `p`: a mill there sets the pending removal
    /// (the same side moves again) if the opponent has a piece to take;
    /// otherwise the turn passes.
    #[inline]
    fn after_arrival(&mut self, p: Point) {
        let me = self.to_move.index();
        if self.pieces[1 - me] != 0 && self.tables.mill_at(self.pieces[me], p) {
            self.pending = true;
            self.hash ^= zobrist::PENDING;
        } else {
            self.pass_turn();
        }
    }

    #[inline]
    fn pass_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    /// The Zobrist hash recomputed from the pieces, hands, side to move and
    /// pending flag (the incrementally kept [`Game::hash`] always equals
    /// it). The no-progress counter is not hashed.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        if self.to_move == Colour::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        if self.pending {
            h ^= zobrist::PENDING;
        }
        for c in [Colour::White, Colour::Black] {
            h ^= zobrist::hand(c, self.hand[c.index()]);
            for p in self.pieces(c) {
                h ^= zobrist::piece(c, p);
            }
        }
        h
    }

    /// Whether playing `m` (a placement or slide) closes a mill.
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

    pub(crate) fn tables(&self) -> &'static Tables {
        self.tables
    }

    pub(crate) fn bits(&self, c: Colour) -> u32 {
        self.pieces[c.index()]
    }

    fn generate(&self, moves: &mut MoveList63) {
        if self.ending().is_some() {
            return;
        }
        if self.pending {
            let mut bits = self.removable_bits();
            while bits != 0 {
                let p = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                moves.push(Move::Remove(Point::new(p)));
            }
            return;
        }
        let empty = self.empty_bits();
        let own = self.pieces[self.to_move.index()];
        let t = self.tables;
        let slides = |moves: &mut MoveList63| {
            let mut bits = own;
            while bits != 0 {
                let from = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut targets = t.neighbours[from] & empty;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    moves.push(Move::Slide { from: Point::new(from), to: Point::new(to) });
                }
            }
        };
        match self.phase(self.to_move) {
            Phase::Placing => {
                let mut bits = empty;
                while bits != 0 {
                    let p = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    moves.push(Move::Place(Point::new(p)));
                }
                if self.rules.variant.place_or_slide() {
                    slides(moves);
                }
            }
            Phase::Sliding => slides(moves),
            Phase::Flying => {
                let mut bits = own;
                while bits != 0 {
                    let from = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let mut targets = empty;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as usize;
                        targets &= targets - 1;
                        moves.push(Move::Slide { from: Point::new(from), to: Point::new(to) });
                    }
                }
            }
        }
    }
}

impl Game for Position {
    type Move = Move;
    type Side = Colour;
    type Moves = MoveList63;

    fn side_to_move(&self) -> Colour {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending().map(|e| match e {
            Ending::Reduction | Ending::Blocked => Outcome::Loss,
            Ending::FullBoard => Outcome::Draw,
        })
    }

    fn legal_moves(&self, moves: &mut MoveList63) {
        MoveList::clear(moves);
        self.generate(moves);
    }

    fn play(&mut self, m: Move) {
        self.play_unchecked(m);
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// Placements and removals (docs/design.md: they reset the no-progress
    /// count and the repetition history).
    fn is_irreversible(&self, m: Move) -> bool {
        matches!(m, Move::Place(_) | Move::Remove(_))
    }

    /// [`NO_PROGRESS_LIMIT`] plies, less the counter a parsed position
    /// started with (so a text with counter 37 is drawn 63 reversible plies
    /// later, in a game record and in search alike).
    fn no_progress_limit(&self) -> Option<u32> {
        Some(NO_PROGRESS_LIMIT - (self.base as u32).min(NO_PROGRESS_LIMIT))
    }

    /// 2 for a placement or slide that closes a mill, 1 for a removal, 0
    /// otherwise.
    fn move_order_hint(&self, m: Move) -> i32 {
        match m {
            Move::Remove(_) => 1,
            _ if self.closes_mill(m) => 2,
            _ => 0,
        }
    }
}

impl Symmetric for Position {
    /// White's points, Black's points shifted 24, the hands (4 bits each),
    /// the side to move, the pending flag and the rules: injective.
    type Key = u64;

    fn map(&self, g: &Permutation) -> Position {
        let mut p = *self;
        p.pieces = [
            g.map_bits(self.pieces(Colour::White)).0 as u32,
            g.map_bits(self.pieces(Colour::Black)).0 as u32,
        ];
        p.hash = p.hash_from_scratch();
        p
    }

    fn key(&self) -> u64 {
        let variant = self.rules.variant as u64;
        self.pieces[0] as u64
            | (self.pieces[1] as u64) << 24
            | (self.hand[0] as u64) << 48
            | (self.hand[1] as u64) << 52
            | (self.to_move as u64) << 56
            | (self.pending as u64) << 57
            | variant << 58
            | (self.rules.flying as u64) << 60
    }

    /// As the provided method (the least key: Black's points first, as the
    /// key orders them), with the images of both colours under every
    /// element found at once ([`Group::least_images`]).
    fn canonical(&self, group: &Group) -> Canonical<Position> {
        let element = group.least_images(&[self.pieces(Colour::Black), self.pieces(Colour::White)]);
        Canonical { position: self.map(group.element(element)), element }
    }
}
