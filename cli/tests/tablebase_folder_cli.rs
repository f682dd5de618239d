//! A folder of tables at its edges, as a user meets them (issue 22,
//! faults 3, 4, 5 and 8, and signals): a FIFO or a device named like a
//! tier file, a tier deleted, a foreign file, two builds into one folder,
//! and a build stopped by SIGINT, SIGTERM or SIGHUP.

mod common;

use common::{json, json_error, lapilli};
use lapilli_morris::tablebase::MorrisTiers;
use lapilli_morris::Rules;
use lapilli_tablebase::{build, BuildOptions, Silent, TierSpace};
use serde_json::Value as Json;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A folder under the system's temporary folder, unique to this process
/// and call, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("lapilli-tb-folder-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        TempDir(dir)
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn text(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `lapilli tablebase build six-mens-morris --max-pieces N` into `dir`.
fn six(dir: &TempDir, pieces: &str) -> Json {
    json(&["tablebase", "build", "six-mens-morris", "--max-pieces", pieces, "--out", dir.text(), "--json"])
}

/// `lapilli` started with `args`, its output piped.
fn start(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_lapilli"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The exit status and standard error of `args`, which must end within
/// 60 seconds (a run that hangs is killed and fails the test).
fn finishes(args: &[&str]) -> (Option<i32>, String) {
    let mut child = start(args);
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("{args:?} hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

/// A position of the Six Men's `w3b3` tier.
const SIX_W3B3: &str = "WWW..B../B....B.. w 0 0 - six-mens-morris";

#[test]
fn a_fifo_or_a_device_named_like_a_tier_file_is_refused_by_name() {
    let dir = TempDir::new("fifo");
    six(&dir, "3");
    let file = dir.join("w3b3.ltb");
    for (what, make) in [("a FIFO", "mkfifo"), ("/dev/zero", "ln")] {
        std::fs::remove_file(&file).unwrap();
        let made = match make {
            "mkfifo" => Command::new("mkfifo").arg(&file).status().unwrap(),
            _ => Command::new("ln").args(["-s", "/dev/zero"]).arg(&file).status().unwrap(),
        };
        assert!(made.success(), "{what}");
        for args in [
            vec!["play", "six-mens-morris", "--human", "none", "--max-plies", "2", "--tablebase", dir.text()],
            vec!["analyze", "six-mens-morris", "--depth", "1", "--tablebase", dir.text()],
            vec!["tablebase", "stats", dir.text()],
            vec!["tablebase", "probe", dir.text(), "--position", SIX_W3B3],
        ] {
            let (status, stderr) = finishes(&args);
            assert_eq!(status, Some(2), "{what}: {args:?}: {stderr}");
            assert!(
                stderr.contains(&format!("{}: corrupted: not a regular file", file.display())),
                "{stderr}"
            );
        }
    }
}

#[test]
fn a_missing_top_tier_or_an_extra_file_is_named_by_the_manifest() {
    let dir = TempDir::new("missing");
    let built = six(&dir, "3");
    assert_eq!(built["manifest"], dir.join("manifest.txt").to_str().unwrap());
    let stats = json(&["tablebase", "stats", dir.text(), "--json"]);
    assert_eq!(stats["manifest"]["tiers"], 2, "{stats}");
    let top = dir.join("w3b3.ltb");
    let top_bytes = std::fs::read(&top).unwrap();
    std::fs::remove_file(&top).unwrap();
    for args in [
        vec!["tablebase", "stats", dir.text(), "--json"],
        vec!["tablebase", "probe", dir.text(), "--position", SIX_W3B3, "--json"],
        vec!["analyze", "six-mens-morris", "--depth", "1", "--tablebase", dir.text(), "--json"],
        vec!["selfplay", "six-mens-morris", "--games", "1", "--tablebase", dir.text(), "--json"],
    ] {
        let (kind, message) = json_error(&args, 2);
        assert_eq!(kind, "tablebase", "{args:?}");
        let expect = format!("{}: missing: the folder's manifest lists it for tier w3b3", top.display());
        assert!(message.starts_with(&expect), "{args:?}: {message}");
    }
    let (status, stderr) = finishes(&[
        "play",
        "six-mens-morris",
        "--human",
        "none",
        "--max-plies",
        "2",
        "--tablebase",
        dir.text(),
    ]);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(stderr.contains("w3b3.ltb: missing"), "{stderr}");

    // A file the build did not write: named, with what it holds.
    std::fs::write(&top, &top_bytes).unwrap();
    json(&["tablebase", "stats", dir.text(), "--json"]);
    let flying = TempDir::new("missing-flying");
    json(&[
        "tablebase",
        "build",
        "six-mens-morris",
        "--flying",
        "--max-pieces",
        "3",
        "--out",
        flying.text(),
        "--json",
    ]);
    std::fs::copy(flying.join("w3b3.ltb"), dir.join("copy.ltb")).unwrap();
    let (kind, message) = json_error(&["tablebase", "stats", dir.text(), "--json"], 2);
    assert_eq!(kind, "tablebase");
    assert!(
        message.starts_with(&format!(
            "{}: a table of \"six-mens-morris+flying\"",
            dir.join("copy.ltb").display()
        )),
        "{message}"
    );
    std::fs::remove_file(dir.join("copy.ltb")).unwrap();

    // Without a manifest the folder is read, and stats says what that
    // means; probe warns on standard error.
    std::fs::remove_file(dir.join("manifest.txt")).unwrap();
    let stats = json(&["tablebase", "stats", dir.text(), "--json"]);
    assert_eq!(stats["manifest"], Json::Null, "{stats}");
    let out = lapilli(&["tablebase", "stats", dir.text()], "");
    let (text, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert!(out.status.success(), "{stderr}");
    assert!(text.contains("warning: ") && text.contains("has no manifest (manifest.txt)"), "{text}");
    let out = lapilli(&["tablebase", "probe", dir.text(), "--position", SIX_W3B3], "");
    assert!(out.status.success());
    assert!(String::from_utf8(out.stderr).unwrap().starts_with("warning: "));
}

#[test]
fn a_six_mens_file_among_nine_mens_tables_is_the_one_named() {
    // A Nine Men's folder holding the tier without dependencies (w3b3x),
    // and a Six Men's file where the Nine Men's w3b3 would be.
    let dir = TempDir::new("foreign");
    let nine = MorrisTiers::new(Rules::default()).unwrap();
    build(&nine, &[nine.parse_tier("w3b3x").unwrap()], &dir.0, &BuildOptions::default(), &Silent).unwrap();
    let sixes = TempDir::new("foreign-six");
    six(&sixes, "3");
    let stranger = dir.join("w3b3.ltb");
    std::fs::copy(sixes.join("w3b3.ltb"), &stranger).unwrap();
    let position = "WWW...../B...B.../B....... w 0 0 -";
    for args in [
        vec!["tablebase", "stats", dir.text(), "--json"],
        vec!["tablebase", "probe", dir.text(), "--position", position, "--json"],
        vec!["analyze", "nine-mens-morris", "--depth", "1", "--tablebase", dir.text(), "--json"],
    ] {
        let (kind, message) = json_error(&args, 2);
        assert_eq!(kind, "tablebase", "{args:?}");
        assert!(
            message.starts_with(&format!("{}: a table of \"six-mens-morris\"", stranger.display())),
            "{message}"
        );
    }
    // Without the manifest, the vote is even: stats and probe name both
    // files rather than blame the healthy one; analyze, asked for Nine
    // Men's, names the Six Men's file.
    std::fs::remove_file(dir.join("manifest.txt")).unwrap();
    for args in [
        vec!["tablebase", "stats", dir.text(), "--json"],
        vec!["tablebase", "probe", dir.text(), "--position", position, "--json"],
    ] {
        let (kind, message) = json_error(&args, 2);
        assert_eq!(kind, "tablebase", "{args:?}");
        assert!(
            message.contains("\"six-mens-morris\" (w3b3.ltb)")
                && message.contains("\"nine-mens-morris\" (w3b3x.ltb)")
                && message.contains("no manifest says which"),
            "{message}"
        );
    }
    let (_, message) =
        json_error(&["analyze", "nine-mens-morris", "--depth", "1", "--tablebase", dir.text(), "--json"], 2);
    assert!(
        message.starts_with(&format!("{}: a table of variant \"six-mens-morris\"", stranger.display())),
        "{message}"
    );
}

#[test]
fn a_second_build_into_a_folder_is_refused_or_waits() {
    let dir = TempDir::new("lock");
    std::fs::create_dir_all(&dir.0).unwrap();
    // The lock as a first build holds it.
    let held = std::fs::File::create(dir.join(".lock")).unwrap();
    held.try_lock().unwrap();
    let args = ["tablebase", "build", "six-mens-morris", "--max-pieces", "3", "--out", dir.text(), "--json"];
    let (kind, message) = json_error(&args, 1);
    assert_eq!(kind, "io");
    assert_eq!(message, format!("another build is writing {}; give --wait to wait for it", dir.text()));
    let mut waiting = start(&[&args[..], &["--wait"]].concat());
    std::thread::sleep(Duration::from_millis(500));
    assert!(waiting.try_wait().unwrap().is_none(), "--wait waits");
    drop(held);
    let out = waiting.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("another build is writing") && stderr.contains("waiting"), "{stderr}");

    // Two builds at once: each finishes, the folder whole.
    let both = TempDir::new("lock-both");
    let args = [
        "tablebase",
        "build",
        "six-mens-morris",
        "--max-pieces",
        "4",
        "--out",
        both.text(),
        "--json",
        "--wait",
    ];
    let runs = [start(&args), start(&args)];
    for run in runs {
        let out = run.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let stats = json(&["tablebase", "stats", both.text(), "--json"]);
    assert_eq!(stats["manifest"]["tiers"], 6, "{stats}");
}

/// Waits until `path` exists (the build is under way).
fn wait_for(path: &Path, child: &mut Child) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !path.exists() {
        assert!(child.try_wait().unwrap().is_none(), "the build ended before {}", path.display());
        assert!(Instant::now() < deadline, "no {}", path.display());
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_signal_stops_a_build_with_the_tiers_complete_named() {
    for (signal, name, status) in [("INT", "SIGINT", 130), ("TERM", "SIGTERM", 143), ("HUP", "SIGHUP", 129)] {
        let dir = TempDir::new(name);
        // Nine Men's Morris to 4 a side: about 9 s in release after its
        // first tier, time enough for the signal to come mid-build.
        let args =
            ["tablebase", "build", "nine-mens-morris", "--max-pieces", "4", "--out", dir.text(), "--json"];
        let mut child = start(&args);
        wait_for(&dir.join("w3b3x.ltb"), &mut child);
        let sent = Command::new("kill").args(["-s", signal, &child.id().to_string()]).status().unwrap();
        assert!(sent.success());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(status), "{name}: {stderr}");
        let report: Json = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["error"]["kind"], "interrupted", "{report}");
        assert_eq!(report["interrupted"]["signal"], name);
        let complete: Vec<String> = report["interrupted"]["complete"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect();
        let total = report["interrupted"]["total"].as_u64().unwrap() as usize;
        assert!(!complete.is_empty() && complete.len() < total, "{report}");
        assert!(
            stderr.starts_with(&format!(
                "error: interrupted by {name}: {} of {total} tiers complete",
                complete.len()
            )),
            "{stderr}"
        );
        // The tiers complete are there, nothing else: no temporary file,
        // no manifest.
        let mut files: Vec<String> = std::fs::read_dir(&dir.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != ".lock")
            .collect();
        files.sort();
        let mut expected: Vec<String> = complete.iter().map(|t| format!("{t}.ltb")).collect();
        expected.sort();
        assert_eq!(files, expected, "{name}");
        let stats = json(&["tablebase", "stats", dir.text(), "--json"]);
        assert_eq!(
            (stats["manifest"].clone(), stats["totals"]["tiers"].as_u64()),
            (Json::Null, Some(complete.len() as u64))
        );
        if name == "SIGINT" {
            // A build again goes on from the tiers complete: to 3 a side
            // (quick), it reuses those of its two tiers that are there
            // and writes the manifest of the whole folder.
            let report = json(&[
                "tablebase",
                "build",
                "nine-mens-morris",
                "--max-pieces",
                "3",
                "--out",
                dir.text(),
                "--json",
            ]);
            let three = ["w3b3", "w3b3x"];
            let kept = complete.iter().filter(|t| three.contains(&t.as_str())).count();
            assert_eq!(report["reused"].as_u64(), Some(kept as u64), "{report}");
            let listed = complete.len() + 2 - kept;
            assert_eq!(json(&["tablebase", "stats", dir.text(), "--json"])["manifest"]["tiers"], listed);
        }
    }
}

#[test]
fn a_lock_file_that_is_a_fifo_is_refused_not_waited_on() {
    // Opening a FIFO blocks until a writer comes: the build would hang,
    // deaf to signals. It is refused by name, as an I/O error.
    let dir = TempDir::new("fifo-lock");
    six(&dir, "3");
    let lock = dir.join(".lock");
    std::fs::remove_file(&lock).unwrap();
    assert!(Command::new("mkfifo").arg(&lock).status().unwrap().success());
    let args = ["tablebase", "build", "six-mens-morris", "--max-pieces", "3", "--out", dir.text()];
    let (status, stderr) = finishes(&args);
    assert_eq!(status, Some(1), "{stderr}");
    assert!(stderr.contains(&format!("{}: not a regular file", lock.display())), "{stderr}");
}

/// A position the folder's tables do not cover is named by its tier, and
/// the folder's tiers are given: a 4-against-3 position in a folder of the
/// 3-against-3 tables (colour folding: White 3 against Black 4 is in
/// `w4b3`).
#[test]
fn a_position_no_table_covers_names_its_tier() {
    let dir = TempDir::new("probe-uncovered");
    json(&["tablebase", "build", "nine-mens-morris", "--max-pieces", "3", "--out", dir.text(), "--json"]);
    let args =
        ["tablebase", "probe", dir.text(), "--position", "WW.W..../B...B.../B...B... w 0 0 -", "--json"];
    let (kind, message) = json_error(&args, 2);
    assert_eq!(kind, "tablebase");
    assert!(
        message.ends_with(": no table covers the position: its tier, w4b3, is not among the folder's 2 tiers, w3b3 to w3b3x"),
        "{message}"
    );
}
