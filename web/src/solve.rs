//! `GET /api/solve` (server-sent events: `progress` while the tables are
//! built, then `solved`) and `POST /api/solve` (one JSON answer): the
//! strong solution of a variant `lapilli solve` handles, with the keys of
//! `lapilli solve --json`. The tables are kept in the same cache folder
//! as the command line's (`LAPILLI_CACHE`, see
//! [`lapilli_registry::cache_root`]), so a game solved by either is read
//! back by both; the solution then values the page's positions too.

use crate::cover::{Cover, Covers};
use crate::error::{excerpt_all, ApiError, Kind};
use crate::stream::Message;
use lapilli_registry::{store_dir, GameVisitor, SolveError, SolveSummary, TableStore, VariantDescriptor};
use lapilli_tablebase::{Progress, TablebaseError, TierReport};
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The query of `GET /api/solve` and the body of `POST /api/solve`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The variant id.
    pub game: String,
}

/// The answer: the keys of `lapilli solve --json`, with the variant id.
#[derive(Clone, Debug, Serialize)]
pub struct SolveJson {
    /// The variant id.
    pub id: String,
    /// The solve: game, variant, value, plies, counts, time, perfect line.
    #[serde(flatten)]
    pub solve: SolveSummary,
}

/// A `progress` event: the tier being built and how far.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ProgressJson {
    /// The tier's name.
    pub tier: String,
    /// Its entries.
    pub entries: u64,
    /// Entries handled so far (its first pass).
    pub done: u64,
    /// Tiers finished before it.
    pub tiers_done: u64,
    /// Time since the solve began, in milliseconds.
    pub millis: f64,
}

/// The fewest milliseconds between two `progress` events.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// A build's progress sent as `progress` events (at most one every
/// `PROGRESS_EVERY` (250 ms), dropped when the client reads slower); silent
/// without a channel.
pub struct Reporter {
    tx: Option<mpsc::Sender<Message>>,
    started: Instant,
    state: Mutex<(ProgressJson, Option<Instant>)>,
}

impl Reporter {
    /// Progress sent on `tx`, or nowhere.
    pub fn new(tx: Option<mpsc::Sender<Message>>) -> Reporter {
        Reporter { tx, started: Instant::now(), state: Mutex::new((ProgressJson::default(), None)) }
    }

    fn update(&self, change: impl FnOnce(&mut ProgressJson), force: bool) {
        let Some(tx) = &self.tx else { return };
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        change(&mut state.0);
        let due = state.1.is_none_or(|t| t.elapsed() >= PROGRESS_EVERY);
        if force || due {
            state.0.millis = self.started.elapsed().as_secs_f64() * 1e3;
            state.1 = Some(Instant::now());
            let _ = tx.try_send(Message::json("progress", &state.0));
        }
    }
}

impl Progress for Reporter {
    fn start_tier(&self, tier: &str, entries: u64) {
        self.update(
            |p| {
                p.tier = tier.to_string();
                p.entries = entries;
                p.done = 0;
            },
            true,
        );
    }

    fn advance(&self, n: u64) {
        self.update(|p| p.done = p.done.saturating_add(n).min(p.entries.max(p.done)), false);
    }

    fn finish_tier(&self, _report: &TierReport) {
        self.update(|p| p.tiers_done += 1, false);
    }
}

/// The solve of a variant, on a blocking thread.
pub struct Solve<'a> {
    /// Where the solution goes once found (it values positions after).
    pub covers: &'a Covers,
    /// The build's progress.
    pub progress: &'a Reporter,
}

impl GameVisitor for Solve<'_> {
    type Output = Result<SolveJson, ApiError>;

    fn visit<V: VariantDescriptor>(self, v: V) -> Result<SolveJson, ApiError> {
        let t = Instant::now();
        let store = TableStore { dir: store_dir(&v, None), ..TableStore::default() };
        let solution = v.solve_stored(&store, self.progress).map_err(|e| match e {
            SolveError::Unsolvable(u) => {
                ApiError::new(Kind::Unsolvable, excerpt_all(&format!("solve {}: {}", v.id(), u.reason)))
            }
            SolveError::Tablebase(e) => tables_error(&e),
        })?;
        let millis = t.elapsed().as_secs_f64() * 1e3;
        let solve = SolveSummary::of(&v, solution.report(), millis);
        self.covers.set(&v, Cover::Solution(solution));
        Ok(SolveJson { id: v.id(), solve })
    }
}

/// A build that failed: the machine's limits are kind `resources`, the
/// files' faults kind `tablebase`.
fn tables_error(e: &TablebaseError) -> ApiError {
    let kind = match e {
        TablebaseError::MemoryBudget { .. }
        | TablebaseError::TierTooLarge { .. }
        | TablebaseError::Threads(_)
        | TablebaseError::OutOfMemory { .. } => Kind::Resources,
        _ => Kind::Tablebase,
    };
    ApiError::new(kind, excerpt_all(&format!("the solve's tables: {e}")))
}
