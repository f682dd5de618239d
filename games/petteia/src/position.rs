//! Positions and the rules of play.

use crate::board::{squares, tables, Tables, EAST, NONE, NORTH};
use crate::moves::{excerpt, square_name, Move, MoveText, ParseMoveError};
use crate::rules::{check_size, Rules, Setup, SetupError};
use crate::zobrist;
use arrayvec::ArrayVec;
use lapilli_board_graph::grid::Grid;
use lapilli_board_graph::Bitboard;
use lapilli_search::{Game, MoveList, Outcome};
use lapilli_symmetry::{Group, Permutation, Symmetric};
use std::fmt;
use std::hash::{Hash, Hasher};
use thiserror::Error;

/// The most legal plies a position can have on any supported board: every
/// ply goes to an empty square, and an empty square can be reached only by
/// the nearest piece in each of the four directions, so a position has at
/// most `4 x (squares - pieces) < 4 x 128 = 512` plies. (On 8x8 the start
/// has 32; the true 8x8 maximum is far below the bound.)
pub const MAX_MOVES: usize = 512;

/// The legal plies of a position (see [`MAX_MOVES`] for the bound).
pub type Moves = ArrayVec<Move, MAX_MOVES>;

pub use lapilli_search::Colour;

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

/// How a finished game ended (the side to move has lost).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move is down to one piece or none (seed 003: "reducing
    /// your opponent to a single piece"; the Dux counts).
    Reduction,
    /// The side to move has no legal move (seed 003: "completely trapping
    /// them so no move is possible").
    Blocked,
}

/// Why a set of pieces is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// An unsupported board size.
    #[error(transparent)]
    Size(#[from] SetupError),
    /// A piece off the board.
    #[error("a piece stands off the {width}x{height} board")]
    OffBoard {
        /// Files.
        width: usize,
        /// Ranks.
        height: usize,
    },
    /// A square holding pieces of both sides.
    #[error("square {0} holds a piece of each side")]
    Overlap(String),
    /// A Dux where no piece stands.
    #[error("a Dux is marked on the empty square {0}")]
    DuxWithoutPiece(String),
    /// Two Duxes of one side.
    #[error("{0} has more than one Dux")]
    TwoDuxes(Colour),
    /// The side that has just moved is down to one piece or none: the game
    /// would have ended on its turn.
    #[error("{0}, not to move, has fewer than two pieces: the game would have ended before")]
    OpponentReduced(Colour),
    /// More pieces than a side starts with: two full ranks of men, or one
    /// rank of men and a Dux.
    #[error("{colour} has {count} pieces; a side starts with at most {most} on this board")]
    TooManyPieces {
        /// The side.
        colour: Colour,
        /// Its pieces (men and Dux).
        count: u32,
        /// The most it can have.
        most: u32,
    },
}

/// Why a ply was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalReason {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A square off this board, or a move made for a board of another width.
    #[error("the move does not fit this board")]
    OffBoard,
    /// No piece of the side to move on the starting square.
    #[error("no piece of the side to move on {0}")]
    NotYourPiece(String),
    /// A move from a square to itself.
    #[error("a move must go to another square")]
    SameSquare,
    /// The squares are not on one row or column.
    #[error("pieces move along a row or a column only")]
    NotStraight,
    /// A piece on the way or on the target square.
    #[error("the way is blocked at {0}")]
    Blocked(String),
    /// The captures written (or carried) are not those the move makes.
    #[error("this move captures {actual}, not {claimed}")]
    WrongCaptures {
        /// The captures claimed.
        claimed: String,
        /// The captures the move makes ("nothing" for none).
        actual: String,
    },
}

/// A ply refused, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {text}: {reason}")]
pub struct IllegalMove {
    /// The refused ply as text.
    pub text: String,
    /// Why.
    pub reason: IllegalReason,
}

/// Why typed text is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is illegal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// A Petteia position: the pieces of both sides (men and Duxes), the side
/// to move, the rules in force, the board size, and the no-progress counter.
///
/// **Equality and hashing** ([`PartialEq`], [`Hash`], [`Game::hash`]) mean
/// "the same position for repetition purposes": pieces, side to move, rules
/// and board size. The no-progress counter (consecutive plies without a
/// capture, as in the position text) and the last move (kept only for
/// [`Position::diagram`]) are excluded, as shakmaty excludes its move
/// counters: positions reached with different counters transpose. The draw
/// itself is adjudicated by `lapilli_search::GameRecord` from its own
/// history, with the limit shortened by the counter a position was given
/// (see [`Position::no_progress_counter`]).
///
/// ```
/// use lapilli_petteia::{Colour, Position};
/// let mut pos = Position::default();
/// assert_eq!(pos.legal_moves().len(), 32);
/// pos.play(pos.parse_move("a2-a5").unwrap()).unwrap();
/// assert_eq!(pos.side_to_move(), Colour::Black);
/// assert_eq!(pos.to_string(), "mmmmmmmm/mmmmmmmm/8/M7/8/8/1MMMMMMM/MMMMMMMM b 1");
/// assert!(pos.parse_move("a7-a5").is_err()); // a5 is taken
/// ```
#[derive(Clone, Copy)]
pub struct Position {
    /// All pieces (men and Dux) of White, of Black.
    pieces: [u128; 2],
    /// The squares of the Duxes of both sides.
    duxes: u128,
    to_move: Colour,
    rules: Rules,
    counter: u16,
    /// The counter this position was given (by its text) until the first
    /// capture since: it shortens the no-progress limit, so that a game
    /// record started here draws at the right ply.
    base: u16,
    last: Option<Move>,
    tables: &'static Tables,
    hash: u64,
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
        self.hash.hash(state);
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
    /// A position from the square sets of each side (bit `i` is square
    /// `i`, numbered rank by rank from a1 as in
    /// `lapilli_board_graph::grid`): `pieces[0]` White's, `pieces[1]`
    /// Black's, men and Dux together; `duxes` marks which pieces are Duxes.
    ///
    /// # Errors
    /// [`PositionError`] for an unsupported size, pieces off the board or on
    /// one square twice, a Dux mark on an empty square, two Duxes of a side,
    /// or a side not to move with fewer than two pieces.
    pub fn from_sets(
        width: usize,
        height: usize,
        pieces: [u128; 2],
        duxes: u128,
        to_move: Colour,
        counter: u16,
        rules: Rules,
    ) -> Result<Position, PositionError> {
        check_size(width, height)?;
        let tables = tables(width, height);
        let name = |set: u128| square_name(set.trailing_zeros() as usize, width);
        if (pieces[0] | pieces[1]) & !tables.all != 0 {
            return Err(PositionError::OffBoard { width, height });
        }
        if pieces[0] & pieces[1] != 0 {
            return Err(PositionError::Overlap(name(pieces[0] & pieces[1])));
        }
        let stray = duxes & !(pieces[0] | pieces[1]);
        if stray != 0 {
            return Err(PositionError::DuxWithoutPiece(name(stray)));
        }
        for c in [Colour::White, Colour::Black] {
            if (pieces[c.index()] & duxes).count_ones() > 1 {
                return Err(PositionError::TwoDuxes(c));
            }
        }
        let has_dux = |c: Colour| pieces[c.index()] & duxes != 0;
        for c in [Colour::White, Colour::Black] {
            let count = pieces[c.index()].count_ones();
            let most = if has_dux(c) { width as u32 + 1 } else { 2 * width as u32 };
            if count > most {
                return Err(PositionError::TooManyPieces { colour: c, count, most });
            }
        }
        let other = to_move.opponent();
        if pieces[other.index()].count_ones() < 2 {
            return Err(PositionError::OpponentReduced(other));
        }
        let mut pos =
            Position { pieces, duxes, to_move, rules, counter, base: counter, last: None, tables, hash: 0 };
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

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

    /// The automorphism group of the board as found by
    /// `lapilli_symmetry::automorphisms` from the grid's rows and columns: 8
    /// elements on a square board, 4 on other boards of at most 64 squares,
    /// and only the identity (on 0 points) above 64 squares, where
    /// permutations are not available; [`Symmetric::map`] and
    /// [`lapilli_symmetry::MapMove::map_move`] treat any identity as the
    /// identity.
    pub fn group(&self) -> &'static Group {
        &self.tables.group
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        self.to_move
    }

    /// Consecutive plies without a capture (reset by a capture), as carried
    /// by the position text. Not part of equality or the hash, and not read
    /// by [`Game::outcome`]; the draw by no progress is adjudicated by
    /// `GameRecord` (and inside the search) from the plies actually played,
    /// through [`Game::no_progress_limit`], which the counter a position was
    /// given shortens.
    pub fn no_progress_counter(&self) -> u16 {
        self.counter
    }

    /// The ply that led here, when this position was reached by
    /// [`Position::play`] (for display; not part of equality).
    pub fn last_move(&self) -> Option<Move> {
        self.last
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
        [Colour::White, Colour::Black]
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

    /// How the game ended, if it has: the side to move has fewer than two
    /// pieces ([`Ending::Reduction`]) or no legal move ([`Ending::Blocked`]).
    pub fn ending(&self) -> Option<Ending> {
        let me = self.to_move.index();
        if self.pieces[me].count_ones() <= 1 {
            Some(Ending::Reduction)
        } else if !self.has_move(me) {
            Some(Ending::Blocked)
        } else {
            None
        }
    }

    /// The winner of a finished game (the side not to move), if the game
    /// is over.
    pub fn winner(&self) -> Option<Colour> {
        self.ending().map(|_| self.to_move.opponent())
    }

    /// Whether side `me` has a piece with an empty orthogonal neighbour.
    #[inline]
    fn has_move(&self, me: usize) -> bool {
        let t = self.tables;
        let w = t.width;
        let empty = t.all & !(self.pieces[0] | self.pieces[1]);
        let own = self.pieces[me];
        (own << w) & empty != 0
            || (own >> w) & empty != 0
            || ((own & t.not_last_file) << 1) & empty != 0
            || ((own & t.not_first_file) >> 1) & empty != 0
    }

    /// The squares the piece on `from` can move to: along each of its rays
    /// up to the first piece.
    #[inline]
    pub(crate) fn reach(&self, from: usize) -> u128 {
        let t = self.tables;
        let occupied = self.pieces[0] | self.pieces[1];
        let mut reach = 0;
        for d in 0..4 {
            let ray = t.ray[from][d];
            let blockers = ray & occupied;
            reach |= if blockers == 0 {
                ray
            } else {
                let b = if d == NORTH || d == EAST {
                    blockers.trailing_zeros() as usize
                } else {
                    127 - blockers.leading_zeros() as usize
                };
                ray & !t.ray[b][d] & !(1u128 << b)
            };
        }
        reach
    }

    /// The number of plies `colour` would have if it were to move (the
    /// rook moves of all its pieces), whoever is to move.
    pub fn mobility(&self, colour: Colour) -> u32 {
        squares(self.pieces[colour.index()]).map(|p| self.reach(p).count_ones()).sum()
    }

    /// The capture bits of the side to move's piece going `from` -> `to`.
    #[inline]
    fn capture_bits(&self, from: usize, to: usize) -> u8 {
        let t = self.tables;
        let me = self.to_move.index();
        let enemy_men = self.pieces[1 - me] & !self.duxes;
        if t.neighbours[to] & enemy_men == 0 {
            return 0;
        }
        let own = (self.pieces[me] & !(1u128 << from)) | 1u128 << to;
        let mut bits = 0u8;
        for d in 0..4 {
            let n = t.step[to][d];
            if n == NONE || enemy_men >> n & 1 == 0 {
                continue;
            }
            let beyond = t.step[n as usize][d];
            let sandwiched = if beyond == NONE { self.rules.edge_anvil } else { own >> beyond & 1 == 1 };
            let cornered = self.rules.corner_capture
                && t.corners >> n & 1 == 1
                && t.neighbours[n as usize] & !(1u128 << to) & own != 0;
            if sandwiched || cornered {
                bits |= 1 << d;
            }
        }
        bits
    }

    /// The legal plies, in a fixed order: by origin square, then by target
    /// square.
    pub fn legal_moves(&self) -> Moves {
        let mut list = Moves::new();
        Game::legal_moves(self, &mut list);
        list
    }

    /// Why `m` is illegal here, or `Ok` if it is legal. Written apart from
    /// move generation: it walks the squares between the two with grid
    /// steps and recomputes the captures square by square.
    ///
    /// # Errors
    /// The [`IllegalReason`] of the first rule `m` breaks.
    pub fn check(&self, m: Move) -> Result<(), IllegalReason> {
        let grid = self.tables.grid;
        let n = grid.point_count();
        if m.width() != grid.width() || m.from() >= n || m.to() >= n {
            return Err(IllegalReason::OffBoard);
        }
        if self.ending().is_some() {
            return Err(IllegalReason::GameOver);
        }
        let (from, to) = (m.from(), m.to());
        let mover = self.piece_at(from).filter(|p| p.colour == self.to_move);
        if mover.is_none() {
            return Err(IllegalReason::NotYourPiece(self.square_name(from)));
        }
        if from == to {
            return Err(IllegalReason::SameSquare);
        }
        let ((ff, fr), (tf, tr)) = (grid.coords(from), grid.coords(to));
        if ff != tf && fr != tr {
            return Err(IllegalReason::NotStraight);
        }
        let (df, dr) = ((tf as i64 - ff as i64).signum(), (tr as i64 - fr as i64).signum());
        let (mut f, mut r) = (ff as i64, fr as i64);
        while (f, r) != (tf as i64, tr as i64) {
            f += df;
            r += dr;
            let q = grid.point(f as usize, r as usize).expect("between two squares");
            if self.piece_at(q).is_some() {
                return Err(IllegalReason::Blocked(self.square_name(q)));
            }
        }
        let actual = self.captures_by_walking(from, to);
        let claimed: Vec<usize> = m.captured().collect();
        self.same_captures(&claimed, &actual)
    }

    /// `Ok` when the captures a move claims are the ones it makes, both
    /// sorted; else [`IllegalReason::WrongCaptures`] naming both.
    fn same_captures(&self, claimed: &[usize], actual: &[usize]) -> Result<(), IllegalReason> {
        if claimed == actual {
            return Ok(());
        }
        let names = |v: &[usize]| {
            if v.is_empty() {
                "nothing".to_string()
            } else {
                v.iter().map(|&q| self.square_name(q)).collect::<Vec<_>>().join(" ")
            }
        };
        Err(IllegalReason::WrongCaptures { claimed: names(claimed), actual: names(actual) })
    }

    /// The squares the side to move captures by going `from` -> `to`,
    /// lowest first, found by looking at each neighbour of `to` in turn.
    fn captures_by_walking(&self, from: usize, to: usize) -> Vec<usize> {
        let grid = self.tables.grid;
        let me = self.to_move;
        let (w, h) = (grid.width() as i64, grid.height() as i64);
        let at = |f: i64, r: i64| -> Option<usize> {
            (0..w).contains(&f).then_some(())?;
            (0..h).contains(&r).then_some(())?;
            Some((r * w + f) as usize)
        };
        let own_after = |q: usize| q == to || (q != from && self.piece_at(q).is_some_and(|p| p.colour == me));
        let (tf, tr) = grid.coords(to);
        let (tf, tr) = (tf as i64, tr as i64);
        let mut out = Vec::new();
        for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let Some(n) = at(tf + df, tr + dr) else { continue };
            let enemy_man = self.piece_at(n).is_some_and(|p| p.colour != me && !p.dux);
            if !enemy_man {
                continue;
            }
            let sandwiched = match at(tf + 2 * df, tr + 2 * dr) {
                Some(b) => own_after(b),
                None => self.rules.edge_anvil,
            };
            let (nf, nr) = (tf + df, tr + dr);
            let corner = (nf == 0 || nf == w - 1) && (nr == 0 || nr == h - 1);
            let cornered = self.rules.corner_capture
                && corner
                && [(0, 1), (1, 0), (0, -1), (-1, 0)]
                    .iter()
                    .filter_map(|(a, b)| at(nf + a, nr + b))
                    .any(|q| q != to && own_after(q));
            if sandwiched || cornered {
                out.push(n);
            }
        }
        out.sort_unstable();
        out
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// The legal move typed as `text` (`a2-a5`, or with its captures,
    /// `a2-a5xb5`).
    ///
    /// # Errors
    /// [`MoveError::Parse`] for text that is not a move,
    /// [`MoveError::Illegal`] for a move that is not legal here, including
    /// one written with captures it does not make.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let typed: MoveText = text.parse()?;
        Ok(self.resolve(&typed).map_err(|reason| IllegalMove { text: excerpt(text.trim()), reason })?)
    }

    /// The legal move a [`MoveText`] describes here: its captures are
    /// computed, and must equal the captures written, if any were.
    ///
    /// # Errors
    /// The [`IllegalReason`] the move breaks.
    pub fn resolve(&self, typed: &MoveText) -> Result<Move, IllegalReason> {
        let grid = self.tables.grid;
        let square = |(f, r): (usize, usize)| grid.point(f, r).ok_or(IllegalReason::OffBoard);
        let (from, to) = (square(typed.from)?, square(typed.to)?);
        let probe = Move::new(from, to, 0, grid.width());
        let bits = match self.check(probe) {
            Ok(()) => 0,
            Err(IllegalReason::WrongCaptures { .. }) => self.capture_bits(from, to),
            Err(e) => return Err(e),
        };
        let m = Move::new(from, to, bits, grid.width());
        if let Some(claimed) = &typed.captures {
            let mut claimed: Vec<usize> = claimed.iter().map(|&q| square(q)).collect::<Result<_, _>>()?;
            claimed.sort_unstable();
            let actual: Vec<usize> = m.captured().collect();
            self.same_captures(&claimed, &actual)?;
        }
        Ok(m)
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] naming the ply and the reason; the position is then
    /// unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check(m).map_err(|reason| IllegalMove { text: m.to_string(), reason })?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays `m` without checking it. An illegal `m` causes no undefined
    /// behaviour but leaves a meaningless position (or panics for a square
    /// off the board).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let me = self.to_move.index();
        let (from, to) = (m.from(), m.to());
        let (fb, tb) = (1u128 << from, 1u128 << to);
        let is_dux = self.duxes & fb != 0;
        self.pieces[me] ^= fb | tb;
        let kind = me + 2 * usize::from(is_dux);
        self.hash ^= zobrist::piece(kind, from) ^ zobrist::piece(kind, to);
        if is_dux {
            self.duxes ^= fb | tb;
        }
        if m.is_capture() {
            for q in m.captured() {
                self.pieces[1 - me] &= !(1u128 << q);
                self.hash ^= zobrist::piece(1 - me, q);
            }
            self.counter = 0;
            self.base = 0;
        } else {
            self.counter = self.counter.saturating_add(1);
        }
        self.to_move = self.to_move.opponent();
        self.hash ^= zobrist::BLACK_TO_MOVE;
        self.last = Some(m);
    }

    /// The Zobrist hash recomputed from the pieces and the side to move
    /// (the incrementally kept [`Game::hash`] always equals it).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = if self.to_move == Colour::Black { zobrist::BLACK_TO_MOVE } else { 0 };
        for c in 0..2 {
            for p in squares(self.pieces[c]) {
                let kind = c + 2 * usize::from(self.duxes >> p & 1 == 1);
                h ^= zobrist::piece(kind, p);
            }
        }
        h
    }

    /// The colour-swapped position: the colours exchanged, the side to move
    /// exchanged, and the ranks mirrored (rank `r` becomes rank `H + 1 -
    /// r`), so the side that was White stands where Black stood. The rules
    /// are colour-blind, so the swapped position has the same value for
    /// its side to move (docs/design.md: colour swap as an extra symmetry).
    ///
    /// ```
    /// use lapilli_petteia::Position;
    /// let mut pos = Position::default();
    /// pos.play(pos.parse_move("a2-a5").unwrap()).unwrap();
    /// assert_eq!(pos.to_string(), "mmmmmmmm/mmmmmmmm/8/M7/8/8/1MMMMMMM/MMMMMMMM b 1");
    /// // As if Black had played a7-a4 and White were to move.
    /// let swapped = pos.colour_swapped();
    /// assert_eq!(swapped.to_string(), "mmmmmmmm/1mmmmmmm/8/8/m7/8/MMMMMMMM/MMMMMMMM w 1");
    /// assert_eq!(swapped.colour_swapped(), pos);
    /// ```
    pub fn colour_swapped(&self) -> Position {
        let mirror = |set: u128| self.mirror_ranks(set);
        let mut p = Position {
            pieces: [mirror(self.pieces[1]), mirror(self.pieces[0])],
            duxes: mirror(self.duxes),
            to_move: self.to_move.opponent(),
            rules: self.rules,
            counter: self.counter,
            base: self.base,
            last: None,
            tables: self.tables,
            hash: 0,
        };
        p.hash = p.hash_from_scratch();
        p
    }

    /// `set` with rank `r` moved to rank `H - 1 - r` (from 0).
    fn mirror_ranks(&self, set: u128) -> u128 {
        let (w, h) = (self.width(), self.height());
        let row = (1u128 << w) - 1;
        (0..h).fold(0, |out, r| out | ((set >> (r * w)) & row) << ((h - 1 - r) * w))
    }

    /// A ply mapped by [`Position::colour_swapped`]: its squares mirrored
    /// by rank (captures north and south exchange).
    pub fn colour_swapped_move(&self, m: Move) -> Move {
        let (w, h) = (self.width(), self.height());
        let flip = |p: usize| (h - 1 - p / w) * w + p % w;
        let b = m.capture_bits();
        let bits = (b & 0b1010) | (b & 1) << 2 | (b >> 2 & 1);
        Move::new(flip(m.from()), flip(m.to()), bits, w)
    }
}

impl Game for Position {
    type Move = Move;
    type Side = Colour;
    type Moves = Moves;

    fn side_to_move(&self) -> Colour {
        self.to_move
    }

    /// A loss for the side to move when it has fewer than two pieces or no
    /// legal move; never a draw (draws are the game record's business).
    fn outcome(&self) -> Option<Outcome> {
        self.ending().map(|_| Outcome::Loss)
    }

    fn legal_moves(&self, moves: &mut Moves) {
        MoveList::clear(moves);
        if self.ending().is_some() {
            return;
        }
        let w = self.tables.width;
        for from in squares(self.pieces[self.to_move.index()]) {
            for to in squares(self.reach(from)) {
                moves.push(Move::new(from, to, self.capture_bits(from, to), w));
            }
        }
    }

    fn play(&mut self, m: Move) {
        self.play_unchecked(m);
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// Captures are irreversible (men never return); every other ply is
    /// reversible.
    fn is_irreversible(&self, m: Move) -> bool {
        m.is_capture()
    }

    /// The rules' limit, shortened by the counter the position was given
    /// (until a capture): a game record started from a text with counter
    /// `c` draws after `limit - c` more plies without a capture.
    fn no_progress_limit(&self) -> Option<u32> {
        self.rules.no_progress_limit.map(|l| u32::from(l).saturating_sub(u32::from(self.base)))
    }

    /// `10 x` the number of men captured: captures first, bigger ones
    /// before smaller ones; 0 for quiet plies.
    fn move_order_hint(&self, m: Move) -> i32 {
        10 * m.capture_count() as i32
    }
}

impl Symmetric for Position {
    /// White's pieces, Black's pieces, the Duxes, Black to move.
    type Key = (u128, u128, u128, bool);

    /// The position relabelled by a board automorphism (counter kept, last
    /// move dropped). Any identity permutation (the only element of a
    /// board above 64 squares) returns the position unchanged.
    ///
    /// # Panics
    /// Panics if `g` is not an identity and acts on a different number of
    /// squares than the board has.
    fn map(&self, g: &Permutation) -> Position {
        if g.is_identity() {
            return *self;
        }
        assert_eq!(g.len(), self.tables.squares(), "a permutation of another board");
        let map = |set: u128| g.map_bits(Bitboard(set as u64)).0 as u128;
        let mut p = Position {
            pieces: [map(self.pieces[0]), map(self.pieces[1])],
            duxes: map(self.duxes),
            last: None,
            hash: 0,
            ..*self
        };
        p.hash = p.hash_from_scratch();
        p
    }

    fn key(&self) -> Self::Key {
        (self.pieces[0], self.pieces[1], self.duxes, self.to_move == Colour::Black)
    }
}
