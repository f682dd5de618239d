//! `lapilli tablebase build --log FILE`: one JSON object a line for each
//! tier as it finishes (built or kept), appended to FILE, so that a long
//! build, on one process or on workers, leaves a record of every tier's
//! size, time, memory and host while it runs.

use super::build::BuiltTierJson;
use super::*;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

/// The log: the file, opened for appending.
#[derive(Debug)]
pub struct TierLog {
    path: PathBuf,
    file: Mutex<std::fs::File>,
}

/// One line of the log.
#[derive(Serialize)]
struct Line<'a> {
    /// The tier's report, as `--json` gives it.
    #[serde(flatten)]
    tier: &'a BuiltTierJson,
    /// When the line was written, milliseconds since the Unix epoch.
    logged_unix_ms: u64,
}

/// The name of this machine (`None` where the system does not say).
pub fn host_name() -> Option<String> {
    nix::unistd::gethostname().ok().and_then(|h| h.into_string().ok())
}

impl TierLog {
    /// Opens `path` for appending, creating it if need be.
    ///
    /// # Errors
    /// Kind `io` when it cannot be opened, the file named.
    pub fn open(path: &Path) -> Result<TierLog> {
        let file =
            std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(|e| {
                CliError::new(Kind::Io, format!("--log: cannot open {}: {e}", path.display()))
            })?;
        Ok(TierLog { path: path.to_path_buf(), file: Mutex::new(file) })
    }

    /// Appends the line of `tier`, whole (one write of the line).
    ///
    /// # Errors
    /// Kind `io` when the file cannot be written, the file named.
    pub fn write(&self, tier: &BuiltTierJson) -> Result<()> {
        let logged_unix_ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        let mut line = serde_json::to_vec(&Line { tier, logged_unix_ms })?;
        line.push(b'\n');
        let mut file = self.file.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        file.write_all(&line)
            .map_err(|e| CliError::new(Kind::Io, format!("--log: cannot write {}: {e}", self.path.display())))
    }
}
