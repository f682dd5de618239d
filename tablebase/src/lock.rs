//! A build's hold on its folder: the lock that keeps a second build out
//! (shared by builds of one tier each, with a lock per tier), and
//! temporary names no other process shares.

use super::error::TablebaseError;
use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The lock file a build holds in its folder for as long as it writes
/// there (an advisory lock of the operating system on this file; the file
/// itself stays, empty, when the build ends): alone for a build of the
/// whole folder ([`crate::build`]), shared by builds of one tier each
/// ([`crate::build_tier`]), which also hold their tier's own lock file
/// ([`tier_lock_file`]).
pub const LOCK_FILE: &str = ".lock";

/// How often a build waiting for the lock looks again (and whether it was
/// asked to stop).
const WAIT_STEP: Duration = Duration::from_millis(50);

/// The lock of a folder, held until dropped.
#[derive(Debug)]
pub(crate) struct FolderLock {
    /// The open lock file: closing it releases the lock.
    _file: File,
}

/// Takes the lock of `dir` (which exists) for a build of the whole
/// folder: exclusive, so that no other build, of the folder or of one
/// tier, writes there meanwhile. Held by another process: with `wait`,
/// `waiting` is called once and the lock is tried again every 50 ms until
/// it is free or `cancelled` says to stop; without,
/// [`TablebaseError::Locked`].
///
/// # Errors
/// [`TablebaseError::Locked`], [`TablebaseError::Io`] when the lock file
/// cannot be made or locked, and `interrupted()` when `cancelled` stops
/// the wait.
pub(crate) fn lock(
    dir: &Path,
    wait: bool,
    waiting: &dyn Fn(),
    cancelled: &dyn Fn() -> bool,
    interrupted: &dyn Fn() -> TablebaseError,
) -> Result<FolderLock, TablebaseError> {
    let locked = || TablebaseError::Locked { dir: dir.to_path_buf() };
    let held = Held { shared: false, wait, waiting, cancelled, interrupted, locked: &locked };
    lock_file(&dir.join(LOCK_FILE), &held)
}

/// The locks a build of one tier holds ([`crate::build_tier`]): the
/// folder's lock shared (builds of other tiers share it; a build of the
/// whole folder, which takes it exclusive, waits or is refused), then the
/// tier's own lock file ([`tier_lock_file`]) exclusive, so that two builds
/// of the same tier never both write. Waiting and refusal as [`lock`],
/// with [`TablebaseError::TierLocked`] for a tier another build holds.
///
/// # Errors
/// As [`lock`].
pub(crate) fn lock_tier(
    dir: &Path,
    tier: &str,
    wait: bool,
    waiting: &dyn Fn(),
    cancelled: &dyn Fn() -> bool,
    interrupted: &dyn Fn() -> TablebaseError,
) -> Result<[FolderLock; 2], TablebaseError> {
    let locked = || TablebaseError::Locked { dir: dir.to_path_buf() };
    let held = Held { shared: true, wait, waiting, cancelled, interrupted, locked: &locked };
    let folder = lock_file(&dir.join(LOCK_FILE), &held)?;
    let tier_locked = || TablebaseError::TierLocked { dir: dir.to_path_buf(), tier: tier.to_string() };
    let held = Held { shared: false, locked: &tier_locked, ..held };
    let own = lock_file(&dir.join(tier_lock_file(tier)), &held)?;
    Ok([folder, own])
}

/// The lock a build of one tier holds while it rewrites the folder's
/// manifest (exclusive, waited for: builds of other tiers hold it for
/// the time of a read and a write).
///
/// # Errors
/// [`TablebaseError::Io`] when the lock file cannot be made or locked.
pub(crate) fn lock_manifest(dir: &Path) -> Result<FolderLock, TablebaseError> {
    let never = || false;
    let locked = || TablebaseError::Locked { dir: dir.to_path_buf() };
    let held = Held {
        shared: false,
        wait: true,
        waiting: &|| {},
        cancelled: &never,
        interrupted: &locked,
        locked: &locked,
    };
    lock_file(&dir.join(MANIFEST_LOCK_FILE), &held)
}

/// The lock file of one tier in its folder: `.<tier>.lock`, hidden, empty,
/// left when the build ends.
pub fn tier_lock_file(tier: &str) -> String {
    format!(".{tier}.lock")
}

/// The lock file that orders the rewrites of the manifest by builds of one
/// tier each.
const MANIFEST_LOCK_FILE: &str = ".manifest.lock";

/// How a lock is taken, and what to do while another process holds it.
struct Held<'a> {
    /// Shared (with other shared holders) rather than exclusive.
    shared: bool,
    wait: bool,
    waiting: &'a dyn Fn(),
    cancelled: &'a dyn Fn() -> bool,
    interrupted: &'a dyn Fn() -> TablebaseError,
    /// The refusal without `wait`.
    locked: &'a dyn Fn() -> TablebaseError,
}

/// Takes the advisory lock of the file at `path` (made if missing) as
/// `held` says.
fn lock_file(path: &Path, held: &Held<'_>) -> Result<FolderLock, TablebaseError> {
    // Anything but a regular file (a FIFO would block the open for ever,
    // a device would be written to) is refused before it is opened.
    match std::fs::symlink_metadata(path) {
        Ok(meta) if !meta.file_type().is_file() => {
            let not_a_file =
                io::Error::other("not a regular file: remove it, a build makes its own lock file");
            return Err(TablebaseError::io(path, not_a_file));
        }
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(TablebaseError::io(path, e)),
    }
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| TablebaseError::io(path, e))?;
    let mut told = false;
    loop {
        let tried = if held.shared { file.try_lock_shared() } else { file.try_lock() };
        match tried {
            Ok(()) => return Ok(FolderLock { _file: file }),
            Err(TryLockError::Error(e)) => return Err(TablebaseError::io(path, e)),
            Err(TryLockError::WouldBlock) if !held.wait => return Err((held.locked)()),
            Err(TryLockError::WouldBlock) => {
                if (held.cancelled)() {
                    return Err((held.interrupted)());
                }
                if !told {
                    (held.waiting)();
                    told = true;
                }
                std::thread::sleep(WAIT_STEP);
            }
        }
    }
}

/// A temporary name beside `path` that no other process and no other call
/// of this process uses: `.<name>.<process id>.<counter>.tmp`, hidden and
/// without the `.ltb` extension, so that no listing of the folder takes it
/// for a table.
pub(crate) fn temp_path(path: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()))
}

/// Writes `bytes` to `path` through a temporary name ([`temp_path`])
/// synced and renamed into place, so that a reader never sees half a
/// file; the temporary file is removed when the write fails.
///
/// # Errors
/// [`TablebaseError::Io`] naming `path`.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), TablebaseError> {
    use std::io::Write;
    let tmp = temp_path(path);
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        TablebaseError::io(path, e)
    })
}

/// Whether `name` is a temporary file a build of this crate leaves behind
/// when it is killed: [`temp_path`]'s names, and the `<tier>.ltb.tmp` of
/// older builds.
fn is_build_temp(name: &str) -> bool {
    (name.starts_with('.') && name.ends_with(".tmp") && (name.contains(".ltb.") || name.contains(".ltc.")))
        || name.ends_with(".ltb.tmp")
        || (name.starts_with(&format!(".{}.", super::manifest::MANIFEST_FILE)) && name.ends_with(".tmp"))
}

/// Removes the temporary files killed builds left in `dir`: called with
/// the folder's lock held, when no other build is writing there.
///
/// # Errors
/// [`TablebaseError::Io`] when the folder cannot be listed or a file
/// removed.
pub(crate) fn remove_stale_temps(dir: &Path) -> Result<(), TablebaseError> {
    remove_matching(dir, &is_build_temp)
}

/// Removes the files of `dir` whose names `matching` accepts.
fn remove_matching(dir: &Path, matching: &dyn Fn(&str) -> bool) -> Result<(), TablebaseError> {
    let io = |e| TablebaseError::io(dir, e);
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let entry = entry.map_err(io)?;
        let name = entry.file_name();
        if name.to_str().is_some_and(matching) {
            let path = entry.path();
            match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(TablebaseError::io(&path, e))
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// Removes the temporary files killed builds of the tier file named
/// `file` left in `dir` ([`temp_path`]'s names beside it, and the
/// `<file>.tmp` of older builds): called with the tier's lock held, when
/// no other build writes that file.
///
/// # Errors
/// [`TablebaseError::Io`] when the folder cannot be listed or a file
/// removed.
pub(crate) fn remove_stale_temps_of(dir: &Path, file: &str) -> Result<(), TablebaseError> {
    let ours = |name: &str| {
        (name.starts_with(&format!(".{file}.")) && name.ends_with(".tmp")) || name == format!("{file}.tmp")
    };
    remove_matching(dir, &ours)
}

/// Removes every chunk file of `tier` in `dir` (of any chunking,
/// [`crate::Chunk::file_name`]), their temporary files and their lock
/// files: once the tier's file is written they are of no use (a build of
/// a chunk that still waits on a lock file removed finds the tier's file
/// and solves nothing; every file is written through a temporary name, so
/// no lock guards a reader).
///
/// # Errors
/// [`TablebaseError::Io`] when the folder cannot be listed or a file
/// removed.
pub(crate) fn remove_chunks_of(dir: &Path, tier: &str) -> Result<(), TablebaseError> {
    let ours = |name: &str| {
        // `<chunk file>`, `.<chunk file>.<pid>.<n>.tmp`, `.<chunk stem>.lock`.
        let chunk_file = match name.strip_prefix('.') {
            Some(hidden) => match (hidden.split_once(".ltc."), hidden.strip_suffix(".lock")) {
                (Some((stem, _)), _) | (None, Some(stem)) => format!("{stem}.ltc"),
                (None, None) => return false,
            },
            None => name.to_string(),
        };
        super::chunk::Chunk::is_file_of(&chunk_file, tier)
    };
    remove_matching(dir, &ours)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_differ_by_process_and_call_and_are_no_tables() {
        let path = Path::new("tb/w3b3.ltb");
        let (a, b) = (temp_path(path), temp_path(path));
        assert_ne!(a, b);
        let a = a.file_name().unwrap().to_str().unwrap().to_string();
        assert!(a.starts_with(".w3b3.ltb.") && a.contains(&format!(".{}.", std::process::id())), "{a}");
        assert!(Path::new(&a).extension().is_some_and(|x| x == "tmp"));
        assert!(is_build_temp(&a) && is_build_temp("w3b3.ltb.tmp"));
        let m = temp_path(Path::new(super::super::manifest::MANIFEST_FILE));
        assert!(is_build_temp(m.to_str().unwrap()));
        assert!(!is_build_temp("w3b3.ltb") && !is_build_temp(".lock") && !is_build_temp("solution.txt"));
        assert!(!is_build_temp(&tier_lock_file("w3b3")) && !is_build_temp(MANIFEST_LOCK_FILE));
    }
}
