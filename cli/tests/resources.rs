//! Memory the machine refuses, under an address-space limit (`ulimit -v`
//! through `sh`, the program exec'd in its place): an error of kind
//! `resources` naming the size asked for, or fewer threads, never an abort.
//!
//! The program's own footprint differs between machines and builds, so
//! each test first finds the lowest limit under which the program gets
//! past its start (the loader maps it, the system starts its threads): the
//! first limit, rising by 256 KiB, at which it fails otherwise or
//! succeeds. The limits tested are set above that one.
#![cfg(unix)]

use serde_json::Value as Json;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `lapilli args` under `ulimit -v kib`, `stdin` typed at it.
fn under_limit(kib: u64, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_lapilli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

/// Whether a run failed before the program proper: the loader could not
/// map it (127), its stack could not grow (a segmentation fault), one of
/// the small allocations of its start was refused (an abort: below a few
/// MiB nothing is left for the program at all), or the system refused the
/// worker threads or the thread that catches signals (kind `resources`,
/// the system's error said). Only the
/// calibration takes these; the runs tested must not abort.
fn not_started(out: &Output) -> bool {
    use std::os::unix::process::ExitStatusExt;
    let stderr = String::from_utf8_lossy(&out.stderr);
    out.status.code() == Some(127)
        || matches!(out.status.signal(), Some(6 | 11))
        || (out.status.code() == Some(1)
            && (stderr.starts_with("error: cannot start the worker threads")
                || stderr.starts_with("error: cannot catch SIGINT"))
            && stderr.contains("(os error"))
}

/// The lowest limit (KiB, in steps of 256) under which `args` gets past
/// its start, `prepare` run before each try.
fn starting_limit(args: &[&str], stdin: &str, prepare: impl Fn()) -> u64 {
    (4 << 10..1 << 20)
        .step_by(256)
        .find(|&kib| {
            prepare();
            !not_started(&under_limit(kib, args, stdin))
        })
        .expect("the program starts under 1 GiB")
}

/// The JSON error of a run that exits with status 1.
fn resources_error(out: &Output, what: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{what}: {}\n{stdout}\n{stderr}", out.status);
    let json: Json = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(json["error"]["kind"], "resources", "{what}: {json}");
    let message = json["error"]["message"].as_str().unwrap().to_string();
    assert!(stderr.starts_with(&format!("error: {message}")), "{stderr}");
    message
}

#[test]
fn a_tablebase_build_refused_its_memory_is_a_resources_error() {
    let dir = std::env::temp_dir().join(format!("lapilli-resources-{}", std::process::id()));
    let args = [
        "tablebase",
        "build",
        "nine-mens-morris",
        "--max-pieces",
        "3",
        "--threads",
        "1",
        "--out",
        dir.to_str().unwrap(),
        "--json",
    ];
    let clear = || {
        let _ = std::fs::remove_dir_all(&dir);
    };
    let start = starting_limit(&args, "", clear);
    // Rising from the start by 1 MiB: first the room the build keeps
    // beside its threads' stacks (4 MiB) is refused, then a table of the
    // first tier. Every run on the way is an error of kind `resources`
    // (never an abort), and the first that is not about the threads names
    // a table of tier w3b3 and its size.
    let message = (1..=24)
        .find_map(|mib| {
            clear();
            let out = under_limit(start + mib * 1024, &args, "");
            let message = resources_error(&out, &format!("tablebase build, {start} KiB + {mib} MiB"));
            (!message.starts_with("cannot start the worker threads")).then_some(message)
        })
        .expect("a table is refused within 24 MiB above the start");
    assert!(
        message.starts_with("cannot allocate ")
            && message.contains(" of tier w3b3")
            && message.ends_with(": the system refused"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uci_refused_its_table_says_so_and_exits() {
    let args = ["uci", "nine-mens-morris"];
    let start = starting_limit(&args, "isready\n", || ());
    // 4 MiB above the start: below the 16 MiB table.
    let out = under_limit(start + 4096, &args, "isready\n");
    assert_eq!(out.status.code(), Some(1), "{}: {}", out.status, String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: cannot allocate a transposition table of 16777216 bytes: the system refused\n"
    );
}

#[test]
fn uci_with_64_threads_under_a_limit_searches_with_the_threads_it_gets() {
    let args = ["uci", "nine-mens-morris"];
    let script = "setoption name Threads value 64\ngo movetime 100\n";
    let start = starting_limit(&args, script, || ());
    // From enough for the table (16 MiB and the room kept beside it) to
    // enough for some 20 threads' stacks, then past the room of a few
    // threads' allocator arenas (64 MiB each with glibc), where a thread
    // started without room for its arena made its first allocation abort
    // (exit 134 in most runs under 200,000 KiB before threads were
    // started only with that room).
    let limits = (24..=60).step_by(4).map(|extra| start + (extra << 10));
    for kib in limits.chain([100_000, 200_000, 200_000, 200_000, 300_000]) {
        let extra = kib.saturating_sub(start) >> 10;
        let out = under_limit(kib, &args, script);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.lines().any(|l| l.starts_with("bestmove ")),
            "{extra} MiB above the start: {}\n{stdout}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
