//! Symmetries of boards: permutations of points, automorphism groups found
//! by search, orbits, and canonical forms of positions.
//!
//! The group of a board is never listed by hand: [`automorphisms`] searches
//! the relabellings of the points that map the board's ordered lines onto
//! its lines (docs/design.md, "symmetry is found, not listed").
//!
//! - Size: the search is bounded. [`automorphisms`] refuses groups of more
//!   than [`DEFAULT_MAX_ORDER`] (10,000) elements with
//!   [`SymmetryError::GroupTooLarge`] instead of exhausting time and
//!   memory; [`automorphisms_bounded`] takes another limit.
//! - Several boards: [`automorphisms_of_all`] finds the relabellings that
//!   preserve every board (say the movement graph and the winning lines),
//!   the same as [`Group::intersection`] of their groups.
//! - Boards over 64 points: only the identity is representable there, and
//!   [`Group::trivial`] is a real one-element group on any number of points,
//!   under which a canonical form is the position itself.
//!
//! ```
//! use lapilli_board_graph::{wheel, Bitboard, Point};
//! use lapilli_symmetry::{automorphisms, Permutation, Symmetric};
//!
//! /// A set of points on the wheel, as a toy position.
//! #[derive(Clone, Copy, PartialEq, Debug)]
//! struct Stones(Bitboard);
//! impl Symmetric for Stones {
//!     type Key = u64;
//!     fn map(&self, g: &Permutation) -> Self { Stones(g.map_bits(self.0)) }
//!     fn key(&self) -> u64 { self.0 .0 }
//! }
//!
//! let group = automorphisms(&wheel::wheel()).expect("16 elements, within the limit");
//! let one_stone = Stones(Point::new(5).bit());
//! // Every ring point is equivalent to point 0, the lowest key.
//! let c = one_stone.canonical(&group);
//! assert_eq!(c.position, Stones(Point::new(0).bit()));
//! assert_eq!(c.permutation(&group).apply(Point::new(5)), Point::new(0));
//! assert_eq!(one_stone.orbit_size(&group), 8);
//! ```
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod automorphism;
mod canonical;
mod closure;
pub mod colex;
mod error;
mod group;
mod pair_index;
mod permutation;

pub use automorphism::{
    automorphisms, automorphisms_bounded, automorphisms_of_all, automorphisms_of_all_bounded,
    DEFAULT_MAX_ORDER,
};
pub use canonical::{Canonical, MapMove, Symmetric};
pub use error::SymmetryError;
pub use group::Group;
pub use pair_index::{PairIndex, PairIndexError, SetMapper, MAX_PAIR_GROUP_ORDER, MAX_PAIR_POINTS};
pub use permutation::{Permutation, PermutationError};
