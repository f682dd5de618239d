//! Permutations of the points of a board.

use lapilli_board_graph::{Bitboard, Point, MAX_POINTS};
use thiserror::Error;

/// Why a list of images is not a permutation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PermutationError {
    /// More than 64 points and not the identity: a [`Point`] names at most
    /// 64 points, so above 64 only the identity is representable.
    #[error("a permutation other than the identity acts on at most {MAX_POINTS} points, got {0}")]
    TooLong(usize),
    /// An image outside `0..n`.
    #[error("point {point} maps to {image}, outside 0..{len}")]
    OutOfRange {
        /// The point.
        point: usize,
        /// Its image.
        image: usize,
        /// The number of points.
        len: usize,
    },
    /// Two points with the same image.
    #[error("points {first} and {second} both map to {image}")]
    NotInjective {
        /// The first point.
        first: usize,
        /// The second point.
        second: usize,
        /// Their common image.
        image: usize,
    },
}

/// A permutation `g` of the points `0..n`, with byte lookup tables so that
/// mapping a [`Bitboard`] costs one table read per 8 points (2 reads on the
/// 9-point wheel, 3 on the 24-point morris board).
///
/// # Size
/// Any permutation of `n <= 64` points is representable. Above 64 points
/// (a [`Point`] and a [`Bitboard`] stop at 64) only the identity is: it
/// reports [`Permutation::len`] `= n`, fixes every point and every set, and
/// makes [`crate::Group::trivial`] a real one-element group for boards of
/// any size (the 8x12 petteia board has 96 squares).
///
/// # Cost
/// The lookup tables take 2 KiB per started byte of points
/// (`ceil(min(n, 64) / 8) * 256 * 8` bytes): 4 KiB on the wheel, 6 KiB on
/// the morris board, 16 KiB on 64 points. Building one costs the same
/// number of word writes.
///
/// ```
/// use lapilli_board_graph::{Bitboard, Point};
/// use lapilli_symmetry::Permutation;
/// // The rotation i -> i + 1 (mod 4).
/// let g = Permutation::from_images(vec![1, 2, 3, 0]).unwrap();
/// assert_eq!(g.apply(Point::new(3)), Point::new(0));
/// assert_eq!(g.map_bits(Bitboard(0b0011)), Bitboard(0b0110));
/// assert!(g.compose(&g.inverse()).is_identity());
/// // The identity exists on any number of points.
/// let id = Permutation::identity(96);
/// assert_eq!((id.len(), id.apply_index(95)), (96, 95));
/// ```
#[derive(Clone, Debug)]
pub struct Permutation {
    /// `n`, the number of points acted on.
    points: usize,
    /// `g(0), ..., g(m - 1)` for `m = min(n, 64)`; above 64 points the
    /// permutation is the identity.
    images: Vec<Point>,
    /// `tables[k][b]` is the image of the bits `b << 8k`.
    tables: Vec<[u64; 256]>,
}

impl PartialEq for Permutation {
    fn eq(&self, other: &Permutation) -> bool {
        self.points == other.points && self.images == other.images
    }
}

impl Eq for Permutation {}

impl Permutation {
    /// The identity on `n` points, for any `n` (above 64 points it is the
    /// only representable permutation).
    pub fn identity(n: usize) -> Permutation {
        Permutation::build(n, (0..n.min(MAX_POINTS)).map(Point::new).collect())
    }

    /// The permutation with `g(i) = images[i]` on the points
    /// `0..images.len()`.
    ///
    /// # Errors
    /// [`PermutationError::OutOfRange`] if an image is not below
    /// `images.len()`, [`PermutationError::NotInjective`] if two points share
    /// an image, [`PermutationError::TooLong`] if there are more than 64
    /// points and the list is not the identity.
    ///
    /// ```
    /// use lapilli_symmetry::{Permutation, PermutationError};
    /// assert!(Permutation::from_images(vec![2, 0, 1]).is_ok());
    /// assert_eq!(
    ///     Permutation::from_images(vec![1, 1]),
    ///     Err(PermutationError::NotInjective { first: 0, second: 1, image: 1 })
    /// );
    /// ```
    pub fn from_images(images: Vec<usize>) -> Result<Permutation, PermutationError> {
        let len = images.len();
        if len > MAX_POINTS {
            return if images.iter().enumerate().all(|(i, &p)| i == p) {
                Ok(Permutation::identity(len))
            } else {
                Err(PermutationError::TooLong(len))
            };
        }
        let mut preimage = vec![usize::MAX; len];
        for (point, &image) in images.iter().enumerate() {
            if image >= len {
                return Err(PermutationError::OutOfRange { point, image, len });
            }
            if preimage[image] != usize::MAX {
                return Err(PermutationError::NotInjective { first: preimage[image], second: point, image });
            }
            preimage[image] = point;
        }
        Ok(Permutation::build(len, images.into_iter().map(Point::new).collect()))
    }

    /// Builds the lookup tables; `images` must be a permutation of
    /// `0..points` when `points <= 64`, the identity on `0..64` otherwise.
    fn build(points: usize, images: Vec<Point>) -> Permutation {
        let len = images.len();
        let mut tables = vec![[0u64; 256]; len.div_ceil(8)];
        for (k, table) in tables.iter_mut().enumerate() {
            // Each byte value is a smaller one plus its lowest bit.
            for byte in 1..256usize {
                let p = 8 * k + byte.trailing_zeros() as usize;
                let low = if p < len { 1 << images[p].index() } else { 0 };
                table[byte] = table[byte & (byte - 1)] | low;
            }
        }
        Permutation { points, images, tables }
    }

    /// The number of points `n` it acts on (may exceed 64 for the identity).
    pub fn len(&self) -> usize {
        self.points
    }

    /// Whether it acts on no points.
    pub fn is_empty(&self) -> bool {
        self.points == 0
    }

    /// The image `g(p)`.
    ///
    /// # Panics
    /// Panics if `p` is outside `0..n`.
    #[inline]
    pub fn apply(&self, p: Point) -> Point {
        self.images[p.index()]
    }

    /// The image `g(i)` of the point with index `i`, for any index below
    /// [`Permutation::len`] (including indices from 64 on, which only the
    /// identity has and which it fixes). Use it to relabel positions whose
    /// point sets are wider than a [`Bitboard`].
    ///
    /// # Panics
    /// Panics if `i >= self.len()`.
    #[inline]
    pub fn apply_index(&self, i: usize) -> usize {
        match self.images.get(i) {
            Some(p) => p.index(),
            None => {
                assert!(i < self.points, "point {i} outside 0..{}", self.points);
                i
            }
        }
    }

    /// The point images `g(0), g(1), ..., g(m - 1)` for `m = min(n, 64)`:
    /// every point a [`Point`] can name. Above 64 points the permutation is
    /// the identity and the unlisted points are fixed.
    pub fn images(&self) -> &[Point] {
        &self.images
    }

    /// The image of a set of points, `{g(p) : p in set}`. Points of `set`
    /// outside `0..n` are dropped; the identity on 64 or more points returns
    /// `set` unchanged.
    #[inline]
    pub fn map_bits(&self, set: Bitboard) -> Bitboard {
        let mut out = 0u64;
        let mut bits = set.0;
        for table in &self.tables {
            out |= table[(bits & 0xff) as usize];
            bits >>= 8;
        }
        Bitboard(out)
    }

    /// The composition `self ∘ other`: first `other`, then `self`.
    ///
    /// # Panics
    /// Panics if the two act on different numbers of points.
    pub fn compose(&self, other: &Permutation) -> Permutation {
        assert_eq!(self.len(), other.len(), "permutations of different sizes");
        if self.points > MAX_POINTS {
            return self.clone();
        }
        let images = other.images.iter().map(|&p| self.apply(p)).collect();
        Permutation::build(self.points, images)
    }

    /// The inverse `g⁻¹`.
    pub fn inverse(&self) -> Permutation {
        if self.points > MAX_POINTS {
            return self.clone();
        }
        let mut images = vec![Point::new(0); self.images.len()];
        for (i, p) in self.images.iter().enumerate() {
            images[p.index()] = Point::new(i);
        }
        Permutation::build(self.points, images)
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        self.images.iter().enumerate().all(|(i, p)| p.index() == i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors() {
        assert_eq!(
            Permutation::from_images(vec![0, 2]).unwrap_err(),
            PermutationError::OutOfRange { point: 1, image: 2, len: 2 }
        );
        assert_eq!(
            Permutation::from_images(vec![1, 1]).unwrap_err(),
            PermutationError::NotInjective { first: 0, second: 1, image: 1 }
        );
        assert_eq!(Permutation::from_images(vec![0; 65]).unwrap_err(), PermutationError::TooLong(65));
        let mut swap: Vec<usize> = (0..96).collect();
        swap.swap(0, 1);
        assert_eq!(Permutation::from_images(swap).unwrap_err(), PermutationError::TooLong(96));
    }

    #[test]
    fn map_bits_agrees_with_pointwise_images() {
        let images: Vec<usize> = (0..20).map(|i| (i * 7 + 3) % 20).collect();
        let g = Permutation::from_images(images).unwrap();
        for seed in 0u64..200 {
            let set = Bitboard(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) & ((1 << 20) - 1));
            let slow: Bitboard = set.iter().map(|p| g.apply(p)).collect();
            assert_eq!(g.map_bits(set), slow);
            assert_eq!(g.inverse().map_bits(g.map_bits(set)), set);
        }
        assert!(g.compose(&g.inverse()).is_identity());
        assert_eq!(g.apply_index(1), 10);
    }

    #[test]
    fn the_identity_on_more_than_64_points() {
        let id = Permutation::identity(96);
        assert_eq!(id.len(), 96);
        assert!(id.is_identity() && !id.is_empty());
        assert_eq!(id.images().len(), 64);
        assert_eq!(id.apply(Point::new(63)), Point::new(63));
        assert_eq!((id.apply_index(64), id.apply_index(95)), (64, 95));
        assert_eq!(id.map_bits(Bitboard(u64::MAX)), Bitboard(u64::MAX));
        assert_eq!(id.compose(&id.inverse()), id);
        assert_eq!(Permutation::from_images((0..96).collect()).unwrap(), id);
        assert_ne!(id, Permutation::identity(97));
        assert_ne!(id, Permutation::identity(64));
        assert_eq!(Permutation::identity(64).map_bits(Bitboard(u64::MAX)), Bitboard(u64::MAX));
    }

    #[test]
    #[should_panic(expected = "outside 0..96")]
    fn apply_index_checks_the_range() {
        Permutation::identity(96).apply_index(96);
    }
}
