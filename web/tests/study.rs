//! The study routes on the router, without a socket (tower's `oneshot`):
//! the analysis stream (iterations, its end, its cap, a closed stream
//! freeing its slot), the solve, the value history with its mistakes,
//! the evaluation breakdown, and their typed errors.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use lapilli_registry::{FamilyVisitor, Registry};
use lapilli_web::{router, Config};
use serde_json::Value;
use std::time::Duration;
use tower::ServiceExt;

struct Games;
impl Registry for Games {
    fn families<F: FamilyVisitor>(f: &mut F) {
        f.family(&lapilli_terni_lapilli::descriptor::Games);
        f.family(&lapilli_morris::descriptor::Games);
        f.family(&lapilli_petteia::descriptor::Games);
    }
}

fn app(jobs: usize) -> Router {
    router::<Games>(&Config { tablebase: None, engine_jobs: jobs, body_limit: 4096 })
}

async fn call(app: &Router, request: Request<Body>) -> (StatusCode, String, String) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let kind =
        response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, kind, String::from_utf8(body.to_vec()).unwrap())
}

async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    let (status, _, body) = call(app, Request::get(uri).body(Body::empty()).unwrap()).await;
    (status, serde_json::from_str(&body).unwrap_or_else(|e| panic!("{uri}: {e}: {body}")))
}

async fn post(app: &Router, uri: &str, body: &str) -> (StatusCode, Value) {
    let request = Request::post(uri)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let (status, _, body) = call(app, request).await;
    (status, serde_json::from_str(&body).unwrap_or_else(|e| panic!("{uri}: {e}: {body}")))
}

/// The events of a whole stream: each `(event, data as JSON)`.
async fn events(app: &Router, uri: &str) -> Vec<(String, Value)> {
    let (status, kind, body) = call(app, Request::get(uri).body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    assert!(kind.starts_with("text/event-stream"), "{uri}: {kind}");
    parse_events(&body)
}

fn parse_events(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter(|frame| !frame.trim().is_empty())
        .map(|frame| {
            let field = |name: &str| {
                frame.lines().find_map(|l| l.strip_prefix(name)).map(|v| v.trim_start().to_string())
            };
            let event = field("event:").unwrap_or_else(|| panic!("no event name in {frame:?}"));
            let data = field("data:").unwrap_or_else(|| panic!("no data in {frame:?}"));
            (event, serde_json::from_str(&data).unwrap_or_else(|e| panic!("{e}: {data}")))
        })
        .collect()
}

fn kind(j: &Value) -> &str {
    assert!(j["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{j}");
    j["error"]["kind"].as_str().unwrap_or_else(|| panic!("no error kind in {j}"))
}

#[tokio::test]
async fn analysis_streams_iterations_with_legal_moves_then_ends() {
    let app = app(2);
    let (_, position) = get(&app, "/api/position?game=terni-lapilli&moves=0+4").await;
    let legal: Vec<&str> =
        position["moves"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap()).collect();
    let all = events(&app, "/api/analysis?game=terni-lapilli&moves=0+4&depth=5").await;
    let (last, iterations) = all.split_last().unwrap();
    assert_eq!(last.0, "done", "{all:?}");
    assert!(!iterations.is_empty() && iterations.iter().all(|(e, _)| e == "iteration"), "{all:?}");
    for (i, (_, j)) in iterations.iter().enumerate() {
        assert_eq!(j["depth"], i + 1, "{j}");
        assert!(legal.contains(&j["best"].as_str().unwrap()), "{j} not in {legal:?}");
        for key in ["score", "score_text", "pv", "nodes", "nps", "millis", "position"] {
            assert!(!j[key].is_null(), "{key} in {j}");
        }
        assert!(j["stop_reason"].is_null());
    }
    assert!(iterations.len() <= 5);
    assert!(
        ["depth", "proven", "exhausted"].contains(&last.1["stop_reason"].as_str().unwrap()),
        "{}",
        last.1
    );
    assert_eq!(last.1["best"], iterations.last().unwrap().1["best"]);
    // A finished game is reported, not searched.
    let over = events(&app, "/api/analysis?game=terni-lapilli&moves=0+5+1+6+2").await;
    assert_eq!(over.len(), 1);
    assert_eq!(over[0].0, "done");
    assert!(over[0].1["best"].is_null() && over[0].1["game_over"].is_string(), "{:?}", over[0]);
    // A time limit ends the stream too.
    let timed = events(&app, "/api/analysis?game=nine-mens-morris&movetime=200").await;
    let done = &timed.last().unwrap().1;
    assert_eq!(timed.last().unwrap().0, "done");
    assert!(done["best"].is_string(), "{done}");
}

#[tokio::test]
async fn a_closed_analysis_stream_frees_its_slot() {
    let app = app(1);
    let long = "/api/analysis?game=nine-mens-morris&movetime=60000";
    let open = app.clone().oneshot(Request::get(long).body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(open.status(), StatusCode::OK);
    let mut body = open.into_body();
    let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
    assert!(String::from_utf8_lossy(&frame).contains("event: iteration"), "{frame:?}");
    // The one slot is taken: another analysis is refused.
    let (status, j) = get(&app, long).await;
    assert_eq!((status, kind(&j)), (StatusCode::SERVICE_UNAVAILABLE, "resources"));
    // Closing the stream stops its search and frees the slot.
    drop(body);
    let started = std::time::Instant::now();
    let all = events(&app, "/api/analysis?game=nine-mens-morris&depth=3").await;
    assert_eq!(all.last().unwrap().0, "done", "{all:?}");
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[tokio::test]
async fn bad_analysis_requests_get_typed_errors() {
    let app = app(2);
    for (uri, status, want) in [
        ("/api/analysis?game=terni-lapilli&depth=0", StatusCode::BAD_REQUEST, "usage"),
        ("/api/analysis?game=terni-lapilli&depth=201", StatusCode::BAD_REQUEST, "usage"),
        ("/api/analysis?game=terni-lapilli&movetime=0", StatusCode::BAD_REQUEST, "usage"),
        ("/api/analysis?game=terni-lapilli&movetime=60001", StatusCode::BAD_REQUEST, "usage"),
        ("/api/analysis?game=terni-lapilli&movetime=fast", StatusCode::BAD_REQUEST, "usage"),
        ("/api/analysis?game=terni-lapilli&nodes=5", StatusCode::BAD_REQUEST, "usage"),
        ("/api/analysis?game=chess", StatusCode::NOT_FOUND, "option"),
        ("/api/analysis?game=terni-lapilli&moves=0+0", StatusCode::BAD_REQUEST, "move"),
        ("/api/analysis?game=terni-lapilli&position=BBB", StatusCode::BAD_REQUEST, "position"),
    ] {
        let (s, j) = get(&app, uri).await;
        assert_eq!((s, kind(&j)), (status, want), "{uri}: {j}");
    }
}

#[tokio::test]
async fn terni_lapilli_solves_to_a_draw_as_the_command_line_says() {
    let app = app(2);
    let (status, j) = post(&app, "/api/solve", r#"{"game": "terni-lapilli"}"#).await;
    assert_eq!(status, StatusCode::OK, "{j}");
    // `lapilli solve terni-lapilli --json`: the start is a draw.
    assert_eq!(
        (j["id"].as_str(), j["game"].as_str(), j["value"].as_str()),
        (Some("terni-lapilli"), Some("terni-lapilli"), Some("draw"))
    );
    assert!(j["plies"].is_null());
    // The rules in words name the game, as every variant's do.
    assert_eq!(
        j["variant"],
        "terni-lapilli: the wheel, 3 pieces each, steps along the lines; centre allowed on the first placement"
    );
    for key in ["variant", "reachable", "orbits", "automorphisms", "millis", "principal_variation"] {
        assert!(!j[key].is_null(), "{key} in {j}");
    }
    let r = &j["reachable"];
    let total = r["total"].as_u64().unwrap();
    assert!(
        total > 0
            && total
                == r["win"].as_u64().unwrap() + r["loss"].as_u64().unwrap() + r["draw"].as_u64().unwrap()
    );
    assert!(!j["principal_variation"].as_array().unwrap().is_empty());
    // The stream gives the same solution as its last event.
    let all = events(&app, "/api/solve?game=tapatan").await;
    let (name, solved) = all.last().unwrap();
    assert_eq!(name, "solved", "{all:?}");
    assert_eq!(solved["id"], "tapatan");
    assert!(solved["variant"].as_str().unwrap().starts_with("tapatan: "), "{solved}");
    for (uri, body, status, want) in [
        ("/api/solve", r#"{"game": "nine-mens-morris"}"#, StatusCode::BAD_REQUEST, "unsolvable"),
        ("/api/solve", r#"{"game": "chess"}"#, StatusCode::NOT_FOUND, "option"),
        ("/api/solve", r#"{"name": "terni-lapilli"}"#, StatusCode::BAD_REQUEST, "usage"),
        ("/api/solve", "not json", StatusCode::BAD_REQUEST, "usage"),
    ] {
        let (s, j) = post(&app, uri, body).await;
        assert_eq!((s, kind(&j)), (status, want), "{body}: {j}");
    }
    let (s, j) = get(&app, "/api/solve?game=latrunculi").await;
    assert_eq!((s, kind(&j)), (StatusCode::BAD_REQUEST, "unsolvable"), "{j}");
    let (s, j) = get(&app, "/api/solve?gam=x").await;
    assert_eq!((s, kind(&j)), (StatusCode::BAD_REQUEST, "usage"), "{j}");
}

#[tokio::test]
async fn the_history_marks_the_ply_that_lost_the_draw() {
    let app = app(2);
    // After Black's 0, find a White reply that loses (its value for the
    // mover, from /api/position, is a loss), and play it.
    let (_, j) = get(&app, "/api/position?game=terni-lapilli&moves=0").await;
    let losing =
        j["moves"].as_array().unwrap().iter().find(|m| m["value"] == "loss").expect("a losing reply");
    let reply = losing["move"].as_str().unwrap();
    let drawing =
        j["moves"].as_array().unwrap().iter().find(|m| m["value"] == "draw").expect("a drawing reply");
    let good = drawing["move"].as_str().unwrap();
    let (status, h) = get(&app, &format!("/api/history?game=terni-lapilli&moves=0+{reply}")).await;
    assert_eq!(status, StatusCode::OK, "{h}");
    assert_eq!(h["solved"], true);
    let plies = h["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 2);
    assert_eq!((plies[0]["move"].as_str(), plies[0]["side"].as_str()), (Some("0"), Some("black")));
    assert_eq!(
        (plies[0]["value_before"].as_str(), plies[0]["value_after"].as_str()),
        (Some("draw"), Some("draw"))
    );
    assert_eq!(plies[0]["mistake"], false);
    assert_eq!(
        (plies[1]["value_before"].as_str(), plies[1]["value_after"].as_str()),
        (Some("draw"), Some("loss"))
    );
    assert_eq!(plies[1]["side"], "white");
    assert!(plies[1]["plies_after"].as_u64().is_some());
    assert_eq!(plies[1]["mistake"], true);
    assert_eq!(h["mistakes"], serde_json::json!([2]));
    let (_, h) = get(&app, &format!("/api/history?game=terni-lapilli&moves=0+{good}")).await;
    assert_eq!(h["mistakes"], serde_json::json!([]));
    // No moves, no plies; uncovered games have no values and no mistakes.
    let (_, h) = get(&app, "/api/history?game=terni-lapilli").await;
    assert_eq!(h["plies"], serde_json::json!([]));
    let (_, h) = get(&app, "/api/history?game=nine-mens-morris&moves=a1+d7").await;
    assert_eq!(h["solved"], false);
    assert!(h["plies"][1]["value_before"].is_null() && h["plies"][1]["mistake"] == false, "{h}");
    let (s, j) = get(&app, "/api/history?game=terni-lapilli&moves=0+0").await;
    assert_eq!((s, kind(&j)), (StatusCode::BAD_REQUEST, "move"));
}

#[tokio::test]
async fn terni_lapilli_evaluation_is_broken_down_by_line() {
    let app = app(2);
    // Black on 0 and 1, White on 5 and 6, Black to move (seed 000's
    // example with White added).
    let (status, j) = get(&app, "/api/eval?game=terni-lapilli&moves=0+5+1+6").await;
    assert_eq!(status, StatusCode::OK, "{j}");
    assert_eq!(j["side"], "black");
    let terms = j["terms"].as_array().unwrap();
    let sum: i64 = terms.iter().map(|t| t["score"].as_i64().unwrap()).sum();
    assert_eq!(j["total"].as_i64(), Some(sum));
    let threat = terms.iter().find(|t| t["kind"] == "threat").expect("a threat");
    assert_eq!(
        (threat["own"].as_u64(), threat["opponent"].as_u64(), threat["empty"].as_u64()),
        (Some(2), Some(0), Some(1))
    );
    assert_eq!(threat["score"], 500);
    assert_eq!(threat["line"].as_array().unwrap().len(), 3);
    assert!(terms.iter().any(|t| t["kind"] == "opponent threat" && t["score"] == -500), "{j}");
    // Seed 000's figure: Black on 0 and 1 alone scores +1040; here White's
    // 5-6 adds its own threat and potentials and takes some of Black's.
    let (_, start) = get(&app, "/api/eval?game=terni-lapilli").await;
    assert_eq!((start["total"].as_i64(), start["terms"].as_array().map(Vec::len)), (Some(0), Some(0)));
    let (s, e) = get(&app, "/api/eval?game=nine-mens-morris").await;
    assert_eq!((s, kind(&e)), (StatusCode::BAD_REQUEST, "usage"));
    let (s, e) = get(&app, "/api/eval?game=tapatan&moves=zz").await;
    assert_eq!((s, kind(&e)), (StatusCode::BAD_REQUEST, "move"));
}

#[tokio::test]
async fn the_study_module_is_served_and_has_its_place() {
    let app = app(2);
    let (status, kind, body) =
        call(&app, Request::get("/assets/study.js").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/javascript"), "{kind}");
    for route in ["/api/analysis", "/api/solve", "/api/history", "/api/eval"] {
        assert!(body.contains(route), "study.js does not use {route}");
    }
    let (_, _, page) = call(&app, Request::get("/").body(Body::empty()).unwrap()).await;
    assert!(page.contains("id=\"study\""), "the page has no #study section");
    let (_, _, script) = call(&app, Request::get("/assets/app.js").body(Body::empty()).unwrap()).await;
    assert!(script.contains("./study.js"), "app.js does not import study.js");
}

#[tokio::test]
async fn the_engine_probes_the_tablebase_folder() {
    // Six Men's Morris tables of 3 against 3 (the morris crate's own
    // endgame build), served as the --tablebase folder.
    let dir = std::env::temp_dir().join(format!("lapilli-web-engine-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let six =
        lapilli_registry::with_game_id::<Games, _>("six-mens-morris", BuildEndgames(dir.clone())).unwrap();
    assert_eq!(six, ["w3b3x", "w3b3"]);
    let app = router::<Games>(&Config { tablebase: Some(dir.clone()), engine_jobs: 2, body_limit: 4096 });
    // White's c4-c5 closes the top row, and the removal leaves Black two
    // pieces: the tables value the mill at once as a win in 2 plies
    // (WIN - 2), where a depth-1 search alone sees only the evaluation.
    let position = "W.W.BB../.W....B.+w+0+0+-+six-mens-morris";
    let body = format!(
        r#"{{"game": "six-mens-morris", "side": "minimax:1", "position": "{}"}}"#,
        position.replace('+', " ")
    );
    let (status, j) = post(&app, "/api/ai", &body).await;
    assert_eq!(status, StatusCode::OK, "{j}");
    assert_eq!((j["best"].as_str(), j["score"].as_i64()), (Some("c4-c5"), Some(999_998)), "{j}");
    let all = events(&app, &format!("/api/analysis?game=six-mens-morris&position={position}&depth=1")).await;
    let (name, first) = &all[0];
    assert_eq!(name, "iteration", "{all:?}");
    assert_eq!((first["best"].as_str(), first["score"].as_i64()), (Some("c4-c5"), Some(999_998)), "{first}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Builds the variant's endgame tables of 3 pieces a side into a folder,
/// naming the tiers built.
struct BuildEndgames(std::path::PathBuf);
impl lapilli_registry::GameVisitor for BuildEndgames {
    type Output = Vec<String>;
    fn visit<V: lapilli_registry::VariantDescriptor>(self, v: V) -> Vec<String> {
        let support = v.tablebases().unwrap();
        let options = lapilli_tablebase::BuildOptions::default();
        let reports =
            (support.build_endgames)(Some(3), &self.0, &options, &lapilli_tablebase::Silent).unwrap();
        reports.into_iter().map(|r| r.tier).collect()
    }
}
