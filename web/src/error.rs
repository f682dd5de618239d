//! The API's errors: an HTTP status, a kind and a message, sent as
//! `{"error": {"kind": ..., "message": ...}}`, the shape of the command
//! line's `--json` errors.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use lapilli_registry::OptionError;
use serde::Serialize;

/// What went wrong, as the JSON `kind` key names it (the command line's
/// kinds where they overlap: `option`, `position`, `move`, `game-over`,
/// `usage`, `unsolvable`, `tablebase`, `resources`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A request that does not read: a missing or unknown parameter, a
    /// body that is no JSON of the right shape, a limit out of its range,
    /// a body over the size limit. Status 400 (413 for the size).
    Usage,
    /// An unknown game, or a variant option that does not fit it. Status
    /// 404 for an unknown game, 400 for an option.
    Option,
    /// A position text that is no position of the chosen variant (400).
    Position,
    /// A move that does not read or is illegal (400).
    Move,
    /// A move given after the game ended (400).
    GameOver,
    /// Perfect play asked where no solution or tablebase covers the
    /// position (400).
    Unsolvable,
    /// A tablebase folder that cannot serve (500: the server's own).
    Tablebase,
    /// The engine's time cap ran out, or memory or threads were refused
    /// (503).
    Resources,
    /// No such page or route (404).
    NotFound,
}

impl Kind {
    /// The kind as the JSON error object names it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Usage => "usage",
            Kind::Option => "option",
            Kind::Position => "position",
            Kind::Move => "move",
            Kind::GameOver => "game-over",
            Kind::Unsolvable => "unsolvable",
            Kind::Tablebase => "tablebase",
            Kind::Resources => "resources",
            Kind::NotFound => "not-found",
        }
    }
}

/// A refused request: a status, a kind and a message in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong.
    pub kind: Kind,
    /// What is wrong, in words.
    pub message: String,
    /// For a refused move of a replay (kinds `move` and `game-over`): the
    /// words of `moves` played before it, so that a client can keep the
    /// legal ones; sent as `at`, absent otherwise.
    pub at: Option<usize>,
}

impl ApiError {
    /// An error of `kind` saying `message`, with the kind's usual status.
    pub fn new(kind: Kind, message: impl Into<String>) -> ApiError {
        let status = match kind {
            Kind::NotFound => StatusCode::NOT_FOUND,
            Kind::Tablebase => StatusCode::INTERNAL_SERVER_ERROR,
            Kind::Resources => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError { status, kind, message: message.into(), at: None }
    }

    /// This error naming the refused move's place: `words` words of the
    /// moves were played before it.
    #[must_use]
    pub fn at(self, words: usize) -> ApiError {
        ApiError { at: Some(words), ..self }
    }

    /// This error with another status.
    #[must_use]
    pub fn with_status(self, status: StatusCode) -> ApiError {
        ApiError { status, ..self }
    }

    /// A game or option the registry refused: an unknown game is a 404.
    pub fn option(e: &OptionError) -> ApiError {
        let error = ApiError::new(Kind::Option, excerpt_all(&e.to_string()));
        match e {
            OptionError::UnknownGame(_) => error.with_status(StatusCode::NOT_FOUND),
            _ => error,
        }
    }
}

/// The body of an error response.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: ErrorFields<'a>,
}

#[derive(Serialize)]
struct ErrorFields<'a> {
    kind: &'static str,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<usize>,
}

impl ApiError {
    fn body(&self) -> ErrorBody<'_> {
        ErrorBody { error: ErrorFields { kind: self.kind.name(), message: &self.message, at: self.at } }
    }

    /// The error's JSON, `{"error": {"kind", "message"[, "at"]}}`, as text
    /// (the data of a stream's `error` event).
    pub fn json_text(&self) -> String {
        serde_json::to_string(&self.body()).unwrap_or_else(|_| "{\"error\": {}}".into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}

/// The most characters of a message sent back: a request that quotes a
/// megabyte of text is not echoed whole.
pub const MESSAGE_CHARS: usize = 600;

/// `text` cut to [`MESSAGE_CHARS`] characters, marked with `...` when cut.
pub fn excerpt_all(text: &str) -> String {
    match text.char_indices().nth(MESSAGE_CHARS) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}
