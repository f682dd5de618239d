//! Position set-up: what stands where, who moves and what is in hand, as a
//! front end collects it from clicks, for a game crate to build a position
//! from with its own rules ([`crate::VariantDescriptor::setup_position`]).

use crate::PositionTextError;
use thiserror::Error;

/// A piece on a point of a set-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupPiece {
    /// The side it belongs to, by index in [`crate::VariantDescriptor::sides`]
    /// (0 the first to play in the game, 1 the other).
    pub side: usize,
    /// Its kind, as [`crate::VariantDescriptor::occupants`] names it:
    /// `"piece"`, or e.g. `"dux"`.
    pub kind: String,
}

/// A position as set up by hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// What stands on each point, by point index (as in
    /// [`crate::BoardInfo`]): a piece or nothing.
    pub occupants: Vec<Option<SetupPiece>>,
    /// The side to move, by index in [`crate::VariantDescriptor::sides`].
    pub side_to_move: usize,
    /// The pieces still in hand of each side, by side index, for games
    /// placed from a hand (morris); `None` for the game's own default
    /// (none in hand).
    pub in_hand: Option<[u32; 2]>,
    /// Whether the side to move has a removal to make (morris, after a mill).
    pub pending_removal: bool,
}

/// What a variant lets a front end set up ([`crate::VariantDescriptor::setup_offer`]):
/// the facts a set-up editor needs before it sends a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupOffer {
    /// The kinds a piece may have, as [`crate::VariantDescriptor::occupants`]
    /// names them: `["piece"]`, or e.g. `["piece", "dux"]`.
    pub kinds: Vec<&'static str>,
    /// Whether pieces in hand are part of a set-up ([`Setup::in_hand`]
    /// is honoured; morris).
    pub in_hand: bool,
    /// Whether a pending removal can be set up
    /// ([`Setup::pending_removal`]; morris).
    pub removal: bool,
}

/// Why a set-up gives no position.
#[derive(Debug, Error)]
pub enum SetupError {
    /// The set-up does not fit the board: the wrong number of points, a side
    /// index other than 0 or 1, a kind of piece the game has not.
    #[error("{0}")]
    Shape(String),
    /// The rules refuse the position the set-up describes (the rules
    /// crate's error, as for position text).
    #[error(transparent)]
    Position(#[from] PositionTextError),
    /// The rules refuse the position the set-up describes, in the words of
    /// a set-up (pieces on the board and in hand, not the fields of a
    /// position text).
    #[error("{0}")]
    Rules(String),
    /// The game offers no set-up.
    #[error("set-up is not offered for this game")]
    NotOffered,
}

impl Setup {
    /// Checks that the set-up has `points` points, sides 0 or 1, kinds
    /// among `offer`'s, and pieces in hand or a pending removal only where
    /// `offer` takes them.
    ///
    /// # Errors
    /// [`SetupError::Shape`] naming what does not fit.
    pub fn check_shape(&self, points: usize, offer: &SetupOffer) -> Result<(), SetupError> {
        let kinds = &offer.kinds;
        if self.occupants.len() != points {
            return Err(SetupError::Shape(format!(
                "the set-up has {} points but the board has {points}",
                self.occupants.len()
            )));
        }
        if self.side_to_move > 1 {
            return Err(SetupError::Shape(format!(
                "side {} to move: the sides are 0 and 1",
                self.side_to_move
            )));
        }
        for (point, piece) in self.occupants.iter().enumerate() {
            let Some(piece) = piece else { continue };
            if piece.side > 1 {
                return Err(SetupError::Shape(format!(
                    "point {point}: side {}: the sides are 0 and 1",
                    piece.side
                )));
            }
            if !kinds.contains(&piece.kind.as_str()) {
                return Err(SetupError::Shape(format!(
                    "point {point}: no piece of kind {:?} in this game (the kinds are {})",
                    piece.kind,
                    kinds.join(", ")
                )));
            }
        }
        if !offer.in_hand && self.in_hand.is_some_and(|hand| hand != [0, 0]) {
            return Err(SetupError::Shape(
                "this game keeps no pieces in hand in a set-up: every piece stands on the board".into(),
            ));
        }
        if !offer.removal && self.pending_removal {
            return Err(SetupError::Shape("this game has no removal to set up".into()));
        }
        Ok(())
    }
}

/// The words of `text` after the first `skip`, each with a space before
/// it: the rules part of a position text (its variant names and options),
/// for composing a set-up's text from the start's.
pub fn text_tail(text: &str, skip: usize) -> String {
    text.split_whitespace().skip(skip).map(|w| format!(" {w}")).collect()
}
