//! Positions and the rules of play.

use crate::moves::Move;
use crate::zobrist;
use arrayvec::ArrayVec;
use lapilli_board_graph::{wheel, Bitboard, Point};
use lapilli_search::{Game, Indexed, MoveList, Outcome};
use lapilli_symmetry::{Canonical, Group, Permutation, Symmetric};
use thiserror::Error;

/// Pieces each side places (seed 000).
pub const PIECES: usize = 3;

/// One more than the largest [`Indexed::index`] of a position: `3^9`
/// colourings of the 9 points, times 2 sides to move, times 2 rule sets.
pub const INDEX_BOUND: usize = 19_683 * 2 * 2;

/// The legal plies of a position. 9 is the maximal branching: the first
/// placement on the empty board has 9 points; in the movement phase 3
/// pieces each have at most the 3 empty points to go to.
pub type MoveList9 = ArrayVec<Move, 9>;

pub use lapilli_search::Colour;

/// Rule options. The default follows docs/design.md: the centre may be taken on
/// the first placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Whether Black's first placement may be on the centre (`true` by
    /// default; the variant that forbids it is common where the first
    /// player's centre opening is thought too strong).
    pub centre_first: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules { centre_first: true }
    }
}

/// Which phase a position is in, derived from the pieces on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The side to move still has pieces to place.
    Placement,
    /// All six pieces are on the board; plies slide a piece.
    Movement,
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
    /// A point outside the wheel's 0..=8.
    #[error("the move names a point off the wheel (points are 0-8)")]
    OffBoard,
    /// A slide from a point to itself.
    #[error("a move must go to another point")]
    SamePoint,
    /// A placement in the movement phase, or a movement in the placement phase.
    #[error("wrong phase: {0}")]
    WrongPhase(&'static str),
    /// The target point is not empty.
    #[error("the target point is occupied")]
    Occupied,
    /// The moving piece is not the mover's.
    #[error("no piece of the side to move on the starting point")]
    NotYourPiece,
    /// The points are not adjacent.
    #[error("the points are not adjacent")]
    NotAdjacent,
    /// The centre on the very first placement, under `--no-centre-first`.
    #[error("these rules forbid the centre on the first placement")]
    CentreFirst,
}

/// Why a set of pieces is not a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// More than 3 pieces of one side.
    #[error("{colour} has {count} pieces; each side has {PIECES}")]
    TooManyPieces {
        /// The side.
        colour: Colour,
        /// Its piece count.
        count: usize,
    },
    /// Piece counts that alternate placement cannot produce (Black places
    /// first, so Black has as many pieces as White or one more).
    #[error(
        "black has {black} and white {white} pieces: black, placing first, has as many as white or one more"
    )]
    Counts {
        /// Black's count.
        black: usize,
        /// White's count.
        white: usize,
    },
    /// During placement the side to move follows from the counts.
    #[error("with {black} black and {white} white pieces it is {expected} to move")]
    SideToMove {
        /// Black's count.
        black: usize,
        /// White's count.
        white: usize,
        /// Who must be to move.
        expected: Colour,
    },
    /// A point holding pieces of both sides.
    #[error("point {0} holds a piece of each side")]
    Overlap(Point),
    /// A point not on the board.
    #[error("point {0} is not on the wheel")]
    OffBoard(Point),
    /// The side to move already has a line: the game ended a ply earlier
    /// for the other side, or both have lines.
    #[error("{0} to move already has three in a line: the game would have ended before")]
    MoverHasLine(Colour),
}

/// Board tables derived at compile time from the wheel's lines
/// (`lapilli_board_graph::wheel::LINES`); a test checks them against the
/// `Board` built from the same lines.
struct Tables {
    /// Adjacent points of each point (consecutive on some line).
    neighbours: [u16; 9],
    /// Whether each 9-bit point set holds a line.
    wins: [bool; 512],
    /// Base-3 value of each 9-bit point set: `sum of 3^p over p in set`.
    ternary: [u16; 512],
    /// Points in each 9-bit point set (a table: the baseline x86-64 target
    /// has no popcount instruction).
    counts: [u8; 512],
}

const TABLES: Tables = {
    let lines = wheel::LINES;
    let mut neighbours = [0u16; 9];
    let mut masks = [0u16; 12];
    let mut l = 0;
    while l < 12 {
        let [a, b, c] = lines[l];
        masks[l] = 1 << a | 1 << b | 1 << c;
        neighbours[a] |= 1 << b;
        neighbours[b] |= 1 << a | 1 << c;
        neighbours[c] |= 1 << b;
        l += 1;
    }
    let mut wins = [false; 512];
    let mut ternary = [0u16; 512];
    let mut counts = [0u8; 512];
    let mut set = 0;
    while set < 512 {
        counts[set] = (set as u16).count_ones() as u8;
        let mut l = 0;
        while l < 12 {
            if masks[l] as usize & !set == 0 {
                wins[set] = true;
            }
            l += 1;
        }
        let (mut p, mut power) = (0, 1u16);
        while p < 9 {
            if set >> p & 1 == 1 {
                ternary[set] += power;
            }
            power *= 3;
            p += 1;
        }
        set += 1;
    }
    Tables { neighbours, wins, ternary, counts }
};

#[inline]
fn tables() -> &'static Tables {
    &TABLES
}

/// Whether the point set holds three on one of the 12 lines.
#[inline]
fn has_line(set: u16) -> bool {
    tables().wins[set as usize & 0x1ff]
}

/// The base-3 reading of a point set (`sum of 3^p`), below `3^9`.
#[inline]
pub(crate) fn ternary(set: u16) -> usize {
    tables().ternary[set as usize & 0x1ff] as usize
}

/// A Terni Lapilli position: the pieces of both sides, the side to move and
/// the rules in force.
///
/// Equality and [`Game::hash`] cover exactly these; a game record's history
/// (for threefold repetition) is kept beside the position, in
/// `lapilli_search::History`.
///
/// ```
/// use lapilli_terni_lapilli::{Move, Position, Colour};
/// let mut pos = Position::default();
/// assert_eq!(pos.legal_moves().len(), 9);
/// pos.play("8".parse().unwrap()).unwrap();
/// assert_eq!(pos.side_to_move(), Colour::White);
/// assert_eq!(pos.to_string(), "........B w");
/// assert!(pos.play("8".parse().unwrap()).is_err()); // occupied
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    black: u16,
    white: u16,
    to_move: Colour,
    rules: Rules,
    hash: u64,
}

impl Default for Position {
    fn default() -> Position {
        Position::start(Rules::default())
    }
}

impl Position {
    /// The empty board, Black to move.
    pub fn start(rules: Rules) -> Position {
        Position::from_parts(Bitboard::EMPTY, Bitboard::EMPTY, Colour::Black, rules)
            .expect("the start position is valid")
    }

    /// A position from the point sets of each side.
    ///
    /// # Errors
    /// [`PositionError`] if a side has more than 3 pieces, the counts are
    /// not reachable by alternate placement from Black, the side to move
    /// contradicts the counts during placement, a point is off the board or
    /// doubly occupied, or the side to move already has a line.
    pub fn from_parts(
        black: Bitboard,
        white: Bitboard,
        to_move: Colour,
        rules: Rules,
    ) -> Result<Position, PositionError> {
        if let Some(p) = (black | white).iter().find(|p| p.index() >= 9) {
            return Err(PositionError::OffBoard(p));
        }
        if let Some(p) = (black & white).first_point() {
            return Err(PositionError::Overlap(p));
        }
        let (b, w) = (black.len(), white.len());
        for (colour, count) in [(Colour::Black, b), (Colour::White, w)] {
            if count > PIECES {
                return Err(PositionError::TooManyPieces { colour, count });
            }
        }
        if b != w && b != w + 1 {
            return Err(PositionError::Counts { black: b, white: w });
        }
        if b + w < 2 * PIECES {
            let expected = if b == w { Colour::Black } else { Colour::White };
            if to_move != expected {
                return Err(PositionError::SideToMove { black: b, white: w, expected });
            }
        }
        let mut pos = Position { black: black.0 as u16, white: white.0 as u16, to_move, rules, hash: 0 };
        if has_line(pos.bits(to_move)) {
            return Err(PositionError::MoverHasLine(to_move));
        }
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    fn bits(&self, c: Colour) -> u16 {
        match c {
            Colour::Black => self.black,
            Colour::White => self.white,
        }
    }

    /// The points holding `colour`'s pieces.
    pub fn pieces(&self, colour: Colour) -> Bitboard {
        Bitboard(self.bits(colour) as u64)
    }

    /// The empty points.
    pub fn empty(&self) -> Bitboard {
        Bitboard(0x1ff & !(self.black | self.white) as u64)
    }

    /// Who stands on `p`, if anyone.
    pub fn piece_at(&self, p: Point) -> Option<Colour> {
        if self.pieces(Colour::Black).contains(p) {
            Some(Colour::Black)
        } else if self.pieces(Colour::White).contains(p) {
            Some(Colour::White)
        } else {
            None
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        self.to_move
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The phase: placement while the side to move has pieces in hand.
    pub fn phase(&self) -> Phase {
        if (TABLES.counts[self.bits(self.to_move) as usize & 0x1ff] as usize) < PIECES {
            Phase::Placement
        } else {
            Phase::Movement
        }
    }

    /// The empty points that would complete a line of the opponent of the
    /// side to move.
    fn threatened_points(&self) -> u16 {
        let opp = self.bits(self.to_move.opponent());
        let empty = !(self.black | self.white) & 0x1ff;
        let mut threatened = 0;
        for p in 0..9 {
            if empty >> p & 1 == 1 && has_line(opp | 1 << p) {
                threatened |= 1 << p;
            }
        }
        threatened
    }

    /// The move-ordering hint of `m` given [`Position::threatened_points`].
    fn hint_with(&self, m: Move, threatened: u16) -> i32 {
        let own = self.bits(self.to_move);
        let (to, after) = match m {
            Move::Place(p) => (p.index(), own | 1 << p.index()),
            Move::Slide { from, to } => (to.index(), (own & !(1 << from.index())) | 1 << to.index()),
        };
        if has_line(after) {
            2
        } else if threatened >> to & 1 == 1 {
            1
        } else {
            0
        }
    }

    /// Whether `colour` has three pieces on one of the 12 lines.
    pub fn has_three(&self, colour: Colour) -> bool {
        has_line(self.bits(colour))
    }

    /// The number of pieces on the board (0..=6).
    pub fn piece_count(&self) -> usize {
        TABLES.counts[(self.black | self.white) as usize & 0x1ff] as usize
    }

    /// The winner, if the game is over: the side that completed a line, or
    /// the opponent of a side to move that has no legal move.
    pub fn winner(&self) -> Option<Colour> {
        match self.outcome() {
            Some(Outcome::Loss) => Some(self.to_move.opponent()),
            Some(Outcome::Win) => Some(self.to_move),
            _ => None,
        }
    }

    /// Whether the side to move has lost: the opponent completed a line on
    /// its last ply, or the side to move cannot move (seed 000 and
    /// docs/design.md: a side that must move and cannot loses).
    fn lost(&self) -> bool {
        if has_line(self.bits(self.to_move.opponent())) {
            return true;
        }
        if self.phase() == Phase::Placement {
            return false; // at most 5 pieces: an empty point remains
        }
        let t = tables();
        let empty = !(self.black | self.white) & 0x1ff;
        let mut own = self.bits(self.to_move);
        while own != 0 {
            let p = own.trailing_zeros() as usize;
            own &= own - 1;
            if t.neighbours[p] & empty != 0 {
                return false;
            }
        }
        true
    }

    /// The legal plies, in a fixed order: placements by point, slides by
    /// origin then target.
    pub fn legal_moves(&self) -> MoveList9 {
        let mut list = MoveList9::new();
        Game::legal_moves(self, &mut list);
        list
    }

    /// Why `m` is illegal here, or `Ok` if it is legal.
    ///
    /// # Errors
    /// The [`IllegalReason`] of the first rule `m` breaks.
    pub fn check(&self, m: Move) -> Result<(), IllegalReason> {
        if self.lost() {
            return Err(IllegalReason::GameOver);
        }
        let off = |p: Point| p.index() >= 9;
        match m {
            Move::Place(p) if off(p) => return Err(IllegalReason::OffBoard),
            Move::Slide { from, to } if off(from) || off(to) => return Err(IllegalReason::OffBoard),
            Move::Slide { from, to } if from == to => return Err(IllegalReason::SamePoint),
            _ => {}
        }
        let empty = self.empty();
        match (m, self.phase()) {
            (Move::Place(_), Phase::Movement) => {
                Err(IllegalReason::WrongPhase("all pieces are placed; move one as from-to"))
            }
            (Move::Slide { .. }, Phase::Placement) => {
                Err(IllegalReason::WrongPhase("pieces are still being placed; type one point"))
            }
            (Move::Place(p), Phase::Placement) => {
                if !empty.contains(p) {
                    Err(IllegalReason::Occupied)
                } else if !self.rules.centre_first && self.piece_count() == 0 && p == wheel::CENTRE {
                    Err(IllegalReason::CentreFirst)
                } else {
                    Ok(())
                }
            }
            (Move::Slide { from, to }, Phase::Movement) => {
                if !self.pieces(self.to_move).contains(from) {
                    Err(IllegalReason::NotYourPiece)
                } else if !empty.contains(to) {
                    Err(IllegalReason::Occupied)
                } else if tables().neighbours[from.index()] >> to.index() & 1 == 0 {
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
    /// off the board).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let c = self.to_move;
        let bits = match c {
            Colour::Black => &mut self.black,
            Colour::White => &mut self.white,
        };
        match m {
            Move::Place(p) => {
                *bits |= 1 << p.index();
                self.hash ^= zobrist::piece(c, p);
            }
            Move::Slide { from, to } => {
                *bits ^= 1 << from.index() | 1 << to.index();
                self.hash ^= zobrist::piece(c, from) ^ zobrist::piece(c, to);
            }
        }
        self.to_move = c.opponent();
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    /// The Zobrist hash recomputed from the pieces and side to move (the
    /// incrementally kept [`Game::hash`] must always equal it).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = if self.to_move == Colour::Black { zobrist::BLACK_TO_MOVE } else { 0 };
        for c in [Colour::Black, Colour::White] {
            for p in self.pieces(c) {
                h ^= zobrist::piece(c, p);
            }
        }
        h
    }
}

impl Game for Position {
    type Move = Move;
    type Side = Colour;
    type Moves = MoveList9;

    fn side_to_move(&self) -> Colour {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.lost().then_some(Outcome::Loss)
    }

    fn legal_moves(&self, moves: &mut MoveList9) {
        MoveList::clear(moves);
        // A finished game has no moves: the opponent has a line, or the
        // side to move is blocked (then nothing is generated below anyway).
        if has_line(self.bits(self.to_move.opponent())) {
            return;
        }
        let empty = !(self.black | self.white) & 0x1ff;
        if self.phase() == Phase::Placement {
            let mut targets = empty;
            if !self.rules.centre_first && self.black | self.white == 0 {
                targets &= !(1 << wheel::CENTRE.index());
            }
            while targets != 0 {
                let p = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                moves.push(Move::Place(Point::new(p)));
            }
        } else {
            let t = tables();
            let mut own = self.bits(self.to_move);
            while own != 0 {
                let from = own.trailing_zeros() as usize;
                own &= own - 1;
                let mut targets = t.neighbours[from] & empty;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    moves.push(Move::Slide { from: Point::new(from), to: Point::new(to) });
                }
            }
        }
    }

    fn play(&mut self, m: Move) {
        self.play_unchecked(m);
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn is_irreversible(&self, m: Move) -> bool {
        matches!(m, Move::Place(_))
    }

    /// 2 for a ply that completes a line (it wins), 1 for one that fills
    /// the empty point of an opponent's two-in-a-line (it blocks a threat),
    /// 0 otherwise.
    fn move_order_hint(&self, m: Move) -> i32 {
        self.hint_with(m, self.threatened_points())
    }

    fn move_order_hints(&self, moves: &[Move], hints: &mut Vec<i32>) {
        let threatened = self.threatened_points();
        hints.clear();
        hints.extend(moves.iter().map(|&m| self.hint_with(m, threatened)));
    }
}

impl Indexed for Position {
    fn index_bound(&self) -> usize {
        INDEX_BOUND
    }

    /// `4 * (t(black) + 2 t(white)) + 2 (no centre first) + (White to
    /// move)`, where `t` reads a point set in base 3. The rules are part of
    /// the index so that a tablebase solved under one rule set answers
    /// nothing for positions under the other.
    #[inline]
    fn index(&self) -> usize {
        let board = ternary(self.black) + 2 * ternary(self.white);
        4 * board + 2 * (!self.rules.centre_first) as usize + (self.to_move == Colour::White) as usize
    }
}

impl Symmetric for Position {
    type Key = u32;

    #[inline]
    fn map(&self, g: &Permutation) -> Position {
        let mut p = Position {
            black: g.map_bits(self.pieces(Colour::Black)).0 as u16,
            white: g.map_bits(self.pieces(Colour::White)).0 as u16,
            to_move: self.to_move,
            rules: self.rules,
            hash: 0,
        };
        p.hash = p.hash_from_scratch();
        p
    }

    /// Black's points, then White's, then the side to move and the rules:
    /// ordered by Black's pieces first.
    #[inline]
    fn key(&self) -> u32 {
        (self.black as u32) << 11
            | (self.white as u32) << 2
            | u32::from(!self.rules.centre_first) << 1
            | u32::from(self.to_move == Colour::White)
    }

    /// As the provided method (the least key: Black's image first), but
    /// finds the least images of both colours under every element at once
    /// ([`Group::least_images`]) and builds only the winning image.
    fn canonical(&self, group: &Group) -> Canonical<Position> {
        let element = group.least_images(&[self.pieces(Colour::Black), self.pieces(Colour::White)]);
        Canonical { position: self.map(group.element(element)), element }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compile_time_tables_match_the_board() {
        let board = wheel::wheel();
        for p in board.points() {
            assert_eq!(TABLES.neighbours[p.index()] as u64, board.neighbours(p).0);
        }
        for set in 0u64..512 {
            let has = board.line_sets().iter().any(|l| l.is_subset(Bitboard(set)));
            assert_eq!(TABLES.wins[set as usize], has);
        }
        assert_eq!(TABLES.ternary[0b1_0000_0011], 1 + 3 + 6561);
        assert_eq!(TABLES.counts[0b1_0110_0011], 5);
    }
}
