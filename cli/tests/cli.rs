//! The `lapilli` program as a user runs it.

mod common;

use common::{json, lapilli};
use serde_json::Value as Json;
use std::process::{Command, Stdio};

#[test]
fn solve_json_has_the_documented_keys_and_values() {
    let j = json(&["solve", "terni-lapilli", "--json"]);
    assert_eq!(j["game"], "terni-lapilli");
    assert_eq!(j["value"], "draw");
    assert_eq!(j["plies"], Json::Null);
    assert_eq!(j["reachable"]["total"], 5230);
    assert_eq!(j["reachable"]["win"], 3040);
    assert_eq!(j["reachable"]["loss"], 1052);
    assert_eq!(j["reachable"]["draw"], 1138);
    assert_eq!(j["movement"]["total"], 2880);
    assert_eq!(j["orbits"], 368);
    assert!(j["millis"].as_f64().unwrap() >= 0.0);
    assert!(!j["principal_variation"].as_array().unwrap().is_empty());

    let j = json(&["solve", "terni-lapilli", "--json", "--no-centre-first"]);
    assert_eq!(j["reachable"]["total"], 5221);
    assert_eq!(j["principal_variation"][0], "0");
}

#[test]
fn solve_text_names_value_counts_and_line() {
    let out = lapilli(&["solve", "terni-lapilli"], "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("value of the start for Black (first player): draw"), "{text}");
    assert!(text.contains("5230 (win 3040, loss 1052, draw 1138)"), "{text}");
    assert!(text.contains("principal line"), "{text}");
}

#[test]
fn info_json() {
    let j = json(&["info", "terni-lapilli", "--json"]);
    assert_eq!(
        (j["points"].as_u64(), j["edges"].as_u64(), j["lines"].as_u64()),
        (Some(9), Some(16), Some(12))
    );
    assert_eq!(j["automorphisms"], 16);
    assert_eq!(j["orbits"], serde_json::json!([[0, 1, 2, 3, 4, 5, 6, 7], [8]]));
}

#[test]
fn perft_json_and_bad_positions() {
    let j = json(&["perft", "terni-lapilli", "5", "--json"]);
    assert_eq!((j["depth"].as_u64(), j["nodes"].as_u64()), (Some(5), Some(15120)));
    let j = json(&[
        "perft",
        "terni-lapilli",
        "1",
        "--json",
        "--no-centre-first",
        "--position",
        "......... b no-centre-first",
    ]);
    assert_eq!(j["nodes"], 8);
    let j = json(&["perft", "terni-lapilli", "2", "--json", "--divide", "--position", "B.......W b"]);
    assert_eq!(j["nodes"], 42);
    assert_eq!(j["divide"].as_array().unwrap().len(), 7);

    let out = lapilli(&["perft", "terni-lapilli", "2", "--position", "B.......W w"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("black to move"), "{err}");
    // A position of the other variant than the one chosen is refused.
    let out = lapilli(&["perft", "terni-lapilli", "1", "--no-centre-first", "--position", "......... b"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the command chose"));
}

#[test]
fn unknown_options_are_refused() {
    let out = lapilli(&["play", "terni-lapilli", "--ai", "minimax:0"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("minimax:N"));
    let out = lapilli(&["solve", "chess"], "");
    assert!(!out.status.success());
    // the registry's names are the possible values
    assert!(String::from_utf8_lossy(&out.stderr).contains("terni-lapilli"));
    let out = lapilli(&["play", "terni-lapilli", "--human", "red"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("black and white"));
}

#[test]
fn a_human_gets_clear_messages_and_a_new_prompt() {
    let out = lapilli(&["play", "terni-lapilli", "--ai", "random"], "4\n4\nfoo\n0-1\nmoves\nquit\n");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("illegal move 4: the target point is occupied"), "{text}");
    assert!(text.contains("cannot read \"foo\""), "{text}");
    assert!(text.contains("illegal move 0-1: pieces are still being placed"), "{text}");
    assert!(text.contains("legal moves:"), "{text}");
    assert!(text.contains("game abandoned"), "{text}");
    assert!(text.matches("black to move>").count() >= 5, "a new prompt after each refusal");
}

#[test]
fn two_ais_finish_a_game() {
    for ai in ["perfect", "random", "minimax:3"] {
        let out = lapilli(&["play", "terni-lapilli", "--human", "none", "--ai", ai], "");
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("game over:"), "{ai}: {text}");
        if ai == "perfect" {
            // perfect play from the start is a draw
            assert!(text.contains("draw"), "{text}");
        }
    }
}

#[test]
fn analyze_reports_best_move_score_and_pv() {
    let j = json(&["analyze", "terni-lapilli", "--position", "BB.WW.... b", "--json"]);
    for key in ["best", "score", "pv", "depth", "nodes", "nps", "millis"] {
        assert!(j.get(key).is_some(), "missing {key}: {j}");
    }
    assert_eq!(j["best"], "2");
    assert_eq!(j["score"], 999_999);
    assert_eq!(j["score_text"], "win in 1 ply");
    assert_eq!(j["pv"], serde_json::json!(["2"]));

    // From the start: a proven draw, so never a mate score, and the PV
    // starts with the best move.
    let j = json(&["analyze", "terni-lapilli", "--depth", "9", "--json"]);
    assert_eq!(j["depth"], 9);
    assert!(j["score"].as_i64().unwrap().abs() < 10_000);
    assert_eq!(j["pv"][0], j["best"]);
    let j = json(&["analyze", "terni-lapilli", "--millis", "50", "--threads", "2", "--json"]);
    assert!(j["depth"].as_u64().unwrap() >= 1);

    let text = String::from_utf8(lapilli(&["analyze", "terni-lapilli", "--moves", "0 4 1 2 6 3"], "").stdout)
        .unwrap();
    assert!(text.contains("game over: white wins: three in a line"), "{text}");
    let out = lapilli(&["analyze", "terni-lapilli", "--moves", "0 0"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 2 (\"0\")"));
}

#[test]
fn a_closed_pipe_is_not_a_crash() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lapilli"))
        .args(["info", "terni-lapilli"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // close the reading end at once
    let out = child.wait_with_output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn a_variant_id_names_the_game_as_its_flags_do() {
    // The id and the flags choose the same variant.
    let by_id = json(&["solve", "terni-lapilli+no-centre-first", "--json"]);
    let by_flag = json(&["solve", "terni-lapilli", "--no-centre-first", "--json"]);
    assert_eq!(by_id["reachable"], by_flag["reachable"]);
    assert_eq!(by_id["reachable"]["total"], 5221);
    // Three pieces a side fly (30 plies) where the flag or the id says so,
    // and slide (7) where neither does.
    let flying = "W.W.BB../.W....B. w 0 0 - six-mens-morris flying";
    let by_id = json(&["perft", "six-mens-morris+flying", "1", "--position", flying, "--json"]);
    let by_flag = json(&["perft", "six-mens-morris", "--flying", "1", "--position", flying, "--json"]);
    assert_eq!((&by_id["nodes"], &by_flag["nodes"]), (&Json::from(30), &Json::from(30)));
    let sliding = "W.W.BB../.W....B. w 0 0 - six-mens-morris";
    assert_eq!(json(&["perft", "six-mens-morris", "1", "--position", sliding, "--json"])["nodes"], 7);
    // An id naming no game, or an option a game does not have, is refused
    // as a name or an option is.
    let (_, e) = common::json_error(&["perft", "chess+flying", "1", "--json"], 2);
    assert!(e.contains("chess"), "{e}");
    let (_, e) = common::json_error(&["perft", "petteia+flying", "1", "--json"], 2);
    assert!(e.contains("flying"), "{e}");
    let (_, e) = common::json_error(&["perft", "petteia+", "1", "--json"], 2);
    assert!(e.contains("variant id"), "{e}");
}
