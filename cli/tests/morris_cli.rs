//! The `lapilli` program on the morris games, as a user runs it.

mod common;

use common::{json, lapilli, stdout};

#[test]
fn info_json_for_every_morris_game() {
    let j = json(&["info", "nine-mens-morris", "--json"]);
    assert_eq!(
        (j["points"].as_u64(), j["edges"].as_u64(), j["lines"].as_u64()),
        (Some(24), Some(32), Some(16))
    );
    assert_eq!(j["automorphisms"], 16);
    let mut sizes: Vec<usize> =
        j["orbits"].as_array().unwrap().iter().map(|o| o.as_array().unwrap().len()).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, [4, 4, 8, 8]);
    let j = json(&["info", "six-mens-morris", "--json"]);
    assert_eq!(
        (j["points"].as_u64(), j["edges"].as_u64(), j["lines"].as_u64()),
        (Some(16), Some(20), Some(12))
    );
    let j = json(&["info", "twelve-mens-morris", "--json"]);
    assert_eq!((j["edges"].as_u64(), j["lines"].as_u64()), (Some(40), Some(20)));
    let j = json(&["info", "lasker-morris", "--json"]);
    assert_eq!(j["game"], "lasker-morris");
    let text = stdout(&["info", "nine-mens-morris"], "");
    assert!(text.contains("7  +-----------+-----------+"), "{text}");
    assert!(text.contains("a   b   c   d   e   f   g"), "{text}");
}

#[test]
fn perft_counts_removals_as_plies() {
    let j = json(&["perft", "nine-mens-morris", "5", "--json"]);
    assert_eq!(j["nodes"], 5_100_480);
    let j = json(&[
        "perft",
        "nine-mens-morris",
        "1",
        "--json",
        "--position",
        "..BBBBB./WW.W..W./......W. w 0 0 -",
    ]);
    assert_eq!(j["nodes"], 11);
    let j = json(&[
        "perft",
        "nine-mens-morris",
        "2",
        "--json",
        "--divide",
        "--position",
        "..BBBBB./WW.W..W./......W. w 0 0 -",
    ]);
    let divide = j["divide"].as_array().unwrap();
    assert_eq!(divide.len(), 11);
    // f4-f6 closes a mill: 5 removals below it, all Black pieces in mills
    assert!(divide.iter().any(|d| d[0] == "f4-f6" && d[1] == 5), "{j}");
    let j = json(&["perft", "six-mens-morris", "2", "--json"]);
    assert_eq!(j["nodes"], 16 * 15);
    let out =
        lapilli(&["perft", "nine-mens-morris", "2", "--position", "WWW...../......../........ w 9 9 -"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("white has 3 pieces on the board and 9 in hand"));
    let out = lapilli(
        &["perft", "nine-mens-morris", "1", "--position", "......../........ w 6 6 - six-mens-morris"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn analyze_scores_the_mill_and_removal_as_a_win() {
    let j =
        json(&["analyze", "nine-mens-morris", "--position", "WW.W..../B.....W./B...B... w 0 0 -", "--json"]);
    assert_eq!(j["best"], "g4-g7");
    assert_eq!(j["score"], 999_998);
    assert_eq!(j["score_text"], "win in 2 plies");
    assert_eq!(j["mate"], 2);
    assert_eq!(j["pv"][0], "g4-g7");
    assert!(j["pv"][1].as_str().unwrap().starts_with('x'));
    let j = json(&["analyze", "nine-mens-morris", "--depth", "4", "--json", "--moves", "d7 a7 d6 a1 d5"]);
    assert_eq!(j["position"], "BW....B./.W....../.W...... w 6 7 x");
    assert!(j["best"].as_str().unwrap().starts_with('x'));
    // A heuristic score has no mate.
    assert!(j["mate"].is_null() && j["score_text"].as_str().unwrap().contains("heuristic"), "{j}");
    let out = lapilli(&["analyze", "nine-mens-morris", "--moves", "d7 d7"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("occupied"));
}

#[test]
fn play_takes_coordinates_indices_and_combined_removals() {
    // White (human) plays d7, d6, d5 closing the spoke mill, with the
    // removal typed together with the placement; the random AI plays Black.
    let text = stdout(
        &["play", "nine-mens-morris", "--human", "white", "--ai", "random", "--seed", "3"],
        "d7\n9\nq9\nmoves\nd5\nquit\n",
    );
    assert!(text.contains("white to move (placing)>"), "{text}");
    assert!(text.contains("cannot read \"q9\""), "{text}");
    assert!(text.contains("legal moves:"), "{text}");
    assert!(
        text.contains("white: 9 in hand, 0 on board (placing); black: 9 in hand, 0 on board (placing)"),
        "{text}"
    );
    assert!(text.contains("white closed a mill: remove a black piece"), "{text}");
    assert!(text.contains("game abandoned"), "{text}");

    let text = stdout(
        &["play", "nine-mens-morris", "--human", "white", "--ai", "random", "--seed", "3"],
        "d7\nd6\nd5xa1\nquit\n",
    );
    // the random black pieces may or may not include a1; either way the
    // combined input is read, and a wrong removal is named
    assert!(text.contains("white plays xa1") || text.contains("xa1 is illegal"), "{text}");
}

#[test]
fn two_ais_finish_games_and_selfplay_reports_endings() {
    for game in ["nine-mens-morris", "six-mens-morris", "twelve-mens-morris", "lasker-morris"] {
        let text = stdout(&["play", game, "--human", "none", "--ai", "minimax:2"], "");
        assert!(text.contains("game over:"), "{game}: {text}");
    }
    let j =
        json(&["selfplay", "nine-mens-morris", "--games", "6", "--seed", "5", "--ai", "random", "--json"]);
    assert_eq!(j["games"], 6);
    let total: u64 = j["endings"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(total, 6);
    assert!(j["mean_plies"].as_f64().unwrap() > 18.0);
    let j =
        json(&["selfplay", "six-mens-morris", "--games", "2", "--ai", "minimax:1", "--json", "--no-flying"]);
    assert_eq!(j["games"], 2);
}

#[test]
fn solve_and_perfect_are_refused_clearly() {
    let out = lapilli(&["solve", "nine-mens-morris"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the morris games are not solved here"));
    let out = lapilli(&["play", "nine-mens-morris", "--ai", "perfect"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--ai perfect"));
    let out = lapilli(&["selfplay", "lasker-morris", "--ai", "perfect"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn no_flying_is_honoured() {
    // White with three pieces: 54 flights, or its slides without flying
    let pos = "W..W..../.....W../B.B...B. w 0 0 -";
    let j = json(&["perft", "nine-mens-morris", "1", "--json", "--position", pos]);
    assert_eq!(j["nodes"], 54);
    let nf = format!("{pos} no-flying");
    let j = json(&["perft", "nine-mens-morris", "1", "--json", "--no-flying", "--position", &nf]);
    assert_eq!(j["nodes"], 2 + 3 + 4);
    let j = json(&["info", "nine-mens-morris", "--no-flying", "--json"]);
    assert_eq!(j["points"], 24);
}
