//! Bad `tablebase` builds and folders, as a user meets them: options out
//! of range, missing arguments, a folder that cannot be made or is a file,
//! a file that is no tier file, a build over its memory budget; each
//! refused with its error kind, exit code and message.

mod common;

use common::{json_error, TempDir};
use std::path::Path;

#[test]
fn bad_builds_and_folders_are_refused_with_typed_errors() {
    let dir = TempDir::new("refusals");
    let out = dir.join("tables");
    let out = out.to_str().unwrap();
    let missing = dir.join("missing");
    let missing = missing.to_str().unwrap();
    let plain = dir.join("plain.txt");
    std::fs::write(&plain, b"a file").unwrap();
    let under_file = plain.join("tables");
    let (plain, under_file) = (plain.to_str().unwrap(), under_file.to_str().unwrap());
    // (arguments, kind, exit code, words of the message)
    let cases: &[(&[&str], &str, i32, &str)] = &[
        (
            &["tablebase", "build", "nine-mens-morris", "--max-pieces", "10", "--out", out, "--json"],
            "option",
            2,
            "from 3 to 9",
        ),
        (
            &["tablebase", "build", "nine-mens-morris", "--max-pieces", "2", "--out", out, "--json"],
            "option",
            2,
            "--max-pieces 2",
        ),
        (
            &["tablebase", "build", "six-mens-morris", "--max-pieces", "7", "--out", out, "--json"],
            "option",
            2,
            "from 3 to 6",
        ),
        (
            &["tablebase", "build", "terni-lapilli", "--max-pieces", "3", "--out", out, "--json"],
            "option",
            2,
            "no tier tablebases",
        ),
        (
            &["tablebase", "build", "lasker-morris", "--max-pieces", "3", "--out", out, "--json"],
            "option",
            2,
            "no tier tablebases",
        ),
        (
            &["tablebase", "build", "nine-mens-morris", "--out", out, "--json"],
            "usage",
            2,
            "required arguments were not provided: --max-pieces <N>",
        ),
        (
            &["tablebase", "build", "nine-mens-morris", "--max-pieces", "3", "--json"],
            "usage",
            2,
            "required arguments were not provided: --out <DIR>",
        ),
        (
            &["tablebase", "probe", dir.text(), "--json"],
            "usage",
            2,
            "required arguments were not provided: --position <POSITION>",
        ),
        (
            &[
                "tablebase",
                "build",
                "nine-mens-morris",
                "--max-pieces",
                "3",
                "--memory",
                "1",
                "--out",
                out,
                "--json",
            ],
            "resources",
            1,
            "over the budget",
        ),
        (&["tablebase", "stats", missing, "--json"], "tablebase", 2, "no such folder"),
        (&["tablebase", "stats", dir.text(), "--json"], "tablebase", 2, "no tablebase files"),
        (
            &["tablebase", "probe", dir.text(), "--position", "x", "--json"],
            "tablebase",
            2,
            "no tablebase files",
        ),
        (
            &["analyze", "terni-lapilli", "--tablebase", dir.text(), "--json"],
            "option",
            2,
            "no tier tablebases",
        ),
        (
            &["selfplay", "nine-mens-morris", "--tablebase-side", "white", "--json"],
            "usage",
            2,
            "required arguments were not provided: --tablebase <DIR>",
        ),
        // A folder that cannot be created is the file system's refusal.
        (
            &["tablebase", "build", "six-mens-morris", "--max-pieces", "3", "--out", under_file, "--json"],
            "io",
            1,
            "--out: cannot create the folder",
        ),
        (
            &["tablebase", "build", "six-mens-morris", "--max-pieces", "3", "--out", plain, "--json"],
            "io",
            1,
            "--out: cannot create the folder",
        ),
        // A file given for the folder.
        (&["tablebase", "stats", plain, "--json"], "tablebase", 2, "a file, not a folder"),
        (&["tablebase", "probe", plain, "--position", "x", "--json"], "tablebase", 2, "a file, not a folder"),
        (&["info", "six-mens-morris", "--flying", "--no-flying", "--json"], "option", 2, "not both"),
    ];
    for &(args, kind, code, words) in cases {
        let (k, message) = json_error(args, code);
        assert_eq!(k, kind, "{args:?}: {message}");
        assert!(message.contains(words), "{args:?}: {message}");
    }
    // Where the system has /proc, a folder in it cannot be made either
    // (there is no such file or directory to make it in).
    if Path::new("/proc/self").is_dir() {
        let args =
            ["tablebase", "build", "six-mens-morris", "--max-pieces", "3", "--out", "/proc/nope", "--json"];
        let (kind, message) = json_error(&args, 1);
        assert_eq!(kind, "io");
        assert!(message.starts_with("--out: cannot create the folder: /proc/nope: "), "{message}");
    }
    // A file that is no tier file.
    std::fs::write(dir.join("w3b3.ltb"), b"not a table").unwrap();
    let (kind, message) = json_error(&["tablebase", "stats", dir.text(), "--json"], 2);
    assert_eq!(kind, "tablebase");
    assert!(message.contains("not a lapilli tablebase file"), "{message}");
    // The budget refused the build before it wrote anything, in its own
    // words: no folder was the matter.
    assert!(!Path::new(out).join("w3b3.ltb").exists());
    let args = [
        "tablebase",
        "build",
        "nine-mens-morris",
        "--max-pieces",
        "3",
        "--memory",
        "1",
        "--out",
        out,
        "--json",
    ];
    let (_, message) = json_error(&args, 1);
    assert!(message.starts_with("tier w3b3 needs about"), "{message}");
}
