//! One tier as a job from files to a file: the unit a scheduler hands to
//! a worker process.

use super::build::{solve_to_file, thread_pool, working_set, BuildOptions, Progress, TierReport};
use super::error::TablebaseError;
use super::file::TierFile;
use super::folder::{verify_checksum, ManifestState, TablebaseFolder};
use super::lock;
use super::manifest::{Manifest, ManifestEntry};
use super::TierSpace;
use std::path::Path;

/// The tier of `space` named `name`.
///
/// # Errors
/// [`TablebaseError::UnknownTier`], naming the variant and, for a name the
/// space folds away ([`TierSpace::stored_in`]), the tier that holds its
/// positions, else `example`'s name as an example of a name.
pub fn tier_named<S: TierSpace>(space: &S, name: &str, example: S::Tier) -> Result<S::Tier, TablebaseError> {
    space.parse_tier(name).ok_or_else(|| TablebaseError::UnknownTier {
        name: name.to_string(),
        variant: space.variant_name(),
        hint: match space.stored_in(name) {
            Some(t) => stored_in_hint(&space.tier_name(t)),
            None => format!("a tier is named like {}", space.tier_name(example)),
        },
    })
}

/// The hint of a refused tier name whose positions the tier named
/// `stored` holds ([`TierSpace::stored_in`]).
pub fn stored_in_hint(stored: &str) -> String {
    format!("its positions are stored in tier {stored} as their colour twins, the colours exchanged")
}

/// Builds the table of `tier` alone into `dir` (created if missing), from
/// the files of its dependencies there, which earlier builds wrote: the
/// job a scheduler runs once the tier's dependencies are finished.
///
/// The tier's file is written through a temporary name renamed into place
/// and ends with its checksum ([`TierFile::write`]), so a file under the
/// tier's name is always whole; one already there is checked in full
/// (header against the space, length, checksum; read in 64 KiB pieces,
/// not decoded) and kept unless [`BuildOptions::rebuild`] (which also
/// removes the folder's tables of another index scheme first,
/// [`crate::remove_stale`]). Every `*.ltb` file of `dir` must
/// be of this space. The build holds the folder's lock shared with the
/// builds of other tiers (a build of the whole folder, [`crate::build`],
/// holds it alone) and the tier's own lock alone, so that different tiers
/// of one folder build at once and a tier never twice at once. Its last
/// step adds the tier's file to the folder's manifest ([`Manifest`]) under
/// a lock of its own, keeping every other entry; a folder without a
/// manifest, or with one that does not read or is of another variant,
/// gets one listing every tier file there, each read in full for its
/// checksum first. So after any number of tier builds, in any order and at
/// once, the manifest lists exactly the finished files.
///
/// # Errors
/// [`TablebaseError::MissingDependencies`] naming every dependency file
/// not in `dir`; [`TablebaseError::TierLocked`] (or
/// [`TablebaseError::Locked`] for a build of the whole folder) when
/// another build holds the tier and not [`BuildOptions::wait`];
/// [`TablebaseError::MemoryBudget`]; [`TablebaseError::Interrupted`] when
/// stopped on request (nothing written); and the errors of [`crate::build`]
/// for the files read and written.
pub fn build_tier<S: TierSpace>(
    space: &S,
    tier: S::Tier,
    dir: &Path,
    options: &BuildOptions,
    progress: &dyn Progress,
) -> Result<TierReport, TablebaseError> {
    let name = space.tier_name(tier);
    let file_name = TierFile::file_name(&name);
    if let Some(budget) = options.memory {
        let needed = working_set(space, tier);
        if needed > budget {
            return Err(TablebaseError::MemoryBudget { tier: name, needed, budget });
        }
    }
    if options.rebuild {
        // As a build of the whole folder does: another version's tables
        // are of no use to this one.
        crate::remove_stale(dir, space)?;
    }
    if dir.is_dir() {
        TablebaseFolder::open(dir)?.check_files(space)?;
    }
    std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
    let interrupted =
        || TablebaseError::Interrupted { dir: dir.to_path_buf(), complete: Vec::new(), total: 1 };
    let _locks = lock::lock_tier(
        dir,
        &name,
        options.wait,
        &|| progress.waiting_for_lock(dir),
        &|| progress.cancelled(),
        &interrupted,
    )?;
    lock::remove_stale_temps_of(dir, &file_name)?;
    let path = dir.join(&file_name);
    let report = if !options.rebuild && path.exists() {
        // Checked as a build reads it (header, length, the space's tier
        // and size, checksum), streamed: the table is not decoded.
        let (file, len) = TierFile::read_header_of_any(&path)?;
        file.check(&path, space, Some(tier))?;
        verify_checksum(&path, len)?;
        TierReport { tier: name, file, millis: 0, memory: 0, reused: true }
    } else {
        let missing: Vec<String> = space
            .dependencies(tier)
            .into_iter()
            .map(|d| TierFile::file_name(&space.tier_name(d)))
            .filter(|f| !dir.join(f).is_file())
            .collect();
        if !missing.is_empty() {
            return Err(TablebaseError::MissingDependencies { dir: dir.to_path_buf(), tier: name, missing });
        }
        if progress.cancelled() {
            return Err(interrupted());
        }
        let pool = thread_pool(options)?;
        solve_to_file(space, tier, dir, &pool, progress)?.ok_or_else(interrupted)?
    };
    add_to_manifest(space, dir, &file_name)?;
    progress.finish_tier(&report);
    Ok(report)
}

/// Adds the tier file `file` of `dir` (whole: just written or read in
/// full) to the folder's manifest, under the manifest's lock: the entries
/// of a readable manifest of the space are kept (those whose file is gone
/// dropped), else every tier file of the folder is listed, each checked in
/// full.
fn add_to_manifest<S: TierSpace>(space: &S, dir: &Path, file: &str) -> Result<(), TablebaseError> {
    let _lock = lock::lock_manifest(dir)?;
    let folder = TablebaseFolder::open(dir)?;
    let checked = folder.check_files(space)?;
    let entry_of = |f: &crate::FolderFile| ManifestEntry {
        tier: f.header.tier.clone(),
        file: TierFile::file_name(&f.header.tier),
        bytes: f.len,
        crc32: f.crc32,
    };
    let ours = |f: &crate::FolderFile| f.path.file_name().is_some_and(|n| n == file);
    let entries = match folder.manifest() {
        ManifestState::Present(m) if m.variant == space.variant_name() && m.scheme == space.scheme() => {
            let mut entries: Vec<ManifestEntry> = m
                .tiers
                .iter()
                .filter(|e| e.file != file && checked.iter().any(|(_, f)| f.path.ends_with(&e.file)))
                .cloned()
                .collect();
            entries.extend(checked.iter().filter(|(_, f)| ours(f)).map(|(_, f)| entry_of(f)));
            entries
        }
        _ => {
            let mut entries = Vec::new();
            for (_, f) in &checked {
                if !ours(f) {
                    verify_checksum(&f.path, f.len)?;
                }
                entries.push(entry_of(f));
            }
            entries
        }
    };
    Manifest::new(space.variant_name(), space.scheme(), entries).write(dir)
}
