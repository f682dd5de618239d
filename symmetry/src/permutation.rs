//! Permutations of the points of a board.

use lapilli_board_graph::{Bitboard, Point, MAX_POINTS};
use thiserror::Error;

/// Why a list of images is not a permutation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PermutationError {
    /// More than 64 points.
    #[error("a permutation acts on at most {MAX_POINTS} points, got {0}")]
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

/// A permutation `g` of the points `0..n` (`n <= 64`), with byte lookup
/// tables so that mapping a [`Bitboard`] costs one table read per 8 points
/// (2 reads on the 9-point wheel, 3 on the 24-point morris board).
#[derive(Clone, Debug)]
pub struct Permutation {
    images: Vec<Point>,
    /// `tables[k][b]` is the image of the bits `b << 8k`.
    tables: Vec<[u64; 256]>,
}

impl PartialEq for Permutation {
    fn eq(&self, other: &Permutation) -> bool {
        self.images == other.images
    }
}

impl Eq for Permutation {}

impl Permutation {
    /// The identity on `n` points.
    ///
    /// # Panics
    /// Panics if `n > 64`.
    pub fn identity(n: usize) -> Permutation {
        Permutation::from_images((0..n).collect()).expect("n <= 64")
    }

    /// The permutation with `g(i) = images[i]`.
    ///
    /// # Errors
    /// [`PermutationError`] if there are more than 64 points, an image is out
    /// of range, or two points share an image.
    pub fn from_images(images: Vec<usize>) -> Result<Permutation, PermutationError> {
        let len = images.len();
        if len > MAX_POINTS {
            return Err(PermutationError::TooLong(len));
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
        let images: Vec<Point> = images.into_iter().map(Point::new).collect();
        let mut tables = vec![[0u64; 256]; len.div_ceil(8)];
        for (k, table) in tables.iter_mut().enumerate() {
            for (byte, slot) in table.iter_mut().enumerate() {
                let mut out = 0u64;
                for bit in 0..8 {
                    let p = 8 * k + bit;
                    if byte >> bit & 1 == 1 && p < len {
                        out |= 1 << images[p].index();
                    }
                }
                *slot = out;
            }
        }
        Ok(Permutation { images, tables })
    }

    /// The number of points it acts on.
    pub fn len(&self) -> usize {
        self.images.len()
    }

    /// Whether it acts on no points.
    pub fn is_empty(&self) -> bool {
        self.images.is_empty()
    }

    /// The image `g(p)`.
    ///
    /// # Panics
    /// Panics if `p` is outside `0..n`.
    #[inline]
    pub fn apply(&self, p: Point) -> Point {
        self.images[p.index()]
    }

    /// The images `g(0), g(1), ...`.
    pub fn images(&self) -> &[Point] {
        &self.images
    }

    /// The image of a set of points, `{g(p) : p in set}`. Points of `set`
    /// outside `0..n` are dropped.
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
        let images = other.images.iter().map(|&p| self.apply(p).index()).collect();
        Permutation::from_images(images).expect("a composition is a permutation")
    }

    /// The inverse `g⁻¹`.
    pub fn inverse(&self) -> Permutation {
        let mut images = vec![0; self.len()];
        for (i, p) in self.images.iter().enumerate() {
            images[p.index()] = i;
        }
        Permutation::from_images(images).expect("an inverse is a permutation")
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
    }
}
