//! Positions and the rules of play.
//!
//! The module is split by concern: `error` (the error types), `setup`
//! (construction and validation), `legality` (the legality check, written
//! apart from generation), `movegen` (move generation and play) and
//! `symmetry` (board symmetries and the colour swap).

mod error;
mod legality;
mod movegen;
mod setup;
mod symmetry;

pub use error::{Captures, IllegalMove, IllegalReason, MoveError, PositionError, Square};
pub use movegen::{MoveList, MAX_MOVES};

use crate::board::Tables;
use crate::moves::{self, Move};
use crate::rules::{Rules, Setup};
use lapilli_board_graph::grid::Grid;
use lapilli_board_graph::Colour;
use lapilli_game::{CheckedGame, Game, Outcome};
use std::fmt;
use std::hash::{Hash, Hasher};

/// A piece: a man or a Dux of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub colour: Colour,
    /// Whether it is the Dux (which moves and captures like a man but is
    /// never captured, seed 003).
    pub dux: bool,
}

impl Piece {
    /// The letter of the position text: `M`/`D` for White's man/Dux,
    /// `m`/`d` for Black's.
    pub fn char(self) -> char {
        match (self.colour, self.dux) {
            (Colour::White, false) => 'M',
            (Colour::White, true) => 'D',
            (Colour::Black, false) => 'm',
            (Colour::Black, true) => 'd',
        }
    }

    /// The piece written `c` in the position text, if any.
    pub fn from_char(c: char) -> Option<Piece> {
        let (colour, dux) = match c {
            'M' => (Colour::White, false),
            'D' => (Colour::White, true),
            'm' => (Colour::Black, false),
            'd' => (Colour::Black, true),
            _ => return None,
        };
        Some(Piece { colour, dux })
    }
}

/// How a finished game ended: the side to move has lost.
///
/// ```
/// use lapilli_petteia::Ending;
/// use lapilli_game::Ending as _;
/// assert_eq!(Ending::Blocked.name(), "blocked");
/// assert_eq!(Ending::Reduction.to_string(), "the side to move is down to one piece or none");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The side to move is down to one piece or none (seed 003: "reducing
    /// your opponent to a single piece"; the Dux counts).
    Reduction,
    /// The side to move has no legal move (seed 003: "completely trapping
    /// them so no move is possible").
    Blocked,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::Reduction => "the side to move is down to one piece or none",
            Ending::Blocked => "the side to move has no legal move",
        })
    }
}

impl lapilli_game::Ending for Ending {
    /// `reduction` or `blocked`.
    fn name(&self) -> &'static str {
        match self {
            Ending::Reduction => "reduction",
            Ending::Blocked => "blocked",
        }
    }
}

/// A Petteia position: the pieces of both sides (men and Duxes), the side
/// to move, the rules in force, the board size, and the no-progress count.
///
/// **Equality and hashing** ([`PartialEq`], [`Hash`], [`Game::zobrist`])
/// mean "the same position for repetition purposes": pieces, side to move,
/// rules and board size. The no-progress count (consecutive plies without a
/// capture, as in the position text) is excluded, as shakmaty excludes its
/// move counters: positions reached with different counts transpose. The
/// draw itself is adjudicated from the plies actually played by
/// `lapilli_game::GameRecord` (and inside the search), which take the
/// count a game starts with explicitly:
/// `GameRecord::new(pos, pos.no_progress_count())`.
///
/// ```
/// use lapilli_petteia::{Colour, Position};
/// use lapilli_game::{CheckedGame, Game};
/// let mut pos = Position::default();
/// assert_eq!(pos.legal_moves().len(), 32);
/// pos.play(pos.parse_move("a2-a5").unwrap()).unwrap();
/// assert_eq!(pos.side_to_move(), Colour::Black);
/// assert_eq!(pos.to_string(), "mmmmmmmm/mmmmmmmm/8/M7/8/8/1MMMMMMM/MMMMMMMM b 1");
/// let blocked = pos.parse_move("a7-a5").unwrap(); // a5 is taken
/// assert_eq!(pos.play(blocked).unwrap_err().to_string(), "a7-a5 is illegal: the way is blocked at a5");
/// ```
#[derive(Clone, Copy)]
pub struct Position {
    /// All pieces (men and Dux) of White, of Black.
    pieces: [u128; 2],
    /// The squares of the Duxes of both sides.
    duxes: u128,
    to_move: Colour,
    rules: Rules,
    no_progress: u32,
    tables: &'static Tables,
    key: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.pieces == other.pieces
            && self.duxes == other.duxes
            && self.to_move == other.to_move
            && self.rules == other.rules
            && std::ptr::eq(self.tables, other.tables)
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl Default for Position {
    /// The 8x8 start under the default rules (`Setup::default().start()`).
    fn default() -> Position {
        Setup::default().start()
    }
}

impl Position {
    /// Files.
    pub fn width(&self) -> usize {
        self.tables.width
    }

    /// Ranks.
    pub fn height(&self) -> usize {
        self.tables.height
    }

    /// The board's grid (square numbering and names).
    pub fn grid(&self) -> Grid {
        self.tables.grid
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Consecutive plies without a capture (reset by a capture), as carried
    /// by the position text ([`CheckedGame::no_progress_count`]). Not part
    /// of equality or the key, and not read by [`Game::outcome`] or
    /// [`Game::no_progress_limit`]: a game record or a search started here
    /// takes it as the plies before its start
    /// (`GameRecord::new(pos, pos.no_progress_count())`).
    pub fn no_progress_count(&self) -> u32 {
        self.no_progress
    }

    /// The squares of `colour`'s pieces (men and Dux), as a bit set.
    pub fn pieces(&self, colour: Colour) -> u128 {
        self.pieces[colour.index()]
    }

    /// The squares of `colour`'s men (its pieces without the Dux).
    pub fn men(&self, colour: Colour) -> u128 {
        self.pieces[colour.index()] & !self.duxes
    }

    /// The square of `colour`'s Dux, if it has one.
    pub fn dux(&self, colour: Colour) -> Option<usize> {
        let d = self.pieces[colour.index()] & self.duxes;
        (d != 0).then(|| d.trailing_zeros() as usize)
    }

    /// The number of `colour`'s pieces, the Dux included.
    pub fn piece_count(&self, colour: Colour) -> usize {
        self.pieces[colour.index()].count_ones() as usize
    }

    /// The piece on square `p`, if any (`None` off the board too).
    pub fn piece_at(&self, p: usize) -> Option<Piece> {
        if p >= 128 {
            return None;
        }
        let dux = self.duxes >> p & 1 == 1;
        Colour::BOTH
            .into_iter()
            .find(|c| self.pieces[c.index()] >> p & 1 == 1)
            .map(|colour| Piece { colour, dux })
    }

    /// The name of square `p` on this board (`"e2"`).
    ///
    /// # Panics
    /// Panics if `p` is not a square of the board.
    pub fn square_name(&self, p: usize) -> String {
        self.tables.grid.square_name(p)
    }

    /// The legal plies, in a fixed order: by direction (north, east,
    /// south, west), then by distance, then by target square
    /// ([`Game::legal_moves`] into a new list). The list is an array of
    /// [`MAX_MOVES`] plies; a loop that asks often reuses one list through
    /// [`Game::legal_moves`] instead.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        Game::legal_moves(self, &mut list);
        list
    }

    /// How the game ended, if it has (see [`CheckedGame::ending`]).
    #[inline]
    fn end(&self) -> Option<Ending> {
        let me = self.to_move.index();
        if self.pieces[me].count_ones() <= 1 {
            Some(Ending::Reduction)
        } else if !self.has_move(me) {
            Some(Ending::Blocked)
        } else {
            None
        }
    }
}

impl Game for Position {
    type Move = Move;
    type Side = Colour;
    type Moves = MoveList;

    fn side_to_move(&self) -> Colour {
        self.to_move
    }

    /// A loss for the side to move when it has fewer than two pieces or no
    /// legal move; never a draw (draws are the game record's business).
    fn outcome(&self) -> Option<Outcome> {
        self.end().map(|_| Outcome::Loss)
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        if self.end().is_none() {
            self.generate(moves);
        }
    }

    /// The four directional fills of the side to move's pieces, counted
    /// (each empty square reached one way has one origin, so the fills'
    /// sizes add up to the plies): no list built.
    fn legal_move_count(&self) -> usize {
        if self.end().is_some() {
            0
        } else {
            self.mobility(self.to_move) as usize
        }
    }

    /// Plays `m` without checking it. An illegal `m` causes no undefined
    /// behaviour but leaves a meaningless position (or panics for a square
    /// off the board).
    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        self.apply(m);
    }

    fn zobrist(&self) -> u64 {
        self.key
    }

    /// Captures are irreversible (men never return); every other ply is
    /// reversible.
    fn is_irreversible(&self, m: Move) -> bool {
        m.is_capture()
    }

    /// The rules' limit ([`Rules::no_progress_limit`], 100 by default): a
    /// constant of the rules, whatever the position's count.
    fn no_progress_limit(&self) -> Option<u32> {
        self.rules.no_progress_limit
    }

    /// `10 x` the number of men captured: captures first, bigger ones
    /// before smaller ones; 0 for quiet plies.
    fn move_order_hint(&self, m: Move) -> i32 {
        10 * m.capture_count() as i32
    }

    /// `128 × from + to` (boards have at most 128 squares): the captures
    /// follow from the two squares in a position, so the plies of one
    /// position all differ.
    fn move_key(&self, m: Move) -> Option<u32> {
        Some(128 * m.from() as u32 + m.to() as u32)
    }

    /// Checked on the piece's rays, without generating the other plies;
    /// the end of the game is tested only for a ply found.
    fn move_with_key(&self, key: u32) -> Option<Move> {
        Position::move_with_key(self, key).filter(|_| self.end().is_none())
    }
}

impl CheckedGame for Position {
    type Illegal = IllegalReason;
    type MoveError = MoveError;
    type Ending = Ending;

    /// Why `m` is illegal here, or `Ok` if it is legal. Written apart from
    /// move generation: it walks the squares between the two with grid
    /// steps and recomputes the captures square by square.
    ///
    /// # Errors
    /// The [`IllegalReason`] of the first rule `m` breaks.
    ///
    /// # Examples
    /// ```
    /// use lapilli_petteia::{IllegalReason, Position, Square};
    /// use lapilli_game::CheckedGame;
    /// let pos = Position::default();
    /// let m = pos.parse_move("a1-a3").unwrap();
    /// assert_eq!(pos.check(m), Err(IllegalReason::Blocked(Square::new(0, 1))));
    /// assert!(pos.is_legal(pos.parse_move("a2-a6").unwrap()));
    /// ```
    fn check(&self, m: Move) -> Result<(), IllegalReason> {
        self.check_move(m)
    }

    /// Reads `from-to` with the square names of this board, optionally
    /// followed by the captures (`a2-a5`, `a2-a5xb5`, `d1-d4xc4xe4xd5`).
    /// The move gets the captures the piece makes on arriving; captures
    /// written must be exactly those (in any order). Whether the ply is
    /// legal is left to [`CheckedGame::check`] and [`CheckedGame::play`].
    ///
    /// # Errors
    /// [`MoveError`]: text that is not a move, a square name that is not
    /// one or is off this board, or written captures the move does not
    /// make.
    ///
    /// # Examples
    /// ```
    /// use lapilli_petteia::{MoveError, Position};
    /// use lapilli_game::CheckedGame;
    /// let pos: Position = "8/8/3M4/3m4/1Mm1mM2/8/8/3M4 w 0".parse().unwrap();
    /// let m = pos.parse_move("d1-d4").unwrap();
    /// assert_eq!(pos.parse_move("d1-d4xd5xe4xc4"), Ok(m));
    /// assert_eq!(
    ///     pos.parse_move("d1-d4xc4"),
    ///     Err(MoveError::WrongCaptures { claimed: "c4".into(), actual: "c4 e4 d5".into() })
    /// );
    /// ```
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        moves::parse_move(self, text)
    }

    /// `from-to`, then `x` and each captured square, lowest first:
    /// `d1-d4xc4xe4xd5`. [`CheckedGame::parse_move`] reads it back.
    fn move_text(&self, m: Move) -> String {
        moves::move_text(self, m)
    }

    /// How the game ended, if it has: the side to move has fewer than two
    /// pieces ([`Ending::Reduction`]) or no legal move ([`Ending::Blocked`]).
    fn ending(&self) -> Option<Ending> {
        self.end()
    }

    /// The side not to move, once the game is over (it never ends drawn by
    /// the rules).
    fn winner(&self) -> Option<Colour> {
        self.end().map(|_| self.to_move.opponent())
    }

    /// Every move between two squares of one row or column with every set
    /// of captures among the target's neighbours not on the way (at most
    /// three): a superset of the legal moves of every position on this
    /// board.
    fn candidate_moves(&self) -> Vec<Move> {
        self.candidates()
    }

    fn no_progress_count(&self) -> u32 {
        self.no_progress
    }
}
