//! Plies, and how they are written and read through a position.

use crate::board::NONE;
use crate::position::{MoveError, Position};
use lapilli_board_graph::notation::excerpt;
use std::fmt;

/// A ply: one piece moves like a rook from `from` to `to`, and the enemy men
/// it captures are removed (seed 003, custodian capture).
///
/// Squares are numbered rank by rank from a1 = 0, as in
/// `lapilli_board_graph::grid`. The move carries its captures (at most
/// three: the square it came from is empty), lowest square first, so that
/// its text shows them, `a2-a5xb5`; it does not know its board, so it is
/// written and read through a position
/// ([`lapilli_game::CheckedGame::move_text`],
/// [`lapilli_game::CheckedGame::parse_move`]). It is 5 bytes and `Copy`;
/// two moves are equal when they move the same piece to the same square
/// with the same captures.
///
/// ```
/// use lapilli_petteia::Position;
/// use lapilli_game::CheckedGame;
/// let pos: Position = "8/8/3M4/3m4/1Mm1mM2/8/8/3M4 w 0".parse().unwrap();
/// let m = pos.parse_move("d1-d4").unwrap();
/// assert_eq!(pos.move_text(m), "d1-d4xc4xe4xd5");
/// assert_eq!((m.from(), m.to(), m.capture_count()), (3, 27, 3));
/// assert_eq!(m.captured().collect::<Vec<_>>(), [26, 28, 35]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    from: u8,
    to: u8,
    /// The captured squares, ascending, padded with [`NONE`].
    captures: [u8; 3],
}

impl Move {
    /// A move; `captures` ascending and padded with [`NONE`] (the caller
    /// vouches for both).
    #[inline]
    pub(crate) fn new(from: usize, to: usize, captures: [u8; 3]) -> Move {
        Move { from: from as u8, to: to as u8, captures }
    }

    /// The capture array as stored: ascending, padded with [`NONE`].
    #[inline]
    pub(crate) fn capture_array(self) -> [u8; 3] {
        self.captures
    }

    /// The square the piece leaves.
    #[inline]
    pub fn from(self) -> usize {
        usize::from(self.from)
    }

    /// The square the piece goes to.
    #[inline]
    pub fn to(self) -> usize {
        usize::from(self.to)
    }

    /// Whether the move captures.
    #[inline]
    pub fn is_capture(self) -> bool {
        self.captures[0] != NONE
    }

    /// The number of men captured (0 to 3).
    pub fn capture_count(self) -> u32 {
        self.captured().count() as u32
    }

    /// The captured squares, lowest first.
    #[inline]
    pub fn captured(self) -> impl Iterator<Item = usize> {
        self.captures.into_iter().filter(|&q| q != NONE).map(usize::from)
    }
}

impl fmt::Debug for Move {
    /// Square numbers: `3-27x26x28x35` (the text with names needs the
    /// board: [`lapilli_game::CheckedGame::move_text`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)?;
        for q in self.captured() {
            write!(f, "x{q}")?;
        }
        Ok(())
    }
}

/// `m` on the board of `pos`: `from-to`, then `x` and each captured square,
/// lowest first (`d1-d4xc4xe4xd5`).
pub(crate) fn move_text(pos: &Position, m: Move) -> String {
    let grid = pos.grid();
    let name = |p: usize| {
        if p < grid.point_count() {
            grid.square_name(p)
        } else {
            format!("#{p}")
        }
    };
    let mut out = format!("{}-{}", name(m.from()), name(m.to()));
    for q in m.captured() {
        out.push('x');
        out.push_str(&name(q));
    }
    out
}

/// Reads `from-to`, optionally followed by `x` and a captured square any
/// number of times (`a2-a5`, `a2-a5xb5`, `d1-d4xc4xe4xd5`), on the board of
/// `pos`. The captures are those the piece makes on arriving; written
/// captures must equal them (in any order). Legality is not checked.
pub(crate) fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    let grid = pos.grid();
    let (from, rest) = text.split_once('-').ok_or_else(|| MoveError::Shape(excerpt(text)))?;
    let names = square_names(rest);
    let from = grid.parse_square(from)?;
    let to = grid.parse_square(names[0])?;
    let claimed = names[1..].iter().map(|s| grid.parse_square(s)).collect::<Result<Vec<usize>, _>>()?;
    let m = Move::new(from, to, pos.captures(from, to));
    if names.len() > 1 {
        let actual: Vec<usize> = m.captured().collect();
        let mut sorted = claimed.clone();
        sorted.sort_unstable();
        if sorted != actual {
            let names = |squares: &[usize]| -> String {
                if squares.is_empty() {
                    "nothing".to_string()
                } else {
                    squares.iter().map(|&q| grid.square_name(q)).collect::<Vec<_>>().join(" ")
                }
            };
            return Err(MoveError::WrongCaptures {
                claimed: excerpt(&names(&claimed)),
                actual: names(&actual),
            });
        }
    }
    Ok(m)
}

/// The square names in `rest`, the text after `from-`: the target and the
/// captures, separated by `x` (`a5`, `a5xb5xc6`). A name is a letter and
/// the digits after it, so that the file `x` of a wide board reads too
/// (`x1-x3xw3`); a part that is not a name reaches up to the next
/// separator, for the square reader to refuse.
fn square_names(rest: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut s = rest;
    loop {
        let first = s.chars().next().map_or(0, char::len_utf8);
        let end = s[first..].find(|c: char| !c.is_ascii_digit()).map_or(s.len(), |i| first + i);
        let stop =
            if s[end..].starts_with('x') { end } else { s[end..].find('x').map_or(s.len(), |i| end + i) };
        out.push(&s[..stop]);
        if stop == s.len() {
            return out;
        }
        s = &s[stop + 1..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_board_graph::grid::GridError;
    use lapilli_game::CheckedGame;

    #[test]
    fn text_shapes() {
        let pos: Position = "8/8/M7/m7/8/8/8/M6m w 0".parse().unwrap();
        assert_eq!(pos.parse_move("a1-a4xa5").map(|m| (m.from(), m.to(), m.capture_count())), Ok((0, 24, 1)));
        assert_eq!(pos.parse_move(" a1-a3 ").map(|m| (m.from(), m.to(), m.capture_count())), Ok((0, 16, 0)));
        let big: Position = crate::Setup::default().size(9, 10).unwrap().start();
        assert_eq!(big.parse_move("i10-i9").map(|m| (m.from(), m.to())), Ok((89, 80)));
        let bad = |s: &str| GridError::BadSquare(s.into()).into();
        assert_eq!(pos.parse_move(""), Err(MoveError::Empty));
        assert_eq!(pos.parse_move("a2a5"), Err(MoveError::Shape("a2a5".into())));
        assert_eq!(pos.parse_move("a2-a5x"), Err(bad("")));
        assert_eq!(pos.parse_move("a0-a5"), Err(bad("a0")));
        assert_eq!(pos.parse_move("a2-a5-a6"), Err(bad("a5-a6")));
        assert_eq!(pos.parse_move("A2-a5"), Err(bad("A2")));
        assert_eq!(
            pos.parse_move("a1-a9"),
            Err(GridError::OffBoard { name: "a9".into(), width: 8, height: 8 }.into())
        );
    }

    #[test]
    fn the_file_x_is_not_a_capture_mark() {
        assert_eq!(square_names("x1"), ["x1"]);
        assert_eq!(square_names("x3xw3xx4"), ["x3", "w3", "x4"]);
        assert_eq!(square_names("a5-a6xb2"), ["a5-a6", "b2"]);
        assert_eq!(square_names("a5x"), ["a5", ""]);
        assert_eq!(square_names(""), [""]);
        let wide = crate::Setup::default().size(24, 5).unwrap().start();
        let m = wide.parse_move("x2-x3").unwrap();
        assert_eq!((m.from(), m.to(), wide.move_text(m)), (47, 71, "x2-x3".to_string()));
        assert!(wide.is_legal(m));
    }

    #[test]
    fn captured_squares_and_text() {
        // d4 on 8x8 is 27; captures west (c4), east (e4), north (d5).
        let m = Move::new(3, 27, [26, 28, 35]);
        assert_eq!(m.captured().collect::<Vec<_>>(), vec![26, 28, 35]);
        assert_eq!(format!("{m:?}"), "3-27x26x28x35");
        assert_eq!(move_text(&Position::default(), m), "d1-d4xc4xe4xd5");
        let big = crate::Setup::default().size(9, 10).unwrap().start();
        assert_eq!(big.square_name(89), "i10");
    }
}
