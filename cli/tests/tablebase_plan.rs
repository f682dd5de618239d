//! `lapilli tablebase plan` and `tablebase build --tier`, as a user runs
//! them: the tier graph's figures, and tiers built one at a time (also by
//! processes at once) giving the files of one build.

mod common;

use common::{json, json_error, stdout, TempDir};
use serde_json::Value as Json;
use std::fs::File;

#[test]
fn the_plan_of_nine_mens_morris_names_its_critical_path() {
    let p = json(&["tablebase", "plan", "nine-mens-morris", "--json"]);
    assert_eq!(p["tiers"].as_array().unwrap().len(), 577);
    assert_eq!(p["total_indices"], 71_247_833_657u64);
    assert_eq!(p["endgame_indices"], 35_618_374_404u64);
    assert_eq!(p["largest"], serde_json::json!(["w8b8x", "w8b8"]));
    let c = &p["critical_path"];
    assert_eq!(c["indices"], 14_666_447_972u64);
    let share = c["share"].as_f64().unwrap();
    assert!((share - 0.2059).abs() < 1e-4, "{share}");
    let tiers = c["tiers"].as_array().unwrap();
    assert_eq!((tiers.len(), &tiers[0], &tiers[43]), (44, &Json::from("w3b3x"), &Json::from("w0b0h9.9")));
    let w8b8 = p["tiers"].as_array().unwrap().iter().find(|t| t["name"] == "w8b8").unwrap();
    assert_eq!(w8b8["size"], 1_183_453_380u64);
    assert_eq!(w8b8["dependencies"], serde_json::json!(["w8b8x"]));
    let text = stdout(&["tablebase", "plan", "nine-mens-morris"], "");
    assert!(text.contains("\n577 tiers, 71247833657 indices (71.2 G)\n"), "{text}");
    assert!(text.contains("endgame tables (--max-pieces 9): 35618374404 indices (35.6 G, 50.0% of the work)"));
    assert!(
        text.contains("critical path: 44 tiers, 14666447972 indices (14.7 G), 20.6% of the work"),
        "{text}"
    );
    let (kind, message) =
        json_error(&["tablebase", "plan", "nine-mens-morris", "--max-pieces", "10", "--json"], 2);
    assert_eq!((kind.as_str(), message.contains("from 3 to 9 pieces")), ("option", true), "{message}");
}

/// The plan of Six Men's Morris' endgame tables to 4 a side, in
/// dependency order.
fn six_plan() -> Json {
    json(&["tablebase", "plan", "six-mens-morris", "--max-pieces", "4", "--json"])
}

#[test]
fn tiers_built_one_at_a_time_are_the_files_of_one_build() {
    let plan = six_plan();
    let (whole, single) = (TempDir::new("plan-whole"), TempDir::new("plan-single"));
    let built = json(&[
        "tablebase",
        "build",
        "six-mens-morris",
        "--max-pieces",
        "4",
        "--out",
        whole.text(),
        "--json",
    ]);
    // The plan's sizes, counted, are the entries of the files written.
    let size = |tiers: &Json, name: &str, key: &str| {
        tiers.as_array().unwrap().iter().find(|t| t["name"] == name || t["tier"] == name).unwrap()[key]
            .clone()
    };
    let names: Vec<&str> =
        plan["tiers"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), built["tiers"].as_array().unwrap().len());
    let entries: u64 =
        built["tiers"].as_array().unwrap().iter().map(|t| t["entries"].as_u64().unwrap()).sum();
    assert_eq!(plan["total_indices"], entries);
    for name in &names {
        assert_eq!(size(&plan["tiers"], name, "size"), size(&built["tiers"], name, "entries"), "{name}");
    }
    // Out of order: the missing dependency is named.
    let args = |tier: &'static str| ["tablebase", "build", "six-mens-morris", "--tier", tier, "--out"];
    let (kind, message) = json_error(&[&args("w3b3")[..], &[single.text(), "--json"]].concat(), 2);
    assert_eq!(kind, "tablebase");
    assert!(
        message.contains("tier w3b3 needs the files") && message.ends_with("missing: w3b3x.ltb"),
        "{message}"
    );
    let (kind, message) = json_error(&[&args("w9b3")[..], &[single.text(), "--json"]].concat(), 2);
    assert_eq!(
        (kind.as_str(), message.as_str()),
        ("option", "no tier \"w9b3\" in six-mens-morris (a tier is named like w3b3)")
    );
    for name in &names {
        let r = json(&[
            "tablebase",
            "build",
            "six-mens-morris",
            "--tier",
            name,
            "--out",
            single.text(),
            "--json",
        ]);
        assert_eq!(
            (r["tiers"][0]["tier"].as_str(), &r["tiers"][0]["reused"]),
            (Some(*name), &Json::Bool(false))
        );
        assert_eq!(r["max_pieces"], Json::Null);
    }
    let mut files: Vec<String> = names.iter().map(|n| format!("{n}.ltb")).collect();
    files.push("manifest.txt".into());
    for f in &files {
        let (a, b) = (std::fs::read(whole.join(f)).unwrap(), std::fs::read(single.join(f)).unwrap());
        assert!(a == b, "{f} differs");
    }
    // Built again, a tier is kept.
    let text =
        stdout(&["tablebase", "build", "six-mens-morris", "--tier", "w4b4", "--out", single.text()], "");
    assert!(
        text.starts_with("Six Men's Morris") && text.contains("tier w4b4 in ") && text.contains(" kept "),
        "{text}"
    );
    let stats = json(&["tablebase", "stats", single.text(), "--json"]);
    assert_eq!(stats["tiers"].as_array().unwrap().len(), names.len());
}

#[test]
fn builds_of_different_tiers_share_a_folder_and_one_tier_has_one_builder() {
    let dir = TempDir::new("plan-locks");
    let build = |tier: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_lapilli"))
            .args(["tablebase", "build", "six-mens-morris", "--tier", tier, "--out", dir.text(), "--json"])
            .output()
            .unwrap()
    };
    assert!(build("w3b3x").status.success());
    assert!(build("w3b3").status.success());
    // Two processes at once, each its own tier.
    let children: Vec<_> = ["w3b4x", "w4b3x"]
        .iter()
        .map(|t| {
            std::process::Command::new(env!("CARGO_BIN_EXE_lapilli"))
                .args(["tablebase", "build", "six-mens-morris", "--tier", t, "--out", dir.text()])
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    let manifest = std::fs::read_to_string(dir.join("manifest.txt")).unwrap();
    let listed: Vec<&str> =
        manifest.lines().filter_map(|l| l.strip_prefix("tier ")?.split(' ').next()).collect();
    assert_eq!(listed, ["w3b3", "w3b3x", "w3b4x", "w4b3x"]);
    // A build of the same tier holds its lock: another is refused.
    let held = File::create(dir.join(".w3b4.lock")).unwrap();
    held.lock().unwrap();
    let out = build("w3b4");
    assert_eq!(out.status.code(), Some(1));
    let err: Json = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(err["error"]["kind"], "io");
    let message = err["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("another build is writing tier w3b4 in") && message.contains("--wait"),
        "{message}"
    );
    drop(held);
    // Builds of other tiers hold the folder's lock shared; a build of the
    // whole folder holds it alone.
    let folder = File::open(dir.join(".lock")).unwrap();
    folder.lock_shared().unwrap();
    assert!(build("w3b4").status.success());
    folder.unlock().unwrap();
    folder.lock().unwrap();
    let out = build("w4b3");
    let err: Json = serde_json::from_slice(&out.stdout).unwrap();
    assert!(err["error"]["message"].as_str().unwrap().contains("another build is writing"), "{err}");
    drop(folder);
    assert!(!std::fs::read_dir(dir.path()).unwrap().any(|e| e
        .unwrap()
        .file_name()
        .to_string_lossy()
        .ends_with(".tmp")));
}
