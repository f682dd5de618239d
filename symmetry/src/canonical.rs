//! Positions that a board symmetry acts on, and their canonical forms.

use crate::group::Group;
use crate::permutation::Permutation;

/// A position (or anything else on a board) that point permutations act on.
///
/// Implementors supply how a permutation maps the position and an orderable
/// encoding; the canonical form is then provided. Moves are mapped through
/// [`MapMove`]. The
/// encoding must be injective on the positions being compared (equal keys
/// mean equal positions), otherwise canonical forms would merge distinct
/// positions.
pub trait Symmetric: Sized {
    /// The encoding minimised by [`Symmetric::canonical`].
    type Key: Ord + Copy;

    /// The position relabelled by `g`: what was on point `p` is on `g(p)`.
    fn map(&self, g: &Permutation) -> Self;

    /// The encoding; equal keys must mean equal positions.
    fn key(&self) -> Self::Key;

    /// The canonical form: the image with the least key over the group,
    /// with the index of the element that produced it (the first such
    /// element when several do, so the result is deterministic).
    fn canonical(&self, group: &Group) -> Canonical<Self> {
        let mut best: Option<(Self::Key, Self, usize)> = None;
        for (i, g) in group.elements().iter().enumerate() {
            let image = self.map(g);
            let key = image.key();
            if best.as_ref().is_none_or(|(k, _, _)| key < *k) {
                best = Some((key, image, i));
            }
        }
        let (_, position, element) = best.expect("a group is never empty");
        Canonical { position, element }
    }

    /// The least key over the group: the key of the canonical form,
    /// computed without keeping the image.
    fn canonical_key(&self, group: &Group) -> Self::Key {
        group.elements().iter().map(|g| self.map(g).key()).min().expect("a group is never empty")
    }

    /// The number of distinct images of the position under the group (its
    /// orbit's size, which divides the group's order).
    fn orbit_size(&self, group: &Group) -> usize {
        let mut keys: Vec<Self::Key> = group.elements().iter().map(|g| self.map(g).key()).collect();
        keys.sort_unstable();
        keys.dedup();
        keys.len()
    }
}

/// A move that point permutations relabel.
pub trait MapMove: Sized {
    /// The move relabelled by `g`: a position `pos` admits `m` exactly when
    /// `pos.map(g)` admits `m.map_move(g)`.
    fn map_move(self, g: &Permutation) -> Self;
}

/// A canonical form: the representative of a position's orbit and the
/// index (into [`Group::elements`]) of the element `g` with
/// `g(original) == position`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canonical<P> {
    /// The representative.
    pub position: P,
    /// Index of the group element that maps the original onto it.
    pub element: usize,
}

impl<P> Canonical<P> {
    /// The element that maps the original onto the representative.
    pub fn permutation<'g>(&self, group: &'g Group) -> &'g Permutation {
        group.element(self.element)
    }
}
