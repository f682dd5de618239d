//! Chunked tiers: a tier's first pass split into index ranges that
//! different workers solve at once, each into a chunk file, then joined
//! and finished by one worker.
//!
//! The tier solver's first pass ([`crate::solve_tier`]) generates every
//! entry's plies and values those that leave the tier from the finished
//! tiers below: it needs nothing of the tier itself, so its index ranges
//! are independent jobs ([`crate::solve_tier_chunk`]), and it is most of
//! a tier's work (the level pass that follows took 0.1% of `w5b5`'s time
//! and 14% of `w5b3`'s; of a tier without plies inside it, only the
//! counting). The passes of a tier's chunks joined in order are the first
//! pass of the whole tier, so the file [`crate::resolve_tier`] finishes
//! from them is byte for byte the file of the tier solved at once.
//!
//! A chunk file (`<tier>.<K>-of-<N>.ltc`) is, in little-endian byte order:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic, `LAPILTC\0` ([`CHUNK_MAGIC`]) |
//! | 2 | format version (the tier files' [`crate::FORMAT_VERSION`]) |
//! | 2 + n | variant name (length, then UTF-8) |
//! | 2 + n | index scheme |
//! | 2 + n | tier name |
//! | 4 x 2 | the chunk's number from 0, and the tier's chunks |
//! | 8 x 2 | its first index, and the index after its last |
//! | 1 | 1 if the tier has plies inside it, else 0 |
//! | 2 x entries | each entry's value code as the first pass found it |
//! | entries | each entry's positions (its orbit's, and its colour twin's) |
//! | entries, 2 x entries | with plies inside the tier: each entry's successors inside it, and its slowest loss out of it |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! Chunk files are scratch: the build of the tier takes them as they are
//! and removes them once the tier's file is written.

use super::error::TablebaseError;
use super::file::{checked_body, put_text, Reader, FORMAT_VERSION};
use super::table::TierCounts;
use super::TierSpace;
use lapilli_game::alloc::try_reserve_exact;
use std::fmt;
use std::ops::Range;
use std::path::Path;
use std::str::FromStr;

/// The first 8 bytes of every chunk file.
pub const CHUNK_MAGIC: [u8; 8] = *b"LAPILTC\0";
/// The file name extension of chunk files.
pub const CHUNK_EXTENSION: &str = "ltc";

/// One of the equal index ranges a tier is split into: the `index`-th
/// (from 0) of `of`. Written `K/N` with K from 1 (`3/16`: the third of
/// sixteen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Chunk {
    /// The chunk's number, from 0.
    pub index: u32,
    /// The tier's chunks, at least 1.
    pub of: u32,
}

impl Chunk {
    /// The chunks a tier of `size` indices is split into when no chunk may
    /// hold more than `chunk_indices` (at least 1; 1 for a `chunk_indices`
    /// of 0, which asks for no split).
    pub fn count(size: u64, chunk_indices: u64) -> u32 {
        if chunk_indices == 0 {
            return 1;
        }
        u32::try_from(size.div_ceil(chunk_indices)).unwrap_or(u32::MAX).max(1)
    }

    /// The chunks of a tier split into `of`.
    pub fn all(of: u32) -> impl Iterator<Item = Chunk> {
        (0..of).map(move |index| Chunk { index, of })
    }

    /// The indices of the chunk in a tier of `size` indices: the
    /// `index`-th of `of` near-equal ranges (they differ by at most one
    /// index), which together cover the tier in order.
    pub fn range(&self, size: u64) -> Range<u64> {
        let at = |k: u32| (u128::from(size) * u128::from(k) / u128::from(self.of.max(1))) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// The chunk's file name in the folder: `<tier>.<K>-of-<N>.ltc`, K
    /// from 1.
    pub fn file_name(&self, tier: &str) -> String {
        format!("{tier}.{}-of-{}.{CHUNK_EXTENSION}", self.index + 1, self.of)
    }

    /// Whether `name` is the file name of a chunk of `tier`, of any
    /// chunking.
    pub(crate) fn is_file_of(name: &str, tier: &str) -> bool {
        name.strip_prefix(tier)
            .and_then(|rest| rest.strip_prefix('.'))
            .and_then(|rest| rest.strip_suffix(&format!(".{CHUNK_EXTENSION}")))
            .and_then(|k_of_n| k_of_n.split_once("-of-"))
            .is_some_and(|(k, n)| k.parse::<u32>().is_ok() && n.parse::<u32>().is_ok())
    }
}

impl fmt::Display for Chunk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.of)
    }
}

impl FromStr for Chunk {
    type Err = String;

    /// `K/N`, 1 ≤ K ≤ N.
    fn from_str(s: &str) -> Result<Chunk, String> {
        let bad = || format!("{s:?} is no chunk: write K/N, the K-th of N chunks (1 ≤ K ≤ N)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n): (u32, u32) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Chunk { index: k - 1, of: n })
    }
}

/// A unit of work a scheduler hands to a worker: a whole tier (for a
/// chunked tier: its chunk files put together into its file), or one
/// chunk of a tier. Written `w8b7x` or `w8b7x:3/16`, and read back
/// ([`FromStr`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Job {
    /// The tier's name.
    pub tier: String,
    /// The chunk, or `None` for the tier.
    pub chunk: Option<Chunk>,
}

impl Job {
    /// The job of the whole tier `tier`.
    pub fn tier(tier: impl Into<String>) -> Job {
        Job { tier: tier.into(), chunk: None }
    }
}

impl fmt::Display for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.chunk {
            None => f.write_str(&self.tier),
            Some(c) => write!(f, "{}:{c}", self.tier),
        }
    }
}

impl FromStr for Job {
    type Err = String;

    /// `TIER` or `TIER:K/N`.
    fn from_str(s: &str) -> Result<Job, String> {
        match s.split_once(':') {
            None => Ok(Job::tier(s)),
            Some((tier, chunk)) => Ok(Job { tier: tier.to_string(), chunk: Some(chunk.parse()?) }),
        }
    }
}

/// The first pass of the tier solver over a range of a tier's entries
/// ([`crate::solve_tier_chunk`]): per entry the value its plies out of the
/// tier give, its positions, and (for a tier with plies inside it) its
/// successors inside the tier and its slowest loss out of it. Joined in
/// order ([`TierChunk::append`]) into the pass of the whole tier, which
/// [`crate::resolve_tier`] finishes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierChunk {
    /// The index of its first entry in the tier.
    pub(crate) start: u64,
    /// Whether the tier has plies inside it.
    pub(crate) internal: bool,
    /// Per entry: the unused code for an unused index; a win or a loss the
    /// level pass is to claim at its DTM; the draw code otherwise.
    pub(crate) candidates: Vec<u16>,
    /// Per entry: the positions its index stands for (0 unused).
    pub(crate) orbits: Vec<u8>,
    /// Per entry, with plies inside the tier (else empty): its distinct
    /// successor orbits inside the tier.
    pub(crate) counters: Vec<u8>,
    /// Per entry, with plies inside the tier (else empty): its slowest
    /// loss out of the tier, or a mark that it is never lost.
    pub(crate) floors: Vec<u16>,
}

impl TierChunk {
    /// The index of its first entry in the tier.
    pub fn start(&self) -> u64 {
        self.start
    }

    /// Its entries.
    pub fn len(&self) -> u64 {
        self.candidates.len() as u64
    }

    /// Whether it has no entry.
    pub fn is_empty(&self) -> bool {
        self.candidates.is_empty()
    }

    /// The counts of the chunk's values, in positions (the example of the
    /// longest DTM named by its index in the tier): for a tier without
    /// plies inside it, whose first pass values every entry, the chunk's
    /// share of the tier's counts; for a tier with plies inside it, whose
    /// values the level pass gives, its unused indices alone.
    pub fn counts(&self) -> TierCounts {
        if self.internal {
            let unused = self.candidates.iter().filter(|&&c| c == super::table::NONE).count() as u64;
            return TierCounts { unused, ..TierCounts::default() };
        }
        crate::solver::counts_of(&self.candidates, &self.orbits, self.start)
    }

    /// Makes room for `total` entries in all (the whole tier's), so that
    /// the chunks appended do not grow it again.
    ///
    /// # Errors
    /// [`TablebaseError::OutOfMemory`] naming `tier`.
    pub(crate) fn reserve_total(&mut self, total: u64, tier: &str) -> Result<(), TablebaseError> {
        let more = (total as usize).saturating_sub(self.candidates.len());
        let internal = if self.internal { more } else { 0 };
        let refused = TablebaseError::memory(|| format!("the first pass of tier {tier}"));
        try_reserve_exact(&mut self.candidates, more)
            .and_then(|()| try_reserve_exact(&mut self.orbits, more))
            .and_then(|()| try_reserve_exact(&mut self.counters, internal))
            .and_then(|()| try_reserve_exact(&mut self.floors, internal))
            .map_err(refused)
    }

    /// Appends `next`, the first pass of the range of tier `tier` that
    /// follows this one.
    ///
    /// # Errors
    /// [`TablebaseError::Chunk`] when `next` does not start where this one
    /// ends, or is of a tier of the other kind (with or without plies
    /// inside it); [`TablebaseError::OutOfMemory`].
    pub fn append(&mut self, next: TierChunk, tier: &str) -> Result<(), TablebaseError> {
        let end = self.start + self.len();
        if next.start != end || next.internal != self.internal {
            return Err(TablebaseError::Chunk {
                tier: tier.to_string(),
                chunk: format!("{}..{}", next.start, next.start + next.len()),
                what: format!("it does not follow the entries {}..{end} it is appended to", self.start),
            });
        }
        self.reserve_total(end + next.len() - self.start, tier)?;
        self.candidates.extend_from_slice(&next.candidates);
        self.orbits.extend_from_slice(&next.orbits);
        self.counters.extend_from_slice(&next.counters);
        self.floors.extend_from_slice(&next.floors);
        Ok(())
    }
}

/// Writes the first pass `pass` of `chunk` of `tier` to `path`, through a
/// temporary name renamed into place.
///
/// # Errors
/// [`TablebaseError::Io`]; [`TablebaseError::OutOfMemory`] when the system
/// refuses the memory of the encoded file.
pub(crate) fn write_chunk<S: TierSpace>(
    path: &Path,
    space: &S,
    tier: S::Tier,
    chunk: Chunk,
    pass: &TierChunk,
) -> Result<(), TablebaseError> {
    let range = chunk.range(space.size(tier));
    let n = pass.candidates.len();
    let mut out = Vec::new();
    try_reserve_exact(&mut out, 1024 + 6 * n).map_err(TablebaseError::memory(|| {
        format!("the file of chunk {chunk} of tier {}", space.tier_name(tier))
    }))?;
    out.extend_from_slice(&CHUNK_MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    put_text(&mut out, &space.variant_name());
    put_text(&mut out, &space.scheme());
    put_text(&mut out, &space.tier_name(tier));
    out.extend_from_slice(&chunk.index.to_le_bytes());
    out.extend_from_slice(&chunk.of.to_le_bytes());
    out.extend_from_slice(&range.start.to_le_bytes());
    out.extend_from_slice(&range.end.to_le_bytes());
    out.push(u8::from(pass.internal));
    for &code in &pass.candidates {
        out.extend_from_slice(&code.to_le_bytes());
    }
    out.extend_from_slice(&pass.orbits);
    out.extend_from_slice(&pass.counters);
    for &floor in &pass.floors {
        out.extend_from_slice(&floor.to_le_bytes());
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    super::lock::write_atomically(path, &out)
}

/// Reads the chunk file at `path`: the first pass of `chunk` of `tier`,
/// written for `space` (variant, scheme, tier, chunking, range, the kind
/// of tier and the checksum checked).
///
/// # Errors
/// [`TablebaseError::Io`] (a missing file: kind `NotFound`),
/// [`TablebaseError::BadMagic`], [`TablebaseError::Version`],
/// [`TablebaseError::Checksum`], [`TablebaseError::Truncated`],
/// [`TablebaseError::Chunk`] for a chunk of another variant, scheme,
/// tier or chunking, or of the wrong length;
/// [`TablebaseError::OutOfMemory`].
pub(crate) fn read_chunk<S: TierSpace>(
    path: &Path,
    space: &S,
    tier: S::Tier,
    chunk: Chunk,
) -> Result<TierChunk, TablebaseError> {
    let bytes = std::fs::read(path).map_err(|e| TablebaseError::io(path, e))?;
    let name = space.tier_name(tier);
    let wrong = |what: String| TablebaseError::Chunk { tier: name.clone(), chunk: chunk.to_string(), what };
    if bytes.len() < CHUNK_MAGIC.len() + 4 || bytes[..CHUNK_MAGIC.len()] != CHUNK_MAGIC {
        return Err(TablebaseError::BadMagic { path: path.to_path_buf() });
    }
    let body = checked_body(&bytes, path)?;
    let mut r = Reader { bytes: body, at: CHUNK_MAGIC.len(), path };
    let version = r.u16()?;
    if version != FORMAT_VERSION {
        return Err(TablebaseError::Version {
            path: path.to_path_buf(),
            found: version,
            expected: FORMAT_VERSION,
        });
    }
    let (variant, scheme, tier_name) = (r.text()?, r.text()?, r.text()?);
    let (index, of) = (r.u32()?, r.u32()?);
    let (start, end) = (r.u64()?, r.u64()?);
    let expected = (space.variant_name(), space.scheme(), name.clone(), chunk.index, chunk.of);
    if (variant.clone(), scheme.clone(), tier_name.clone(), index, of) != expected {
        return Err(wrong(format!(
            "{} holds chunk {}/{of} of tier {tier_name} of {variant} ({scheme}), not this one",
            path.display(),
            index + 1
        )));
    }
    if (start..end) != chunk.range(space.size(tier)) {
        return Err(wrong(format!("{} holds indices {start}..{end}, not the chunk's", path.display())));
    }
    let internal = r.u8()? == 1;
    if internal != space.has_internal_plies(tier) {
        return Err(wrong(format!("{} is of a tier of the other kind", path.display())));
    }
    let n = (end - start) as usize;
    let kept = if internal { n } else { 0 };
    let expected = r.at + 3 * n + 3 * kept;
    if expected != body.len() {
        return Err(wrong(format!(
            "{}: {} bytes where its entries take {expected}",
            path.display(),
            body.len()
        )));
    }
    let memory = |e: lapilli_game::alloc::AllocError| TablebaseError::OutOfMemory {
        what: format!("the chunk in {}", path.display()),
        bytes: e.bytes,
    };
    let words = |raw: &[u8]| -> Result<Vec<u16>, TablebaseError> {
        let mut v = Vec::new();
        try_reserve_exact(&mut v, raw.len() / 2).map_err(memory)?;
        v.extend(raw.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])));
        Ok(v)
    };
    let candidates = words(r.take(2 * n)?)?;
    let bytes_of = |raw: &[u8]| -> Result<Vec<u8>, TablebaseError> {
        let mut v = Vec::new();
        try_reserve_exact(&mut v, raw.len()).map_err(memory)?;
        v.extend_from_slice(raw);
        Ok(v)
    };
    let orbits = bytes_of(r.take(n)?)?;
    let counters = bytes_of(r.take(kept)?)?;
    let floors = words(r.take(2 * kept)?)?;
    Ok(TierChunk { start, internal, candidates, orbits, counters, floors })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_a_tier_in_order_and_differ_by_at_most_one_index() {
        for (size, of) in [(0u64, 1u32), (1, 1), (10, 3), (10, 10), (1_051_958_800, 16), (7, 5)] {
            let ranges: Vec<Range<u64>> = Chunk::all(of).map(|c| c.range(size)).collect();
            assert_eq!(ranges[0].start, 0);
            assert_eq!(ranges.last().map(|r| r.end), Some(size));
            for w in ranges.windows(2) {
                assert_eq!(w[0].end, w[1].start);
            }
            let lens: Vec<u64> = ranges.iter().map(|r| r.end - r.start).collect();
            let (lo, hi) = (lens.iter().min().copied(), lens.iter().max().copied());
            assert!(hi.zip(lo).is_some_and(|(h, l)| h - l <= 1), "{size} {of} {lens:?}");
        }
        assert_eq!(Chunk::count(1_051_958_800, 1 << 26), 16);
        assert_eq!(Chunk::count(1 << 26, 1 << 26), 1);
        assert_eq!(Chunk::count((1 << 26) + 1, 1 << 26), 2);
        assert_eq!(Chunk::count(5, 0), 1);
        assert_eq!(Chunk::count(0, 7), 1);
    }

    #[test]
    fn jobs_and_chunks_round_trip_through_their_names() {
        for s in ["w8b7x", "w8b7x:3/16", "w9b8h0.1:1/1", "w3b3:16/16"] {
            assert_eq!(s.parse::<Job>().map(|j| j.to_string()).as_deref(), Ok(s));
        }
        assert_eq!("w8b7x:3/16".parse::<Job>().map(|j| j.chunk), Ok(Some(Chunk { index: 2, of: 16 })));
        for bad in ["0/4", "5/4", "3", "a/b", "3/"] {
            assert!(bad.parse::<Chunk>().is_err(), "{bad}");
        }
        assert_eq!(Chunk { index: 2, of: 16 }.file_name("w8b7x"), "w8b7x.3-of-16.ltc");
        assert!(Chunk::is_file_of("w8b7x.3-of-16.ltc", "w8b7x"));
        assert!(!Chunk::is_file_of("w8b7x.3-of-16.ltc", "w8b7"));
        assert!(!Chunk::is_file_of("w8b7x.ltb", "w8b7x"));
    }
}
