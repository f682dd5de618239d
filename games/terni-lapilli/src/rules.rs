//! The rule options: the games of the family (board, pieces, movement)
//! and the centre-first option, with the symmetry group of each board.

use lapilli_board_graph::notation::excerpt;
use lapilli_board_graph::{grid, wheel, Board, Point};
use lapilli_symmetry::{automorphisms, Group};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;
use thiserror::Error;

/// Pieces each side places in Terni Lapilli (seed 000), and in three men's
/// morris, tapatan and nine holes; achi has 4 ([`Variant::pieces`]).
pub const PIECES: usize = 3;

/// Points of every board of the family: the wheel and the 3x3 grids have
/// 9.
pub const POINTS: usize = 9;

/// A place-then-move three-in-a-row game of the family, all played by the
/// same code: each side places its pieces alternately on empty points,
/// Black first, then the sides alternately move one piece; three own
/// pieces on a line of the board, after a placement or a move, win at
/// once, and a side that must move and cannot loses (seed 000 and
/// docs/design.md for Terni Lapilli, kept for every member).
///
/// The figures quoted for each game were computed here by the strong
/// solution ([`crate::solution::solve`]) and checked two ways: the solve
/// without symmetry reduction agrees position by position, and so does a
/// plain implementation of the rules with a plain fixpoint solver
/// (`tests/solve.rs`). Reachable positions count finished games; won,
/// lost and drawn are for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Variant {
    /// Terni Lapilli (seed 000): the wheel board (8 ring points and the
    /// centre, 12 lines: 8 runs of three ring points and 4 diameters), 3
    /// pieces each, a piece steps to an adjacent point (round the ring or
    /// along a spoke).
    ///
    /// A draw under both centre-first options; 5,230 reachable positions
    /// (3,040 won, 1,052 lost, 1,138 drawn), 2,880 of them with all six
    /// pieces placed; 5,221 without the centre first.
    #[default]
    TerniLapilli,
    /// Three men's morris as H. J. R. Murray's "smaller merels" (*A History
    /// of Chess*, 1913, p. 614, as Wikipedia's "Three men's morris" cites
    /// it): the 3x3 grid of rows and columns, 3 pieces each, a piece steps
    /// to an orthogonally adjacent point ("from a corner to the middle of
    /// an adjacent edge, from the middle of an edge to the center or an
    /// adjacent corner, or from the center to the middle of an edge").
    /// Three in a row or column wins: the lines drawn on this board, as
    /// "align their three pieces on a line drawn on the board" (Wikipedia,
    /// after R. C. Bell, *Board and Table Games from Many Civilizations*,
    /// 1960, vol. 1 pp. 91-92) reads without the diagonals, and as for
    /// nine holes on the same board.
    ///
    /// A draw under both centre-first options. 5,466 reachable positions
    /// (1,994 won, 730 lost, 2,742 drawn), 3,116 of them with all six pieces
    /// placed; 5,457 without the centre first. The first-player win that
    /// Wikipedia ("Three men's morris") and H. E. Dudeney ("Ovid's Game",
    /// *Amusements in Mathematics*, 1917) report, turned into a draw by
    /// barring the centre, is that of a board whose diagonals are lines:
    /// it is [`Variant::Tapatan`]'s figure, and also that of orthogonal
    /// steps with diagonal wins (computed here the same way: a win in 9
    /// plies, a draw without the centre first).
    ThreeMensMorris,
    /// Tapatan, from the Philippines (S. Culin, "Philippine Games",
    /// *American Anthropologist* 2, 1900, p. 648, as Ludii's Tapatan and
    /// the Wikipedia articles on three men's morris and achi cite it): the
    /// 3x3 grid with both diagonals drawn, 3 pieces each, "the dark plays
    /// first" (Black here); a piece steps along a line to the next point;
    /// three on a line "in any direction" (row, column or diagonal) wins.
    ///
    /// A first-player win in 9 plies (Black opens on the centre) and a draw
    /// without the centre first, as Dudeney says of the game on this board
    /// ("Ovid's Game": the first player wins by playing to the centre;
    /// barring the centre for the first move, the game is drawn). 5,390
    /// reachable positions (2,997 won, 1,185 lost, 1,208 drawn), 3,040 with
    /// all six pieces placed; 5,381 without the centre first.
    Tapatan,
    /// Nine holes (Wikipedia, "Nine holes"; H. J. R. Murray, *A History of
    /// Chess*, p. 614, names the move-anywhere game so): the 3x3 grid, 3
    /// pieces each; once placed, a piece moves to any empty point; three in
    /// a row or column wins, "not diagonally".
    ///
    /// A draw under both centre-first options, as Wikipedia's "Nine holes"
    /// reported in its earlier revisions ("analysis has shown that the game is a draw with perfect
    /// play"). 5,470 reachable positions (2,502 won, 522 lost, 2,446
    /// drawn), 3,120 with all six pieces placed; 5,461 without the centre
    /// first. No side is ever blocked.
    NineHoles,
    /// Achi, from Ghana (Wikipedia, "Achi (game)"; R. C. Bell, *Board and
    /// Table Games from Many Civilizations*): the tapatan board, 4 pieces
    /// each, so one point stays empty; a piece steps along a line to the
    /// next point; three on a line (row, column or diagonal) wins. Some
    /// accounts let a side that cannot move pass; here, as in every game of
    /// the family, it loses.
    ///
    /// A first-player win in 11 plies (Black opens on the centre), and a
    /// second-player win in 12 plies without the centre first; no reachable
    /// position is drawn. 5,716 reachable positions (3,527 won, 2,189 lost),
    /// 706 with all eight pieces placed; 5,707 without the centre first. No
    /// published solution was found to compare with.
    Achi,
}

impl Variant {
    /// Every game of the family, the default (Terni Lapilli) first.
    pub const ALL: [Variant; 5] = [
        Variant::TerniLapilli,
        Variant::ThreeMensMorris,
        Variant::Tapatan,
        Variant::NineHoles,
        Variant::Achi,
    ];

    /// The game's name, as the game registry and position text write it
    /// (omitted from the text for Terni Lapilli), e.g. `"three-mens-morris"`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::TerniLapilli => "terni-lapilli",
            Variant::ThreeMensMorris => "three-mens-morris",
            Variant::Tapatan => "tapatan",
            Variant::NineHoles => "nine-holes",
            Variant::Achi => "achi",
        }
    }

    /// The game's name in words, e.g. `"Three Men's Morris"`.
    pub const fn title(self) -> &'static str {
        match self {
            Variant::TerniLapilli => "Terni Lapilli",
            Variant::ThreeMensMorris => "Three Men's Morris",
            Variant::Tapatan => "Tapatan",
            Variant::NineHoles => "Nine Holes",
            Variant::Achi => "Achi",
        }
    }

    /// The board: its lines are the winning lines and, for
    /// [`Movement::Step`], the paths pieces step along.
    pub const fn board_kind(self) -> BoardKind {
        match self {
            Variant::TerniLapilli => BoardKind::Wheel,
            Variant::ThreeMensMorris | Variant::NineHoles => BoardKind::Grid,
            Variant::Tapatan | Variant::Achi => BoardKind::DiagonalGrid,
        }
    }

    /// Pieces each side places: 3, or 4 in achi.
    pub const fn pieces(self) -> usize {
        match self {
            Variant::Achi => 4,
            _ => PIECES,
        }
    }

    /// How a placed piece moves: to the next point along a line, or (nine
    /// holes) to any empty point.
    pub const fn movement(self) -> Movement {
        match self {
            Variant::NineHoles => Movement::Anywhere,
            _ => Movement::Step,
        }
    }

    /// The symmetry group of the game: the automorphism group of its board
    /// ([`BoardKind::group`]). Every element maps lines onto lines, hence
    /// edges onto edges, and fixes the centre, so it is a symmetry of the
    /// rules under both centre-first options. (Nine holes, whose moves
    /// ignore the edges, has more symmetries: any permutation of the rows
    /// and of the columns; only the 8 of the board are used.)
    pub fn group(self) -> &'static Group {
        self.board_kind().group()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no game of the family.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown game {0:?}: use terni-lapilli, three-mens-morris, tapatan, nine-holes or achi")]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;

    /// Reads one of the names [`Variant::name`] gives.
    ///
    /// # Errors
    /// [`ParseVariantError`] for any other text (its start).
    ///
    /// ```
    /// use lapilli_terni_lapilli::Variant;
    /// assert_eq!("tapatan".parse(), Ok(Variant::Tapatan));
    /// assert!("tic-tac-toe".parse::<Variant>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::ALL.into_iter().find(|v| v.name() == s).ok_or_else(|| ParseVariantError(excerpt(s)))
    }
}

/// How a placed piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Movement {
    /// To an adjacent empty point: the next point along one of the board's
    /// lines.
    Step,
    /// To any empty point (nine holes).
    Anywhere,
}

/// The boards of the family, each built from its lines in
/// `lapilli_board_graph` (9 points each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// The wheel of seed 000 ([`lapilli_board_graph::wheel`]): ring points
    /// `0..8`, the centre `8`; 12 lines, 16 edges.
    Wheel,
    /// The 3x3 grid of rows and columns
    /// ([`lapilli_board_graph::grid::three_by_three`]): points `0..9` are
    /// `a1 b1 c1 a2 b2 c2 a3 b3 c3`, the centre is `b2` (4); 6 lines, 12
    /// edges.
    Grid,
    /// The 3x3 grid with both diagonals drawn
    /// ([`lapilli_board_graph::grid::three_by_three_with_diagonals`]):
    /// numbered as [`BoardKind::Grid`]; 8 lines, 16 edges.
    DiagonalGrid,
}

impl BoardKind {
    /// The lines of three, as the constants of `lapilli_board_graph` list
    /// them.
    pub const fn lines(self) -> &'static [[usize; 3]] {
        match self {
            BoardKind::Wheel => &wheel::LINES,
            BoardKind::Grid => &grid::THREE_BY_THREE_LINES,
            BoardKind::DiagonalGrid => &grid::THREE_BY_THREE_DIAGONAL_LINES,
        }
    }

    /// The board built from [`BoardKind::lines`].
    pub fn board(self) -> Board {
        match self {
            BoardKind::Wheel => wheel::wheel(),
            BoardKind::Grid => grid::three_by_three(),
            BoardKind::DiagonalGrid => grid::three_by_three_with_diagonals(),
        }
    }

    /// The board built a second way, from its drawing (equal to
    /// [`BoardKind::board`]).
    pub fn board_from_geometry(self) -> Board {
        let three = grid::Grid::new(3, 3).expect("3x3 is a grid");
        match self {
            BoardKind::Wheel => wheel::wheel_from_geometry(),
            BoardKind::Grid => three.board_from_geometry().expect("the 3x3 drawing is valid"),
            BoardKind::DiagonalGrid => {
                three.board_with_diagonals_from_geometry().expect("the 3x3 drawing is valid")
            }
        }
    }

    /// Where each point is drawn, by index: the wheel's drawing
    /// ([`wheel::COORDS`]) or the 3x3 grid's ([`grid::Grid::drawing_coords`]).
    pub fn coords(self) -> Vec<lapilli_board_graph::Coord> {
        match self {
            BoardKind::Wheel => wheel::COORDS.to_vec(),
            BoardKind::Grid | BoardKind::DiagonalGrid => {
                grid::Grid::new(3, 3).expect("3x3 is a grid").drawing_coords()
            }
        }
    }

    /// The centre: `8` on the wheel, `b2` (4) on a grid. The only point the
    /// rules single out (the no-centre-first option), fixed by every
    /// symmetry of the board.
    pub const fn centre(self) -> Point {
        match self {
            BoardKind::Wheel => wheel::CENTRE,
            BoardKind::Grid | BoardKind::DiagonalGrid => grid::THREE_BY_THREE_CENTRE,
        }
    }

    /// Whether the points have grid names (`a1`..`c3`) rather than the
    /// wheel's numbers.
    pub const fn is_grid(self) -> bool {
        !matches!(self, BoardKind::Wheel)
    }

    /// The name of point `p` in move text: its number `0`..`8` on the
    /// wheel, its square name (`a1`..`c3`) on a grid.
    ///
    /// # Panics
    /// If `p` is not a point of the board (`0..9`).
    pub fn point_name(self, p: Point) -> String {
        assert!(p.index() < POINTS, "point {p} is off the board");
        if self.is_grid() {
            three_by_three().square_name(p.index())
        } else {
            p.to_string()
        }
    }

    /// The board's automorphism group, found by
    /// [`lapilli_symmetry::automorphisms`] once and cached: 16 elements on
    /// the wheel (8 rotations, 8 reflections), 8 on either grid (the
    /// symmetries of the square).
    ///
    /// ```
    /// use lapilli_terni_lapilli::BoardKind;
    /// assert_eq!(BoardKind::Wheel.group().len(), 16);
    /// assert_eq!(BoardKind::Grid.group().len(), 8);
    /// assert_eq!(BoardKind::DiagonalGrid.group().len(), 8);
    /// ```
    pub fn group(self) -> &'static Group {
        static GROUPS: [OnceLock<Group>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        GROUPS[self as usize]
            .get_or_init(|| automorphisms(&self.board()).expect("a 9-point board's group is small"))
    }
}

/// The 3x3 grid whose square names the grid boards use.
pub(crate) fn three_by_three() -> grid::Grid {
    grid::Grid::new(3, 3).expect("3x3 is a grid")
}

/// Rule options: the game and whether the first placement may take the
/// centre. The default is Terni Lapilli with the centre allowed
/// (docs/design.md).
///
/// No game of the family has a no-progress rule: in play, threefold
/// repetition is the only draw ([`lapilli_game::Game::no_progress_limit`]
/// is `None`).
///
/// ```
/// use lapilli_terni_lapilli::{Rules, Variant};
/// let rules = Rules::new(Variant::Achi).no_centre_first();
/// assert_eq!((rules.variant.pieces(), rules.centre_first), (4, false));
/// assert_eq!(Rules::default(), Rules::new(Variant::TerniLapilli));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The game.
    pub variant: Variant,
    /// Whether Black's first placement may be on the centre (`true` by
    /// default; the variant that forbids it is common where the first
    /// player's centre opening is thought too strong: H. E. Dudeney,
    /// *Amusements in Mathematics*, 1917, "Ovid's Game", bars the centre
    /// for the first move of three men's morris for that reason).
    pub centre_first: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new(Variant::TerniLapilli)
    }
}

impl Rules {
    /// The game with the centre allowed on the first placement.
    pub const fn new(variant: Variant) -> Rules {
        Rules { variant, centre_first: true }
    }

    /// The same game with the centre forbidden on the first placement.
    #[must_use]
    pub const fn no_centre_first(self) -> Rules {
        Rules { centre_first: false, ..self }
    }

    /// Both centre-first options of every game: 10 rule sets, the default
    /// first.
    pub fn all() -> impl Iterator<Item = Rules> {
        Variant::ALL.into_iter().flat_map(|v| [Rules::new(v), Rules::new(v).no_centre_first()])
    }

    /// The symmetry group of the game ([`Variant::group`]): the
    /// automorphism group of its board, found by search (16 elements on
    /// the wheel, 8 on the 3x3 grids). The same for both centre-first
    /// options: the rules are invariant under it, since the centre, the
    /// only point they single out, is fixed by every element.
    ///
    /// ```
    /// use lapilli_terni_lapilli::{Rules, Variant};
    /// assert_eq!(Rules::default().group().len(), 16);
    /// assert_eq!(Rules::new(Variant::Tapatan).group().len(), 8);
    /// ```
    pub fn group(self) -> &'static Group {
        self.variant.group()
    }
}
