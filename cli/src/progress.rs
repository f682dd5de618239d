//! The progress bar of tablebase builds, on standard error.

use crate::error::CliError;
use crate::interrupt::Interrupt;
use crate::tablebase::{BuiltTierJson, TierLog};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lapilli_tablebase::{Progress, TierReport};
use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The bar's layout: the tier, the time, the bar, entries done of the
/// tier's, the rate and the time left.
const TEMPLATE: &str =
    "{msg:>12} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} entries ({per_sec}, {eta} left)";

/// A build's progress as an indicatif bar on standard error: one bar per
/// tier, named by the tier, with the entries done, the rate and the time
/// left, and a line per finished tier. Silent (draws nothing) under
/// `--json` and when standard error is not a terminal. A note
/// ([`BuildProgress::with_note`]) is printed once when the first tier is
/// solved, whether or not the bar is drawn.
#[derive(Debug)]
pub struct BuildProgress {
    bar: Option<ProgressBar>,
    note: Option<String>,
    noted: AtomicBool,
    /// The signals that ask the build to stop.
    stop: Option<Arc<Interrupt>>,
    /// The log each finished tier is written to (`--log`), and the first
    /// error writing it, which stops the build.
    log: Option<(Arc<TierLog>, Mutex<Option<CliError>>)>,
}

impl BuildProgress {
    /// A bar on standard error, or a silent one when `quiet` or when
    /// standard error is not a terminal.
    pub fn new(quiet: bool) -> BuildProgress {
        let (note, noted) = (None, AtomicBool::new(false));
        if quiet || !std::io::stderr().is_terminal() {
            return BuildProgress { bar: None, note, noted, stop: None, log: None };
        }
        let style = ProgressStyle::with_template(TEMPLATE).unwrap_or_else(|_| ProgressStyle::default_bar());
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr()).with_style(style);
        BuildProgress { bar: Some(bar), note, noted, stop: None, log: None }
    }

    /// The same progress, printing `note` on standard error when the
    /// first tier starts to be solved (not when every table is read back
    /// from its file); `None` prints nothing.
    pub fn with_note(mut self, note: Option<String>) -> BuildProgress {
        self.note = note;
        self
    }

    /// The same progress, telling the build to stop once `stop` has
    /// caught a signal.
    pub fn with_stop(mut self, stop: Arc<Interrupt>) -> BuildProgress {
        self.stop = Some(stop);
        self
    }

    /// The same progress, writing a line for each tier finished to `log`
    /// (`None`: no log).
    pub fn with_log(mut self, log: Option<Arc<TierLog>>) -> BuildProgress {
        self.log = log.map(|l| (l, Mutex::new(None)));
        self
    }

    /// The first error writing the log, if any (taken: asked again, none).
    pub fn log_error(&self) -> Option<CliError> {
        self.log.as_ref().and_then(|(_, e)| e.lock().unwrap_or_else(|p| p.into_inner()).take())
    }

    /// Prints `line` on standard error, above the bar if it is drawn.
    pub fn say(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }

    /// Prints `line` above the bar, when the bar is drawn (nothing
    /// otherwise).
    pub fn println(&self, line: String) {
        if let Some(bar) = &self.bar {
            bar.println(line);
        }
    }

    /// Removes the bar from the terminal.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for BuildProgress {
    fn drop(&mut self) {
        self.finish();
    }
}

impl Progress for BuildProgress {
    fn start_tier(&self, tier: &str, entries: u64) {
        if let Some(note) = &self.note {
            if !self.noted.swap(true, Ordering::Relaxed) {
                self.say(note);
            }
        }
        if let Some(bar) = &self.bar {
            bar.reset();
            bar.set_length(entries);
            bar.set_message(tier.to_string());
        }
    }

    fn advance(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
        }
    }

    fn cancelled(&self) -> bool {
        let log_failed = || self.log.as_ref().is_some_and(|(_, e)| e.lock().is_ok_and(|e| e.is_some()));
        self.stop.as_ref().is_some_and(|s| s.caught().is_some()) || log_failed()
    }

    fn waiting_for_lock(&self, dir: &Path) {
        self.say(&format!("another build is writing {}: waiting for it to finish (--wait)", dir.display()));
    }

    fn finish_tier(&self, report: &TierReport) {
        if let Some((log, error)) = &self.log {
            if let Err(e) = log.write(&BuiltTierJson::from(report)) {
                error.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
            }
        }
        if let Some(bar) = &self.bar {
            let counts = &report.file.counts;
            let how = if report.reused {
                "kept from its file".to_string()
            } else {
                format!("{} ms, {:.0} positions/s", report.millis, report.positions_per_second())
            };
            bar.println(format!("{:>12}: {} positions ({how})", report.tier, counts.positions()));
        }
    }
}
