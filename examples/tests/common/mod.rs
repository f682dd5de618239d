//! Running the `lapilli` program in the CLI tests.

// Each test file uses its own subset of these helpers.
#![allow(dead_code)]

use serde_json::Value as Json;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `lapilli` with `args`, `stdin` typed at it.
pub fn lapilli(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lapilli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
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
