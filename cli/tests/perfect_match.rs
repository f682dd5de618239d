//! `lapilli match --against-perfect` and `lapilli uci --perfect`: the
//! perfect player against itself keeps every value, a weak engine loses
//! value and is counted, the seeded openings and start positions come back
//! with the same seed, the report's keys, and the errors.

mod common;

use common::{json_error, lapilli, TempDir};
use serde_json::Value as Json;

/// The program as an engine command line.
fn engine(args: &str) -> String {
    format!("{} {args}", env!("CARGO_BIN_EXE_lapilli"))
}

/// Runs a match with `--json` and `--log`, returning the summary and the
/// log's lines.
fn perfect_match(dir: &TempDir, args: &[&str]) -> (Json, Vec<Json>) {
    let log = dir.join("games.jsonl");
    let log = log.to_str().unwrap();
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--against-perfect", "--json", "--log", log]);
    let out = lapilli(&all, "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{all:?}: {stderr}");
    let summary: Json = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let lines = std::fs::read_to_string(log).unwrap();
    (summary, lines.lines().map(|l| serde_json::from_str(l).unwrap()).collect())
}

/// The games of a log.
fn games(log: &[Json]) -> Vec<&Json> {
    log.iter().filter(|l| l["type"] == "game").collect()
}

#[test]
fn the_perfect_player_against_itself_never_changes_the_value() {
    let dir = TempDir::new("perfect-self");
    let first = engine("uci terni-lapilli --perfect --seed 11");
    let (summary, log) = perfect_match(
        &dir,
        &["terni-lapilli", "--first", &first, "--depth", "1", "--openings", "8", "--seed", "5"],
    );
    let all = &summary["perfect"]["all"];
    assert_eq!(all["games"], 16, "{summary}");
    assert_eq!(all["at_value"], 16, "{summary}");
    assert_eq!(all["games_with_drop"], 0, "{summary}");
    assert_eq!(all["perfect_drops"], 0, "{summary}");
    assert_eq!(all["drawn_starts_lost"], 0);
    assert_eq!(all["won_starts_not_won"], 0);
    for game in games(&log) {
        let p = &game["perfect"];
        assert_eq!(p["first_drop"], Json::Null, "{game}");
        assert_eq!(p["result"], p["start"], "{game}");
        // Every value along the game is of the start's kind (W, D or L).
        let kind = p["start_value"].as_str().unwrap().chars().next().unwrap();
        let opening = game["opening_plies"].as_u64().unwrap() as usize;
        for v in &p["values"].as_array().unwrap()[opening..] {
            assert_eq!(v.as_str().unwrap().chars().next(), Some(kind), "{game}");
        }
    }
    assert_eq!(summary["disagreements"].as_array().unwrap().len(), 0);
}

#[test]
fn a_weak_engine_loses_value_and_the_report_counts_it() {
    let dir = TempDir::new("perfect-weak");
    let (summary, log) =
        perfect_match(&dir, &["terni-lapilli", "--depth", "1", "--openings", "10", "--seed", "3"]);
    let all = &summary["perfect"]["all"];
    assert!(all["games_with_drop"].as_u64().unwrap() > 0, "{summary}");
    assert!(all["drawn_starts_lost"].as_u64().unwrap() > 0, "{summary}");
    assert_eq!(all["perfect_drops"], 0, "{summary}");
    let mut drops = Vec::new();
    for game in games(&log) {
        let p = &game["perfect"];
        let values: Vec<&str> = p["values"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        let opening = game["opening_plies"].as_u64().unwrap() as usize;
        let rank = |v: &str| match v.as_bytes()[0] {
            b'w' => 2,
            b'd' => 1,
            _ => 0,
        };
        // The first drop is the first ply after the opening whose value is
        // lower than the one before, and the engine played it.
        let first = (opening..values.len() - 1).find(|&i| rank(values[i + 1]) < rank(values[i]));
        match (&p["first_drop"], first) {
            (Json::Null, None) => {}
            (d, Some(i)) => {
                assert_eq!(d["ply"], i + 1, "{game}");
                assert_eq!(d["move"], game["moves"][i], "{game}");
                assert_eq!(d["before"], values[i], "{game}");
                // Black moves first in Terni Lapilli: ply i + 1 is the
                // engine's when i is even for black.
                let engine_black = game["first_engine_side"] == "black";
                assert_eq!(i % 2 == 0, engine_black, "{game}");
                drops.push(i + 1);
            }
            (d, None) => panic!("a drop {d} where the values show none: {game}"),
        }
        let at = p["result"] == p["start"];
        assert_eq!(p["at_value"], at, "{game}");
    }
    drops.sort_unstable();
    assert_eq!(all["first_drop_plies"], serde_json::json!(drops));
    // Per colour sums to all.
    for key in ["games", "at_value", "drawn_starts_lost", "won_starts_not_won", "games_with_drop"] {
        let by = &summary["perfect"]["by_side"];
        assert_eq!(
            by["black"][key].as_u64().unwrap() + by["white"][key].as_u64().unwrap(),
            all[key],
            "{key}"
        );
    }
}

#[test]
fn the_report_has_its_keys_and_the_openings_come_back_with_the_seed() {
    let dir = TempDir::new("perfect-keys");
    let args = ["terni-lapilli", "--depth", "2", "--openings", "4", "--seed", "77"];
    let (summary, log) = perfect_match(&dir, &args);
    let perfect = summary["perfect"].as_object().unwrap();
    let keys: Vec<&str> = perfect.keys().map(String::as_str).collect();
    assert_eq!(keys, ["all", "by_side", "seed", "values"]);
    assert_eq!(summary["perfect"]["values"], "the solution");
    assert_eq!(summary["against_perfect"]["seed"], 77);
    let colour = summary["perfect"]["by_side"]["black"].as_object().unwrap();
    let keys: Vec<&str> = colour.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "at_value",
            "drawn_starts",
            "drawn_starts_lost",
            "first_drop_median",
            "first_drop_plies",
            "games",
            "games_with_drop",
            "lost_starts",
            "lost_starts_saved",
            "not_covered",
            "perfect_drops",
            "won_starts",
            "won_starts_not_won"
        ]
    );
    let game = games(&log)[0]["perfect"].as_object().unwrap();
    let keys: Vec<&str> = game.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "at_value",
            "drops",
            "engine_side",
            "first_drop",
            "perfect_drops",
            "result",
            "start",
            "start_value",
            "values"
        ]
    );
    assert!(summary["second"]["command"]
        .as_str()
        .unwrap()
        .ends_with("uci terni-lapilli --perfect --seed 77"));
    // The same seed: the same openings and, at a fixed depth, the same
    // games; another seed, other openings.
    let (_, again) = perfect_match(&dir, &args);
    let moves = |log: &[Json]| games(log).iter().map(|g| g["moves"].clone()).collect::<Vec<_>>();
    assert_eq!(log[0]["opening_list"], again[0]["opening_list"]);
    assert_eq!(moves(&log), moves(&again));
    let (_, other) =
        perfect_match(&dir, &["terni-lapilli", "--depth", "2", "--openings", "4", "--seed", "78"]);
    assert_ne!(log[0]["opening_list"], other[0]["opening_list"]);
    // The long help documents the keys.
    let help = String::from_utf8(lapilli(&["match", "--help"], "").stdout).unwrap();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let more = ["against_perfect", "start_positions"].map(String::from);
    for key in colour.keys().chain(game.keys()).chain(more.iter()) {
        assert!(help.contains(key.as_str()), "{key} is not in `lapilli match --help`");
    }
    let help = String::from_utf8(lapilli(&["uci", "--help"], "").stdout).unwrap();
    assert!(help.contains("--perfect"), "{help}");
}

#[test]
fn start_positions_are_drawn_from_the_tables_won_drawn_and_lost_by_turns() {
    let dir = TempDir::new("perfect-tables");
    let tb = dir.join("tb");
    let tb = tb.to_str().unwrap();
    let built = lapilli(&["tablebase", "build", "six-mens-morris", "--max-pieces", "3", "--out", tb], "");
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    let args = ["six-mens-morris", "--tablebase", tb, "--depth", "1", "--openings", "6", "--seed", "3"];
    let (summary, log) = perfect_match(&dir, &args);
    let starts = log[0]["start_positions"].as_array().unwrap().clone();
    assert_eq!(starts.len(), 6);
    let (_, again) = perfect_match(&dir, &args);
    assert_eq!(again[0]["start_positions"], log[0]["start_positions"]);
    // Each position is played with both colours: its value for the one
    // side is the other's flipped, and by turns the side to move wins,
    // draws, loses.
    let games = games(&log);
    for (i, start) in starts.iter().enumerate() {
        let (a, b) = (&games[2 * i]["perfect"], &games[2 * i + 1]["perfect"]);
        let flip = |w: &str| match w {
            "win" => "loss",
            "loss" => "win",
            _ => "draw",
        };
        assert_eq!(flip(a["start"].as_str().unwrap()), b["start"], "{start}");
        let to_move = if start.as_str().unwrap().contains(" w ") { "white" } else { "black" };
        let mover = if a["engine_side"] == to_move { a } else { b };
        assert_eq!(mover["start"], ["win", "draw", "loss"][i % 3], "{start}");
        assert_eq!(games[2 * i]["opening_plies"], 0);
    }
    let all = &summary["perfect"]["all"];
    assert_eq!(all["won_starts"], 4);
    assert_eq!(all["drawn_starts"], 4);
    assert_eq!(all["lost_starts"], 4);
    assert!(summary["perfect"]["values"].as_str().unwrap().starts_with("the endgame tables of"));
}

#[test]
fn the_perfect_engine_answers_a_best_ply_and_varies_with_the_seed() {
    let mut plies = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let out = lapilli(
            &["uci", "terni-lapilli", "--perfect", "--seed", &seed.to_string()],
            "uci\nposition startpos\ngo movetime 5\nquit\n",
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("id name lapilli perfect"), "{text}");
        assert!(text.contains("score cp 0"), "the start is drawn: {text}");
        let best = text.lines().find_map(|l| l.strip_prefix("bestmove ")).unwrap().to_string();
        let again = lapilli(
            &["uci", "terni-lapilli", "--perfect", "--seed", &seed.to_string()],
            "position startpos\ngo\nquit\n",
        );
        assert!(String::from_utf8(again.stdout).unwrap().contains(&format!("bestmove {best}")));
        plies.insert(best);
    }
    assert!(plies.len() > 1, "one ply for every seed: {plies:?}");
}

#[test]
fn bad_input_is_a_typed_error() {
    let (kind, message) = json_error(&["match", "nine-mens-morris", "--against-perfect", "--json"], 2);
    assert_eq!(kind, "unsolvable", "{message}");
    assert!(message.contains("--tablebase DIR"), "{message}");
    let dir = TempDir::new("perfect-errors");
    let missing = dir.join("none");
    let missing = missing.to_str().unwrap();
    let (kind, message) =
        json_error(&["match", "six-mens-morris", "--against-perfect", "--tablebase", missing, "--json"], 2);
    assert_eq!(kind, "tablebase", "{message}");
    // --tablebase needs --against-perfect; --against-perfect replaces
    // --second.
    for args in [
        vec!["match", "six-mens-morris", "--tablebase", missing, "--json"],
        vec!["match", "terni-lapilli", "--against-perfect", "--second", "x", "--json"],
    ] {
        let (kind, _) = json_error(&args, 2);
        assert_eq!(kind, "usage", "{args:?}");
    }
    // --seed without --perfect seeds the engine's variety; a seed that is
    // not a number is refused.
    let out = lapilli(&["uci", "terni-lapilli", "--seed", "3"], "");
    assert_eq!(out.status.code(), Some(0), "--seed without --perfect");
    let out = lapilli(&["uci", "terni-lapilli", "--seed", "three"], "");
    assert_eq!(out.status.code(), Some(2), "a seed that is not a number");
    // A negative seed is read as a value and refused as one (not taken
    // for an unknown option).
    for args in [
        &["uci", "terni-lapilli", "--seed", "-1"][..],
        &["selfplay", "terni-lapilli", "--seed", "-1"],
        &["match", "terni-lapilli", "--seed", "-1"],
        &["play", "terni-lapilli", "--seed", "-1"],
    ] {
        let out = lapilli(args, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(err.contains("invalid value '-1' for '--seed"), "{args:?}: {err}");
    }
    let out = lapilli(&["uci", "nine-mens-morris", "--perfect"], "");
    assert!(!out.status.success());
}
