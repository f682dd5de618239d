//! Positions: the struct, its accessors and the rules contract
//! ([`Game`] for search, [`CheckedGame`] for players and front ends).

mod error;
mod legality;
mod movegen;
mod removal_order;
mod setup;
mod symmetry;

pub use error::{IllegalMove, IllegalReason, PositionError};
pub use legality::Ending;
pub use movegen::{MoveList, Phase, MAX_MOVES};
pub use removal_order::RemovalOrder;

use crate::moves::{self, Move, ParseMoveError};
use crate::rules::{Rules, Tables, Variant};
use lapilli_board_graph::{Bitboard, Colour, Point};
use lapilli_game::{CheckedGame, Game, Outcome};
use std::fmt;

/// The draw limit of the no-progress rule: 100 consecutive plies without a
/// placement or a removal (seed 001: the shuffle is drawn at exactly ply
/// 100). The same in every variant.
pub const NO_PROGRESS_LIMIT: u32 = 100;

/// A morris position: the pieces of both sides, the pieces in hand, the
/// side to move and whether it owes a removal (the ply after a mill),
/// under a [`Rules`]. The phase is derived ([`Position::phase`]).
///
/// It also carries the no-progress counter (consecutive plies without a
/// placement or removal, [`Position::no_progress_count`]) for the position
/// text; the counter is excluded from equality and from [`Game::zobrist`]
/// (equal for repetition purposes, as in shakmaty). The history that
/// adjudicates repetitions and the no-progress rule lives beside the
/// position ([`lapilli_game::History`], [`lapilli_game::GameRecord`]),
/// started with the counter: `GameRecord::new(pos, pos.no_progress_count())`.
///
/// The rules triad is [`CheckedGame`]'s: [`CheckedGame::check`] says why a
/// ply is illegal, [`CheckedGame::is_legal`] asks, [`CheckedGame::play`]
/// plays only legal plies (and leaves the position unchanged otherwise);
/// [`Game::play_unchecked`] trusts the caller.
///
/// ```
/// use lapilli_morris::{Colour, Phase, Position};
/// use lapilli_game::CheckedGame;
/// let mut pos = Position::default();
/// assert_eq!(pos.legal_moves().len(), 24); // seed 001: 24 opening placements
/// pos.play(pos.parse_move("a7").unwrap()).unwrap();
/// assert_eq!(pos.side_to_move(), Colour::Black);
/// assert_eq!(pos.phase(Colour::Black), Phase::Placing);
/// assert_eq!(pos.to_string(), "W......./......../........ b 8 9 -");
/// let err = pos.play(pos.parse_move("a7").unwrap()).unwrap_err();
/// assert_eq!(err.to_string(), "a7 is illegal: the target point is occupied");
/// ```
#[derive(Clone, Copy)]
pub struct Position {
    /// Points of White and Black, indexed by [`Colour::index`].
    pieces: [u32; 2],
    hand: [u8; 2],
    to_move: Colour,
    pending: bool,
    /// Plies since the last placement or removal, saturating at 255.
    clock: u8,
    rules: Rules,
    tables: &'static Tables,
    /// The incrementally kept Zobrist key.
    key: u64,
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
    /// The start of Nine Men's Morris.
    fn default() -> Position {
        Position::start(Rules::default())
    }
}

impl Position {
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
        Bitboard(u64::from(self.pieces[colour.index()]))
    }

    /// The empty points.
    pub fn empty(&self) -> Bitboard {
        Bitboard(u64::from(self.empty_bits()))
    }

    #[inline]
    pub(crate) fn empty_bits(&self) -> u32 {
        self.tables.all & !(self.pieces[0] | self.pieces[1])
    }

    /// Who stands on `p`, if anyone.
    pub fn piece_at(&self, p: Point) -> Option<Colour> {
        Colour::BOTH.into_iter().find(|&c| self.pieces(c).contains(p))
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

    /// Whether both hands are empty: the movement phase, where either side
    /// may be to move.
    pub fn is_movement(&self) -> bool {
        self.in_hand(Colour::White) == 0 && self.in_hand(Colour::Black) == 0
    }

    /// Consecutive plies without a placement or a removal (0..=255,
    /// saturating), as the position text carries it. It does not decide
    /// the no-progress draw by itself: pass it to
    /// [`lapilli_game::GameRecord::new`] or [`lapilli_game::History::new`]
    /// when a game or search starts here.
    pub fn no_progress_count(&self) -> u32 {
        u32::from(self.clock)
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

    pub(crate) fn tables(&self) -> &'static Tables {
        self.tables
    }

    /// `colour`'s points as bits.
    pub(crate) fn piece_bits(&self, c: Colour) -> u32 {
        self.pieces[c.index()]
    }

    fn illegal(&self, mv: Move, reason: IllegalReason) -> IllegalMove {
        IllegalMove { mv, text: self.move_text(mv), reason }
    }
}

impl Game for Position {
    type Move = Move;
    type Side = Colour;
    type Moves = MoveList;

    fn side_to_move(&self) -> Colour {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end().map(|e| match e {
            Ending::Reduction | Ending::Blocked => Outcome::Loss,
            Ending::FullBoard => Outcome::Draw,
        })
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        self.generate(moves);
    }

    /// Counted with popcounts, without listing the plies
    /// ([`Position::legal_move_count`]).
    fn legal_move_count(&self) -> usize {
        Position::legal_move_count(self) as usize
    }

    fn play_unchecked(&mut self, m: Move) {
        self.make(m);
    }

    fn zobrist(&self) -> u64 {
        self.key
    }

    /// From the keys the ply toggles ([`Position::zobrist_after`]).
    fn zobrist_after(&self, m: Move) -> Option<u64> {
        Some(Position::zobrist_after(self, m))
    }

    /// Placements and removals (docs/design.md: they reset the no-progress
    /// count and the repetition history).
    fn is_irreversible(&self, m: Move) -> bool {
        matches!(m, Move::Place(_) | Move::Remove(_))
    }

    /// [`NO_PROGRESS_LIMIT`], in every position and variant.
    fn no_progress_limit(&self) -> Option<u32> {
        Some(NO_PROGRESS_LIMIT)
    }

    /// `false` while a removal is pending: a turn that closes a mill ends
    /// with its removal, which resets the count (docs/design.md).
    fn draw_rules_apply(&self) -> bool {
        !self.pending
    }

    /// 2 for a placement or slide that closes a mill; 1 for a placement or
    /// slide onto a point where the opponent would close a mill (a block:
    /// two of the opponent's pieces stand in a line through it); 0
    /// otherwise. A removal gets 1 plus its [`RemovalOrder::rank`] (1 to
    /// 3; the plies of a removal are all removals). Blocks come early and,
    /// being forcing, are never reduced by late-move reductions.
    fn move_order_hint(&self, m: Move) -> i32 {
        match m {
            Move::Remove(p) => 1 + self.removal_order().rank(p),
            _ if self.closes_mill(m) => 2,
            _ if self.blocks_mill(m) => 1,
            _ => 0,
        }
    }

    /// A placement at `p` is `p`, a slide or flight `32 + 24 × from +
    /// to`, a removal at `p` `640 + p`: different for every ply, below 700.
    #[inline]
    fn move_key(&self, m: Move) -> Option<u32> {
        Some(match m {
            Move::Place(p) => p.index() as u32,
            Move::Slide { from, to } => 32 + 24 * from.index() as u32 + to.index() as u32,
            Move::Remove(p) => 640 + p.index() as u32,
        })
    }

    /// Checked on the bit sets, without generating the other plies.
    #[inline]
    fn move_with_key(&self, key: u32) -> Option<Move> {
        Position::move_with_key(self, key)
    }

    /// [`Game::move_order_hint`] for a whole list: the points that would
    /// complete a mill of either side are found once, and a move is only
    /// checked in full when it lands on one of them; with a removal owed,
    /// the [`RemovalOrder`] is found once.
    fn move_order_hints(&self, moves: &[Move], hints: &mut Vec<i32>) {
        let own = self.pieces[self.to_move.index()];
        let opponent = self.pieces[self.to_move.opponent().index()];
        let (closing, blocking) = (self.tables.completions(own), self.tables.completions(opponent));
        let removals = self.pending.then(|| self.removal_order());
        hints.clear();
        hints.extend(moves.iter().map(|&m| match m {
            Move::Remove(p) => 1 + removals.unwrap_or_else(|| self.removal_order()).rank(p),
            Move::Place(to) | Move::Slide { to, .. } => {
                let to = 1 << to.index();
                if closing & to != 0 && self.closes_mill(m) {
                    2
                } else if blocking & to != 0 {
                    1
                } else {
                    0
                }
            }
        }));
    }
}

impl CheckedGame for Position {
    type Illegal = IllegalReason;
    type MoveError = ParseMoveError;
    type Ending = Ending;

    /// Why `m` is illegal here, or `Ok` if it is legal. Written apart from
    /// move generation, rule by rule, so the two can be compared.
    ///
    /// # Errors
    /// The [`IllegalReason`] of the first rule `m` breaks.
    ///
    /// # Examples
    /// ```
    /// use lapilli_morris::{IllegalReason, Position};
    /// use lapilli_game::CheckedGame;
    /// let pos: Position = "WW.W..../B.....W./B...B... w 0 0 -".parse().unwrap();
    /// assert_eq!(pos.check(pos.parse_move("g4-g7").unwrap()), Ok(()));
    /// assert_eq!(pos.check(pos.parse_move("a7-a1").unwrap()), Err(IllegalReason::NotAdjacent));
    /// assert!(!pos.is_legal(pos.parse_move("xb6").unwrap()));
    /// ```
    fn check(&self, m: Move) -> Result<(), IllegalReason> {
        self.check_move(m)
    }

    /// Reads one ply with this board's point names (`d7`, `a1-a4`, `xg7`;
    /// the six men's board has `a1`..`e5`) or point indices (`1`, `6-7`,
    /// `x2`). Legality is not checked.
    ///
    /// # Errors
    /// [`ParseMoveError`] naming the fault; a ply with its removal
    /// (`a1-a4xg7`) is [`ParseMoveError::TwoPlies`] here (see
    /// [`CheckedGame::parse_plies`]).
    ///
    /// # Examples
    /// ```
    /// use lapilli_board_graph::Point;
    /// use lapilli_morris::{Move, ParseMoveError, Position, Rules, Variant};
    /// use lapilli_game::CheckedGame;
    /// let six = Position::start(Rules::new(Variant::SixMensMorris));
    /// assert_eq!(six.parse_move("e5"), Ok(Move::Place(Point::new(2))));
    /// assert_eq!(Position::default().parse_move("g7"), Ok(Move::Place(Point::new(2))));
    /// assert!(matches!(six.parse_move("g7"), Err(ParseMoveError::BadPoint(..))));
    /// assert!(matches!(six.parse_move("16"), Err(ParseMoveError::BadPoint(..))));
    /// ```
    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let names = self.variant().point_names();
        moves::parse_one(text, names, names.len())
    }

    /// Reads one ply, or a placement or slide followed by its removal
    /// (`d7xg7`, `g4-g7xb6`, `6-7x2`), and checks the line: the first ply
    /// must be legal here; a removal must follow a ply that closes a mill
    /// and be legal after it.
    ///
    /// # Errors
    /// [`ParseMoveError`]: a syntax fault as in
    /// [`CheckedGame::parse_move`], [`ParseMoveError::Illegal`] for a ply
    /// that is illegal where it would be played, and
    /// [`ParseMoveError::NothingToRemove`] for a removal after a ply that
    /// closes no mill.
    ///
    /// # Examples
    /// ```
    /// use lapilli_board_graph::Point;
    /// use lapilli_morris::{Move, ParseMoveError, Position};
    /// use lapilli_game::CheckedGame;
    /// let pos: Position = "WW.W..../B.....W./B...B... w 0 0 -".parse().unwrap();
    /// assert_eq!(
    ///     pos.parse_plies("g4-g7xb6").unwrap(),
    ///     [Move::Slide { from: Point::new(3), to: Point::new(2) }, Move::Remove(Point::new(8))]
    /// );
    /// assert!(matches!(pos.parse_plies("b2-b4xb6"), Err(ParseMoveError::NothingToRemove(_))));
    /// assert_eq!(pos.parse_plies("g4-g7xd7").unwrap_err().to_string(), "xd7 is illegal: no opponent piece stands there");
    /// ```
    fn parse_plies(&self, text: &str) -> Result<Vec<Move>, ParseMoveError> {
        let names = self.variant().point_names();
        let line = moves::parse_line(text, names, names.len())?;
        let first = line[0];
        self.check_move(first).map_err(|reason| ParseMoveError::Illegal(self.illegal(first, reason)))?;
        let Some(&removal) = line.get(1) else {
            return Ok(vec![first]);
        };
        let mut after = *self;
        after.make(first);
        if !after.pending {
            return Err(ParseMoveError::NothingToRemove(self.move_text(first)));
        }
        after
            .check_move(removal)
            .map_err(|reason| ParseMoveError::Illegal(after.illegal(removal, reason)))?;
        Ok(vec![first, removal])
    }

    /// The ply in this board's point names: `d7`, `a1-a4`, `xg7` (a point
    /// off the board as its index).
    ///
    /// ```
    /// use lapilli_board_graph::Point;
    /// use lapilli_morris::{Move, Position, Rules, Variant};
    /// use lapilli_game::CheckedGame;
    /// let six = Position::start(Rules::new(Variant::SixMensMorris));
    /// assert_eq!(six.move_text(Move::Place(Point::new(2))), "e5");
    /// assert_eq!(Position::default().move_text(Move::Remove(Point::new(2))), "xg7");
    /// ```
    fn move_text(&self, m: Move) -> String {
        let names = self.variant().point_names();
        let n = |p: Point| names.get(p.index()).map_or_else(|| p.index().to_string(), |s| s.to_string());
        match m {
            Move::Place(p) => n(p),
            Move::Slide { from, to } => format!("{}-{}", n(from), n(to)),
            Move::Remove(p) => format!("x{}", n(p)),
        }
    }

    /// How the game ended, if it has: the side to move is reduced below
    /// three pieces, or blocked, or (Twelve Men's Morris) the board is
    /// full. A pending removal is never an ending.
    fn ending(&self) -> Option<Ending> {
        self.end()
    }

    /// The opponent of the side to move after a reduction or a block;
    /// `None` while the game goes on and after a full board (a draw).
    fn winner(&self) -> Option<Colour> {
        match self.end() {
            Some(Ending::Reduction | Ending::Blocked) => Some(self.to_move.opponent()),
            _ => None,
        }
    }

    /// Every placement and removal on a point of the board, and every
    /// slide between two of its points (flights included).
    fn candidate_moves(&self) -> Vec<Move> {
        let n = self.variant().points();
        let points = (0..n).map(Point::new);
        let places = points.clone().map(Move::Place);
        let removals = points.clone().map(Move::Remove);
        let slides = points.clone().flat_map(|from| {
            points.clone().filter(move |&to| to != from).map(move |to| Move::Slide { from, to })
        });
        places.chain(removals).chain(slides).collect()
    }

    fn no_progress_count(&self) -> u32 {
        u32::from(self.clock)
    }
}
