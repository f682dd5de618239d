//! `lapilli tablebase verify`: a finished folder of tables checked one ply
//! deep, every stored value re-derived from its successors' (Malom's
//! check), on this process or on worker processes, one tier each.

use super::workers::{child_command, run_children, threads_per_child, worker_error};
use super::*;
use crate::interrupt::Interrupt;
use lapilli_tablebase::{CriticalPath, Mismatch, Plan, PlannedTier, Schedule, TierVerification};
use std::process::Output;
use std::sync::Arc;

/// `lapilli tablebase verify` with its options.
pub struct Verify<'o> {
    /// The folder, listed.
    pub folder: &'o TablebaseFolder,
    /// The one tier to verify, by name.
    pub tier: Option<String>,
    /// Child processes to verify the tiers on (`--workers`), `None` for
    /// this process alone.
    pub workers: Option<usize>,
    /// The MPI job to verify on (`--mpi`): rank 0 hands out the tiers,
    /// the others verify them.
    pub mpi: Option<super::mpi::World>,
    /// Worker threads (per process with `workers`), 0 for one per core.
    pub threads: usize,
    /// JSON output (and no progress bar).
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

/// A value of `lapilli tablebase verify --json`: `{"value": "win" | "loss"
/// | "draw", "dtm": plies or null}`.
#[derive(Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct ValueJson {
    /// `win`, `loss` or `draw`, for the side to move.
    pub value: String,
    /// The distance to mate, plies (null for a draw).
    pub dtm: Option<u32>,
}

impl From<Value> for ValueJson {
    fn from(v: Value) -> ValueJson {
        ValueJson { value: v.wdl().to_string(), dtm: v.plies() }
    }
}

/// One mismatch of `lapilli tablebase verify --json`.
#[derive(Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct MismatchJson {
    /// The index in its tier.
    pub index: u64,
    /// The position at the index, in position text (null for an index
    /// without a position).
    pub position: Option<String>,
    /// The value stored (null: stored as unused).
    pub stored: Option<ValueJson>,
    /// The value its successors give (null: the index has no position,
    /// or a successor's entry is unused).
    pub derived: Option<ValueJson>,
}

impl From<&Mismatch> for MismatchJson {
    fn from(m: &Mismatch) -> MismatchJson {
        MismatchJson {
            index: m.index,
            position: m.position.clone(),
            stored: m.stored.map(ValueJson::from),
            derived: m.derived.map(ValueJson::from),
        }
    }
}

/// One tier of `lapilli tablebase verify --json`.
#[derive(Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct VerifiedTierJson {
    /// The tier's name.
    pub tier: String,
    /// Indices checked: every index of the tier, slack included.
    pub entries: u64,
    /// Of those, the indices with a position, whose values were derived.
    pub positions: u64,
    /// Indices whose stored entry differs from the derived one.
    pub mismatch_count: u64,
    /// The first of them, in index order (at most 20).
    pub mismatches: Vec<MismatchJson>,
    /// Whether the header's counts are those of the entries.
    pub counts_agree: bool,
    /// Wall time, milliseconds.
    pub millis: u64,
}

impl From<&TierVerification> for VerifiedTierJson {
    fn from(t: &TierVerification) -> VerifiedTierJson {
        VerifiedTierJson {
            tier: t.tier.clone(),
            entries: t.entries,
            positions: t.positions,
            mismatch_count: t.mismatch_count,
            mismatches: t.mismatches.iter().map(MismatchJson::from).collect(),
            counts_agree: t.counts_agree,
            millis: t.millis,
        }
    }
}

/// `lapilli tablebase verify --json`.
#[derive(Serialize, Debug)]
pub struct VerifyJson {
    /// The game's name.
    pub game: &'static str,
    /// The variant as the files name it.
    pub variant: String,
    /// The folder.
    pub dir: String,
    /// Each tier verified, largest first (file-name order among equals).
    pub tiers: Vec<VerifiedTierJson>,
    /// Indices checked, all tiers.
    pub entries: u64,
    /// Positions re-derived (indices with a position), all tiers.
    pub positions: u64,
    /// Mismatches, all tiers.
    pub mismatches: u64,
    /// Whether every tier verified clean (no mismatch, counts agree).
    pub clean: bool,
    /// Worker processes (null: this process alone).
    pub workers: Option<usize>,
    /// Wall time, milliseconds.
    pub millis: u64,
}

impl GameVisitor for Verify<'_> {
    type Output = Result<()>;

    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let support = support(&v, "tablebase verify")?;
        if self.mpi.is_some() {
            return super::mpi::verify(self, &v, &support);
        }
        let dir = self.folder.dir();
        // As stats says: a clean verification of a folder without its
        // manifest cannot tell a missing tier (the workers' `--tier` runs
        // leave it to their scheduler).
        if let Some(warning) = manifest_warning(self.folder).filter(|_| self.tier.is_none()) {
            eprintln!("warning: {warning}");
        }
        let started = Instant::now();
        let stop = Arc::new(Interrupt::catch(|_| {})?);
        let progress = BuildProgress::new(self.json).with_stop(Arc::clone(&stop));
        let tiers = match self.workers {
            None => {
                let found = (support.verify)(dir, self.tier.as_deref(), self.threads, &progress);
                progress.finish();
                match found {
                    Ok(tiers) => tiers.iter().map(VerifiedTierJson::from).collect(),
                    Err(e) => return Err(interrupted(&stop).unwrap_or_else(|| tablebase_error(e))),
                }
            }
            Some(workers) => {
                // Every file checked before any worker starts: of the
                // variant, listed in the manifest, whole, its dependencies
                // there.
                (support.open)(self.folder).map_err(tablebase_error)?;
                let tiers = self.on_workers(workers, &stop, &progress);
                progress.finish();
                if let Some(e) = interrupted(&stop) {
                    return Err(e);
                }
                tiers?
            }
        };
        self.report(&v, tiers, started)
    }
}

/// The error of a verification stopped by a signal `stop` caught, if any.
pub(super) fn interrupted(stop: &Interrupt) -> Option<CliError> {
    let signal = stop.caught()?;
    Some(CliError::new(Kind::Interrupted(signal), format!("interrupted by {signal}: verification stopped")))
}

impl Verify<'_> {
    /// Every tier of the folder verified on `workers` child processes
    /// (`verify --tier`), largest first; the reports in the order one
    /// process gives them (largest first, file-name order among equals).
    fn on_workers(
        &self,
        workers: usize,
        stop: &Interrupt,
        progress: &BuildProgress,
    ) -> Result<Vec<VerifiedTierJson>> {
        let dir = self.folder.dir();
        let plan = verify_plan(self.folder);
        let mut schedule = Schedule::new(&plan, |_| false);
        let total_indices = plan.total_indices;
        lapilli_tablebase::Progress::start_tier(progress, &format!("{workers} workers"), total_indices);
        let total = plan.tiers.len();
        let threads = threads_per_child(self.threads, workers);
        let mut reports: Vec<VerifiedTierJson> = Vec::new();
        let command = |tier: &str| -> Result<std::process::Command> {
            let mut c = child_command()?;
            c.args(["tablebase", "verify"]).arg(dir).args(["--tier", tier, "--json"]);
            c.args(["--threads", &threads.to_string()]);
            Ok(c)
        };
        let failure = run_children(workers, &mut schedule, stop, command, verify_result, |tier, report| {
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

    /// Prints the report; an error of kind `tablebase` (after the report)
    /// when a tier did not verify clean.
    pub(super) fn report<V: VariantDescriptor>(
        self,
        v: &V,
        tiers: Vec<VerifiedTierJson>,
        started: Instant,
    ) -> Result<()> {
        let report = VerifyJson {
            game: v.name(),
            variant: v.id(),
            dir: self.folder.dir().display().to_string(),
            entries: tiers.iter().map(|t| t.entries).sum(),
            positions: tiers.iter().map(|t| t.positions).sum(),
            mismatches: tiers.iter().map(|t| t.mismatch_count).sum(),
            clean: tiers.iter().all(|t| t.mismatch_count == 0 && t.counts_agree),
            tiers,
            workers: self.workers,
            millis: started.elapsed().as_millis() as u64,
        };
        let failed: Vec<&str> = report
            .tiers
            .iter()
            .filter(|t| t.mismatch_count > 0 || !t.counts_agree)
            .map(|t| t.tier.as_str())
            .collect();
        let error = (!report.clean).then(|| {
            CliError::new(
                Kind::Tablebase,
                format!(
                    "{}: {} in {} of {} tiers ({}): stored values that their successors do not give{}",
                    report.dir,
                    crate::report::count(report.mismatches, "mismatch", "mismatches"),
                    failed.len(),
                    report.tiers.len(),
                    failed.join(", "),
                    if report.tiers.iter().any(|t| !t.counts_agree) {
                        ", or header counts that are not those of the entries"
                    } else {
                        ""
                    }
                ),
            )
        });
        let out = self.out;
        if self.json {
            if let Some(e) = error {
                return Err(e.with_report(serde_json::to_value(&report)?));
            }
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        writeln!(out, "{}: tables in {} verified one ply deep", v.title(), report.dir)?;
        writeln!(
            out,
            "{:<10} {:>12} {:>12} {:>10} {:>7} {:>9}",
            "tier", "entries", "positions", "mismatches", "counts", "ms"
        )?;
        for t in &report.tiers {
            let counts = if t.counts_agree { "agree" } else { "differ" };
            writeln!(
                out,
                "{:<10} {:>12} {:>12} {:>10} {:>7} {:>9}",
                t.tier, t.entries, t.positions, t.mismatch_count, counts, t.millis
            )?;
        }
        for t in report.tiers.iter().filter(|t| t.mismatch_count > 0) {
            let shown = t.mismatches.len() as u64;
            let more = if shown < t.mismatch_count { format!(" (the first {shown})") } else { String::new() };
            writeln!(out, "mismatches in {}{more}:", t.tier)?;
            let value = |v: &Option<ValueJson>| match v {
                None => "unused".to_string(),
                Some(v) => match v.dtm {
                    Some(d) => format!("{} in {}", v.value, plies(d)),
                    None => v.value.clone(),
                },
            };
            for m in &t.mismatches {
                // Nothing derives for a position one of whose successors
                // is stored as unused.
                let derived = match (&m.derived, &m.position) {
                    (None, Some(_)) => "nothing (a successor is stored as unused)".to_string(),
                    (derived, _) => value(derived),
                };
                writeln!(
                    out,
                    "  index {}: {}: stored {}, derived {}",
                    m.index,
                    m.position.as_deref().unwrap_or("(no position)"),
                    value(&m.stored),
                    derived
                )?;
            }
        }
        writeln!(
            out,
            "{}, {} indices checked ({} positions derived), {}, {} ms{}",
            crate::report::count(report.tiers.len() as u64, "tier", "tiers"),
            report.entries,
            report.positions,
            crate::report::count(report.mismatches, "mismatch", "mismatches"),
            report.millis,
            report.workers.map_or(String::new(), |w| format!(" on {w} workers"))
        )?;
        match error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// The tiers of `folder` as a plan of work for the scheduler of
/// `--workers` and `--mpi`: no dependency order, every tier ready at
/// once, the largest first (the schedule's longest path is the tier's own
/// size).
pub(super) fn verify_plan(folder: &TablebaseFolder) -> Plan {
    let tiers: Vec<PlannedTier> = folder
        .files()
        .iter()
        .map(|f| PlannedTier {
            name: f.header.tier.clone(),
            size: f.header.entries,
            // Verified whole: a tier's check reads its own file.
            chunks: 1,
            dependencies: Vec::new(),
            earliest_start: 0,
            path_to_end: f.header.entries,
        })
        .collect();
    let total_indices: u64 = tiers.iter().map(|t| t.size).sum();
    let largest = tiers.iter().max_by_key(|t| t.size);
    let critical_path = CriticalPath {
        indices: largest.map_or(0, |t| t.size),
        share: largest.map_or(0.0, |t| t.size as f64 / total_indices.max(1) as f64),
        tiers: largest.map(|t| t.name.clone()).into_iter().collect(),
    };
    Plan { tiers, total_indices, critical_path }
}

/// The line the progress shows when the `done`-th tier of `total`,
/// `tier`, is verified.
pub(super) fn verified_line(tier: &str, report: &VerifiedTierJson, done: usize, total: usize) -> String {
    format!(
        "{tier:>12}: {} mismatches in {} indices, {done} of {total} tiers",
        report.mismatch_count, report.entries
    )
}

/// `reports` of the tiers of `plan` put in the order one process gives
/// them: largest first, file-name order among equals.
pub(super) fn in_report_order(plan: &Plan, reports: &mut [VerifiedTierJson]) {
    let entries: BTreeMap<&str, u64> = plan.tiers.iter().map(|t| (t.name.as_str(), t.size)).collect();
    let file_name = |t: &str| lapilli_tablebase::TierFile::file_name(t);
    reports.sort_by(|a, b| {
        let size = |t: &VerifiedTierJson| entries.get(t.tier.as_str()).copied().unwrap_or(t.entries);
        size(b).cmp(&size(a)).then_with(|| file_name(&a.tier).cmp(&file_name(&b.tier)))
    });
}

/// What the worker verifying `tier` reported when it ended: its tier's
/// report (also when it found mismatches, which end it with the error
/// status), or its error with the tier named ([`worker_error`]).
fn verify_result(tier: &str, out: Output) -> Result<VerifiedTierJson> {
    let json: Option<serde_json::Value> = serde_json::from_slice(&out.stdout).ok();
    let report = json
        .as_ref()
        .and_then(|j| serde_json::from_value::<VerifiedTierJson>(j["tiers"][0].clone()).ok())
        .filter(|r| r.tier == tier);
    report.ok_or_else(|| worker_error(tier, json.as_ref(), &out))
}
