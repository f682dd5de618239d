//! Whole-set operations on a morris board, by shifts: the neighbours of
//! every point of a set at once, and the mills, open mills and completions
//! of a set on every line at once.
//!
//! The morris boards number their points ring by ring, eight to a ring,
//! each ring clockwise from its top-left corner
//! (`lapilli_board_graph::morris`). On that numbering every edge and every
//! line is a fixed shift of bits:
//!
//! - **Directions.** Each edge goes clockwise round a ring (`+1`, or `-7`
//!   from the last point of a ring to its first), anticlockwise (`-1`, or
//!   `+7`), outwards to the next ring (`+8`: a spoke, or a diagonal of the
//!   twelve men's board) or inwards (`-8`). Each of the four directions
//!   maps a point to at most one neighbour and no two points to the same
//!   one, so the size of a set's image counts each (point, neighbour)
//!   pair once: a side's slides are four images' sizes, in a few shifts
//!   and two double popcounts instead of one popcount a piece.
//! - **Line classes.** A line `{p, p + a, p + b}` is a side of a ring
//!   (`a, b = 1, 2`, or `6, 7` for the side that closes the ring through
//!   its first point), or a spoke or diagonal (`8, 16`). Shifting a set
//!   down by `a` and by `b` lines up the three points of every line of a
//!   class on its first point, where whole mills, two of three and the
//!   like are bitwise tests of all the lines at once.
//!
//! Which points each shift applies to (its mask) is read from the board's
//! edges and lines, and [`Shifts::new`] refuses a board with an edge or a
//! line that is not one of these shifts. The shift amounts are constants,
//! so that the compiler emits them as immediates. The loops they replace (a
//! set bit by bit, the lines one by one) are their tests' second
//! derivation. Sets count with [`counts`], two popcounts in one (the
//! program is built without `target-cpu` flags, so a popcount is a dozen
//! instructions).

/// The edge offsets of the four directions: clockwise `+1` and `-7`,
/// anticlockwise `-1` and `+7`, outwards `+8`, inwards `-8`.
const OFFSETS: [i32; 6] = [1, -7, -1, 7, 8, -8];

/// The offsets `(a, b)` of the three line classes.
const LINE_OFFSETS: [(u32, u32); 3] = [(1, 2), (6, 7), (8, 16)];

/// What the lines say about one side's set (see [`Shifts::lines`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineCounts {
    /// Lines whose three points are all in the set.
    pub mills: u32,
    /// Lines with two points in the set and the third in `empty`.
    pub open_mills: u32,
}

/// What the neighbours say about one side's pieces (see [`Shifts::room`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Room {
    /// (Piece, empty neighbour) pairs.
    pub mobility: u32,
    /// The number of empty points next to a piece.
    pub liberties: u32,
    /// Their set.
    pub free: u32,
    /// Pieces without an empty neighbour.
    pub blocked: u32,
}

/// The masks of one board's shifts.
#[derive(Debug)]
pub(crate) struct Shifts {
    /// `edges[i]`: the points with a neighbour at offset `OFFSETS[i]`.
    edges: [u32; 6],
    /// `starts[i]`: the first points of the lines of class
    /// `LINE_OFFSETS[i]`.
    starts: [u32; 3],
}

/// The sizes of `a` and `b`: one byte-wise popcount of the two as one
/// 64-bit word, the bytes of each half summed apart.
#[inline]
pub(crate) fn counts(a: u32, b: u32) -> (u32, u32) {
    let x = u64::from(a) | u64::from(b) << 32;
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    let x = x + (x >> 8);
    let x = x + (x >> 16);
    ((x & 0xff) as u32, (x >> 32 & 0xff) as u32)
}

/// The three points of each line of a class lined up on its first point:
/// bit `p` of the three sets says whether `p`, `p + A` and `p + B` are in
/// `set`, for the `p` of `starts`.
#[inline]
fn lined_up<const A: u32, const B: u32>(set: u32, starts: u32) -> (u32, u32, u32) {
    (set & starts, set >> A & starts, set >> B & starts)
}

/// The points that complete a line of a class: `p` when the two others are
/// in the set and `p` is not, and likewise for `p + A` and `p + B`.
#[inline]
fn completing<const A: u32, const B: u32>((x, y, z): (u32, u32, u32)) -> u32 {
    (y & z & !x) | (x & z & !y) << A | (x & y & !z) << B
}

impl Shifts {
    /// The masks of the board with the edges `neighbours` (symmetric,
    /// points `0..n`) and the lines `lines` (sets of three points).
    ///
    /// # Panics
    /// Panics if the board has more than 24 points, an edge is not at one
    /// of the offsets of [`OFFSETS`] or a line is not of three points at
    /// the offsets of [`LINE_OFFSETS`]: the three boards of this crate have
    /// none of these (tested).
    pub(crate) fn new(neighbours: &[u32], lines: &[u32]) -> Shifts {
        assert!(neighbours.len() <= 24, "a board of at most 24 points");
        let mut edges = [0u32; 6];
        for (p, &n) in neighbours.iter().enumerate() {
            for q in (0..32).filter(|q| n >> q & 1 == 1) {
                let (d, ring) = (q as i32 - p as i32, p / 8);
                // A ring's wrap is an offset of 7 between its ends only.
                let i = OFFSETS
                    .iter()
                    .position(|&o| o == d && (d.abs() != 7 || (q / 8 == ring && p % 8 + q % 8 == 7)))
                    .unwrap_or_else(|| panic!("an edge {p}-{q} at an offset of the ring numbering"));
                edges[i] |= 1 << p;
            }
        }
        let mut starts = [0u32; 3];
        for &l in lines {
            let p = l.trailing_zeros();
            let rest = l & !(1 << p);
            let offsets = (rest.trailing_zeros() - p, 31 - rest.leading_zeros() - p);
            let i = LINE_OFFSETS
                .iter()
                .position(|&o| o == offsets && l.count_ones() == 3)
                .unwrap_or_else(|| panic!("a line {l:#x} of three points at the offsets of a class"));
            starts[i] |= 1 << p;
        }
        Shifts { edges, starts }
    }

    /// The images of `set` in the four directions.
    #[inline]
    fn images(&self, set: u32) -> [u32; 4] {
        let e = &self.edges;
        [
            (set & e[0]) << 1 | (set & e[1]) >> 7,
            (set & e[2]) >> 1 | (set & e[3]) << 7,
            (set & e[4]) << 8,
            (set & e[5]) >> 8,
        ]
    }

    /// The neighbours of the points of `set`.
    #[inline]
    pub(crate) fn dilate(&self, set: u32) -> u32 {
        let [a, b, c, d] = self.images(set);
        a | b | c | d
    }

    /// The number of (point of `set`, point of `empty`) neighbour pairs:
    /// the slides of a side with pieces `set`.
    #[inline]
    pub(crate) fn slides(&self, set: u32, empty: u32) -> u32 {
        let [a, b, c, d] = self.images(set).map(|i| i & empty);
        let ((x, y), (z, w)) = (counts(a, b), counts(c, d));
        x + y + z + w
    }

    /// The room of the pieces `own` among the points `empty`.
    #[inline]
    pub(crate) fn room(&self, own: u32, empty: u32) -> Room {
        let [a, b, c, d] = self.images(own).map(|i| i & empty);
        let ((x, y), (z, w)) = (counts(a, b), counts(c, d));
        let free = a | b | c | d;
        let (liberties, blocked) = counts(free, own & !self.dilate(empty));
        Room { mobility: x + y + z + w, liberties, free, blocked }
    }

    /// The mills and open mills of `set`, with `empty` the empty points.
    #[inline]
    pub(crate) fn lines(&self, set: u32, empty: u32) -> LineCounts {
        let s = &self.starts;
        let own = [lined_up::<1, 2>(set, s[0]), lined_up::<6, 7>(set, s[1]), lined_up::<8, 16>(set, s[2])];
        let free =
            [lined_up::<1, 2>(empty, s[0]), lined_up::<6, 7>(empty, s[1]), lined_up::<8, 16>(empty, s[2])];
        let full = own.map(|(x, y, z)| u64::from(x & y & z));
        let open: [u64; 3] = std::array::from_fn(|i| {
            let ((x, y, z), (ex, ey, ez)) = (own[i], free[i]);
            u64::from((x & y & ez) | (x & ey & z) | (ex & y & z))
        });
        // The classes side by side in one word: the first points of the
        // first two are below 24 (a board has at most 24 points), those of
        // the third below 8 (its lines reach 16 points further).
        let pack = |c: [u64; 3]| c[0] | c[1] << 24 | c[2] << 48;
        LineCounts { mills: pack(full).count_ones(), open_mills: pack(open).count_ones() }
    }

    /// The points outside `set` that would complete a line of it (the two
    /// others of a line through them are in `set`).
    #[inline]
    pub(crate) fn completions(&self, set: u32) -> u32 {
        let s = &self.starts;
        completing::<1, 2>(lined_up::<1, 2>(set, s[0]))
            | completing::<6, 7>(lined_up::<6, 7>(set, s[1]))
            | completing::<8, 16>(lined_up::<8, 16>(set, s[2]))
    }

    /// The points of `set` that stand in a mill of `set`.
    #[inline]
    pub(crate) fn in_mills(&self, set: u32) -> u32 {
        let s = &self.starts;
        let a = set & set >> 1 & set >> 2 & s[0];
        let b = set & set >> 6 & set >> 7 & s[1];
        let c = set & set >> 8 & set >> 16 & s[2];
        a | a << 1 | a << 2 | b | b << 6 | b << 7 | c | c << 8 | c << 16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use lapilli_board_graph::bits::bits;

    /// A xorshift generator: the sets of the tests.
    fn sets(seed: u64) -> impl FnMut() -> u32 {
        let mut s = seed;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s as u32
        }
    }

    #[test]
    fn two_counts_in_one_are_the_popcounts() {
        let mut next = sets(0x2545_f491_4f6c_dd1d);
        for _ in 0..10_000 {
            let (a, b) = (next(), next());
            assert_eq!(counts(a, b), (a.count_ones(), b.count_ones()));
        }
        assert_eq!(counts(u32::MAX, 0), (32, 0));
        assert_eq!(counts(0, u32::MAX), (0, 32));
    }

    #[test]
    fn every_edge_and_line_of_every_board_is_a_shift() {
        let popcounts = |v: Variant| {
            let s = &v.tables().shifts;
            (s.edges.map(u32::count_ones), s.starts.map(u32::count_ones))
        };
        // 32 edges each way on the 24-point board: 24 round the rings and
        // 8 on the spokes (and 8 more on the diagonals of the twelve men's).
        assert_eq!(popcounts(Variant::NineMensMorris), ([21, 3, 21, 3, 8, 8], [9, 3, 4]));
        assert_eq!(popcounts(Variant::TwelveMensMorris), ([21, 3, 21, 3, 16, 16], [9, 3, 8]));
        assert_eq!(popcounts(Variant::SixMensMorris), ([14, 2, 14, 2, 4, 4], [6, 2, 0]));
    }

    #[test]
    #[should_panic(expected = "an edge 0-2 at an offset")]
    fn an_edge_off_the_numbering_is_refused() {
        Shifts::new(&[0b100, 0, 0b1], &[]);
    }

    /// The set operations against the loops over points and lines, on
    /// random sets of every board.
    #[test]
    fn set_operations_are_the_loops_over_points_and_lines() {
        let mut next = sets(0x9e37_79b9_7f4a_7c15);
        for v in [Variant::NineMensMorris, Variant::SixMensMorris, Variant::TwelveMensMorris] {
            let t = v.tables();
            let s = &t.shifts;
            for _ in 0..5_000 {
                let (r1, r2) = (next(), next());
                // Sparse and dense sets: a side of 0 to 12 pieces.
                let own = r1 & next() & t.all;
                let opp = r2 & !own & t.all;
                let empty = t.all & !(own | opp);
                let mut pairs = 0;
                let (mut reach, mut blocked, mut dilated) = (0u32, 0, 0u32);
                for p in bits(own) {
                    let free = t.neighbours[p] & empty;
                    pairs += free.count_ones();
                    reach |= free;
                    blocked += u32::from(free == 0);
                }
                for p in bits(own) {
                    dilated |= t.neighbours[p];
                }
                let room = s.room(own, empty);
                let expected = Room { mobility: pairs, liberties: reach.count_ones(), free: reach, blocked };
                assert_eq!(room, expected, "{v} {own:x}");
                assert_eq!(s.slides(own, empty), pairs);
                assert_eq!(s.dilate(own), dilated);
                let (mut mills, mut open, mut in_mills, mut completions) = (0, 0, 0, 0);
                for &l in &t.mills {
                    let mine = l & own;
                    if mine == l {
                        mills += 1;
                        in_mills |= l;
                    } else if mine.count_ones() == 2 && l & empty != 0 {
                        open += 1;
                    }
                    if (l & !own).count_ones() == 1 {
                        completions |= l & !own;
                    }
                }
                assert_eq!(s.lines(own, empty), LineCounts { mills, open_mills: open }, "{v} {own:x}");
                assert_eq!((s.completions(own), s.in_mills(own)), (completions, in_mills));
            }
        }
    }
}
