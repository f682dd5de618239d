//! `lapilli match` against fake engines (small bash scripts) that play an
//! illegal move, refuse a ply, never answer, die or never finish their
//! handshake; the SPRT's stop, openings files, the text summary and engine
//! commands refused. lapilli against itself is in `self_match.rs`.

mod match_run;

use match_run::{lapilli, Run, TempDir};
use serde_json::Value as Json;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fake engine: a bash script that answers the handshake and behaves
/// as `mode` says when asked to move: `illegal` plays a slide while
/// placing, `none` answers `bestmove none`, `refuse` refuses every history
/// with plies, `silent` never answers (and ignores `quit`), `die` exits,
/// `mute` never finishes its handshake. Each start appends the process id
/// to `pids`.
fn fake(dir: &TempDir) -> String {
    let script = r#"mode="$1"
echo $$ >> "$2"
while IFS= read -r line; do
  case "$line" in
    uci)
      echo "id name fake $mode"
      [ "$mode" = mute ] && continue
      echo "option name Hash type spin default 16 min 1 max 64"
      echo "uciok" ;;
    isready) echo "readyok" ;;
    position*)
      if [ "$mode" = refuse ] && [[ "$line" == *" moves "* ]]; then
        echo "info string illegal move ignored: ${line##* }"
      fi ;;
    go*)
      case "$mode" in
        illegal) echo "info depth 1 score cp 0"; echo "bestmove 0-8" ;;
        none) echo "bestmove none" ;;
        silent) ;;
        die) exit 1 ;;
        *) echo "bestmove 4" ;;
      esac ;;
    quit) [ "$mode" = silent ] || exit 0 ;;
  esac
done
"#;
    std::fs::write(dir.join("fake.sh"), script).unwrap();
    dir.text("fake.sh")
}

/// A match of lapilli (first) against the fake engine in `mode`, over two
/// openings (unless `extra` says otherwise) of two plies: the game cannot
/// end before the fake has moved.
fn against_fake(dir: &TempDir, mode: &str, extra: &[&str]) -> Run {
    let command = format!("bash {} {mode} {}", fake(dir), dir.text("pids"));
    let mut args =
        vec!["match", "terni-lapilli", "--depth", "1", "--opening-plies", "2", "--second", &command];
    if !extra.contains(&"--openings") {
        args.extend(["--openings", "2"]);
    }
    args.extend(extra);
    args.push("--json");
    lapilli(dir, &args)
}

/// The process ids the fake engines wrote.
fn fake_pids(dir: &TempDir) -> Vec<String> {
    std::fs::read_to_string(dir.join("pids")).unwrap_or_default().lines().map(str::to_string).collect()
}

#[test]
fn an_illegal_move_or_a_refused_ply_is_a_disagreement_that_stops_the_match() {
    for (mode, words) in
        [("illegal", "illegal move 0-8"), ("refuse", "refused the history"), ("none", "bestmove none")]
    {
        let dir = TempDir::new(&format!("disagree-{mode}"));
        let run = against_fake(&dir, mode, &[]);
        assert_eq!(run.code, Some(3), "{mode}: {}", run.stderr);
        let j = run.json();
        assert_eq!(j["error"]["kind"], "engine", "{j}");
        let d = j["disagreements"].as_array().unwrap();
        assert_eq!(d.len(), 1, "{mode}: {j}");
        assert_eq!(d[0]["engine"], format!("fake {mode}"), "{j}");
        assert!(d[0]["what"].as_str().unwrap().contains(words), "{mode}: {}", d[0]);
        // The match stopped at the first game the fake moved in, without a
        // result for it.
        assert_eq!(j["stopped"], "disagreement");
        assert_eq!(j["endings"]["disagreement"], 1);
        assert_eq!(
            j["wins"].as_u64().unwrap() + j["draws"].as_u64().unwrap() + j["losses"].as_u64().unwrap(),
            j["games"].as_u64().unwrap()
        );
        assert!(j["games"].as_u64().unwrap() < 4, "{j}");
        assert!(run.stderr.contains("no result: rules disagreement at ply"), "{}", run.stderr);
        // The refused ply is the last one sent; the illegal one the ply played.
        let opening_and_more = d[0]["ply"].as_u64().unwrap();
        assert!(opening_and_more >= 2, "{}", d[0]);
    }
    // Going on after disagreements: every game is played, none has a result,
    // and the match still fails.
    let dir = TempDir::new("disagree-continue");
    let run = against_fake(&dir, "illegal", &["--continue-on-disagreement"]);
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    let j = run.json();
    assert_eq!((j["games"].as_u64(), j["disagreements"].as_array().unwrap().len()), (Some(0), 4));
    assert_eq!(j["stopped"], Json::Null);
    assert!(j["error"]["message"].as_str().unwrap().starts_with("4 rules disagreements"), "{j}");
}

#[test]
fn a_silent_engine_loses_on_time_and_a_dying_one_by_crash() {
    let dir = TempDir::new("silent");
    let run = against_fake(&dir, "silent", &["--move-timeout", "300"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let j = run.json();
    assert_eq!((j["games"].as_u64(), j["wins"].as_u64()), (Some(4), Some(4)), "{j}");
    assert_eq!(j["forfeits"], serde_json::json!({"first": 0, "second": 4}));
    assert_eq!(j["endings"], serde_json::json!({"time-forfeit": 4}));
    assert!(run.stderr.contains("lost on time"), "{}", run.stderr);
    assert!(run.stderr.contains("the second engine was started again"), "{}", run.stderr);
    // One fake per game (each started again after its loss), none left
    // running though it ignores `quit`.
    let pids = fake_pids(&dir);
    assert_eq!(pids.len(), 4, "{pids:?}");
    if cfg!(target_os = "linux") {
        for pid in &pids {
            assert!(!Path::new(&format!("/proc/{pid}")).exists(), "the fake engine {pid} still runs");
        }
    }
    let dir = TempDir::new("die");
    let run = against_fake(&dir, "die", &[]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let j = run.json();
    assert_eq!(j["crashes"], serde_json::json!({"first": 0, "second": 4}));
    assert_eq!((j["wins"].as_u64(), j["endings"]["crash"].as_u64()), (Some(4), Some(4)), "{j}");
    assert!(run.stderr.contains("crashed (the engine ended (exit status: 1))"), "{}", run.stderr);
}

#[test]
fn the_sprt_stops_the_match_once_it_decides() {
    // A fake that dies at every move loses every game: the test of H1
    // (lapilli is stronger by 10 Elo) decides for H1 once the evidence is
    // enough, and the match stops at that pair; if it never is, every game
    // is played.
    let dir = TempDir::new("sprt");
    let run = against_fake(&dir, "die", &["--openings", "30", "--sprt", "elo0=0,elo1=10"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let j = run.json();
    let sprt = &j["sprt"];
    let games = j["games"].as_u64().unwrap();
    assert_eq!((j["wins"].as_u64(), sprt["pairs"].as_u64()), (Some(games), Some(games / 2)), "{j}");
    assert_eq!(j["pentanomial"][4].as_u64(), Some(games / 2));
    assert_eq!(
        (sprt["elo0"].as_f64(), sprt["elo1"].as_f64(), sprt["alpha"].as_f64()),
        (Some(0.0), Some(10.0), Some(0.05))
    );
    let (llr, upper) = (sprt["llr"].as_f64().unwrap(), sprt["upper"].as_f64().unwrap());
    if sprt["decision"] == "H1" {
        assert_eq!(
            (sprt["stopped_match"].as_bool(), j["stopped"].as_str()),
            (Some(true), Some("sprt")),
            "{j}"
        );
        assert!(games < 60 && games.is_multiple_of(2) && llr >= upper, "{j}");
        // No game was started after the deciding pair.
        let lines = run.stderr.lines().filter(|l| l.starts_with("game ")).count();
        assert_eq!(lines as u64, games, "{}", run.stderr);
    } else {
        assert_eq!(
            (sprt["decision"].as_str(), games, j["stopped"].clone()),
            (Some("continue"), 60, Json::Null),
            "{j}"
        );
        assert!(llr < upper, "{j}");
    }
    // Bad specifications are usage errors.
    for (spec, words) in [
        ("elo0=10,elo1=0", "elo0"),
        ("elo0=0", "elo1"),
        ("elo0=0,elo1=10,alpha=0.7", "alpha"),
        ("elo0:0,elo1:10", "key=value"),
    ] {
        let run = lapilli(&dir, &["match", "terni-lapilli", "--sprt", spec, "--json"]);
        assert_eq!(run.code, Some(2), "{spec}: {}", run.stderr);
        let j = run.json();
        assert_eq!(j["error"]["kind"], "usage", "{spec}");
        assert!(j["error"]["message"].as_str().unwrap().contains(words), "{spec}: {j}");
    }
}

#[test]
fn engines_that_do_not_start_are_errors_naming_them() {
    let dir = TempDir::new("start");
    let script = fake(&dir);
    let pids = dir.text("pids");
    let cases: [(String, &[&str], &str); 4] = [
        (format!("bash {script} mute {pids}"), &["--handshake-timeout", "300"], "no `uciok` within 0.3 s"),
        ("/nonexistent/engine uci".into(), &[], "cannot run \"/nonexistent/engine\""),
        (format!("bash {script} ok {pids}"), &["--second-option", "Threads=2"], "no option \"Threads\""),
        (
            format!("bash {script} ok {pids}"),
            &["--second-readback", "fen"],
            "reads no other program's position format",
        ),
    ];
    for (command, extra, words) in cases {
        let mut args = vec!["match", "terni-lapilli", "--depth", "1", "--second", &command, "--json"];
        args.extend(extra);
        let started = Instant::now();
        let run = lapilli(&dir, &args);
        let j = run.json();
        let kind = if words.contains("position format") { "option" } else { "engine" };
        assert_eq!(j["error"]["kind"], kind, "{command}: {j}");
        assert_eq!(run.code, Some(if kind == "engine" { 3 } else { 2 }), "{command}");
        assert!(j["error"]["message"].as_str().unwrap().contains(words), "{command}: {j}");
        assert!(run.stderr.contains(words), "{}", run.stderr);
        assert!(started.elapsed() < Duration::from_secs(20));
    }
    // The engine's own lines are quoted.
    let mute = format!("bash {script} mute {pids}");
    let run =
        lapilli(&dir, &["match", "terni-lapilli", "--second", &mute, "--handshake-timeout", "200", "--json"]);
    assert!(run.json()["error"]["message"].as_str().unwrap().contains("id name fake mute"), "{}", run.stdout);
    // A command line that does not split.
    let run = lapilli(&dir, &["match", "terni-lapilli", "--first", "lapilli 'uci", "--json"]);
    assert_eq!((run.code, run.json()["error"]["kind"].as_str()), (Some(2), Some("usage")));
}

#[test]
fn openings_files_are_read_and_their_errors_name_the_line() {
    let dir = TempDir::new("openings");
    let file = dir.join("openings.txt");
    let path = file.to_string_lossy().into_owned();
    std::fs::write(&file, "# two openings\n0 4\n\n8 1 2\n").unwrap();
    let run = lapilli(&dir, &["match", "terni-lapilli", "--depth", "1", "--openings-file", &path, "--json"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let j = run.json();
    assert_eq!((j["games"].as_u64(), j["openings"]["count"].as_u64()), (Some(4), Some(2)));
    assert_eq!(j["openings"]["file"].as_str(), Some(path.as_str()));
    assert_eq!(j["openings"]["seed"], Json::Null);
    assert!(run.stderr.contains("[opening 2: 8 1 2]"), "{}", run.stderr);
    for (text, kind, words) in [
        ("0 4\n0 zz\n", "move", "line 2: cannot read \"zz\""),
        ("0 4\n\n4 4\n", "move", "line 3: illegal move"),
        ("0 3 1 4 2\n", "game-over", "line 1: the opening ends the game"),
        ("# none\n", "option", "no opening in the file"),
    ] {
        std::fs::write(&file, text).unwrap();
        let run = lapilli(&dir, &["match", "terni-lapilli", "--openings-file", &path, "--json"]);
        assert_eq!(run.code, Some(2), "{text}: {}", run.stderr);
        let j = run.json();
        assert_eq!(j["error"]["kind"], kind, "{text}: {j}");
        assert!(j["error"]["message"].as_str().unwrap().contains(words), "{text}: {j}");
    }
    let missing = dir.text("missing.txt");
    let run = lapilli(&dir, &["match", "terni-lapilli", "--openings-file", &missing, "--json"]);
    assert_eq!((run.code, run.json()["error"]["kind"].as_str()), (Some(1), Some("io")));
    // Random openings that cannot all be distinct.
    let run =
        lapilli(&dir, &["match", "terni-lapilli", "--openings", "10", "--opening-plies", "1", "--json"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.json()["error"]["message"].as_str().unwrap().contains("only 9 distinct openings"),
        "{}",
        run.stdout
    );
}

#[test]
fn the_text_summary_names_the_engines_and_the_times() {
    let dir = TempDir::new("text");
    let run = lapilli(
        &dir,
        &["match", "terni-lapilli", "--movetime", "10", "--openings", "1", "--first-name", "A"],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for words in [
        "first engine: A (",
        "second engine: lapilli ",
        "games: 2 with a result, of 2",
        "elo: ",
        "time per move, A: median ",
    ] {
        assert!(run.stdout.contains(words), "{words}: {}", run.stdout);
    }
    assert_eq!(run.stderr.lines().filter(|l| l.starts_with("game ")).count(), 2, "{}", run.stderr);
    assert!(run.stderr.lines().any(|l| l.starts_with("game 2/2 [opening 1: ")), "{}", run.stderr);
    // The help documents the JSON keys.
    let help = lapilli(&dir, &["match", "--help"]);
    for key in ["games_planned", "pentanomial", "elo_pairs", "first_engine_result", "times_ms", "stopped"] {
        assert!(help.stdout.contains(key), "{key}");
    }
}

#[test]
fn an_empty_engine_command_is_refused_not_taken_for_the_default() {
    // `--second ""` (or blanks) is no engine: a usage error, exit 2, not
    // a silent match against the default engine.
    for (flag, command) in [("--second", ""), ("--first", "   "), ("--second", "''")] {
        let out = Command::new(env!("CARGO_BIN_EXE_lapilli"))
            .args(["match", "terni-lapilli", "--depth", "1", flag, command, "--json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {command:?}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["error"]["kind"], "usage", "{json}");
        let message = json["error"]["message"].as_str().unwrap();
        assert!(message.contains(flag) && message.contains("the command line is empty"), "{message}");
        assert!(json.get("games").is_none(), "{json}");
    }
}

#[test]
fn an_engine_that_floods_its_output_still_meets_the_handshake_timeout() {
    // `yes bestmove` prints without end and never `uciok`: the match ends
    // at the handshake timeout with an engine error, its memory bounded.
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_lapilli"))
        .args(["match", "terni-lapilli", "--second", "yes bestmove", "--handshake-timeout", "500", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("the match did not end within 30 s of a 500 ms handshake timeout");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    let json: Json = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["error"]["kind"], "engine", "{json}");
    assert!(json["error"]["message"].as_str().unwrap().contains("no `uciok` within 0.5 s"), "{json}");
}
