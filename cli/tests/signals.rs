//! Signals and the processes the long commands start (issue 22, faults 2
//! and 9): `match` ends the whole process group of each engine (a wrapper
//! script that does not `exec` its engine included), and `match`,
//! `analyze` and `selfplay` catch SIGINT, SIGTERM and SIGHUP: they stop,
//! end their engines, report what they finished and exit with 128 + the
//! signal's number.
//!
//! The tests read /proc (Linux) to see which processes live and when the
//! program has its handlers in place, and wait by polling with deadlines,
//! not by fixed sleeps.

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;
use serde_json::Value as Json;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A folder of its own for a test, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("lapilli-signals-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn text(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }

    fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.0.join(name)).unwrap_or_default()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Polls `done` every 10 ms until it holds or `limit` has passed; whether
/// it held.
fn wait_for(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    loop {
        if done() {
            return true;
        }
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The state letter of process `pid` in /proc (`R`, `S`, `Z`...), `None`
/// when there is no such process.
fn state(pid: i32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(')')?.1.split_whitespace().next()?.chars().next()
}

/// Whether process `pid` lives (a zombie does not).
fn alive(pid: i32) -> bool {
    state(pid).is_some_and(|s| s != 'Z')
}

/// The processes whose parent is `pid`.
fn children(pid: i32) -> Vec<i32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(child) = entry.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{child}/stat")) else { continue };
        let ppid = stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse().ok());
        if ppid == Some(pid) {
            found.push(child);
        }
    }
    found
}

/// Whether process `pid` has a handler for SIGINT, SIGTERM and SIGHUP
/// (its `SigCgt` mask in /proc).
fn catches_signals(pid: i32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { return false };
    let mask = status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
        .unwrap_or(0);
    [2, 15, 1].iter().all(|n| mask & (1 << (n - 1)) != 0)
}

/// The program started by a test, killed if the test fails before it
/// ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        if self.0.try_wait().ok().flatten().is_none() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// Starts `lapilli` with `args`, its output going to `stdout` and
/// `stderr` in `dir`.
fn start(dir: &TempDir, args: &[&str]) -> Running {
    let child = Command::new(env!("CARGO_BIN_EXE_lapilli"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(dir.text("stdout")).unwrap())
        .stderr(std::fs::File::create(dir.text("stderr")).unwrap())
        .spawn()
        .expect("the program starts");
    Running(child)
}

/// The child's exit status, within `limit` (else it is killed and the test
/// fails).
fn exit_within(child: &mut Running, limit: Duration, dir: &TempDir) -> ExitStatus {
    let mut status = None;
    wait_for(limit, || {
        status = child.0.try_wait().unwrap();
        status.is_some()
    });
    status.unwrap_or_else(|| {
        panic!("the program did not end within {limit:?}; standard error: {}", dir.read("stderr"))
    })
}

/// Sends `signal` to the child once its handlers are in place.
fn signal_when_caught(child: &Running, signal: Signal, dir: &TempDir) {
    let pid = child.0.id() as i32;
    assert!(
        wait_for(Duration::from_secs(20), || catches_signals(pid)),
        "the program never caught the signals; standard error: {}",
        dir.read("stderr")
    );
    kill(Pid::from_raw(pid), signal).unwrap();
}

/// The JSON object on standard output.
fn json(dir: &TempDir) -> Json {
    let out = dir.read("stdout");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{}", dir.read("stderr")))
}

/// An engine behind a wrapper script that does not `exec` it, and that
/// keeps `quit` and the end of the input from it (as a filter could): only
/// a signal ends the real engine. The script writes the real engine's pid
/// and its helper's (a `sleep` that holds the engine's input open).
struct Wrapper {
    /// The command line for `--first` or `--second`.
    command: String,
    real: String,
    sleeper: String,
}

impl Wrapper {
    fn new(dir: &TempDir) -> Wrapper {
        let script = dir.text("engine.sh");
        std::fs::write(
            &script,
            "exec 3<&0\n\
             { sed -u '/^quit$/d' <&3; sleep 20 & echo $! > \"$3\"; wait; } | \"$1\" uci terni-lapilli &\n\
             echo $! > \"$2\"\n\
             wait\n",
        )
        .unwrap();
        let (real, sleeper) = (dir.text("real.pid"), dir.text("sleep.pid"));
        let command = shell_words_join(&["sh", &script, env!("CARGO_BIN_EXE_lapilli"), &real, &sleeper]);
        Wrapper { command, real, sleeper }
    }

    /// Whether the real engine and its helper are gone within a few
    /// seconds; they are killed if not (they are the test's own).
    fn gone(&self) -> bool {
        let pid = |file: &str| {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            text.trim().parse::<i32>().unwrap_or_else(|e| panic!("{file}: {e}"))
        };
        let (real, sleeper) = (pid(&self.real), pid(&self.sleeper));
        let gone = wait_for(Duration::from_secs(3), || !alive(real) && !alive(sleeper));
        for p in [real, sleeper] {
            if alive(p) {
                let _ = kill(Pid::from_raw(p), Signal::SIGKILL);
            }
        }
        gone
    }
}

/// Fault 2: an engine started by a wrapper script that does not `exec` it
/// is ended with the wrapper when the match ends. Before the fix only the
/// wrapper was killed, and the real engine lived on.
#[test]
fn an_engine_behind_a_wrapper_ends_with_the_match() {
    let dir = TempDir::new("wrapper");
    let wrapper = Wrapper::new(&dir);
    let args = [
        "match",
        "terni-lapilli",
        "--depth",
        "1",
        "--openings",
        "1",
        "--max-plies",
        "12",
        "--first",
        &wrapper.command,
    ];
    let mut child = start(&dir, &args);
    let status = exit_within(&mut child, Duration::from_secs(60), &dir);
    assert!(status.success(), "{status}: {}", dir.read("stderr"));
    assert!(wrapper.gone(), "the wrapped engine or its helper outlived the match");
}

/// Words joined into a command line for `--first` (each quoted).
fn shell_words_join(words: &[&str]) -> String {
    words.iter().map(|w| format!("'{}'", w.replace('\'', r"'\''"))).collect::<Vec<_>>().join(" ")
}

/// The engines (the match's children), once both are running and a game
/// is over.
fn engines_after_a_game(child: &Running, dir: &TempDir) -> Vec<i32> {
    let pid = child.0.id() as i32;
    let played = wait_for(Duration::from_secs(30), || dir.read("stderr").contains("game 1/"));
    assert!(played, "no game finished: {}", dir.read("stderr"));
    // (An engine started again after a loss on time is briefly missing.)
    let mut engines = Vec::new();
    let both = wait_for(Duration::from_secs(10), || {
        engines = children(pid);
        engines.len() == 2
    });
    assert!(both, "two engines run: {engines:?}");
    engines
}

/// The match's games: long enough that the signal comes while they go on.
const MATCH: [&str; 10] =
    ["match", "terni-lapilli", "--movetime", "30", "--openings", "20", "--max-plies", "16", "--seed", "5"];

/// Fault 2: SIGINT to a match stops it: the summary of the finished games
/// (JSON, with `interrupted`), exit status 130, and no engine left.
#[test]
fn sigint_stops_a_match_with_its_summary_and_ends_the_engines() {
    let dir = TempDir::new("sigint");
    let mut args = MATCH.to_vec();
    args.push("--json");
    let mut child = start(&dir, &args);
    let engines = engines_after_a_game(&child, &dir);
    signal_when_caught(&child, Signal::SIGINT, &dir);
    let status = exit_within(&mut child, Duration::from_secs(15), &dir);
    assert_eq!(status.code(), Some(130), "{status}: {}", dir.read("stderr"));
    let summary = json(&dir);
    assert_eq!(summary["interrupted"], "SIGINT", "{summary}");
    assert_eq!(summary["stopped"], "interrupted", "{summary}");
    assert_eq!(summary["error"]["kind"], "interrupted", "{summary}");
    let games = summary["games"].as_u64().unwrap();
    assert!((1..40).contains(&games), "{summary}");
    let wdl: u64 = ["wins", "draws", "losses"].iter().map(|k| summary[k].as_u64().unwrap()).sum();
    assert_eq!(wdl, games, "{summary}");
    // Every game reported on standard error is in the summary.
    let lines = dir.read("stderr").lines().filter(|l| l.starts_with("game ")).count() as u64;
    assert_eq!(lines, games, "{}", dir.read("stderr"));
    assert!(wait_for(Duration::from_secs(3), || engines.iter().all(|&p| !alive(p))), "{engines:?} live on");
}

/// Fault 2: SIGTERM (and the text report): the summary says so, exit
/// status 143, and no engine left, not even one behind a wrapper that
/// keeps `quit` from it (before the fix the match died at once, and the
/// engine lived on).
#[test]
fn sigterm_stops_a_match_with_its_text_summary() {
    let dir = TempDir::new("sigterm");
    let wrapper = Wrapper::new(&dir);
    let mut args = MATCH.to_vec();
    args.extend(["--second", &wrapper.command]);
    let mut child = start(&dir, &args);
    let engines = engines_after_a_game(&child, &dir);
    signal_when_caught(&child, Signal::SIGTERM, &dir);
    let status = exit_within(&mut child, Duration::from_secs(15), &dir);
    assert_eq!(status.code(), Some(143), "{status}: {}", dir.read("stderr"));
    let out = dir.read("stdout");
    assert!(out.contains("stopped early: interrupted by SIGTERM"), "{out}");
    let games: u32 = out
        .lines()
        .find_map(|l| l.strip_prefix("games: ")?.split_once(" with a result, of 40")?.0.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!((1..40).contains(&games), "the match stopped early: {out}");
    assert!(dir.read("stderr").contains("error: interrupted by SIGTERM after "), "{}", dir.read("stderr"));
    assert!(wait_for(Duration::from_secs(3), || engines.iter().all(|&p| !alive(p))), "{engines:?} live on");
    assert!(wrapper.gone(), "the wrapped engine or its helper outlived the match");
}

/// Fault 9: SIGINT during a long `analyze` prints the best line of the
/// last completed iteration (JSON and text) and exits with 130.
#[test]
fn sigint_ends_a_long_analysis_with_its_best_line() {
    let dir = TempDir::new("analyze");
    let mut child = start(&dir, &["analyze", "nine-mens-morris", "--depth", "40", "--json"]);
    signal_when_caught(&child, Signal::SIGINT, &dir);
    let status = exit_within(&mut child, Duration::from_secs(15), &dir);
    assert_eq!(status.code(), Some(130), "{status}: {}", dir.read("stderr"));
    let report = json(&dir);
    assert!(report["best"].is_string(), "{report}");
    assert_eq!(report["interrupted"], "SIGINT", "{report}");
    assert_eq!((report["stop_reason"].as_str(), report["stopped"].as_bool()), (Some("stopped"), Some(true)));
    assert_eq!(report["error"]["kind"], "interrupted", "{report}");

    // Text, after a moment of search: the line and the depth it came from.
    let dir = TempDir::new("analyze-text");
    let mut child = start(&dir, &["analyze", "nine-mens-morris", "--depth", "40"]);
    let pid = child.0.id() as i32;
    assert!(wait_for(Duration::from_secs(20), || catches_signals(pid)));
    std::thread::sleep(Duration::from_millis(300));
    kill(Pid::from_raw(pid), Signal::SIGHUP).unwrap();
    let status = exit_within(&mut child, Duration::from_secs(15), &dir);
    assert_eq!(status.code(), Some(129), "{status}: {}", dir.read("stderr"));
    let out = dir.read("stdout");
    let pv = out.lines().find_map(|l| l.strip_prefix("principal variation: ")).unwrap_or_default();
    assert!(!pv.trim().is_empty(), "{out}");
    assert!(out.contains("(interrupted by SIGHUP"), "{out}");
}

/// Fault 9: SIGINT to `selfplay` drops the game in play (stopping its
/// search at once) and reports the games finished, with exit status 130.
#[test]
fn sigint_ends_selfplay_with_the_games_finished() {
    // A search without a time limit that would take hours: stopped.
    let dir = TempDir::new("selfplay-deep");
    let args = ["selfplay", "nine-mens-morris", "--ai", "search:30", "--games", "3", "--json"];
    let mut child = start(&dir, &args);
    signal_when_caught(&child, Signal::SIGINT, &dir);
    let status = exit_within(&mut child, Duration::from_secs(15), &dir);
    assert_eq!(status.code(), Some(130), "{status}: {}", dir.read("stderr"));
    let report = json(&dir);
    assert_eq!((report["games"].as_u64(), report["interrupted"].as_str()), (Some(0), Some("SIGINT")));

    // Quick games: those finished before the signal are reported.
    let dir = TempDir::new("selfplay-quick");
    let args = ["selfplay", "terni-lapilli", "--ai", "search:2", "--games", "1000000", "--list", "--json"];
    let mut child = start(&dir, &args);
    signal_when_caught(&child, Signal::SIGINT, &dir);
    let status = exit_within(&mut child, Duration::from_secs(15), &dir);
    assert_eq!(status.code(), Some(130), "{status}: {}", dir.read("stderr"));
    let report = json(&dir);
    let games = report["games"].as_u64().unwrap();
    assert!(games < 1_000_000, "{report}");
    assert_eq!(report["list"].as_array().map(Vec::len), Some(games as usize));
    let results: u64 = report["results"].as_object().unwrap().values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(results, games, "{report}");
}
