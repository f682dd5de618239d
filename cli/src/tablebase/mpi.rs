//! `lapilli tablebase build --mpi` and `lapilli tablebase verify --mpi`:
//! MPI as a transport of the tier scheduler (the cargo feature `mpi`).
//!
//! Every rank of `mpirun -np K lapilli tablebase ... --mpi` runs the same
//! command line. Rank 0 schedules as `--workers` does (the same
//! [`Schedule`], ready tiers longest path first, finished tiers kept) and
//! hands one tier at a time to each of ranks 1 to K-1; a rank builds (or
//! verifies) its tier in its own process, as `--tier` does, and sends rank
//! 0 a small report: the JSON of the tier's report, or its error (kind and
//! message). Tier data moves only through the folder, which every rank
//! must see. When no tier is left, or after an error or a signal once the
//! tiers in flight have finished, rank 0 tells every rank to stop; only
//! rank 0 prints. With one rank (`-np 1`, or a program started outside
//! mpirun) rank 0 runs every tier itself, in the schedule's order.
//!
//! No rank blocks in a receive: each polls ([`POLL`]) for its messages and
//! looks at the signals it caught between polls; a rank runs its tier on
//! a thread of its own while it listens. A rank that caught SIGINT,
//! SIGTERM or SIGHUP drops the tier in flight and reports so; rank 0, on
//! a signal, hands out no more tiers, tells the ranks at work to drop
//! theirs ([`CANCEL`]) and ends with the error of kind `interrupted` that
//! `--workers` gives.

use super::build::{build_error, Build, BuiltTierJson};
use super::verify::{in_report_order, verified_line, verify_plan, VerifiedTierJson, Verify};
use super::workers::{threads_per_child, Front};
use super::*;
use crate::interrupt::Interrupt;
use ::mpi::collective::SystemOperation;
use ::mpi::environment::Universe;
use ::mpi::point_to_point::MatchedReceiveVec;
use ::mpi::topology::{Rank, SimpleCommunicator};
use ::mpi::traits::*;
use ::mpi::{Tag, Threading};
use lapilli_tablebase::{Job, Plan, Schedule};
use serde::de::DeserializeOwned;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How often a rank looks for its messages (and at the signals caught).
const POLL: Duration = Duration::from_millis(20);

/// How long a rank that caught a signal while waiting for work waits for
/// rank 0's word to stop before it ends on its own.
const GRACE: Duration = Duration::from_secs(30);

/// Rank 0 to a rank: the name of the tier to work on.
const TIER: Tag = 1;
/// Rank 0 to a rank: stop (no tier is left, or the job is ending).
const STOP: Tag = 2;
/// A rank to rank 0: the report of its tier, as JSON (`{"tier",
/// "report"}` or `{"tier", "error": {"kind", "message"}}`).
const REPORT: Tag = 3;
/// Rank 0 to a rank: drop the tier in flight (rank 0 caught a signal).
const CANCEL: Tag = 4;

/// The progress of a rank's tier: silent, and stopped by a signal this
/// rank caught or by rank 0's word ([`CANCEL`]).
struct RankProgress<'a> {
    stop: &'a Interrupt,
    cancel: &'a AtomicBool,
}

impl lapilli_tablebase::Progress for RankProgress<'_> {
    fn cancelled(&self) -> bool {
        self.stop.caught().is_some() || self.cancel.load(Ordering::SeqCst)
    }

    fn waiting_for_lock(&self, dir: &Path) {
        eprintln!("another build is writing {}: waiting for it to finish (--wait)", dir.display());
    }
}

/// The end of a command of `--mpi` on rank `rank`: rank 0's result as
/// it is; on another rank an error is said on standard error with the
/// rank's number (rank 0 prints the report, or the same error when the
/// command line or the folder is at fault) and ends the process with the
/// error's exit status, MPI already finalised.
pub(super) fn told_by_rank_0(rank: Rank, result: Result<()>) -> Result<()> {
    match result {
        Err(e) if rank != 0 => {
            eprintln!("rank {rank}: error: {}", e.message);
            std::process::exit(i32::from(e.kind.exit_code()))
        }
        result => result,
    }
}

/// The MPI job as this rank sees it. Rank 0 tells every other rank to
/// stop when it is dropped (if it has not already), and MPI is finalised
/// last.
pub struct World {
    /// Every rank of the job.
    world: SimpleCommunicator,
    /// This rank.
    rank: Rank,
    /// The ranks of the job.
    size: Rank,
    /// The ranks of this machine that build or verify tiers (those of the
    /// machine but rank 0, which schedules, unless it is alone).
    solvers: usize,
    /// Whether rank 0 has told the others to stop.
    stopped: bool,
    /// MPI itself, finalised when dropped: last.
    _universe: Universe,
}

impl World {
    /// Initialises MPI (the main thread alone calls it) and finds the
    /// ranks of this machine.
    ///
    /// # Errors
    /// Kind `resources` when MPI cannot be initialised here (an MPI
    /// library that fails outright ends the process itself).
    pub(super) fn start() -> Result<World> {
        let (universe, _) = ::mpi::initialize_with_threading(Threading::Funneled).ok_or_else(|| {
            CliError::new(
                Kind::Resources,
                "--mpi: MPI cannot be initialised (it already was in this process)",
            )
        })?;
        let world = universe.world();
        let (rank, size) = (world.rank(), world.size());
        // The ranks sharing this machine's memory, and whether rank 0,
        // which mostly waits, is one of them: the cores go to the others.
        let local = world.split_shared(rank);
        let mut zero_here = 0i32;
        local.all_reduce_into(&i32::from(rank == 0), &mut zero_here, SystemOperation::sum());
        let solvers = match size {
            1 => 1,
            _ => (local.size() - zero_here).max(1) as usize,
        };
        Ok(World { world, rank, size, solvers, stopped: false, _universe: universe })
    }

    /// This rank's number (0 schedules and prints).
    pub(super) fn rank(&self) -> Rank {
        self.rank
    }

    /// Rank 0: tells every other rank to stop, once.
    fn stop_all(&mut self) {
        if self.rank == 0 && !self.stopped {
            self.stopped = true;
            for r in 1..self.size {
                self.world.process_at_rank(r).send_with_tag(&[0u8; 0][..], STOP);
            }
        }
    }

    /// Rank 0: runs the tiers `schedule` hands out, on ranks 1 to K-1, one
    /// tier per rank at a time, or all on this rank with `local` when it
    /// is alone; each report goes to `done` (and marks its tier finished).
    /// Returns the first error: an error stops the handing out of tiers,
    /// and the tiers in flight finish first; a signal `stop` catches also
    /// tells the ranks at work to drop their tiers ([`CANCEL`]). Every
    /// other rank is told to stop at the end.
    fn schedule<R: DeserializeOwned>(
        &mut self,
        schedule: &mut Schedule,
        stop: &Interrupt,
        local: impl Fn(&str, &AtomicBool) -> Result<R>,
        mut done: impl FnMut(&str, R),
    ) -> Option<CliError> {
        let mut failure: Option<CliError> = None;
        if self.size == 1 {
            let never = AtomicBool::new(false);
            while failure.is_none() && stop.caught().is_none() {
                let Some(job) = schedule.next_ready() else { break };
                let tier = job.to_string();
                match local(&tier, &never) {
                    Ok(report) => {
                        schedule.finished(&job);
                        done(&tier, report);
                    }
                    Err(e) => failure = Some(e),
                }
            }
            return failure;
        }
        let mut idle: Vec<Rank> = (1..self.size).rev().collect();
        let mut running: BTreeMap<Rank, Job> = BTreeMap::new();
        let mut cancelled = false;
        loop {
            // A signal to this rank alone (the others drop their tiers
            // on their own when it reaches them too).
            if stop.caught().is_some() && !cancelled {
                cancelled = true;
                for &rank in running.keys() {
                    self.world.process_at_rank(rank).send_with_tag(&[0u8; 0][..], CANCEL);
                }
            }
            while failure.is_none() && stop.caught().is_none() && !idle.is_empty() {
                let Some(rank) = idle.last().copied() else { break };
                let Some(job) = schedule.next_ready() else { break };
                idle.pop();
                self.world.process_at_rank(rank).send_with_tag(job.to_string().as_bytes(), TIER);
                running.insert(rank, job);
            }
            if running.is_empty() {
                break;
            }
            let Some((message, status)) = self.world.any_process().immediate_matched_probe_with_tag(REPORT)
            else {
                std::thread::sleep(POLL);
                continue;
            };
            let rank = status.source_rank();
            let (bytes, _) = (message, status).matched_receive_vec::<u8>();
            let Some(job) = running.remove(&rank) else {
                let what = format!("--mpi: rank {rank} sent a report of no tier it was given");
                failure.get_or_insert(CliError::new(Kind::Io, what));
                continue;
            };
            idle.push(rank);
            let tier = job.to_string();
            match reply::<R>(rank, &tier, &bytes) {
                Ok(report) => {
                    schedule.finished(&job);
                    done(&tier, report);
                }
                Err(e) => {
                    failure.get_or_insert(e);
                }
            }
        }
        self.stop_all();
        failure
    }

    /// Ranks 1 to K-1: runs `work` on each tier rank 0 sends, on a thread
    /// of its own while this one listens for rank 0's word to drop it
    /// (which sets the flag `work` is given), sending back its answer,
    /// until rank 0 says stop.
    ///
    /// # Errors
    /// Kind `interrupted` when a signal was caught and rank 0 said nothing
    /// for [`GRACE`]; kind `io` for a message this program does not send.
    fn serve<W>(&self, stop: &Interrupt, work: W) -> Result<()>
    where
        W: Fn(&str, &AtomicBool) -> serde_json::Value + Sync,
    {
        let root = self.world.process_at_rank(0);
        let mut waiting_since = None;
        loop {
            let Some((message, status)) = root.immediate_matched_probe() else {
                if stop.caught().is_some() && waiting_since.get_or_insert_with(Instant::now).elapsed() > GRACE
                {
                    return Err(stop
                        .error(&format!(": rank {} heard nothing from rank 0 since", self.rank))
                        .unwrap_or_else(|| CliError::new(Kind::Io, "--mpi: no word from rank 0")));
                }
                std::thread::sleep(POLL);
                continue;
            };
            let tag = status.tag();
            let (bytes, _) = (message, status).matched_receive_vec::<u8>();
            match tag {
                STOP => return Ok(()),
                // Rank 0's word to drop a tier that was finished already.
                CANCEL => {}
                TIER => {
                    let tier = String::from_utf8_lossy(&bytes).into_owned();
                    let cancel = AtomicBool::new(false);
                    let answer = std::thread::scope(|s| {
                        let running = s.spawn(|| work(&tier, &cancel));
                        while !running.is_finished() {
                            if let Some(word) = root.immediate_matched_probe_with_tag(CANCEL) {
                                let _ = word.matched_receive_vec::<u8>();
                                cancel.store(true, Ordering::SeqCst);
                            }
                            std::thread::sleep(POLL);
                        }
                        running.join()
                    });
                    let answer = answer.unwrap_or_else(|_| {
                        let what = format!("rank {}: the work on the tier failed (a panic)", self.rank);
                        answer_of::<()>(&tier, Err(CliError::new(Kind::Engine, what)))
                    });
                    root.send_with_tag(&serde_json::to_vec(&answer)?[..], REPORT);
                }
                _ => {
                    let what =
                        format!("--mpi: rank {}: a message of unknown tag {tag} from rank 0", self.rank);
                    return Err(CliError::new(Kind::Io, what));
                }
            }
        }
    }
}

impl Drop for World {
    /// Rank 0 leaving early (an error before the scheduling) still lets
    /// the other ranks end.
    fn drop(&mut self) {
        self.stop_all();
    }
}

/// What a rank sends rank 0 of `tier`: `{"tier", "report"}` or `{"tier",
/// "error": {"kind", "message"}}`.
fn answer_of<R: Serialize>(tier: &str, result: Result<R>) -> serde_json::Value {
    match result {
        Ok(report) => serde_json::json!({ "tier": tier, "report": report }),
        Err(e) => {
            serde_json::json!({ "tier": tier, "error": { "kind": e.kind.name(), "message": e.message } })
        }
    }
}

/// The report of `tier` that `rank` sent as `bytes`, or its error with the
/// tier named, of the kind it reported (kind `resources` for a rank
/// stopped by a signal that rank 0 did not catch, `io` for a message that
/// does not read).
fn reply<R: DeserializeOwned>(rank: Rank, tier: &str, bytes: &[u8]) -> Result<R> {
    let unread = |what: String| CliError::new(Kind::Io, format!("--mpi: rank {rank}, tier {tier}: {what}"));
    let json: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| unread(format!("{e}")))?;
    if json["tier"] != tier {
        return Err(unread(format!("a report of tier {}", json["tier"])));
    }
    if let Ok(report) = serde_json::from_value::<R>(json["report"].clone()) {
        return Ok(report);
    }
    let error = &json["error"];
    let message = error["message"].as_str().ok_or_else(|| unread("neither a report nor an error".into()))?;
    let kind = match error["kind"].as_str().and_then(Kind::named) {
        Some(kind) => kind,
        // Stopped by a signal sent to it alone (or an error of a kind this
        // program does not name): the machine's doing, with its words.
        None => return Err(CliError::new(Kind::Resources, format!("tier {tier}: rank {rank}: {message}"))),
    };
    Err(CliError::new(kind, format!("tier {tier}: {message}")))
}

/// `tablebase build --max-pieces N --mpi`: the tiers of `plan` built on
/// the ranks of the job, rank 0 scheduling and printing the report of
/// `--workers`; the other ranks print nothing.
///
/// # Errors
/// On rank 0, as [`super::workers::Workers::run`]: the first rank's error
/// once the tiers in flight have finished, kind `interrupted` on a signal.
pub(super) fn build<V: VariantDescriptor>(
    mut build: Build<'_>,
    v: &V,
    support: &TablebaseSupport<V::Position>,
    plan: &Plan,
    stop: &Arc<Interrupt>,
    progress: &BuildProgress,
    started: Instant,
) -> Result<()> {
    let mut world = build.mpi.take().ok_or_else(no_job)?;
    let dir = build.dir.clone();
    let options = BuildOptions {
        threads: threads_per_child(build.threads, world.solvers),
        memory: build.memory_mib.map(|m| m.saturating_mul(1 << 20)),
        rebuild: build.rebuild,
        // A tier another build holds is waited for, then its file kept.
        wait: true,
        chunk_indices: Some(build.chunk_indices),
    };
    let job = |tier: &str, cancel: &AtomicBool| -> Result<BuiltTierJson> {
        let job: Job = tier.parse().map_err(|e| CliError::new(Kind::Io, format!("--mpi: {e}")))?;
        (support.build_tier)(&job, &dir, &options, &RankProgress { stop, cancel })
            .map(|r| BuiltTierJson::from(&r))
            .map_err(|e| build_error(e, &dir, stop, true))
    };
    if world.rank != 0 {
        progress.finish();
        return world.serve(stop, |tier, cancel| answer_of(tier, job(tier, cancel)));
    }
    // Rank 0 alone clears the damaged files a rebuild replaces.
    let cleared =
        build.remove_damaged(&plan.tiers.iter().map(|t| t.name.clone()).collect::<Vec<_>>(), progress);
    let log = build.log.as_deref().map(TierLog::open).transpose();
    let tiers = cleared.and(log).and_then(|log| {
        let front = Front {
            dir: &dir,
            rebuild: build.rebuild,
            log: log.as_ref(),
            name: ranks(world.size),
            variant: v.id(),
            scheme: support.scheme.clone(),
        };
        front.run(plan, stop, progress, |schedule, done| world.schedule(schedule, stop, job, done))
    });
    world.stop_all();
    progress.finish();
    drop(world);
    build.report(v, tiers?, started)
}

/// The error of a command asked to run on MPI without its job (a slip of
/// this program: the command line starts the job).
fn no_job() -> CliError {
    CliError::new(Kind::Io, "--mpi: the MPI job was not started")
}

/// The progress bar's name for a job of `size` ranks.
fn ranks(size: Rank) -> String {
    format!("{size} MPI ranks")
}

/// `tablebase verify DIR --mpi`: every tier of the folder verified on the
/// ranks of the job, the largest first, rank 0 printing the report one
/// process gives (`workers`: the ranks that verified).
///
/// # Errors
/// On rank 0, as `verify --workers`: the folder's checks, the first
/// rank's error, kind `interrupted` on a signal, kind `tablebase` after
/// the report when a tier does not verify clean.
pub(super) fn verify<V: VariantDescriptor>(
    mut verify: Verify<'_>,
    v: &V,
    support: &TablebaseSupport<V::Position>,
) -> Result<()> {
    let started = Instant::now();
    let mut world = verify.mpi.take().ok_or_else(no_job)?;
    let stop = Arc::new(Interrupt::catch(|_| {})?);
    let dir = verify.folder.dir();
    let threads = threads_per_child(verify.threads, world.solvers);
    let job = |tier: &str, cancel: &AtomicBool| -> Result<VerifiedTierJson> {
        let found = (support.verify)(dir, Some(tier), threads, &RankProgress { stop: &stop, cancel })
            .map_err(|e| super::verify::interrupted(&stop).unwrap_or_else(|| tablebase_error(e)))?;
        found.iter().find(|t| t.tier == tier).map(VerifiedTierJson::from).ok_or_else(|| {
            CliError::new(Kind::Io, format!("tier {tier}: its verification gave no report of it"))
        })
    };
    if world.rank != 0 {
        return world.serve(&stop, |tier, cancel| answer_of(tier, job(tier, cancel)));
    }
    // As stats says: a clean verification of a folder without its
    // manifest cannot tell a missing tier.
    if let Some(warning) = manifest_warning(verify.folder) {
        eprintln!("warning: {warning}");
    }
    let progress = BuildProgress::new(verify.json).with_stop(Arc::clone(&stop));
    let tiers = schedule_verify(&mut world, verify.folder, support, &stop, &progress, job);
    world.stop_all();
    progress.finish();
    verify.workers = Some((world.size.max(2) - 1) as usize);
    drop(world);
    if let Some(e) = super::verify::interrupted(&stop) {
        return Err(e);
    }
    verify.report(v, tiers?, started)
}

/// Rank 0 of `verify --mpi`: every file checked first (of the variant,
/// listed in the manifest, whole, its dependencies there), then the
/// reports of every tier, in the order one process gives them.
fn schedule_verify<G: lapilli_game::Game>(
    world: &mut World,
    folder: &TablebaseFolder,
    support: &TablebaseSupport<G>,
    stop: &Interrupt,
    progress: &BuildProgress,
    job: impl Fn(&str, &AtomicBool) -> Result<VerifiedTierJson>,
) -> Result<Vec<VerifiedTierJson>> {
    (support.open)(folder).map_err(tablebase_error)?;
    let plan = verify_plan(folder);
    let mut schedule = Schedule::new(&plan, |_| false);
    lapilli_tablebase::Progress::start_tier(progress, &ranks(world.size), plan.total_indices);
    let total = plan.tiers.len();
    let mut reports: Vec<VerifiedTierJson> = Vec::new();
    let failure = world.schedule(&mut schedule, stop, job, |tier, report: VerifiedTierJson| {
        lapilli_tablebase::Progress::advance(progress, report.entries);
        progress.println(verified_line(tier, &report, reports.len() + 1, total));
        reports.push(report);
    });
    if let Some(e) = failure {
        return Err(e);
    }
    in_report_order(&plan, &mut reports);
    Ok(reports)
}
