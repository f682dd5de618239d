//! The HTTP side of the study routes: the analysis stream, the solve
//! (a stream or one answer), the value history and the evaluation
//! breakdown.

use crate::analysis::{Analyse, AnalysisQuery, MAX_MOVETIME_MS};
use crate::api::PositionQuery;
use crate::error::{ApiError, Kind};
use crate::history::{Eval, History};
use crate::routes::{lookup, query_error_of, read_body};
use crate::solve::{Reporter, Solve, SolveRequest};
use crate::stream::{self, Message, Stopper};
use crate::State;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State as Shared};
use axum::response::{IntoResponse, Response};
use axum::Json;
use lapilli_registry::{with_game_id, Registry};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// How long an analysis request waits for a free slot before it is
/// refused (a stream just closed frees its slot within milliseconds).
const SLOT_WAIT: Duration = Duration::from_millis(500);
/// The longest a history or evaluation request may take (a first solve
/// of a 3x3 game included).
const STUDY_TIME_CAP: Duration = Duration::from_secs(20);
/// The longest a solve may take (Six Men's Morris takes seconds).
const SOLVE_TIME_CAP: Duration = Duration::from_secs(600);

/// `GET /api/analysis?game=<id>[&position=..][&moves=..][&movetime=MS][&depth=D]`:
/// `iteration` events, then `done`.
pub async fn analysis<R: Registry + 'static>(
    Shared(state): Shared<Arc<State>>,
    query: Result<Query<AnalysisQuery>, QueryRejection>,
) -> Response {
    let query = match query {
        Ok(Query(q)) => q,
        Err(e) => return query_error_of(&e, "game, position, moves, movetime and depth").into_response(),
    };
    let (depth, time) = match query.limits() {
        Ok(limits) => limits,
        Err(e) => return e.into_response(),
    };
    let permit = match tokio::time::timeout(SLOT_WAIT, state.analyses.clone().acquire_owned()).await {
        Ok(Ok(permit)) => permit,
        _ => {
            let message = format!(
                "the server runs {} analyses at once, its cap, and all are busy: close one or try again later \
                 (each lasts at most {} s)",
                state.analysis_cap,
                MAX_MOVETIME_MS / 1000
            );
            return ApiError::new(Kind::Resources, message).into_response();
        }
    };
    let (tx, rx) = mpsc::channel(16);
    let stopper = Arc::new(Stopper::default());
    let game = query.game.clone();
    let job = Analyse { query, depth, time, tx: tx.clone(), stopper: stopper.clone(), state: state.clone() };
    // On the engine's threads (the stream ends, without a `done`, should
    // the job panic).
    drop(state.engines.spawn(move || {
        let _permit = permit;
        let result = with_game_id::<R, _>(&game, job).map_err(|e| ApiError::option(&e)).and_then(|r| r);
        if let Err(e) = result {
            let _ = tx.blocking_send(Message::Error(e));
        }
    }));
    stream::answer(rx, stopper).await
}

/// Runs the solve of `request`'s variant on a blocking thread, one solve
/// at a time, reporting on `tx` if given.
async fn run_solve<R: Registry + 'static>(
    state: Arc<State>,
    request: SolveRequest,
    tx: Option<mpsc::Sender<Message>>,
) -> Result<crate::solve::SolveJson, ApiError> {
    let busy = || ApiError::new(Kind::Resources, "the server is shutting down");
    let permit = state.solves.clone().acquire_owned().await.map_err(|_| busy())?;
    let job = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let progress = Reporter::new(tx);
        let solve = Solve { covers: &state.covers, progress: &progress };
        with_game_id::<R, _>(&request.game, solve).map_err(|e| ApiError::option(&e))?
    });
    match tokio::time::timeout(SOLVE_TIME_CAP, job).await {
        Ok(Ok(result)) => result,
        Ok(Err(_)) => Err(ApiError::new(Kind::Resources, "the solve stopped without an answer")),
        Err(_) => Err(ApiError::new(
            Kind::Resources,
            format!("the solve took longer than {} s, the server's cap", SOLVE_TIME_CAP.as_secs()),
        )),
    }
}

/// `GET /api/solve?game=<id>`: `progress` events while the tables are
/// built (none for a game solved in memory or read back), then `solved`
/// with the solution, or `error`. A client that goes does not stop the
/// build: its tables are kept for the next request.
pub async fn solve_stream<R: Registry + 'static>(
    Shared(state): Shared<Arc<State>>,
    query: Result<Query<SolveRequest>, QueryRejection>,
) -> Response {
    let request = match query {
        Ok(Query(q)) => q,
        Err(e) => return query_error_of(&e, "game").into_response(),
    };
    let (tx, rx) = mpsc::channel(64);
    let stopper = Arc::new(Stopper::default());
    tokio::spawn(async move {
        let message = match run_solve::<R>(state, request, Some(tx.clone())).await {
            Ok(solved) => Message::json("solved", &solved),
            Err(e) => Message::Error(e),
        };
        let _ = tx.send(message).await;
    });
    stream::answer(rx, stopper).await
}

/// `POST /api/solve` `{"game"}`: the solution in one answer.
pub async fn solve<R: Registry + 'static>(
    Shared(state): Shared<Arc<State>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: SolveRequest = match read_body(&state, body, "{\"game\"}") {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    match run_solve::<R>(state, request, None).await {
        Ok(solved) => Json(solved).into_response(),
        Err(e) => e.into_response(),
    }
}

/// `GET /api/history?game=<id>[&position=<text>][&moves=<list>]`.
pub async fn history<R: Registry + 'static>(
    Shared(state): Shared<Arc<State>>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Response {
    lookup(state, query, STUDY_TIME_CAP, |q, s| {
        let view = History { position: q.position.as_deref(), moves: q.moves.as_deref(), covers: &s.covers };
        with_game_id::<R, _>(&q.game, view)
    })
    .await
}

/// `GET /api/eval?game=<id>[&position=<text>][&moves=<list>]`.
pub async fn eval<R: Registry + 'static>(
    Shared(state): Shared<Arc<State>>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Response {
    lookup(state, query, STUDY_TIME_CAP, |q, _| {
        with_game_id::<R, _>(&q.game, Eval { position: q.position.as_deref(), moves: q.moves.as_deref() })
    })
    .await
}
