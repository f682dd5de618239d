//! `POST /api/setup` on the router, without a socket (tower's `oneshot`):
//! a set-up of each family that round-trips to the position text expected,
//! and refusals of kind `position`.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use lapilli_registry::{FamilyVisitor, Registry};
use lapilli_web::{router, Config};
use serde_json::{json, Value};
use tower::ServiceExt;

struct Games;
impl Registry for Games {
    fn families<F: FamilyVisitor>(f: &mut F) {
        f.family(&lapilli_terni_lapilli::descriptor::Games);
        f.family(&lapilli_morris::descriptor::Games);
        f.family(&lapilli_petteia::descriptor::Games);
    }
}

async fn setup(body: Value) -> (StatusCode, Value) {
    let config = Config { tablebase: None, engine_jobs: 2, body_limit: 1 << 16 };
    let request = Request::post("/api/setup")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router::<Games>(&config).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

/// `n` empty points with `pieces` (point, side, kind) on them.
fn board(n: usize, pieces: &[(usize, &str, &str)]) -> Vec<Value> {
    let mut points = vec![Value::Null; n];
    for &(p, side, kind) in pieces {
        points[p] = json!({"side": side, "kind": kind});
    }
    points
}

/// The position of a set-up that the rules take.
async fn taken(body: Value) -> Value {
    let (status, j) = setup(body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body} -> {j}");
    j
}

/// The message of a set-up refused with kind `position`.
async fn refused(body: Value) -> String {
    let (status, j) = setup(body.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body} -> {j}");
    assert_eq!(j["error"]["kind"], "position", "{j}");
    j["error"]["message"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn set_up_bodies_of_the_wrong_shape_are_usage_errors() {
    let (status, j) = setup(json!({"game": "terni-lapilli", "side_to_move": "black"})).await;
    assert_eq!((status, j["error"]["kind"].as_str()), (StatusCode::BAD_REQUEST, Some("usage")), "{j}");
    let (status, j) = setup(json!({"game": "go", "occupants": [], "side_to_move": "black"})).await;
    assert_eq!((status, j["error"]["kind"].as_str()), (StatusCode::NOT_FOUND, Some("option")), "{j}");
}

#[tokio::test]
async fn terni_lapilli_set_ups_round_trip_or_are_refused() {
    let pieces = board(9, &[(0, "black", "piece"), (4, "white", "piece"), (8, "black", "piece")]);
    let j = taken(json!({"game": "terni-lapilli", "occupants": pieces, "side_to_move": "white"})).await;
    assert_eq!(j["position"], "B...W...B w");
    assert_eq!(j["side_to_move"], "white");
    assert!(j["moves"].as_array().is_some_and(|m| !m.is_empty()), "{j}");
    let j = taken(json!({"game": "tapatan", "occupants": board(9, &[]), "side_to_move": "black"})).await;
    assert_eq!(j["position"], "......... b tapatan");

    let four = board(
        9,
        &[(0, "black", "piece"), (1, "black", "piece"), (2, "black", "piece"), (3, "black", "piece")],
    );
    refused(json!({"game": "terni-lapilli", "occupants": four, "side_to_move": "white"})).await;
    let m =
        refused(json!({"game": "terni-lapilli", "occupants": board(8, &[]), "side_to_move": "black"})).await;
    assert!(m.contains("8 points") && m.contains('9'), "{m}");
    let m =
        refused(json!({"game": "terni-lapilli", "occupants": board(9, &[]), "side_to_move": "red"})).await;
    assert!(m.contains("red"), "{m}");
}

#[tokio::test]
async fn morris_set_ups_have_pieces_in_hand_and_removals() {
    let pieces = board(24, &[(0, "white", "piece"), (8, "black", "piece")]);
    let body = json!({"game": "nine-mens-morris", "occupants": pieces, "side_to_move": "white",
        "in_hand": {"white": 8, "black": 8}});
    assert_eq!(taken(body).await["position"], "W......./B......./........ w 8 8 -");
    let pieces = board(16, &[(0, "white", "piece"), (1, "black", "piece")]);
    let body = json!({"game": "six-mens-morris", "occupants": pieces, "side_to_move": "white",
        "in_hand": {"white": 5, "black": 5}});
    assert_eq!(taken(body).await["position"], "WB....../........ w 5 5 - six-mens-morris");

    let pieces = board(24, &[(0, "white", "piece")]);
    let too_many = json!({"game": "nine-mens-morris", "occupants": pieces, "side_to_move": "white",
        "in_hand": {"white": 9, "black": 9}});
    refused(too_many).await;
    let m = refused(json!({"game": "nine-mens-morris", "occupants": board(24, &[]), "side_to_move": "white",
        "in_hand": {"white": 9, "green": 9}}))
    .await;
    assert!(m.contains("green"), "{m}");
}

#[tokio::test]
async fn petteia_set_ups_have_men_and_duxes() {
    let pieces = board(64, &[(0, "white", "piece"), (63, "black", "piece"), (9, "white", "piece")]);
    let j = taken(json!({"game": "petteia", "occupants": pieces, "side_to_move": "black"})).await;
    assert_eq!(j["position"], "7m/8/8/8/8/8/1M6/M7 b 0");
    let pieces = board(
        64,
        &[(0, "white", "dux"), (1, "white", "piece"), (63, "black", "dux"), (62, "black", "piece")],
    );
    let j = taken(json!({"game": "latrunculi", "occupants": pieces.clone(), "side_to_move": "white"})).await;
    let text = j["position"].as_str().unwrap();
    assert!(text.starts_with("6md/8/8/8/8/8/8/DM6 w 0"), "{text}");

    let m = refused(json!({"game": "petteia", "occupants": pieces, "side_to_move": "white"})).await;
    assert!(m.to_lowercase().contains("dux"), "{m}");
    let kings = board(64, &[(0, "white", "king")]);
    let m = refused(json!({"game": "petteia", "occupants": kings, "side_to_move": "white"})).await;
    assert!(m.contains("king"), "{m}");
}

#[tokio::test]
async fn refusals_speak_of_the_set_up() {
    // One message per family, in the words of a set-up: pieces on the
    // board and in hand, never the fields of a position text.
    let four = board(
        9,
        &[(0, "black", "piece"), (1, "black", "piece"), (2, "black", "piece"), (3, "black", "piece")],
    );
    let m = refused(json!({"game": "terni-lapilli", "occupants": four, "side_to_move": "white"})).await;
    assert_eq!(m, "the set-up: black has 4 pieces; each side has 3");
    let body = json!({"game": "terni-lapilli", "occupants": board(9, &[]), "side_to_move": "black",
        "in_hand": {"black": 2, "white": 0}});
    let m = refused(body).await;
    assert_eq!(
        m,
        "the set-up: this game keeps no pieces in hand in a set-up: every piece stands on the board"
    );

    let one = board(24, &[(0, "white", "piece")]);
    let body = json!({"game": "nine-mens-morris", "occupants": one, "side_to_move": "white",
        "in_hand": {"white": 13, "black": 9}});
    let m = refused(body).await;
    assert_eq!(
        m,
        "the set-up: white has 13 pieces in hand; at most 9, the pieces a side has in Nine Men's Morris"
    );
    let body = json!({"game": "nine-mens-morris", "occupants": one, "side_to_move": "white",
        "in_hand": {"white": 9, "black": 9}});
    let m = refused(body).await;
    assert_eq!(
        m,
        "the set-up: white has 1 on the board and 9 in hand, 10 pieces; a side has 9 in Nine Men's Morris"
    );

    let men = board(
        64,
        &[(0, "white", "piece"), (1, "white", "piece"), (63, "black", "piece"), (62, "black", "piece")],
    );
    let m = refused(json!({"game": "latrunculi", "occupants": men, "side_to_move": "white"})).await;
    assert_eq!(m, "the set-up: no Dux on the board: latrunculi is played with one, so give a side its Dux");
}
