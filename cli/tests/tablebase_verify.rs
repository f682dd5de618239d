//! `lapilli tablebase verify`: a finished folder re-derived one ply deep
//! (issue 24's distributed verification), clean, with a value changed on
//! purpose behind a fixed checksum, on one process and on two.

mod common;

use common::tables::lengthen_a_win;
use common::{json, json_error, lapilli, stdout, TempDir};
use serde_json::Value as Json;
use std::path::Path;

/// Six Men's Morris to 4 pieces a side (8 tiers, half of them with a
/// removal pending, the side to move kept), built into `dir`.
fn six(dir: &TempDir) {
    json(&["tablebase", "build", "six-mens-morris", "--max-pieces", "4", "--out", dir.text(), "--json"]);
}

/// `verify DIR --json` (and `--workers N`): exit status and the object.
fn verify(dir: &Path, workers: Option<&str>) -> (Option<i32>, Json) {
    let mut args = vec!["tablebase", "verify", dir.to_str().unwrap(), "--json", "--threads", "1"];
    if let Some(n) = workers {
        args.extend(["--workers", n]);
    }
    let out = lapilli(&args, "");
    (out.status.code(), serde_json::from_slice(&out.stdout).expect("one JSON object"))
}

/// The tiers of a report, the wall times left out.
fn tiers(report: &Json) -> Vec<Json> {
    let mut tiers = report["tiers"].as_array().unwrap().clone();
    for t in &mut tiers {
        t.as_object_mut().unwrap().remove("millis");
    }
    tiers
}

#[test]
fn a_built_folder_verifies_clean_and_a_value_changed_on_purpose_is_named() {
    let dir = TempDir::new("verify");
    six(&dir);
    let (status, clean) = verify(dir.path(), None);
    assert_eq!(status, Some(0), "{clean}");
    assert_eq!(clean["clean"], true);
    assert_eq!(clean["mismatches"], 0);
    // Every index of every tier is checked: the sum of the tier sizes the
    // plan gives; the positions derived are the indices with a position,
    // the classes `stats` counts.
    let plan = json(&["tablebase", "plan", "six-mens-morris", "--max-pieces", "4", "--json"]);
    assert_eq!(clean["entries"], plan["total_indices"]);
    let stats = json(&["tablebase", "stats", dir.text(), "--json"]);
    let classes: u64 =
        stats["tiers"].as_array().unwrap().iter().map(|t| t["classes"].as_u64().unwrap()).sum();
    assert_eq!(clean["positions"].as_u64(), Some(classes));
    assert_eq!(clean["tiers"].as_array().unwrap().len(), 6);
    assert_eq!(clean["tiers"][0]["tier"], "w4b4", "the largest first");
    // Two worker processes give the same report.
    let (status, two) = verify(dir.path(), Some("2"));
    assert_eq!(status, Some(0), "{two}");
    assert_eq!(tiers(&two), tiers(&clean));
    assert_eq!(
        (&two["entries"], &two["positions"], two["workers"].as_u64()),
        (&clean["entries"], &clean["positions"], Some(2))
    );

    // A copy with one win made 2 plies longer, behind a fixed checksum.
    let copy = TempDir::new("verify-changed");
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), copy.join(entry.file_name().to_str().unwrap())).unwrap();
    }
    let (index, dtm) = lengthen_a_win(copy.path(), "w3b3");
    let (kind, message) = json_error(&["tablebase", "verify", copy.text(), "--json"], 2);
    assert_eq!(kind, "tablebase");
    assert!(message.contains("w3b3"), "{message}");
    let (status, found) = verify(copy.path(), None);
    assert_eq!(status, Some(2));
    assert_eq!(found["clean"], false);
    let w3b3 = found["tiers"].as_array().unwrap().iter().find(|t| t["tier"] == "w3b3").unwrap();
    let changed =
        w3b3["mismatches"].as_array().unwrap().iter().find(|m| m["index"] == index).expect("the index named");
    assert_eq!(changed["stored"], serde_json::json!({"value": "win", "dtm": dtm + 2}));
    assert_eq!(changed["derived"], serde_json::json!({"value": "win", "dtm": dtm}));
    // The position named is the one at that index: its value in the
    // untouched folder is the derived one.
    let position = changed["position"].as_str().unwrap();
    let probed = json(&["tablebase", "probe", dir.text(), "--position", position, "--json"]);
    assert_eq!((&probed["value"], probed["dtm"].as_u64()), (&Json::from("win"), Some(dtm)));
    // Only w3b3 and the tiers that lead to it can see the change.
    for t in found["tiers"].as_array().unwrap() {
        let name = t["tier"].as_str().unwrap();
        if !["w3b3", "w4b3x"].contains(&name) {
            assert_eq!(t["mismatch_count"], 0, "{name}");
        }
    }
    // The text names the tier and index; the exit status is 2.
    let out = lapilli(&["tablebase", "verify", copy.text()], "");
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("mismatches in w3b3"), "{text}");
    assert!(
        text.contains(&format!(
            "index {index}: {position}: stored win in {} plies, derived win in {dtm} plies",
            dtm + 2
        )),
        "{text}"
    );
    // Two workers: the same report, the same status.
    let (status, two) = verify(copy.path(), Some("2"));
    assert_eq!(status, Some(2));
    assert_eq!(tiers(&two), tiers(&found));
    assert_eq!(two["error"]["kind"], "tablebase");

    // A file that fails its checksum is refused before any value is read,
    // with the checksum's error, by one process and by workers.
    let w4b4 = copy.join("w4b4.ltb");
    let mut bytes = std::fs::read(&w4b4).unwrap();
    let last = bytes.len() - 5;
    bytes[last] ^= 1;
    std::fs::write(&w4b4, &bytes).unwrap();
    for workers in [&[][..], &["--workers", "2"][..]] {
        let args = [&["tablebase", "verify", copy.text(), "--json"][..], workers].concat();
        let (kind, message) = json_error(&args, 2);
        assert_eq!(kind, "tablebase");
        assert!(message.contains("w4b4.ltb: corrupted: the file checksum is"), "{message}");
    }
}

#[test]
fn the_help_names_the_verify_command_and_its_options() {
    let help = stdout(&["tablebase", "--help"], "");
    assert!(help.contains("verify"), "{help}");
    let help = stdout(&["tablebase", "verify", "--help"], "");
    for words in
        ["<DIR>", "--tier <NAME>", "--workers <N>", "--threads", "--json", "one ply deep", "exit status 2"]
    {
        assert!(help.contains(words), "{words}: {help}");
    }
    // --tier and --workers do not go together (a worker verifies a tier).
    let out = lapilli(&["tablebase", "verify", "x", "--tier", "w3b3", "--workers", "2"], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}

#[test]
fn a_folder_without_its_manifest_verifies_with_the_warning_stats_gives() {
    let dir = TempDir::new("verify-no-manifest");
    json(&["tablebase", "build", "six-mens-morris", "--max-pieces", "3", "--out", dir.text(), "--json"]);
    std::fs::remove_file(dir.join("manifest.txt")).unwrap();
    let out = lapilli(&["tablebase", "verify", dir.text(), "--json", "--threads", "1"], "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let report: Json = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["clean"], true);
    let warning = format!("warning: {} has no manifest (manifest.txt): its build did not finish", dir.text());
    assert!(stderr.starts_with(&warning), "{stderr}");
}
