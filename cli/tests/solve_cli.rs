//! `lapilli solve` as a user runs it: the value of a given position, from
//! the cache folder, and the whole Six Men's Morris solve, which builds its
//! tables into the folder it names and reads them back.

mod common;

use common::{json_error, lapilli, TempDir};
use serde_json::Value as Json;

#[test]
fn solve_values_a_given_position() {
    let cache = TempDir::new("cache");
    let solve = |args: &[&str]| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_lapilli"));
        command.args(args).env("LAPILLI_CACHE", cache.path());
        let out = command.output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    // Black holds 0 and 1: the lines 7-0-1 and 0-1-2 are both open, White
    // can block only one, so White loses in 2 plies whatever it does.
    let j: Json =
        serde_json::from_str(&solve(&["solve", "terni-lapilli", "--json", "--position", "BB......W w"]))
            .unwrap();
    let p = &j["position"];
    assert_eq!((p["value"].as_str(), p["plies"].as_u64()), (Some("loss"), Some(2)), "{j}");
    assert_eq!(p["side_to_move"], "white");
    assert!(p["best_move"] == "2" || p["best_move"] == "7", "{p}");
    // Today's keys are all there.
    for key in [
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
    ] {
        assert!(j.get(key).is_some(), "{key} in {j}");
    }
    assert_eq!(j["reachable"]["total"], 5230);
    let text = solve(&["solve", "terni-lapilli", "--position", "BB......W w"]);
    assert!(text.contains("value for white (to move): loss in 2 plies"), "{text}");
    assert!(text.contains("distance to mate (DTM): 2 plies"), "{text}");
    assert!(text.contains("best ply: 2") || text.contains("best ply: 7"), "{text}");
    // A finished position has a value and no ply.
    let j: Json =
        serde_json::from_str(&solve(&["solve", "terni-lapilli", "--json", "--position", "BBB...WW. w"]))
            .unwrap();
    assert_eq!(
        (j["position"]["value"].as_str(), j["position"]["best_move"].as_str()),
        (Some("loss"), None),
        "{j}"
    );
    // A position of another game.
    let (kind, _) = json_error(
        &["solve", "terni-lapilli", "--json", "--position", "......../......../........ w 9 9 -"],
        2,
    );
    assert_eq!(kind, "position");
    // The morris games but Six Men's are still refused.
    let (kind, message) =
        json_error(&["solve", "twelve-mens-morris", "--json", "--tablebase", cache.text()], 2);
    assert_eq!(kind, "unsolvable");
    assert!(message.contains("not solved here"), "{message}");
}

/// The whole Six Men's Morris solve (seconds of work, so ignored in CI):
/// the first `solve` says where it builds the tables, the next reads them
/// and the summary back, silently, with the same report.
#[test]
#[ignore = "builds every tier of Six Men's Morris (about 10 s on 2 cores)"]
fn six_mens_solve_builds_into_the_folder_it_names_then_reads_it_back() {
    let cache = TempDir::new("six-solve");
    let folder = cache.join("tables");
    let run = |args: &[&str]| {
        let started = std::time::Instant::now();
        let out = lapilli(args, "");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let report: Json = serde_json::from_slice(&out.stdout).unwrap();
        (report, String::from_utf8(out.stderr).unwrap(), started.elapsed())
    };
    let args = ["solve", "six-mens-morris", "--tablebase", folder.to_str().unwrap(), "--json"];
    let (first, note, built) = run(&args);
    assert!(
        note.starts_with("building the tables of Six Men's Morris (6 pieces each, no flying) into")
            && note.contains(&format!("into {}", folder.display())),
        "{note}"
    );
    assert!(folder.join("solution.txt").is_file());
    let (again, quiet, read) = run(&args);
    assert!(quiet.is_empty(), "{quiet}");
    for key in ["value", "plies", "reachable", "movement", "orbits", "automorphisms", "principal_variation"] {
        assert_eq!(first[key], again[key], "{key}");
    }
    eprintln!("six-mens-morris: built and solved in {built:?}, read back in {read:?}");
    // A position: its value and perfect ply, from the kept tables.
    let mut with_position = args.to_vec();
    with_position.extend(["--position", "......../........ w 6 6 - six-mens-morris"]);
    let (p, _, _) = run(&with_position);
    assert_eq!(p["position"]["value"], first["value"], "{p}");
}
