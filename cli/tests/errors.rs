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
            "search:N (or minimax:N) with N from 1 to 30",
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

#[test]
fn json_usage_errors_carry_clap_s_whole_message() {
    // (arguments, words the message must contain): the missing arguments,
    // the possible values and clap's tips, on one line, without the usage
    // line and the pointer to --help that standard error adds.
    let cases: &[(&[&str], &str)] = &[
        (
            &["tablebase", "build", "nine-mens-morris", "--max-pieces", "3", "--json"],
            "the following required arguments were not provided: --out <DIR>",
        ),
        (
            &["tablebase", "build", "--json"],
            "the following required arguments were not provided: --out <DIR>, --max-pieces <N>, <GAME>",
        ),
        (
            &["tablebase", "probe", "tb", "--json"],
            "the following required arguments were not provided: --position <POSITION>",
        ),
        (
            &["selfplay", "nine-mens-morris", "--tablebase-side", "white", "--json"],
            "the following required arguments were not provided: --tablebase <DIR>",
        ),
        (&["info", "--json"], "the following required arguments were not provided: <GAME>"),
        (
            &["analyze", "terni-lapilli", "--json", "--bogus"],
            "unexpected argument '--bogus' found; tip: to pass '--bogus' as a value, use '-- --bogus'",
        ),
        (
            &["perft", "chess", "1", "--json"],
            "invalid value 'chess' for '<GAME>' [possible values: terni-lapilli, three-mens-morris,",
        ),
        (
            &["analyze", "terni-lapilli", "--json", "--depth", "0"],
            "invalid value '0' for '--depth <DEPTH>': 0 is not in 1..=200",
        ),
        (
            &["tablebase", "build", "nine-mens-morris", "--max-pieces", "x", "--out", "tb", "--json"],
            "invalid value 'x' for '--max-pieces <N>'",
        ),
        (
            &["analyze", "terni-lapilli", "--json", "--depth", "3", "--depth", "4"],
            "the argument '--depth <DEPTH>' cannot be used multiple times",
        ),
        (
            &["analyze", "terni-lapilli", "--json", "--split-root=yes"],
            "unexpected value 'yes' for '--split-root' found",
        ),
        (
            &["tablebase", "frob", "--json"],
            "unrecognized subcommand 'frob'; tip: a similar subcommand exists: 'probe'",
        ),
    ];
    for &(args, words) in cases {
        let (kind, message) = json_error(args, 2);
        assert_eq!(kind, "usage", "{args:?}");
        assert!(message.contains(words), "{args:?}: {message}");
        for boilerplate in ["Usage:", "For more information", "\n"] {
            assert!(!message.contains(boilerplate), "{args:?}: {message}");
        }
        // Standard error: the same message, then the usage line.
        let (_, _, stderr) = failure(args, "");
        assert!(stderr.starts_with(&format!("error: {message}\n\n")), "{stderr}");
        assert!(stderr.contains("For more information, try '--help'."), "{stderr}");
    }
}

#[test]
fn a_position_without_its_variant_words_is_told_them() {
    const SIX_WITHOUT_FLYING: &str = "......../........ w 6 6 - six-mens-morris";
    const NINE_START: &str = "......../......../........ w 9 9 -";
    // (arguments, words of the message)
    let cases: &[(&[&str], &str)] = &[
        // Not a position of any variant: the word, and what else is wrong.
        (
            &["analyze", "six-mens-morris", "--json", "--position", "WWW...../BB...... b 3 4 x"],
            "write the word six-mens-morris at the end, as the start is written: \"......../........ w 6 6 - \
             six-mens-morris\" (with it the text is still no position: white has 3 and black 4 in hand",
        ),
        // A position of the word's variant: the rules crate says so.
        (
            &["analyze", "six-mens-morris", "--json", "--position", "W......./........ b 5 6 -"],
            "a six-mens-morris position needs the word six-mens-morris",
        ),
        // Read as another variant's position.
        (
            &["perft", "tapatan", "1", "--json", "--position", "......... b"],
            "the position is terni-lapilli with the centre allowed on the first placement but the \
             command chose tapatan with the centre allowed on the first placement; write the word tapatan \
             at the end, as the start is written: \"......... b tapatan\"",
        ),
        (
            &["perft", "six-mens-morris", "1", "--flying", "--json", "--position", SIX_WITHOUT_FLYING],
            "write the word flying at the end",
        ),
        (
            &["perft", "nine-mens-morris", "1", "--no-flying", "--json", "--position", NINE_START],
            "write the word no-flying at the end",
        ),
    ];
    for &(args, words) in cases {
        let (kind, message) = json_error(args, 2);
        assert_eq!(kind, "position", "{args:?}");
        assert!(message.contains(words), "{args:?}: {message}");
        assert_eq!(message.matches("needs the word").count() + message.matches("write the word").count(), 1);
    }
    // Text of the wrong shape gets no hint: the words would not help.
    let (_, message) = json_error(&["analyze", "six-mens-morris", "--json", "--position", "nonsense"], 2);
    assert!(!message.contains("write the word"), "{message}");
    // The variant's own words are given: no hint either.
    let (_, message) = json_error(&["perft", "achi", "1", "--json", "--position", "......... b tapatan"], 2);
    assert!(message.contains("but the command chose achi") && !message.contains("write the"), "{message}");
}
