//! The one door into a folder of tier files: listed once, each header read
//! once, the folder's manifest read, the variant of the folder named from
//! the manifest or the headers.

use super::error::TablebaseError;
use super::file::TierFile;
use super::manifest::{Manifest, MANIFEST_FILE};
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
    /// The CRC-32 its trailer holds (checked against the contents by
    /// [`TablebaseFolder::verify`]).
    pub crc32: u32,
}

impl FolderFile {
    /// Reads the file in full once and checks its checksum (one 64 KiB
    /// buffer in memory): a file that passes is whole, as its build wrote
    /// it.
    ///
    /// # Errors
    /// [`TablebaseError::Io`], [`TablebaseError::Truncated`] and
    /// [`TablebaseError::Checksum`].
    pub fn verify(&self) -> Result<(), TablebaseError> {
        verify_checksum(&self.path, self.len)
    }

    /// Whether `manifest` lists this file as it is: its tier, file name,
    /// length and checksum.
    pub fn listed_in(&self, manifest: &Manifest) -> bool {
        manifest.tiers.iter().any(|e| {
            e.tier == self.header.tier
                && self.path.file_name().is_some_and(|n| n == e.file.as_str())
                && e.bytes == self.len
                && e.crc32 == self.crc32
        })
    }
}

/// What a folder says of its manifest ([`MANIFEST_FILE`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ManifestState {
    /// No manifest: tables of an older build, or of a build interrupted
    /// or under way. A missing tier cannot be told.
    Missing,
    /// The manifest, read.
    Present(Manifest),
    /// A manifest that cannot be read or does not read: why.
    Unreadable(String),
}

/// A folder of tier files (`*.ltb`), in file-name order: listed once, each
/// header read once and checked for what the format alone says (magic,
/// version, header checksum, counts, length), without knowing the game,
/// and its manifest read ([`Manifest`], written last by a build).
/// [`crate::Tablebases::from_folder`] then checks the files against a
/// [`TierSpace`] and the manifest ([`TablebaseFolder::tiers`]);
/// [`TablebaseFolder::named_variant`] names the game a folder is for, as
/// [`TierSpace::variant_name`] spells it.
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
    manifest: ManifestState,
}

impl TablebaseFolder {
    /// Lists `dir`, reads the header and the trailer's checksum of each of
    /// its tier files, and its manifest (a manifest that does not read is
    /// kept as [`ManifestState::Unreadable`], refused by
    /// [`TablebaseFolder::tiers`]).
    ///
    /// # Errors
    /// [`TablebaseError::NotAFolder`] when `dir` is a file,
    /// [`TablebaseError::NoSuchFolder`] when it does not exist,
    /// [`TablebaseError::Io`] when it or a file cannot be read, and the
    /// header errors of [`TierFile::read_header_of_any`] (a file that is
    /// no tier file of this format, a damaged header, a truncated file, a
    /// name that is no regular file).
    pub fn open(dir: &Path) -> Result<TablebaseFolder, TablebaseError> {
        let mut files = Vec::new();
        for path in tier_paths(dir)? {
            let (header, len, crc32) = TierFile::read_header_and_trailer(&path)?;
            files.push(FolderFile { path, header, len, crc32 });
        }
        let manifest = match Manifest::read(dir) {
            Ok(Some(m)) => ManifestState::Present(m),
            Ok(None) => ManifestState::Missing,
            Err(TablebaseError::Corrupt { what, .. }) => ManifestState::Unreadable(what),
            Err(TablebaseError::Io { source, .. }) => ManifestState::Unreadable(source.to_string()),
            Err(e) => ManifestState::Unreadable(e.to_string()),
        };
        Ok(TablebaseFolder { dir: dir.to_path_buf(), files, manifest })
    }

    /// The folder's manifest, as read when it was opened.
    pub fn manifest(&self) -> &ManifestState {
        &self.manifest
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

    /// The variant the folder's tables belong to: its manifest's, else the
    /// one most of its files name (the first in file-name order among
    /// equals); `None` for an empty folder without a manifest.
    pub fn variant(&self) -> Option<&str> {
        if let ManifestState::Present(m) = &self.manifest {
            return Some(&m.variant);
        }
        let count = self.vote();
        let most = count.iter().map(|(_, files)| files.len()).max()?;
        count.into_iter().find(|(_, files)| files.len() == most).map(|(v, _)| v)
    }

    /// The variant the folder is for, as [`TablebaseFolder::variant`], but
    /// refusing a folder without a manifest whose files are split between
    /// variants as many of each: then no file can be blamed for being of
    /// the wrong one.
    ///
    /// # Errors
    /// [`TablebaseError::VariantsDisagree`], naming each variant's files.
    pub fn named_variant(&self) -> Result<Option<&str>, TablebaseError> {
        if matches!(self.manifest, ManifestState::Present(_)) {
            return Ok(self.variant());
        }
        let count = self.vote();
        let most = count.iter().map(|(_, files)| files.len()).max().unwrap_or(0);
        if count.iter().filter(|(_, files)| files.len() == most).count() > 1 {
            let variants: Vec<String> = count
                .iter()
                .map(|(v, files)| {
                    let names: Vec<String> = files
                        .iter()
                        .map(|p| p.file_name().unwrap_or_default().to_string_lossy().into())
                        .collect();
                    format!("{v:?} ({})", names.join(", "))
                })
                .collect();
            return Err(TablebaseError::VariantsDisagree {
                dir: self.dir.clone(),
                variants: variants.join(" and "),
            });
        }
        Ok(self.variant())
    }

    /// Each variant the files name with its files, in file-name order of
    /// their first file.
    fn vote(&self) -> Vec<(&str, Vec<&Path>)> {
        let mut count: Vec<(&str, Vec<&Path>)> = Vec::new();
        for f in &self.files {
            match count.iter_mut().find(|(v, _)| *v == f.header.variant) {
                Some((_, files)) => files.push(&f.path),
                None => count.push((&f.header.variant, vec![&f.path])),
            }
        }
        count
    }

    /// Checks the folder against `space` and its manifest, and returns each
    /// file with its tier, in tier-name order of the files: when the
    /// manifest is of the space's variant, a file of another variant is
    /// named first; every file must be of the space (variant, index
    /// scheme, tier, size, file name); the manifest's variant and scheme
    /// must be the space's; every file the manifest lists must be there,
    /// as long and with the checksum it records, and every file there must
    /// be listed. A folder without a manifest is checked against the space
    /// alone.
    ///
    /// # Errors
    /// [`TablebaseError::Mismatch`] for a manifest or a file of another
    /// variant, scheme or size than the space's;
    /// [`TablebaseError::Foreign`] for a file of another variant than the
    /// manifest's; [`TablebaseError::Corrupt`] for a manifest that does not
    /// read, an unknown tier or a file not named `<tier>.ltb`;
    /// [`TablebaseError::ListedMissing`], [`TablebaseError::NotListed`]
    /// and [`TablebaseError::NotAsListed`] for a file the manifest lists
    /// that is not there, a file it does not list, and a file of another
    /// length or checksum than it records.
    pub fn tiers<S: TierSpace>(&self, space: &S) -> Result<Vec<(S::Tier, &FolderFile)>, TablebaseError> {
        let manifest = match &self.manifest {
            ManifestState::Present(m) => Some(m),
            ManifestState::Missing => None,
            ManifestState::Unreadable(what) => {
                return Err(TablebaseError::Corrupt {
                    path: self.dir.join(MANIFEST_FILE),
                    what: what.clone(),
                });
            }
        };
        // A file of another variant than the manifest's is named first, when
        // the manifest is of the variant asked for; asked for another one,
        // the files themselves are checked against it.
        if let Some(m) = manifest.filter(|m| m.variant == space.variant_name()) {
            if let Some(f) = self.files.iter().find(|f| f.header.variant != m.variant) {
                return Err(TablebaseError::Foreign {
                    path: f.path.clone(),
                    found: f.header.variant.clone(),
                    expected: m.variant.clone(),
                });
            }
        }
        let tiers = self.check_files(space)?;
        if let Some(m) = manifest {
            let mismatch = |what: &str, found: &str, expected: String| TablebaseError::Mismatch {
                path: self.dir.join(MANIFEST_FILE),
                found: format!("{what} {found:?} (the folder's manifest)"),
                expected: format!("{what} {expected:?}"),
            };
            if m.variant != space.variant_name() {
                return Err(mismatch("variant", &m.variant, space.variant_name()));
            }
            if m.scheme != space.scheme() {
                return Err(TablebaseError::OtherScheme {
                    path: self.dir.join(MANIFEST_FILE),
                    found: m.scheme.clone(),
                    expected: space.scheme(),
                });
            }
            self.check_listed(m)?;
        }
        Ok(tiers)
    }

    /// Checks every file against `space` alone (variant, index scheme,
    /// tier, size and file name): [`TablebaseFolder::tiers`] without the
    /// manifest, as a build checks the files it keeps.
    pub(crate) fn check_files<S: TierSpace>(
        &self,
        space: &S,
    ) -> Result<Vec<(S::Tier, &FolderFile)>, TablebaseError> {
        let mut out = Vec::with_capacity(self.files.len());
        for f in &self.files {
            let tier = f.header.check(&f.path, space, None)?;
            let expected = TierFile::file_name(&f.header.tier);
            if f.path.file_name().is_none_or(|n| n != expected.as_str()) {
                return Err(TablebaseError::Misnamed {
                    path: f.path.clone(),
                    tier: f.header.tier.clone(),
                    expected,
                });
            }
            out.push((tier, f));
        }
        Ok(out)
    }

    /// Every file the manifest lists is there, as long and with the
    /// checksum it records, and every file there is listed.
    fn check_listed(&self, m: &Manifest) -> Result<(), TablebaseError> {
        let file_of = |name: &str| self.files.iter().find(|f| f.path.file_name().is_some_and(|n| n == name));
        for entry in &m.tiers {
            let path = self.dir.join(&entry.file);
            let Some(f) = file_of(&entry.file) else {
                return Err(TablebaseError::ListedMissing { path, tier: entry.tier.clone() });
            };
            let differs = |what: String| TablebaseError::NotAsListed { path: path.clone(), what };
            if f.header.tier != entry.tier {
                return Err(differs(format!(
                    "holds tier {} where the folder's manifest records tier {}",
                    f.header.tier, entry.tier
                )));
            }
            if f.len != entry.bytes {
                return Err(differs(format!(
                    "{} bytes where the folder's manifest records {} (replaced since the build)",
                    f.len, entry.bytes
                )));
            }
            if f.crc32 != entry.crc32 {
                return Err(differs(format!(
                    "checksum {:08x} where the folder's manifest records {:08x} (replaced since the build)",
                    f.crc32, entry.crc32
                )));
            }
        }
        if let Some(f) = self
            .files
            .iter()
            .find(|f| !m.tiers.iter().any(|e| f.path.file_name().is_some_and(|n| n == e.file.as_str())))
        {
            return Err(TablebaseError::NotListed {
                path: f.path.clone(),
                variant: f.header.variant.clone(),
                tier: f.header.tier.clone(),
            });
        }
        Ok(())
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
            f.verify()?;
        }
        Ok(())
    }
}

/// Removes the files of `tiers` (names such as `w3b3`) from `dir` whose
/// header does not read (truncated, damaged, of another format or format
/// version, not a tier file) or names another tier: what a build that
/// solves these tiers again does first, since such a file stops every
/// reader of the folder. A sound file, a file of another game and a
/// missing one are left. Returns each file removed with what was wrong.
///
/// # Errors
/// [`TablebaseError::Io`] when a file cannot be read or removed.
pub fn remove_damaged(
    dir: &Path,
    tiers: &[String],
) -> Result<Vec<(PathBuf, TablebaseError)>, TablebaseError> {
    let mut removed = Vec::new();
    for tier in tiers {
        let name = TierFile::file_name(tier);
        let path = dir.join(&name);
        if !path.is_file() {
            continue;
        }
        let wrong = match TierFile::read_header_and_trailer(&path) {
            Ok((header, _, _)) if header.tier == *tier => continue,
            Ok((header, _, _)) => {
                TablebaseError::Misnamed { path: path.clone(), tier: header.tier, expected: name }
            }
            Err(e @ TablebaseError::Io { .. }) => return Err(e),
            Err(e) => e,
        };
        std::fs::remove_file(&path).map_err(|e| TablebaseError::io(&path, e))?;
        removed.push((path, wrong));
    }
    Ok(removed)
}

/// Removes from `dir` the tier files of `space`'s variant written under
/// another index scheme ([`TierSpace::scheme`]: by an older version of
/// the project), and the manifest when it names another scheme: what a
/// cache folder the program owns (the solution of a game kept for the next
/// run) does before it builds again, since no reader of this version can
/// use such files. Files of other games are left. Returns the files
/// removed. A missing folder has none.
///
/// # Errors
/// [`TablebaseError::Io`] when the folder cannot be listed or a file
/// cannot be read or removed.
pub fn remove_stale<S: TierSpace>(dir: &Path, space: &S) -> Result<Vec<PathBuf>, TablebaseError> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let (variant, scheme) = (space.variant_name(), space.scheme());
    let mut removed = Vec::new();
    for path in tier_paths(dir)? {
        let stale = match TierFile::read_header_and_trailer(&path) {
            Ok((header, _, _)) => header.variant == variant && header.scheme != scheme,
            Err(e @ TablebaseError::Io { .. }) => return Err(e),
            Err(_) => false,
        };
        if stale {
            std::fs::remove_file(&path).map_err(|e| TablebaseError::io(&path, e))?;
            removed.push(path);
        }
    }
    if let Ok(Some(m)) = Manifest::read(dir) {
        if m.variant == variant && m.scheme != scheme {
            Manifest::remove(dir)?;
            removed.push(dir.join(MANIFEST_FILE));
        }
    }
    Ok(removed)
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
pub(crate) fn verify_checksum(path: &Path, len: u64) -> Result<(), TablebaseError> {
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
        return Err(TablebaseError::Checksum {
            path: path.to_path_buf(),
            part: "file",
            found: stored,
            computed,
        });
    }
    Ok(())
}
