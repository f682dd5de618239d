//! The position text.
//!
//! A position is written as nine characters, one per point `0..8` (ring
//! `0..7` then the centre `8`): `B` for a black piece, `W` for a white one,
//! `.` for an empty point; then the side to move, `b` or `w`; then, for the
//! variant without the centre first, `no-centre-first`. The start position
//! is `......... b`; after Black takes the centre it is `........B w`.
//!
//! Fields are separated by whitespace (the workspace's one policy,
//! [`lapilli_board_graph::notation::fields`]: any run of ASCII whitespace,
//! leading and trailing whitespace ignored); printing writes one space, so
//! printing a parsed position gives back the text in that form.

use crate::position::{Position, PositionError};
use crate::rules::Rules;
use lapilli_board_graph::notation::{excerpt, fields};
use lapilli_board_graph::{Bitboard, Colour, Point};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why text is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// Not nine point characters and a side (and optionally the variant),
    /// separated by whitespace. Holds the start of the text.
    #[error("expected nine points (B, W or .), then the side to move (b or w), optionally followed by 'no-centre-first', as in '......... b'; got {0:?}")]
    Shape(String),
    /// A board field of other than nine point characters.
    #[error("{found} points written; the wheel has 9 (the ring 0-7, then the centre 8), each B, W or .")]
    PointCount {
        /// The characters found.
        found: usize,
    },
    /// The side to move is missing: the variant word follows the points.
    #[error("the side to move (b or w) is missing: it comes after the points and before no-centre-first")]
    MissingSide,
    /// A third field other than `no-centre-first`, the only variant word.
    /// Holds the start of the field.
    #[error("unknown variant word {0:?}: the only one is no-centre-first (the centre forbidden on the first placement)")]
    BadVariant(String),
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
        let (points, side, rules) = match fields(text)[..] {
            [_, NO_CENTRE_FIRST] => return Err(ParsePositionError::MissingSide),
            [points, side] => (points, side, Rules::default()),
            [points, side, NO_CENTRE_FIRST] => (points, side, Rules { centre_first: false }),
            [_, _, word] => return Err(ParsePositionError::BadVariant(excerpt(word))),
            _ => return Err(shape()),
        };
        let found = points.chars().count();
        if found != 9 {
            return Err(ParsePositionError::PointCount { found });
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
        Ok(Position::from_parts(rules, [white, black], to_move)?)
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
        assert_eq!("........ b".parse::<Position>(), Err(ParsePositionError::PointCount { found: 8 }));
        assert_eq!(
            "......... b centre".parse::<Position>(),
            Err(ParsePositionError::BadVariant("centre".into()))
        );
        assert!(matches!(
            "......... b no-centre-first x".parse::<Position>(),
            Err(ParsePositionError::Shape(_))
        ));
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
    fn fields_are_separated_by_any_whitespace() {
        let pos: Position = "B.......W b".parse().unwrap();
        for text in ["B.......W  b", " B.......W\tb ", "B.......W\n b"] {
            assert_eq!(text.parse::<Position>(), Ok(pos), "{text:?}");
        }
        let variant: Position = "......... b  no-centre-first".parse().unwrap();
        assert_eq!(variant.to_string(), "......... b no-centre-first");
    }

    #[test]
    fn diagram_shows_pieces() {
        let pos: Position = "B.......W b".parse().unwrap();
        let d = pos.diagram();
        assert!(d.starts_with(". --- B --- ."));
        assert!(d.lines().nth(2).unwrap().starts_with(". --- W --- ."));
    }
}
