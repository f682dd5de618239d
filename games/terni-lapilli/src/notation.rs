//! The position text.
//!
//! A position is written as nine characters, one per point `0..8` (ring
//! `0..7` then the centre `8`): `B` for a black piece, `W` for a white one,
//! `.` for an empty point; then one space and the side to move, `b` or `w`.
//! The start position is `......... b`; after Black takes the centre it is
//! `........B w`. Printing a parsed position gives back the same text.

use crate::moves::excerpt;
use crate::position::{Colour, Position, PositionError, Rules};
use lapilli_board_graph::{Bitboard, Point};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why text is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// Not nine point characters, a space and a side (and optionally the
    /// variant). Holds the start of the text.
    #[error("expected nine points (B, W or .), a space and the side to move (b or w), optionally followed by ' no-centre-first', as in '......... b'; got {0:?}")]
    Shape(String),
    /// A point character other than `B`, `W`, `.`.
    #[error("point {index} is {found:?}; points are written B, W or .")]
    BadPoint {
        /// The point.
        index: usize,
        /// The character found.
        found: char,
    },
    /// A side other than `b` or `w`.
    #[error("side to move {0:?} is neither b nor w")]
    BadSide(String),
    /// The pieces do not make a position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// The token that marks the no-centre-first variant.
const NO_CENTRE_FIRST: &str = "no-centre-first";

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses the position text.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the first fault found.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let shape = || ParsePositionError::Shape(excerpt(text));
        let (points, rest) = text.split_once(' ').ok_or_else(shape)?;
        let (side, rules) = match rest.split_once(' ') {
            None => (rest, Rules::default()),
            Some((side, NO_CENTRE_FIRST)) => (side, Rules { centre_first: false }),
            Some(_) => return Err(shape()),
        };
        if points.chars().count() != 9 {
            return Err(shape());
        }
        let mut black = Bitboard::EMPTY;
        let mut white = Bitboard::EMPTY;
        for (index, found) in points.chars().enumerate() {
            match found {
                'B' => black = black.with(Point::new(index)),
                'W' => white = white.with(Point::new(index)),
                '.' => {}
                _ => return Err(ParsePositionError::BadPoint { index, found }),
            }
        }
        let to_move = match side {
            "b" => Colour::Black,
            "w" => Colour::White,
            _ => return Err(ParsePositionError::BadSide(excerpt(side))),
        };
        Ok(Position::from_parts(black, white, to_move, rules)?)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..9 {
            let c = match self.piece_at(Point::new(i)) {
                Some(Colour::Black) => 'B',
                Some(Colour::White) => 'W',
                None => '.',
            };
            write!(f, "{c}")?;
        }
        write!(f, " {}", self.side_to_move().char())?;
        if !self.rules().centre_first {
            write!(f, " {NO_CENTRE_FIRST}")?;
        }
        Ok(())
    }
}

impl Position {
    /// The wheel drawn for a terminal, with point numbers beside it: each
    /// point shows `B`, `W` or `.`.
    ///
    /// ```text
    /// . --- . --- .        7 --- 0 --- 1
    /// | \   |   / |        | \   |   / |
    /// . --- B --- .        6 --- 8 --- 2
    /// | /   |   \ |        | /   |   \ |
    /// . --- . --- .        5 --- 4 --- 3
    /// ```
    pub fn diagram(&self) -> String {
        let c = |i: usize| match self.piece_at(Point::new(i)) {
            Some(Colour::Black) => 'B',
            Some(Colour::White) => 'W',
            None => '.',
        };
        format!(
            "{} --- {} --- {}        7 --- 0 --- 1\n\
             | \\   |   / |        | \\   |   / |\n\
             {} --- {} --- {}        6 --- 8 --- 2\n\
             | /   |   \\ |        | /   |   \\ |\n\
             {} --- {} --- {}        5 --- 4 --- 3\n",
            c(7),
            c(0),
            c(1),
            c(6),
            c(8),
            c(2),
            c(5),
            c(4),
            c(3)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_fault() {
        assert!(matches!("".parse::<Position>(), Err(ParsePositionError::Shape(_))));
        assert!(matches!("........ b".parse::<Position>(), Err(ParsePositionError::Shape(_))));
        assert!(matches!("......... b centre".parse::<Position>(), Err(ParsePositionError::Shape(_))));
        let variant: Position = "......... b no-centre-first".parse().unwrap();
        assert!(!variant.rules().centre_first);
        assert_eq!(variant.legal_moves().len(), 8);
        assert_eq!(
            "....x.... b".parse::<Position>(),
            Err(ParsePositionError::BadPoint { index: 4, found: 'x' })
        );
        assert_eq!("......... x".parse::<Position>(), Err(ParsePositionError::BadSide("x".into())));
        assert_eq!(
            "BBBB..... w".parse::<Position>(),
            Err(PositionError::TooManyPieces { colour: Colour::Black, count: 4 }.into())
        );
        assert_eq!(
            "WW....... b".parse::<Position>(),
            Err(PositionError::Counts { black: 0, white: 2 }.into())
        );
        assert_eq!(
            "B........ b".parse::<Position>(),
            Err(PositionError::SideToMove { black: 1, white: 0, expected: Colour::White }.into())
        );
        assert_eq!("BBBWW.W.. b".parse::<Position>(), Err(PositionError::MoverHasLine(Colour::Black).into()));
    }

    #[test]
    fn diagram_shows_pieces() {
        let pos: Position = "B.......W b".parse().unwrap();
        let d = pos.diagram();
        assert!(d.starts_with(". --- B --- ."));
        assert!(d.lines().nth(2).unwrap().starts_with(". --- W --- ."));
    }
}
