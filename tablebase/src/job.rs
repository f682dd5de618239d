//! One tier as a job from files to a file: the unit a scheduler hands to
//! a worker process.

use super::build::{solve_to_file, thread_pool, working_set, BuildOptions, Progress, TierReport};
use super::chunk::{read_chunk, write_chunk, Chunk, Job, TierChunk, CHUNK_EXTENSION};
use super::error::TablebaseError;
use super::file::TierFile;
use super::folder::{verify_checksum, ManifestState, TablebaseFolder};
use super::lock;
use super::manifest::{Manifest, ManifestEntry, MANIFEST_FILE};
use super::probe::Tablebases;
use super::solver::{resolve_tier, solve_tier_chunk};
use super::TierSpace;
use std::path::Path;
use std::time::Instant;

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
        let needed = tier_memory(space, tier, dir, options);
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
        match chunks_of(space, tier, options) {
            1 => solve_to_file(space, tier, dir, &pool, progress)?.ok_or_else(interrupted)?,
            of => assemble(space, tier, of, dir, &pool, progress)?.ok_or_else(interrupted)?,
        }
    };
    if options.chunk_indices.is_some() {
        // Chunk files of a tier already there (a chunk build that came
        // after, a run stopped between) are of no use, nor their locks.
        lock::remove_chunks_of(dir, &report.tier)?;
    }
    add_to_manifest(space, dir, &file_name)?;
    progress.finish_tier(&report);
    Ok(report)
}

/// The bytes building `tier` into `dir` takes under `options`: its
/// working set ([`working_set`]), but only its own 6 bytes an index when
/// it is chunked and every chunk file is there (its chunks are joined and
/// finished, no dependency loaded).
fn tier_memory<S: TierSpace>(space: &S, tier: S::Tier, dir: &Path, options: &BuildOptions) -> u64 {
    let name = space.tier_name(tier);
    match chunks_of(space, tier, options) {
        of if of > 1 && Chunk::all(of).all(|c| dir.join(c.file_name(&name)).is_file()) => {
            crate::cost::working_set(space.size(tier), [])
        }
        _ => working_set(space, tier),
    }
}

/// The chunks `tier` is built in under `options`: 1 without
/// [`BuildOptions::chunk_indices`].
pub(crate) fn chunks_of<S: TierSpace>(space: &S, tier: S::Tier, options: &BuildOptions) -> u32 {
    options.chunk_indices.map_or(1, |c| Chunk::count(space.size(tier), c))
}

/// Writes the file of `tier`, split into `of` chunks, from the first
/// passes in its chunk files in `dir` (those missing or unreadable solved
/// here first), finished by the level pass ([`resolve_tier`]), then
/// removes the tier's chunk files; `None` when stopped on request. The
/// report's time is this call's: the chunks solved elsewhere are theirs.
///
/// # Errors
/// As [`solve_to_file`].
fn assemble<S: TierSpace>(
    space: &S,
    tier: S::Tier,
    of: u32,
    dir: &Path,
    pool: &rayon::ThreadPool,
    progress: &dyn Progress,
) -> Result<Option<TierReport>, TablebaseError> {
    let name = space.tier_name(tier);
    let started = Instant::now();
    progress.start_tier(&name, space.size(tier));
    let mut joined: Option<TierChunk> = None;
    let mut loaded = None;
    for chunk in Chunk::all(of) {
        if progress.cancelled() {
            return Ok(None);
        }
        let path = dir.join(chunk.file_name(&name));
        let pass = match read_chunk(&path, space, tier, chunk) {
            Ok(pass) => {
                progress.advance(pass.len());
                pass
            }
            // Missing or not whole (another chunking, a damaged file): solved here.
            Err(_) => {
                if loaded.is_none() {
                    loaded = Some(Tablebases::open_tiers(space, dir, &space.dependencies(tier))?);
                }
                let deps = loaded.as_ref().expect("just loaded");
                let outside = |p: &S::Game| deps.probe(p);
                match pool.install(|| solve_tier_chunk(space, tier, chunk, &outside, progress)) {
                    Err(TablebaseError::Cancelled { .. }) => return Ok(None),
                    other => other?,
                }
            }
        };
        match joined.as_mut() {
            None => {
                let mut first = pass;
                first.reserve_total(space.size(tier), &name)?;
                joined = Some(first);
            }
            Some(j) => j.append(pass, &name)?,
        }
    }
    let loaded_any = loaded.is_some();
    drop(loaded);
    let Some(joined) = joined else { return Ok(None) };
    let table = match pool.install(|| resolve_tier(space, tier, joined, progress)) {
        Err(TablebaseError::Cancelled { .. }) => return Ok(None),
        other => other?,
    };
    let file = TierFile::write(&dir.join(TierFile::file_name(&name)), space, tier, &table)?;
    lock::remove_chunks_of(dir, &name)?;
    let memory = match loaded_any {
        true => working_set(space, tier),
        false => crate::cost::working_set(space.size(tier), []),
    };
    Ok(Some(TierReport {
        tier: name,
        file,
        millis: started.elapsed().as_millis() as u64,
        memory,
        reused: false,
    }))
}

/// Builds the first pass of `chunk` of `tier` into its chunk file in
/// `dir` ([`Chunk::file_name`]), from the files of the tier's
/// dependencies there: one of the jobs a scheduler splits a large tier
/// into ([`crate::Chunk`]); [`build_tier`] with
/// [`BuildOptions::chunk_indices`] then joins the chunks and finishes the
/// tier.
///
/// A chunk file already there and whole is kept unless
/// [`BuildOptions::rebuild`], as is the whole tier's file (then nothing is
/// solved). The chunk's lock (`.<tier>.<K>-of-<N>.lock`) is held alone,
/// and the folder's shared, as for a tier. The report names the job
/// (`w8b7x:3/16`, [`Job`]); its file describes the chunk: its entries and
/// the counts of its first pass ([`TierChunk::counts`]).
///
/// # Errors
/// [`TablebaseError::Chunk`] for a chunk number beyond the count, or a
/// count other than the one [`BuildOptions::chunk_indices`] gives the
/// tier (the tier's build would not join it); otherwise as
/// [`build_tier`].
pub fn build_chunk<S: TierSpace>(
    space: &S,
    tier: S::Tier,
    chunk: Chunk,
    dir: &Path,
    options: &BuildOptions,
    progress: &dyn Progress,
) -> Result<TierReport, TablebaseError> {
    crate::solver::check_chunk(space, tier, chunk)?;
    let name = space.tier_name(tier);
    let of = chunks_of(space, tier, options);
    if chunk.of != of {
        // The tier's build would join another chunking and drop this one.
        return Err(TablebaseError::Chunk {
            tier: name,
            chunk: chunk.to_string(),
            what: format!(
                "the tier splits into {of} chunks of at most {} indices, not {}: give the chunk indices its \
                 build is given",
                options.chunk_indices.unwrap_or(0),
                chunk.of
            ),
        });
    }
    let job = Job { tier: name.clone(), chunk: Some(chunk) }.to_string();
    let range = chunk.range(space.size(tier));
    let len = range.end - range.start;
    let deps = space.dependencies(tier);
    let memory = crate::cost::working_set(len, deps.iter().map(|&d| space.size(d)));
    if let Some(budget) = options.memory {
        if memory > budget {
            return Err(TablebaseError::MemoryBudget { tier: job, needed: memory, budget });
        }
    }
    if dir.is_dir() {
        TablebaseFolder::open(dir)?.check_files(space)?;
    }
    std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
    let interrupted =
        || TablebaseError::Interrupted { dir: dir.to_path_buf(), complete: Vec::new(), total: 1 };
    let chunk_file = chunk.file_name(&name);
    let stem = chunk_file.trim_end_matches(&format!(".{CHUNK_EXTENSION}"));
    let _locks = lock::lock_tier(
        dir,
        stem,
        options.wait,
        &|| progress.waiting_for_lock(dir),
        &|| progress.cancelled(),
        &interrupted,
    )?;
    lock::remove_stale_temps_of(dir, &chunk_file)?;
    let path = dir.join(&chunk_file);
    let describe = |pass: &TierChunk| TierFile {
        variant: space.variant_name(),
        scheme: space.scheme(),
        tier: name.clone(),
        entries: len,
        counts: pass.counts(),
        dtm_width: 1,
    };
    if !options.rebuild {
        let tier_file = dir.join(TierFile::file_name(&name));
        if tier_file.is_file() {
            let (file, _) = TierFile::read_header_of_any(&tier_file)?;
            file.check(&tier_file, space, Some(tier))?;
            let file = TierFile { entries: len, counts: Default::default(), ..file };
            return Ok(TierReport { tier: job, file, millis: 0, memory: 0, reused: true });
        }
        if let Ok(pass) = read_chunk(&path, space, tier, chunk) {
            return Ok(TierReport { tier: job, file: describe(&pass), millis: 0, memory: 0, reused: true });
        }
    }
    let missing: Vec<String> = deps
        .iter()
        .map(|&d| TierFile::file_name(&space.tier_name(d)))
        .filter(|f| !dir.join(f).is_file())
        .collect();
    if !missing.is_empty() {
        return Err(TablebaseError::MissingDependencies { dir: dir.to_path_buf(), tier: job, missing });
    }
    let pool = thread_pool(options)?;
    progress.start_tier(&job, len);
    let started = Instant::now();
    let loaded = Tablebases::open_tiers(space, dir, &deps)?;
    let outside = |p: &S::Game| loaded.probe(p);
    let pass = match pool.install(|| solve_tier_chunk(space, tier, chunk, &outside, progress)) {
        Err(TablebaseError::Cancelled { .. }) => return Err(interrupted()),
        other => other?,
    };
    drop(loaded);
    write_chunk(&path, space, tier, chunk, &pass)?;
    let report = TierReport {
        tier: job,
        file: describe(&pass),
        millis: started.elapsed().as_millis() as u64,
        memory,
        reused: false,
    };
    progress.finish_tier(&report);
    Ok(report)
}

/// Adds the tier file `file` of `dir` (whole: just written or read in
/// full) to the folder's manifest, under the manifest's lock: the entries
/// of a readable manifest of the space are kept (those whose file is gone
/// dropped), else every tier file of the folder is listed, each checked in
/// full. A temporary manifest found then was left by a writer killed
/// mid-write (a build of one tier writes the manifest under this lock, a
/// build of the whole folder under the folder's lock held exclusively,
/// which this build shares: no other writer is at work), and is removed.
fn add_to_manifest<S: TierSpace>(space: &S, dir: &Path, file: &str) -> Result<(), TablebaseError> {
    let _lock = lock::lock_manifest(dir)?;
    lock::remove_stale_temps_of(dir, MANIFEST_FILE)?;
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
