//! Self-play measures something: the seed varies the games (random opening
//! plies), the same seed plays the same games again.

mod common;

use common::json;
use serde_json::Value as Json;

/// The games of `selfplay --list --json` with `args` added.
fn games(game: &str, args: &[&str]) -> Vec<Json> {
    let mut all = vec!["selfplay", game, "--json", "--list"];
    all.extend(args);
    let j = json(&all);
    j["list"].as_array().unwrap().clone()
}

#[test]
fn a_seed_varies_the_games_and_reproduces_them() {
    for game in ["terni-lapilli", "nine-mens-morris", "petteia"] {
        let args = ["--ai", "minimax:2", "--games", "4", "--seed", "7", "--max-plies", "40"];
        let list = games(game, &args);
        assert_eq!(list.len(), 4);
        let moves: Vec<&Json> = list.iter().map(|g| &g["moves"]).collect();
        assert!(moves.iter().any(|m| *m != moves[0]), "{game}: four identical games {moves:?}");
        // The same seed: the same games.
        assert_eq!(games(game, &args), list, "{game}");
        // Another seed: other games.
        let other = games(game, &["--ai", "minimax:2", "--games", "4", "--seed", "8", "--max-plies", "40"]);
        assert_ne!(other, list, "{game}");
        // The first two plies are the random ones: with the default of 2,
        // the AI takes over from the third.
        for g in &list {
            assert!(g["moves"].as_array().unwrap().len() >= 2, "{game}: {g}");
        }
    }
}

#[test]
fn without_random_plies_a_search_ai_repeats_one_game() {
    let list = games("terni-lapilli", &["--ai", "minimax:2", "--games", "3", "--random-plies", "0"]);
    assert!(list.iter().all(|g| *g == list[0]), "{list:?}");
    let j = json(&["selfplay", "terni-lapilli", "--ai", "minimax:2", "--games", "3", "--json"]);
    assert_eq!((j["random_plies"].as_u64(), j["seed"].as_u64()), (Some(2), Some(1)));
    assert!(j.get("list").is_none(), "{j}");
    // The opening plies are counted: 6 random plies and a 6-ply limit.
    let j = json(&[
        "selfplay",
        "petteia",
        "--ai",
        "minimax:1",
        "--games",
        "2",
        "--random-plies",
        "6",
        "--max-plies",
        "6",
        "--json",
    ]);
    assert_eq!((j["endings"]["ply-limit"].as_u64(), j["mean_plies"].as_f64()), (Some(2), Some(6.0)));
}
