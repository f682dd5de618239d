//! Tiers: material signatures, their names and the side they give the
//! move to.

use lapilli_board_graph::notation::excerpt;
use lapilli_board_graph::Colour;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A tier of morris positions: a material signature. Every position with
/// these pieces on the board and in hand, and this pending-removal flag,
/// belongs to it; pairs are indexed by [`Colour::index`] (White first).
///
/// Its name ([`fmt::Display`], read back by [`Tier::from_str`]) is stable
/// and usable in a file name: `w5b4` in the movement phase (both hands
/// empty), `w2b1h5.6` with pieces in hand (White's hand, then Black's),
/// each followed by `x` when the side to move owes a removal (`w5b4x`,
/// `w2b1h5.6x`).
///
/// ```
/// use lapilli_morris::tablebase::Tier;
/// let t = Tier { on_board: [2, 1], in_hand: [5, 6], pending: true };
/// assert_eq!(t.to_string(), "w2b1h5.6x");
/// assert_eq!("w2b1h5.6x".parse::<Tier>(), Ok(t));
/// assert_eq!(Tier::movement(5, 4, false).to_string(), "w5b4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tier {
    /// Pieces on the board, `[white, black]`.
    pub on_board: [u8; 2],
    /// Pieces in hand, `[white, black]`.
    pub in_hand: [u8; 2],
    /// Whether the side to move owes a removal (it has just closed a
    /// mill; seed 001).
    pub pending: bool,
}

impl Tier {
    /// The movement-phase tier (both hands empty) with `white` and `black`
    /// pieces on the board.
    pub fn movement(white: u8, black: u8, pending: bool) -> Tier {
        Tier { on_board: [white, black], in_hand: [0, 0], pending }
    }

    /// Whether both hands are empty: the movement phase, where either side
    /// may be to move.
    pub fn is_movement(&self) -> bool {
        self.in_hand == [0, 0]
    }

    /// The side to move in every position of the tier when the hands fix
    /// it, `None` in the movement phase (both sides) and for hands that
    /// alternate placement cannot produce. Placement alternates, White
    /// first (the rule of
    /// [`PositionError::HandCounts`](crate::PositionError::HandCounts)):
    /// without a pending removal, equal hands give White the move and
    /// Black holding one more gives it to Black; with a removal pending,
    /// the side that has just placed is to move, so White when Black holds
    /// one more, Black when the hands are equal.
    ///
    /// ```
    /// use lapilli_morris::{tablebase::Tier, Colour};
    /// let t = Tier { on_board: [1, 0], in_hand: [8, 9], pending: false };
    /// assert_eq!(t.side_to_move(), Some(Colour::Black));
    /// assert_eq!(Tier::movement(3, 3, false).side_to_move(), None);
    /// ```
    pub fn side_to_move(&self) -> Option<Colour> {
        let [w, b] = self.in_hand;
        if self.is_movement() {
            return None;
        }
        match (self.pending, w == b, b.checked_sub(w) == Some(1)) {
            (false, true, _) | (true, _, true) => Some(Colour::White),
            (false, _, true) | (true, true, _) => Some(Colour::Black),
            _ => None,
        }
    }

    /// The tier that stores this material under colour folding: a
    /// movement tier where White has fewer pieces on the board than Black
    /// is stored as its colour twin (the colours exchanged, so the other
    /// side to move, with the same value for the side to move), `w3b5` as
    /// `w5b3`; every other tier is its own.
    ///
    /// ```
    /// use lapilli_morris::tablebase::Tier;
    /// assert_eq!(Tier::movement(3, 5, true).folded(), Tier::movement(5, 3, true));
    /// assert_eq!(Tier::movement(4, 4, false).folded(), Tier::movement(4, 4, false));
    /// let placing = Tier { on_board: [1, 2], in_hand: [7, 6], pending: false };
    /// assert_eq!(placing.folded(), placing);
    /// ```
    pub fn folded(self) -> Tier {
        let [w, b] = self.on_board;
        if self.is_movement() && w < b {
            Tier { on_board: [b, w], ..self }
        } else {
            self
        }
    }

    /// Pieces `colour` has left, on the board and in hand (saturating at
    /// 255).
    pub fn pieces(&self, colour: Colour) -> u8 {
        self.on_board[colour.index()].saturating_add(self.in_hand[colour.index()])
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "w{}b{}", self.on_board[0], self.on_board[1])?;
        if !self.is_movement() {
            write!(f, "h{}.{}", self.in_hand[0], self.in_hand[1])?;
        }
        if self.pending {
            f.write_str("x")?;
        }
        Ok(())
    }
}

/// A tier name that is not of the form [`Tier`]'s [`fmt::Display`] writes.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "{0:?} is not a tier name: write w<white on board>b<black on board>, then h<white in hand>.<black in hand> \
     unless both hands are empty, then x if a removal is pending (e.g. w5b4, w2b1h5.6x)"
)]
pub struct ParseTierError(pub String);

impl FromStr for Tier {
    type Err = ParseTierError;

    /// Reads a tier name, exactly as [`fmt::Display`] writes it: no
    /// leading zeros, no `h0.0`, numbers up to 255.
    ///
    /// # Errors
    /// [`ParseTierError`] for anything else.
    fn from_str(s: &str) -> Result<Tier, ParseTierError> {
        let err = || ParseTierError(excerpt(s));
        let (body, pending) = match s.strip_suffix('x') {
            Some(body) => (body, true),
            None => (s, false),
        };
        let rest = body.strip_prefix('w').ok_or_else(err)?;
        let (white, rest) = rest.split_once('b').ok_or_else(err)?;
        let (black, hands) = match rest.split_once('h') {
            Some((black, hands)) => (black, Some(hands)),
            None => (rest, None),
        };
        let number = |t: &str| -> Result<u8, ParseTierError> {
            if t.is_empty() || !t.bytes().all(|c| c.is_ascii_digit()) || (t.len() > 1 && t.starts_with('0')) {
                return Err(err());
            }
            t.parse().map_err(|_| err())
        };
        let in_hand = match hands {
            Some(h) => {
                let (hw, hb) = h.split_once('.').ok_or_else(err)?;
                [number(hw)?, number(hb)?]
            }
            None => [0, 0],
        };
        let tier = Tier { on_board: [number(white)?, number(black)?], in_hand, pending };
        // `h0.0` is written without hands: only the canonical spelling.
        if tier.to_string() != s {
            return Err(err());
        }
        Ok(tier)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_strangers_are_refused() {
        for t in [
            Tier::movement(5, 4, false),
            Tier::movement(3, 3, true),
            Tier { on_board: [0, 0], in_hand: [9, 9], pending: false },
            Tier { on_board: [12, 11], in_hand: [0, 1], pending: true },
        ] {
            assert_eq!(t.to_string().parse::<Tier>(), Ok(t));
        }
        for bad in [
            "", "w", "w5", "w5b", "b4w5", "w05b4", "w5b4h0.0", "w5b4h1", "w5b4xx", "w5b4X", "w5b4 ",
            "w256b1", "w+5b4",
        ] {
            assert!(bad.parse::<Tier>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn hands_give_the_side_to_move() {
        let t = |w, b, pending| Tier { on_board: [0, 0], in_hand: [w, b], pending }.side_to_move();
        assert_eq!(t(9, 9, false), Some(Colour::White));
        assert_eq!(t(8, 9, false), Some(Colour::Black));
        assert_eq!(t(8, 9, true), Some(Colour::White));
        assert_eq!(t(8, 8, true), Some(Colour::Black));
        assert_eq!(t(0, 1, true), Some(Colour::White));
        assert_eq!(t(9, 8, false), None);
        assert_eq!(t(7, 9, true), None);
    }
}
