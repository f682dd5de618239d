//! The tier file format.
//!
//! A tier file (`<tier>.ltb`) is, in little-endian byte order:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic, `LAPILTB\0` ([`MAGIC`]) |
//! | 2 | format version ([`FORMAT_VERSION`]) |
//! | 2 + n | variant name (length, then UTF-8), e.g. `nine-mens-morris` |
//! | 2 + n | index scheme, e.g. `morris-pair-index/2` |
//! | 2 + n | tier name, e.g. `w3b3` |
//! | 8 | entries: the tier's index size |
//! | 8 x 4 | orbits won, lost, drawn, unused indices |
//! | 8 x 3 | positions won, lost, drawn |
//! | 4 | longest DTM, plies |
//! | 8 | the index of an entry with that DTM (`u64::MAX`: none) |
//! | 1 | DTM width in bytes: 1 or 2 |
//! | 4 | CRC-32 (IEEE) of the header's bytes before it, so a damaged header is told from a file of another game |
//! | ⌈entries / 4⌉ | WDL, 2 bits per entry, low bits first: 0 unused, 1 win, 2 loss, 3 draw |
//! | entries x width | DTM in plies per entry (0 for draws and unused entries) |
//! | 4 | CRC-32 (IEEE) of every byte before it |

use super::error::TablebaseError;
use super::table::{decode, encode, TierCounts, TierTable, NONE};
use super::TierSpace;
use lapilli_game::Value;
use std::io::Read;
use std::path::Path;

/// The first 8 bytes of every tier file.
pub const MAGIC: [u8; 8] = *b"LAPILTB\0";
/// The version of the file format this build writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// The file name extension of tier files.
const EXTENSION: &str = "ltb";

/// The header of a tier file: what it holds and its counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierFile {
    /// The variant, e.g. `nine-mens-morris`.
    pub variant: String,
    /// The index scheme.
    pub scheme: String,
    /// The tier's name.
    pub tier: String,
    /// Indices in the tier.
    pub entries: u64,
    /// Counts by value, in orbits and in positions, and the longest DTM.
    pub counts: TierCounts,
    /// Bytes per DTM entry: 1 or 2.
    pub dtm_width: u8,
}

pub(crate) struct Reader<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) at: usize,
    pub(crate) path: &'a Path,
}

impl<'a> Reader<'a> {
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], TablebaseError> {
        if self.bytes.len() - self.at < n {
            return Err(TablebaseError::Truncated {
                path: self.path.to_path_buf(),
                found: self.bytes.len() as u64,
                expected: (self.at + n) as u64,
            });
        }
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }
    pub(crate) fn u8(&mut self) -> Result<u8, TablebaseError> {
        Ok(self.take(1)?[0])
    }
    pub(crate) fn u16(&mut self) -> Result<u16, TablebaseError> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().expect("2 bytes")))
    }
    pub(crate) fn u32(&mut self) -> Result<u32, TablebaseError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }
    pub(crate) fn u64(&mut self) -> Result<u64, TablebaseError> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8 bytes")))
    }
    pub(crate) fn text(&mut self) -> Result<String, TablebaseError> {
        let n = self.u16()? as usize;
        let path = self.path;
        if n > MAX_NAME {
            // A damaged length, not a short file: say so, rather than
            // "truncated" at the end of the bytes read for the header.
            return Err(TablebaseError::Corrupt {
                path: path.to_path_buf(),
                what: format!(
                    "the header gives a name {n} bytes long (at most {MAX_NAME}): the header is damaged"
                ),
            });
        }
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| TablebaseError::Corrupt {
            path: path.to_path_buf(),
            what: "the header is damaged: a name is not UTF-8 text".into(),
        })
    }
}

/// The longest variant, scheme or tier name a header holds, in bytes (the
/// names are those of the registry and the tiers, all far shorter).
const MAX_NAME: usize = 255;

/// The bytes of a file read whole, `bytes`, before its last 4, which
/// must hold their CRC-32 (IEEE).
///
/// # Errors
/// [`TablebaseError::Checksum`] naming `path`, when they do not (or the
/// file is shorter than its checksum).
pub(crate) fn checked_body<'a>(bytes: &'a [u8], path: &Path) -> Result<&'a [u8], TablebaseError> {
    let (body, trailer) = bytes.split_at(bytes.len().saturating_sub(4));
    let stored = match <[u8; 4]>::try_from(trailer) {
        Ok(t) => u32::from_le_bytes(t),
        Err(_) => 0,
    };
    let computed = crc32fast::hash(body);
    if trailer.len() != 4 || stored != computed {
        return Err(TablebaseError::Checksum {
            path: path.to_path_buf(),
            part: "file",
            found: stored,
            computed,
        });
    }
    Ok(body)
}

pub(crate) fn put_text(out: &mut Vec<u8>, s: &str) {
    debug_assert!(s.len() <= MAX_NAME, "a name longer than a header holds: {s}");
    out.extend_from_slice(&(s.len() as u16).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

impl TierFile {
    /// The file name of a tier: `<tier>.ltb`.
    pub fn file_name(tier: &str) -> String {
        format!("{tier}.{EXTENSION}")
    }

    /// The header of `table` as the file of `tier`.
    pub fn describe<S: TierSpace>(space: &S, tier: S::Tier, table: &TierTable) -> TierFile {
        let dtm_width: u8 = if table.counts.max_dtm <= u32::from(u8::MAX) { 1 } else { 2 };
        TierFile {
            variant: space.variant_name(),
            scheme: space.scheme(),
            tier: space.tier_name(tier),
            entries: table.len(),
            counts: table.counts,
            dtm_width,
        }
    }

    /// Encodes `table` as the file of `tier` (see the module docs).
    ///
    /// # Errors
    /// [`TablebaseError::OutOfMemory`] when the system refuses the
    /// memory of the encoded file.
    pub fn encode<S: TierSpace>(
        space: &S,
        tier: S::Tier,
        table: &TierTable,
    ) -> Result<(TierFile, Vec<u8>), TablebaseError> {
        let header = TierFile::describe(space, tier, table);
        let dtm_width = header.dtm_width;
        let n = table.codes.len();
        // The whole file at once (the header's texts are short).
        let mut out = Vec::new();
        lapilli_game::alloc::try_reserve_exact(&mut out, 1024 + n.div_ceil(4) + n * usize::from(dtm_width))
            .map_err(TablebaseError::memory(|| format!("the file of tier {}", header.tier)))?;
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        put_text(&mut out, &header.variant);
        put_text(&mut out, &header.scheme);
        put_text(&mut out, &header.tier);
        let c = &header.counts;
        for x in
            [header.entries, c.win_classes, c.loss_classes, c.draw_classes, c.unused, c.win, c.loss, c.draw]
        {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.extend_from_slice(&c.max_dtm.to_le_bytes());
        out.extend_from_slice(&c.example.unwrap_or(u64::MAX).to_le_bytes());
        out.push(dtm_width);
        let header_crc = crc32fast::hash(&out);
        out.extend_from_slice(&header_crc.to_le_bytes());
        let wdl = |code: u16| -> u8 {
            match decode(code) {
                None => 0,
                Some(Value::Win(_)) => 1,
                Some(Value::Loss(_)) => 2,
                Some(Value::Draw) => 3,
            }
        };
        out.extend(
            table.codes.chunks(4).map(|q| q.iter().enumerate().fold(0u8, |b, (k, &c)| b | wdl(c) << (2 * k))),
        );
        for &code in &table.codes {
            let dtm = decode(code).and_then(Value::plies).unwrap_or(0);
            if dtm_width == 1 {
                out.push(dtm as u8);
            } else {
                out.extend_from_slice(&(dtm as u16).to_le_bytes());
            }
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        Ok((header, out))
    }

    /// Writes `table` to `path` (through a temporary file renamed into
    /// place, so a reader never sees half a file; the temporary name is
    /// this process's and this call's alone, hidden and without the `.ltb`
    /// extension, and removed when the write fails).
    ///
    /// # Errors
    /// [`TablebaseError::Io`]; [`TablebaseError::OutOfMemory`] as
    /// [`TierFile::encode`].
    pub fn write<S: TierSpace>(
        path: &Path,
        space: &S,
        tier: S::Tier,
        table: &TierTable,
    ) -> Result<TierFile, TablebaseError> {
        let (header, bytes) = TierFile::encode(space, tier, table)?;
        super::lock::write_atomically(path, &bytes)?;
        Ok(header)
    }

    /// Reads the tier file at `path` written for `space` (and, if given,
    /// for `tier`), checking magic, version, variant, scheme, tier, size
    /// and checksum.
    ///
    /// # Errors
    /// [`TablebaseError::Io`], [`TablebaseError::BadMagic`],
    /// [`TablebaseError::Version`], [`TablebaseError::Mismatch`] (another
    /// variant, scheme or tier, or a size the space does not give the
    /// tier), [`TablebaseError::Truncated`], [`TablebaseError::Checksum`],
    /// [`TablebaseError::Corrupt`] (also for an unused or drawn entry whose
    /// DTM is not 0); [`TablebaseError::OutOfMemory`] when
    /// the system refuses the memory of its contents or its table.
    pub fn read<S: TierSpace>(
        path: &Path,
        space: &S,
        tier: Option<S::Tier>,
    ) -> Result<(TierFile, TierTable), TablebaseError> {
        // The header and the file's length first, so that a file of the
        // wrong size (or no regular file) is refused before it is read;
        // then the rest of the same open file.
        let (mut f, mut bytes, header, len) = TierFile::open_with_header(path)?;
        header.check(path, space, tier)?;
        let rest = (len as usize).saturating_sub(bytes.len());
        lapilli_game::alloc::try_reserve_exact(&mut bytes, rest)
            .map_err(TablebaseError::memory(|| format!("the contents of {}", path.display())))?;
        f.read_to_end(&mut bytes).map_err(|e| TablebaseError::io(path, e))?;
        TierFile::decode(&bytes, path, space, tier)
    }

    /// Parses the header (magic to the header's checksum) and checks what
    /// the format alone says: magic, version, checksum, DTM width, counts.
    fn parse_header(r: &mut Reader<'_>) -> Result<TierFile, TablebaseError> {
        let path = r.path;
        let bad = |what: String| TablebaseError::Corrupt { path: path.to_path_buf(), what };
        if r.bytes.len() < MAGIC.len() || r.bytes[..MAGIC.len()] != MAGIC {
            return Err(TablebaseError::BadMagic { path: path.to_path_buf() });
        }
        r.take(MAGIC.len())?;
        let version = r.u16()?;
        if version != FORMAT_VERSION {
            return Err(TablebaseError::Version {
                path: path.to_path_buf(),
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let variant = r.text()?;
        let scheme = r.text()?;
        let tier_name = r.text()?;
        let entries = r.u64()?;
        let mut field = [0u64; 7];
        for x in &mut field {
            *x = r.u64()?;
        }
        let max_dtm = r.u32()?;
        let example = r.u64()?;
        let dtm_width = r.u8()?;
        let computed = crc32fast::hash(&r.bytes[..r.at]);
        let found = r.u32()?;
        if found != computed {
            return Err(TablebaseError::Checksum {
                path: path.to_path_buf(),
                part: "header",
                found,
                computed,
            });
        }
        if dtm_width != 1 && dtm_width != 2 {
            return Err(bad(format!("a DTM width of {dtm_width} bytes")));
        }
        if field[..4].iter().sum::<u64>() != entries {
            return Err(bad(format!("counts that do not add up to the {entries} entries")));
        }
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
        Ok(TierFile { variant, scheme, tier: tier_name, entries, counts, dtm_width })
    }

    /// Checks the header of the file at `path` against `space` (variant,
    /// index scheme, tier name, the tier's size) and, when given, against
    /// the tier expected; returns the file's tier.
    ///
    /// # Errors
    /// [`TablebaseError::OtherScheme`] for another index scheme,
    /// [`TablebaseError::Mismatch`] for another variant, tier or
    /// size; [`TablebaseError::Corrupt`] for a tier name the space does not
    /// know.
    pub fn check<S: TierSpace>(
        &self,
        path: &Path,
        space: &S,
        tier: Option<S::Tier>,
    ) -> Result<S::Tier, TablebaseError> {
        let mismatch = |found: String, expected: String| TablebaseError::Mismatch {
            path: path.to_path_buf(),
            found,
            expected,
        };
        if self.variant != space.variant_name() {
            return Err(mismatch(
                format!("variant {:?}", self.variant),
                format!("variant {:?}", space.variant_name()),
            ));
        }
        if self.scheme != space.scheme() {
            return Err(TablebaseError::OtherScheme {
                path: path.to_path_buf(),
                found: self.scheme.clone(),
                expected: space.scheme(),
            });
        }
        let tier_name = &self.tier;
        let found_tier = space.parse_tier(tier_name).ok_or_else(|| TablebaseError::Corrupt {
            path: path.to_path_buf(),
            what: format!("unknown tier {tier_name:?}"),
        })?;
        if let Some(t) = tier {
            if t != found_tier {
                return Err(mismatch(format!("tier {tier_name}"), format!("tier {}", space.tier_name(t))));
            }
        }
        if self.entries != space.size(found_tier) {
            return Err(mismatch(
                format!("{} entries", self.entries),
                format!("{} entries for tier {tier_name}", space.size(found_tier)),
            ));
        }
        Ok(found_tier)
    }

    /// The length a file with this header has, in bytes.
    fn expected_len(&self, header_len: usize) -> u64 {
        header_len as u64 + self.entries.div_ceil(4) + self.entries * u64::from(self.dtm_width) + 4
    }

    /// [`TierFile::read`] from bytes in memory; `path` names them in errors.
    ///
    /// # Errors
    /// As [`TierFile::read`], but for [`TablebaseError::Io`].
    pub fn decode<S: TierSpace>(
        bytes: &[u8],
        path: &Path,
        space: &S,
        tier: Option<S::Tier>,
    ) -> Result<(TierFile, TierTable), TablebaseError> {
        let mut r = Reader { bytes, at: 0, path };
        let header = TierFile::parse_header(&mut r)?;
        header.check(path, space, tier)?;
        let expected = header.expected_len(r.at);
        let found = bytes.len() as u64;
        if found < expected {
            return Err(TablebaseError::Truncated { path: path.to_path_buf(), found, expected });
        }
        if found > expected {
            return Err(TablebaseError::Corrupt {
                path: path.to_path_buf(),
                what: format!("{found} bytes where the header announces {expected}"),
            });
        }
        checked_body(bytes, path)?;
        let n = header.entries as usize;
        let width = usize::from(header.dtm_width);
        let wdl = r.take(n.div_ceil(4))?;
        let dtm = r.take(n * width)?;
        let mut codes = Vec::new();
        lapilli_game::alloc::try_reserve_exact(&mut codes, n)
            .map_err(TablebaseError::memory(|| format!("the table of {}", path.display())))?;
        for i in 0..n {
            let plies = if width == 1 {
                u32::from(dtm[i])
            } else {
                u32::from(u16::from_le_bytes([dtm[2 * i], dtm[2 * i + 1]]))
            };
            let code = (wdl[i / 4] >> (2 * (i % 4))) & 3;
            if plies != 0 && (code == 0 || code == 3) {
                let what = if code == 0 { "unused" } else { "a draw" };
                return Err(TablebaseError::Corrupt {
                    path: path.to_path_buf(),
                    what: format!("entry {i} is {what} with a DTM of {plies} plies, where the format has 0"),
                });
            }
            codes.push(match code {
                0 => NONE,
                1 => encode(Value::Win(plies)),
                2 => encode(Value::Loss(plies)),
                _ => encode(Value::Draw),
            });
        }
        let counts = header.counts;
        Ok((header, TierTable { codes, counts }))
    }

    /// Reads only the header of the tier file at `path`, without knowing
    /// the game, and checks the file's length against it (the checksum of
    /// the whole file is checked when the table is read, or by
    /// [`crate::TablebaseFolder::verify`]); returns the header and the
    /// file's length in bytes. How a front end finds which game a folder
    /// of tables is for ([`TierFile::variant`]).
    ///
    /// # Errors
    /// [`TablebaseError::Io`], [`TablebaseError::BadMagic`],
    /// [`TablebaseError::Version`], [`TablebaseError::Truncated`],
    /// [`TablebaseError::Checksum`] (of the header),
    /// [`TablebaseError::Corrupt`].
    pub fn read_header_of_any(path: &Path) -> Result<(TierFile, u64), TablebaseError> {
        let (_, _, header, len) = TierFile::open_with_header(path)?;
        Ok((header, len))
    }

    /// [`TierFile::read_header_of_any`], and the CRC-32 the file's trailer
    /// holds (its last 4 bytes, read from the same open file; not checked
    /// against the contents here).
    ///
    /// # Errors
    /// As [`TierFile::read_header_of_any`].
    pub(crate) fn read_header_and_trailer(path: &Path) -> Result<(TierFile, u64, u32), TablebaseError> {
        use std::io::{Seek, SeekFrom};
        let (mut f, _, header, len) = TierFile::open_with_header(path)?;
        let io = |e| TablebaseError::io(path, e);
        let mut trailer = [0u8; 4];
        f.seek(SeekFrom::Start(len - 4)).map_err(io)?;
        f.read_exact(&mut trailer).map_err(io)?;
        Ok((header, len, u32::from_le_bytes(trailer)))
    }

    /// Opens the tier file at `path` (a name that is no regular file is
    /// refused before it is opened), reads and parses its header, and
    /// checks the file's length against it; returns the open file, the
    /// bytes read from its start, the header and the length in bytes.
    fn open_with_header(path: &Path) -> Result<(std::fs::File, Vec<u8>, TierFile, u64), TablebaseError> {
        // Asked of the name, not of an open file: opening a FIFO would wait
        // for a writer.
        let meta = std::fs::metadata(path).map_err(|e| TablebaseError::io(path, e))?;
        if !meta.is_file() {
            return Err(TablebaseError::Corrupt {
                path: path.to_path_buf(),
                what: "not a regular file".into(),
            });
        }
        let len = meta.len();
        let mut f = std::fs::File::open(path).map_err(|e| TablebaseError::io(path, e))?;
        let mut head = Vec::new();
        (&mut f).take(4096).read_to_end(&mut head).map_err(|e| TablebaseError::io(path, e))?;
        let mut r = Reader { bytes: &head, at: 0, path };
        let header = TierFile::parse_header(&mut r)?;
        let expected = header.expected_len(r.at);
        if len < expected {
            return Err(TablebaseError::Truncated { path: path.to_path_buf(), found: len, expected });
        }
        if len > expected {
            return Err(TablebaseError::Corrupt {
                path: path.to_path_buf(),
                what: format!("{len} bytes where the header announces {expected}"),
            });
        }
        Ok((f, head, header, len))
    }

    /// Reads only the header of the tier file at `path`, checks it against
    /// `space` and checks the file's length (the checksum is checked when
    /// the table is read).
    ///
    /// # Errors
    /// As [`TierFile::read`], but for the checksum of the table.
    pub fn read_header<S: TierSpace>(path: &Path, space: &S) -> Result<TierFile, TablebaseError> {
        let (header, _) = TierFile::read_header_of_any(path)?;
        header.check(path, space, None)?;
        Ok(header)
    }
}
