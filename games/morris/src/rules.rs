//! The rules in force: the morris variants, the flying option, and the
//! board tables derived from `lapilli_board_graph::morris`.

use crate::shifts::Shifts;
use lapilli_board_graph::notation::excerpt;
use lapilli_board_graph::{morris, Board, Point};
use lapilli_symmetry::{automorphisms, Group};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;
use thiserror::Error;

/// A member of the morris family, all played by the same code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Variant {
    /// Nine Men's Morris (seed 001, docs/design.md): the 24-point board of
    /// 16 mills, 9 pieces each, White first; placing, then sliding, then
    /// flying with exactly three pieces; a mill removes one opponent piece.
    #[default]
    NineMensMorris,
    /// Six Men's Morris: two nested squares (16 points, 8 mills, the
    /// midpoints joined but the joins are no mills), 6 pieces each and no
    /// flying by default (Wikipedia, "Six men's morris"; R. C. Bell, *Board
    /// and Table Games from Many Civilizations*, 1960). Otherwise as Nine
    /// Men's Morris.
    SixMensMorris,
    /// Twelve Men's Morris: the 24-point board with the four diagonals as
    /// extra lines (20 mills), 12 pieces each; a board filled by the 24
    /// placements ends the game as a draw (Wikipedia, "Morabaraba" and
    /// "Twelve men's morris"). Otherwise as Nine Men's Morris.
    TwelveMensMorris,
    /// Lasker Morris: the nine men's board, 10 pieces each; a side with
    /// pieces in hand may either place one or slide a piece on the board
    /// (Emanuel Lasker's variant; Wikipedia, "Nine men's morris",
    /// Variants). Flying only with three pieces and an empty hand.
    LaskerMorris,
}

impl Variant {
    /// Every variant, the default first.
    pub const ALL: [Variant; 4] =
        [Variant::NineMensMorris, Variant::SixMensMorris, Variant::TwelveMensMorris, Variant::LaskerMorris];

    /// The variant's name, as position text writes it (after the pending
    /// flag, omitted for the default) and [`Variant::from_str`] reads it,
    /// e.g. `"six-mens-morris"`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::NineMensMorris => "nine-mens-morris",
            Variant::SixMensMorris => "six-mens-morris",
            Variant::TwelveMensMorris => "twelve-mens-morris",
            Variant::LaskerMorris => "lasker-morris",
        }
    }

    /// The variant's name in words, e.g. `"Six Men's Morris"`.
    pub fn title(self) -> &'static str {
        match self {
            Variant::NineMensMorris => "Nine Men's Morris",
            Variant::SixMensMorris => "Six Men's Morris",
            Variant::TwelveMensMorris => "Twelve Men's Morris",
            Variant::LaskerMorris => "Lasker Morris",
        }
    }

    /// Pieces each side starts with in hand: 9, 6, 12 or 10.
    pub fn pieces(self) -> u8 {
        match self {
            Variant::NineMensMorris => 9,
            Variant::SixMensMorris => 6,
            Variant::TwelveMensMorris => 12,
            Variant::LaskerMorris => 10,
        }
    }

    /// Points of the board: 24, or 16 for Six Men's Morris.
    pub fn points(self) -> usize {
        self.kind().points()
    }

    /// Whether a side with exactly three pieces (and none in hand) flies
    /// unless the rules say otherwise: every variant but Six Men's Morris.
    pub fn flying_by_default(self) -> bool {
        self != Variant::SixMensMorris
    }

    /// Whether a side with pieces in hand may slide instead of placing
    /// (Lasker Morris).
    pub fn place_or_slide(self) -> bool {
        self == Variant::LaskerMorris
    }

    /// Whether a full board is a draw (Twelve Men's Morris).
    pub fn full_board_draws(self) -> bool {
        self == Variant::TwelveMensMorris
    }

    /// The board, built from its lines.
    pub fn board(self) -> Board {
        match self.kind() {
            BoardKind::Nine => morris::nine_mens_morris(),
            BoardKind::Six => morris::six_mens_morris(),
            BoardKind::Twelve => morris::twelve_mens_morris(),
        }
    }

    /// Where each point is drawn, by index: `(file, rank)` from `(0, 0)`
    /// = a1 ([`morris::COORDS`], [`morris::SIX_COORDS`]).
    pub fn coords(self) -> Vec<lapilli_board_graph::Coord> {
        match self.kind() {
            BoardKind::Six => morris::SIX_COORDS.to_vec(),
            BoardKind::Nine | BoardKind::Twelve => morris::COORDS.to_vec(),
        }
    }

    /// The board built a second way, from its drawing (equal to
    /// [`Variant::board`]).
    pub fn board_from_geometry(self) -> Board {
        match self.kind() {
            BoardKind::Nine => morris::nine_mens_morris_from_geometry(),
            BoardKind::Six => morris::six_mens_morris_from_geometry(),
            BoardKind::Twelve => morris::twelve_mens_morris_from_geometry(),
        }
    }

    /// The human names of the points (`a7`, `d7`, ... on the 24-point
    /// board; `a5`, `c5`, ... on the six men's board).
    pub fn point_names(self) -> &'static [&'static str] {
        match self.kind() {
            BoardKind::Six => &morris::SIX_NAMES,
            _ => &morris::NAMES,
        }
    }

    /// The automorphism group of the board, found by
    /// [`lapilli_symmetry::automorphisms`] once and cached (16 elements on
    /// every morris board; seed 001 for the 24-point board). Every element
    /// maps mills onto mills and edges onto edges, so it is a symmetry of
    /// the rules: [`Position`](crate::Position)'s
    /// [`Canonicalize`](lapilli_game::Canonicalize) uses it.
    ///
    /// ```
    /// use lapilli_morris::Variant;
    /// assert_eq!(Variant::SixMensMorris.group().len(), 16);
    /// ```
    pub fn group(self) -> &'static Group {
        static GROUPS: [OnceLock<Group>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        GROUPS[self.kind() as usize].get_or_init(|| {
            automorphisms(self.cached_board())
                .expect("a morris board has 16 automorphisms, far below the bound")
        })
    }

    /// The board from its lines, built once and cached.
    pub(crate) fn cached_board(self) -> &'static Board {
        static BOARDS: [OnceLock<Board>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        BOARDS[self.kind() as usize].get_or_init(|| self.board())
    }

    pub(crate) fn kind(self) -> BoardKind {
        match self {
            Variant::NineMensMorris | Variant::LaskerMorris => BoardKind::Nine,
            Variant::SixMensMorris => BoardKind::Six,
            Variant::TwelveMensMorris => BoardKind::Twelve,
        }
    }

    pub(crate) fn tables(self) -> &'static Tables {
        static TABLES: [OnceLock<Tables>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        TABLES[self.kind() as usize].get_or_init(|| Tables::new(self.cached_board()))
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown morris variant {0:?}: use nine-mens-morris, six-mens-morris, twelve-mens-morris or lasker-morris")]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;

    /// # Errors
    /// [`ParseVariantError`] for a name that is not one of
    /// [`Variant::name`]'s.
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::ALL.into_iter().find(|v| v.name() == s).ok_or_else(|| ParseVariantError(excerpt(s)))
    }
}

/// The rules in force: a variant and the flying option.
///
/// ```
/// use lapilli_morris::{Rules, Variant};
/// assert!(Rules::default().flying);
/// assert!(!Rules::new(Variant::SixMensMorris).flying);
/// assert!(!Rules::default().no_flying().flying);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The variant.
    pub variant: Variant,
    /// Whether a side with exactly three pieces on the board and none in
    /// hand may fly to any empty point (seed 001). Off with
    /// [`Rules::no_flying`] (`no-flying` in position text).
    pub flying: bool,
}

impl Rules {
    /// The variant with its default flying rule.
    pub fn new(variant: Variant) -> Rules {
        Rules { variant, flying: variant.flying_by_default() }
    }

    /// The same rules without flying.
    #[must_use]
    pub fn no_flying(self) -> Rules {
        Rules { flying: false, ..self }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new(Variant::NineMensMorris)
    }
}

/// The three distinct boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoardKind {
    Nine = 0,
    Six = 1,
    Twelve = 2,
}

impl BoardKind {
    fn points(self) -> usize {
        match self {
            BoardKind::Six => morris::SIX_POINTS,
            _ => morris::POINTS,
        }
    }
}

/// Lines through one point never exceed 3 (a corner of the twelve men's
/// board: two sides and a diagonal).
pub(crate) const MAX_LINES_THROUGH: usize = 3;

/// Bit masks derived once from a board (u32: at most 24 points).
#[derive(Debug)]
pub(crate) struct Tables {
    /// All points of the board.
    pub all: u32,
    /// Neighbours of each point.
    pub neighbours: [u32; 24],
    /// The mills (lines of three) through each point; unused slots hold
    /// `u32::MAX`, which no set of board points contains.
    pub mills_through: [[u32; MAX_LINES_THROUGH]; 24],
    /// Every mill (line of three) of the board (the tests' reference; the
    /// program reads them through `shifts`).
    #[cfg(test)]
    pub mills: Vec<u32>,
    /// The board's directions and line classes, for whole-set operations.
    pub shifts: Shifts,
}

impl Tables {
    fn new(board: &Board) -> Tables {
        let mut neighbours = [0u32; 24];
        let mut mills_through = [[u32::MAX; MAX_LINES_THROUGH]; 24];
        for p in board.points() {
            neighbours[p.index()] = board.neighbours(p).0 as u32;
        }
        let mills: Vec<u32> = board.line_sets().iter().filter(|l| l.len() == 3).map(|l| l.0 as u32).collect();
        for p in board.points() {
            let through: Vec<u32> = mills.iter().copied().filter(|l| l >> p.index() & 1 == 1).collect();
            for (slot, l) in mills_through[p.index()].iter_mut().zip(through) {
                *slot = l;
            }
        }
        let shifts = Shifts::new(&neighbours[..board.point_count()], &mills);
        Tables {
            all: board.all_points().0 as u32,
            neighbours,
            mills_through,
            #[cfg(test)]
            mills,
            shifts,
        }
    }

    /// Whether `own` holds a whole mill through `p`.
    #[inline]
    pub fn mill_at(&self, own: u32, p: Point) -> bool {
        self.mills_through[p.index()].iter().any(|&l| l & !own == 0)
    }

    /// The points that would complete a mill of `set`: each point `q`
    /// with a line through it whose other two points are in `set` (`q`
    /// itself may be taken). `mill_at(set | 1 << q, q)` holds exactly for
    /// these `q`.
    #[inline]
    pub fn completions(&self, set: u32) -> u32 {
        self.shifts.completions(set)
    }

    /// The pieces of `own` that close a mill by sliding into the empty
    /// point `q`: its neighbours off a line through `q` whose other two
    /// points are `own`'s.
    #[inline]
    pub fn mill_sliders(&self, own: u32, q: usize) -> u32 {
        let mut movers = 0;
        for &l in self.mills_through[q].iter().take_while(|&&l| l != u32::MAX) {
            let rest = l & !(1 << q);
            if rest & own == rest {
                movers |= self.neighbours[q] & own & !l;
            }
        }
        movers
    }

    /// The points of `set` that stand in a mill of `set`.
    #[inline]
    pub fn in_mills(&self, set: u32) -> u32 {
        self.shifts.in_mills(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        assert!("chess".parse::<Variant>().is_err());
    }

    #[test]
    fn tables_match_the_board() {
        for v in Variant::ALL {
            let t = v.tables();
            let b = v.board();
            assert_eq!(t.all.count_ones() as usize, b.point_count());
            let mills = if v.kind() == BoardKind::Twelve {
                20
            } else if v.kind() == BoardKind::Six {
                8
            } else {
                16
            };
            assert_eq!(t.mills.len(), mills);
        }
    }
}
