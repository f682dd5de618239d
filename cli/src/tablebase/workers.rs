//! `lapilli tablebase build --workers N`: the tier graph run on N child
//! processes of this program, each building one tier (`--tier`) from the
//! files of its dependencies, ready tiers longest path first
//! ([`Schedule`]). The files are the ground truth: a tier whose file is in
//! the folder, whole and listed in its manifest, is not built again, so a
//! build run again after a kill redoes only the tiers that were in flight.
//! The loop over the child processes ([`run_children`]) is shared with
//! `lapilli tablebase verify --workers N`, whose tiers are all ready at
//! once.

use super::build::BuiltTierJson;
use super::*;
use crate::interrupt::Interrupt;
use crate::progress::BuildProgress;
use lapilli_tablebase::{Job, Plan, Schedule, TierFile};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::process::{Child, Command, Output, Stdio};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often the scheduler looks at its workers.
const POLL: Duration = Duration::from_millis(20);

/// A scheduled build's settings.
pub struct Workers<'a> {
    /// Child processes at once (at least 1).
    pub workers: usize,
    /// The game and its variant options as command-line words, e.g.
    /// `["six-mens-morris", "--flying"]`.
    pub game_args: &'a [String],
    /// The variant id the workers must report building (the files'
    /// variant).
    pub variant: String,
    /// The index scheme of the files.
    pub scheme: String,
    /// The folder.
    pub dir: &'a Path,
    /// Threads per child; 0 for the cores shared out among the children.
    pub threads: usize,
    /// The memory budget per child, MiB.
    pub memory_mib: Option<u64>,
    /// Solve every tier again.
    pub rebuild: bool,
    /// The most indices of a chunk (`--chunk-indices`).
    pub chunk_indices: u64,
    /// The log a line per tier finished goes to (`--log`).
    pub log: Option<&'a super::TierLog>,
}

/// One child at work: its tier, its process, and the threads that read
/// its standard output and error as it writes them (a child whose pipe is
/// full would wait for its reader forever).
struct Running {
    job: Job,
    child: Child,
    stdout: Drain,
    stderr: Drain,
}

/// A thread reading a child's pipe to its end.
type Drain = Option<JoinHandle<Vec<u8>>>;

/// Starts a thread that reads `pipe` to its end (what it read until a
/// read error).
///
/// # Errors
/// Kind `resources` when the system will not start the thread.
fn drain(pipe: Option<impl Read + Send + 'static>, tier: &str) -> Result<Drain> {
    let Some(mut pipe) = pipe else { return Ok(None) };
    let reader = std::thread::Builder::new().name(format!("worker {tier} pipe")).spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    });
    reader.map(Some).map_err(|e| {
        CliError::new(
            Kind::Resources,
            format!("--workers: cannot start a thread to read the worker of tier {tier}: {e}"),
        )
    })
}

/// What a drain thread read (nothing if it had no pipe or panicked).
fn drained(d: Drain) -> Vec<u8> {
    d.and_then(|h| h.join().ok()).unwrap_or_default()
}

/// Starts `command`'s process for `tier` with its pipes drained.
///
/// # Errors
/// Kind `resources` when the process or a thread cannot be started (a
/// process started whose pipes cannot be read is killed and waited for).
fn start(mut command: Command, job: &Job) -> Result<Running> {
    let tier = &job.to_string();
    let mut child = command.spawn().map_err(|e| {
        CliError::new(Kind::Resources, format!("--workers: cannot start a worker for tier {tier}: {e}"))
    })?;
    let drains =
        drain(child.stdout.take(), tier).and_then(|out| Ok((out, drain(child.stderr.take(), tier)?)));
    match drains {
        Ok((stdout, stderr)) => Ok(Running { job: job.clone(), child, stdout, stderr }),
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            Err(e)
        }
    }
}

/// The tiers of `dir` that need no work: files whose header names their
/// tier, read whole (checksum), and listed as they are in the folder's
/// manifest. A file the manifest does not list goes to a worker, which
/// checks it, keeps it and lists it.
///
/// # Errors
/// As [`TablebaseFolder::open`]; a file of another variant than
/// `variant` or of another index scheme than `scheme`, or that does not
/// pass its checksum (kind `tablebase`: remove it or build with
/// --rebuild).
fn finished_tiers(dir: &Path, variant: &str, scheme: &str) -> Result<BTreeSet<String>> {
    let mut finished = BTreeSet::new();
    if !dir.is_dir() {
        return Ok(finished);
    }
    let folder = list_folder(dir)?;
    // Every table there must be of the variant asked for, in this
    // version's index scheme, as a build in one process checks: kept
    // otherwise, they would answer for another game.
    for f in folder.files() {
        let h = &f.header;
        if h.variant != variant {
            return Err(tablebase_error(lapilli_tablebase::TablebaseError::Mismatch {
                path: f.path.clone(),
                found: format!("variant {:?}", h.variant),
                expected: format!("variant {variant:?}"),
            }));
        }
        if h.scheme != scheme {
            return Err(tablebase_error(lapilli_tablebase::TablebaseError::OtherScheme {
                path: f.path.clone(),
                found: h.scheme.clone(),
                expected: scheme.to_string(),
            }));
        }
    }
    let ManifestState::Present(manifest) = folder.manifest() else { return Ok(finished) };
    for f in folder.files() {
        if f.listed_in(manifest) {
            f.verify().map_err(tablebase_error)?;
            finished.insert(f.header.tier.clone());
        }
    }
    Ok(finished)
}

impl Workers<'_> {
    /// The command line of the worker for `job`, a tier or a chunk of one
    /// ([`Job`]'s text).
    fn command(&self, job: &str) -> Result<Command> {
        let job: Job = job.parse().map_err(|e| CliError::new(Kind::Io, format!("--workers: {e}")))?;
        let mut c = child_command()?;
        c.args(["tablebase", "build"]).args(self.game_args).args(["--tier", &job.tier]);
        if let Some(chunk) = job.chunk {
            c.args(["--chunk", &chunk.to_string()]);
        }
        c.args(["--chunk-indices", &self.chunk_indices.to_string(), "--json", "--out"]);
        c.arg(self.dir);
        c.args(["--threads", &threads_per_child(self.threads, self.workers).to_string()]);
        if let Some(m) = self.memory_mib {
            c.args(["--memory", &m.to_string()]);
        }
        if self.rebuild {
            c.arg("--rebuild");
        }
        // A tier another build holds (a second scheduler on the folder, a
        // worker of a scheduler that was killed) is waited for, then its
        // file kept.
        c.arg("--wait");
        Ok(c)
    }

    /// Runs `plan` on the workers; returns a report per tier, in the order
    /// they finished (those already finished first, in plan order), and
    /// the tiers solved now. `progress` shows the indices of the plan
    /// done (the tiers kept count at once), and a line per tier finished.
    ///
    /// # Errors
    /// The first worker's error, of its kind, once the workers running
    /// then have finished (no tier is left half-written); kind
    /// `interrupted` when `stop` catches a signal (the workers are sent
    /// SIGTERM and drop their tiers).
    pub fn run(&self, plan: &Plan, stop: &Interrupt, progress: &BuildProgress) -> Result<Vec<BuiltTierJson>> {
        let front = Front {
            dir: self.dir,
            rebuild: self.rebuild,
            log: self.log,
            name: format!("{} workers", self.workers),
            variant: self.variant.clone(),
            scheme: self.scheme.clone(),
        };
        front.run(plan, stop, progress, |schedule, done| {
            run_children(
                self.workers,
                schedule,
                stop,
                |tier| self.command(tier),
                |tier, out| worker_result(tier, &self.variant, out),
                done,
            )
        })
    }
}

/// What a scheduled build (`--workers`, `--mpi`) does around the handing
/// out of its tiers: the tiers finished already kept, the folder made,
/// the progress and its line per tier, the log, and the error of a
/// signal.
pub(super) struct Front<'a> {
    /// The folder.
    pub dir: &'a Path,
    /// Solve every tier again.
    pub rebuild: bool,
    /// The log a line per tier finished goes to (`--log`).
    pub log: Option<&'a super::TierLog>,
    /// What the progress bar calls the build, e.g. `2 workers`.
    pub name: String,
    /// The variant id of the tables (the files' headers).
    pub variant: String,
    /// Their index scheme.
    pub scheme: String,
}

impl Front<'_> {
    /// Runs `plan` through `hand_out`, which hands the ready tiers of the
    /// schedule it is given to its workers and gives each report to the
    /// callback until every tier is done or no more can start, and returns
    /// its first error. Returns a report per tier, those already finished
    /// first (in plan order), then in the order they finished.
    ///
    /// # Errors
    /// `hand_out`'s error; kind `interrupted` when `stop` caught a signal
    /// (the tiers complete named); kind `io` for a folder that cannot be
    /// made or a log that cannot be written; as [`finished_tiers`].
    pub fn run(
        &self,
        plan: &Plan,
        stop: &Interrupt,
        progress: &BuildProgress,
        hand_out: impl FnOnce(&mut Schedule, &mut dyn FnMut(&str, BuiltTierJson)) -> Option<CliError>,
    ) -> Result<Vec<BuiltTierJson>> {
        let finished = if self.rebuild {
            BTreeSet::new()
        } else {
            finished_tiers(self.dir, &self.variant, &self.scheme)?
        };
        std::fs::create_dir_all(self.dir).map_err(|e| {
            CliError::new(Kind::Io, format!("--out: cannot create the folder: {}: {e}", self.dir.display()))
        })?;
        let mut schedule = Schedule::new(plan, |t| finished.contains(t));
        let mut reports = Vec::new();
        if !finished.is_empty() {
            let folder = list_folder(self.dir)?;
            for t in plan.tiers.iter().filter(|t| finished.contains(&t.name)) {
                if let Some(f) = folder.files().iter().find(|f| f.header.tier == t.name) {
                    reports.push(kept(&t.name, &f.header));
                }
            }
        }
        lapilli_tablebase::Progress::start_tier(progress, &self.name, plan.total_indices);
        let total = plan.tiers.len();
        let mut log_error = None;
        let mut log = |report: &BuiltTierJson| {
            if let Some(Err(e)) = self.log.map(|l| l.write(report)) {
                log_error.get_or_insert(e);
            }
        };
        for r in &reports {
            lapilli_tablebase::Progress::advance(progress, r.entries);
            log(r);
        }
        // The time of each chunked tier's chunks, added to the tier's.
        let mut chunk_millis: BTreeMap<String, u64> = BTreeMap::new();
        let failure = hand_out(&mut schedule, &mut |job, mut report: BuiltTierJson| {
            let how = if report.reused { "kept".to_string() } else { format!("{} ms", report.millis) };
            if let Some((tier, chunk)) = job.split_once(':') {
                // A chunk: its indices are done; the tier is not.
                lapilli_tablebase::Progress::advance(progress, report.entries);
                *chunk_millis.entry(tier.to_string()).or_default() += report.millis;
                progress
                    .println(format!("{tier:>12}: chunk {chunk}, {} positions ({how})", report.positions));
                log(&report);
                return;
            }
            match chunk_millis.remove(job) {
                // Its chunks put together: their time is the tier's.
                Some(millis) => {
                    report.millis += millis;
                    report.positions_per_second = if report.millis == 0 {
                        0.0
                    } else {
                        (report.positions as f64 * 1000.0 / report.millis as f64).round()
                    };
                }
                None => lapilli_tablebase::Progress::advance(progress, report.entries),
            }
            let how = if report.reused { "kept".to_string() } else { format!("{} ms", report.millis) };
            let done = reports.len() + 1;
            progress.println(format!(
                "{job:>12}: {} positions ({how}), {done} of {total} tiers",
                report.positions
            ));
            log(&report);
            reports.push(report);
        });
        let failure = failure.or(log_error);
        if let Some(signal) = stop.caught() {
            let complete: Vec<String> = reports.iter().map(|r| r.tier.clone()).collect();
            return Err(super::build::interrupted(self.dir, signal, &complete, total, true));
        }
        match failure {
            Some(e) => Err(e),
            None => Ok(reports),
        }
    }
}

/// A command running this program as a worker: no standard input, its
/// standard output (one JSON report) and error piped back (its error is
/// said once, by the scheduler, from its report), in a process group of
/// its own.
///
/// # Errors
/// Kind `io` when this program cannot be found.
pub(super) fn child_command() -> Result<Command> {
    let exe = std::env::current_exe()
        .map_err(|e| CliError::new(Kind::Io, format!("--workers: cannot find this program to run: {e}")))?;
    let mut c = Command::new(exe);
    c.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    std::os::unix::process::CommandExt::process_group(&mut c, 0);
    Ok(c)
}

/// The threads of each of `workers` children given `--threads threads`
/// (0: the cores shared out among them).
pub(super) fn threads_per_child(threads: usize, workers: usize) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()).div_ceil(workers),
        n => n,
    }
}

/// Runs the tiers `schedule` hands out on at most `workers` child
/// processes at once, each started by `command` with its tier's name, the
/// ready tier with the longest path to the end first, until every tier is
/// finished or no more can start: the machinery of `build --workers` and
/// `verify --workers`. When a child ends, `ended` turns what it wrote and
/// its exit status into its tier's report (or error); a report marks the tier finished in `schedule` and
/// goes to `done`. Returns the first error; a worker that cannot be
/// started, or an error, stops the scheduling, and the children running
/// then finish first. When `stop` catches a signal, the children running
/// are sent SIGTERM (each runs in its own process group, so a signal from
/// the terminal reaches this process alone) and waited for; the caller
/// asks `stop` what was caught.
pub(super) fn run_children<R>(
    workers: usize,
    schedule: &mut Schedule,
    stop: &Interrupt,
    command: impl Fn(&str) -> Result<Command>,
    mut ended: impl FnMut(&str, Output) -> Result<R>,
    mut done: impl FnMut(&str, R),
) -> Option<CliError> {
    let mut running: Vec<Running> = Vec::new();
    let mut failure: Option<CliError> = None;
    let mut stopping = false;
    loop {
        if stop.caught().is_some() && !stopping {
            stopping = true;
            for r in &running {
                let pid = nix::unistd::Pid::from_raw(r.child.id() as i32);
                let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGTERM);
            }
        }
        while failure.is_none() && !stopping && running.len() < workers {
            let Some(job) = schedule.next_ready() else { break };
            // A worker that does not start stops the scheduling; those
            // running finish their tiers first.
            match command(&job.to_string()).and_then(|c| start(c, &job)) {
                Ok(r) => running.push(r),
                Err(e) => failure = Some(e),
            }
        }
        if running.is_empty() {
            break;
        }
        std::thread::sleep(POLL);
        let mut i = 0;
        while i < running.len() {
            let status = match running[i].child.try_wait() {
                Ok(None) => {
                    i += 1;
                    continue;
                }
                Ok(Some(status)) => Ok(status),
                Err(e) => {
                    let what = format!("--workers: the worker of tier {}: {e}", running[i].job);
                    // Not to be waited for again: killed, then reaped.
                    let _ = running[i].child.kill();
                    running[i].child.wait().map_err(|_| CliError::new(Kind::Io, what))
                }
            };
            let Running { job, child: _, stdout, stderr } = running.swap_remove(i);
            let tier = job.to_string();
            let output =
                status.map(|status| Output { status, stdout: drained(stdout), stderr: drained(stderr) });
            match output.and_then(|out| ended(&tier, out)) {
                Ok(report) => {
                    schedule.finished(&job);
                    done(&tier, report);
                }
                Err(e) => {
                    failure.get_or_insert(e);
                }
            }
        }
    }
    failure
}

/// The report of a tier whose file was kept.
fn kept(tier: &str, header: &TierFile) -> BuiltTierJson {
    let report = lapilli_tablebase::TierReport {
        tier: tier.into(),
        file: header.clone(),
        millis: 0,
        memory: 0,
        reused: true,
    };
    BuiltTierJson::from(&report)
}

/// What the worker of `tier` reported when it ended: its tier's report,
/// or its error with the tier named ([`worker_error`]; kind `tablebase`
/// for one that built another variant than `variant`).
fn worker_result(tier: &str, variant: &str, out: Output) -> Result<BuiltTierJson> {
    let json: Option<serde_json::Value> = serde_json::from_slice(&out.stdout).ok();
    if out.status.success() {
        if let Some(other) = json.as_ref().and_then(|j| j["variant"].as_str()).filter(|v| *v != variant) {
            return Err(CliError::new(
                Kind::Tablebase,
                format!("tier {tier}: the worker built tables of {other:?}, not of {variant:?}"),
            ));
        }
        let report = json
            .and_then(|j| serde_json::from_value::<BuiltTierJson>(j["tiers"][0].clone()).ok())
            .filter(|r| r.tier == tier);
        return report.ok_or_else(|| {
            CliError::new(Kind::Io, format!("--workers: the worker of tier {tier} gave no report of it"))
        });
    }
    Err(worker_error(tier, json.as_ref(), &out))
}

/// What to do after a worker was killed.
const AGAIN: &str =
    " (killed, or out of memory?); run the same build again: it keeps the tiers and chunks complete";

/// The error of the worker of `tier` that ended without its tier's report
/// (`json`: its standard output, read as JSON), with the tier named: of
/// the kind it reported; kind `resources` for a worker killed, stopped by
/// a signal of its own or crashed (the machine's doing), with its own
/// words if it said any (its JSON's message, else the last line of its
/// standard error); kind `io` for one that ended well with no report.
pub(super) fn worker_error(tier: &str, json: Option<&serde_json::Value>, out: &Output) -> CliError {
    let error = json.map(|j| &j["error"]);
    let reported = error.and_then(|e| Some((Kind::named(e["kind"].as_str()?)?, e["message"].as_str()?)));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last_line = stderr.lines().rev().map(str::trim).find(|l| !l.is_empty());
    let said = error.and_then(|e| e["message"].as_str()).or(last_line);
    let (kind, message) = match (reported, said) {
        (Some((kind, message)), _) => (kind, message.to_string()),
        (None, _) if out.status.success() => (Kind::Io, "the worker gave no report of it".to_string()),
        // Stopped by a signal someone sent it alone (its own report says
        // so, of the kind `interrupted` this process was not): the
        // machine's doing, with its words.
        (None, Some(said)) => {
            (Kind::Resources, format!("the worker ended with {}: {said}{AGAIN}", out.status))
        }
        // Killed or crashed before it could say why.
        (None, None) => {
            (Kind::Resources, format!("the worker ended with {} and no report{AGAIN}", out.status))
        }
    };
    CliError::new(kind, format!("tier {tier}: {message}"))
}
