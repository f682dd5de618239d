//! The two numberings of points in the numeric fields and extensions:
//! the C++ engine's square ids and the Rust engine's node ids.

use super::{fen_of_point, point_of_fen, POINTS};
use lapilli_board_graph::{Bitboard, Point};
use std::fmt;

/// The token of the Rust engine's node ids.
pub(super) const NODES_MARKER: &str = "ids:nodes";

/// The numbering of points in the numeric fields and extensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// Square ids `8..=31` (FEN board index plus 8), `0` for no point, the
    /// mask's bits `8..=31`: the C++ engine's `d`.
    #[default]
    Squares,
    /// Node ids `0..=23` (the FEN board index), `-1` for no point, the
    /// mask's bits `0..=23`, and the token `ids:nodes` after the move
    /// number: the Rust engine's `fen`.
    Nodes,
}

impl Dialect {
    /// The id of `p`, or of no point.
    pub(super) fn id(self, p: Option<Point>) -> i64 {
        match (self, p) {
            (Dialect::Squares, None) => 0,
            (Dialect::Nodes, None) => -1,
            (Dialect::Squares, Some(p)) => 8 + fen_of_point(p) as i64,
            (Dialect::Nodes, Some(p)) => fen_of_point(p) as i64,
        }
    }

    /// The point of an id; `Some(None)` for the id of no point, `None` for
    /// an id that is neither.
    pub(super) fn point(self, id: i64) -> Option<Option<Point>> {
        let base = match self {
            Dialect::Squares if id == 0 => return Some(None),
            Dialect::Nodes if id == -1 => return Some(None),
            Dialect::Squares => 8,
            Dialect::Nodes => 0,
        };
        let i = usize::try_from(id - base).ok().filter(|&i| i < POINTS)?;
        Some(Some(point_of_fen(i)))
    }

    /// The ids a point field may hold, for messages.
    pub(super) fn range(self) -> &'static str {
        match self {
            Dialect::Squares => "a square id 8..=31, or 0 for none",
            Dialect::Nodes => "a node id 0..=23, or -1 for none",
        }
    }

    /// The bits of a 32-bit mask half that name points.
    pub(super) fn mask(self) -> u32 {
        match self {
            Dialect::Squares => 0xFFFF_FF00,
            Dialect::Nodes => 0x00FF_FFFF,
        }
    }

    /// Mask half → lapilli points.
    pub(super) fn points_of_mask(self, half: u32) -> Bitboard {
        let shift = if self == Dialect::Squares { 8 } else { 0 };
        (0..POINTS).filter(|i| half >> (i + shift) & 1 == 1).map(point_of_fen).collect()
    }

    /// lapilli points → mask half.
    pub(super) fn mask_of_points(self, set: Bitboard) -> u32 {
        let shift = if self == Dialect::Squares { 8 } else { 0 };
        set.iter().fold(0, |acc, p| acc | 1 << (fen_of_point(p) + shift))
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dialect::Squares => "square-id",
            Dialect::Nodes => "node-id",
        })
    }
}
