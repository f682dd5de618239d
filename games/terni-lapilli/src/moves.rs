//! Plies and their notation.

use lapilli_board_graph::notation::excerpt;
use lapilli_board_graph::Point;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A ply of Terni Lapilli.
///
/// Notation: a placement is the point number (`"4"`; the centre may also be
/// written `"c"`), a movement is `from-to` (`"0-8"`). Points are numbered
/// `0..8` round the ring and `8` for the centre (seed 000). The point names
/// are the same in every position, so the text reads without one
/// (`FromStr`); [`lapilli_search::CheckedGame::parse_move`] reads the same
/// text.
///
/// ```
/// use lapilli_terni_lapilli::Move;
/// let m: Move = "0-c".parse().unwrap();
/// assert_eq!(m.to_string(), "0-8");
/// assert!("9".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Put a new piece on an empty point.
    Place(Point),
    /// Move a piece along an edge to an adjacent empty point.
    Slide {
        /// Where the piece stands.
        from: Point,
        /// Where it goes.
        to: Point,
    },
}

impl Move {
    /// The point the ply puts a piece on.
    pub fn to(self) -> Point {
        match self {
            Move::Place(p) | Move::Slide { to: p, .. } => p,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(p) => write!(f, "{p}"),
            Move::Slide { from, to } => write!(f, "{from}-{to}"),
        }
    }
}

/// Why text is not a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// Nothing was typed.
    #[error("empty move: expected a point (0-8, or c for the centre) or from-to such as 0-1")]
    Empty,
    /// A point that is not `0`..`8` or `c`.
    #[error("{0:?} is not a point: points are 0-7 round the ring and 8 (or c) for the centre")]
    BadPoint(String),
    /// A `-` without a point on one side.
    #[error("{0:?} is missing a point: write from-to, such as 0-1")]
    MissingPoint(String),
    /// More than one `-`.
    #[error("{0:?} is not a move: write a point or from-to")]
    Malformed(String),
}

fn parse_point(s: &str, whole: &str) -> Result<Point, ParseMoveError> {
    match s {
        "" => Err(ParseMoveError::MissingPoint(excerpt(whole))),
        "c" | "C" => Ok(Point::new(8)),
        _ => match s.as_bytes() {
            [d @ b'0'..=b'8'] => Ok(Point::new((d - b'0') as usize)),
            _ => Err(ParseMoveError::BadPoint(excerpt(s))),
        },
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let parts: Vec<&str> = s.split('-').map(str::trim).collect();
        match parts.as_slice() {
            [p] => Ok(Move::Place(parse_point(p, s)?)),
            [a, b] => Ok(Move::Slide { from: parse_point(a, s)?, to: parse_point(b, s)? }),
            _ => Err(ParseMoveError::Malformed(excerpt(s))),
        }
    }
}
