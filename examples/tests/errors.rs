//! Every failure is an error that says what is wrong in a few words, as
//! text on standard error and, with `--json`, as a JSON object on standard
//! output: `{"error": {"kind": ..., "message": ...}}`.

mod common;

use common::{failure, json_error, lapilli};

/// The longest message a refusal of huge input may print.
const SHORT: usize = 400;

#[test]
fn json_errors_name_their_kind_for_every_kind_of_failure() {
    // (arguments, kind, exit code, words the message must contain)
    let cases: &[(&[&str], &str, i32, &str)] = &[
        (&["analyze", "terni-lapilli", "--json", "--bogus"], "usage", 2, "unexpected argument '--bogus'"),
        (&["analyze", "terni-lapilli", "--json", "--depth", "0"], "usage", 2, "0 is not in 1..=200"),
        (&["analyze", "terni-lapilli", "--json", "--nodes", "0"], "usage", 2, "--nodes"),
        (&["perft", "chess", "1", "--json"], "usage", 2, "invalid value 'chess'"),
        (&["perft", "petteia", "--json"], "usage", 2, "required"),
        (&["info", "--json"], "usage", 2, "required"),
        (
            &["selfplay", "petteia", "--json", "--ai", "minimax:31"],
            "usage",
            2,
            "minimax:N with N from 1 to 30",
        ),
        (&["play", "petteia", "--json"], "usage", 2, "unexpected argument '--json'"),
        (&["info", "terni-lapilli", "--json", "--no-flying"], "option", 2, "--no-flying does not apply"),
        (&["info", "petteia", "--json", "--size", "20x20"], "option", 2, "at most 128 squares"),
        (&["info", "latrunculi", "--json", "--variant", "standard"], "option", 2, "with the Dux"),
        (
            &["perft", "terni-lapilli", "1", "--json", "--position", "B.......W w"],
            "position",
            2,
            "black to move",
        ),
        (
            &["perft", "terni-lapilli", "1", "--json", "--no-centre-first", "--position", "......... b"],
            "position",
            2,
            "the command chose",
        ),
        (&["analyze", "nine-mens-morris", "--json", "--position", "nonsense"], "position", 2, "\"nonsense\""),
        (&["analyze", "terni-lapilli", "--json", "--moves", "0 0"], "move", 2, "move 2 (\"0\")"),
        (&["analyze", "petteia", "--json", "--moves", "a1-a3"], "move", 2, "blocked at a2"),
        (&["analyze", "nine-mens-morris", "--json", "--moves", "q9"], "move", 2, "move 1 (\"q9\")"),
        (&["analyze", "terni-lapilli", "--json", "--moves", "0 4 1 2 6 3 5"], "game-over", 2, "white wins"),
        (&["solve", "petteia", "--json"], "unsolvable", 2, "cannot be solved here"),
        (&["solve", "nine-mens-morris", "--json"], "unsolvable", 2, "not solved here"),
        (&["selfplay", "latrunculi", "--json", "--ai", "perfect"], "unsolvable", 2, "--ai perfect"),
    ];
    for &(args, kind, code, words) in cases {
        let (k, message) = json_error(args, code);
        assert_eq!(k, kind, "{args:?}: {message}");
        assert!(message.contains(words), "{args:?}: {message}");
        assert!(!message.starts_with("error"), "{args:?}: {message}");
    }
}

#[test]
fn without_json_errors_are_text_on_standard_error_only() {
    let (code, json, stderr) = failure(&["analyze", "terni-lapilli", "--moves", "0 0"], "");
    assert_eq!((code, json), (Some(2), serde_json::Value::Null));
    assert_eq!(stderr, "error: --moves: move 2 (\"0\"): illegal move 0: the target point is occupied\n");
    // clap's usage errors keep their usage line and tip.
    let (code, json, stderr) = failure(&["analyze", "terni-lapilli", "--bogus"], "");
    assert_eq!((code, json), (Some(2), serde_json::Value::Null));
    assert!(stderr.starts_with("error: unexpected argument '--bogus' found"), "{stderr}");
    assert!(stderr.contains("Usage: lapilli analyze"), "{stderr}");
    // Help and version are no errors.
    for args in [["analyze", "--help"], ["--version", "--json"]] {
        let out = lapilli(&args, "");
        assert!(out.status.success(), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stdout).starts_with("{\"error\""), "{args:?}");
    }
}

#[test]
fn huge_input_is_quoted_as_a_short_excerpt() {
    let huge = "a".repeat(100_000);
    let excerpt = format!("{}…", "a".repeat(24));
    for game in ["terni-lapilli", "nine-mens-morris", "petteia"] {
        let runs: [(Vec<&str>, &str); 3] = [
            (vec!["analyze", game, "--json", "--moves", &huge], "move"),
            (vec!["analyze", game, "--json", "--position", &huge], "position"),
            (vec!["play", game, "--human", &huge, "--json"], "usage"),
        ];
        for (args, kind) in &runs {
            let (code, json, stderr) = failure(args, "");
            assert_eq!(code, Some(2), "{game} {kind}");
            assert!(stderr.len() < SHORT + 300, "{game} {kind}: {} bytes of error", stderr.len());
            assert_eq!(json["error"]["kind"], *kind, "{game}");
            let message = json["error"]["message"].as_str().unwrap();
            assert!(message.len() < SHORT, "{game} {kind}: {message}");
            if *kind != "usage" {
                assert!(message.contains(&excerpt), "{game}: {message}");
            }
        }
        // A huge move typed at the prompt.
        let out = lapilli(&["play", game, "--human", "both"], &format!("{huge}\nquit\n"));
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.len() < 4000, "{game}: {} bytes", text.len());
        assert!(text.contains(&format!("cannot read \"{excerpt}\"")), "{game}: {text}");
    }
    // Values clap refuses or does not know are cut as well.
    for args in [
        vec!["play", "petteia", "--json", "--ai", &huge],
        vec!["analyze", "petteia", "--json", &huge],
        vec!["perft", &huge, "1", "--json"],
        vec!["analyze", "petteia", "--json", "--size", &huge],
    ] {
        let (code, json, stderr) = failure(&args, "");
        assert_eq!(code, Some(2));
        let message = json["error"]["message"].as_str().unwrap();
        assert!(message.len() < SHORT, "{message}");
        assert!(stderr.len() < 2000, "{} bytes: {}", stderr.len(), &stderr[..200]);
    }
    // The human's side, refused by the program rather than clap.
    let (code, json, stderr) = failure(&["play", "petteia", "--human", &huge], "");
    assert_eq!((code, json), (Some(2), serde_json::Value::Null));
    assert!(stderr.contains(&format!("--human \"{excerpt}\"")) && stderr.len() < SHORT, "{stderr}");
}

#[test]
fn a_human_side_not_in_the_game_is_an_option_error() {
    // `play` has no --json: its errors are text.
    let (code, _, stderr) = failure(&["play", "petteia", "--human", "red"], "");
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        "error: --human \"red\": petteia has the sides white and black; give one of them, both or none\n"
    );
}
