//! Plies and their notation.

use crate::rules::{three_by_three, BoardKind, POINTS};
use lapilli_board_graph::notation::excerpt;
use lapilli_board_graph::Point;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A ply of a game of the family.
///
/// Notation: a placement is the point, a movement is `from-to`. On the
/// wheel (Terni Lapilli) points are numbered `0..8` round the ring and `8`
/// for the centre (seed 000), which may also be written `c`: `"4"`,
/// `"0-8"`. On the 3x3 boards points are named as squares, files `a..c`
/// from the left and ranks `1..3` from the bottom (the point numbers `0..9`
/// run `a1 b1 c1 a2 b2 c2 a3 b3 c3`): `"b2"`, `"a1-b1"`; the numbers are
/// read too.
///
/// `Display` and `FromStr` use the wheel's numbers, which need no position;
/// a position's [`lapilli_game::CheckedGame::move_text`] and
/// [`lapilli_game::CheckedGame::parse_move`] use its board's names.
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

    /// The move's text with `board`'s point names (see [`Move`]).
    ///
    /// # Panics
    /// If the move names a point off the board (`0..9`).
    ///
    /// ```
    /// use lapilli_terni_lapilli::{BoardKind, Move};
    /// let m: Move = "0-4".parse().unwrap();
    /// assert_eq!(m.text_on(BoardKind::Wheel), "0-4");
    /// assert_eq!(m.text_on(BoardKind::Grid), "a1-b2");
    /// ```
    pub fn text_on(self, board: BoardKind) -> String {
        match self {
            Move::Place(p) => board.point_name(p),
            Move::Slide { from, to } => format!("{}-{}", board.point_name(from), board.point_name(to)),
        }
    }

    /// Reads a move written with `board`'s point names (see [`Move`]); on
    /// the wheel this is `text.parse()`.
    ///
    /// # Errors
    /// [`ParseMoveError`] saying what is wrong with the text.
    ///
    /// ```
    /// use lapilli_terni_lapilli::{BoardKind, Move, ParseMoveError};
    /// let m = Move::parse_on("a1-b2", BoardKind::Grid).unwrap();
    /// assert_eq!(m, "0-4".parse().unwrap());
    /// assert_eq!(Move::parse_on("4", BoardKind::Grid), Move::parse_on("b2", BoardKind::Grid));
    /// assert_eq!(Move::parse_on("d1", BoardKind::Grid), Err(ParseMoveError::BadSquare("d1".into())));
    /// ```
    pub fn parse_on(text: &str, board: BoardKind) -> Result<Move, ParseMoveError> {
        if board.is_grid() {
            parse_move(text, parse_square)
        } else {
            parse_move(text, parse_point)
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
    #[error("empty move: expected a point or from-to, such as 0-1 on the wheel or a1-b1 on a 3x3 board")]
    Empty,
    /// On the wheel, a point that is not `0`..`8` or `c`.
    #[error("{0:?} is not a point: points are 0-7 round the ring and 8 (or c) for the centre")]
    BadPoint(String),
    /// On a 3x3 board, a point that is neither a square name `a1`..`c3`
    /// nor a number `0`..`8`.
    #[error("{0:?} is not a point of the 3x3 board: name it a1-c3 (files a-c from the left, ranks 1-3 from the bottom) or number it 0-8")]
    BadSquare(String),
    /// A `-` without a point on one side.
    #[error("{0:?} is missing a point: write from-to, such as 0-1")]
    MissingPoint(String),
    /// More than one `-`.
    #[error("{0:?} is not a move: write a point or from-to")]
    Malformed(String),
}

/// A point of the wheel: `0`..`8`, or `c` for the centre.
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

/// A point of a 3x3 board: a square name (either case) or `0`..`8`.
fn parse_square(s: &str, whole: &str) -> Result<Point, ParseMoveError> {
    match s.as_bytes() {
        [] => Err(ParseMoveError::MissingPoint(excerpt(whole))),
        [d @ b'0'..=b'8'] => Ok(Point::new((d - b'0') as usize)),
        _ => match three_by_three().parse_square(&s.to_ascii_lowercase()) {
            Ok(p) if p < POINTS => Ok(Point::new(p)),
            _ => Err(ParseMoveError::BadSquare(excerpt(s))),
        },
    }
}

/// A point or `from-to`, each point read by `point`.
fn parse_move(
    text: &str,
    point: fn(&str, &str) -> Result<Point, ParseMoveError>,
) -> Result<Move, ParseMoveError> {
    let s = text.trim();
    if s.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let parts: Vec<&str> = s.split('-').map(str::trim).collect();
    match parts.as_slice() {
        [p] => Ok(Move::Place(point(p, s)?)),
        [a, b] => Ok(Move::Slide { from: point(a, s)?, to: point(b, s)? }),
        _ => Err(ParseMoveError::Malformed(excerpt(s))),
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads a move in the wheel's numbers (see [`Move`]).
    ///
    /// # Errors
    /// [`ParseMoveError`] saying what is wrong with the text.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        parse_move(s, parse_point)
    }
}
