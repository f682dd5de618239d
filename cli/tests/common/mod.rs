//! Running the `lapilli` program in the CLI tests.

// Each test file uses its own subset of these helpers.
#![allow(dead_code)]

use serde_json::Value as Json;
use std::io::Write;
use std::process::{Command, Output, Stdio};

pub mod tables;

/// Runs `lapilli` with `args`, `stdin` typed at it.
pub fn lapilli(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lapilli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    // The program may end before it has read everything (a finished game
    // takes no more moves): a closed pipe is no failure of the test.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

/// The one JSON object a successful run prints.
pub fn json(args: &[&str]) -> Json {
    let out = lapilli(args, "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The output of a successful run.
pub fn stdout(args: &[&str], stdin: &str) -> String {
    let out = lapilli(args, stdin);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The error message of a run that fails with exit code 2.
pub fn error(args: &[&str]) -> String {
    let out = lapilli(args, "");
    assert_eq!(out.status.code(), Some(2), "{args:?} should fail");
    String::from_utf8(out.stderr).unwrap()
}

/// A run that fails: its exit code, the JSON error object it printed on
/// standard output (`Json::Null` if none) and its standard error.
pub fn failure(args: &[&str], stdin: &str) -> (Option<i32>, Json, String) {
    let out = lapilli(args, stdin);
    assert!(!out.status.success(), "{args:?} should fail");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let json =
        if stdout.is_empty() { Json::Null } else { serde_json::from_str(&stdout).expect("one JSON object") };
    (out.status.code(), json, String::from_utf8(out.stderr).unwrap())
}

/// The kind and message of the JSON error a `--json` run prints, checking
/// that it also says so on standard error and exits with `code`.
pub fn json_error(args: &[&str], code: i32) -> (String, String) {
    assert!(args.contains(&"--json"), "{args:?}");
    let (status, json, stderr) = failure(args, "");
    assert_eq!(status, Some(code), "{args:?}: {stderr}");
    let error = json.get("error").unwrap_or_else(|| panic!("{args:?}: no error object in {json}"));
    assert_eq!(error.as_object().unwrap().len(), 2, "{error}");
    let kind = error["kind"].as_str().unwrap().to_string();
    let message = error["message"].as_str().unwrap().to_string();
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains(&message), "{stderr} / {message}");
    (kind, message)
}

/// A folder under the system's temporary folder, unique to this process
/// and call, removed when dropped.
pub struct TempDir(std::path::PathBuf);

impl TempDir {
    /// A new empty folder, `name` in its name.
    pub fn new(name: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("lapilli-cli-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// The folder.
    pub fn path(&self) -> &std::path::Path {
        &self.0
    }

    /// A name in the folder.
    pub fn join(&self, name: &str) -> std::path::PathBuf {
        self.0.join(name)
    }

    /// The folder as text, for a command line.
    pub fn text(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The processes whose parent is `parent`, from `/proc/<pid>/stat`.
pub fn children_of(parent: u32) -> Vec<i32> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // pid (comm) state ppid ...: the command name may hold spaces.
        let after = &stat[stat.rfind(')').map_or(0, |i| i + 1)..];
        if after.split_whitespace().nth(1).and_then(|p| p.parse::<u32>().ok()) == Some(parent) {
            out.push(pid);
        }
    }
    out
}
