//! A finished game stays finished, whether it ended by the rules, by
//! threefold repetition or by the no-progress limit, in every game and
//! every command that takes moves: `analyze --moves`, `play` and
//! `selfplay`.

mod common;

use common::{json, json_error, stdout};
use serde_json::Value as Json;

/// Terni Lapilli: Black's and White's pieces shuttle 4-5-4 and 8-6-8 until
/// the position after ply 6 has occurred three times, at ply 14.
const TERNI_REPETITION: &str = "0 1 2 3 4 8 4-5 8-6 5-4 6-8 4-5 8-6 5-4 6-8";

/// Morris: White with four pieces (no mill to close by g4-g1), Black with
/// three (flying); the 8 plies bring the position back twice.
const MORRIS: &str = "WW.W..../B.....W./B...B... w 0 0 -";
const MORRIS_REPETITION: &str = "g4-g1 b6-a1 g1-g4 a1-b6 g4-g1 b6-a1 g1-g4 a1-b6";

/// Petteia and Latrunculi: two pieces a side on the back ranks; the 8
/// plies bring the position back twice, and no move can capture.
const PETTEIA: &str = "mm6/8/8/8/8/8/8/MM6";
const LATRUNCULI: &str = "md6/8/8/8/8/8/8/MD6";
const GRID_REPETITION: &str = "b1-b2 b8-b7 b2-b1 b7-b8 b1-b2 b8-b7 b2-b1 b7-b8";

/// `analyze --json` of `moves` from `position` (or the start).
fn analyze(game: &str, position: Option<&str>, moves: &str) -> Json {
    let mut args = vec!["analyze", game, "--json", "--depth", "2", "--moves", moves];
    if let Some(p) = position {
        args.extend(["--position", p]);
    }
    json(&args)
}

/// The refusal of `analyze --json` for `moves` from `position`: its
/// message, after checking its kind and exit code.
fn refused(game: &str, position: Option<&str>, moves: &str) -> String {
    let mut args = vec!["analyze", game, "--json", "--depth", "2", "--moves", moves];
    if let Some(p) = position {
        args.extend(["--position", p]);
    }
    let (kind, message) = json_error(&args, 2);
    assert_eq!(kind, "game-over", "{message}");
    message
}

#[test]
fn terni_lapilli_refuses_a_ply_after_threefold_repetition_as_after_a_win() {
    // The example: the draw came at ply 14, so 0-7 is refused.
    let message = refused("terni-lapilli", None, &format!("{TERNI_REPETITION} 0-7"));
    assert_eq!(
        message,
        "--moves: move 15 (\"0-7\"): the game is over after ply 14 (draw by threefold repetition)"
    );
    // The same moves without 0-7 end exactly on the draw: reported, not searched.
    let j = analyze("terni-lapilli", None, TERNI_REPETITION);
    assert_eq!(j["best"], Json::Null);
    assert_eq!(j["game_over"], "draw by threefold repetition");
    assert_eq!(j["ending"], "repetition");
    assert_eq!(j["position"], "BWBWB...W b");
    // One ply fewer: the game goes on, and is searched.
    let shorter: Vec<&str> = TERNI_REPETITION.split(' ').collect();
    let j = analyze("terni-lapilli", None, &shorter[..13].join(" "));
    assert!(j["best"].is_string(), "{j}");
    // After a win, the same refusal.
    let message = refused("terni-lapilli", None, "0 4 1 2 6 3 5");
    assert_eq!(
        message,
        "--moves: move 7 (\"5\"): the game is over after ply 6 (white wins: three in a line)"
    );
    let j = analyze("terni-lapilli", None, "0 4 1 2 6 3");
    assert_eq!(
        (j["ending"].as_str(), j["game_over"].as_str()),
        (Some("line"), Some("white wins: three in a line"))
    );
}

#[test]
fn morris_refuses_plies_after_both_draw_rules() {
    let j = analyze("nine-mens-morris", Some(MORRIS), MORRIS_REPETITION);
    assert_eq!((j["ending"].as_str(), j["best"].clone()), (Some("repetition"), Json::Null));
    assert_eq!(j["position"], format!("{MORRIS} 8"));
    let message = refused("nine-mens-morris", Some(MORRIS), &format!("{MORRIS_REPETITION} g4-g1"));
    assert_eq!(
        message,
        "--moves: move 9 (\"g4-g1\"): the game is over after ply 8 (draw by threefold repetition)"
    );

    // 99 plies without a placement or removal, then one more slide: a draw.
    let at_99 = format!("{MORRIS} 99");
    let j = analyze("nine-mens-morris", Some(&at_99), "g4-g1");
    assert_eq!(
        (j["ending"].as_str(), j["game_over"].as_str()),
        (Some("no-progress"), Some("draw by the no-progress rule"))
    );
    let message = refused("nine-mens-morris", Some(&at_99), "g4-g1 b6-a1");
    assert_eq!(
        message,
        "--moves: move 2 (\"b6-a1\"): the game is over after ply 1 (draw by the no-progress rule)"
    );
    // A slide closing a mill on ply 100 keeps its removal, which wins.
    let j = analyze("nine-mens-morris", Some(&at_99), "g4-g7");
    assert_eq!((j["best"].as_str(), j["score_text"].as_str()), (Some("xb6"), Some("win in 1 ply")));
    for moves in ["g4-g7 xb6", "g4-g7xb6"] {
        let j = analyze("nine-mens-morris", Some(&at_99), moves);
        assert_eq!(j["ending"], "reduction", "{moves}: {j}");
        assert_eq!(j["game_over"], "white wins: black is down to two pieces");
    }

    // A position given with its counter at the limit is over, not searched.
    let at_100 = format!("{MORRIS} 100");
    let j = json(&["analyze", "nine-mens-morris", "--json", "--position", &at_100]);
    assert_eq!((j["ending"].as_str(), j["best"].clone()), (Some("no-progress"), Json::Null));
    assert!(j.get("nodes").is_none(), "{j}");
    let message = refused("nine-mens-morris", Some(&at_100), "g4-g7");
    assert_eq!(
        message,
        "--moves: move 1 (\"g4-g7\"): the game is over in the given position (draw by the no-progress rule)"
    );
}

#[test]
fn petteia_and_latrunculi_refuse_plies_after_both_draw_rules() {
    for (game, board) in [("petteia", PETTEIA), ("latrunculi", LATRUNCULI)] {
        let start = format!("{board} w 0");
        let j = analyze(game, Some(&start), GRID_REPETITION);
        assert_eq!(j["ending"], "repetition", "{game}: {j}");
        assert_eq!(j["position"], format!("{board} w 8"));
        let message = refused(game, Some(&start), &format!("{GRID_REPETITION} b1-b2"));
        assert_eq!(
            message,
            "--moves: move 9 (\"b1-b2\"): the game is over after ply 8 (draw by threefold repetition)"
        );

        let at_99 = format!("{board} w 99");
        let j = analyze(game, Some(&at_99), "b1-b2");
        assert_eq!((j["ending"].as_str(), j["best"].clone()), (Some("no-progress"), Json::Null), "{game}");
        let message = refused(game, Some(&at_99), "b1-b2 b8-b7");
        assert_eq!(
            message,
            "--moves: move 2 (\"b8-b7\"): the game is over after ply 1 (draw by the no-progress rule)"
        );

        let at_100 = format!("{board} w 100");
        let j = json(&["analyze", game, "--json", "--position", &at_100]);
        assert_eq!(
            (j["ending"].as_str(), j["position"].as_str()),
            (Some("no-progress"), Some(at_100.as_str()))
        );
    }
}

#[test]
fn play_stops_at_a_draw_and_takes_no_further_input() {
    // Both sides typed: the game ends at the repetition; 0-7 and the rest
    // of the input are never read.
    let input = format!("{}\n0-7\nmoves\n", TERNI_REPETITION.replace(' ', "\n"));
    let text = stdout(&["play", "terni-lapilli", "--human", "both"], &input);
    assert!(text.ends_with("position: BWBWB...W b\ngame over: draw by threefold repetition\n"), "{text}");
    assert!(!text.contains("legal moves:"), "{text}");

    let cases = [
        ("nine-mens-morris", format!("{MORRIS} 99"), "g4-g1", "b6-a1"),
        ("petteia", format!("{PETTEIA} w 99"), "b1-b2", "b8-b7"),
        ("latrunculi", format!("{LATRUNCULI} w 99"), "b1-b2", "b8-b7"),
    ];
    for (game, position, ply, next) in &cases {
        let input = format!("{ply}\n{next}\nmoves\n");
        let text = stdout(&["play", game, "--human", "both", "--position", position], &input);
        assert!(text.ends_with("game over: draw by the no-progress rule\n"), "{game}: {text}");
        assert!(!text.contains("legal moves:"), "{game}: {text}");
        // Given at the limit, the game is over before any input.
        let at_100 = position.replace(" 99", " 100");
        let text = stdout(&["play", game, "--human", "both", "--position", &at_100], "g4-g1\n");
        assert!(text.ends_with("game over: draw by the no-progress rule\n"), "{game}: {text}");
        assert!(!text.contains("to move>"), "{game}: {text}");
    }
    // The AI does not play on after a draw either.
    let text =
        stdout(&["play", "petteia", "--human", "none", "--ai", "random", "--position", &cases[1].1], "");
    assert_eq!(text.matches(" plays ").count(), 1, "{text}");
    assert!(text.ends_with("game over: draw by the no-progress rule\n"), "{text}");
}

#[test]
fn selfplay_stops_every_game_at_its_end() {
    // From the no-progress limit every game is over at once.
    for (game, position) in
        [("nine-mens-morris", format!("{MORRIS} 100")), ("petteia", format!("{PETTEIA} w 100"))]
    {
        let j =
            json(&["selfplay", game, "--games", "3", "--ai", "random", "--json", "--position", &position]);
        assert_eq!(j["endings"], serde_json::json!({"no-progress": 3}), "{game}");
        assert_eq!(j["mean_plies"], 0.0);
    }
    // One ply before it (no capture is possible): every game lasts one ply.
    let at_99 = format!("{PETTEIA} w 99");
    let j =
        json(&["selfplay", "petteia", "--games", "3", "--ai", "minimax:2", "--json", "--position", &at_99]);
    assert_eq!((j["endings"]["no-progress"].as_u64(), j["mean_plies"].as_f64()), (Some(3), Some(1.0)));

    // Every listed game, replayed by analyze, ends exactly where selfplay
    // says it ended, with the same ending: no ply after a draw or a win.
    for game in ["terni-lapilli", "nine-mens-morris"] {
        let j =
            json(&["selfplay", game, "--games", "4", "--ai", "minimax:2", "--seed", "1", "--list", "--json"]);
        for g in j["list"].as_array().unwrap() {
            let moves: Vec<&str> =
                g["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
            let replay = analyze(game, None, &moves.join(" "));
            if g["ending"] == "ply-limit" {
                assert!(replay["best"].is_string(), "{game}: {g}");
            } else {
                assert_eq!(replay["ending"], g["ending"], "{game}: {g}");
            }
        }
    }
}
