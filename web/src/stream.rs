//! Server-sent events from a blocking thread: the thread sends
//! [`Message`]s on a channel, the route answers the first (an error as a
//! JSON error, anything else as the start of an event stream), and the
//! stream ([`Events`]) tells the thread to stop when the client goes
//! ([`Stopper`]).

use crate::error::ApiError;
use axum::response::sse::Event;
use axum::response::{IntoResponse, Response, Sse};
use futures_core::Stream;
use lapilli_search::StopHandle;
use serde::Serialize;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tokio::sync::mpsc;

/// What a blocking job sends to its stream.
pub enum Message {
    /// An event for the client.
    Event(Event),
    /// The request is refused: sent first, it becomes the JSON error
    /// answer; later, an `error` event.
    Error(ApiError),
}

impl Message {
    /// An event named `name` whose data is `body` as JSON.
    pub fn json<T: Serialize>(name: &'static str, body: &T) -> Message {
        let data =
            serde_json::to_string(body).unwrap_or_else(|e| format!("{{\"unwritten\": {:?}}}", e.to_string()));
        Message::Event(Event::default().event(name).data(data))
    }

    fn into_event(self) -> Event {
        match self {
            Message::Event(e) => e,
            Message::Error(e) => Event::default().event("error").data(e.json_text()),
        }
    }
}

/// Whether the client went, and the engine to stop when it does: shared
/// by the stream (which closes it when dropped) and the job (which
/// registers its engine's handle).
#[derive(Debug, Default)]
pub struct Stopper {
    closed: AtomicBool,
    handle: Mutex<Option<StopHandle>>,
}

impl Stopper {
    /// Stops `handle`'s searches when the client goes (at once if it has).
    pub fn register(&self, handle: StopHandle) {
        let mut slot = self.handle.lock().unwrap_or_else(|e| e.into_inner());
        if self.closed.load(Ordering::SeqCst) {
            handle.stop();
        }
        *slot = Some(handle);
    }

    /// Whether the client went.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    fn close(&self) {
        let slot = self.handle.lock().unwrap_or_else(|e| e.into_inner());
        self.closed.store(true, Ordering::SeqCst);
        if let Some(handle) = slot.as_ref() {
            handle.stop();
        }
    }
}

/// The events of a job, in order; dropped (the client closed the
/// connection, or the response was dropped unread), it closes the job's
/// [`Stopper`].
pub struct Events {
    first: Option<Event>,
    rx: mpsc::Receiver<Message>,
    _closer: Closer,
}

/// Closes its [`Stopper`] when dropped: held from the moment the route
/// waits for the job's first message, so that a client gone before the
/// stream began stops the job too.
struct Closer(Arc<Stopper>);

impl Drop for Closer {
    fn drop(&mut self) {
        self.0.close();
    }
}

impl Stream for Events {
    type Item = Result<Event, Infallible>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if let Some(first) = this.first.take() {
            return Poll::Ready(Some(Ok(first)));
        }
        this.rx.poll_recv(cx).map(|m| m.map(|m| Ok(m.into_event())))
    }
}

/// The answer to a job that sends on `rx`: its first message's error as
/// a JSON error, else the event stream of all its messages (an empty
/// stream if the job sent nothing).
pub async fn answer(mut rx: mpsc::Receiver<Message>, stopper: Arc<Stopper>) -> Response {
    let closer = Closer(stopper);
    let first = match rx.recv().await {
        Some(Message::Error(e)) => return e.into_response(),
        Some(Message::Event(e)) => Some(e),
        None => None,
    };
    let events = Events { first, rx, _closer: closer };
    let mut response = Sse::new(events).into_response();
    // No buffering by a proxy between the server and the page.
    response.headers_mut().insert("x-accel-buffering", axum::http::HeaderValue::from_static("no"));
    response
}
