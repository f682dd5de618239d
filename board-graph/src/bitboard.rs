//! Points and sets of points.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// The largest number of points a [`Bitboard`] can hold (one bit per point).
pub const MAX_POINTS: usize = 64;

/// A point of a board: an index `0..n` where `n` is the board's point count
/// (at most [`MAX_POINTS`]).
///
/// Boards number their points themselves; the wheel board, for example,
/// numbers the ring `0..8` and the centre `8` (seed 000).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Point(u8);

impl Point {
    /// The point with index `index`.
    ///
    /// # Panics
    /// Panics if `index >= MAX_POINTS` (64); use [`Point::try_new`] for
    /// untrusted input.
    pub const fn new(index: usize) -> Point {
        assert!(index < MAX_POINTS, "point index out of range");
        Point(index as u8)
    }

    /// The point with index `index`, or `None` if `index >= MAX_POINTS`.
    pub const fn try_new(index: usize) -> Option<Point> {
        if index < MAX_POINTS {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// The point's index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The one-point set `{self}`.
    pub const fn bit(self) -> Bitboard {
        Bitboard(1 << self.0)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of points, one bit per point (bit `i` is point `i`).
///
/// ```
/// use lapilli_board_graph::{Bitboard, Point};
/// let set = Point::new(0).bit() | Point::new(8).bit();
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![Point::new(0), Point::new(8)]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set of the first `n` points `0..n`.
    ///
    /// # Panics
    /// Panics if `n > MAX_POINTS`.
    pub const fn first(n: usize) -> Bitboard {
        assert!(n <= MAX_POINTS, "more than 64 points");
        if n == MAX_POINTS {
            Bitboard(u64::MAX)
        } else {
            Bitboard((1u64 << n) - 1)
        }
    }

    /// Whether `p` is in the set.
    pub const fn contains(self, p: Point) -> bool {
        self.0 >> p.0 & 1 == 1
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of points in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether every point of `self` is in `other`.
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// The set with `p` added.
    #[must_use]
    pub const fn with(self, p: Point) -> Bitboard {
        Bitboard(self.0 | 1 << p.0)
    }

    /// The set with `p` removed.
    #[must_use]
    pub const fn without(self, p: Point) -> Bitboard {
        Bitboard(self.0 & !(1 << p.0))
    }

    /// The lowest point of the set, if any.
    pub const fn first_point(self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            Some(Point(self.0.trailing_zeros() as u8))
        }
    }

    /// The points of the set in increasing order.
    pub fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Point::index)).finish()
    }
}

impl FromIterator<Point> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl IntoIterator for Bitboard {
    type Item = Point;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

/// Iterator over the points of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        let p = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Point(p))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement over all 64 bits; intersect with [`Bitboard::first`] to
    /// stay on a board.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}
