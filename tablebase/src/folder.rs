//! The one door into a folder of tier files: listed once, each header read
//! once, the variant of the folder named from the headers.

use super::error::TablebaseError;
use super::file::TierFile;
use super::TierSpace;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The extension of a tier file: `<tier>.ltb`.
pub const EXTENSION: &str = "ltb";

/// One tier file of a folder: where it is, its header, its length in bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderFile {
    /// The file.
    pub path: PathBuf,
    /// Its header, read once when the folder was opened.
    pub header: TierFile,
    /// Its length in bytes when the folder was opened.
    pub len: u64,
}

/// A folder of tier files (`*.ltb`), in file-name order: listed once, each
/// header read once and checked for what the format alone says (magic,
/// version, header checksum, counts, length), without knowing the game.
/// [`crate::Tablebases::from_folder`] then checks the files against a
/// [`TierSpace`]; [`TablebaseFolder::variant`] names the game a folder is
/// for, as [`TierSpace::variant_name`] spells it.
///
/// ```
/// use lapilli_tablebase::{TablebaseError, TablebaseFolder};
/// let dir = std::env::temp_dir().join("lapilli-folder-doc-missing");
/// assert!(matches!(TablebaseFolder::open(&dir), Err(TablebaseError::NoSuchFolder { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablebaseFolder {
    dir: PathBuf,
    files: Vec<FolderFile>,
}

impl TablebaseFolder {
    /// Lists `dir` and reads the header of each of its tier files.
    ///
    /// # Errors
    /// [`TablebaseError::NotAFolder`] when `dir` is a file,
    /// [`TablebaseError::NoSuchFolder`] when it does not exist,
    /// [`TablebaseError::Io`] when it or a file cannot be read, and the
    /// header errors of [`TierFile::read_header_of_any`] (a file that is
    /// no tier file of this format, a damaged header, a truncated file).
    pub fn open(dir: &Path) -> Result<TablebaseFolder, TablebaseError> {
        let mut files = Vec::new();
        for path in tier_paths(dir)? {
            let (header, len) = TierFile::read_header_of_any(&path)?;
            files.push(FolderFile { path, header, len });
        }
        Ok(TablebaseFolder { dir: dir.to_path_buf(), files })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The tier files, in file-name order.
    pub fn files(&self) -> &[FolderFile] {
        &self.files
    }

    /// Whether the folder holds no tier file.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The variant the folder's tables belong to: the one most of its files
    /// name (the first in file-name order among equals); `None` for an
    /// empty folder.
    pub fn variant(&self) -> Option<&str> {
        let mut count: Vec<(&str, usize)> = Vec::new();
        for f in &self.files {
            match count.iter_mut().find(|(v, _)| *v == f.header.variant) {
                Some((_, n)) => *n += 1,
                None => count.push((&f.header.variant, 1)),
            }
        }
        let most = count.iter().map(|&(_, n)| n).max()?;
        count.into_iter().find(|&(_, n)| n == most).map(|(v, _)| v)
    }

    /// Checks every file against `space` (variant, index scheme, tier, size
    /// and file name) and returns each file with its tier, in tier-name
    /// order of the files.
    ///
    /// # Errors
    /// [`TablebaseError::Mismatch`] for a file of another variant, scheme or
    /// size; [`TablebaseError::Corrupt`] for an unknown tier or a file not
    /// named `<tier>.ltb`; [`TablebaseError::Truncated`] for a file shorter
    /// than its header announces.
    pub fn tiers<S: TierSpace>(&self, space: &S) -> Result<Vec<(S::Tier, &FolderFile)>, TablebaseError> {
        let mut out = Vec::with_capacity(self.files.len());
        for f in &self.files {
            let tier = f.header.check(&f.path, space, None)?;
            let expected = TierFile::file_name(&f.header.tier);
            if f.path.file_name().is_none_or(|n| n != expected.as_str()) {
                return Err(TablebaseError::Corrupt {
                    what: format!("the file holds tier {}, whose file is named {expected}", f.header.tier),
                    path: f.path.clone(),
                });
            }
            out.push((tier, f));
        }
        Ok(out)
    }

    /// Reads every file in full once and checks its checksum, so that a
    /// damaged file is refused now rather than when first probed (one
    /// 64 KiB buffer, not the table, in memory).
    ///
    /// # Errors
    /// [`TablebaseError::Io`], [`TablebaseError::Truncated`] and
    /// [`TablebaseError::Checksum`].
    pub fn verify(&self) -> Result<(), TablebaseError> {
        for f in &self.files {
            verify_checksum(&f.path, f.len)?;
        }
        Ok(())
    }
}

/// The tier files (`*.ltb`) of `dir`, sorted: the one listing of a folder.
fn tier_paths(dir: &Path) -> Result<Vec<PathBuf>, TablebaseError> {
    if dir.exists() && !dir.is_dir() {
        return Err(TablebaseError::NotAFolder { path: dir.to_path_buf() });
    }
    if !dir.is_dir() {
        return Err(TablebaseError::NoSuchFolder { path: dir.to_path_buf() });
    }
    let io = |e| TablebaseError::io(dir, e);
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        if path.extension().is_some_and(|x| x == EXTENSION) {
            paths.push(path);
        }
    }
    paths.sort();
    Ok(paths)
}

/// Streams the file at `path`, `len` bytes long when the folder was listed,
/// and checks its last 4 bytes, the CRC-32 of everything before them.
fn verify_checksum(path: &Path, len: u64) -> Result<(), TablebaseError> {
    let io = |e| TablebaseError::io(path, e);
    let truncated = |found| TablebaseError::Truncated { path: path.to_path_buf(), found, expected: len };
    let body = len.checked_sub(4).ok_or_else(|| truncated(len))?;
    let mut file = std::fs::File::open(path).map_err(io)?;
    let mut hasher = crc32fast::Hasher::new();
    let mut buf = vec![0u8; 1 << 16];
    let mut left = body;
    while left > 0 {
        let want = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let n = file.read(&mut buf[..want]).map_err(io)?;
        if n == 0 {
            return Err(truncated(body - left));
        }
        hasher.update(&buf[..n]);
        left -= n as u64;
    }
    let mut stored = [0u8; 4];
    file.read_exact(&mut stored).map_err(|_| truncated(body))?;
    let (stored, computed) = (u32::from_le_bytes(stored), hasher.finalize());
    if stored != computed {
        return Err(TablebaseError::Checksum { path: path.to_path_buf(), found: stored, computed });
    }
    Ok(())
}
