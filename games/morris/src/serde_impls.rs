//! `serde` support (the `serde` feature): a position as its text, a move
//! as its point indices.
//!
//! ```
//! use lapilli_morris::{Move, Position};
//! let pos: Position = "WWW..B../.B....../........ w 6 7 x 7".parse().unwrap();
//! let json = serde_json::to_string(&pos).unwrap();
//! assert_eq!(json, "\"WWW..B../.B....../........ w 6 7 x 7\"");
//! assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
//! let m: Move = "6-7".parse().unwrap();
//! assert_eq!(serde_json::to_string(&m).unwrap(), "\"6-7\"");
//! assert!(serde_json::from_str::<Position>("\"W w 9 9 -\"").is_err());
//! ```

use crate::{Move, Position};
use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};
use std::borrow::Cow;

impl Serialize for Position {
    /// The position text ([`Position`]'s `Display`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Position {
    /// Reads the position text; a text that is no position is an error of
    /// the deserializer carrying the
    /// [`ParsePositionError`](crate::ParsePositionError) message.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}

impl Serialize for Move {
    /// The ply in point indices (`6-7`, `x2`), which every board reads.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    /// Reads a ply in point indices ([`Move`]'s `FromStr`).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}
