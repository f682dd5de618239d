//! `lapilli tablebase build`: the endgame tables of a variant built into a folder, reported tier by tier.

use super::*;
use crate::interrupt::{Interrupt, Signal};
use lapilli_tablebase::{Job, TablebaseError, MANIFEST_FILE};
use std::sync::Arc;

/// `lapilli tablebase build` with its options.
pub struct Build<'o> {
    /// The most pieces a side has in the tables (`None` with `tier` or
    /// `whole_game`).
    pub max_pieces: Option<u8>,
    /// Every tier of the whole game from its start (`--whole-game`).
    pub whole_game: bool,
    /// The one tier to build, by name, from its dependencies' files.
    pub tier: Option<String>,
    /// With `tier`, the one chunk of it to build (`--chunk K/N`).
    pub chunk: Option<lapilli_tablebase::Chunk>,
    /// The most indices of a chunk of a tier's first pass
    /// (`--chunk-indices`; 0: every tier whole).
    pub chunk_indices: u64,
    /// The folder the tables go to.
    pub dir: PathBuf,
    /// Worker threads, 0 for one per core.
    pub threads: usize,
    /// The memory budget in MiB.
    pub memory_mib: Option<u64>,
    /// Solve again tiers whose file exists.
    pub rebuild: bool,
    /// Wait for another build of the folder instead of refusing.
    pub wait: bool,
    /// JSON output (and no progress bar).
    pub json: bool,
    /// The file a JSON line per finished tier is appended to (`--log`).
    pub log: Option<PathBuf>,
    /// Child processes to run the tiers on (`--workers`), `None` for this
    /// process alone.
    pub workers: Option<usize>,
    /// The MPI job to run the tiers on (`--mpi`): rank 0 schedules, the
    /// others build.
    pub mpi: Option<super::mpi::World>,
    /// The game and its variant options as command-line words, for the
    /// workers.
    pub game_args: Vec<String>,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

/// One tier of `lapilli tablebase build --json`.
#[derive(Serialize, serde::Deserialize, Debug)]
pub struct BuiltTierJson {
    /// The tier's name.
    pub tier: String,
    /// Indices of the tier (one per orbit, slack included).
    pub entries: u64,
    /// Positions valued: every member of every orbit.
    pub positions: u64,
    /// Orbits valued.
    pub classes: u64,
    /// Positions won for the side to move.
    pub win: u64,
    /// Positions lost for the side to move.
    pub loss: u64,
    /// Positions drawn.
    pub draw: u64,
    /// The longest DTM, plies.
    pub max_dtm: u32,
    /// Wall time, milliseconds (0 when the file was kept).
    pub millis: u64,
    /// The working set estimated for the memory budget, bytes.
    pub memory_bytes: u64,
    /// Positions solved per second (0 when the file was kept).
    pub positions_per_second: f64,
    /// Whether the tier's file was already there and kept.
    pub reused: bool,
    /// The machine that solved it (absent for a file kept, or where the
    /// system does not say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// The peak resident memory of the process that solved it, bytes:
    /// given by a build of one tier (`--tier`, the workers of
    /// `--workers`), absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_memory_bytes: Option<u64>,
}

impl From<&TierReport> for BuiltTierJson {
    fn from(r: &TierReport) -> BuiltTierJson {
        let c = &r.file.counts;
        BuiltTierJson {
            tier: r.tier.clone(),
            entries: r.file.entries,
            positions: c.positions(),
            classes: c.classes(),
            win: c.win,
            loss: c.loss,
            draw: c.draw,
            max_dtm: c.max_dtm,
            millis: r.millis,
            memory_bytes: r.memory,
            positions_per_second: r.positions_per_second().round(),
            reused: r.reused,
            host: if r.reused { None } else { super::tierlog::host_name() },
            peak_memory_bytes: None,
        }
    }
}

/// `lapilli tablebase build --json`.
#[derive(Serialize, Debug)]
pub struct BuildJson {
    /// The game's name.
    pub game: &'static str,
    /// The variant as the files name it.
    pub variant: String,
    /// The most pieces a side has (null for a build of one tier or of the
    /// whole game).
    pub max_pieces: Option<u8>,
    /// Whether every tier of the whole game was built (`--whole-game`).
    pub whole_game: bool,
    /// The folder.
    pub dir: String,
    /// Each tier in build order (dependencies first).
    pub tiers: Vec<BuiltTierJson>,
    /// Tiers solved now.
    pub built: usize,
    /// Tiers whose files were kept.
    pub reused: usize,
    /// Positions of all tiers.
    pub positions: u64,
    /// Wall time of the whole build, milliseconds.
    pub millis: u64,
    /// The process's peak resident memory, bytes (null where the system
    /// does not report it).
    pub peak_memory_bytes: Option<u64>,
    /// The folder's manifest, written last (null for a build of a chunk,
    /// which writes none).
    pub manifest: Option<String>,
}

/// The error of a build stopped by `signal` after the tiers `complete` of
/// `total`: kind `interrupted` (exit status 128 + the signal's number),
/// and under `--json` the tiers complete beside the error.
///
/// One process writes the manifest last, so its stopped build leaves none;
/// tiers built one at a time (`--tier`, the workers of `--workers`) are
/// each listed as they complete (`listed`), so the manifest lists the
/// tiers complete.
pub(super) fn interrupted(
    dir: &Path,
    signal: Signal,
    complete: &[String],
    total: usize,
    listed: bool,
) -> CliError {
    let done = if complete.is_empty() { String::new() } else { format!(" ({})", complete.join(", ")) };
    let manifest = if listed {
        "the folder's manifest lists the tiers complete, not the whole build"
    } else {
        "the folder has no manifest until a build completes"
    };
    let message = format!(
        "interrupted by {signal}: {} of {total} tiers complete in {}{done}; no tier is left half-written, and \
         {manifest} (run the same build again: it keeps the tiers complete)",
        complete.len(),
        dir.display(),
    );
    let report = serde_json::json!({
        "dir": dir.display().to_string(),
        "interrupted": { "signal": signal.name(), "complete": complete, "total": total },
    });
    CliError::new(Kind::Interrupted(signal), message).with_report(report)
}

impl GameVisitor for Build<'_> {
    type Output = Result<()>;

    /// Builds the variant's endgame tables up to `max_pieces` a side into
    /// the folder and reports each tier.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let support = support(&v, "tablebase build")?;
        if let (Some(chunk), None) = (self.chunk, &self.tier) {
            return Err(CliError::new(
                Kind::Option,
                format!("tablebase build: --chunk {chunk} needs --tier NAME, the tier it is a chunk of"),
            ));
        }
        check_max_pieces(self.max_pieces, v.name(), support.min_pieces, support.pieces)?;
        let options = BuildOptions {
            threads: self.threads,
            memory: self.memory_mib.map(|m| m.saturating_mul(1 << 20)),
            rebuild: self.rebuild,
            wait: self.wait,
            chunk_indices: Some(self.chunk_indices),
        };
        let stop = Arc::new(Interrupt::catch(|_| {})?);
        let log = self.log.as_deref().map(super::TierLog::open).transpose()?.map(Arc::new);
        let progress = BuildProgress::new(self.json).with_stop(Arc::clone(&stop)).with_log(log.clone());
        let started = Instant::now();
        // The set of tiers: the endgame tables to n pieces a side, or
        // (None) the whole game.
        let set = if self.whole_game { Some(None) } else { self.max_pieces.map(Some) };
        let built = match (&self.tier, set, self.workers) {
            (Some(tier), _, _) => {
                // A name the rules can read but no position of the game has
                // (`w2b2`: the game is over below three pieces) is refused
                // as an unknown one: the game's tiers are its plan's. A
                // folded name (`w3b5`) says where its positions are.
                let plan = (support.plan)(None).map_err(tablebase_error)?;
                if plan.tier(tier).is_none() {
                    let hint = match (support.stored_in)(tier) {
                        Some(t) => lapilli_tablebase::stored_in_hint(&t),
                        None => format!("`tablebase plan {}` lists its {} tiers", v.id(), plan.tiers.len()),
                    };
                    return Err(tablebase_error(TablebaseError::UnknownTier {
                        name: tier.clone(),
                        variant: v.id(),
                        hint,
                    }));
                }
                self.remove_damaged(std::slice::from_ref(tier), &progress)?;
                let job = Job { tier: tier.clone(), chunk: self.chunk };
                (support.build_tier)(&job, &self.dir, &options, &progress).map(|r| vec![r])
            }
            (None, Some(n), Some(workers)) => {
                let plan = (support.plan)(n).map_err(tablebase_error)?.chunked(self.chunk_indices);
                self.remove_damaged(
                    &plan.tiers.iter().map(|t| t.name.clone()).collect::<Vec<_>>(),
                    &progress,
                )?;
                let scheduled = super::workers::Workers {
                    workers,
                    game_args: &self.game_args,
                    variant: v.id(),
                    scheme: support.scheme.clone(),
                    dir: &self.dir,
                    threads: self.threads,
                    memory_mib: self.memory_mib,
                    rebuild: self.rebuild,
                    chunk_indices: self.chunk_indices,
                    log: log.as_deref(),
                };
                let tiers = scheduled.run(&plan, &stop, &progress);
                progress.finish();
                let tiers = tiers?;
                return self.report(&v, tiers, started);
            }
            (None, Some(n), None) if self.mpi.is_some() => {
                let plan = (support.plan)(n).map_err(tablebase_error)?.chunked(self.chunk_indices);
                return super::mpi::build(self, &v, &support, &plan, &stop, &progress, started);
            }
            (None, Some(n), None) => {
                let plan = (support.plan)(n).map_err(tablebase_error)?;
                self.remove_damaged(
                    &plan.tiers.iter().map(|t| t.name.clone()).collect::<Vec<_>>(),
                    &progress,
                )?;
                (support.build_endgames)(n, &self.dir, &options, &progress)
            }
            (None, None, _) => {
                return Err(CliError::new(
                    Kind::Option,
                    "tablebase build: give --max-pieces N, --whole-game or --tier NAME",
                ))
            }
        };
        if let Some(e) = progress.log_error() {
            progress.finish();
            return Err(e);
        }
        let reports = built.map_err(|e| {
            progress.finish();
            build_error(e, &self.dir, &stop, self.tier.is_some())
        })?;
        progress.finish();
        self.report(&v, reports.iter().map(BuiltTierJson::from).collect(), started)
    }
}

/// The error of a build into `dir` that failed with `e`: kind
/// `interrupted` when `stop` caught a signal (the tiers complete named;
/// `one_tier` for a build of one tier, which lists its tier in the
/// manifest), a lock another build holds with the hint of `--wait`, a
/// folder that cannot be made named as `--out`'s.
pub(super) fn build_error(e: TablebaseError, dir: &Path, stop: &Interrupt, one_tier: bool) -> CliError {
    if let (TablebaseError::Interrupted { complete, total, .. }, Some(signal)) = (&e, stop.caught()) {
        return interrupted(dir, signal, complete, *total, one_tier);
    }
    if let TablebaseError::Locked { .. } | TablebaseError::TierLocked { .. } = &e {
        let e = tablebase_error(e);
        return CliError::new(e.kind, format!("{}; give --wait to wait for it", e.message));
    }
    let e = tablebase_error(e);
    if dir.is_dir() || e.kind != Kind::Io {
        return e;
    }
    // The folder itself could not be made (an I/O error before the folder
    // exists; a refusal such as the memory budget comes before the folder
    // is made and speaks for itself).
    CliError::new(e.kind, format!("--out: cannot create the folder: {}", e.message))
}

impl Build<'_> {
    /// With `--rebuild`, removes the files of `tiers` in the folder that no
    /// reader can take (a truncated or damaged header, another tier's
    /// contents: [`lapilli_tablebase::remove_damaged`]), each named on
    /// standard error: they are built again, and would stop every build
    /// of the folder as they are.
    ///
    /// # Errors
    /// Kind `io` when a file cannot be read or removed.
    pub(super) fn remove_damaged(&self, tiers: &[String], progress: &BuildProgress) -> Result<()> {
        if !self.rebuild || !self.dir.is_dir() {
            return Ok(());
        }
        for (path, why) in lapilli_tablebase::remove_damaged(&self.dir, tiers).map_err(tablebase_error)? {
            let why = why.to_string();
            let why = why.strip_prefix(&format!("{}: ", path.display())).unwrap_or(&why).to_string();
            progress.say(&format!("removed {} to build it again ({why})", path.display()));
        }
        Ok(())
    }

    /// Prints the report of a build of `tiers` that began at `started`.
    pub(super) fn report<V: VariantDescriptor>(
        self,
        v: &V,
        mut tiers: Vec<BuiltTierJson>,
        started: Instant,
    ) -> Result<()> {
        let millis = started.elapsed().as_millis() as u64;
        // One tier solved by this process alone: its peak is the tier's.
        if let (Some(_), [one]) = (&self.tier, tiers.as_mut_slice()) {
            if !one.reused {
                one.peak_memory_bytes = peak_memory_bytes();
            }
        }
        let report = BuildJson {
            game: v.name(),
            variant: v.id(),
            max_pieces: self.max_pieces,
            whole_game: self.whole_game,
            dir: self.dir.display().to_string(),
            built: tiers.iter().filter(|t| !t.reused).count(),
            reused: tiers.iter().filter(|t| t.reused).count(),
            positions: tiers.iter().map(|t| t.positions).sum(),
            tiers,
            millis,
            peak_memory_bytes: peak_memory_bytes(),
            manifest: self.chunk.is_none().then(|| self.dir.join(MANIFEST_FILE).display().to_string()),
        };
        let out = self.out;
        if self.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        match (&self.tier, report.max_pieces) {
            (Some(tier), _) => writeln!(out, "{}: tier {tier} in {}", v.title(), report.dir)?,
            (None, _) if report.whole_game => {
                writeln!(out, "{}: every tier of the whole game in {}", v.title(), report.dir)?
            }
            (None, n) => writeln!(
                out,
                "{}: movement-phase tables up to {} pieces a side in {}",
                v.title(),
                n.unwrap_or_default(),
                report.dir
            )?,
        }
        writeln!(
            out,
            "{:<10} {:>11} {:>12} {:>11} {:>12} {:>12} {:>12} {:>7} {:>9} {:>9} {:>12}",
            "tier",
            "entries",
            "positions",
            "classes",
            "win",
            "loss",
            "draw",
            "max DTM",
            "ms",
            "MiB",
            "positions/s"
        )?;
        for t in &report.tiers {
            let (ms, rate) = if t.reused {
                ("kept".to_string(), "-".to_string())
            } else {
                (t.millis.to_string(), t.positions_per_second.to_string())
            };
            writeln!(
                out,
                "{:<10} {:>11} {:>12} {:>11} {:>12} {:>12} {:>12} {:>7} {:>9} {:>9.1} {:>12}",
                t.tier,
                t.entries,
                t.positions,
                t.classes,
                t.win,
                t.loss,
                t.draw,
                t.max_dtm,
                ms,
                t.memory_bytes as f64 / f64::from(1 << 20),
                rate
            )?;
        }
        let peak = report
            .peak_memory_bytes
            .map_or("unknown".into(), |b| format!("{:.1} MiB", b as f64 / f64::from(1 << 20)));
        writeln!(
            out,
            "{} ({} solved, {} kept), {} positions, {} ms, peak memory {peak}",
            crate::report::count(report.tiers.len() as u64, "tier", "tiers"),
            report.built,
            report.reused,
            report.positions,
            report.millis
        )?;
        match (&report.manifest, &self.tier, self.chunk) {
            (Some(manifest), _, _) => writeln!(out, "manifest of every tier file written to {manifest}")?,
            (None, Some(tier), Some(chunk)) => writeln!(
                out,
                "the first pass of chunk {chunk} written to {}: the build of tier {tier} with the same \
                 --chunk-indices joins its chunks",
                self.dir.join(chunk.file_name(tier)).display()
            )?,
            _ => {}
        }
        Ok(())
    }
}
