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
///
/// The provided methods map the position under every element, so they cost
/// `|G|` calls of [`Symmetric::map`] and [`Symmetric::key`]. Under a trivial
/// group ([`Group::trivial`], the group of any board over 64 points) the
/// canonical form is the position itself, with element 0. Positions wider
/// than a [`lapilli_board_graph::Bitboard`] map their points with
/// [`Permutation::apply_index`].
///
/// ```
/// use lapilli_symmetry::{Group, Permutation, Symmetric};
/// /// Stones on up to 128 points.
/// #[derive(Clone, Copy, PartialEq, Debug)]
/// struct Wide(u128);
/// impl Symmetric for Wide {
///     type Key = u128;
///     fn map(&self, g: &Permutation) -> Wide {
///         Wide((0..g.len()).filter(|&i| self.0 >> i & 1 == 1).fold(0, |s, i| s | 1 << g.apply_index(i)))
///     }
///     fn key(&self) -> u128 { self.0 }
/// }
/// // The 96-square petteia board: only the identity.
/// let group = Group::trivial(96);
/// let pos = Wide(1 << 95 | 1 << 7);
/// let c = pos.canonical(&group);
/// assert_eq!((c.position, c.element), (pos, 0));
/// ```
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

    /// The images of `line` (plies played in order from this position)
    /// under the position's stabilizer: the elements `g` of `group` with
    /// `g(self) == self`, each giving the line with every ply relabelled
    /// by `g`. Since `g` is a symmetry of the rules, each image is legal
    /// from this position, has the same value and passes through images of
    /// the same positions. One line for each distinct first ply, `line`
    /// itself first (the identity fixes everything); `[line]` when the
    /// stabilizer is trivial or the line is empty.
    ///
    /// ```
    /// use lapilli_board_graph::Bitboard;
    /// use lapilli_symmetry::{Group, MapMove, Permutation, Symmetric};
    /// /// Stones on three points in a row, and a move naming one point.
    /// #[derive(Clone, Copy, PartialEq, Debug)]
    /// struct Row(u64);
    /// impl Symmetric for Row {
    ///     type Key = u64;
    ///     fn map(&self, g: &Permutation) -> Row { Row(g.map_bits(Bitboard(self.0)).0) }
    ///     fn key(&self) -> u64 { self.0 }
    /// }
    /// #[derive(Clone, Copy, PartialEq, Debug)]
    /// struct Put(usize);
    /// impl MapMove for Put {
    ///     fn map_move(self, g: &Permutation) -> Put { Put(g.apply_index(self.0)) }
    /// }
    /// let mirror = Permutation::from_images(vec![2, 1, 0]).unwrap();
    /// let group = Group::from_elements(vec![Permutation::identity(3), mirror]).unwrap();
    /// // The empty row: both ends are alike.
    /// assert_eq!(Row(0).symmetric_lines(&group, &[Put(0)]), [vec![Put(0)], vec![Put(2)]]);
    /// // A stone on one end: the mirror no longer fixes the position.
    /// assert_eq!(Row(0b001).symmetric_lines(&group, &[Put(2)]), [vec![Put(2)]]);
    /// ```
    fn symmetric_lines<M: MapMove + Copy + PartialEq>(&self, group: &Group, line: &[M]) -> Vec<Vec<M>> {
        let mut lines = vec![line.to_vec()];
        let Some(&first) = line.first() else { return lines };
        let key = self.key();
        for g in group.elements().iter().filter(|g| self.map(g).key() == key) {
            let image = first.map_move(g);
            if lines.iter().all(|l| l[0] != image) {
                lines.push(line.iter().map(|&m| m.map_move(g)).collect());
            }
        }
        lines
    }
}

/// A move that point permutations relabel.
///
/// ```
/// use lapilli_board_graph::Point;
/// use lapilli_symmetry::{MapMove, Permutation};
/// /// A step from one point to another.
/// #[derive(Clone, Copy, PartialEq, Debug)]
/// struct Step(Point, Point);
/// impl MapMove for Step {
///     fn map_move(self, g: &Permutation) -> Step { Step(g.apply(self.0), g.apply(self.1)) }
/// }
/// let swap = Permutation::from_images(vec![1, 0, 2]).unwrap();
/// let step = Step(Point::new(0), Point::new(2));
/// assert_eq!(step.map_move(&swap), Step(Point::new(1), Point::new(2)));
/// ```
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
    ///
    /// # Panics
    /// Panics if `group` is not the group the form was computed under (and
    /// has fewer elements).
    pub fn permutation<'g>(&self, group: &'g Group) -> &'g Permutation {
        group.element(self.element)
    }
}
