//! Every search ends within its limits and says which one ended it:
//! `analyze` without a limit, combined limits, the AI of `play` against
//! the clock, and memory or threads the machine refuses.

mod common;

use common::{json, json_error, lapilli, stdout};
use std::time::{Duration, Instant};

/// `json(args)` and the wall time it took.
fn timed_json(args: &[&str]) -> (serde_json::Value, Duration) {
    let t = Instant::now();
    let j = json(args);
    (j, t.elapsed())
}

#[test]
fn analyze_without_limits_stops_after_the_default_time() {
    // Depth 10 of Petteia took minutes; the default is 2000 ms.
    let (j, took) = timed_json(&["analyze", "petteia", "--json"]);
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert_eq!(j["limits"], serde_json::json!({"depth": 200, "millis": 2000, "nodes": null}));
    assert_eq!((j["stopped"].as_bool(), j["stop_reason"].as_str()), (Some(true), Some("time")));
    let millis = j["millis"].as_f64().unwrap();
    assert!((2000.0..4000.0).contains(&millis), "{millis}");
    assert!(j["depth"].as_u64().unwrap() >= 1 && j["best"].is_string(), "{j}");
    let text = stdout(&["analyze", "terni-lapilli", "--position", "BB.WW.... b"], "");
    assert!(text.contains("limits: depth 200, 2000 ms\n"), "{text}");
    assert!(text.contains("depth: 1 ply (a win or loss was proven)"), "{text}");
}

#[test]
fn the_first_limit_reached_stops_the_search() {
    // Depth first.
    let j =
        json(&["analyze", "petteia", "--json", "--depth", "3", "--millis", "60000", "--nodes", "100000000"]);
    assert_eq!(
        (j["depth"].as_u64(), j["stop_reason"].as_str(), j["stopped"].as_bool()),
        (Some(3), Some("depth"), Some(false))
    );
    assert_eq!(j["limits"], serde_json::json!({"depth": 3, "millis": 60000, "nodes": 100000000}));
    // Nodes first: one thread stops exactly at the budget.
    let j = json(&["analyze", "petteia", "--json", "--depth", "30", "--nodes", "5000", "--millis", "60000"]);
    assert_eq!((j["stop_reason"].as_str(), j["stopped"].as_bool()), (Some("nodes"), Some(true)));
    assert_eq!(j["nodes"], 5000);
    assert!(j["depth"].as_u64().unwrap() < 30);
    let j = json(&["analyze", "nine-mens-morris", "--json", "--nodes", "2000"]);
    assert_eq!((j["stop_reason"].as_str(), j["nodes"].as_u64()), (Some("nodes"), Some(2000)));
    assert_eq!(j["limits"], serde_json::json!({"depth": 200, "millis": null, "nodes": 2000}));
    // Time first.
    let (j, took) = timed_json(&["analyze", "petteia", "--json", "--depth", "30", "--millis", "100"]);
    assert_eq!((j["stop_reason"].as_str(), j["stopped"].as_bool()), (Some("time"), Some(true)));
    assert!(took < Duration::from_secs(5), "{took:?}");
    // A proven result ends the search before any limit.
    let j =
        json(&["analyze", "nine-mens-morris", "--json", "--position", "WW.W..../B.....W./B...B... w 0 0 -"]);
    assert_eq!(
        (j["stop_reason"].as_str(), j["stopped"].as_bool(), j["depth"].as_u64()),
        (Some("proven"), Some(false), Some(2))
    );
}

#[test]
fn stop_reason_agrees_with_stopped_under_threads() {
    for threads in ["1", "2", "8"] {
        let j = json(&["analyze", "nine-mens-morris", "--json", "--millis", "100", "--threads", threads]);
        let reason = j["stop_reason"].as_str().unwrap();
        assert!(["depth", "nodes", "time", "proven", "exhausted"].contains(&reason), "{reason}");
        assert_eq!(j["stopped"].as_bool(), Some(reason == "time" || reason == "nodes"), "{j}");
        assert!(j["threads"].as_u64().unwrap() <= threads.parse().unwrap());
    }
}

#[test]
fn the_play_ai_thinks_within_its_time_and_says_so() {
    // minimax:30 would run for hours; it moves after --millis.
    let t = Instant::now();
    let text = stdout(
        &["play", "petteia", "--human", "none", "--ai", "minimax:30", "--max-plies", "2", "--millis", "200"],
        "",
    );
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    assert_eq!(text.matches("white (search:30) is thinking, for at most 0.2 s...\n").count(), 1, "{text}");
    assert_eq!(text.matches("black (search:30) is thinking, for at most 0.2 s...\n").count(), 1, "{text}");
    for side in ["white", "black"] {
        let line = text.lines().find(|l| l.starts_with(&format!("{side} plays "))).unwrap();
        // e.g. "white plays d2-d4 (depth 5, 201 ms)"
        let depth: u32 = line.split("(depth ").nth(1).unwrap().split(',').next().unwrap().parse().unwrap();
        assert!((1..30).contains(&depth), "{line}");
        assert!(line.ends_with(" ms)") || line.ends_with(" s)"), "{line}");
    }
    assert!(text.contains("game over: draw after 2 plies (--max-plies)"), "{text}");
    // The default is one second per move.
    let t = Instant::now();
    let text = stdout(&["play", "petteia", "--human", "none", "--ai", "minimax:30", "--max-plies", "1"], "");
    assert!(t.elapsed() < Duration::from_secs(6), "{:?}", t.elapsed());
    assert!(text.contains("white (search:30) is thinking, for at most 1.0 s...\n"), "{text}");
    // A shallow AI moves as soon as its depth is reached.
    let text =
        stdout(&["play", "terni-lapilli", "--human", "none", "--ai", "minimax:2", "--max-plies", "1"], "");
    let line = text.lines().find(|l| l.starts_with("black plays ")).unwrap();
    assert!(line.contains(" (depth 2, "), "{text}");
    // The random player does not think.
    let text =
        stdout(&["play", "terni-lapilli", "--human", "none", "--ai", "random", "--max-plies", "1"], "");
    assert!(!text.contains("thinking") && text.contains("black (random) plays "), "{text}");
}

#[test]
fn a_table_too_large_is_a_resources_error_and_the_limit_holds() {
    let (kind, message) = json_error(&["analyze", "terni-lapilli", "--json", "--tt-mib", "16385"], 2);
    assert_eq!(kind, "usage", "{message}");
    // Under a memory limit of 1.5 GB, a 4 GiB table is refused: exit 1,
    // not an abort.
    if cfg!(target_os = "linux") {
        let script = format!(
            "ulimit -v 1500000 && exec {} analyze terni-lapilli --position '...BBWWB. w' --tt-mib 4096 --depth 2 --json",
            env!("CARGO_BIN_EXE_lapilli")
        );
        let out = std::process::Command::new("sh").args(["-c", &script]).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
        let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(j["error"]["kind"], "resources");
        assert_eq!(
            j["error"]["message"],
            "--tt-mib 4096: cannot allocate a transposition table of 4294967296 bytes; give a smaller --tt-mib"
        );
    }
    let out = lapilli(&["analyze", "terni-lapilli", "--tt-mib", "1", "--depth", "2", "--json"], "");
    assert!(out.status.success());
}

#[test]
fn full_width_morris_deepens_by_two_plies_and_play_by_one() {
    // The morris heuristic's step of 2 (`Evaluate::deepening_step`) at
    // full width: below the limit of 200, only even depths complete. The
    // program's own search deepens a ply at a time.
    let depth = |extra: &[&str], nodes: &str| {
        let mut args = vec!["analyze", "nine-mens-morris", "--json", "--nodes", nodes];
        args.extend_from_slice(extra);
        json(&args)["depth"].as_u64().unwrap()
    };
    let budgets = ["1000", "10000", "30000"];
    let full: Vec<u64> = budgets.iter().map(|n| depth(&["--full-width"], n)).collect();
    assert!(full.iter().all(|d| d % 2 == 0) && full.contains(&4), "{full:?}");
    let playing: Vec<u64> = budgets.iter().map(|n| depth(&[], n)).collect();
    assert!(playing.iter().any(|d| d % 2 == 1), "{playing:?}");
}
