//! The web page of lapilli: one page to play, study and solve every game
//! of a registry, and the JSON API behind it, served by axum on tokio.
//!
//! [`router`] builds the routes for a registry `R` (the program passes its
//! list of games); [`run`] serves them on an address. Engine work runs on
//! a fixed set of threads of its own ([`pool`]), a few jobs at a time
//! ([`Config::engine_jobs`]), each within a time cap; position lookups on
//! tokio's blocking threads, apart; request bodies are limited
//! ([`Config::body_limit`]). The game's state lives in each request (the
//! position text and the moves), so the server keeps nothing per visitor:
//! only each variant's solution or tables, found once ([`cover`]).
//!
//! Routes:
//! - `GET /`, `GET /play`, `GET /play/`, `GET /play/<game-id>`: the page; `/assets/app.js`,
//!   `/assets/study.js`, `/assets/style.css` its scripts and style, all
//!   embedded.
//! - `GET /api/games`: every game with its options and variants.
//! - `GET /api/board?game=<id>`: the board's points (names, coordinates)
//!   and lines, the sides, the notation, and what the page may offer:
//!   `solvable`, `evaluation` and `setup` (`null` or `{kinds, in_hand,
//!   removal}`).
//! - `GET /api/position?game=<id>[&position=<text>][&moves=<list>]`: the
//!   position after the moves, the side to move, the ending (with its
//!   `winning_line`), and every legal move with its value where covered.
//! - `POST /api/ai` `{"game", "side"[, "position", "moves", "seed"]}`: the
//!   move a player chooses.
//! - `GET /api/analysis?game=<id>[&position][&moves][&movetime=MS][&depth=D]`:
//!   the engine's analysis as server-sent events, one per iteration
//!   ([`analysis`]); closing the stream stops the search.
//! - `GET /api/solve?game=<id>` (events: progress, then the solution) and
//!   `POST /api/solve` `{"game"}` (one answer): the strong solution, kept
//!   in the command line's cache folder ([`solve`]).
//! - `GET /api/history?game=<id>[&position][&moves]`: each ply's value
//!   before and after, the mistakes marked; `GET /api/eval?...`: the
//!   evaluation term by term ([`history`]).
//!
//! Errors are `{"error": {"kind", "message"}}` with a 4xx status for bad
//! requests ([`error::ApiError`]); a refused move of `moves` (kinds `move`
//! and `game-over`) adds `"at"`, the number of words played before it.

#![deny(missing_docs)]

pub mod analysis;
pub mod api;
pub mod assets;
pub mod cover;
pub mod error;
pub mod history;
pub mod pool;
pub mod routes;
pub mod setup;
pub mod sides;
pub mod solve;
pub mod stream;
pub mod study_routes;
pub mod views;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use cover::Covers;
use lapilli_registry::Registry;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// A folder of tier tablebases (`--tablebase DIR`): the values and the
    /// perfect player of the variant its files are of, which the engine
    /// (analysis, the engine sides of `/api/ai`) probes too.
    pub tablebase: Option<PathBuf>,
    /// How many engine jobs run at once (others wait their turn), and how
    /// many analysis streams (beyond them a request is refused).
    pub engine_jobs: usize,
    /// The largest request body taken, in bytes.
    pub body_limit: usize,
}

impl Default for Config {
    /// No tables, one engine job per core (at least 2), bodies of 64 KiB.
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config { tablebase: None, engine_jobs: cores.max(2), body_limit: 64 << 10 }
    }
}

/// What every request shares.
pub struct State {
    covers: Covers,
    /// The engine's threads: one per engine job and per analysis stream,
    /// no more ([`pool`]).
    engines: pool::EnginePool,
    jobs: Arc<Semaphore>,
    /// Position reads and probes at once (4 per engine job): apart from
    /// the engine's, so that legal moves never wait behind a search.
    lookups: Arc<Semaphore>,
    /// Analysis streams running at once: as many as engine jobs, apart
    /// from them (a stream holds its slot up to a minute).
    analyses: Arc<Semaphore>,
    analysis_cap: usize,
    /// One solve at a time (a Six Men's Morris build takes the cores).
    solves: Arc<Semaphore>,
    body_limit: usize,
}

/// The routes of the page and the API for the games of `R`.
pub fn router<R: Registry + 'static>(config: &Config) -> Router {
    let state = Arc::new(State {
        covers: Covers::new(config.tablebase.clone()),
        engines: pool::EnginePool::new(2 * config.engine_jobs.max(1)),
        jobs: Arc::new(Semaphore::new(config.engine_jobs.max(1))),
        lookups: Arc::new(Semaphore::new(4 * config.engine_jobs.max(1))),
        analyses: Arc::new(Semaphore::new(config.engine_jobs.max(1))),
        analysis_cap: config.engine_jobs.max(1),
        solves: Arc::new(Semaphore::new(1)),
        body_limit: config.body_limit,
    });
    Router::new()
        .route("/", get(routes::index))
        .route("/play", get(routes::index))
        .route("/play/", get(routes::index))
        .route("/play/{game}", get(routes::index))
        .route("/assets/app.js", get(routes::app_js))
        .route("/assets/study.js", get(routes::study_js))
        .route("/assets/setup.js", get(routes::setup_js))
        .route("/assets/style.css", get(routes::style_css))
        .route("/api/games", get(routes::games::<R>))
        .route("/api/board", get(routes::board::<R>))
        .route("/api/position", get(routes::position::<R>))
        .route("/api/ai", post(routes::ai::<R>))
        .route("/api/setup", post(setup::setup::<R>))
        .route("/api/analysis", get(study_routes::analysis::<R>))
        .route("/api/solve", get(study_routes::solve_stream::<R>).post(study_routes::solve::<R>))
        .route("/api/history", get(study_routes::history::<R>))
        .route("/api/eval", get(study_routes::eval::<R>))
        .fallback(routes::not_found)
        .method_not_allowed_fallback(routes::wrong_method)
        .layer(DefaultBodyLimit::max(config.body_limit))
        .with_state(state)
}

/// Serves the routes of `R` on `addr` until the process ends, on a tokio
/// runtime of its own; `ready` is called with the address bound (the port
/// chosen when `addr`'s is 0) once the server listens.
///
/// # Errors
/// The address cannot be bound (in use, not allowed), or serving failed.
pub fn run<R: Registry + 'static>(
    config: &Config,
    addr: SocketAddr,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let app = router::<R>(config);
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        axum::serve(listener, app).await
    })
}
