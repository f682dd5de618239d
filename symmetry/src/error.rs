//! Why a group cannot be built.

use thiserror::Error;

/// Why [`crate::Group::from_elements`] rejects a list of permutations, or
/// why an automorphism search ([`crate::automorphisms`] and relatives)
/// gives up. Indices are positions in the list (or slice of boards) given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SymmetryError {
    /// No elements: a group holds at least the identity.
    #[error("a group holds at least the identity; no elements were given")]
    Empty,
    /// Two elements act on different numbers of points.
    #[error("element {index} acts on {found} points, element 0 on {expected}")]
    PointCountMismatch {
        /// The index of the first element that differs from element 0.
        index: usize,
        /// The number of points of element 0.
        expected: usize,
        /// The number of points of element `index`.
        found: usize,
    },
    /// The identity is not among the elements.
    #[error("the identity is not among the elements")]
    NoIdentity,
    /// The identity is present but not first (element indices name
    /// elements, and index 0 must be the identity).
    #[error("the identity is element {index}; it must be element 0")]
    IdentityNotFirst {
        /// Where the identity is.
        index: usize,
    },
    /// The same permutation appears twice.
    #[error("elements {first} and {second} are the same permutation")]
    Repeated {
        /// The first occurrence.
        first: usize,
        /// The repeat.
        second: usize,
    },
    /// The list is not closed under composition: `elements[left] ∘
    /// elements[right]` (first `right`, then `left`) is missing.
    #[error("element {left} ∘ element {right} is not among the elements")]
    NotClosed {
        /// The outer factor (applied second).
        left: usize,
        /// The inner factor (applied first).
        right: usize,
    },
    /// The automorphism group has more than `limit` elements; the search
    /// stopped after finding `limit + 1` of them.
    #[error("the automorphism group has more than {limit} elements")]
    GroupTooLarge {
        /// The largest order that was accepted.
        limit: usize,
    },
    /// [`crate::automorphisms_of_all`] was given no boards.
    #[error("no boards were given")]
    NoBoards,
    /// [`crate::automorphisms_of_all`] was given boards of different sizes.
    #[error("board {index} has {found} points, board 0 has {expected}")]
    BoardSizeMismatch {
        /// The index of the first board that differs from board 0.
        index: usize,
        /// The number of points of board 0.
        expected: usize,
        /// The number of points of board `index`.
        found: usize,
    },
}
