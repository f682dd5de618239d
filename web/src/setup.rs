//! `POST /api/setup`: a position set up by hand on the page, built and
//! checked by the game's rules crate
//! ([`lapilli_registry::VariantDescriptor::setup_position`]).

use crate::api::PositionJson;
use crate::cover::Covers;
use crate::error::{excerpt_all, ApiError, Kind};
use crate::routes::{answer, blocking, read_body, Pool};
use crate::views;
use crate::State;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State as Shared;
use axum::response::{IntoResponse, Response};
use lapilli_registry::{with_game_id, GameVisitor, Registry, Setup, SetupPiece, VariantDescriptor};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// The longest a set-up may take (its values probed as for a position).
const SETUP_TIME_CAP: Duration = Duration::from_secs(20);

/// The body of `POST /api/setup`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupRequest {
    /// The variant id.
    pub game: String,
    /// What stands on each point, by point index: `null` or a piece.
    pub occupants: Vec<Option<PieceRequest>>,
    /// The name of the side to move, e.g. `"black"`.
    pub side_to_move: String,
    /// The pieces in hand by side name, for morris (none by default).
    pub in_hand: Option<BTreeMap<String, u32>>,
    /// Whether the side to move has a removal to make (morris).
    #[serde(default)]
    pub pending_removal: bool,
}

/// A piece of a set-up.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceRequest {
    /// The name of its side, e.g. `"white"`.
    pub side: String,
    /// Its kind: `"piece"` (the default) or e.g. `"dux"`.
    #[serde(default = "piece")]
    pub kind: String,
}

fn piece() -> String {
    "piece".into()
}

/// `POST /api/setup` with a JSON body ([`SetupRequest`]): the position and
/// the JSON of `/api/position` for it.
pub async fn setup<R: Registry + 'static>(
    Shared(state): Shared<Arc<State>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: SetupRequest = match read_body(
        &state,
        body,
        "{\"game\", \"occupants\": [null | {\"side\", \"kind\"}], \"side_to_move\"[, \"in_hand\", \"pending_removal\"]}",
    ) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    answer(
        blocking(&state, Pool::Lookup, SETUP_TIME_CAP, move |s| {
            let game = request.game.clone();
            with_game_id::<R, _>(&game, SetUp { request, covers: &s.covers })
                .map_err(|e| ApiError::option(&e))?
        })
        .await,
    )
}

/// The set-up visit: the request read into a [`Setup`] by the variant's
/// side names, the position built by the game, then answered as
/// `/api/position` answers it.
struct SetUp<'a> {
    request: SetupRequest,
    covers: &'a Covers,
}

impl GameVisitor for SetUp<'_> {
    type Output = Result<PositionJson, ApiError>;
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<PositionJson, ApiError> {
        let names = v.sides().map(|(_, name)| name);
        let side = |name: &str| {
            names.iter().position(|n| *n == name).ok_or_else(|| {
                ApiError::new(
                    Kind::Position,
                    excerpt_all(&format!(
                        "no side {name:?} in this game (the sides are {} and {})",
                        names[0], names[1]
                    )),
                )
            })
        };
        let r = self.request;
        let occupants = r
            .occupants
            .iter()
            .map(|o| {
                o.as_ref().map(|p| Ok(SetupPiece { side: side(&p.side)?, kind: p.kind.clone() })).transpose()
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        let in_hand = match &r.in_hand {
            None => None,
            Some(hand) => {
                let mut counts = [0, 0];
                for (name, n) in hand {
                    counts[side(name)?] = *n;
                }
                Some(counts)
            }
        };
        let setup = Setup {
            occupants,
            side_to_move: side(&r.side_to_move)?,
            in_hand,
            pending_removal: r.pending_removal,
        };
        let pos = v
            .setup_position(&setup)
            .map_err(|e| ApiError::new(Kind::Position, excerpt_all(&format!("the set-up: {e}"))))?;
        let text = pos.to_string();
        views::Position { position: Some(&text), moves: None, covers: self.covers }.visit(v)
    }
}
