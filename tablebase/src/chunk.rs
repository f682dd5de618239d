//! Chunked tiers: a tier without plies inside it split into index ranges
//! that different workers solve at once, each into a chunk file, then put
//! together into the tier's file.
//!
//! A tier whose plies all leave it ([`TierSpace::has_internal_plies`]
//! false: for morris the placement tiers and the tiers of a pending
//! removal) is solved by one pass over its entries, each valued from the
//! finished tiers below alone: its index ranges are independent jobs, and
//! the tier file put together from them is byte for byte the file of the
//! whole tier solved at once. A tier with plies inside it is solved whole.
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
//! | 8 x 7 | orbits won, lost, drawn, unused indices; positions won, lost, drawn |
//! | 4 | longest DTM, plies |
//! | 8 | the index (in the tier) of an entry with that DTM (`u64::MAX`: none) |
//! | 2 x entries | the value code of each entry |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! Chunk files are scratch: the build of the tier takes them as they are
//! and removes them once the tier's file is written.

use super::error::TablebaseError;
use super::file::{put_text, Reader, FORMAT_VERSION};
use super::table::{TierCounts, TierTable};
use super::TierSpace;
use std::fmt;
use std::io::Write;
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

/// Writes the solved `chunk` of `tier` (`table`: its entries' codes and
/// counts) to `path`, through a temporary name renamed into place.
///
/// # Errors
/// [`TablebaseError::Io`]; [`TablebaseError::OutOfMemory`] when the system
/// refuses the memory of the encoded file.
pub(crate) fn write_chunk<S: TierSpace>(
    path: &Path,
    space: &S,
    tier: S::Tier,
    chunk: Chunk,
    table: &TierTable,
) -> Result<(), TablebaseError> {
    let range = chunk.range(space.size(tier));
    let mut out = Vec::new();
    lapilli_game::alloc::try_reserve_exact(&mut out, 1024 + 2 * table.codes.len()).map_err(
        TablebaseError::memory(|| format!("the file of chunk {chunk} of tier {}", space.tier_name(tier))),
    )?;
    out.extend_from_slice(&CHUNK_MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    put_text(&mut out, &space.variant_name());
    put_text(&mut out, &space.scheme());
    put_text(&mut out, &space.tier_name(tier));
    out.extend_from_slice(&chunk.index.to_le_bytes());
    out.extend_from_slice(&chunk.of.to_le_bytes());
    out.extend_from_slice(&range.start.to_le_bytes());
    out.extend_from_slice(&range.end.to_le_bytes());
    let c = &table.counts;
    for x in [c.win_classes, c.loss_classes, c.draw_classes, c.unused, c.win, c.loss, c.draw] {
        out.extend_from_slice(&x.to_le_bytes());
    }
    out.extend_from_slice(&c.max_dtm.to_le_bytes());
    out.extend_from_slice(&c.example.unwrap_or(u64::MAX).to_le_bytes());
    for &code in &table.codes {
        out.extend_from_slice(&code.to_le_bytes());
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    let tmp = super::lock::temp_path(path);
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(&out)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        TablebaseError::io(path, e)
    })
}

/// Reads the chunk file at `path`: `chunk` of `tier`, written for `space`
/// (variant, scheme, tier, chunking, range and checksum checked).
///
/// # Errors
/// [`TablebaseError::Io`] (a missing file: kind `NotFound`),
/// [`TablebaseError::BadMagic`], [`TablebaseError::Version`],
/// [`TablebaseError::Checksum`], [`TablebaseError::Truncated`],
/// [`TablebaseError::Chunk`] for a chunk of another variant, scheme,
/// tier or chunking, or whose counts do not add up;
/// [`TablebaseError::OutOfMemory`].
pub(crate) fn read_chunk<S: TierSpace>(
    path: &Path,
    space: &S,
    tier: S::Tier,
    chunk: Chunk,
) -> Result<TierTable, TablebaseError> {
    let bytes = std::fs::read(path).map_err(|e| TablebaseError::io(path, e))?;
    let name = space.tier_name(tier);
    let wrong = |what: String| TablebaseError::Chunk { tier: name.clone(), chunk: chunk.to_string(), what };
    if bytes.len() < CHUNK_MAGIC.len() + 4 || bytes[..CHUNK_MAGIC.len()] != CHUNK_MAGIC {
        return Err(TablebaseError::BadMagic { path: path.to_path_buf() });
    }
    let (body, trailer) = bytes.split_at(bytes.len() - 4);
    let stored = u32::from_le_bytes(trailer.try_into().expect("4 bytes"));
    let computed = crc32fast::hash(body);
    if stored != computed {
        return Err(TablebaseError::Checksum {
            path: path.to_path_buf(),
            part: "file",
            found: stored,
            computed,
        });
    }
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
    let mut field = [0u64; 7];
    for x in &mut field {
        *x = r.u64()?;
    }
    let max_dtm = r.u32()?;
    let example = r.u64()?;
    let n = (end - start) as usize;
    if field[..4].iter().sum::<u64>() != n as u64 {
        return Err(wrong(format!("{}: counts that do not add up to its {n} entries", path.display())));
    }
    let raw = r.take(2 * n)?;
    if r.at != body.len() {
        return Err(wrong(format!("{}: {} bytes more than its entries", path.display(), body.len() - r.at)));
    }
    let mut codes = Vec::new();
    lapilli_game::alloc::try_reserve_exact(&mut codes, n)
        .map_err(TablebaseError::memory(|| format!("the table of {}", path.display())))?;
    codes.extend(raw.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])));
    let counts = TierCounts {
        win_classes: field[0],
        loss_classes: field[1],
        draw_classes: field[2],
        unused: field[3],
        win: field[4],
        loss: field[5],
        draw: field[6],
        max_dtm,
        example: (example != u64::MAX).then_some(example),
    };
    Ok(TierTable { codes, counts })
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
