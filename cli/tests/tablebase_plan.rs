//! `lapilli tablebase plan` and `tablebase build --tier`, as a user runs
//! them: the tier graph's figures, and tiers built one at a time (also by
//! processes at once, and by the scheduler's worker processes) giving the
//! files of one build.

mod common;

use common::{children_of, json, json_error, stdout, TempDir};
use serde_json::Value as Json;
use std::fs::File;

#[test]
fn the_plan_of_nine_mens_morris_names_its_critical_path() {
    let p = json(&["tablebase", "plan", "nine-mens-morris", "--json"]);
    // Folded by colour (without: 577 tiers, 71,247,833,657 indices,
    // 35,618,374,404 in the movement phase, the critical path 20.6%).
    assert_eq!(p["tiers"].as_array().unwrap().len(), 535);
    assert_eq!(p["total_indices"], 53_438_646_455u64);
    assert_eq!(p["endgame_indices"], 17_809_187_202u64);
    assert_eq!(p["largest"], serde_json::json!(["w8b7x", "w8b7", "w9b7x", "w9b7", "w9b8x", "w9b8"]));
    // Whole tiers: the longest chain is a quarter of the work.
    let c = &p["whole_tiers"]["critical_path"];
    assert_eq!(c["indices"], 13_262_106_548u64);
    let share = c["share"].as_f64().unwrap();
    assert!((share - 0.2482).abs() < 1e-4, "{share}");
    let tiers = c["tiers"].as_array().unwrap();
    assert_eq!((tiers.len(), &tiers[0], &tiers[43]), (44, &Json::from("w3b3x"), &Json::from("w0b0h9.9")));
    // Each tier's first pass in chunks of at most 2^26 indices, solved
    // at once: the chain counts a chunked tier's largest chunk (the level
    // pass that finishes it counted as no work). Worked out again here
    // from the tiers, in dependency order.
    assert_eq!(p["chunk_indices"], 1u64 << 26);
    let mut longest: std::collections::HashMap<&str, u64> = Default::default();
    for t in p["tiers"].as_array().unwrap() {
        let (size, chunks) = (t["size"].as_u64().unwrap(), t["chunks"].as_u64().unwrap());
        let name = t["name"].as_str().unwrap();
        assert_eq!(chunks, size.div_ceil(1 << 26).max(1), "{name}");
        let below = t["dependencies"].as_array().unwrap().iter().map(|d| longest[d.as_str().unwrap()]).max();
        longest.insert(name, below.unwrap_or(0) + size.div_ceil(chunks));
    }
    let c = &p["critical_path"];
    assert_eq!(c["indices"], 1_631_969_296u64);
    assert_eq!(longest.values().max(), Some(&1_631_969_296u64));
    let share = c["share"].as_f64().unwrap();
    assert!((share - 0.0305).abs() < 1e-4, "{share}");
    let w8b8 = p["tiers"].as_array().unwrap().iter().find(|t| t["name"] == "w8b8").unwrap();
    assert_eq!(w8b8["size"], 591_726_690u64, "White to move only");
    assert_eq!(w8b8["dependencies"], serde_json::json!(["w8b8x"]));
    let text = stdout(&["tablebase", "plan", "nine-mens-morris"], "");
    assert!(text.contains("\n535 tiers, 53438646455 indices (53.4 G)\n"), "{text}");
    assert!(text.contains("endgame tables (--max-pieces 9): 17809187202 indices (17.8 G, 33.3% of the work)"));
    assert!(text.contains("critical path: 44 tiers, 1631969296 indices (1.6 G), 3.1% of the work"), "{text}");
    assert!(
        text.contains(
            "with whole-tier jobs (--chunk-indices 0): 44 tiers, 13262106548 indices (13.3 G), 24.8%"
        ),
        "{text}"
    );
    let whole = stdout(&["tablebase", "plan", "nine-mens-morris", "--chunk-indices", "0"], "");
    assert!(
        whole.contains("critical path: 44 tiers, 13262106548 indices (13.3 G), 24.8% of the work"),
        "{whole}"
    );
    let (kind, message) =
        json_error(&["tablebase", "plan", "nine-mens-morris", "--max-pieces", "10", "--json"], 2);
    assert_eq!((kind.as_str(), message.contains("from 3 to 9 pieces")), ("option", true), "{message}");
}

#[test]
fn the_costed_plan_of_nine_mens_morris_is_worked_out_again_from_its_tiers() {
    let plan = ["tablebase", "plan", "nine-mens-morris", "--machines", "1,64", "--rate", "2000000", "--json"];
    let chunked_plan =
        ["tablebase", "plan", "nine-mens-morris", "--machines", "1,128", "--rate", "2000000", "--json"];
    let p = json(&[&plan[..], &["--chunk-indices", "0"]].concat());
    let tiers = p["tiers"].as_array().unwrap();
    let size = |name: &Json| tiers.iter().find(|t| t["name"] == *name).unwrap()["size"].as_u64().unwrap();
    // The working sets, again from the tiers: 6 bytes an index, 2 per
    // index of each dependency.
    let (memory, tier) = tiers
        .iter()
        .map(|t| {
            let deps: u64 = t["dependencies"].as_array().unwrap().iter().map(size).sum();
            (6 * t["size"].as_u64().unwrap() + 2 * deps, t["name"].as_str().unwrap())
        })
        .max()
        .unwrap();
    let (one, many) = (&p["cost"][0], &p["cost"][1]);
    assert_eq!(
        (one["memory_per_machine"].as_u64().unwrap(), one["memory_tier"].as_str().unwrap()),
        (memory, tier)
    );
    assert_eq!(tier, "w9b7x");
    // One machine: every index after another; 64: the critical path.
    assert_eq!(one["seconds"].as_f64().unwrap(), 53_438_646_455.0 / 2e6);
    assert_eq!(many["seconds"].as_f64().unwrap(), 13_262_106_548.0 / 2e6);
    // Files: 2 bits and 1 or 2 bytes an index, each tier rounded up.
    let wdl: u64 = tiers.iter().map(|t| t["size"].as_u64().unwrap().div_ceil(4)).sum();
    assert_eq!(
        one["storage"],
        serde_json::json!({"least": wdl + 53_438_646_455u64, "most": wdl + 2 * 53_438_646_455u64})
    );
    let text =
        stdout(&["tablebase", "plan", "nine-mens-morris", "--machines", "8", "--chunk-indices", "0"], "");
    assert!(text.contains("memory a machine 9.4 GiB (tier w9b7x)"), "{text}");
    assert!(text.contains("        8      2.4 h     4.03x      2.4 h    50%"), "{text}");
    // In chunks (the default): 128 machines reach the critical path of
    // chunks; the largest working set is a largest tier's chunks joined.
    let chunked = json(&chunked_plan);
    assert_eq!(chunked["cost"][1]["seconds"].as_f64().unwrap(), 1_631_969_296.0 / 2e6);
    assert_eq!(chunked["cost"][0]["seconds"].as_f64().unwrap(), 53_438_646_455.0 / 2e6);
    let text = stdout(&["tablebase", "plan", "nine-mens-morris", "--machines", "8"], "");
    assert!(text.contains("memory a machine 5.9 GiB (tier w8b7x)"), "{text}");
    assert!(text.contains("        8   72.8 min     7.89x   71.8 min    99%"), "{text}");
    let (kind, message) = json_error(
        &["tablebase", "plan", "nine-mens-morris", "--machines", "2", "--rate", "-1", "--json"],
        2,
    );
    assert_eq!(kind, "usage", "{message}");
}

/// The plan of Six Men's Morris' endgame tables to 4 a side, in
/// dependency order.
fn six_plan() -> Json {
    json(&["tablebase", "plan", "six-mens-morris", "--max-pieces", "4", "--json"])
}

/// The names of the tiers of [`six_plan`], in its order.
fn six_tier_names() -> Vec<String> {
    six_plan()["tiers"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_string()).collect()
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
        (
            "option",
            "no tier \"w9b3\" in six-mens-morris (`tablebase plan six-mens-morris` lists its 119 tiers)"
        )
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
    let children: Vec<_> = ["w3b2h0.1", "w4b3x"]
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
    assert_eq!(listed, ["w3b2h0.1", "w3b3", "w3b3x", "w4b3x"]);
    // A build of the same tier holds its lock: another is refused.
    let held = File::create(dir.join(".w4b3.lock")).unwrap();
    held.lock().unwrap();
    let out = build("w4b3");
    assert_eq!(out.status.code(), Some(1));
    let err: Json = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(err["error"]["kind"], "io");
    let message = err["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("another build is writing tier w4b3 in") && message.contains("--wait"),
        "{message}"
    );
    drop(held);
    // Builds of other tiers hold the folder's lock shared; a build of the
    // whole folder holds it alone.
    let folder = File::open(dir.join(".lock")).unwrap();
    folder.lock_shared().unwrap();
    assert!(build("w4b3").status.success());
    folder.unlock().unwrap();
    folder.lock().unwrap();
    let out = build("w3b3h0.1");
    let err: Json = serde_json::from_slice(&out.stdout).unwrap();
    assert!(err["error"]["message"].as_str().unwrap().contains("another build is writing"), "{err}");
    drop(folder);
    assert!(!std::fs::read_dir(dir.path()).unwrap().any(|e| e
        .unwrap()
        .file_name()
        .to_string_lossy()
        .ends_with(".tmp")));
}

#[test]
fn two_workers_give_the_files_of_one_process_and_a_restart_redoes_what_was_in_flight() {
    let names = six_tier_names();
    let (one, two) = (TempDir::new("workers-one"), TempDir::new("workers-two"));
    json(&["tablebase", "build", "six-mens-morris", "--max-pieces", "4", "--out", one.text(), "--json"]);
    let build = |dir: &TempDir| {
        let args = ["tablebase", "build", "six-mens-morris", "--max-pieces", "4", "--workers", "2", "--json"];
        json(&[&args[..], &["--out", dir.text()]].concat())
    };
    let r = build(&two);
    assert_eq!((r["built"].as_u64(), r["reused"].as_u64()), (Some(names.len() as u64), Some(0)));
    let same = |a: &TempDir, b: &TempDir| {
        for f in names.iter().map(|n| format!("{n}.ltb")).chain(["manifest.txt".to_string()]) {
            let (x, y) = (std::fs::read(a.join(&f)).unwrap(), std::fs::read(b.join(&f)).unwrap());
            assert!(x == y, "{f} differs");
        }
    };
    same(&one, &two);
    // A scheduler killed with the first three tiers finished and the
    // fourth in flight (its temporary file left): run again, it keeps the
    // three and builds the rest.
    let restart = TempDir::new("workers-restart");
    for t in &names[..3] {
        json(&["tablebase", "build", "six-mens-morris", "--tier", t, "--out", restart.text(), "--json"]);
    }
    let stale = restart.join(&format!(".{}.ltb.999999.0.tmp", names[3]));
    std::fs::write(&stale, b"half a table").unwrap();
    let r = build(&restart);
    let kept: Vec<&str> = r["tiers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["reused"] == true)
        .map(|t| t["tier"].as_str().unwrap())
        .collect();
    assert_eq!(kept, names[..3]);
    assert_eq!(r["built"].as_u64(), Some(names.len() as u64 - 3));
    assert!(!stale.exists());
    same(&one, &restart);
    // Everything finished: nothing is built.
    let r = build(&restart);
    assert_eq!((r["built"].as_u64(), r["reused"].as_u64()), (Some(0), Some(names.len() as u64)));
}

/// The build of Six Men's Morris to 4 on two workers, its folder last.
const SIX_ON_TWO_WORKERS: [&str; 9] =
    ["tablebase", "build", "six-mens-morris", "--max-pieces", "4", "--workers", "2", "--json", "--out"];

/// [`SIX_ON_TWO_WORKERS`] into `dir`, started and left running, its
/// standard output piped.
fn spawn_six_on_two_workers(dir: &TempDir) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_lapilli"))
        .args(SIX_ON_TWO_WORKERS)
        .arg(dir.path())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn a_worker_killed_mid_build_is_redone_by_the_next_run_alone() {
    let names = six_tier_names();
    let (one, dir) = (TempDir::new("kill-one"), TempDir::new("kill-workers"));
    json(&["tablebase", "build", "six-mens-morris", "--max-pieces", "4", "--out", one.text(), "--json"]);
    let args = SIX_ON_TWO_WORKERS;
    let mut scheduler = spawn_six_on_two_workers(&dir);
    // A worker seen is killed (SIGKILL: no clean-up), mid-tier; one that
    // ended first (ESRCH: its tiers take milliseconds in a release build)
    // is passed over for the next, and a build that ends first kills none.
    let started = std::time::Instant::now();
    let killed = loop {
        if let Some(&pid) = children_of(scheduler.id()).first() {
            std::thread::sleep(std::time::Duration::from_millis(2));
            match nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL) {
                Ok(()) => break Some(pid),
                Err(nix::errno::Errno::ESRCH) => continue,
                Err(e) => panic!("kill {pid}: {e}"),
            }
        }
        if scheduler.try_wait().unwrap().is_some() {
            break None;
        }
        assert!(started.elapsed().as_secs() < 60, "no worker started");
        std::thread::sleep(std::time::Duration::from_millis(1));
    };
    let out = scheduler.wait_with_output().unwrap();
    let present: Vec<&String> = names.iter().filter(|n| dir.join(&format!("{n}.ltb")).exists()).collect();
    if out.status.success() {
        // The build ended, or the worker had finished its tier, before the
        // signal came: nothing was in flight.
        assert_eq!(present.len(), names.len(), "worker {killed:?}");
        return;
    }
    let error: Json = serde_json::from_slice(&out.stdout).unwrap();
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("tier ") && message.contains("SIGKILL"), "{message}");
    assert!(present.len() < names.len());
    // Run again: the tiers finished are kept, the rest (the one in flight
    // among them) built, and the files are those of one process.
    let again = json(&[&args[..], &[dir.text()]].concat());
    let mut kept: Vec<&str> = again["tiers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["reused"] == true)
        .map(|t| t["tier"].as_str().unwrap())
        .collect();
    kept.sort_unstable();
    let mut present: Vec<&str> = present.iter().map(|s| s.as_str()).collect();
    present.sort_unstable();
    assert_eq!(kept, present);
    assert_eq!(again["built"].as_u64(), Some((names.len() - present.len()) as u64));
    for f in names.iter().map(|n| format!("{n}.ltb")).chain(["manifest.txt".to_string()]) {
        assert!(std::fs::read(one.join(&f)).unwrap() == std::fs::read(dir.join(&f)).unwrap(), "{f} differs");
    }
}

#[test]
fn workers_build_the_variant_the_options_choose() {
    let dir = TempDir::new("workers-flying");
    let args = [
        "tablebase",
        "build",
        "six-mens-morris",
        "--flying",
        "--max-pieces",
        "3",
        "--workers",
        "1",
        "--json",
    ];
    let r = json(&[&args[..], &["--out", dir.text()]].concat());
    assert_eq!((r["variant"].as_str(), r["built"].as_u64()), (Some("six-mens-morris+flying"), Some(2)));
    let stats = json(&["tablebase", "stats", dir.text(), "--json"]);
    assert_eq!(stats["variant"], "six-mens-morris+flying");
}

#[test]
fn a_signal_to_the_scheduler_stops_its_workers_cleanly() {
    let dir = TempDir::new("workers-signal");
    let scheduler = spawn_six_on_two_workers(&dir);
    let started = std::time::Instant::now();
    while children_of(scheduler.id()).is_empty() {
        assert!(started.elapsed().as_secs() < 60, "no worker started");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let pid = nix::unistd::Pid::from_raw(scheduler.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let out = scheduler.wait_with_output().unwrap();
    let report: Json = serde_json::from_slice(&out.stdout).unwrap();
    if out.status.success() {
        return; // finished before the signal came
    }
    assert_eq!(out.status.code(), Some(130), "{report}");
    assert_eq!(report["interrupted"]["signal"], "SIGINT");
    assert_eq!(report["error"]["kind"], "interrupted");
    // Each worker listed its tier as it completed: the message says so.
    let message = report["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("the folder's manifest lists the tiers complete, not the whole build"),
        "{message}"
    );
    // No worker is left, nor a temporary file; the tiers named complete
    // are the files there.
    std::thread::sleep(std::time::Duration::from_millis(200));
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.ends_with(".tmp")), "{names:?}");
    let mut complete: Vec<String> = report["interrupted"]["complete"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| format!("{}.ltb", t.as_str().unwrap()))
        .collect();
    complete.sort();
    let mut tables: Vec<String> = names.into_iter().filter(|n| n.ends_with(".ltb")).collect();
    tables.sort();
    assert_eq!(tables, complete);
}

#[test]
fn a_tier_the_plan_does_not_list_is_refused() {
    // w2b2 reads as a tier name, but Six Men's Morris ends below three
    // pieces: no position of the game is in it.
    let dir = TempDir::new("tier-w2b2");
    let args = ["tablebase", "build", "six-mens-morris", "--tier", "w2b2", "--out", dir.text(), "--json"];
    let (kind, message) = json_error(&args, 2);
    assert_eq!(kind, "option");
    assert_eq!(
        message,
        "no tier \"w2b2\" in six-mens-morris (`tablebase plan six-mens-morris` lists its 119 tiers)"
    );
    assert!(!dir.join("w2b2.ltb").exists());
    // Colour folding: w3b5's positions are in w5b3; a name of it says so,
    // as verify's --tier does.
    let args = ["tablebase", "build", "six-mens-morris", "--tier", "w3b5x", "--out", dir.text(), "--json"];
    let (kind, message) = json_error(&args, 2);
    assert_eq!(kind, "option");
    assert_eq!(
        message,
        "no tier \"w3b5x\" in six-mens-morris (its positions are stored in tier w5b3x as their colour twins, \
         the colours exchanged)"
    );
}

#[test]
fn mpi_conflicts_with_workers_and_tier_and_needs_the_feature() {
    let dir = TempDir::new("mpi-flag");
    let build = ["tablebase", "build", "six-mens-morris", "--max-pieces", "3", "--out", dir.text(), "--json"];
    for extra in [&["--mpi", "--workers", "2"][..], &["--mpi", "--tier", "w3b3"][..]] {
        let (kind, message) = json_error(&[&build[..], extra].concat(), 2);
        assert_eq!(kind, "usage");
        assert!(message.contains("cannot be used with"), "{message}");
    }
    let (kind, _) = json_error(&["tablebase", "verify", dir.text(), "--mpi", "--workers", "2", "--json"], 2);
    assert_eq!(kind, "usage");
    // Without the feature `mpi` (the default build), --mpi says how to
    // build a lapilli that has it, before anything is read or written.
    #[cfg(not(feature = "mpi"))]
    for args in
        [&[&build[..], &["--mpi"]].concat(), &["tablebase", "verify", dir.text(), "--mpi", "--json"].to_vec()]
    {
        let (kind, message) = json_error(args, 2);
        assert_eq!(kind, "option");
        assert!(message.contains("built without MPI") && message.contains("--features mpi"), "{message}");
        assert!(!dir.join("w3b3.ltb").exists());
    }
}
