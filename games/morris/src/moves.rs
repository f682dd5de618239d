//! Plies and their notation.

use crate::variant::Variant;
use arrayvec::ArrayVec;
use lapilli_board_graph::{morris, Point};
use lapilli_symmetry::{MapMove, Permutation};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A ply of a morris game. The removal after a mill is a ply of its own,
/// played by the same side (docs/design.md: search is turn-aware).
///
/// Notation (accepted by [`Move::from_str`] and
/// [`Variant::parse_plies`]): a point is its index (`0`..`23`) or its name
/// (`a1`..`g7` on the 24-point board, `a1`..`e5` on the six men's board;
/// [`Move::from_str`] knows the 24-point names only). A placement is one
/// point (`d7`, `1`), a slide or flight `from-to` (`a1-a4`, `6-7`), a
/// removal `x` and the point (`xg7`, `x2`). [`fmt::Display`] prints point
/// indices (`6-7`, `x2`), which every variant reads;
/// [`Variant::move_text`] prints names.
///
/// ```
/// use lapilli_morris::Move;
/// use lapilli_board_graph::Point;
/// let m: Move = "a1-a4".parse().unwrap();
/// assert_eq!(m, Move::Slide { from: Point::new(6), to: Point::new(7) });
/// assert_eq!(m.to_string(), "6-7");
/// assert_eq!("xg7".parse::<Move>().unwrap(), Move::Remove(Point::new(2)));
/// assert!("a1-a1-a4".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Put a piece from the hand on an empty point.
    Place(Point),
    /// Move a piece to an empty point: to an adjacent one when sliding, to
    /// any one when flying.
    Slide {
        /// Where the piece stands.
        from: Point,
        /// Where it goes.
        to: Point,
    },
    /// Take an opponent's piece off the board (the ply after a mill).
    Remove(Point),
}

impl Move {
    /// The point the ply puts a piece on (`None` for a removal).
    pub fn to(self) -> Option<Point> {
        match self {
            Move::Place(p) | Move::Slide { to: p, .. } => Some(p),
            Move::Remove(_) => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(p) => write!(f, "{p}"),
            Move::Slide { from, to } => write!(f, "{from}-{to}"),
            Move::Remove(p) => write!(f, "x{p}"),
        }
    }
}

/// Why text is not a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// Nothing was typed.
    #[error("empty move: type a point (a1, or an index), from-to (a1-a4) or a removal (xg7)")]
    Empty,
    /// A point that is neither a name nor an index of the board.
    #[error("{0:?} is not a point of this board: use a name such as a1 or an index 0-{1}")]
    BadPoint(String, usize),
    /// A `-` or `x` without a point on one side.
    #[error("{0:?} is missing a point: write from-to (a1-a4) or x and a point (xg7)")]
    MissingPoint(String),
    /// Anything else: several `-` or `x`, a removal before a ply, ...
    #[error("{0:?} is not a move: write a point, from-to, xpoint, or a ply followed by xpoint")]
    Malformed(String),
    /// Two plies where one was expected.
    #[error("{0:?} is two plies (a ply and its removal); enter them one at a time here")]
    TwoPlies(String),
}

pub(crate) use lapilli_search::message::excerpt;

fn parse_point(s: &str, whole: &str, names: &[&str]) -> Result<Point, ParseMoveError> {
    if s.is_empty() {
        return Err(ParseMoveError::MissingPoint(excerpt(whole)));
    }
    let lower = s.to_ascii_lowercase();
    if let Some(i) = names.iter().position(|n| *n == lower) {
        return Ok(Point::new(i));
    }
    if s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()) && !(s.len() == 2 && s.starts_with('0')) {
        if let Ok(i) = s.parse::<usize>() {
            if i < names.len() {
                return Ok(Point::new(i));
            }
        }
    }
    Err(ParseMoveError::BadPoint(excerpt(s), names.len() - 1))
}

fn parse_single(s: &str, whole: &str, names: &[&str]) -> Result<Move, ParseMoveError> {
    let parts: Vec<&str> = s.split('-').map(str::trim).collect();
    match parts.as_slice() {
        [p] => Ok(Move::Place(parse_point(p, whole, names)?)),
        [a, b] => Ok(Move::Slide { from: parse_point(a, whole, names)?, to: parse_point(b, whole, names)? }),
        _ => Err(ParseMoveError::Malformed(excerpt(whole))),
    }
}

/// Parses one ply or a ply followed by its removal, with the point
/// names `names` (indices are always accepted).
pub(crate) fn parse_plies(text: &str, names: &[&str]) -> Result<ArrayVec<Move, 2>, ParseMoveError> {
    let s = text.trim();
    if s.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let mut out = ArrayVec::new();
    let lower = s.to_ascii_lowercase();
    let pieces: Vec<&str> = lower.split('x').map(str::trim).collect();
    match pieces.as_slice() {
        [ply] => out.push(parse_single(ply, s, names)?),
        ["", removed] => out.push(Move::Remove(parse_point(removed, s, names)?)),
        [ply, removed] => {
            let first = parse_single(ply, s, names)?;
            out.push(first);
            out.push(Move::Remove(parse_point(removed, s, names)?));
        }
        _ => return Err(ParseMoveError::Malformed(excerpt(s))),
    }
    Ok(out)
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses one ply, with the 24-point names or indices.
    ///
    /// # Errors
    /// [`ParseMoveError`] naming the fault; a combined ply and removal
    /// (`a1-a4xg7`) is [`ParseMoveError::TwoPlies`] here (see
    /// [`Variant::parse_plies`]).
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let plies = parse_plies(s, &morris::NAMES)?;
        match plies.as_slice() {
            [m] => Ok(*m),
            _ => Err(ParseMoveError::TwoPlies(excerpt(s.trim()))),
        }
    }
}

impl Variant {
    /// Parses one ply, or a placement or slide followed by its removal
    /// (`d7xg7`, `a1-a4xg7`, `6-7x2`), with this variant's point names or
    /// indices. Legality is not checked here.
    ///
    /// # Errors
    /// [`ParseMoveError`] naming the fault.
    ///
    /// ```
    /// use lapilli_morris::{Move, Variant};
    /// use lapilli_board_graph::Point;
    /// let plies = Variant::NineMensMorris.parse_plies("g4-g7xb6").unwrap();
    /// assert_eq!(plies.as_slice(), &[
    ///     Move::Slide { from: Point::new(3), to: Point::new(2) },
    ///     Move::Remove(Point::new(8)),
    /// ]);
    /// assert_eq!(Variant::SixMensMorris.parse_plies("e5").unwrap()[0], Move::Place(Point::new(2)));
    /// assert!(Variant::SixMensMorris.parse_plies("16").is_err());
    /// ```
    pub fn parse_plies(self, text: &str) -> Result<ArrayVec<Move, 2>, ParseMoveError> {
        parse_plies(text, self.point_names())
    }

    /// The ply in point names: `d7`, `a1-a4`, `xg7`.
    pub fn move_text(self, m: Move) -> String {
        let n = |p: Point| self.point_names().get(p.index()).copied().unwrap_or("?");
        match m {
            Move::Place(p) => n(p).to_string(),
            Move::Slide { from, to } => format!("{}-{}", n(from), n(to)),
            Move::Remove(p) => format!("x{}", n(p)),
        }
    }
}

impl MapMove for Move {
    fn map_move(self, g: &Permutation) -> Move {
        match self {
            Move::Place(p) => Move::Place(g.apply(p)),
            Move::Slide { from, to } => Move::Slide { from: g.apply(from), to: g.apply(to) },
            Move::Remove(p) => Move::Remove(g.apply(p)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_forms() {
        let p = Point::new;
        assert_eq!("a1".parse(), Ok(Move::Place(p(6))));
        assert_eq!("23".parse(), Ok(Move::Place(p(23))));
        assert_eq!(" G7 - a7 ".parse(), Ok(Move::Slide { from: p(2), to: p(0) }));
        assert_eq!("x0".parse(), Ok(Move::Remove(p(0))));
        assert!(matches!("24".parse::<Move>(), Err(ParseMoveError::BadPoint(..))));
        assert!(matches!("07".parse::<Move>(), Err(ParseMoveError::BadPoint(..))));
        assert!(matches!("d4".parse::<Move>(), Err(ParseMoveError::BadPoint(..))));
        assert!(matches!("a1-".parse::<Move>(), Err(ParseMoveError::MissingPoint(_))));
        assert!(matches!("x".parse::<Move>(), Err(ParseMoveError::MissingPoint(_))));
        assert!(matches!("a1xa4xa7".parse::<Move>(), Err(ParseMoveError::Malformed(_))));
        assert!(matches!("d7xg7".parse::<Move>(), Err(ParseMoveError::TwoPlies(_))));
        assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
        for m in [Move::Place(p(5)), Move::Slide { from: p(1), to: p(9) }, Move::Remove(p(23))] {
            assert_eq!(m.to_string().parse(), Ok(m));
            assert_eq!(Variant::NineMensMorris.move_text(m).parse(), Ok(m));
        }
    }
}
