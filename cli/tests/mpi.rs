#![cfg(feature = "mpi")]
//! `tablebase build --mpi` and `tablebase verify --mpi` under `mpirun -np
//! 3` (oversubscribed, as root where the tests run as root): the files
//! of one process, byte for byte, a restart that keeps them, a build
//! stopped by SIGTERM to every rank and resumed, SIGTERM to rank 0 alone
//! while a rank waits for a held tier, `-np 1` and no mpirun, a rank's
//! error, and verification clean and with a value changed on purpose. Needs Open MPI's `mpirun`
//! (`openmpi-bin`) and a lapilli built with the feature `mpi`: `cargo test
//! -p lapilli --release --features mpi --test mpi`.

mod common;

use common::tables::{lengthen_a_win, same_files};
use common::{children_of, json, lapilli, TempDir};
use serde_json::Value as Json;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// `mpirun -np <np> lapilli`, allowed to run as root and on more ranks
/// than cores, with the settings containers need.
fn mpirun(np: &str) -> Command {
    let mut c = Command::new("mpirun");
    c.args(["--allow-run-as-root", "--oversubscribe", "-np", np, env!("CARGO_BIN_EXE_lapilli")]);
    for (name, value) in [
        ("OMPI_MCA_btl_vader_single_copy_mechanism", "none"),
        ("OMPI_MCA_rmaps_base_oversubscribe", "1"),
        ("OMPI_ALLOW_RUN_AS_ROOT", "1"),
        ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"),
    ] {
        c.env(name, value);
    }
    c.stdin(Stdio::null());
    c
}

/// `lapilli args` on `np` ranks, run to its end.
fn on_ranks(np: &str, args: &[&str]) -> Output {
    mpirun(np).args(args).output().expect("mpirun starts (Open MPI's openmpi-bin)")
}

/// The one JSON object rank 0 prints for a successful run.
fn ranks_json(np: &str, args: &[&str]) -> Json {
    let out = on_ranks(np, args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object, rank 0's")
}

/// `tablebase build <game> --max-pieces <n> --out <dir> --json`, with
/// `extra` words.
fn build_args<'a>(game: &'a str, n: &'a str, dir: &'a TempDir, extra: &[&'a str]) -> Vec<&'a str> {
    [&["tablebase", "build", game, "--max-pieces", n, "--out", dir.text(), "--json"][..], extra].concat()
}

/// `tablebase build six-mens-morris --whole-game --out <dir> --json`,
/// with `extra` words.
fn build_whole<'a>(dir: &'a TempDir, extra: &[&'a str]) -> Vec<&'a str> {
    [&["tablebase", "build", "six-mens-morris", "--whole-game", "--out", dir.text(), "--json"][..], extra]
        .concat()
}

/// The tiers of a verification report, the wall times left out.
fn verified_tiers(report: &Json) -> Vec<Json> {
    let mut tiers = report["tiers"].as_array().unwrap().clone();
    for t in &mut tiers {
        t.as_object_mut().unwrap().remove("millis");
    }
    tiers
}

#[test]
fn six_mens_morris_on_three_ranks_is_one_process_build_and_verifies() {
    let (one, three) = (TempDir::new("mpi-six-one"), TempDir::new("mpi-six-three"));
    json(&build_args("six-mens-morris", "6", &one, &[]));
    let log = TempDir::new("mpi-six-log");
    let log_file = log.join("tiers.jsonl");
    let log_arg = log_file.to_str().unwrap();
    let r = ranks_json("3", &build_args("six-mens-morris", "6", &three, &["--mpi", "--log", log_arg]));
    let tiers = same_files(one.path(), three.path());
    assert_eq!(tiers, 20);
    assert_eq!((r["built"].as_u64(), r["reused"].as_u64()), (Some(20), Some(0)));
    // Rank 0 logged every tier once, with the machine that solved it.
    let lines: Vec<Json> = std::fs::read_to_string(&log_file)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut logged: Vec<&str> = lines.iter().map(|l| l["tier"].as_str().unwrap()).collect();
    logged.sort();
    logged.dedup();
    assert_eq!((lines.len(), logged.len()), (20, 20));
    assert!(lines.iter().all(|l| l["host"].as_str().is_some_and(|h| !h.is_empty())), "{lines:?}");
    // Run again: every tier is kept, none built.
    let r = ranks_json("3", &build_args("six-mens-morris", "6", &three, &["--mpi"]));
    assert_eq!((r["built"].as_u64(), r["reused"].as_u64()), (Some(0), Some(20)));
    same_files(one.path(), three.path());
    // A truncated file: removed by rank 0 and built again with --rebuild.
    let w4b4 = three.path().join("w4b4.ltb");
    std::fs::File::options().write(true).open(&w4b4).unwrap().set_len(100).unwrap();
    let out = on_ranks("3", &build_args("six-mens-morris", "6", &three, &["--mpi", "--rebuild"]));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr.matches("to build it again (truncated").count(), 1, "{stderr}");
    same_files(one.path(), three.path());

    // Verified on the ranks: the report of one process.
    let alone = json(&["tablebase", "verify", one.text(), "--json"]);
    let ranks = ranks_json("3", &["tablebase", "verify", three.text(), "--mpi", "--json"]);
    assert_eq!((&ranks["clean"], ranks["workers"].as_u64()), (&Json::from(true), Some(2)));
    assert_eq!(verified_tiers(&ranks), verified_tiers(&alone));

    // A win made 2 plies longer behind a fixed checksum: exit status 2,
    // the tier named.
    let (index, _) = lengthen_a_win(three.path(), "w3b3");
    let out = on_ranks("3", &["tablebase", "verify", three.text(), "--mpi", "--json"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let found: Json = serde_json::from_slice(&out.stdout).expect("one JSON object, rank 0's");
    assert_eq!(found["error"]["kind"], "tablebase");
    assert!(found["error"]["message"].as_str().unwrap().contains("w3b3"), "{found}");
    let w3b3 = found["tiers"].as_array().unwrap().iter().find(|t| t["tier"] == "w3b3").unwrap();
    assert!(w3b3["mismatches"].as_array().unwrap().iter().any(|m| m["index"] == index), "{w3b3}");
}

#[test]
fn chunked_tiers_on_three_ranks_give_the_files_of_one_process() {
    let (one, three) = (TempDir::new("mpi-chunks-one"), TempDir::new("mpi-chunks-three"));
    json(&build_args("six-mens-morris", "6", &one, &[]));
    let log = TempDir::new("mpi-chunks-log");
    let log_file = log.join("jobs.jsonl");
    let extra = ["--mpi", "--chunk-indices", "20000", "--log", log_file.to_str().unwrap()];
    let r = ranks_json("3", &build_args("six-mens-morris", "6", &three, &extra));
    assert_eq!(same_files(one.path(), three.path()), 20);
    assert_eq!((r["built"].as_u64(), r["reused"].as_u64()), (Some(20), Some(0)));
    // Eighteen tiers went out as chunks, 130 in all, as `plan
    // --chunk-indices 20000` counts them (w6b5x and w6b5: 253,032 indices
    // in 13 each); no chunk file is left.
    let jobs: Vec<String> = std::fs::read_to_string(&log_file)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Json>(l).unwrap()["tier"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(jobs.iter().filter(|j| j.contains(':')).count(), 130);
    assert_eq!(jobs.iter().filter(|j| j.starts_with("w6b5x:")).count(), 13);
    assert_eq!(jobs.iter().filter(|j| j.starts_with("w6b5:")).count(), 13);
    assert_eq!(jobs.iter().filter(|j| !j.contains(':')).count(), 20);
    let left = std::fs::read_dir(three.path()).unwrap().map(|e| e.unwrap().file_name());
    assert_eq!(left.filter(|n| n.to_string_lossy().contains("-of-")).count(), 0);
}

#[test]
fn the_whole_game_on_three_ranks_in_chunks_is_one_process_build() {
    let (one, three) = (TempDir::new("mpi-whole-one"), TempDir::new("mpi-whole-three"));
    json(&build_whole(&one, &[]));
    let r = ranks_json("3", &build_whole(&three, &["--mpi", "--chunk-indices", "100000"]));
    assert_eq!(r["built"].as_u64(), Some(119));
    assert_eq!(same_files(one.path(), three.path()), 119);
}

/// The tier files in `dir`.
fn tier_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".ltb"))
        .count()
}

/// Whether the process `pid` is rank 0 of its MPI job (Open MPI's
/// `OMPI_COMM_WORLD_RANK` in its environment).
fn is_rank_0(pid: i32) -> bool {
    let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
    environ.split(|&b| b == 0).any(|v| v == b"OMPI_COMM_WORLD_RANK=0")
}

/// Builds Nine Men's Morris to 4 on 3 ranks into `dir`, sends SIGTERM to
/// the ranks `chosen` picks once one more tier file than there were is
/// there, and returns the tiers complete that rank 0 reports; checks the
/// exit status (143), the error's kind and that no temporary file is left.
fn stopped_by_sigterm(dir: &TempDir, chosen: impl Fn(i32) -> bool) -> u64 {
    stop_by_sigterm("nine-mens-morris", "4", dir, 1, chosen)
}

/// [`stopped_by_sigterm`] of `game` to `n` pieces, once `more` tier files
/// than there were are there (0: once a rank is at its first tier).
fn stop_by_sigterm(game: &str, n: &str, dir: &TempDir, more: usize, chosen: impl Fn(i32) -> bool) -> u64 {
    let before = tier_files(dir.path());
    let mut job = mpirun("3")
        .args(build_args(game, n, dir, &["--mpi"]))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    // The folder's lock file, which a rank makes when it starts its first
    // tier, tells that rank 0 catches the signals.
    while tier_files(dir.path()) < before + more || !dir.join(".lock").exists() {
        assert!(started.elapsed() < Duration::from_secs(60), "no tier finished");
        std::thread::sleep(Duration::from_millis(20));
    }
    let ranks = children_of(job.id());
    assert_eq!(ranks.len(), 3, "the ranks are mpirun's children");
    for pid in ranks.into_iter().filter(|&pid| chosen(pid)) {
        let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGTERM);
    }
    // Every rank ends (none is left waiting).
    let signalled = Instant::now();
    while job.try_wait().unwrap().is_none() {
        if signalled.elapsed() > Duration::from_secs(30) {
            for pid in children_of(job.id()) {
                let _ = nix::sys::signal::kill(
                    nix::unistd::Pid::from_raw(pid),
                    nix::sys::signal::Signal::SIGKILL,
                );
            }
            let _ = job.kill();
            panic!("the job did not end after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = job.wait_with_output().unwrap();
    let report: Json = serde_json::from_slice(&out.stdout).expect("one JSON object, rank 0's");
    assert_eq!(out.status.code(), Some(143), "{report}");
    assert_eq!(report["error"]["kind"], "interrupted");
    assert_eq!(report["interrupted"]["signal"], "SIGTERM");
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    report["interrupted"]["complete"].as_array().unwrap().len() as u64
}

#[test]
fn nine_mens_morris_to_4_stopped_by_sigterm_resumes_to_the_files_of_one_process() {
    let (one, three) = (TempDir::new("mpi-nine-one"), TempDir::new("mpi-nine-three"));
    json(&build_args("nine-mens-morris", "4", &one, &[]));
    // SIGTERM to every rank (as a batch system stops a job): each drops
    // its tier.
    let complete = stopped_by_sigterm(&three, |_| true);
    assert!((1..6).contains(&complete), "{complete}");
    // Run again: the tiers complete are kept, the rest built.
    let r = ranks_json("3", &build_args("nine-mens-morris", "4", &three, &["--mpi"]));
    assert_eq!((r["built"].as_u64(), r["reused"].as_u64()), (Some(6 - complete), Some(complete)));
    assert_eq!(same_files(one.path(), three.path()), 6);
    let r = ranks_json("3", &build_args("nine-mens-morris", "4", &three, &["--mpi"]));
    assert_eq!((r["built"].as_u64(), r["reused"].as_u64()), (Some(0), Some(6)));
}

#[test]
fn a_rank_killed_mid_build_ends_the_job_and_the_next_run_redoes_only_what_was_in_flight() {
    let (one, three) = (TempDir::new("mpi-kill-one"), TempDir::new("mpi-kill-three"));
    json(&build_args("nine-mens-morris", "4", &one, &[]));
    let job = mpirun("3")
        .args(build_args("nine-mens-morris", "4", &three, &["--mpi"]))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while tier_files(three.path()) < 2 {
        assert!(started.elapsed() < Duration::from_secs(60), "no tier finished");
        std::thread::sleep(Duration::from_millis(5));
    }
    // SIGKILL to a rank that solves (not rank 0): no handler runs; Open
    // MPI ends the whole job.
    let solver = children_of(job.id()).into_iter().find(|&pid| !is_rank_0(pid)).expect("a solving rank");
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(solver), nix::sys::signal::Signal::SIGKILL).unwrap();
    let out = job.wait_with_output().unwrap();
    assert!(!out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let complete = tier_files(three.path()) as u64;
    assert!((2..6).contains(&complete), "{complete}");
    // The next run keeps every tier file the killed job finished, builds
    // the rest, and ends with the files of one process; the killed rank's
    // temporary file is gone (removed with its tier's lock held).
    let r = ranks_json("3", &build_args("nine-mens-morris", "4", &three, &["--mpi"]));
    assert_eq!((r["built"].as_u64(), r["reused"].as_u64()), (Some(6 - complete), Some(complete)), "{r}");
    assert_eq!(same_files(one.path(), three.path()), 6);
    let temporary: Vec<String> = std::fs::read_dir(three.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(temporary.is_empty(), "{temporary:?}");
}

#[test]
fn sigterm_to_rank_0_alone_stops_a_rank_waiting_for_its_tier() {
    // Another build holds the first tier: the rank given it waits (as
    // --tier --wait) until rank 0, stopped by SIGTERM, tells it to drop
    // the tier.
    let dir = TempDir::new("mpi-held");
    let held = std::fs::File::create(dir.join(".w3b3x.lock")).unwrap();
    held.lock().unwrap();
    let complete = stop_by_sigterm("six-mens-morris", "4", &dir, 0, is_rank_0);
    assert_eq!(complete, 0);
    assert_eq!(tier_files(dir.path()), 0);
}

#[test]
fn one_rank_or_no_mpirun_builds_every_tier_and_a_ranks_error_is_the_builds() {
    let one = TempDir::new("mpi-small-one");
    json(&build_args("six-mens-morris", "4", &one, &[]));
    let alone = TempDir::new("mpi-small-np1");
    let r = ranks_json("1", &build_args("six-mens-morris", "4", &alone, &["--mpi"]));
    assert_eq!(r["built"].as_u64(), Some(6));
    same_files(one.path(), alone.path());
    // Outside mpirun, MPI's world is this process alone.
    let outside = TempDir::new("mpi-small-outside");
    let out = lapilli(&build_args("six-mens-morris", "4", &outside, &["--mpi"]), "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    same_files(one.path(), outside.path());

    // A tier file the manifest does not list, damaged: the rank given the
    // tier that reads it fails, and the build ends with its error (the
    // one --workers gives), every rank ended.
    let damaged = TempDir::new("mpi-small-damaged");
    json(&build_args("six-mens-morris", "3", &damaged, &[]));
    std::fs::remove_file(damaged.join("manifest.txt")).unwrap();
    let w3b3 = damaged.join("w3b3.ltb");
    let mut bytes = std::fs::read(&w3b3).unwrap();
    let last = bytes.len() - 10;
    bytes[last] ^= 1;
    std::fs::write(&w3b3, &bytes).unwrap();
    let out = on_ranks("3", &build_args("six-mens-morris", "4", &damaged, &["--mpi"]));
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let error: Json = serde_json::from_slice(&out.stdout).expect("one JSON object, rank 0's");
    let message = error["error"]["message"].as_str().unwrap();
    assert_eq!(error["error"]["kind"], "tablebase");
    assert!(message.starts_with("tier w3b3x: ") && message.contains("w3b3.ltb: corrupted"), "{message}");
    let workers = lapilli(&build_args("six-mens-morris", "4", &damaged, &["--workers", "2"]), "");
    let workers: Json = serde_json::from_slice(&workers.stdout).unwrap();
    assert_eq!(workers["error"], error["error"]);
}
