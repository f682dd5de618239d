//! The two sides.

use std::fmt;

/// A side of a two-player game. Which colour moves first is a rule of
/// each game (Black in Terni Lapilli, White in Morris and Petteia).
///
/// ```
/// use lapilli_board_graph::Colour;
/// assert_eq!(Colour::White.opponent(), Colour::Black);
/// assert_eq!((Colour::Black.index(), Colour::Black.char()), (1, 'b'));
/// assert_eq!(Colour::White.to_string(), "white");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// White (index 0).
    White = 0,
    /// Black (index 1).
    Black = 1,
}

impl Colour {
    /// Both colours, White first.
    pub const BOTH: [Colour; 2] = [Colour::White, Colour::Black];

    /// The other side.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// `'w'` or `'b'`, as in the position texts.
    pub fn char(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::White => "white",
            Colour::Black => "black",
        })
    }
}
