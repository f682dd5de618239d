//! Plies and their notation.

use lapilli_board_graph::grid::square_coordinates;
use lapilli_symmetry::{MapMove, Permutation};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A ply: one piece moves like a rook from `from` to `to`, and the enemy men
/// it captures are removed (seed 003, custodian capture).
///
/// The move carries its captures (at most three: the square it came from
/// is empty) so that its text shows them, `a2-a5xb5`, and the width of its
/// board so that it can name its squares and be mapped by a symmetry. It is
/// 4 bytes and `Copy`. Positions build moves ([`crate::Position::legal_moves`],
/// [`crate::Position::parse_move`]); two moves are equal when they move the
/// same piece to the same square with the same captures on the same width.
///
/// ```
/// use lapilli_petteia::Position;
/// let pos: Position = "8/8/3M4/3m4/1Mm1mM2/8/8/3M4 w 0".parse().unwrap();
/// let m = pos.parse_move("d1-d4").unwrap();
/// assert_eq!(m.to_string(), "d1-d4xc4xe4xd5");
/// assert_eq!(m.capture_count(), 3);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: u8,
    to: u8,
    /// Bit `d` set: the man one step from `to` in direction `d` is captured.
    captures: u8,
    width: u8,
}

impl Move {
    /// A move on a board `width` files wide. The caller vouches that the
    /// capture bits (bit 0 north, 1 east, 2 south, 3 west of `to`) name
    /// squares of the board.
    pub(crate) fn new(from: usize, to: usize, captures: u8, width: usize) -> Move {
        Move { from: from as u8, to: to as u8, captures, width: width as u8 }
    }

    /// The square the piece leaves.
    pub fn from(self) -> usize {
        self.from as usize
    }

    /// The square the piece goes to.
    pub fn to(self) -> usize {
        self.to as usize
    }

    /// The width (files) of the board the move belongs to.
    pub fn width(self) -> usize {
        self.width as usize
    }

    /// The capture directions as bits (bit 0 north, 1 east, 2 south, 3 west
    /// of the target square).
    pub fn capture_bits(self) -> u8 {
        self.captures
    }

    /// Whether the move captures.
    pub fn is_capture(self) -> bool {
        self.captures != 0
    }

    /// The number of men captured (0 to 3).
    pub fn capture_count(self) -> u32 {
        self.captures.count_ones()
    }

    /// The captured squares, lowest first.
    pub fn captured(self) -> impl Iterator<Item = usize> {
        let (to, w) = (self.to as usize, self.width as usize);
        // south, west lie below `to`; east, north above: lowest first
        [(2, to.wrapping_sub(w)), (3, to.wrapping_sub(1)), (1, to + 1), (0, to + w)]
            .into_iter()
            .filter(move |&(d, _)| self.captures >> d & 1 == 1)
            .map(|(_, q)| q)
    }
}

/// The name of square `p` on a board `width` files wide: `"a1"` is 0.
pub(crate) fn square_name(p: usize, width: usize) -> String {
    format!("{}{}", (b'a' + (p % width) as u8) as char, p / width + 1)
}

impl fmt::Display for Move {
    /// `from-to`, then `x` and each captured square, lowest square first:
    /// `d1-d4xc4xe4xd5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = self.width();
        write!(f, "{}-{}", square_name(self.from(), w), square_name(self.to(), w))?;
        for q in self.captured() {
            write!(f, "x{}", square_name(q, w))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl MapMove for Move {
    /// The move relabelled by a board automorphism: both squares and every
    /// captured square mapped. The identity (which is all a board of more
    /// than 64 squares has) leaves the move alone.
    ///
    /// # Panics
    /// Panics if `g` is not an identity and acts on fewer squares than the
    /// move names.
    fn map_move(self, g: &Permutation) -> Move {
        use lapilli_board_graph::Point;
        if g.is_identity() {
            return self;
        }
        let map = |p: usize| g.apply(Point::new(p)).index();
        let (to, w) = (map(self.to()), self.width());
        let mut captures = 0u8;
        for q in self.captured() {
            let q = map(q);
            let d = if q == to + w {
                0
            } else if q == to + 1 {
                1
            } else if q + w == to {
                2
            } else {
                3
            };
            captures |= 1 << d;
        }
        Move::new(map(self.from()), to, captures, w)
    }
}

/// A move as typed: two squares and, optionally, the captured squares.
/// Squares are `(file, rank)` from 0, read from names such as `b5`; the
/// board they belong to is not known until a position resolves the text
/// ([`crate::Position::parse_move`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The square the piece leaves.
    pub from: (usize, usize),
    /// The square it goes to.
    pub to: (usize, usize),
    /// The captures claimed after `x`, if any were written.
    pub captures: Option<Vec<(usize, usize)>>,
}

/// Why text is not a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// Nothing was typed.
    #[error("empty move: type from-to, such as a2-a5 (captures may follow as xb5)")]
    Empty,
    /// Not `from-to` with optional `x` captures.
    #[error("{0:?} is not a move: write from-to, such as a2-a5, optionally with captures as a2-a5xb5")]
    Shape(String),
    /// A part that is not a square name.
    #[error("{0:?} is not a square: write a file letter and a rank number, such as b5")]
    BadSquare(String),
}

pub(crate) use lapilli_search::message::excerpt;

/// Reads a square name: a lower-case file letter and a rank number from 1
/// without leading zeros (at most two digits).
fn parse_square(s: &str) -> Result<(usize, usize), ParseMoveError> {
    square_coordinates(s).ok_or_else(|| ParseMoveError::BadSquare(excerpt(s)))
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    /// Parses `from-to` optionally followed by `x` and a captured square,
    /// any number of times: `a2-a5`, `a2-a5xb5`, `d1-d4xc4xd5xe4`.
    ///
    /// # Errors
    /// [`ParseMoveError`] naming the first fault.
    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let (from, rest) = s.split_once('-').ok_or_else(|| ParseMoveError::Shape(excerpt(s)))?;
        let mut parts = rest.split('x');
        let to = parts.next().unwrap_or_default();
        let from = parse_square(from)?;
        let to = parse_square(to)?;
        let captures: Vec<(usize, usize)> = parts.map(parse_square).collect::<Result<_, _>>()?;
        let captures = if rest.contains('x') { Some(captures) } else { None };
        Ok(MoveText { from, to, captures })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_shapes() {
        let t: MoveText = "a2-a5xb5".parse().unwrap();
        assert_eq!(t, MoveText { from: (0, 1), to: (0, 4), captures: Some(vec![(1, 4)]) });
        let t: MoveText = " i10-i9 ".parse().unwrap();
        assert_eq!(t, MoveText { from: (8, 9), to: (8, 8), captures: None });
        assert_eq!("".parse::<MoveText>(), Err(ParseMoveError::Empty));
        assert_eq!("a2a5".parse::<MoveText>(), Err(ParseMoveError::Shape("a2a5".into())));
        assert_eq!("a2-a5x".parse::<MoveText>(), Err(ParseMoveError::BadSquare("".into())));
        assert_eq!("a0-a5".parse::<MoveText>(), Err(ParseMoveError::BadSquare("a0".into())));
        assert_eq!("a2-a5-a6".parse::<MoveText>(), Err(ParseMoveError::BadSquare("a5-a6".into())));
        assert_eq!("A2-a5".parse::<MoveText>(), Err(ParseMoveError::BadSquare("A2".into())));
    }

    #[test]
    fn captured_squares_and_text() {
        // d4 on 8x8 is 27; captures west (c4), north (d5), east (e4).
        let m = Move::new(3, 27, 0b1011, 8);
        assert_eq!(m.captured().collect::<Vec<_>>(), vec![26, 28, 35]);
        assert_eq!(m.to_string(), "d1-d4xc4xe4xd5");
        assert_eq!(square_name(89, 9), "i10");
    }
}
