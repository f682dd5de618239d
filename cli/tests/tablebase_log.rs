//! `lapilli tablebase build --log FILE`: a JSON line per tier as it
//! finishes, on one process and on workers.

mod common;

use common::{json, json_error, TempDir};
use serde_json::Value as Json;

/// The lines of the log at `path`, each one JSON object.
fn lines(path: &std::path::Path) -> Vec<Json> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
}

/// (tier, entries, positions) of each line or report, sorted.
fn tiers(objects: &[Json]) -> Vec<(String, u64, u64)> {
    let mut t: Vec<(String, u64, u64)> = objects
        .iter()
        .map(|o| {
            (
                o["tier"].as_str().unwrap().into(),
                o["entries"].as_u64().unwrap(),
                o["positions"].as_u64().unwrap(),
            )
        })
        .collect();
    t.sort();
    t
}

#[test]
fn every_tier_is_logged_as_it_finishes_on_one_process_and_on_workers() {
    let (one, two, logs) = (TempDir::new("one"), TempDir::new("two"), TempDir::new("logs"));
    let build = |dir: &TempDir, log: &str, more: &[&str]| {
        let log = logs.join(log);
        let mut args =
            vec!["tablebase", "build", "six-mens-morris", "--max-pieces", "4", "--out", dir.text(), "--json"];
        args.extend_from_slice(&["--log", log.to_str().unwrap()]);
        args.extend_from_slice(more);
        json(&args)
    };
    let report = build(&one, "one.jsonl", &[]);
    let built = report["tiers"].as_array().unwrap();
    assert_eq!(built.len(), 6);
    let on_one = lines(&logs.join("one.jsonl"));
    assert_eq!(tiers(&on_one), tiers(built));
    for line in &on_one {
        assert_eq!(line["reused"], false, "{line}");
        assert!(line["host"].as_str().is_some_and(|h| !h.is_empty()), "{line}");
        assert!(line["logged_unix_ms"].as_u64().unwrap() > 1_700_000_000_000, "{line}");
        // One process: no tier has a peak of its own.
        assert!(line.get("peak_memory_bytes").is_none(), "{line}");
    }

    build(&two, "two.jsonl", &["--workers", "2"]);
    let on_two = lines(&logs.join("two.jsonl"));
    assert_eq!(tiers(&on_two), tiers(built));
    for line in &on_two {
        assert!(line["peak_memory_bytes"].as_u64().unwrap() > 1 << 20, "{line}");
    }
    // A second run keeps every tier and appends their lines.
    build(&two, "two.jsonl", &["--workers", "2"]);
    let again = lines(&logs.join("two.jsonl"));
    assert_eq!(again.len(), 12);
    assert!(again[6..].iter().all(|l| l["reused"] == true && l.get("host").is_none()), "{again:?}");

    // A log that cannot be opened: kind io, before anything is built.
    let fresh = TempDir::new("fresh");
    let out = fresh.join("tables");
    let (kind, message) = json_error(
        &[
            "tablebase",
            "build",
            "six-mens-morris",
            "--max-pieces",
            "4",
            "--out",
            out.to_str().unwrap(),
            "--json",
            "--log",
            logs.text(),
        ],
        1,
    );
    assert_eq!(kind, "io", "{message}");
    assert!(message.starts_with(&format!("--log: cannot open {}", logs.text())), "{message}");
    assert!(!out.exists(), "nothing built");
}
