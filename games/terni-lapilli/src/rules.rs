//! The rule options and the constants of the game.

use lapilli_board_graph::wheel;
use lapilli_symmetry::{automorphisms, Group};
use std::sync::OnceLock;

/// Pieces each side places (seed 000).
pub const PIECES: usize = 3;

/// Rule options. The default follows docs/design.md: the centre may be
/// taken on the first placement.
///
/// Terni Lapilli has no no-progress rule: in play, threefold repetition is
/// the only draw ([`lapilli_search::Game::no_progress_limit`] is `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Whether Black's first placement may be on the centre (`true` by
    /// default; the variant that forbids it is common where the first
    /// player's centre opening is thought too strong).
    pub centre_first: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules { centre_first: true }
    }
}

impl Rules {
    /// The symmetry group of the game: the automorphism group of the wheel
    /// board, found by search (16 elements: 8 rotations and 8
    /// reflections). The same for both rule options: the rules are
    /// invariant under it, since the centre, the only point they single
    /// out, is fixed by every element.
    ///
    /// ```
    /// use lapilli_terni_lapilli::Rules;
    /// assert_eq!(Rules::default().group().len(), 16);
    /// ```
    pub fn group(self) -> &'static Group {
        static GROUP: OnceLock<Group> = OnceLock::new();
        GROUP.get_or_init(|| automorphisms(&wheel::wheel()).expect("the wheel's group has 16 elements"))
    }
}
