//! The tier solver on a toy game with tiers, symmetry, draws and duplicate
//! plies, against the naive fixpoint and the in-memory solver; the file
//! format's checks.

use lapilli_game::{Canonicalize, Game, History, Value, WIN};
use lapilli_search::{Engine, Limits};
use lapilli_tablebase::solve_keyed;
use lapilli_tablebase::Probing;
use lapilli_tablebase::{
    build, build_tier, naive_values, plan, tier_named, BuildOptions, Manifest, Silent, TablebaseError,
    TablebaseFolder, Tablebases, TierFile, TierSpace, MANIFEST_FILE,
};
use lapilli_tablebase::{verify_folder, Mismatch, TierVerification};
use proptest::prelude::*;

mod ring;
use ring::{all_positions, reflect, solve_all, Ring, Rings};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn tier_solver_agrees_with_the_naive_fixpoint_and_the_in_memory_solver(len in 1u8..12, tokens in 1u8..5) {
        let rings = Rings { len, name: "ring" };
        let tb = solve_all(&rings, tokens);
        let positions = all_positions(len, tokens);
        let naive = naive_values(&positions, |p: &Ring| p.canonicalize());
        let keyed = solve_keyed(&positions);
        for p in &positions {
            let v = tb.probe(p);
            prop_assert_eq!(v, naive.get(&p.canonicalize().zobrist()).copied(), "naive, {}", p);
            prop_assert_eq!(v, keyed.probe(p), "in-memory, {}", p);
            // Symmetric positions agree.
            let image = Ring { at: reflect(len, p.at), ..*p };
            prop_assert_eq!(v, tb.probe(&image));
        }
    }
}

#[test]
fn the_ring_values_and_counts_in_positions() {
    let rings = Rings { len: 6, name: "ring" };
    let tb = solve_all(&rings, 3);
    // One token, on an even point: take it and win.
    assert_eq!(tb.probe(&Ring { len: 6, tokens: 1, at: 2, second: false }), Some(Value::Win(1)));
    // On an odd point every step reaches an even point with the other
    // side to move, who takes: lost in 2.
    assert_eq!(tb.probe(&Ring { len: 6, tokens: 1, at: 3, second: true }), Some(Value::Loss(2)));
    let (_, header) = tb.tiers().next().expect("tier 1");
    let c = header.counts;
    // Tier 1: 12 positions (6 points x 2 sides), 8 orbits, 1 slack index.
    assert_eq!((c.positions(), c.classes(), c.unused), (12, 8, 1));
    assert_eq!(c.win + c.loss, 12);
    let all: Vec<_> =
        tb.tiers().map(|(t, h)| (t, h.counts.win, h.counts.loss, h.counts.draw, h.counts.max_dtm)).collect();
    // With two tokens or more, taking one hands the opponent a won tier-1
    // position or a draw, so both sides walk forever: every position draws.
    assert_eq!(all, [(1, 6, 6, 0, 2), (2, 0, 0, 12, 0), (3, 0, 0, 12, 0)]);
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("lapilli-tb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn build_writes_files_that_load_back_and_probe_the_same() {
    let rings = Rings { len: 7, name: "ring" };
    let dir = temp_dir("build");
    let reports = build(&rings, &[4], &dir, &BuildOptions::default(), &Silent).unwrap();
    let names: Vec<&str> = reports.iter().map(|r| r.tier.as_str()).collect();
    assert_eq!(names, ["t1", "t2", "t3", "t4"], "dependencies first");
    let opened = Tablebases::open(&rings, &dir).unwrap();
    let memory = solve_all(&rings, 4);
    for p in all_positions(7, 4) {
        assert_eq!(opened.probe(&p), memory.probe(&p), "{p}");
    }
    // A second build reuses the files.
    let again = build(&rings, &[4], &dir, &BuildOptions::default(), &Silent).unwrap();
    assert!(again.iter().all(|r| r.reused));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_and_foreign_files_are_refused_with_typed_errors() {
    let rings = Rings { len: 7, name: "ring" };
    let dir = temp_dir("damage");
    build(&rings, &[2], &dir, &BuildOptions::default(), &Silent).unwrap();
    let path = dir.join(TierFile::file_name("t2"));
    let good = std::fs::read(&path).unwrap();
    let read = |bytes: &[u8], space: &Rings| TierFile::decode(bytes, &path, space, Some(2)).map(|_| ());

    assert!(read(&good, &rings).is_ok());
    let mut flipped = good.clone();
    let last_payload = flipped.len() - 5;
    flipped[last_payload] ^= 0x40;
    assert!(matches!(read(&flipped, &rings), Err(TablebaseError::Checksum { .. })));
    assert!(matches!(read(&good[..good.len() - 3], &rings), Err(TablebaseError::Truncated { .. })));
    assert!(matches!(read(&good[..20], &rings), Err(TablebaseError::Truncated { .. })));
    assert!(matches!(read(b"not a table at all", &rings), Err(TablebaseError::BadMagic { .. })));
    // A damaged name length (the high byte of the variant's, after the
    // magic and the version) is a damaged header, not a short file.
    let mut length = good.clone();
    length[11] = 0xff;
    let err = read(&length, &rings).unwrap_err();
    assert!(
        matches!(err, TablebaseError::Corrupt { .. }) && err.to_string().contains("header is damaged"),
        "{err}"
    );
    // A name's first byte that no UTF-8 text starts with: damaged too.
    let mut name = good.clone();
    name[12] = 0xff;
    let err = read(&name, &rings).unwrap_err();
    assert!(err.to_string().contains("the header is damaged: a name is not UTF-8 text"), "{err}");
    let mut version = good.clone();
    version[8] = 9;
    assert!(matches!(read(&version, &rings), Err(TablebaseError::Version { found: 9, .. })));
    let other = Rings { len: 7, name: "other-ring" };
    let err = read(&good, &other).unwrap_err();
    assert!(matches!(err, TablebaseError::Mismatch { .. }));
    assert!(err.to_string().contains("ring-7") && err.to_string().contains("other-ring-7"), "{err}");
    assert!(matches!(TierFile::decode(&good, &path, &rings, Some(1)), Err(TablebaseError::Mismatch { .. })));
    let mut longer = good.clone();
    longer.push(0);
    assert!(matches!(read(&longer, &rings), Err(TablebaseError::Corrupt { .. })));
    // A damaged file in a directory fails the probe of its tier only.
    std::fs::write(&path, &flipped).unwrap();
    let opened = Tablebases::open(&rings, &dir).unwrap();
    let pos = Ring { len: 7, tokens: 2, at: 0, second: false };
    let Err(TablebaseError::ProbeFailed { position, source }) = opened.try_probe(&pos) else {
        panic!("a damaged table fails the probe")
    };
    assert_eq!(position, pos.to_string());
    assert!(matches!(*source, TablebaseError::Checksum { .. }), "{source}");
    // Probed again, the failure is remembered: the source says it again.
    let e = opened.try_probe(&pos).unwrap_err();
    let again = std::error::Error::source(&e).map(|s| s.to_string()).unwrap();
    assert!(again.ends_with(&source.to_string()), "{again}");
    assert_eq!(opened.probe(&pos), None);
    assert!(opened.try_probe(&Ring { tokens: 1, ..pos }).unwrap().is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_memory_budget_refuses_a_tier_before_it_starts() {
    let rings = Rings { len: 7, name: "ring" };
    let dir = temp_dir("budget");
    let options = BuildOptions { memory: Some(10), ..BuildOptions::default() };
    let err = build(&rings, &[1], &dir, &options, &Silent).unwrap_err();
    assert!(matches!(err, TablebaseError::MemoryBudget { .. }), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn best_moves_keep_the_value_and_the_line_ends_in_time() {
    let rings = Rings { len: 5, name: "ring" };
    let tb = solve_all(&rings, 3);
    for p in all_positions(5, 3) {
        let Some(v) = tb.probe(&p) else { continue };
        match tb.best_move(&p) {
            None => assert!(p.outcome().is_some()),
            Some((m, after)) => {
                assert_eq!(after, v, "{p}: the best ply keeps the value");
                let mut q = p;
                q.play_unchecked(m);
                assert_eq!(tb.probe(&q).map(|c| c.before_ply(true)), Some(v));
            }
        }
        if let Value::Win(d) | Value::Loss(d) = v {
            let line = tb.principal_variation(&p, 100);
            assert_eq!(line.len() as u32, d, "{p}: the line is as long as the DTM");
        }
    }
}

#[test]
fn the_engine_scores_covered_positions_by_their_value() {
    let rings = Rings { len: 6, name: "ring" };
    let tb = solve_all(&rings, 3);
    let eval = Probing { eval: |_: &Ring| 0, tables: &tb };
    for p in all_positions(6, 3) {
        if p.outcome().is_some() {
            continue;
        }
        let v = tb.probe(&p).expect("covered");
        let analysis = Engine::new().search_single(&p, &History::default(), &Limits::depth(1), &eval);
        let expected = match v {
            Value::Win(d) => WIN - d as i32,
            Value::Loss(d) => -(WIN - d as i32),
            Value::Draw => 0,
        };
        assert_eq!(analysis.score, expected, "{p}: {v:?}");
    }
}

#[test]
fn folders_are_checked_before_use_and_before_a_build_writes() {
    let rings = Rings { len: 7, name: "ring" };
    let dir = temp_dir("folder");
    build(&rings, &[2], &dir, &BuildOptions::default(), &Silent).unwrap();
    let t2 = dir.join(TierFile::file_name("t2"));
    let good = std::fs::read(&t2).unwrap();

    // A damaged name in the header is damage, not another game.
    let mut named = good.clone();
    named[12] ^= 0x13;
    std::fs::write(&t2, &named).unwrap();
    assert!(matches!(Tablebases::open(&rings, &dir), Err(TablebaseError::Checksum { .. })));
    let err = TierFile::read_header_of_any(&t2).unwrap_err();
    assert!(matches!(err, TablebaseError::Checksum { part: "header", .. }), "{err}");
    assert!(err.to_string().contains("corrupted: the header checksum is"), "{err}");
    std::fs::write(&t2, &good).unwrap();

    // A file must carry its tier's name.
    let copy = dir.join("copy.ltb");
    std::fs::write(&copy, &good).unwrap();
    let err = Tablebases::open(&rings, &dir).unwrap_err();
    assert!(
        matches!(&err, TablebaseError::Misnamed { tier, .. } if tier == "t2")
            && err.to_string().contains("t2.ltb"),
        "{err}"
    );
    std::fs::remove_file(&copy).unwrap();

    // A tier without its dependency is refused: named by the manifest as
    // missing, and without a manifest as a dependency missing.
    let t1 = dir.join(TierFile::file_name("t1"));
    let t1_bytes = std::fs::read(&t1).unwrap();
    std::fs::remove_file(&t1).unwrap();
    let err = Tablebases::open(&rings, &dir).unwrap_err();
    assert!(matches!(&err, TablebaseError::ListedMissing { path, .. } if *path == t1), "{err}");
    let manifest = dir.join(lapilli_tablebase::MANIFEST_FILE);
    let manifest_bytes = std::fs::read(&manifest).unwrap();
    std::fs::remove_file(&manifest).unwrap();
    let err = Tablebases::open(&rings, &dir).unwrap_err();
    assert!(matches!(err, TablebaseError::MissingTier { .. }) && err.to_string().contains("t1"), "{err}");
    std::fs::write(&t1, &t1_bytes).unwrap();
    std::fs::write(&manifest, &manifest_bytes).unwrap();

    // Another game's build refuses the folder before writing anything.
    let other = Rings { len: 7, name: "other-ring" };
    let err = build(&other, &[3], &dir, &BuildOptions::default(), &Silent).unwrap_err();
    assert!(matches!(err, TablebaseError::Mismatch { .. }), "{err}");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, [".lock", "manifest.txt", "t1.ltb", "t2.ltb"]);
    assert!(Tablebases::open(&rings, &dir).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_door_lists_the_folder_names_its_variant_and_verifies_it() {
    let rings = Rings { len: 7, name: "ring" };
    let dir = temp_dir("door");
    build(&rings, &[2], &dir, &BuildOptions::default(), &Silent).unwrap();
    let folder = TablebaseFolder::open(&dir).unwrap();
    let tiers: Vec<&str> = folder.files().iter().map(|f| f.header.tier.as_str()).collect();
    // Tier 2 and its dependency, tier 1 (tier 1 depends on none).
    assert_eq!(tiers, ["t1", "t2"]);
    assert_eq!(folder.variant(), Some("ring-7"));
    // Each header as reading the file against the space gives it.
    for f in folder.files() {
        assert_eq!(TierFile::read_header(&f.path, &rings).unwrap(), f.header);
        assert_eq!(f.len, std::fs::metadata(&f.path).unwrap().len());
    }
    assert_eq!(folder.tiers(&rings).unwrap().iter().map(|&(t, _)| t).collect::<Vec<_>>(), [1, 2]);
    folder.verify().unwrap();

    // A byte of a table flipped: the headers still read and `open` defers
    // the table; the door's verification refuses it now.
    let t2 = dir.join(TierFile::file_name("t2"));
    let good = std::fs::read(&t2).unwrap();
    let mut bad = good.clone();
    let at = bad.len() - 5;
    bad[at] ^= 1;
    std::fs::write(&t2, &bad).unwrap();
    let folder = TablebaseFolder::open(&dir).unwrap();
    assert!(matches!(folder.verify(), Err(TablebaseError::Checksum { .. })));
    assert!(Tablebases::open(&rings, &dir).is_ok());
    assert!(matches!(Tablebases::open_verified(&rings, &dir), Err(TablebaseError::Checksum { .. })));
    std::fs::write(&t2, &good).unwrap();
    assert!(Tablebases::open_verified(&rings, &dir).is_ok());

    // A file of another game among them: the folder is named by its
    // manifest, and the set refuses the stranger.
    let other = Rings { len: 7, name: "other" };
    let odir = temp_dir("door-other");
    build(&other, &[1], &odir, &BuildOptions::default(), &Silent).unwrap();
    std::fs::copy(odir.join(TierFile::file_name("t1")), dir.join("zz.ltb")).unwrap();
    let folder = TablebaseFolder::open(&dir).unwrap();
    assert_eq!(folder.variant(), Some("ring-7"));
    assert!(matches!(folder.tiers(&rings), Err(TablebaseError::Foreign { .. })));
    assert_eq!(TablebaseFolder::open(&odir).unwrap().variant(), Some("other-7"));

    // Not a folder, no folder, an empty folder.
    assert!(matches!(TablebaseFolder::open(&t2), Err(TablebaseError::NotAFolder { .. })));
    assert!(matches!(TablebaseFolder::open(&dir.join("none")), Err(TablebaseError::NoSuchFolder { .. })));
    let empty = temp_dir("door-empty");
    std::fs::create_dir_all(&empty).unwrap();
    let folder = TablebaseFolder::open(&empty).unwrap();
    assert!(folder.is_empty());
    assert_eq!(folder.variant(), None);
}

#[test]
fn a_file_of_the_wrong_length_or_no_file_is_refused_before_it_is_read() {
    let rings = Rings { len: 7, name: "ring" };
    let dir = temp_dir("length");
    build(&rings, &[1], &dir, &BuildOptions::default(), &Silent).unwrap();
    let t1 = dir.join(TierFile::file_name("t1"));
    let good = std::fs::read(&t1).unwrap();
    // A file longer than its header announces: refused from its metadata,
    // by the folder and by a whole read alike.
    let mut long = good.clone();
    long.extend_from_slice(&[0; 100]);
    std::fs::write(&t1, &long).unwrap();
    let expect = format!("{} bytes where the header announces {}", long.len(), good.len());
    for e in
        [TablebaseFolder::open(&dir).unwrap_err(), TierFile::read(&t1, &rings, None).map(|_| ()).unwrap_err()]
    {
        assert!(matches!(&e, TablebaseError::Corrupt { what, .. } if *what == expect), "{e}");
    }
    // A folder named like a tier file is no regular file.
    std::fs::remove_file(&t1).unwrap();
    std::fs::create_dir(&t1).unwrap();
    let e = TablebaseFolder::open(&dir).unwrap_err();
    assert!(matches!(&e, TablebaseError::Corrupt { what, .. } if what == "not a regular file"), "{e}");
}

#[test]
fn tiers_built_one_at_a_time_are_the_files_of_one_build() {
    let rings = Rings { len: 7, name: "ring" };
    let (whole, single) = (temp_dir("whole"), temp_dir("single"));
    build(&rings, &[4], &whole, &BuildOptions::default(), &Silent).unwrap();
    let options = BuildOptions::default();
    // Before its dependency's file is there, a tier is refused, naming it.
    let e = build_tier(&rings, 3, &single, &options, &Silent).unwrap_err();
    let TablebaseError::MissingDependencies { tier, missing, .. } = &e else { panic!("{e}") };
    assert_eq!((tier.as_str(), missing.as_slice()), ("t3", ["t2.ltb".to_string()].as_slice()));
    assert!(e.to_string().contains("this one is missing: t2.ltb"), "{e}");
    let p = plan(&rings, &[4]).unwrap();
    assert_eq!((p.total_indices, p.critical_path.indices), (36, 36));
    // A temporary manifest of a build killed mid-write goes with the
    // next rewrite of the manifest.
    let stale = single.join(format!(".{MANIFEST_FILE}.4242.0.tmp"));
    std::fs::write(&stale, b"half").unwrap();
    for t in &p.tiers {
        let tier = tier_named(&rings, &t.name, 1).unwrap();
        let report = build_tier(&rings, tier, &single, &options, &Silent).unwrap();
        assert!(!report.reused && report.tier == t.name);
        // The manifest lists the tiers built so far, and the folder opens.
        let m = Manifest::read(&single).unwrap().unwrap();
        assert_eq!(m.tiers.last().map(|e| e.tier.as_str()), Some(t.name.as_str()));
        Tablebases::open(&rings, &single).unwrap();
    }
    assert!(!stale.exists());
    for name in ["t1.ltb", "t2.ltb", "t3.ltb", "t4.ltb", MANIFEST_FILE] {
        let (a, b) = (std::fs::read(whole.join(name)).unwrap(), std::fs::read(single.join(name)).unwrap());
        assert!(a == b, "{name} differs");
    }
    // A finished tier is kept; an unknown name is refused.
    assert!(build_tier(&rings, 2, &single, &options, &Silent).unwrap().reused);
    // A finished file damaged since is refused, not kept.
    let path = single.join("t2.ltb");
    let mut damaged = std::fs::read(&path).unwrap();
    let last_payload = damaged.len() - 5;
    damaged[last_payload] ^= 0x40;
    std::fs::write(&path, &damaged).unwrap();
    let e = build_tier(&rings, 2, &single, &options, &Silent).unwrap_err();
    assert!(matches!(e, TablebaseError::Checksum { .. }), "{e}");
    let e = tier_named(&rings, "u2", 1).unwrap_err();
    assert!(matches!(&e, TablebaseError::UnknownTier { name, .. } if name == "u2"), "{e}");
    assert_eq!(e.to_string(), "no tier \"u2\" in ring-7 (a tier is named like t1)");
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&single);
}

/// Sets the DTM stored at `index` of the tier file at `path` to `dtm`, as
/// a build would have written it (the file's checksum and the folder's
/// manifest fixed), so that only a check of the values can tell.
fn rewrite_dtm(dir: &std::path::Path, tier: &str, index: u64, dtm: u8) {
    let path = dir.join(TierFile::file_name(tier));
    let (header, len) = TierFile::read_header_of_any(&path).unwrap();
    assert_eq!(header.dtm_width, 1, "a 1-byte DTM section");
    let mut bytes = std::fs::read(&path).unwrap();
    let n = header.entries;
    let dtm_start = len - n - 4;
    bytes[(dtm_start + index) as usize] = dtm;
    fix_checksum(dir, tier, &mut bytes);
}

/// Sets the WDL code (0 unused, 1 win, 2 loss, 3 draw) at `index` of the
/// tier file of `tier`, as [`rewrite_dtm`] does.
fn rewrite_wdl(dir: &std::path::Path, tier: &str, index: u64, code: u8) {
    let path = dir.join(TierFile::file_name(tier));
    let (header, len) = TierFile::read_header_of_any(&path).unwrap();
    let n = header.entries;
    let wdl_start = len - 4 - n * u64::from(header.dtm_width) - n.div_ceil(4);
    let mut bytes = std::fs::read(&path).unwrap();
    let at = (wdl_start + index / 4) as usize;
    let shift = 2 * (index % 4);
    bytes[at] = bytes[at] & !(3 << shift) | code << shift;
    fix_checksum(dir, tier, &mut bytes);
}

/// Writes `bytes` as the file of `tier` with its trailing checksum and
/// the manifest's entry fixed.
fn fix_checksum(dir: &std::path::Path, tier: &str, bytes: &mut [u8]) {
    let body = bytes.len() - 4;
    let crc = crc32fast::hash(&bytes[..body]);
    bytes[body..].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(dir.join(TierFile::file_name(tier)), &bytes).unwrap();
    let mut manifest = Manifest::read(dir).unwrap().expect("a manifest");
    for e in &mut manifest.tiers {
        if e.tier == tier {
            e.crc32 = crc;
        }
    }
    manifest.write(dir).unwrap();
}

#[test]
fn verify_rederives_every_value_and_finds_one_changed_on_purpose() {
    let rings = Rings { len: 7, name: "ring" };
    let dir = temp_dir("verify");
    build(&rings, &[3], &dir, &BuildOptions::default(), &Silent).unwrap();
    let clean = verify_folder(&rings, &dir, None, 1, &Silent).unwrap();
    // Every tier has 9 indices (equal sizes: file-name order), 8 of them
    // with a position (points 0..=3, two sides), one slack.
    let seen: Vec<(&str, u64, u64, u64)> =
        clean.iter().map(|t| (t.tier.as_str(), t.entries, t.positions, t.mismatch_count)).collect();
    assert_eq!(seen, [("t1", 9, 8, 0), ("t2", 9, 8, 0), ("t3", 9, 8, 0)]);
    assert_eq!(clean.iter().map(|t| t.entries).sum::<u64>(), (1..=3).map(|t| rings.size(t)).sum::<u64>());
    assert!(clean.iter().all(|t| t.is_clean() && t.mismatches.is_empty()));
    let only = verify_folder(&rings, &dir, Some(2), 0, &Silent).unwrap();
    assert_eq!(only.len(), 1);
    assert_eq!((only[0].tier.as_str(), only[0].positions), ("t2", 8));

    // One token on point 2, first side to move (index 4): take it, a win
    // in 1; stored as a win in 3 instead.
    let pos = Ring { len: 7, tokens: 1, at: 2, second: false };
    assert_eq!(rings.index(&pos), 4);
    assert_eq!(Tablebases::open(&rings, &dir).unwrap().probe(&pos), Some(Value::Win(1)));
    rewrite_dtm(&dir, "t1", 4, 3);
    // The checksum and the manifest agree: only the verification tells.
    TablebaseFolder::open(&dir).unwrap().verify().unwrap();
    let found = verify_folder(&rings, &dir, None, 1, &Silent).unwrap();
    let t1 = &found[0];
    assert_eq!(t1.tier, "t1");
    // In index order: the position on point 1, second side to move, whose
    // every step reaches a won position, now derives a loss in 4 from it
    // where a loss in 2 is stored; then the entry itself. (Point 3 steps
    // onto it too, but its other step holds a draw.)
    let listed: Vec<(u64, Option<Value>, Option<Value>)> =
        t1.mismatches.iter().map(|m| (m.index, m.stored, m.derived)).collect();
    assert_eq!(
        listed,
        [(3, Some(Value::Loss(2)), Some(Value::Loss(4))), (4, Some(Value::Win(3)), Some(Value::Win(1))),]
    );
    assert_eq!(
        t1.mismatches[1],
        Mismatch {
            index: 4,
            position: Some(pos.to_string()),
            stored: Some(Value::Win(3)),
            derived: Some(Value::Win(1))
        }
    );
    assert_eq!(t1.mismatch_count, 2);
    assert!(!t1.counts_agree, "the header's longest DTM is 2, the entries now hold 3");
    assert!(found[1..].iter().all(TierVerification::is_clean), "takes into it from t2 still draw");

    // The slack index of t2 (8: no position) given a draw, behind a fixed
    // checksum: named, with no position and nothing derived.
    rewrite_wdl(&dir, "t2", 8, 3);
    let found = verify_folder(&rings, &dir, Some(2), 1, &Silent).unwrap();
    assert_eq!(
        found[0].mismatches,
        [Mismatch { index: 8, position: None, stored: Some(Value::Draw), derived: None }]
    );
    assert!(!found[0].counts_agree, "the header counts 1 unused index, the entries none");

    // A draw (index 0 of t2) with a DTM, which the format has 0 for draws
    // and unused entries, behind a fixed checksum: the file is corrupt.
    rewrite_dtm(&dir, "t2", 0, 5);
    let err = verify_folder(&rings, &dir, Some(2), 1, &Silent).unwrap_err();
    assert!(matches!(err, TablebaseError::Corrupt { .. }), "{err}");
    assert!(err.to_string().contains("entry 0 is a draw with a DTM of 5 plies"), "{err}");

    // A file that fails its checksum is refused before any value is read.
    let path = dir.join(TierFile::file_name("t3"));
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 5;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let err = verify_folder(&rings, &dir, None, 1, &Silent).unwrap_err();
    assert!(matches!(err, TablebaseError::Checksum { part: "file", .. }), "{err}");
    assert!(err.to_string().contains("corrupted: the file checksum is"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
