//! The manifest of a folder of tier files: what a build wrote there,
//! written last, so that a missing, extra or foreign file is named.
//!
//! `manifest.txt` ([`MANIFEST_FILE`]) is a text file of lines, each a key
//! and its words, in this order:
//!
//! ```text
//! lapilli-tablebase-manifest 1
//! variant nine-mens-morris
//! scheme morris-pair-index/2
//! format 1
//! tool lapilli-tablebase 0.1.0
//! tier w3b3x w3b3x.ltb 424206 5e0c4f6b
//! tier w3b3 w3b3.ltb 424205 0b1d29a4
//! crc 8d3f2a61
//! ```
//!
//! the manifest's own version, the variant id and the index scheme of
//! every file, the tier file format version, the program that wrote it,
//! then one line per tier (name, file name, length in bytes, the CRC-32
//! of the file's trailer in hexadecimal), in file-name order, and last the
//! CRC-32 (IEEE) of every byte before the `crc` line, so that a damaged or
//! cut manifest is told from one that lists other files.

use super::error::TablebaseError;
use super::file::FORMAT_VERSION;
use std::io::Write;
use std::path::Path;

/// The manifest's file name in a folder of tables.
pub const MANIFEST_FILE: &str = "manifest.txt";
/// The first line of a manifest, before its version.
const MAGIC_KEY: &str = "lapilli-tablebase-manifest";
/// The version of the manifest's own format.
const MANIFEST_VERSION: u32 = 1;
/// The longest manifest read, in bytes (a tier line is under 100 bytes).
const MAX_LEN: u64 = 1 << 20;

/// One tier file a manifest lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestEntry {
    /// The tier's name.
    pub tier: String,
    /// The file's name in the folder, `<tier>.ltb`.
    pub file: String,
    /// Its length in bytes.
    pub bytes: u64,
    /// The CRC-32 its trailer holds (of every byte before the trailer).
    pub crc32: u32,
}

/// What a build wrote into a folder (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The variant id every file is of, e.g. `nine-mens-morris`.
    pub variant: String,
    /// The index scheme of every file.
    pub scheme: String,
    /// The tier file format version ([`FORMAT_VERSION`]).
    pub format_version: u16,
    /// The program that wrote the folder: `lapilli-tablebase <version>`.
    pub tool: String,
    /// The tier files, in file-name order.
    pub tiers: Vec<ManifestEntry>,
}

impl Manifest {
    /// A manifest of `tiers` for `variant` and `scheme`, written by this
    /// build of the crate (the entries sorted by file name).
    pub fn new(variant: String, scheme: String, mut tiers: Vec<ManifestEntry>) -> Manifest {
        tiers.sort_by(|a, b| a.file.cmp(&b.file));
        Manifest {
            variant,
            scheme,
            format_version: FORMAT_VERSION,
            tool: format!("lapilli-tablebase {}", env!("CARGO_PKG_VERSION")),
            tiers,
        }
    }

    /// The manifest as its file holds it.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{MAGIC_KEY} {MANIFEST_VERSION}\nvariant {}\nscheme {}\nformat {}\ntool {}\n",
            self.variant, self.scheme, self.format_version, self.tool
        );
        for t in &self.tiers {
            text.push_str(&format!("tier {} {} {} {:08x}\n", t.tier, t.file, t.bytes, t.crc32));
        }
        let crc = crc32fast::hash(text.as_bytes());
        text.push_str(&format!("crc {crc:08x}\n"));
        text
    }

    /// Reads a manifest's text; `path` names it in errors.
    ///
    /// # Errors
    /// [`TablebaseError::Corrupt`] for text that is no manifest of this
    /// version, a line that does not read, or a checksum that does not
    /// match.
    pub fn parse(text: &str, path: &Path) -> Result<Manifest, TablebaseError> {
        let bad = |what: String| TablebaseError::Corrupt { path: path.to_path_buf(), what };
        let Some(crc_at) = text.rfind("crc ") else {
            return Err(bad("a manifest without its crc line (cut short?)".into()));
        };
        let (body, last) = text.split_at(crc_at);
        let stored = last
            .strip_prefix("crc ")
            .map(str::trim_end)
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .ok_or_else(|| bad("its crc line does not read".into()))?;
        let computed = crc32fast::hash(body.as_bytes());
        if stored != computed {
            return Err(bad(format!(
                "the manifest's checksum is {stored:08x}, its lines give {computed:08x}"
            )));
        }
        let mut lines = body.lines();
        let mut field = |key: &str| -> Result<String, TablebaseError> {
            let line = lines.next().unwrap_or_default();
            line.strip_prefix(key)
                .and_then(|rest| rest.strip_prefix(' '))
                .map(str::to_string)
                .ok_or_else(|| bad(format!("the line {line:?} where {key:?} was expected")))
        };
        let version = field(MAGIC_KEY)?;
        if version != MANIFEST_VERSION.to_string() {
            return Err(bad(format!(
                "manifest version {version}; this build reads version {MANIFEST_VERSION}"
            )));
        }
        let variant = field("variant")?;
        let scheme = field("scheme")?;
        let format = field("format")?;
        let format_version = format.parse().map_err(|_| bad(format!("a format version of {format:?}")))?;
        let tool = field("tool")?;
        let mut tiers = Vec::new();
        for line in lines {
            let words: Vec<&str> = line.split(' ').collect();
            let entry = match words.as_slice() {
                ["tier", tier, file, bytes, crc] => {
                    bytes.parse().ok().zip(u32::from_str_radix(crc, 16).ok()).map(|(bytes, crc32)| {
                        ManifestEntry { tier: tier.to_string(), file: file.to_string(), bytes, crc32 }
                    })
                }
                _ => None,
            };
            tiers.push(entry.ok_or_else(|| bad(format!("the line {line:?} is no tier line")))?);
        }
        Ok(Manifest { variant, scheme, format_version, tool, tiers })
    }

    /// The manifest of `dir`, `None` when it has none. The name is asked
    /// first whether it is a regular file of a manifest's size, so that no
    /// FIFO or device is read.
    ///
    /// # Errors
    /// [`TablebaseError::Io`] when it cannot be read,
    /// [`TablebaseError::Corrupt`] when it is no regular file, too long, or
    /// does not read ([`Manifest::parse`]).
    pub fn read(dir: &Path) -> Result<Option<Manifest>, TablebaseError> {
        let path = dir.join(MANIFEST_FILE);
        let meta = match std::fs::metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            other => other.map_err(|e| TablebaseError::io(&path, e))?,
        };
        let bad = |what: &str| TablebaseError::Corrupt { path: path.clone(), what: what.into() };
        if !meta.is_file() {
            return Err(bad("not a regular file"));
        }
        if meta.len() > MAX_LEN {
            return Err(bad("too long for a manifest"));
        }
        let bytes = std::fs::read(&path).map_err(|e| TablebaseError::io(&path, e))?;
        let text = String::from_utf8(bytes).map_err(|_| bad("not UTF-8 text"))?;
        Manifest::parse(&text, &path).map(Some)
    }

    /// Writes the manifest into `dir`, through a temporary name of this
    /// process renamed into place (a reader sees the old manifest, none,
    /// or this one whole).
    ///
    /// # Errors
    /// [`TablebaseError::Io`].
    pub fn write(&self, dir: &Path) -> Result<(), TablebaseError> {
        let path = dir.join(MANIFEST_FILE);
        let tmp = super::lock::temp_path(&path);
        let write = || -> std::io::Result<()> {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(self.to_text().as_bytes())?;
            f.sync_all()?;
            std::fs::rename(&tmp, &path)
        };
        write().map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            TablebaseError::io(&path, e)
        })
    }

    /// Removes the manifest of `dir`, if any (a build does so before it
    /// writes, so that an interrupted build leaves a folder without one).
    ///
    /// # Errors
    /// [`TablebaseError::Io`].
    pub fn remove(dir: &Path) -> Result<(), TablebaseError> {
        let path = dir.join(MANIFEST_FILE);
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(TablebaseError::io(&path, e)),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_reads_back_and_refuses_damage() {
        let entry =
            |t: &str, crc32| ManifestEntry { tier: t.into(), file: format!("{t}.ltb"), bytes: 42, crc32 };
        let m =
            Manifest::new("ring-7".into(), "ring/1".into(), vec![entry("t2", 7), entry("t1", 0xdead_beef)]);
        assert_eq!(m.tiers[0].tier, "t1");
        let text = m.to_text();
        let path = Path::new("tb/manifest.txt");
        assert_eq!(Manifest::parse(&text, path).unwrap(), m);
        assert!(text.contains("\ntier t1 t1.ltb 42 deadbeef\n"), "{text}");
        let damaged = text.replace("t2.ltb 42", "t2.ltb 43");
        assert!(matches!(Manifest::parse(&damaged, path), Err(TablebaseError::Corrupt { .. })));
        let cut = &text[..text.len() - 20];
        assert!(matches!(Manifest::parse(cut, path), Err(TablebaseError::Corrupt { .. })));
        assert!(Manifest::parse("", path).is_err());
    }
}
