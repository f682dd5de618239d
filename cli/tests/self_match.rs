//! `lapilli match` of lapilli against itself: both colours in pairs, the
//! same games from the same seed, positions read back; the games are
//! replayed with the rules crates and their results checked.

mod match_run;

use lapilli_game::{CheckedGame, GameRecord};
use match_run::{lapilli, TempDir};
use serde_json::Value as Json;
use std::path::Path;

/// The lines of a `--log` file, as JSON.
fn log_lines(path: &Path) -> Vec<Json> {
    std::fs::read_to_string(path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// Replays `moves` with the rules from `start` and returns the record,
/// checking every ply on the way.
fn replay<G: CheckedGame>(start: G, moves: &[Json]) -> GameRecord<G> {
    let mut record = GameRecord::new(start, 0);
    for m in moves {
        let text = m.as_str().unwrap();
        let plies = record.position().parse_plies(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(plies.len(), 1, "{text} is one ply");
        record.play(plies[0]).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    record
}

/// Checks a logged game against the rules' adjudication of its moves:
/// the game record's result, or a draw at the ply limit.
fn check_result<G: CheckedGame>(start: G, sides: [(G::Side, &str); 2], game: &Json, max_plies: usize) {
    let moves = game["moves"].as_array().unwrap();
    assert_eq!(game["plies"].as_u64(), Some(moves.len() as u64), "{game}");
    let record = replay(start, moves);
    let expected = match record.status() {
        Some(_) => match record.position().winner() {
            Some(w) => sides.iter().find(|(s, _)| *s == w).unwrap().1,
            None => "draw",
        },
        None => {
            assert_eq!(moves.len(), max_plies, "a game that goes on ends at the ply limit: {game}");
            assert_eq!(game["ending"], "ply-limit", "{game}");
            "draw"
        }
    };
    assert_eq!(game["result"].as_str(), Some(expected), "{game}");
    // The first engine's result agrees with the winner and its side.
    let first = game["first_engine_side"].as_str().unwrap();
    let mine = match expected {
        "draw" => "draw",
        w if w == first => "win",
        _ => "loss",
    };
    assert_eq!(game["first_engine_result"].as_str(), Some(mine), "{game}");
    // Times and info: null for the opening's plies, given for the others.
    let opening = game["opening_plies"].as_u64().unwrap() as usize;
    let times = game["times_ms"].as_array().unwrap();
    assert_eq!(times.len(), moves.len());
    assert!(times[..opening].iter().all(Json::is_null), "{game}");
    assert!(times[opening..].iter().all(|t| t.as_f64().is_some_and(|t| t >= 0.0)), "{game}");
}

/// The colours of a pair: the first engine on the side that moves first in
/// the pair's first game, on the other side in the second, with the same
/// opening.
fn check_pairs(header: &Json, games: &[Json], sides: [&str; 2]) {
    let openings = header["opening_list"].as_array().unwrap();
    assert_eq!(games.len(), 2 * openings.len());
    let names = [header["first"]["name"].as_str().unwrap(), header["second"]["name"].as_str().unwrap()];
    assert_ne!(names[0], names[1], "the two engines get distinct names");
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["game"].as_u64(), Some(i as u64 + 1));
        assert_eq!(g["opening"].as_u64(), Some(i as u64 / 2 + 1));
        let (first_side, other_side) = if i % 2 == 0 { (sides[0], sides[1]) } else { (sides[1], sides[0]) };
        assert_eq!(g["first_engine_side"].as_str(), Some(first_side), "{g}");
        assert_eq!(g[first_side].as_str(), Some(names[0]), "{g}");
        assert_eq!(g[other_side].as_str(), Some(names[1]), "{g}");
        // The game starts with its opening.
        let opening = openings[i / 2].as_array().unwrap();
        let moves = g["moves"].as_array().unwrap();
        assert_eq!(&moves[..opening.len()], &opening[..], "{g}");
        assert_eq!(g["opening_plies"].as_u64(), Some(opening.len() as u64));
    }
}

/// Runs a match of lapilli against itself with a log, and returns the
/// summary, the log's header and its games.
fn self_match(dir: &TempDir, args: &[&str]) -> (Json, Json, Vec<Json>) {
    let log = dir.join("log.jsonl");
    let log_arg = log.to_string_lossy().into_owned();
    let mut all = vec!["match"];
    all.extend(args);
    all.extend(["--json", "--log", &log_arg]);
    let run = lapilli(dir, &all);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines = log_lines(&log);
    assert_eq!(lines[0]["type"], "header");
    assert!(lines[1..].iter().all(|l| l["type"] == "game"));
    (run.json(), lines[0].clone(), lines[1..].to_vec())
}

#[test]
fn terni_lapilli_self_match_plays_both_colours_and_replays_legally() {
    let dir = TempDir::new("terni");
    let args = ["terni-lapilli", "--depth", "3", "--openings", "5"];
    let (summary, header, games) = self_match(&dir, &args);
    assert_eq!(summary["games"], 10);
    assert_eq!(summary["games_planned"], 10);
    let (w, d, l) = (summary["wins"].as_u64(), summary["draws"].as_u64(), summary["losses"].as_u64());
    assert_eq!(w.unwrap() + d.unwrap() + l.unwrap(), 10);
    assert_eq!(summary["points"].as_f64(), Some(w.unwrap() as f64 + d.unwrap() as f64 / 2.0));
    assert_eq!(summary["pairs"], 5);
    let penta: u64 = summary["pentanomial"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).sum();
    assert_eq!(penta, 5);
    assert_eq!(summary["disagreements"], serde_json::json!([]));
    assert_eq!(summary["stopped"], Json::Null);
    for key in [
        "game",
        "variant",
        "first",
        "second",
        "movetime_ms",
        "depth",
        "move_timeout_ms",
        "max_plies",
        "concurrency",
        "openings",
        "score",
        "elo",
        "elo_pairs",
        "by_side",
        "sprt",
        "endings",
        "forfeits",
        "crashes",
        "time",
    ] {
        assert!(summary.get(key).is_some(), "{key}: {summary}");
    }
    assert_eq!((summary["depth"].as_u64(), summary["movetime_ms"].clone()), (Some(3), Json::Null));
    assert_eq!(summary["openings"]["seed"], 2024);
    // Both engines moved, and their moves were timed.
    assert!(summary["time"]["first"]["moves"].as_u64().unwrap() > 0, "{summary}");
    assert!(summary["time"]["second"]["moves"].as_u64().unwrap() > 0, "{summary}");
    let by_side = &summary["by_side"];
    assert_eq!(by_side["black"]["games"].as_u64().unwrap() + by_side["white"]["games"].as_u64().unwrap(), 10);
    // Endings add up to the games.
    let endings: u64 = summary["endings"].as_object().unwrap().values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(endings, 10);
    check_pairs(&header, &games, ["black", "white"]);
    let black = lapilli_terni_lapilli::Colour::Black;
    let white = lapilli_terni_lapilli::Colour::White;
    for g in &games {
        let start = lapilli_terni_lapilli::Position::start(lapilli_terni_lapilli::Rules::default());
        check_result(start, [(black, "black"), (white, "white")], g, 300);
        let opening = g["opening_plies"].as_u64().unwrap();
        assert!((2..=4).contains(&opening), "{g}");
    }
    // The score counts the logged results.
    let points: f64 = games
        .iter()
        .map(|g| match g["first_engine_result"].as_str().unwrap() {
            "win" => 1.0,
            "draw" => 0.5,
            _ => 0.0,
        })
        .sum();
    assert_eq!(summary["points"].as_f64(), Some(points));
    // The same seed plays the same openings and, at a fixed depth, the same
    // games; two workers play them too; another seed other openings.
    let (_, header2, games2) = self_match(&dir, &[&args[..], &["--concurrency", "2"]].concat());
    assert_eq!(header2["opening_list"], header["opening_list"]);
    let moves = |games: &[Json]| games.iter().map(|g| g["moves"].clone()).collect::<Vec<_>>();
    assert_eq!(moves(&games2), moves(&games));
    let (_, header3, _) = self_match(&dir, &[&args[..], &["--seed", "7"]].concat());
    assert_ne!(header3["opening_list"], header["opening_list"]);
}

#[test]
fn morris_self_match_reads_positions_back_and_adjudicates() {
    let dir = TempDir::new("morris");
    let args = [
        "nine-mens-morris",
        "--movetime",
        "10",
        "--openings",
        "2",
        "--max-plies",
        "60",
        "--first-readback",
        "d",
        "--second-readback",
        "d",
        "--first-option",
        "Hash=4",
        "--opening-plies",
        "3..3",
    ];
    let (summary, header, games) = self_match(&dir, &args);
    assert_eq!(summary["games"], 4);
    assert_eq!(summary["disagreements"], serde_json::json!([]));
    assert_eq!(summary["movetime_ms"], 10);
    assert_eq!(summary["move_timeout_ms"], 1010);
    assert_eq!(header["first"]["options"], serde_json::json!(["Hash=4"]));
    assert_eq!(header["first"]["readback"], "d");
    check_pairs(&header, &games, ["white", "black"]);
    let sides = [(lapilli_morris::Colour::White, "white"), (lapilli_morris::Colour::Black, "black")];
    for g in &games {
        assert_eq!(g["opening_plies"], 3);
        check_result(lapilli_morris::Position::start(lapilli_morris::Rules::default()), sides, g, 60);
        // Each engine ply: about 10 ms (lapilli honours movetime; a proven
        // result may answer sooner), its depth and score reported.
        let opening = 3;
        for (t, info) in
            g["times_ms"].as_array().unwrap()[opening..].iter().zip(&g["info"].as_array().unwrap()[opening..])
        {
            assert!(t.as_f64().unwrap() < 1000.0, "{g}");
            assert!(info["depth"].as_u64().is_some() && info["score"].as_str().is_some(), "{g}");
        }
    }
    // The same seed and depth: the same games.
    let fixed = ["nine-mens-morris", "--depth", "2", "--openings", "2", "--max-plies", "40"];
    let (_, _, a) = self_match(&dir, &fixed);
    let (_, _, b) = self_match(&dir, &fixed);
    let moves = |games: &[Json]| games.iter().map(|g| g["moves"].clone()).collect::<Vec<_>>();
    assert_eq!(moves(&a), moves(&b));
}
