//! `serde` support (the `serde` feature): positions and moves serialize as
//! their text and deserialize by parsing it.

use crate::moves::Move;
use crate::position::Position;
use serde::de::{Deserialize, Deserializer, Error};
use serde::ser::{Serialize, Serializer};

/// Parses the text of a `T` from a deserializer.
fn from_text<'de, D: Deserializer<'de>, T: std::str::FromStr<Err: std::fmt::Display>>(
    deserializer: D,
) -> Result<T, D::Error> {
    let text = String::deserialize(deserializer)?;
    text.parse().map_err(D::Error::custom)
}

/// As the position text, e.g. `"B.......W b"`.
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// From the position text; an invalid text is a deserialization error
/// with the [`crate::ParsePositionError`] message.
impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        from_text(deserializer)
    }
}

/// As the move text, e.g. `"0-8"`.
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// From the move text; an invalid text is a deserialization error with the
/// [`crate::ParseMoveError`] message.
impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        from_text(deserializer)
    }
}
