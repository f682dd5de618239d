//! Tic-tac-toe on the 3x3 grid with its diagonals: X (White) moves first,
//! three in a line wins, a full board without one is a draw. Its symmetry
//! group is found from the board's lines (the 8 symmetries of the square).
//!
//! The `FLAW` parameter breaks one symmetry or key property on purpose, for
//! `tests/broken.rs`; [`TicTacToe`] is the sound game.

use lapilli_board_graph::bits::bits;
use lapilli_board_graph::grid::Grid;
use lapilli_board_graph::notation::excerpt;
use lapilli_board_graph::zobrist::keys;
use lapilli_board_graph::{Bitboard, Board, Colour};
use lapilli_game::arrayvec::ArrayVec;
use lapilli_game::{Canonicalize, CheckedGame, Ending, Game, Outcome};
use lapilli_symmetry::{automorphisms, Group, MapMove, Permutation, Symmetric};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;
use thiserror::Error;

/// The sound game.
pub const SOUND: u8 = 0;
/// `map_move` leaves every move where it is.
pub const UNMAPPED_MOVES: u8 = 1;
/// `map_move` maps by the inverse element.
pub const INVERSE_MOVES: u8 = 2;
/// `map` forgets O's stones.
pub const LOSSY_MAP: u8 = 3;
/// `canonicalize` returns the position itself.
pub const NO_CANONICAL: u8 = 4;
/// `orbit_len` is always 1.
pub const ORBIT_ONE: u8 = 5;
/// The key gives O's stones X's keys.
pub const KEY_IGNORES_COLOUR: u8 = 6;

/// Tic-tac-toe without flaws.
pub type TicTacToe = Ttt<SOUND>;

/// Zobrist keys: 9 points for X, then 9 for O.
const KEYS: [u64; 18] = keys(0x7717);
/// All nine points.
const FULL: u16 = 0x1ff;

/// The 3x3 grid, for square names.
fn grid() -> Grid {
    Grid::new(3, 3).expect("a 3x3 grid")
}

/// The rows and columns of the grid, and its two diagonals.
pub fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        let mut lines = grid().lines();
        lines.extend([vec![0, 4, 8], vec![2, 4, 6]]);
        Board::from_lines(9, lines).expect("eight lines on nine points")
    })
}

/// The board's automorphisms.
pub fn group() -> &'static Group {
    static GROUP: OnceLock<Group> = OnceLock::new();
    GROUP.get_or_init(|| automorphisms(board()).expect("the 8 symmetries of the square"))
}

/// A tic-tac-toe position: the points of X and of O (by
/// [`Colour::index`]); the side to move follows from the counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ttt<const FLAW: u8 = SOUND> {
    stones: [u16; 2],
}

/// A placement on a point, `0..9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell<const FLAW: u8 = SOUND>(pub u8);

/// Why a placement is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum TttIllegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not a point of the board.
    #[error("no such point")]
    OffBoard,
    /// The point holds a stone.
    #[error("the point is occupied")]
    Occupied,
}

/// A move text that is no square name of the board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("no square {0:?}")]
pub struct BadSquare(pub String);

/// How tic-tac-toe ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TttEnding {
    /// Three in a line.
    Line,
    /// A full board without a line.
    Full,
}

impl fmt::Display for TttEnding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TttEnding::Line => "three in a line",
            TttEnding::Full => "the board is full",
        })
    }
}

impl Ending for TttEnding {
    fn name(&self) -> &'static str {
        match self {
            TttEnding::Line => "line",
            TttEnding::Full => "full",
        }
    }
}

impl<const F: u8> Default for Ttt<F> {
    fn default() -> Self {
        Ttt { stones: [0; 2] }
    }
}

impl<const F: u8> Ttt<F> {
    /// The empty board.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether the side that just moved has three in a line.
    fn lined(&self) -> bool {
        let last = u64::from(self.stones[self.side_to_move().opponent().index()]);
        board().line_sets().iter().any(|l| l.0 & last == l.0)
    }
}

impl<const F: u8> fmt::Display for Ttt<F> {
    /// Ranks from the top, `x`, `o` or `.`, separated by `/`: "x.o/.x./...".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grid = grid();
        for rank in (0..3).rev() {
            for file in 0..3 {
                let p = grid.point(file, rank).expect("on the grid");
                let c = match (self.stones[0] >> p & 1, self.stones[1] >> p & 1) {
                    (1, _) => 'x',
                    (_, 1) => 'o',
                    _ => '.',
                };
                write!(f, "{c}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

impl<const F: u8> FromStr for Ttt<F> {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let grid = grid();
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != 3 || ranks.iter().any(|r| r.len() != 3) {
            return Err(format!("expected three ranks of three, found {:?}", excerpt(text)));
        }
        let mut stones = [0u16; 2];
        for (row, rank_text) in ranks.iter().enumerate() {
            for (file, c) in rank_text.chars().enumerate() {
                let p = grid.point(file, 2 - row).expect("on the grid");
                match c {
                    'x' => stones[0] |= 1 << p,
                    'o' => stones[1] |= 1 << p,
                    '.' => {}
                    _ => return Err(format!("bad square {c:?}")),
                }
            }
        }
        let (x, o) = (stones[0].count_ones(), stones[1].count_ones());
        if x != o && x != o + 1 {
            return Err(format!("{x} X and {o} O stones"));
        }
        Ok(Ttt { stones })
    }
}

impl<const F: u8> Game for Ttt<F> {
    type Move = Cell<F>;
    type Side = Colour;
    /// At most 9 placements, on the empty board.
    type Moves = ArrayVec<Cell<F>, 9>;

    fn side_to_move(&self) -> Colour {
        if self.stones[0].count_ones() > self.stones[1].count_ones() {
            Colour::Black
        } else {
            Colour::White
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.lined() {
            Some(Outcome::Loss)
        } else if self.stones[0] | self.stones[1] == FULL {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
    fn legal_moves(&self, moves: &mut Self::Moves) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend(bits(FULL & !(self.stones[0] | self.stones[1])).map(|p| Cell(p as u8)));
        }
    }
    fn play_unchecked(&mut self, m: Cell<F>) {
        self.stones[self.side_to_move().index()] |= 1 << m.0;
    }
    fn zobrist(&self) -> u64 {
        let x = bits(self.stones[0]).map(|p| KEYS[p]);
        let o_keys = if F == KEY_IGNORES_COLOUR { 0 } else { 9 };
        let o = bits(self.stones[1]).map(|p| KEYS[o_keys + p]);
        x.chain(o).fold(0, |k, key| k ^ key)
    }
    fn is_irreversible(&self, _: Cell<F>) -> bool {
        true
    }
}

impl<const F: u8> CheckedGame for Ttt<F> {
    type Illegal = TttIllegal;
    type MoveError = BadSquare;
    type Ending = TttEnding;

    fn check(&self, m: Cell<F>) -> Result<(), TttIllegal> {
        if self.outcome().is_some() {
            Err(TttIllegal::GameOver)
        } else if m.0 >= 9 {
            Err(TttIllegal::OffBoard)
        } else if (self.stones[0] | self.stones[1]) >> m.0 & 1 == 1 {
            Err(TttIllegal::Occupied)
        } else {
            Ok(())
        }
    }
    fn parse_move(&self, text: &str) -> Result<Cell<F>, BadSquare> {
        grid().parse_square(text).map(|p| Cell(p as u8)).map_err(|_| BadSquare(excerpt(text)))
    }
    fn move_text(&self, m: Cell<F>) -> String {
        if m.0 < 9 {
            grid().square_name(usize::from(m.0))
        } else {
            format!("#{}", m.0)
        }
    }
    fn ending(&self) -> Option<TttEnding> {
        match self.outcome() {
            Some(Outcome::Draw) => Some(TttEnding::Full),
            Some(_) => Some(TttEnding::Line),
            None => None,
        }
    }
    fn winner(&self) -> Option<Colour> {
        self.lined().then(|| self.side_to_move().opponent())
    }
    fn candidate_moves(&self) -> Vec<Cell<F>> {
        (0..9).map(Cell).collect()
    }
}

impl<const F: u8> Symmetric for Ttt<F> {
    type Key = u32;
    fn map(&self, g: &Permutation) -> Self {
        let image = |set: u16| g.map_bits(Bitboard(u64::from(set))).0 as u16;
        let o = if F == LOSSY_MAP { 0 } else { image(self.stones[1]) };
        Ttt { stones: [image(self.stones[0]), o] }
    }
    fn key(&self) -> u32 {
        u32::from(self.stones[0]) | u32::from(self.stones[1]) << 9
    }
}

impl<const F: u8> MapMove for Cell<F> {
    fn map_move(self, g: &Permutation) -> Self {
        match F {
            UNMAPPED_MOVES => self,
            INVERSE_MOVES => Cell(g.inverse().apply_index(usize::from(self.0)) as u8),
            _ => Cell(g.apply_index(usize::from(self.0)) as u8),
        }
    }
}

impl<const F: u8> Canonicalize for Ttt<F> {
    fn canonicalize(&self) -> Self {
        if F == NO_CANONICAL {
            *self
        } else {
            self.canonical(group()).position
        }
    }
    fn orbit_len(&self) -> usize {
        if F == ORBIT_ONE {
            1
        } else {
            self.orbit_size(group())
        }
    }
}
