//! A lock-free transposition table shared by search threads.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Acquire, Ordering::Relaxed, Ordering::Release};
use std::sync::Mutex;

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Nothing: the entry only carries a move for ordering (its score
    /// depended on the game history, see the engine's docs).
    None,
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

impl Bound {
    /// What a score found in the window `(alpha, beta)` says of the true
    /// score: at most it (it failed low), at least it (it failed high) or
    /// exactly it; nothing if it `depended` on a repetition or no-progress
    /// draw, as it may not hold on a path with another history.
    pub(crate) fn of(score: i32, (alpha, beta): (i32, i32), depended: bool) -> Bound {
        if depended {
            Bound::None
        } else if score <= alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// One stored search result, as returned by a probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The score, with mate scores counted from the stored node (the engine
    /// converts them from and to the root's count).
    pub score: i32,
    /// The remaining depth the score was searched to, in plies (at most
    /// 255).
    pub depth: u32,
    /// What the score bounds.
    pub bound: Bound,
    /// The best move found, as its index in the position's move generation
    /// order (game-agnostic and 16 bits wide).
    pub move_index: Option<u16>,
}

/// Bytes per entry: the key XOR the data, then the data.
const ENTRY_BYTES: usize = 16;
/// Entries per bucket: one depth-preferred, one always-replace.
const WAYS: usize = 2;

/// The table could not be allocated: the memory was refused (or the size
/// does not fit the address space).
///
/// ```
/// use lapilli_search::{TableError, TranspositionTable};
/// let e = TranspositionTable::try_with_bytes(usize::MAX / 2).unwrap_err();
/// assert_eq!(e, TableError { bytes: usize::MAX / 2 });
/// assert!(e.to_string().starts_with("cannot allocate a transposition table of "));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a transposition table of {bytes} bytes")]
pub struct TableError {
    /// The size requested, in bytes.
    pub bytes: usize,
}

/// The depth stored for a result whose whole subtree was searched to its
/// end (finished games only, no line cut by the depth limit, no draw by
/// rule): it holds at every remaining depth, so it is stored above every
/// real depth ([`crate::MAX_DEPTH`] is below it).
pub(crate) const EXHAUSTIVE_DEPTH: u32 = 255;

/// A fixed-size transposition table of `2^k` buckets of two entries,
/// indexed by the low bits of the 64-bit key the game supplies.
///
/// - **Replacement**: slot 0 of a bucket is depth-preferred: a new result
///   goes there when that slot holds the same position, holds a shallower
///   search, or was written by an earlier search (generation); otherwise it
///   goes to slot 1, which is always replaced.
/// - **Sharing**: entries are two `AtomicU64` words, the data and the key
///   XOR the data (lockless hashing after Hyatt and Mann). Threads read and
///   write with relaxed atomics, so there is no undefined behaviour; a torn
///   entry (words from two different writes) fails the key check on probe
///   and reads as a miss.
/// - **Mate scores** are stored by the engine counted from the stored
///   node, not from the root, and re-based on the probing node's distance
///   from the root, so that an entry holds for every path to its position.
/// - **Exhaustive results**: the engine stores a result whose subtree it
///   searched to the end everywhere (no line cut by the depth limit) at
///   depth 255, above every real depth: it holds at any depth.
/// - **Cleared lazily**: one bit a bucket says whether the bucket has been
///   written since the table was made or cleared; a probe of an unwritten
///   bucket is a miss, and the first store empties the bucket's other way.
///   Clearing the table clears the bits only (64 KiB for a 16 MiB table),
///   and the memory of a dropped table is kept for the next table of the
///   same size made in the process ([`SPARE_MAX_BYTES`] at most: one
///   table, held until such a table is made or another is dropped), so
///   that a fresh engine does not clear megabytes it may never reach (4
///   MiB took 0.18 ms, a quarter of a Terni Lapilli search to depth 8).
///
/// ```
/// use lapilli_search::{Bound, TranspositionTable};
/// let tt = TranspositionTable::with_bytes(1 << 16);
/// assert_eq!(tt.bytes(), 1 << 16);
/// tt.store(42, 17, 3, Bound::Exact, Some(5));
/// let e = tt.probe(42).unwrap();
/// assert_eq!((e.score, e.depth, e.bound, e.move_index), (17, 3, Bound::Exact, Some(5)));
/// assert_eq!(tt.probe(43), None);
/// ```
#[derive(Debug)]
pub struct TranspositionTable {
    /// The buckets from `words[base]` on, `base` chosen so that every
    /// bucket lies in one 64-byte cache line (the allocation is only
    /// 16-byte aligned: a bucket at 48 bytes into a line would take two
    /// misses to read).
    words: Box<[AtomicU64]>,
    base: usize,
    mask: usize,
    generation: AtomicU8,
    /// Bit `i % 64` of word `i / 64`: bucket `i` has been written since
    /// the table was made or cleared (its words are stale otherwise).
    written: Box<[AtomicU64]>,
}

/// The largest table whose memory is kept, when dropped, for the next
/// table of the same size: 64 MiB.
pub const SPARE_MAX_BYTES: usize = 64 << 20;

/// The memory of the last table dropped (at most [`SPARE_MAX_BYTES`]),
/// stale entries and all: the written bits of a new table hide them.
static SPARE: Mutex<Option<Box<[AtomicU64]>>> = Mutex::new(None);

/// The table memory of `len` words kept in `spare`, if that is its size.
fn take_spare(spare: &Mutex<Option<Box<[AtomicU64]>>>, len: usize) -> Option<Box<[AtomicU64]>> {
    let mut spare = spare.lock().ok()?;
    if spare.as_ref().is_some_and(|w| w.len() == len) {
        spare.take()
    } else {
        None
    }
}

/// Keeps `words` in `spare` (in place of what it held) if they are at most
/// [`SPARE_MAX_BYTES`] of entries; frees them otherwise.
fn keep_spare(spare: &Mutex<Option<Box<[AtomicU64]>>>, words: Box<[AtomicU64]>) {
    if words.len() * 8 <= SPARE_MAX_BYTES + LINE_WORDS * 8 {
        // The memory it held is freed after the lock is released.
        let _old = match spare.lock() {
            Ok(mut spare) => spare.replace(words),
            Err(_) => None,
        };
    }
}

impl Drop for TranspositionTable {
    fn drop(&mut self) {
        keep_spare(&SPARE, std::mem::take(&mut self.words));
    }
}

/// Words per cache line: the table is over-allocated by one line to align
/// its buckets.
const LINE_WORDS: usize = 8;
/// Words per 4 KiB page: the table is touched once a page when made.
const PAGE_WORDS: usize = 512;

impl TranspositionTable {
    /// A table of at most `bytes` bytes (at least one bucket of 32 bytes):
    /// the largest power-of-two number of buckets that fits.
    ///
    /// # Panics
    /// If the memory cannot be had, with the [`TableError`] message; use
    /// [`TranspositionTable::try_with_bytes`] to handle that.
    pub fn with_bytes(bytes: usize) -> TranspositionTable {
        TranspositionTable::try_with_bytes(bytes).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`TranspositionTable::with_bytes`], failing instead of panicking
    /// (or aborting) when the memory is refused. The table takes the
    /// memory a dropped table of its size left (its stale entries hidden
    /// by the written bits), or else memory zeroed by the system
    /// ([`lapilli_game::alloc::try_zeroed`]), touched once a page here so
    /// that the pages are claimed when the table is made, not faulted in
    /// on a search's clock.
    ///
    /// # Errors
    /// [`TableError`] (with `bytes` as requested) when the allocation
    /// fails.
    ///
    /// ```
    /// use lapilli_search::TranspositionTable;
    /// assert_eq!(TranspositionTable::try_with_bytes(1 << 16).map(|t| t.bytes()), Ok(1 << 16));
    /// assert!(TranspositionTable::try_with_bytes(usize::MAX).is_err());
    /// ```
    pub fn try_with_bytes(bytes: usize) -> Result<TranspositionTable, TableError> {
        let fit = (bytes / (ENTRY_BYTES * WAYS)).max(1);
        let buckets = if fit.is_power_of_two() { fit } else { fit.next_power_of_two() / 2 };
        let len = buckets * WAYS * 2;
        let words = match take_spare(&SPARE, len + LINE_WORDS) {
            Some(words) => words,
            None => {
                let words = lapilli_game::alloc::try_zeroed::<AtomicU64>(len + LINE_WORDS)
                    .map_err(|_| TableError { bytes })?;
                // Claimed now, one store a page, so that a search does not
                // fault its pages in on the clock (a short search reaches
                // most of them).
                words.iter().step_by(PAGE_WORDS).for_each(|w| w.store(0, Relaxed));
                words
            }
        };
        TranspositionTable::on(words, buckets).map_err(|_| TableError { bytes })
    }

    /// A table of `buckets` buckets (a power of two) on `words` (at least
    /// `4 × buckets` and a line more), whatever they hold: the written
    /// bits start clear. Fails if the bits cannot be allocated.
    fn on(
        words: Box<[AtomicU64]>,
        buckets: usize,
    ) -> Result<TranspositionTable, lapilli_game::alloc::AllocError> {
        let written = lapilli_game::alloc::try_zeroed::<AtomicU64>(buckets.div_ceil(64))?;
        // The address is only read, to round it up to the next line.
        let misaligned = (words.as_ptr() as usize / 8) % LINE_WORDS;
        let base = (LINE_WORDS - misaligned) % LINE_WORDS;
        Ok(TranspositionTable { words, base, mask: buckets - 1, generation: AtomicU8::new(0), written })
    }

    /// The number of entries (two per bucket).
    pub fn capacity(&self) -> usize {
        (self.mask + 1) * WAYS
    }

    /// The size in bytes (of the entries; one cache line more is allocated
    /// to align them).
    pub fn bytes(&self) -> usize {
        self.capacity() * ENTRY_BYTES
    }

    /// Empties every entry (by clearing the written bits: one bit a
    /// bucket).
    pub fn clear(&self) {
        self.written.iter().for_each(|w| w.store(0, Relaxed));
    }

    /// Marks the start of a new search: entries of earlier searches become
    /// preferred for replacement.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    /// The bucket of `key`: its entries' words, two per way; its written
    /// bit's word, and the bit.
    #[inline]
    fn bucket(&self, key: u64) -> (&[AtomicU64; WAYS * 2], &AtomicU64, u64) {
        let i = key as usize & self.mask;
        let b = self.base + i * WAYS * 2;
        let words = self.words[b..b + WAYS * 2].try_into().expect("a bucket is in the table");
        (words, &self.written[i / 64], 1 << (i % 64))
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (bucket, written, bit) = self.bucket(key);
        // Acquire: a bucket seen written is seen with its zeroed way.
        if written.load(Acquire) & bit == 0 {
            return None;
        }
        for way in 0..WAYS {
            let check = bucket[2 * way].load(Relaxed);
            let data = bucket[2 * way + 1].load(Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores a result for `key`. `depth` is clamped to 255 plies.
    #[inline]
    pub fn store(&self, key: u64, score: i32, depth: u32, bound: Bound, move_index: Option<u16>) {
        let generation = self.generation.load(Relaxed);
        let data = pack(score, depth, bound, move_index, generation);
        let (bucket, written, bit) = self.bucket(key);
        // Acquire, as in a probe: a bucket seen written is seen with the
        // entries the replacement below reads.
        if written.load(Acquire) & bit == 0 {
            // The first store since the table was made or cleared: the
            // other way's stale data word is zeroed (an empty slot) before
            // the bit says the bucket holds entries (Release, paired with
            // the probe's Acquire).
            bucket[3].store(0, Relaxed);
            bucket[0].store(key ^ data, Relaxed);
            bucket[1].store(data, Relaxed);
            written.fetch_or(bit, Release);
            return;
        }
        let check0 = bucket[0].load(Relaxed);
        let data0 = bucket[1].load(Relaxed);
        let same = data0 != 0 && check0 ^ data0 == key;
        let old_depth = (data0 >> 32) & 0xff;
        let old_generation = (data0 >> 58) as u8;
        let way = if data0 == 0
            || same
            || old_depth <= depth.min(255) as u64
            || old_generation != generation & 0x3f
        {
            0
        } else {
            1
        };
        bucket[2 * way].store(key ^ data, Relaxed);
        bucket[2 * way + 1].store(data, Relaxed);
    }
}

/// Bits: 0..32 score, 32..40 depth, 40..42 bound, 42..58 move index + 1
/// (0: none), 58..64 generation. An all-zero data word means an empty slot,
/// so the one written entry that would pack to zero gets bit 63 set.
fn pack(score: i32, depth: u32, bound: Bound, move_index: Option<u16>, generation: u8) -> u64 {
    let bound_bits: u64 = match bound {
        Bound::None => 0,
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let mv = move_index.map_or(0, |i| i as u64 + 1);
    let data = score as u32 as u64
        | (depth.min(255) as u64) << 32
        | bound_bits << 40
        | (mv & 0xffff) << 42
        | ((generation & 0x3f) as u64) << 58;
    if data == 0 {
        1u64 << 63
    } else {
        data
    }
}

fn unpack(data: u64) -> Entry {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => Bound::None,
    };
    let mv = (data >> 42) & 0xffff;
    Entry {
        score: data as u32 as i32,
        depth: ((data >> 32) & 0xff) as u32,
        bound,
        move_index: (mv != 0).then(|| (mv - 1) as u16),
    }
}

/// Converts a score relative to the root into one relative to a node `ply`
/// plies below it, for storing: mate distances then no longer depend on the
/// path that reached the node.
pub(crate) fn to_tt(score: i32, ply: u32) -> i32 {
    if score > lapilli_game::MAX_EVAL {
        score + ply as i32
    } else if score < -lapilli_game::MAX_EVAL {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`]: re-bases a stored score on the probing node's
/// distance `ply` from the root.
pub(crate) fn from_tt(score: i32, ply: u32) -> i32 {
    if score > lapilli_game::MAX_EVAL {
        score - ply as i32
    } else if score < -lapilli_game::MAX_EVAL {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_game::WIN;

    #[test]
    fn mate_scores_rebase() {
        // A win 5 plies from the root found at ply 2 is a win in 3 from the node.
        assert_eq!(to_tt(WIN - 5, 2), WIN - 3);
        // Probed at ply 4 it is a win 7 plies from the root.
        assert_eq!(from_tt(WIN - 3, 4), WIN - 7);
        assert_eq!(from_tt(to_tt(-(WIN - 9), 3), 3), -(WIN - 9));
        assert_eq!(to_tt(1234, 7), 1234);
    }

    #[test]
    fn packing_round_trips() {
        for score in [0, 1, -1, WIN - 3, -(WIN - 3), i32::MAX, -i32::MAX] {
            for bound in [Bound::None, Bound::Exact, Bound::Lower, Bound::Upper] {
                for mv in [None, Some(0), Some(7), Some(u16::MAX - 1)] {
                    let e = unpack(pack(score, 9, bound, mv, 5));
                    assert_eq!(e, Entry { score, depth: 9, bound, move_index: mv });
                }
            }
        }
        assert_ne!(pack(0, 0, Bound::None, None, 0), 0);
        assert_eq!(unpack(pack(0, 300, Bound::Exact, None, 0)).depth, 255);
    }

    #[test]
    fn replacement_keeps_the_deeper_entry_and_the_newest() {
        let tt = TranspositionTable::with_bytes(1 << 12);
        let buckets = (tt.capacity() / WAYS) as u64;
        tt.store(5, 1, 4, Bound::Exact, None);
        tt.store(5 + buckets, 2, 2, Bound::Exact, None); // shallower: slot 1
        assert_eq!(tt.probe(5).map(|e| e.depth), Some(4));
        assert_eq!(tt.probe(5 + buckets).map(|e| e.depth), Some(2));
        tt.store(5 + 2 * buckets, 3, 1, Bound::Exact, None); // replaces slot 1
        assert_eq!(tt.probe(5 + buckets), None);
        assert_eq!(tt.probe(5).map(|e| e.depth), Some(4));
        tt.new_search();
        tt.store(5 + 3 * buckets, 4, 1, Bound::Exact, None); // old generation: slot 0
        assert_eq!(tt.probe(5), None);
        assert_eq!(tt.probe(5 + 3 * buckets).map(|e| e.score), Some(4));
    }

    #[test]
    fn clearing_hides_every_entry_and_the_first_store_empties_the_other_way() {
        let tt = TranspositionTable::with_bytes(1 << 12);
        let buckets = (tt.capacity() / WAYS) as u64;
        tt.store(5, 1, 4, Bound::Exact, Some(1));
        tt.store(5 + buckets, 2, 2, Bound::Lower, None); // slot 1
        for k in 100..140 {
            tt.store(k, k as i32, 3, Bound::Upper, None);
        }
        tt.clear();
        assert!((0..200).chain([5 + buckets]).all(|k| tt.probe(k).is_none()));
        // The bucket's first store since the clear: slot 0, and slot 1's
        // stale entry must not come back with the bucket's written bit.
        tt.store(5 + 2 * buckets, 3, 3, Bound::Exact, None);
        assert_eq!(tt.probe(5 + 2 * buckets).map(|e| e.score), Some(3));
        assert_eq!(tt.probe(5 + buckets), None);
        assert_eq!(tt.probe(5), None);
    }

    #[test]
    fn a_table_made_on_a_dropped_tables_memory_reads_empty() {
        // Through a spare slot of the test's own (the process's is shared
        // with every test that drops a table).
        let spare = Mutex::new(None);
        let mut tt = TranspositionTable::with_bytes(1 << 16);
        let buckets = tt.mask + 1;
        for k in 0..5_000u64 {
            tt.store(k * 7, k as i32, 5, Bound::Exact, Some(3));
        }
        keep_spare(&spare, std::mem::take(&mut tt.words));
        let len = buckets * WAYS * 2 + LINE_WORDS;
        assert!(take_spare(&spare, len / 2).is_none(), "a table of another size does not take it");
        let words = take_spare(&spare, len).expect("kept for a table of its size");
        assert!(take_spare(&spare, len).is_none(), "taken once");
        assert!(words.iter().any(|w| w.load(Relaxed) != 0), "the stale entries are there");
        let tt = TranspositionTable::on(words, buckets).unwrap();
        assert!((0..5_000u64).all(|k| tt.probe(k * 7).is_none()));
        tt.store(14, -9, 2, Bound::Upper, None);
        assert_eq!(tt.probe(14), Some(Entry { score: -9, depth: 2, bound: Bound::Upper, move_index: None }));
        // Too large to keep: freed.
        keep_spare(&spare, (0..SPARE_MAX_BYTES / 8 + LINE_WORDS + 1).map(|_| AtomicU64::new(0)).collect());
        assert!(spare.lock().unwrap().is_none());
    }

    #[test]
    fn shared_between_threads() {
        let tt = TranspositionTable::with_bytes(1 << 14);
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let tt = &tt;
                s.spawn(move || {
                    for k in 0..10_000u64 {
                        let key = k * 2 + t;
                        tt.store(key, key as i32, 1, Bound::Exact, None);
                        if let Some(e) = tt.probe(key) {
                            assert_eq!(e.score, key as i32);
                        }
                    }
                });
            }
        });
    }
}
