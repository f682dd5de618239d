//! The HTTP side of the routes: reading the query or the body, running the
//! work on a blocking thread within a time cap, and answering JSON.

use crate::api::{AiRequest, PositionQuery};
use crate::assets::{APP_JS, INDEX_HTML, SETUP_JS, STUDY_JS, STYLE_CSS};
use crate::error::{excerpt_all, ApiError, Kind};
use crate::sides::SideSpec;
use crate::views;
use crate::State;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State as Shared};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use lapilli_registry::{with_game_id, OptionError, Registry};
use serde::Serialize;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The longest a position or board request may take (a first solve of a
/// 3x3 game included).
const POSITION_TIME_CAP: Duration = Duration::from_secs(20);

/// `/`, `/play`, `/play/` and `/play/<game-id>`: the page (its script reads the game from the
/// address).
pub async fn index() -> Html<&'static str> {
    Html(INDEX_HTML)
}

/// `/assets/app.js`.
pub async fn app_js() -> Response {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], APP_JS).into_response()
}

/// `/assets/study.js`.
pub async fn study_js() -> Response {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], STUDY_JS).into_response()
}

/// `/assets/setup.js`.
pub async fn setup_js() -> Response {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], SETUP_JS).into_response()
}

/// `/assets/style.css`.
pub async fn style_css() -> Response {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE_CSS).into_response()
}

/// Any other address: a JSON 404.
pub async fn not_found() -> ApiError {
    ApiError::new(
        Kind::NotFound,
        "no such page or route: the API is /api/games, /api/board, /api/position, /api/ai, /api/setup, /api/analysis, \
         /api/solve, /api/history and /api/eval",
    )
}

/// A method the route does not take.
pub async fn wrong_method() -> ApiError {
    ApiError::new(Kind::Usage, "this route does not take that method (POST for /api/ai and /api/setup, GET or POST for /api/solve, GET for the others)")
        .with_status(StatusCode::METHOD_NOT_ALLOWED)
}

/// `GET /api/games`.
pub async fn games<R: Registry>() -> Response {
    Json(views::games::<R>()).into_response()
}

/// A query that does not read, in the API's words.
pub(crate) fn query_error(e: &QueryRejection) -> ApiError {
    query_error_of(e, "game, position and moves")
}

/// A query that does not read, naming the route's parameters `params`.
pub(crate) fn query_error_of(e: &QueryRejection, params: &str) -> ApiError {
    ApiError::new(
        Kind::Usage,
        excerpt_all(&format!("the query: {} (the parameters are {params})", e.body_text())),
    )
}

/// A JSON request body read as a `T`, or the error: over the size limit
/// (413), no JSON of `T`'s shape (`expected` says which).
pub(crate) fn read_body<T: serde::de::DeserializeOwned>(
    state: &State,
    body: Result<Bytes, BytesRejection>,
    expected: &str,
) -> Result<T, ApiError> {
    let body = match body {
        Ok(body) => body,
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            let message = format!("the request body is larger than the limit of {} bytes", state.body_limit);
            return Err(ApiError::new(Kind::Usage, message).with_status(StatusCode::PAYLOAD_TOO_LARGE));
        }
        Err(e) => return Err(ApiError::new(Kind::Usage, excerpt_all(&e.body_text()))),
    };
    serde_json::from_slice(&body)
        .map_err(|e| ApiError::new(Kind::Usage, excerpt_all(&format!("the body: {e} (expected {expected})"))))
}

/// Runs `work` holding one of the server's engine slots (a search, on the
/// engine's threads, [`crate::pool`]) or of its lookup slots (a position
/// read, its values probed: milliseconds, on tokio's blocking threads, so
/// it never waits behind a search), for at most `cap`.
pub(crate) async fn blocking<T, F>(
    state: &Arc<State>,
    pool: Pool,
    cap: Duration,
    work: F,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&State) -> Result<T, ApiError> + Send + 'static,
{
    let busy = || ApiError::new(Kind::Resources, "the server is shutting down");
    let slots = match pool {
        Pool::Engine => &state.jobs,
        Pool::Lookup => &state.lookups,
    };
    let permit = slots.clone().acquire_owned().await.map_err(|_| busy())?;
    let shared = state.clone();
    let work = move || {
        let _permit = permit;
        work(&shared)
    };
    let job = async {
        match pool {
            Pool::Engine => state.engines.spawn(work).await.ok(),
            Pool::Lookup => tokio::task::spawn_blocking(work).await.ok(),
        }
    };
    match tokio::time::timeout(cap, job).await {
        Ok(Some(result)) => result,
        Ok(None) => Err(ApiError::new(Kind::Resources, "the work stopped without an answer")),
        Err(_) => Err(ApiError::new(
            Kind::Resources,
            format!("the work took longer than {} s, the server's cap", cap.as_secs()),
        )),
    }
}

/// The slots a blocking job takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pool {
    /// A search (`/api/ai`).
    Engine,
    /// A position read and probed.
    Lookup,
}

/// A JSON answer, or the error.
pub(crate) fn answer<T: Serialize>(result: Result<T, ApiError>) -> Response {
    match result {
        Ok(body) => Json(body).into_response(),
        Err(e) => e.into_response(),
    }
}

/// A lookup route: the query read (a typed error when it does not read),
/// then `visit` (a visit of the game of `query.game`, through
/// [`with_game_id`]) run on a blocking thread of the lookup pool within
/// `cap`; its answer as JSON (an unknown game is kind `option`).
pub(crate) async fn lookup<T: Serialize + Send + 'static>(
    state: Arc<State>,
    query: Result<Query<PositionQuery>, QueryRejection>,
    cap: Duration,
    visit: impl FnOnce(&PositionQuery, &State) -> Result<Result<T, ApiError>, OptionError> + Send + 'static,
) -> Response {
    let query = match query {
        Ok(Query(q)) => q,
        Err(e) => return query_error(&e).into_response(),
    };
    answer(
        blocking(&state, Pool::Lookup, cap, move |s| visit(&query, s).map_err(|e| ApiError::option(&e))?)
            .await,
    )
}

/// `GET /api/board?game=<id>`.
pub async fn board<R: Registry + 'static>(
    Shared(state): Shared<Arc<State>>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Response {
    lookup(state, query, POSITION_TIME_CAP, |q, s| {
        with_game_id::<R, _>(&q.game, views::Board { covers: &s.covers })
    })
    .await
}

/// `GET /api/position?game=<id>[&position=<text>][&moves=<list>]`.
pub async fn position<R: Registry + 'static>(
    Shared(state): Shared<Arc<State>>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Response {
    lookup(state, query, POSITION_TIME_CAP, |q, s| {
        let view =
            views::Position { position: q.position.as_deref(), moves: q.moves.as_deref(), covers: &s.covers };
        with_game_id::<R, _>(&q.game, view)
    })
    .await
}

/// `POST /api/ai` with a JSON body ([`AiRequest`]).
pub async fn ai<R: Registry + 'static>(
    Shared(state): Shared<Arc<State>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: AiRequest =
        match read_body(&state, body, "{\"game\", \"side\"[, \"position\", \"moves\", \"seed\"]}") {
            Ok(r) => r,
            Err(e) => return e.into_response(),
        };
    let side: SideSpec = match request.side.parse() {
        Ok(side) => side,
        Err(e) => return ApiError::into_response(e),
    };
    let seed = request
        .seed
        .unwrap_or_else(|| SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64));
    answer(
        blocking(&state, Pool::Engine, side.time_cap(), move |s| {
            let view = views::Ai {
                position: request.position.as_deref(),
                moves: request.moves.as_deref(),
                side,
                side_text: &request.side,
                seed,
                covers: &s.covers,
            };
            with_game_id::<R, _>(&request.game, view).map_err(|e| ApiError::option(&e))?
        })
        .await,
    )
}
