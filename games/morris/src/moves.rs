//! Plies and their notation.

use crate::position::IllegalMove;
use arrayvec::ArrayVec;
use lapilli_board_graph::notation::excerpt;
use lapilli_board_graph::{morris, Point};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A ply of a morris game. The removal after a mill is a ply of its own,
/// played by the same side (docs/design.md: search is turn-aware).
///
/// Notation: a point is its name (`a1`..`g7` on the 24-point board,
/// `a1`..`e5` on the six men's board) or its index (`0`..`23`). A
/// placement is one point (`d7`, `1`), a slide or flight `from-to`
/// (`a1-a4`, `6-7`), a removal `x` and the point (`xg7`, `x2`). Names
/// depend on the board, so moves are read and written through the
/// position ([`CheckedGame::parse_move`], [`CheckedGame::parse_plies`],
/// [`CheckedGame::move_text`]). [`fmt::Display`] prints point indices
/// (`6-7`, `x2`), the board-independent form that [`Move::from_str`]
/// reads back.
///
/// [`CheckedGame::parse_move`]: lapilli_game::CheckedGame::parse_move
/// [`CheckedGame::parse_plies`]: lapilli_game::CheckedGame::parse_plies
/// [`CheckedGame::move_text`]: lapilli_game::CheckedGame::move_text
///
/// ```
/// use lapilli_board_graph::Point;
/// use lapilli_morris::{Move, Position};
/// use lapilli_game::CheckedGame;
/// let pos = Position::default();
/// let m = pos.parse_move("a1-a4").unwrap();
/// assert_eq!(m, Move::Slide { from: Point::new(6), to: Point::new(7) });
/// assert_eq!(pos.move_text(m), "a1-a4");
/// assert_eq!(m.to_string(), "6-7");
/// assert_eq!("6-7".parse::<Move>(), Ok(m));
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
    ///
    /// ```
    /// use lapilli_board_graph::Point;
    /// use lapilli_morris::Move;
    /// assert_eq!(Move::Place(Point::new(3)).to(), Some(Point::new(3)));
    /// assert_eq!(Move::Remove(Point::new(3)).to(), None);
    /// ```
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

/// Why text is not a move, or (for a line of plies) not a playable one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// The text is empty.
    #[error("empty move: expected a point (a1, or an index), from-to (a1-a4) or a removal (xg7)")]
    Empty,
    /// A point that is neither a name nor an index of the board; holds the
    /// text and the largest index.
    #[error("{0:?} is not a point of this board: points are named as a1 or numbered 0-{1}")]
    BadPoint(String, usize),
    /// A `-` or `x` without a point on one side.
    #[error("{0:?} is missing a point: write from-to (a1-a4) or x and a point (xg7)")]
    MissingPoint(String),
    /// Anything else: several `-` or `x`, a removal before a ply, ...
    #[error("{0:?} is not a move: write a point, from-to, xpoint, or a ply followed by xpoint")]
    Malformed(String),
    /// Two plies (a ply and its removal) where one was expected.
    #[error("{0:?} is two plies (a ply and its removal) where one was expected")]
    TwoPlies(String),
    /// A ply followed by a removal, but the ply closes no mill; holds the
    /// ply's text.
    #[error("{0} closes no mill, so there is nothing to remove")]
    NothingToRemove(String),
    /// A ply of the line is illegal where it would be played.
    #[error(transparent)]
    Illegal(IllegalMove),
}

/// Reads one point: a name from `names` or an index below `count`.
fn parse_point(s: &str, whole: &str, names: &[&str], count: usize) -> Result<Point, ParseMoveError> {
    if s.is_empty() {
        return Err(ParseMoveError::MissingPoint(excerpt(whole)));
    }
    let lower = s.to_ascii_lowercase();
    if let Some(i) = names.iter().position(|n| *n == lower) {
        return Ok(Point::new(i));
    }
    if s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()) && !(s.len() == 2 && s.starts_with('0')) {
        if let Ok(i) = s.parse::<usize>() {
            if i < count {
                return Ok(Point::new(i));
            }
        }
    }
    Err(ParseMoveError::BadPoint(excerpt(s), count - 1))
}

/// Reads a placement or a slide.
fn parse_single(s: &str, whole: &str, names: &[&str], count: usize) -> Result<Move, ParseMoveError> {
    let parts: Vec<&str> = s.split('-').map(str::trim).collect();
    match parts.as_slice() {
        [p] => Ok(Move::Place(parse_point(p, whole, names, count)?)),
        [a, b] => Ok(Move::Slide {
            from: parse_point(a, whole, names, count)?,
            to: parse_point(b, whole, names, count)?,
        }),
        _ => Err(ParseMoveError::Malformed(excerpt(whole))),
    }
}

/// Reads one ply or a ply followed by its removal (`d7xg7`, `a1-a4xg7`,
/// `6-7x2`), with the point names `names` and the indices below `count`.
/// Only the syntax is checked.
pub(crate) fn parse_line(
    text: &str,
    names: &[&str],
    count: usize,
) -> Result<ArrayVec<Move, 2>, ParseMoveError> {
    let s = text.trim();
    if s.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let mut out = ArrayVec::new();
    let lower = s.to_ascii_lowercase();
    let pieces: Vec<&str> = lower.split('x').map(str::trim).collect();
    match pieces.as_slice() {
        [ply] => out.push(parse_single(ply, s, names, count)?),
        ["", removed] => out.push(Move::Remove(parse_point(removed, s, names, count)?)),
        [ply, removed] => {
            out.push(parse_single(ply, s, names, count)?);
            out.push(Move::Remove(parse_point(removed, s, names, count)?));
        }
        _ => return Err(ParseMoveError::Malformed(excerpt(s))),
    }
    Ok(out)
}

/// Reads exactly one ply (see [`parse_line`]).
pub(crate) fn parse_one(text: &str, names: &[&str], count: usize) -> Result<Move, ParseMoveError> {
    match parse_line(text, names, count)?.as_slice() {
        [m] => Ok(*m),
        _ => Err(ParseMoveError::TwoPlies(excerpt(text.trim()))),
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads one ply in point indices (`6`, `6-7`, `x2`), as
    /// [`fmt::Display`] prints it; indices up to 23 are accepted, whatever
    /// the board. Point names depend on the board: read them through the
    /// position ([`CheckedGame::parse_move`](lapilli_game::CheckedGame::parse_move)).
    ///
    /// # Errors
    /// [`ParseMoveError`] naming the fault; a combined ply and removal
    /// (`6-7x2`) is [`ParseMoveError::TwoPlies`] here.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        parse_one(s, &[], morris::POINTS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_forms() {
        let p = Point::new;
        let names = &morris::NAMES;
        let one = |s: &str| parse_one(s, names, morris::POINTS);
        assert_eq!(one("a1"), Ok(Move::Place(p(6))));
        assert_eq!(one("23"), Ok(Move::Place(p(23))));
        assert_eq!(one(" G7 - a7 "), Ok(Move::Slide { from: p(2), to: p(0) }));
        assert_eq!(one("x0"), Ok(Move::Remove(p(0))));
        assert!(matches!(one("24"), Err(ParseMoveError::BadPoint(..))));
        assert!(matches!(one("07"), Err(ParseMoveError::BadPoint(..))));
        assert!(matches!(one("d4"), Err(ParseMoveError::BadPoint(..))));
        assert!(matches!(one("a1-"), Err(ParseMoveError::MissingPoint(_))));
        assert!(matches!(one("x"), Err(ParseMoveError::MissingPoint(_))));
        assert!(matches!(one("a1xa4xa7"), Err(ParseMoveError::Malformed(_))));
        assert!(matches!(one("d7xg7"), Err(ParseMoveError::TwoPlies(_))));
        assert_eq!(one(""), Err(ParseMoveError::Empty));
        // Move::from_str reads indices only
        assert!(matches!("a1".parse::<Move>(), Err(ParseMoveError::BadPoint(..))));
        assert_eq!("23".parse(), Ok(Move::Place(p(23))));
        for m in [Move::Place(p(5)), Move::Slide { from: p(1), to: p(9) }, Move::Remove(p(23))] {
            assert_eq!(m.to_string().parse(), Ok(m));
            assert_eq!(one(&m.to_string()), Ok(m));
        }
    }
}
