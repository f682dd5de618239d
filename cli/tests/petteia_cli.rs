//! The `lapilli` program running Petteia and Ludus Latrunculorum.

mod common;

use common::{error, json, lapilli};

#[test]
fn info_json_for_both_games_and_sizes() {
    let j = json(&["info", "petteia", "--json"]);
    assert_eq!(j["game"], "petteia");
    assert_eq!(
        (j["points"].as_u64(), j["edges"].as_u64(), j["lines"].as_u64()),
        (Some(64), Some(112), Some(16))
    );
    assert_eq!(j["automorphisms"], 8);
    assert_eq!(j["orbits"].as_array().unwrap().len(), 10);
    assert_eq!(j["orbits"][0], serde_json::json!([0, 7, 56, 63]));
    let j = json(&["info", "latrunculi", "--json", "--size", "9x10"]);
    assert_eq!(j["game"], "latrunculi");
    assert_eq!(
        (j["points"].as_u64(), j["edges"].as_u64(), j["lines"].as_u64()),
        (Some(90), Some(161), Some(19))
    );
    assert_eq!(j["automorphisms"], 1);
}

#[test]
fn perft_both_variants_and_other_sizes() {
    let j = json(&["perft", "petteia", "3", "--json"]);
    assert_eq!((j["depth"].as_u64(), j["nodes"].as_u64()), (Some(3), Some(37_796)));
    let j = json(&["perft", "petteia", "3", "--json", "--variant", "dux"]);
    assert_eq!(j["nodes"], 145_394);
    let j = json(&["perft", "latrunculi", "2", "--json"]);
    assert_eq!(j["nodes"], 2_637);
    let j = json(&["perft", "petteia", "1", "--json", "--size", "8x12"]);
    assert_eq!(j["nodes"], 64);
    let j = json(&[
        "perft",
        "petteia",
        "1",
        "--json",
        "--divide",
        "--position",
        "8/8/3M4/3m4/1Mm1mM2/8/8/3M4 w 0",
    ]);
    let divide = j["divide"].as_array().unwrap();
    assert!(divide.iter().any(|d| d[0] == "d1-d4xc4xe4xd5"), "{divide:?}");
}

#[test]
fn analyze_finds_the_triple_capture() {
    let j = json(&[
        "analyze",
        "petteia",
        "--position",
        "8/8/3M4/3m4/1Mm1mM2/8/8/3M4 w 0",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(j["best"], "d1-d4xc4xe4xd5");
    assert_eq!(j["score_text"], "win in 1 ply");
    let j = json(&["analyze", "latrunculi", "--moves", "e2-e5 d7-d4", "--depth", "2", "--json"]);
    assert!(j["nodes"].as_u64().unwrap() > 0);
    assert_eq!(j["position"], "mmmmmmmm/8/8/4D3/3d4/8/8/MMMMMMMM w 2");
}

#[test]
fn selfplay_reports_endings() {
    let j = json(&["selfplay", "petteia", "--ai", "random", "--games", "3", "--max-plies", "50", "--json"]);
    assert_eq!(j["games"], 3);
    assert_eq!(j["endings"]["ply-limit"], 3);
    let j = json(&["selfplay", "latrunculi", "--ai", "minimax:1", "--games", "2", "--json"]);
    assert_eq!(j["games"], 2);
    let endings: u64 = j["endings"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(endings, 2);
}

#[test]
fn play_draws_the_grid_and_shows_captures() {
    let out = lapilli(
        &["play", "petteia", "--human", "white", "--ai", "random"],
        "a2-a5\nb2-b3xq9\nb2-b3xc4\nquit\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("    a b c d e f g h"), "{text}");
    assert!(text.contains(" 5 [M]. . . . . . ."), "{text}");
    assert!(text.contains("last move: white a2-a5 (no capture)"), "{text}");
    assert!(text.contains("cannot read \"b2-b3xq9\": square q9 is off the 8x8 board"), "{text}");
    assert!(text.contains("this move captures nothing, not c4"), "{text}");
    let out = lapilli(&["play", "latrunculi", "--human", "none", "--ai", "random", "--max-plies", "4"], "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("white: 9 pieces, Dux on e2"), "{text}");
    assert!(text.contains("black: 9 pieces, Dux on d7"), "{text}");
    assert!(text.contains("game over: draw after 4 plies"), "{text}");
}

#[test]
fn refusals_are_clear() {
    assert!(error(&["solve", "petteia"]).contains("cannot be solved here"));
    assert!(error(&["play", "petteia", "--ai", "perfect"]).contains("--ai perfect"));
    assert!(error(&["selfplay", "latrunculi", "--ai", "perfect"]).contains("--ai perfect"));
    assert!(error(&["info", "petteia", "--variant", "king"]).contains("unknown variant"));
    assert!(error(&["info", "latrunculi", "--variant", "standard"]).contains("with the Dux"));
    assert!(error(&["info", "petteia", "--size", "20x20"]).contains("at most 128 squares"));
    assert!(error(&["info", "petteia", "--size", "eight"]).contains("not a board size"));
    assert!(
        error(&["perft", "petteia", "1", "--position", "m7/8/8/8/8/8/8/MM6 w 0"]).contains("fewer than two")
    );
    assert!(error(&["analyze", "petteia", "--moves", "a1-a3"]).contains("blocked at a2"));
    assert!(error(&["info", "terni-lapilli", "--variant", "dux"]).contains("petteia"));
}
