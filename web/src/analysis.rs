//! `GET /api/analysis`: the engine's analysis of a position, streamed as
//! server-sent events while it thinks, and stopped when the client goes.
//!
//! The engine reports nothing between iterations, so the job searches
//! depth 1, 2, 3, ... in turn with one engine (its transposition table
//! makes each new search start where the last ended) and sends an
//! `iteration` event after each, then a `done` event. Jobs are capped in
//! number (the server's engine jobs: beyond them a 503 of kind
//! `resources`) and in time ([`MAX_MOVETIME_MS`]).

use crate::error::{ApiError, Kind};
use crate::stream::{Message, Stopper};
use crate::views::replay;
use lapilli_game::{score_text, Adjudication, CheckedGame, Ending};
use lapilli_registry::{ending_text, GameVisitor, VariantDescriptor};
use lapilli_search::{Analysis, Engine, Limits, Options, StopReason, MAX_DEPTH};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The longest analysis, in milliseconds (also its length when the
/// request gives no limit: the page stops it by closing the stream).
pub const MAX_MOVETIME_MS: u64 = 60_000;
/// The engine's transposition table, in bytes.
const TABLE_BYTES: usize = 16 << 20;

/// The query of `GET /api/analysis`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisQuery {
    /// The variant id.
    pub game: String,
    /// The position text; the start when absent.
    pub position: Option<String>,
    /// Moves played from it, separated by spaces.
    pub moves: Option<String>,
    /// The time to think, in milliseconds (1 to [`MAX_MOVETIME_MS`]).
    pub movetime: Option<u64>,
    /// The deepest iteration (1 to the engine's `MAX_DEPTH`).
    pub depth: Option<u32>,
}

impl AnalysisQuery {
    /// The depth and the time the query asks for, checked.
    ///
    /// # Errors
    /// Kind `usage` for a limit out of its range.
    pub fn limits(&self) -> Result<(u32, Duration), ApiError> {
        let depth = match self.depth {
            None => MAX_DEPTH,
            Some(d) if (1..=MAX_DEPTH).contains(&d) => d,
            Some(d) => {
                return Err(ApiError::new(
                    Kind::Usage,
                    format!("depth {d}: give a depth from 1 to {MAX_DEPTH}"),
                ))
            }
        };
        let ms = match self.movetime {
            None => MAX_MOVETIME_MS,
            Some(ms) if (1..=MAX_MOVETIME_MS).contains(&ms) => ms,
            Some(ms) => {
                return Err(ApiError::new(
                    Kind::Usage,
                    format!("movetime {ms}: give a time from 1 to {MAX_MOVETIME_MS} ms (the server's cap)"),
                ))
            }
        };
        Ok((depth, Duration::from_millis(ms)))
    }
}

/// An `iteration` or `done` event: the keys of `lapilli analyze --json`.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisJson {
    /// The position searched.
    pub position: String,
    /// The best move in the game's notation.
    pub best: Option<String>,
    /// Its score for the side to move.
    pub score: i32,
    /// The score in words.
    pub score_text: String,
    /// The principal variation.
    pub pv: Vec<String>,
    /// The deepest completed iteration, in plies.
    pub depth: u32,
    /// Nodes searched since the analysis began.
    pub nodes: u64,
    /// Nodes per second since it began.
    pub nps: u64,
    /// Time since it began, in milliseconds.
    pub millis: f64,
    /// Table hits of the last search.
    pub tt_hits: u64,
    /// Cutoffs of the last search.
    pub cutoffs: u64,
    /// Threads (one).
    pub threads: usize,
    /// Whether a limit or the client cut the analysis short (`done`).
    pub stopped: bool,
    /// Why it ended (`done`): `depth`, `time`, `proven`, `exhausted`,
    /// `stopped`; `null` in an `iteration` event.
    pub stop_reason: Option<&'static str>,
}

/// The `done` event of a finished game: the keys of `lapilli analyze
/// --json` on one.
#[derive(Clone, Debug, Serialize)]
pub struct GameOverJson {
    /// The position.
    pub position: String,
    /// No move (`null`).
    pub best: Option<String>,
    /// How the game ended, in words.
    pub game_over: String,
    /// How it ended in one word.
    pub ending: &'static str,
}

/// The job of `GET /api/analysis`, run on a blocking thread.
pub struct Analyse {
    /// The request.
    pub query: AnalysisQuery,
    /// The deepest iteration.
    pub depth: u32,
    /// The time to think.
    pub time: Duration,
    /// Where the events go.
    pub tx: mpsc::Sender<Message>,
    /// Tells whether the client went, and stops the engine when it does.
    pub stopper: Arc<Stopper>,
    /// What the requests share: the engine probes the variant's tables
    /// among its covers.
    pub state: Arc<crate::State>,
}

impl GameVisitor for Analyse {
    type Output = Result<(), ApiError>;

    fn visit<V: VariantDescriptor>(self, v: V) -> Result<(), ApiError> {
        let started = Instant::now();
        let deadline = started + self.time;
        let (record, _) = replay(&v, self.query.position.as_deref(), self.query.moves.as_deref())?;
        let pos = record.position();
        let send = |m: Message| self.tx.blocking_send(m).is_ok();
        if let Some(status) = record.status() {
            let ending = match status {
                Adjudication::Finished(_) => pos.ending().map_or("finished", |e| e.name()),
                draw => draw.name(),
            };
            let game_over = ending_text(&v, pos, status);
            send(Message::json(
                "done",
                &GameOverJson { position: pos.to_string(), best: None, game_over, ending },
            ));
            return Ok(());
        }
        let options = Options::playing().with_table_bytes(TABLE_BYTES);
        let mut engine = Engine::try_with_options(options)
            .map_err(|e| ApiError::new(Kind::Resources, format!("the engine's table: {e}")))?;
        self.stopper.register(engine.stop_handle());
        let heuristic = v.heuristic();
        let cover = self.state.covers.of(&v)?;
        let mut nodes = 0;
        let json = |a: &Analysis<_>, nodes: u64, done: Option<StopReason>| {
            let elapsed = started.elapsed().as_secs_f64();
            AnalysisJson {
                position: pos.to_string(),
                best: a.best_move.map(|m| pos.move_text(m)),
                score: a.score,
                score_text: score_text(a.score),
                pv: pos.line_text(&a.pv),
                depth: a.depth,
                nodes,
                nps: (nodes as f64 / elapsed.max(1e-9)).round() as u64,
                millis: elapsed * 1e3,
                tt_hits: a.stats.tt_hits,
                cutoffs: a.stats.cutoffs,
                threads: 1,
                stopped: done.is_some_and(|r| r.is_limit()),
                stop_reason: done.map(|r| r.name()),
            }
        };
        let mut last: Option<Analysis<_>> = None;
        let mut reason = StopReason::Depth;
        for d in 1..=self.depth {
            let left = deadline.saturating_duration_since(Instant::now());
            if last.is_some() && (left.is_zero() || self.stopper.is_closed()) {
                reason = if left.is_zero() { StopReason::Time } else { StopReason::Stopped };
                break;
            }
            let limits = Limits::of(Some(d), Some(left.max(Duration::from_millis(1))), None);
            let a = cover.search(&mut engine, pos, record.history(), &limits, &heuristic);
            nodes += a.stats.nodes;
            if a.stop_reason.is_limit() && last.is_some() {
                // The iteration was cut: the result is the last one's.
                reason = a.stop_reason;
                break;
            }
            if !send(Message::json("iteration", &json(&a, nodes, None))) {
                return Ok(());
            }
            reason = a.stop_reason;
            let ended = matches!(a.stop_reason, StopReason::Proven | StopReason::Exhausted)
                || a.stop_reason.is_limit();
            last = Some(a);
            if ended {
                break;
            }
        }
        if let Some(a) = &last {
            send(Message::json("done", &json(a, nodes, Some(reason))));
        }
        Ok(())
    }
}
