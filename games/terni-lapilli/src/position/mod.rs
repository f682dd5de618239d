//! Positions: the struct, its accessors, and the rules as the search
//! traits see them.
//!
//! The rest of the rules is split by concern: [`error`] (why a ply or a
//! position is refused), [`setup`] (constructors and validation),
//! [`legality`] (the legality check, written apart from generation so the
//! two can be compared), [`movegen`] (move generation and play) and
//! [`symmetry`] (the board's symmetries).

mod error;
mod legality;
mod movegen;
mod setup;
mod symmetry;

pub use error::{IllegalMove, IllegalReason, PositionError};

use crate::board::{self, ternary, Tables, ALL};
use crate::moves::{Move, ParseMoveError};
use crate::rules::{Rules, Variant, POINTS};
use lapilli_board_graph::{Bitboard, Colour, Point};
use lapilli_game::arrayvec::ArrayVec;
use lapilli_game::{CheckedGame, Game, Indexed, Outcome};
use std::fmt;

/// The indices one game takes: `3^9` colourings of the 9 points, times 2
/// sides to move, times 2 centre-first options.
pub const INDICES_PER_VARIANT: usize = 19_683 * 2 * 2;

/// One more than the largest [`Indexed::index`] of a position of any game
/// of the family: [`INDICES_PER_VARIANT`] for each of the 5 games.
pub const INDEX_BOUND: usize = INDICES_PER_VARIANT * Variant::ALL.len();

/// The most legal plies of any position: 9, on the empty board at the
/// start (a placement on every point). In the moving phase the side to
/// move has `k` pieces and `9 - 2k` empty points to go to, at most
/// `k (9 - 2k)`: 9 with 3 pieces, 4 with 4 (achi).
pub const MAX_MOVES: usize = 9;

/// The legal plies of a position.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Which phase a position is in, derived from the pieces on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The side to move still has pieces to place.
    Placing,
    /// All pieces are on the board; plies move a piece.
    Moving,
}

/// How a game ended; either way the side to move has lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The opponent completed three in a line with its last ply.
    Line,
    /// The side to move has no legal ply. A rule that never decides a game
    /// of Terni Lapilli (no side can be walled in on the wheel), tapatan
    /// (the pieces that would wall a side in stand on a line) or nine holes
    /// (a piece may go to any empty point), but does decide some games of
    /// three men's morris and achi (`tests/rules.rs` counts them).
    Blocked,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::Line => "three in a line",
            Ending::Blocked => "no legal move",
        })
    }
}

impl lapilli_game::Ending for Ending {
    /// `"line"` or `"blocked"`.
    fn name(&self) -> &'static str {
        match self {
            Ending::Line => "line",
            Ending::Blocked => "blocked",
        }
    }
}

/// A position of a game of the family: the pieces of both sides, the side
/// to move and the rules in force (the game and the centre-first
/// option).
///
/// Equality, `Hash` and [`Game::zobrist`] cover exactly these; a game
/// record's history (for threefold repetition) is kept beside the position,
/// in [`lapilli_game::History`]. The rules are played through
/// [`CheckedGame`] (checked: [`CheckedGame::check`],
/// [`CheckedGame::is_legal`], [`CheckedGame::play`]) and [`Game`]
/// (unchecked: [`Game::play_unchecked`], for search).
///
/// # Text
/// `Display` and `FromStr` use the position text: nine characters, one per
/// point `0..8` (on the wheel the ring `0..7`, then the centre `8`; on a
/// 3x3 board `a1 b1 c1 a2 b2 c2 a3 b3 c3`), `B`, `W` or `.`; then the side
/// to move, `b` or `w`; then the game's name unless it is Terni Lapilli
/// ([`Variant::name`]); then `no-centre-first` under that option. Fields
/// are separated by whitespace (any run of it when reading, one space when
/// printing). The start is `......... b`; tapatan's is `......... b
/// tapatan`.
///
/// # Examples
/// ```
/// use lapilli_board_graph::Colour;
/// use lapilli_game::CheckedGame;
/// use lapilli_terni_lapilli::Position;
/// let mut pos = Position::default();
/// assert_eq!(pos.legal_moves().len(), 9);
/// let centre = pos.parse_move("8").unwrap();
/// pos.play(centre).unwrap();
/// assert_eq!(pos.side_to_move(), Colour::White);
/// assert_eq!(pos.to_string(), "........B w");
/// let refused = pos.play(centre).unwrap_err(); // occupied
/// assert_eq!(refused.to_string(), "8 is illegal: the target point is occupied");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The point sets of each side, indexed by [`Colour::index`].
    sets: [u16; 2],
    to_move: Colour,
    rules: Rules,
    /// The Zobrist key of the above, kept incrementally.
    key: u64,
}

impl Position {
    /// The point set of `c` as bits.
    #[inline]
    fn bits(&self, c: Colour) -> u16 {
        self.sets[c.index()]
    }

    /// The empty points as bits.
    #[inline]
    fn empty_bits(&self) -> u16 {
        ALL & !(self.sets[0] | self.sets[1])
    }

    /// The tables of the game.
    #[inline]
    fn tables(&self) -> &'static Tables {
        board::tables(self.rules.variant)
    }

    /// Whether `set` holds a line of the game's board.
    #[inline]
    fn has_line(&self, set: u16) -> bool {
        self.tables().has_line(set)
    }

    /// The points holding `colour`'s pieces.
    pub fn pieces(&self, colour: Colour) -> Bitboard {
        Bitboard(u64::from(self.bits(colour)))
    }

    /// The empty points.
    pub fn empty(&self) -> Bitboard {
        Bitboard(u64::from(self.empty_bits()))
    }

    /// Who stands on `p`, if anyone.
    pub fn piece_at(&self, p: Point) -> Option<Colour> {
        Colour::BOTH.into_iter().find(|&c| self.pieces(c).contains(p))
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        self.to_move
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The phase: placing while the side to move has pieces in hand.
    pub fn phase(&self) -> Phase {
        if board::count(self.bits(self.to_move)) < self.rules.variant.pieces() {
            Phase::Placing
        } else {
            Phase::Moving
        }
    }

    /// Whether `colour` has three pieces on one of the board's lines.
    pub fn has_three(&self, colour: Colour) -> bool {
        self.has_line(self.bits(colour))
    }

    /// The number of pieces on the board (0 to twice
    /// [`Variant::pieces`]).
    pub fn piece_count(&self) -> usize {
        board::count(self.sets[0] | self.sets[1])
    }

    /// The legal plies, in a fixed order: placements by point, slides by
    /// origin then target.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }
}

impl Game for Position {
    type Move = Move;
    type Side = Colour;
    type Moves = MoveList;

    fn side_to_move(&self) -> Colour {
        self.to_move
    }

    /// A loss for the side to move when the opponent has three in a line or
    /// the side to move is blocked.
    fn outcome(&self) -> Option<Outcome> {
        self.lost().then_some(Outcome::Loss)
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        self.generate(moves);
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        self.make(m);
    }

    fn zobrist(&self) -> u64 {
        self.key
    }

    /// From the keys the ply toggles.
    fn zobrist_after(&self, m: Move) -> Option<u64> {
        Some(self.key_after(m))
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

    /// A placement on `p` is `p`, a slide `16 + 9 × from + to`: different
    /// for every ply, below 97.
    fn move_key(&self, m: Move) -> Option<u32> {
        Some(Position::key_of(m))
    }

    /// Checked on the bit sets, without generating the other plies.
    fn move_with_key(&self, key: u32) -> Option<Move> {
        Position::move_with_key(self, key)
    }

    fn move_order_hints(&self, moves: &[Move], hints: &mut Vec<i32>) {
        let threatened = self.threatened_points();
        hints.clear();
        hints.extend(moves.iter().map(|&m| self.hint_with(m, threatened)));
    }
}

impl CheckedGame for Position {
    type Illegal = IllegalReason;
    type MoveError = ParseMoveError;
    type Ending = Ending;

    /// `Ok` if `m` is a legal ply here.
    ///
    /// # Errors
    /// The [`IllegalReason`] of the first rule `m` breaks.
    ///
    /// # Examples
    /// ```
    /// use lapilli_game::CheckedGame;
    /// use lapilli_terni_lapilli::{IllegalReason, Position};
    /// let pos: Position = "B.......W b".parse().unwrap();
    /// assert_eq!(pos.check(pos.parse_move("0").unwrap()), Err(IllegalReason::Occupied));
    /// assert!(pos.is_legal(pos.parse_move("1").unwrap()));
    /// ```
    fn check(&self, m: Move) -> Result<(), IllegalReason> {
        self.legality(m)
    }

    /// Reads a placement or a move in the board's point names
    /// ([`Move::parse_on`]): on the wheel `"4"` (or `"c"` for the centre)
    /// and `"0-8"`, on a 3x3 board `"b2"` and `"a1-b1"`.
    ///
    /// # Errors
    /// [`ParseMoveError`] saying what is wrong with the text.
    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        Move::parse_on(text, self.rules.variant.board_kind())
    }

    /// The move in the board's point names ([`Move::text_on`]); a move
    /// naming a point off the board (never legal) in numbers.
    fn move_text(&self, m: Move) -> String {
        let on_board = match m {
            Move::Place(p) => p.index() < POINTS,
            Move::Slide { from, to } => from.index() < POINTS && to.index() < POINTS,
        };
        if on_board {
            m.text_on(self.rules.variant.board_kind())
        } else {
            m.to_string()
        }
    }

    fn ending(&self) -> Option<Ending> {
        if self.has_line(self.bits(self.to_move.opponent())) {
            Some(Ending::Line)
        } else if self.lost() {
            Some(Ending::Blocked)
        } else {
            None
        }
    }

    /// The side that completed a line, or the opponent of a side to move
    /// that has no legal ply.
    fn winner(&self) -> Option<Colour> {
        self.lost().then(|| self.to_move.opponent())
    }

    /// The 9 placements and the moves a piece could make on an empty
    /// board: the 32 slides along the wheel's 16 edges, the 24 along the
    /// 3x3 grid's 12 edges, 32 along its 16 edges with the diagonals, the
    /// 72 of nine holes.
    fn candidate_moves(&self) -> Vec<Move> {
        let tables = self.tables();
        let places = (0..POINTS).map(|p| Move::Place(Point::new(p)));
        let slides = (0..POINTS).flat_map(|from| {
            lapilli_board_graph::bits::bits(tables.moves(from))
                .map(move |to| Move::Slide { from: Point::new(from), to: Point::new(to) })
        });
        places.chain(slides).collect()
    }
}

impl Indexed for Position {
    /// The end of the game's range of indices: [`INDICES_PER_VARIANT`]
    /// times one more than its place in [`Variant::ALL`] (so a Terni
    /// Lapilli solve allocates 78,732 slots, an achi solve 393,660).
    fn index_bound(&self) -> usize {
        (self.rules.variant as usize + 1) * INDICES_PER_VARIANT
    }

    /// `v * INDICES_PER_VARIANT + 4 * (t(black) + 2 t(white)) + 2 (no
    /// centre first) + (White to move)`, where `v` is the game's place in
    /// [`Variant::ALL`] and `t` reads a point set in base 3. The rules are
    /// part of the index so that a tablebase solved under one rule set
    /// answers nothing for positions under another.
    #[inline]
    fn index(&self) -> usize {
        let board = ternary(self.bits(Colour::Black)) + 2 * ternary(self.bits(Colour::White));
        self.rules.variant as usize * INDICES_PER_VARIANT
            + 4 * board
            + 2 * usize::from(!self.rules.centre_first)
            + usize::from(self.to_move == Colour::White)
    }
}
