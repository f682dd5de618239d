//! A damaged or misnamed tier file met by a build, alone and on workers:
//! named once, and replaced by `--rebuild`.

mod common;

use common::{lapilli, TempDir};
use std::process::Output;

/// `lapilli tablebase build six-mens-morris --max-pieces 4 --out DIR`
/// with `more` options.
fn six(dir: &TempDir, more: &[&str]) -> Output {
    let mut args = vec!["tablebase", "build", "six-mens-morris", "--max-pieces", "4", "--out", dir.text()];
    args.extend_from_slice(more);
    lapilli(&args, "")
}

/// The tier files of `dir` with their bytes, in name order.
fn files(dir: &TempDir) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ltb"))
        .map(|p| (p.file_name().unwrap().to_str().unwrap().to_string(), std::fs::read(&p).unwrap()))
        .collect();
    out.sort();
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_truncated_tier_file_is_named_once_and_replaced_by_rebuild_on_workers() {
    let (whole, dir) = (TempDir::new("whole"), TempDir::new("damaged"));
    assert!(six(&whole, &[]).status.success());
    assert!(six(&dir, &[]).status.success());
    let damaged = dir.join("w3b3.ltb");
    std::fs::File::options().write(true).open(&damaged).unwrap().set_len(100).unwrap();

    // Without --rebuild, refused: the file named by the scheduler alone,
    // not also by each worker that met it.
    let out = six(&dir, &["--workers", "2"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert_eq!(stderr.matches("truncated").count(), 1, "{stderr}");
    assert!(stderr.contains("w3b3.ltb"), "{stderr}");

    // With --rebuild, removed (and said so), then built again as before.
    let out = six(&dir, &["--workers", "2", "--rebuild"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!("removed {} to build it again (truncated", damaged.display())),
        "{stderr}"
    );
    assert_eq!(files(&dir), files(&whole));
}

#[test]
fn a_tier_file_under_another_name_is_named_and_replaced_by_rebuild() {
    let (whole, dir) = (TempDir::new("whole"), TempDir::new("copied"));
    assert!(six(&whole, &[]).status.success());
    assert!(six(&dir, &[]).status.success());
    std::fs::copy(dir.join("w4b4.ltb"), dir.join("w4b3x.ltb")).unwrap();

    let out = six(&dir, &[]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("w4b3x.ltb: holds tier w4b4, whose file must be named w4b4.ltb"), "{stderr}");
    assert!(!stderr.contains("corrupted"), "{stderr}");

    let out = six(&dir, &["--rebuild"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("w4b3x.ltb to build it again (holds tier w4b4"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(files(&dir), files(&whole));

    // One tier alone with --rebuild replaces its own file, and no other.
    std::fs::write(dir.join("w4b4.ltb"), b"not a table").unwrap();
    let out = lapilli(
        &["tablebase", "build", "six-mens-morris", "--tier", "w4b4", "--rebuild", "--out", dir.text()],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(files(&dir), files(&whole));
}
