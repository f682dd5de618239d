//! Building tablebases: tiers in dependency order, each a job from files to
//! a file.

use super::error::TablebaseError;
use super::file::TierFile;
use super::lock;
use super::manifest::{Manifest, ManifestEntry};
use super::probe::Tablebases;
use super::solver::solve_tier;
use super::TierSpace;
use std::collections::BTreeSet;
use std::path::Path;
use std::time::Instant;

/// Receives a build's progress (a progress bar in a front end).
pub trait Progress: Sync {
    /// A tier of `entries` indices starts (its first pass advances by
    /// entries).
    fn start_tier(&self, _tier: &str, _entries: u64) {}
    /// `n` more entries were handled.
    fn advance(&self, _n: u64) {}
    /// The tier is done.
    fn finish_tier(&self, _report: &TierReport) {}
    /// Whether the build should stop (a signal came): asked between tiers,
    /// between the solver's passes and while waiting for the folder's
    /// lock. A build told so drops the tier in flight and returns
    /// [`TablebaseError::Interrupted`].
    fn cancelled(&self) -> bool {
        false
    }
    /// Another build holds the folder's lock and this one waits for it
    /// ([`BuildOptions::wait`]).
    fn waiting_for_lock(&self, _dir: &Path) {}
}

/// Reports nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {}

/// How to build.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildOptions {
    /// Worker threads (rayon); 0 for one per core.
    pub threads: usize,
    /// The most memory the build may use, in bytes: a tier whose working
    /// set (6 bytes per index of the tier, 2 per index of each dependency
    /// loaded for it) is larger is refused before it starts
    /// ([`TablebaseError::MemoryBudget`]). `None`: no limit.
    pub memory: Option<u64>,
    /// Solve again tiers whose file is already in the directory (by
    /// default a valid file is kept and reused), and first remove this
    /// variant's files of another index scheme ([`crate::remove_stale`];
    /// by default they stop the build,
    /// [`TablebaseError::OtherScheme`]).
    pub rebuild: bool,
    /// Wait for another build of the folder to finish (by default a build
    /// that finds the folder's lock held is refused,
    /// [`TablebaseError::Locked`]).
    pub wait: bool,
    /// Split each tier's first pass into chunks of at most this many
    /// indices ([`crate::Chunk`]): [`crate::build_tier`] joins a tier's
    /// chunk files (solving the chunks whose files are not there) and
    /// finishes the tier, and [`crate::build_chunk`] solves one. `None` (or 0):
    /// every tier whole. [`build`] of a whole folder solves every tier
    /// whole.
    pub chunk_indices: Option<u64>,
}

/// What building one tier took and gave.
#[derive(Clone, Debug, PartialEq)]
pub struct TierReport {
    /// The tier's name; of a chunk ([`crate::build_chunk`]), the job's,
    /// e.g. `w8b7x:3/16`.
    pub tier: String,
    /// Its counts and size (of a chunk: the chunk's entries and counts,
    /// in the header of its tier).
    pub file: TierFile,
    /// Wall time, in milliseconds (0 when the file was reused).
    pub millis: u64,
    /// The working set estimated for the budget, in bytes.
    pub memory: u64,
    /// Whether the tier was read from an existing file instead of solved.
    pub reused: bool,
}

impl TierReport {
    /// Positions (not orbits) solved per second; 0 for a reused tier.
    pub fn positions_per_second(&self) -> f64 {
        if self.millis == 0 {
            0.0
        } else {
            self.file.counts.positions() as f64 * 1000.0 / self.millis as f64
        }
    }
}

/// The bytes solving `tier` takes: 6 per index of the tier (value code,
/// counter, loss floor, orbit size), 2 per index of each dependency loaded.
pub(crate) fn working_set<S: TierSpace>(space: &S, tier: S::Tier) -> u64 {
    crate::cost::working_set(space.size(tier), space.dependencies(tier).iter().map(|&d| space.size(d)))
}

/// Solves `tiers` and everything they depend on in memory, dependencies
/// first, each tier valuing its plies out of the tier by the tables of its
/// declared dependencies only, as [`build`] loads them: [`build`] without
/// files, for tests, benchmarks and small games.
///
/// # Errors
/// As [`solve_tier`] and [`ordered_tiers`].
pub fn solve_in_memory<S: TierSpace>(
    space: S,
    tiers: &[S::Tier],
    progress: &dyn Progress,
) -> Result<Tablebases<S>, TablebaseError> {
    let order = ordered_tiers(&space, tiers)?;
    let mut solved: std::collections::BTreeMap<S::Tier, super::table::TierTable> = Default::default();
    for tier in order {
        let deps = space.dependencies(tier);
        let outside = |p: &S::Game| {
            let t = space.tier_of(p).filter(|t| deps.contains(t))?;
            solved.get(&t)?.get(space.index(p))
        };
        let table = solve_tier(&space, tier, &outside, progress)?;
        solved.insert(tier, table);
    }
    Ok(Tablebases::from_tables(space, solved.into_iter().collect()))
}

/// `tiers` and everything they depend on, each after its dependencies.
///
/// # Errors
/// [`TablebaseError::Cycle`] if the dependencies are not a DAG.
pub fn ordered_tiers<S: TierSpace>(space: &S, tiers: &[S::Tier]) -> Result<Vec<S::Tier>, TablebaseError> {
    let mut done: BTreeSet<S::Tier> = BTreeSet::new();
    let mut on_path: BTreeSet<S::Tier> = BTreeSet::new();
    let mut order = Vec::new();
    // Iterative depth-first search: (tier, dependencies expanded).
    for &root in tiers {
        let mut stack = vec![(root, false)];
        while let Some((t, expanded)) = stack.pop() {
            if done.contains(&t) {
                continue;
            }
            if expanded {
                on_path.remove(&t);
                done.insert(t);
                order.push(t);
                continue;
            }
            if !on_path.insert(t) {
                return Err(TablebaseError::Cycle { tier: space.tier_name(t) });
            }
            stack.push((t, true));
            for d in space.dependencies(t) {
                if d == t || on_path.contains(&d) {
                    return Err(TablebaseError::Cycle { tier: space.tier_name(d) });
                }
                if !done.contains(&d) {
                    stack.push((d, false));
                }
            }
        }
    }
    Ok(order)
}

/// Builds the tables of `tiers` and of every tier they depend on into
/// `dir` (created if missing), one file per tier ([`TierFile`]), in
/// dependency order; each tier reads its dependencies from their files.
/// Files already in `dir` are checked and reused unless
/// [`BuildOptions::rebuild`]; every `*.ltb` file already in `dir` must be
/// one of this space's tier files, checked before anything is written.
/// Returns a report per tier, in build order.
///
/// The build holds the folder's lock ([`LOCK_FILE`](crate::LOCK_FILE))
/// alone from start to end: a second build of the folder, or a build of
/// one of its tiers ([`crate::build_tier`]), is refused, or waits with
/// [`BuildOptions::wait`]. It removes the folder's manifest before
/// it writes a table and writes a new one ([`crate::Manifest`], every
/// tier file of the folder with its length and checksum) last, so that a
/// folder without a manifest is one whose build did not finish. Asked to
/// stop ([`Progress::cancelled`]), it drops the tier in flight (no
/// temporary file is left) and returns [`TablebaseError::Interrupted`]
/// with the tiers complete.
///
/// # Errors
/// Any [`TablebaseError`]: a file that cannot be read or written, a file
/// of another variant or index scheme in the way, a corrupted one, a tier
/// over the memory budget (checked for every tier before anything is
/// written), a dependency cycle, another build holding the folder
/// ([`TablebaseError::Locked`]), a stop on request
/// ([`TablebaseError::Interrupted`]).
pub fn build<S: TierSpace>(
    space: &S,
    tiers: &[S::Tier],
    dir: &Path,
    options: &BuildOptions,
    progress: &dyn Progress,
) -> Result<Vec<TierReport>, TablebaseError> {
    let order = ordered_tiers(space, tiers)?;
    if let Some(budget) = options.memory {
        for &tier in &order {
            let needed = working_set(space, tier);
            if needed > budget {
                return Err(TablebaseError::MemoryBudget { tier: space.tier_name(tier), needed, budget });
            }
        }
    }
    if options.rebuild {
        // Tables of another index scheme (another version's) are solved
        // again like the rest: cleared first, or the check refuses them.
        crate::remove_stale(dir, space)?;
    }
    if dir.is_dir() {
        // Every table already there must be of this game and sound, before
        // anything is written beside it (a file in the folder's place is
        // refused by the folder's creation below, as an I/O error).
        crate::TablebaseFolder::open(dir)?.check_files(space)?;
    }
    std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
    let mut reports = Vec::new();
    let interrupted = |reports: &[TierReport]| TablebaseError::Interrupted {
        dir: dir.to_path_buf(),
        complete: reports.iter().map(|r| r.tier.clone()).collect(),
        total: order.len(),
    };
    let _lock =
        lock::lock(dir, options.wait, &|| progress.waiting_for_lock(dir), &|| progress.cancelled(), &|| {
            interrupted(&[])
        })?;
    // Under the lock the folder is this build's: checked again (another
    // build may have written it while this one waited), cleared of the
    // temporary files of killed builds and of its manifest.
    let kept = crate::TablebaseFolder::open(dir)?;
    kept.check_files(space)?;
    lock::remove_stale_temps(dir)?;
    Manifest::remove(dir)?;
    let pool = thread_pool(options)?;
    for &tier in &order {
        if progress.cancelled() {
            return Err(interrupted(&reports));
        }
        let name = space.tier_name(tier);
        let path = dir.join(TierFile::file_name(&name));
        if !options.rebuild && path.exists() {
            let (file, _) = TierFile::read(&path, space, Some(tier))?;
            // Chunk files left beside a finished tier are of no use.
            crate::lock::remove_chunks_of(dir, &name)?;
            let report = TierReport { tier: name, file, millis: 0, memory: 0, reused: true };
            progress.finish_tier(&report);
            reports.push(report);
            continue;
        }
        let Some(report) = solve_to_file(space, tier, dir, &pool, progress)? else {
            return Err(interrupted(&reports));
        };
        // The chunk files of a build on workers that stopped are of no
        // use once the tier's file is written.
        crate::lock::remove_chunks_of(dir, &name)?;
        progress.finish_tier(&report);
        reports.push(report);
    }
    write_manifest(space, dir, &order)?;
    Ok(reports)
}

/// Solves `tier` on `pool`, valuing its plies out of the tier by the files
/// of its dependencies in `dir`, and writes its file there; `None` when
/// stopped on request ([`Progress::cancelled`]; nothing is written).
///
/// # Errors
/// As [`solve_tier`], [`Tablebases::open_tiers`] and [`TierFile::write`].
pub(crate) fn solve_to_file<S: TierSpace>(
    space: &S,
    tier: S::Tier,
    dir: &Path,
    pool: &rayon::ThreadPool,
    progress: &dyn Progress,
) -> Result<Option<TierReport>, TablebaseError> {
    let name = space.tier_name(tier);
    let path = dir.join(TierFile::file_name(&name));
    let deps = space.dependencies(tier);
    let memory = working_set(space, tier);
    progress.start_tier(&name, space.size(tier));
    let started = Instant::now();
    let loaded = Tablebases::open_tiers(space, dir, &deps)?;
    let outside = |p: &S::Game| loaded.probe(p);
    let table = match pool.install(|| solve_tier(space, tier, &outside, progress)) {
        Err(TablebaseError::Cancelled { .. }) => return Ok(None),
        other => other?,
    };
    drop(loaded);
    let file = TierFile::write(&path, space, tier, &table)?;
    Ok(Some(TierReport {
        tier: name,
        file,
        millis: started.elapsed().as_millis() as u64,
        memory,
        reused: false,
    }))
}

/// The worker threads of a build ([`BuildOptions::threads`]), each started
/// before any table is allocated.
///
/// # Errors
/// [`TablebaseError::Threads`] when the system refuses their stacks or
/// leaves no memory beyond them.
pub(crate) fn thread_pool(options: &BuildOptions) -> Result<rayon::ThreadPool, TablebaseError> {
    // Room for each worker's stack and its signal stack first: a thread
    // whose signal stack the system refuses panics as it starts, and that
    // panic can hang the process in the standard library's hooks.
    if !lapilli_game::alloc::has_room(
        options
            .threads
            .saturating_mul(lapilli_game::alloc::THREAD_START)
            .saturating_add(lapilli_game::alloc::HEADROOM),
    ) {
        return Err(TablebaseError::Threads("the system refused the memory of their stacks".into()));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| TablebaseError::Threads(e.to_string()))?;
    // Every worker up (its own set-up allocated), and room left for more
    // than the threads' stacks: else the next small allocation would abort.
    pool.broadcast(|_| ());
    if !lapilli_game::alloc::has_headroom() {
        return Err(TablebaseError::Threads("the system refused memory beyond their stacks".into()));
    }
    Ok(pool)
}

/// Writes the manifest of `dir` after a build of `built` (checked as it was
/// built or kept): every tier file of the folder, those of earlier builds
/// read in full for their checksum first.
fn write_manifest<S: TierSpace>(space: &S, dir: &Path, built: &[S::Tier]) -> Result<(), TablebaseError> {
    let folder = crate::TablebaseFolder::open(dir)?;
    let mut entries = Vec::new();
    for (tier, f) in folder.check_files(space)? {
        if !built.contains(&tier) {
            crate::folder::verify_checksum(&f.path, f.len)?;
        }
        entries.push(ManifestEntry {
            tier: f.header.tier.clone(),
            file: TierFile::file_name(&f.header.tier),
            bytes: f.len,
            crc32: f.crc32,
        });
    }
    Manifest::new(space.variant_name(), space.scheme(), entries).write(dir)
}
