//! One solved tier in memory: a value code per index.

use lapilli_game::Value;

/// Code of a slack index or impossible position.
pub(crate) const NONE: u16 = 0;
/// Code of a draw (during a solve: not yet resolved).
pub(crate) const DRAW: u16 = 1;
/// The largest DTM a code holds, in plies.
pub(crate) const MAX_DTM: u32 = (u16::MAX as u32 - 3) / 2;

/// The code of a value: `2 + 2d` for a loss in `d` plies, `3 + 2d` for a
/// win in `d`, [`DRAW`] for a draw.
///
/// # Panics
/// If the DTM is above [`MAX_DTM`] (32,766 plies).
pub(crate) fn encode(value: Value) -> u16 {
    match value {
        Value::Draw => DRAW,
        Value::Loss(d) | Value::Win(d) => {
            assert!(d <= MAX_DTM, "a DTM of {d} plies is beyond the table's {MAX_DTM}");
            let base = 2 + 2 * d as u16;
            if matches!(value, Value::Win(_)) {
                base + 1
            } else {
                base
            }
        }
    }
}

/// The value of a code; `None` for [`NONE`].
pub(crate) fn decode(code: u16) -> Option<Value> {
    match code {
        NONE => None,
        DRAW => Some(Value::Draw),
        c if c % 2 == 0 => Some(Value::Loss(u32::from(c - 2) / 2)),
        c => Some(Value::Win(u32::from(c - 3) / 2)),
    }
}

/// Counts of a tier by value: in entries (orbits, one per used index) and
/// in positions (every member of every orbit).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TierCounts {
    /// Orbits won for the side to move.
    pub win_classes: u64,
    /// Orbits lost for the side to move.
    pub loss_classes: u64,
    /// Drawn orbits.
    pub draw_classes: u64,
    /// Indices no canonical position uses (slack, impossible positions).
    pub unused: u64,
    /// Positions won for the side to move.
    pub win: u64,
    /// Positions lost for the side to move.
    pub loss: u64,
    /// Drawn positions.
    pub draw: u64,
    /// The longest DTM in the tier, in plies (0 if nothing is decided).
    pub max_dtm: u32,
    /// An index whose value has that DTM (`None` if nothing is decided).
    pub example: Option<u64>,
}

impl TierCounts {
    /// Orbits with a value.
    pub fn classes(&self) -> u64 {
        self.win_classes + self.loss_classes + self.draw_classes
    }

    /// Positions with a value.
    pub fn positions(&self) -> u64 {
        self.win + self.loss + self.draw
    }
}

/// A solved tier: the value of every index (WDL and DTM in plies), and its
/// counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierTable {
    pub(crate) codes: Vec<u16>,
    pub(crate) counts: TierCounts,
}

impl TierTable {
    /// The number of indices.
    pub fn len(&self) -> u64 {
        self.codes.len() as u64
    }

    /// Whether the tier has no index.
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The value at `index`: `None` for a slack index, an impossible
    /// position or an index out of range.
    pub fn get(&self, index: u64) -> Option<Value> {
        usize::try_from(index).ok().and_then(|i| self.codes.get(i)).and_then(|&c| decode(c))
    }

    /// The tier's counts.
    pub fn counts(&self) -> &TierCounts {
        &self.counts
    }

    /// Memory the table takes, in bytes (2 per index).
    pub fn bytes(&self) -> u64 {
        2 * self.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for v in [
            Value::Draw,
            Value::Win(0),
            Value::Loss(0),
            Value::Win(7),
            Value::Loss(MAX_DTM),
            Value::Win(MAX_DTM),
        ] {
            assert_eq!(decode(encode(v)), Some(v));
        }
        assert_eq!(decode(NONE), None);
        assert_eq!(encode(Value::Win(MAX_DTM)), u16::MAX);
    }
}
