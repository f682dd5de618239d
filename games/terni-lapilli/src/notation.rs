//! The position text.
//!
//! A position is written as nine characters, one per point `0..8` (on the
//! wheel the ring `0..7` then the centre `8`; on a 3x3 board `a1 b1 c1 a2
//! b2 c2 a3 b3 c3`, rank by rank from the bottom): `B` for a black piece,
//! `W` for a white one, `.` for an empty point; then the side to move, `b`
//! or `w`; then the game's name ([`crate::Variant::name`]) unless it is
//! Terni Lapilli; then, for the option without the centre first,
//! `no-centre-first`. The start position is `......... b`; after Black
//! takes the centre it is `........B w`; tapatan without the centre first
//! starts `......... b tapatan no-centre-first`.
//!
//! Reading is a little more lenient than printing: the name
//! `terni-lapilli` may be written, and is dropped when printed.
//!
//! Fields are separated by whitespace (the workspace's one policy,
//! [`lapilli_board_graph::notation::fields`]: any run of ASCII whitespace,
//! leading and trailing whitespace ignored); printing writes one space, so
//! printing a parsed position gives back the text in that form.

use crate::position::{Position, PositionError};
use crate::rules::{BoardKind, Rules, Variant, POINTS};
use lapilli_board_graph::notation::{excerpt, fields};
use lapilli_board_graph::{Bitboard, Colour, Point};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why text is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// Not nine point characters and a side (and optionally the game and
    /// the option), separated by whitespace. Holds the start of the text.
    #[error("expected nine points (B, W or .), then the side to move (b or w), optionally followed by the game (three-mens-morris, tapatan, nine-holes or achi) and 'no-centre-first', as in '......... b'; got {0:?}")]
    Shape(String),
    /// A board field of other than nine point characters.
    #[error("{}", point_count(*.found, *.variant))]
    PointCount {
        /// The characters found.
        found: usize,
        /// The game the text names (Terni Lapilli when it names none).
        variant: Variant,
    },
    /// The side to move is missing: a game's name or the option follows
    /// the points.
    #[error("the side to move (b or w) is missing: it comes after the points and before the game's name and no-centre-first")]
    MissingSide,
    /// A third or fourth field that is neither a game's name nor
    /// `no-centre-first`. Holds the start of the field.
    #[error("unknown variant word {0:?}: after the side to move come the game (three-mens-morris, tapatan, nine-holes or achi; terni-lapilli is the default) and no-centre-first (the centre forbidden on the first placement)")]
    BadVariant(String),
    /// The game's name after `no-centre-first`, or either word twice.
    /// Holds the start of the misplaced field.
    #[error("{0:?} is out of place: the game's name comes before no-centre-first, each at most once")]
    Misplaced(String),
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

/// The message of [`ParsePositionError::PointCount`].
fn point_count(found: usize, variant: Variant) -> String {
    match variant.board_kind() {
        BoardKind::Wheel => {
            format!("{found} points written; the wheel has 9 (the ring 0-7, then the centre 8), each B, W or .")
        }
        BoardKind::Grid | BoardKind::DiagonalGrid => format!(
            "{found} points written; the 3x3 board of {variant} has 9 (a1 b1 c1 a2 b2 c2 a3 b3 c3), each B, W or ."
        ),
    }
}

/// The token that marks the no-centre-first option.
const NO_CENTRE_FIRST: &str = "no-centre-first";

/// Reads the fields after the side to move: the game's name, then
/// `no-centre-first`, each optional.
fn trailing(words: &[&str]) -> Result<Rules, ParsePositionError> {
    let mut variant: Option<Variant> = None;
    let mut centre_first = true;
    for &word in words {
        if word == NO_CENTRE_FIRST {
            if !centre_first {
                return Err(ParsePositionError::Misplaced(excerpt(word)));
            }
            centre_first = false;
        } else if let Ok(v) = word.parse::<Variant>() {
            if variant.is_some() || !centre_first {
                return Err(ParsePositionError::Misplaced(excerpt(word)));
            }
            variant = Some(v);
        } else {
            return Err(ParsePositionError::BadVariant(excerpt(word)));
        }
    }
    Ok(Rules { variant: variant.unwrap_or_default(), centre_first })
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses the position text.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the first fault found.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let all = fields(text);
        let is_word = |w: &str| w == NO_CENTRE_FIRST || w.parse::<Variant>().is_ok();
        let (points, side, rules) = match all[..] {
            [_, word] if is_word(word) => return Err(ParsePositionError::MissingSide),
            [points, side, ref rest @ ..] if rest.len() <= 2 => (points, side, trailing(rest)?),
            _ => return Err(ParsePositionError::Shape(excerpt(text))),
        };
        let found = points.chars().count();
        if found != POINTS {
            return Err(ParsePositionError::PointCount { found, variant: rules.variant });
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
        for i in 0..POINTS {
            write!(f, "{}", self.point_char(Point::new(i)))?;
        }
        write!(f, " {}", self.side_to_move().char())?;
        let rules = self.rules();
        if rules.variant != Variant::default() {
            write!(f, " {}", rules.variant)?;
        }
        if !rules.centre_first {
            write!(f, " {NO_CENTRE_FIRST}")?;
        }
        Ok(())
    }
}

impl Position {
    /// `B`, `W` or `.` for point `p`.
    fn point_char(&self, p: Point) -> char {
        match self.piece_at(p) {
            Some(Colour::Black) => 'B',
            Some(Colour::White) => 'W',
            None => '.',
        }
    }

    /// The board drawn for a terminal: each point shows `B`, `W` or `.`.
    /// The wheel has its point numbers beside it:
    ///
    /// ```text
    /// . --- . --- .        7 --- 0 --- 1
    /// | \   |   / |        | \   |   / |
    /// . --- B --- .        6 --- 8 --- 2
    /// | /   |   \ |        | /   |   \ |
    /// . --- . --- .        5 --- 4 --- 3
    /// ```
    ///
    /// a 3x3 board its files and ranks (the diagonals drawn for tapatan
    /// and achi):
    ///
    /// ```text
    /// 3  . --- . --- .
    ///    | \   |   / |
    /// 2  . --- B --- .
    ///    | /   |   \ |
    /// 1  . --- . --- .
    ///    a     b     c
    /// ```
    pub fn diagram(&self) -> String {
        let c = |i: usize| self.point_char(Point::new(i));
        match self.rules().variant.board_kind() {
            BoardKind::Wheel => format!(
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
            ),
            kind => {
                let (upper, lower) = if kind == BoardKind::DiagonalGrid {
                    ("| \\   |   / |", "| /   |   \\ |")
                } else {
                    ("|     |     |", "|     |     |")
                };
                let row =
                    |r: usize| format!("{}  {} --- {} --- {}\n", r + 1, c(3 * r), c(3 * r + 1), c(3 * r + 2));
                format!("{}   {upper}\n{}   {lower}\n{}   a     b     c\n", row(2), row(1), row(0))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_fault() {
        assert!(matches!("".parse::<Position>(), Err(ParsePositionError::Shape(_))));
        assert_eq!(
            "........ b".parse::<Position>(),
            Err(ParsePositionError::PointCount { found: 8, variant: Variant::TerniLapilli })
        );
        assert_eq!(
            "........ b achi".parse::<Position>(),
            Err(ParsePositionError::PointCount { found: 8, variant: Variant::Achi })
        );
        assert_eq!(
            "......... b centre".parse::<Position>(),
            Err(ParsePositionError::BadVariant("centre".into()))
        );
        assert_eq!(
            "......... b no-centre-first x".parse::<Position>(),
            Err(ParsePositionError::BadVariant("x".into()))
        );
        assert!(matches!(
            "......... b tapatan no-centre-first x".parse::<Position>(),
            Err(ParsePositionError::Shape(_))
        ));
        for text in [
            "......... b no-centre-first tapatan",
            "......... b achi achi",
            "......... b no-centre-first no-centre-first",
        ] {
            assert!(matches!(text.parse::<Position>(), Err(ParsePositionError::Misplaced(_))), "{text}");
        }
        assert_eq!("......... tapatan".parse::<Position>(), Err(ParsePositionError::MissingSide));
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
            Err(PositionError::TooManyPieces {
                colour: Colour::Black,
                count: 4,
                variant: Variant::TerniLapilli
            }
            .into())
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
        let achi: Position = " ......... \tb achi\nno-centre-first ".parse().unwrap();
        assert_eq!(achi.to_string(), "......... b achi no-centre-first");
        assert_eq!(achi.rules(), Rules::new(Variant::Achi).no_centre_first());
    }

    #[test]
    fn the_default_game_may_be_named() {
        let named: Position = "B.......W b terni-lapilli no-centre-first".parse().unwrap();
        assert_eq!(named.to_string(), "B.......W b no-centre-first");
        for variant in Variant::ALL {
            let start = Position::start(Rules::new(variant));
            assert_eq!(start.to_string().parse::<Position>(), Ok(start));
        }
    }

    #[test]
    fn diagram_shows_pieces() {
        let pos: Position = "B.......W b".parse().unwrap();
        let d = pos.diagram();
        assert!(d.starts_with(". --- B --- ."));
        assert!(d.lines().nth(2).unwrap().starts_with(". --- W --- ."));
        // a1 is bottom left, c3 top right; b2 the centre.
        let pos: Position = "B...W...B w tapatan".parse().unwrap();
        assert_eq!(
            pos.diagram(),
            "3  . --- . --- B\n   | \\   |   / |\n2  . --- W --- .\n   | /   |   \\ |\n1  B --- . --- .\n   a     b     c\n"
        );
        let pos: Position = "B...W...B w three-mens-morris".parse().unwrap();
        assert_eq!(pos.diagram().lines().nth(1), Some("   |     |     |"));
    }
}
