//! Iterating over the set bits of a machine word.
//!
//! Every rules crate walks sets of points stored as plain integers (`u16`
//! for the 3x3 boards, `u32` for the morris boards, `u64` and `u128` for
//! grids). [`bits`] is the one loop they share.

/// An unsigned integer used as a set of bit positions.
pub trait BitSet: Copy {
    /// Whether no bit is set.
    fn is_zero(self) -> bool;
    /// The index of the lowest set bit (meaningless when zero).
    fn lowest(self) -> usize;
    /// The value with its lowest set bit cleared.
    fn clear_lowest(self) -> Self;
    /// The number of set bits.
    fn ones(self) -> usize;
}

macro_rules! bit_set {
    ($($t:ty),*) => {$(
        impl BitSet for $t {
            #[inline]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn ones(self) -> usize {
                self.count_ones() as usize
            }
        }
    )*};
}
bit_set!(u8, u16, u32, u64, u128);

/// The indices of the set bits of `set`, lowest first.
///
/// ```
/// use lapilli_board_graph::bits::bits;
/// assert_eq!(bits(0b1010_0001u16).collect::<Vec<_>>(), vec![0, 5, 7]);
/// assert_eq!(bits(1u128 << 100).collect::<Vec<_>>(), vec![100]);
/// assert_eq!(bits(0u32).count(), 0);
/// ```
#[inline]
pub fn bits<T: BitSet>(set: T) -> Bits<T> {
    Bits(set)
}

/// The iterator of [`bits`].
#[derive(Clone, Copy, Debug)]
pub struct Bits<T>(T);

impl<T: BitSet> Iterator for Bits<T> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_zero() {
            None
        } else {
            let i = self.0.lowest();
            self.0 = self.0.clear_lowest();
            Some(i)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.ones();
        (n, Some(n))
    }
}

impl<T: BitSet> ExactSizeIterator for Bits<T> {}

#[cfg(test)]
mod tests {
    use super::bits;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn bits_agree_with_a_bit_by_bit_scan(x in any::<u64>()) {
            let naive: Vec<usize> = (0..64).filter(|&i| x >> i & 1 == 1).collect();
            prop_assert_eq!(bits(x).collect::<Vec<_>>(), naive.clone());
            prop_assert_eq!(bits(x).len(), naive.len());
        }
    }
}
