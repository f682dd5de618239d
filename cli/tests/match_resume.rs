//! `lapilli match --resume`: a match goes on from its log, playing only the
//! games the log lacks, and reports what one uninterrupted match reports
//! (at a fixed depth the games are the same, so the two summaries are
//! compared whole); a log of another match is refused, naming what
//! differs.

mod match_run;

use match_run::{lapilli, TempDir};
use serde_json::Value as Json;

/// The lines of a `--log` file, as JSON.
fn log_lines(dir: &TempDir, name: &str) -> Vec<Json> {
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// `lapilli match terni-lapilli` at depth 3 with `--openings N`, logging
/// to `log`, with `extra` options.
fn run(dir: &TempDir, openings: &str, log: &str, extra: &[&str]) -> match_run::Run {
    let log = dir.text(log);
    let mut args =
        vec!["match", "terni-lapilli", "--depth", "3", "--openings", openings, "--json", "--log", &log];
    args.extend(extra);
    lapilli(dir, &args)
}

/// The summary's keys that tell the games' outcome (not the settings,
/// which name the log's command lines, nor the time, measured anew).
fn outcome(summary: &Json) -> Vec<Json> {
    [
        "games",
        "games_planned",
        "wins",
        "draws",
        "losses",
        "points",
        "pairs",
        "pentanomial",
        "by_side",
        "endings",
    ]
    .iter()
    .map(|k| summary[*k].clone())
    .chain([summary["time"]["first"]["moves"].clone(), summary["time"]["second"]["moves"].clone()])
    .collect()
}

/// The games of the lines of a log (after its header), without the times.
fn games(lines: &[Json]) -> Vec<Json> {
    lines[1..]
        .iter()
        .map(|g| Json::from([g["game"].clone(), g["moves"].clone(), g["result"].clone()].to_vec()))
        .collect()
}

#[test]
fn a_resumed_match_plays_only_the_missing_games_and_reports_the_whole() {
    let dir = TempDir::new("resume");
    let whole = run(&dir, "4", "whole.jsonl", &[]);
    assert_eq!(whole.code, Some(0), "{}", whole.stderr);
    let whole_summary = whole.json();
    assert_eq!(whole_summary["games"], 8);

    // Half of it, then grown to the whole with the same seed.
    let half = run(&dir, "2", "part.jsonl", &[]);
    assert_eq!(half.code, Some(0), "{}", half.stderr);
    assert_eq!(log_lines(&dir, "part.jsonl").len(), 1 + 4);
    let resumed = run(&dir, "4", "part.jsonl", &["--resume"]);
    assert_eq!(resumed.code, Some(0), "{}", resumed.stderr);
    assert!(resumed.stderr.contains("4 of the 8 games are in the log"), "{}", resumed.stderr);
    assert!(
        resumed.stderr.contains("game 5/8") && !resumed.stderr.contains("game 4/8"),
        "{}",
        resumed.stderr
    );
    assert_eq!(outcome(&resumed.json()), outcome(&whole_summary));
    let lines = log_lines(&dir, "part.jsonl");
    assert_eq!((lines[0]["games_planned"].clone(), lines[0]["resumed_games"].clone()), (8.into(), 4.into()));
    assert_eq!(games(&lines), games(&log_lines(&dir, "whole.jsonl")));

    // A last line cut short (the match killed while writing it): that game
    // is played again, and only that one.
    let text = std::fs::read_to_string(dir.join("part.jsonl")).unwrap();
    let cut = text.trim_end().rfind('\n').unwrap() + 40;
    std::fs::write(dir.join("part.jsonl"), &text[..cut]).unwrap();
    let again = run(&dir, "4", "part.jsonl", &["--resume"]);
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    assert!(again.stderr.contains("7 of the 8 games are in the log"), "{}", again.stderr);
    assert!(again.stderr.contains("game 8/8") && !again.stderr.contains("game 7/8"), "{}", again.stderr);
    assert_eq!(outcome(&again.json()), outcome(&whole_summary));
    assert_eq!(games(&log_lines(&dir, "part.jsonl")), games(&log_lines(&dir, "whole.jsonl")));

    // A log that is complete: nothing to play, the same report.
    let done = run(&dir, "4", "part.jsonl", &["--resume"]);
    assert_eq!(done.code, Some(0), "{}", done.stderr);
    assert!(!done.stderr.contains("game 8/8"), "{}", done.stderr);
    assert_eq!(outcome(&done.json()), outcome(&whole_summary));

    // No log yet: --resume starts it.
    let fresh = run(&dir, "4", "fresh.jsonl", &["--resume"]);
    assert_eq!(fresh.code, Some(0), "{}", fresh.stderr);
    assert_eq!(outcome(&fresh.json()), outcome(&whole_summary));
}

#[test]
fn a_log_of_another_match_is_refused_naming_what_differs() {
    let dir = TempDir::new("resume-refused");
    let first = run(&dir, "2", "log.jsonl", &[]);
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    let before = std::fs::read_to_string(dir.join("log.jsonl")).unwrap();
    let cases: [(&str, &[&str], &str); 4] = [
        ("2", &["--seed", "7"], "openings.seed"),
        ("2", &["--max-plies", "50"], "max_plies"),
        ("2", &["--second-option", "Hash=4"], "second.options"),
        ("1", &[], "more than this match's 1: ask for at least 2"),
    ];
    for (openings, extra, what) in cases {
        let refused = run(&dir, openings, "log.jsonl", &[&["--resume"], extra].concat());
        assert_eq!(refused.code, Some(2), "{extra:?}: {}", refused.stderr);
        let error = &refused.json()["error"];
        assert_eq!(error["kind"], "option", "{error}");
        let message = error["message"].as_str().unwrap();
        assert!(message.starts_with("--resume ") && message.contains(what), "{extra:?}: {message}");
        // The log is left as it was.
        assert_eq!(std::fs::read_to_string(dir.join("log.jsonl")).unwrap(), before);
    }
    // Not a match log.
    std::fs::write(dir.join("other.jsonl"), "{\"type\": \"game\"}\n").unwrap();
    let refused = run(&dir, "2", "other.jsonl", &["--resume"]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert!(refused.stdout.contains("not a match log's header"), "{}", refused.stdout);
    // --resume needs --log, and does not go with --against-perfect.
    for args in [
        &["match", "terni-lapilli", "--resume"][..],
        &["match", "terni-lapilli", "--resume", "--log", "x.jsonl", "--against-perfect"][..],
    ] {
        let refused = lapilli(&dir, args);
        assert_eq!(refused.code, Some(2), "{args:?}: {}", refused.stderr);
    }
}
