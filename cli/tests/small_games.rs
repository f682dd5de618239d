//! The 3x3 relatives of Terni Lapilli through the `lapilli` program:
//! `solve <game> --json` for each game under both centre-first options
//! (the keys and the figures of the strong solution, which the game crate's
//! tests check against a naive solver), and `info`, `perft` and `play` on
//! the new names.

mod common;

use common::{json, lapilli, stdout};
use serde_json::Value as Json;

/// One game's solve: the name, the option, then the expected value, DTM,
/// reachable (total, win, loss, draw), movement total and orbits.
struct Expected {
    game: &'static str,
    no_centre_first: bool,
    value: &'static str,
    plies: Option<u64>,
    reachable: [u64; 4],
    movement: u64,
    orbits: u64,
    automorphisms: u64,
}

const EXPECTED: [Expected; 10] = [
    Expected {
        game: "terni-lapilli",
        no_centre_first: false,
        value: "draw",
        plies: None,
        reachable: [5230, 3040, 1052, 1138],
        movement: 2880,
        orbits: 368,
        automorphisms: 16,
    },
    Expected {
        game: "terni-lapilli",
        no_centre_first: true,
        value: "draw",
        plies: None,
        reachable: [5221, 3040, 1052, 1129],
        movement: 2880,
        orbits: 366,
        automorphisms: 16,
    },
    Expected {
        game: "three-mens-morris",
        no_centre_first: false,
        value: "draw",
        plies: None,
        reachable: [5466, 1994, 730, 2742],
        movement: 3116,
        orbits: 755,
        automorphisms: 8,
    },
    Expected {
        game: "three-mens-morris",
        no_centre_first: true,
        value: "draw",
        plies: None,
        reachable: [5457, 1994, 730, 2733],
        movement: 3116,
        orbits: 752,
        automorphisms: 8,
    },
    Expected {
        game: "tapatan",
        no_centre_first: false,
        value: "win",
        plies: Some(9),
        reachable: [5390, 2997, 1185, 1208],
        movement: 3040,
        orbits: 744,
        automorphisms: 8,
    },
    Expected {
        game: "tapatan",
        no_centre_first: true,
        value: "draw",
        plies: None,
        reachable: [5381, 2988, 1184, 1209],
        movement: 3040,
        orbits: 741,
        automorphisms: 8,
    },
    Expected {
        game: "nine-holes",
        no_centre_first: false,
        value: "draw",
        plies: None,
        reachable: [5470, 2502, 522, 2446],
        movement: 3120,
        orbits: 756,
        automorphisms: 8,
    },
    Expected {
        game: "nine-holes",
        no_centre_first: true,
        value: "draw",
        plies: None,
        reachable: [5461, 2502, 522, 2437],
        movement: 3120,
        orbits: 753,
        automorphisms: 8,
    },
    Expected {
        game: "achi",
        no_centre_first: false,
        value: "win",
        plies: Some(11),
        reachable: [5716, 3527, 2189, 0],
        movement: 706,
        orbits: 793,
        automorphisms: 8,
    },
    Expected {
        game: "achi",
        no_centre_first: true,
        value: "loss",
        plies: Some(12),
        reachable: [5707, 3518, 2189, 0],
        movement: 706,
        orbits: 790,
        automorphisms: 8,
    },
];

/// The keys every `solve --json` prints.
const KEYS: [&str; 10] = [
    "game",
    "variant",
    "value",
    "plies",
    "reachable",
    "movement",
    "orbits",
    "automorphisms",
    "millis",
    "principal_variation",
];

#[test]
fn solve_json_of_each_small_game() {
    println!("game                 option            value  plies  reachable  orbits  millis");
    for e in &EXPECTED {
        let mut args = vec!["solve", e.game, "--json"];
        if e.no_centre_first {
            args.push("--no-centre-first");
        }
        let j = json(&args);
        for key in KEYS {
            assert!(j.get(key).is_some(), "{args:?}: no {key} in {j}");
        }
        assert_eq!(j["game"], e.game);
        assert_eq!(j["value"], e.value, "{args:?}");
        assert_eq!(j["plies"].as_u64(), e.plies, "{args:?}");
        let r = &j["reachable"];
        let counts = ["total", "win", "loss", "draw"].map(|k| r[k].as_u64().unwrap());
        assert_eq!(counts, e.reachable, "{args:?}");
        assert_eq!(counts[0], counts[1] + counts[2] + counts[3]);
        assert_eq!(j["movement"]["total"].as_u64(), Some(e.movement), "{args:?}");
        assert_eq!(j["orbits"].as_u64(), Some(e.orbits), "{args:?}");
        assert_eq!(j["automorphisms"].as_u64(), Some(e.automorphisms), "{args:?}");
        let variant = j["variant"].as_str().unwrap();
        assert_eq!(variant.contains("no-centre-first"), e.no_centre_first, "{variant}");
        // The id reads back to the variant: the game, and its option if given.
        let id = if e.no_centre_first { format!("{}+no-centre-first", e.game) } else { e.game.to_string() };
        assert_eq!(j["variant_id"], id.as_str(), "{args:?}");
        let pv: Vec<&str> =
            j["principal_variation"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        assert!(!pv.is_empty());
        if let Some(plies) = e.plies {
            // A decided start: perfect play ends the game at its DTM.
            assert_eq!(pv.len() as u64, plies, "{args:?}: {pv:?}");
        }
        let millis = j["millis"].as_f64().unwrap();
        assert!(millis >= 0.0);
        let option = if e.no_centre_first { "no-centre-first" } else { "" };
        println!(
            "{:<20} {option:<17} {:<6} {:>5}  {:>9}  {:>6}  {millis:.3}",
            e.game,
            e.value,
            e.plies.map_or("-".into(), |p| p.to_string()),
            counts[0],
            e.orbits
        );
    }
}

/// The principal variations name squares on the 3x3 boards: tapatan's
/// winning line opens on the centre, b2.
#[test]
fn grid_games_write_square_names() {
    let j = json(&["solve", "tapatan", "--json"]);
    assert_eq!(j["principal_variation"][0], "b2");
    let j = json(&["solve", "achi", "--json", "--no-centre-first"]);
    assert_ne!(j["principal_variation"][0], "b2");
    let j = json(&["solve", "nine-holes", "--json"]);
    let pv = j["principal_variation"].as_array().unwrap();
    // Nine holes moves far: some move of the line is no step along a
    // row or column.
    let far = pv.iter().filter_map(Json::as_str).filter_map(|m| m.split_once('-')).any(|(a, b)| {
        let (a, b) = (a.as_bytes(), b.as_bytes());
        (a[0] as i32 - b[0] as i32).abs() + (a[1] as i32 - b[1] as i32).abs() != 1
    });
    assert!(far, "{pv:?}");
}

#[test]
fn info_of_the_three_by_three_boards() {
    for (game, edges, lines) in
        [("three-mens-morris", 12, 6), ("tapatan", 16, 8), ("nine-holes", 12, 6), ("achi", 16, 8)]
    {
        let j = json(&["info", game, "--json"]);
        assert_eq!(j["game"], game);
        assert_eq!(
            (j["points"].as_u64(), j["edges"].as_u64(), j["lines"].as_u64()),
            (Some(9), Some(edges), Some(lines)),
            "{game}"
        );
        assert_eq!(j["automorphisms"], 8, "{game}");
        let mut orbits: Vec<Vec<u64>> = j["orbits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| {
                let mut o: Vec<u64> = o.as_array().unwrap().iter().map(|p| p.as_u64().unwrap()).collect();
                o.sort();
                o
            })
            .collect();
        orbits.sort();
        // corners, midpoints of the sides, the centre
        assert_eq!(orbits, vec![vec![0, 2, 6, 8], vec![1, 3, 5, 7], vec![4]], "{game}");
    }
}

#[test]
fn perft_of_the_small_games() {
    // No line before the fifth placement: 9 * 8 * 7 * 6 * 5 leaves.
    for game in ["three-mens-morris", "tapatan", "nine-holes", "achi"] {
        let j = json(&["perft", game, "5", "--json"]);
        assert_eq!(j["nodes"], 15120, "{game}");
        let j = json(&["perft", game, "1", "--json", "--no-centre-first"]);
        assert_eq!(j["nodes"], 8, "{game}");
    }
    // Black b1 c2 a3 against White a1 c1 a2, Black to move: 4 steps along
    // rows and columns, 5 along the lines with the diagonals, 9 anywhere.
    for (game, nodes) in [("three-mens-morris", 4), ("tapatan", 5), ("nine-holes", 9)] {
        let position = format!("WBWW.BB.. b {game}");
        let j = json(&["perft", game, "1", "--json", "--position", &position]);
        assert_eq!(j["nodes"], nodes, "{game}");
    }
    // A position of another game than the one chosen is refused.
    let out = lapilli(&["perft", "tapatan", "1", "--position", "WBWW.BB.. b achi"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("achi") && err.contains("tapatan"), "{err}");
}

#[test]
fn play_the_small_games() {
    // Perfect play on both sides: tapatan and achi are won by the first
    // player, three men's morris and nine holes drawn.
    for (game, result) in [
        ("tapatan", "black wins"),
        ("achi", "black wins"),
        ("three-mens-morris", "draw"),
        ("nine-holes", "draw"),
    ] {
        let text = stdout(&["play", game, "--human", "none", "--ai", "perfect"], "");
        assert!(text.contains("game over:"), "{game}: {text}");
        assert!(text.contains(result), "{game}: {text}");
    }
    // Without the centre first, achi is won by the second player.
    let text = stdout(&["play", "achi", "--no-centre-first", "--human", "none", "--ai", "perfect"], "");
    assert!(text.contains("white wins"), "{text}");
    // A human places with square names; a wheel number reads too, the
    // centre refused on the first placement under no-centre-first.
    let text =
        stdout(&["play", "three-mens-morris", "--no-centre-first", "--ai", "random"], "b2\na1\nquit\n");
    assert!(text.contains("these rules forbid the centre on the first placement"), "{text}");
    assert!(text.contains("game abandoned"), "{text}");
    let text = stdout(&["play", "tapatan", "--ai", "random"], "z9\nquit\n");
    assert!(text.contains("is not a point of the 3x3 board"), "{text}");
}
