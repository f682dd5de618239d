//! `lapilli tablebase build` with chunked tiers, as a user runs it: the
//! tiers' first passes split into chunks that workers solve at once give
//! the files of one process, for the endgame tables and for the whole
//! game; chunk files already built are kept by the next run, a tier is
//! built from chunks built one at a time, and a chunk badly written is
//! refused.

mod common;

use common::tables::same_files;
use common::{json, json_error, TempDir};
use serde_json::Value as Json;

/// `tablebase build six-mens-morris --max-pieces 6` into `dir`, with
/// `extra` words.
fn six(dir: &TempDir, extra: &[&str]) -> Json {
    let args = ["tablebase", "build", "six-mens-morris", "--max-pieces", "6", "--json", "--out", dir.text()];
    json(&[&args[..], extra].concat())
}

/// Asserts that `a` and `b` hold the same tables byte for byte and no
/// chunk file (nor its lock) is left in `b`.
fn same_tables(a: &TempDir, b: &TempDir) {
    same_files(a.path(), b.path());
    let left: Vec<String> = std::fs::read_dir(b.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("-of-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// The jobs of a `--log` file, in the order they finished, with whether
/// each was kept.
fn logged(path: &std::path::Path) -> Vec<(String, bool)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Json>(l).unwrap())
        .map(|j| (j["tier"].as_str().unwrap().to_string(), j["reused"] == true))
        .collect()
}

#[test]
fn chunked_tiers_on_workers_give_the_files_of_one_process_and_chunks_built_are_kept() {
    let one = TempDir::new("chunks-one");
    six(&one, &[]);
    let two = TempDir::new("chunks-two");
    let log = two.join("jobs.jsonl");
    let r = six(&two, &["--workers", "2", "--chunk-indices", "20000", "--log", log.to_str().unwrap()]);
    std::fs::remove_file(&log).unwrap();
    // The report is of the 20 tiers; each chunked tier's time is its
    // chunks' and theirs together.
    assert_eq!((r["built"].as_u64(), r["reused"].as_u64()), (Some(20), Some(0)));
    assert_eq!(r["tiers"].as_array().unwrap().len(), 20);
    same_tables(&one, &two);

    // A build stopped after four chunks of w6b5x (253,032 indices in 13
    // chunks), w6b5x and the tiers after it not yet written: the next run
    // keeps the four chunks and the tiers finished, and solves the rest.
    for t in ["w6b5x", "w6b5", "w6b6x", "w6b6"] {
        std::fs::remove_file(two.join(&format!("{t}.ltb"))).unwrap();
    }
    std::fs::remove_file(two.join("manifest.txt")).unwrap();
    for k in 1..=4 {
        let chunk = format!("{k}/13");
        let args = ["tablebase", "build", "six-mens-morris", "--tier", "w6b5x", "--chunk", &chunk];
        let r = json(&[&args[..], &["--chunk-indices", "20000", "--json", "--out", two.text()]].concat());
        assert_eq!(r["tiers"][0]["tier"], format!("w6b5x:{chunk}"));
        assert!(two.join(&format!("w6b5x.{k}-of-13.ltc")).is_file());
    }
    let r = six(&two, &["--workers", "2", "--chunk-indices", "20000", "--log", log.to_str().unwrap()]);
    assert_eq!((r["built"].as_u64(), r["reused"].as_u64()), (Some(4), Some(16)));
    let jobs = logged(&log);
    let chunks: Vec<&(String, bool)> = jobs.iter().filter(|(j, _)| j.starts_with("w6b5x:")).collect();
    assert_eq!(chunks.len(), 13);
    assert_eq!(chunks.iter().filter(|(_, kept)| *kept).count(), 4, "{chunks:?}");
    assert!(jobs.iter().any(|(j, kept)| j == "w6b6x:6/6" && !kept), "{jobs:?}");
    same_tables(&one, &two);
}

#[test]
fn a_tier_built_from_its_chunks_one_at_a_time_is_the_tier_and_a_bad_chunk_is_refused() {
    let (one, dir) = (TempDir::new("chunks-whole"), TempDir::new("chunks-by-hand"));
    let build = |dir: &TempDir, more: &[&str]| {
        let args = ["tablebase", "build", "six-mens-morris", "--out", dir.text(), "--json"];
        json(&[&args[..], more].concat())
    };
    build(&one, &["--max-pieces", "4", "--chunk-indices", "0"]);
    build(&dir, &["--max-pieces", "3"]);
    // w4b3 (a movement tier, plies inside it) and its pending twin, each
    // in 3 chunks of its first pass, then each tier from its chunks.
    for tier in ["w4b3x", "w4b3"] {
        for k in 1..=3 {
            let chunk = format!("{k}/3");
            let r = build(&dir, &["--tier", tier, "--chunk", &chunk, "--chunk-indices", "20000"]);
            assert_eq!(r["tiers"][0]["tier"], format!("{tier}:{chunk}"));
        }
        let r = build(&dir, &["--tier", tier, "--chunk-indices", "20000"]);
        assert_eq!((r["tiers"][0]["tier"].as_str(), r["built"].as_u64()), (Some(tier), Some(1)));
    }
    for f in ["w4b3x.ltb", "w4b3.ltb"] {
        assert!(std::fs::read(one.join(f)).unwrap() == std::fs::read(dir.join(f)).unwrap(), "{f} differs");
    }
    let build_args = ["tablebase", "build", "six-mens-morris", "--out", dir.text(), "--json"];
    let (kind, message) = json_error(&[&build_args[..], &["--tier", "w4b4x", "--chunk", "4/3"]].concat(), 2);
    assert_eq!(kind, "usage", "{message}");
    assert!(message.contains("write K/N, the K-th of N chunks"), "{message}");
    let (kind, message) =
        json_error(&[&build_args[..], &["--max-pieces", "4", "--chunk", "1/3"]].concat(), 2);
    assert_eq!(kind, "option", "{message}");
    assert!(message.contains("--chunk 1/3 needs --tier NAME"), "{message}");
}

#[test]
fn the_whole_game_on_two_and_three_workers_is_the_build_of_one_process() {
    let build = |dir: &TempDir, more: &[&str]| {
        let args = ["tablebase", "build", "six-mens-morris", "--whole-game", "--out", dir.text(), "--json"];
        json(&[&args[..], more].concat())
    };
    let (one, two, three) =
        (TempDir::new("whole-one"), TempDir::new("whole-two"), TempDir::new("whole-three"));
    let r = build(&one, &[]);
    // Every tier `tablebase plan six-mens-morris` lists, placement and
    // movement, every position of each (the reachable ones and the rest).
    assert_eq!((r["whole_game"].as_bool(), r["max_pieces"].is_null()), (Some(true), true));
    assert_eq!((r["built"].as_u64(), r["positions"].as_u64()), (Some(119), Some(77_776_997)));
    build(&two, &["--workers", "2", "--chunk-indices", "100000"]);
    build(&three, &["--workers", "3"]);
    same_tables(&one, &two);
    same_tables(&one, &three);
    // The folder answers the start of the game: a draw.
    let start = "......../........ w 6 6 - six-mens-morris";
    let p = json(&["tablebase", "probe", one.text(), "--position", start, "--json"]);
    assert_eq!(p["value"], "draw", "{p}");
    let (kind, message) = json_error(
        &[
            "tablebase",
            "build",
            "six-mens-morris",
            "--whole-game",
            "--max-pieces",
            "4",
            "--out",
            one.text(),
            "--json",
        ],
        2,
    );
    assert_eq!(kind, "usage", "{message}");
}

#[test]
fn workers_refuse_a_folder_of_another_variant_and_a_chunk_of_another_count() {
    let dir = TempDir::new("chunks-other-variant");
    let build = |game: &[&'static str], more: &[&'static str]| -> Vec<String> {
        let tail = ["--max-pieces", "3", "--out", dir.text(), "--json"];
        let words = [&["tablebase", "build"][..], game, &tail, more].concat();
        words.into_iter().map(String::from).collect()
    };
    let run = |words: Vec<String>| json(&words.iter().map(String::as_str).collect::<Vec<_>>());
    run(build(&["six-mens-morris", "--flying"], &[]));
    // The tables of the flying variant, complete, are not kept for the
    // plain one, nor for another game.
    for game in [&["six-mens-morris"][..], &["nine-mens-morris"][..]] {
        let words = build(game, &["--workers", "2"]);
        let (kind, message) = json_error(&words.iter().map(String::as_str).collect::<Vec<_>>(), 2);
        assert_eq!(kind, "tablebase", "{message}");
        assert!(message.contains(r#"a table of variant "six-mens-morris+flying", but variant"#), "{message}");
    }
    // A chunk of another count than --chunk-indices gives the tier.
    let (kind, message) = json_error(
        &[
            "tablebase",
            "build",
            "six-mens-morris",
            "--flying",
            "--tier",
            "w4b3x",
            "--chunk",
            "1/5",
            "--chunk-indices",
            "20000",
            "--out",
            dir.text(),
            "--json",
        ],
        2,
    );
    assert_eq!(kind, "tablebase", "{message}");
    assert!(message.contains("the tier splits into 3 chunks of at most 20000 indices, not 5"), "{message}");
}
