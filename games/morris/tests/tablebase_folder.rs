//! A folder of morris tables as builds leave it (issue 22, faults 4, 5
//! and 8, and stopping a build): the manifest a build writes last names a
//! missing, extra, replaced or foreign file; a foreign file is named, not
//! the healthy one beside it; a build holds the folder's lock (a second is
//! refused, or waits); a build asked to stop drops the tier in flight and
//! says which tiers are complete, leaving no temporary file and no
//! manifest.

use lapilli_morris::tablebase::MorrisTiers;
use lapilli_morris::{Rules, Variant};
use lapilli_tablebase::{
    build, BuildOptions, Manifest, ManifestState, Progress, Silent, TablebaseError, TablebaseFolder,
    Tablebases, TierReport, TierSpace, LOCK_FILE, MANIFEST_FILE,
};
use std::fs::File;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

mod temp;
use temp::TempDir;

fn nine() -> MorrisTiers {
    MorrisTiers::new(Rules::default()).unwrap()
}

fn six() -> MorrisTiers {
    MorrisTiers::new(Rules::new(Variant::SixMensMorris)).unwrap()
}

/// The tiers of `space` named.
fn tiers<S: TierSpace>(space: &S, names: &[&str]) -> Vec<S::Tier> {
    names.iter().map(|n| space.parse_tier(n).unwrap()).collect()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Six Men's Morris, 3 against 3: `w3b3` and its dependency `w3b3x`.
fn six_3(dir: &TempDir) {
    build(&six(), &six().movement_tiers(3), &dir.0, &BuildOptions::default(), &Silent).unwrap();
}

#[test]
fn the_manifest_lists_what_the_build_wrote_and_names_a_missing_top_tier() {
    let dir = TempDir::new("manifest");
    six_3(&dir);
    assert_eq!(names(&dir.0), [".lock", "manifest.txt", "w3b3.ltb", "w3b3x.ltb"]);
    let folder = TablebaseFolder::open(&dir.0).unwrap();
    let ManifestState::Present(m) = folder.manifest() else { panic!("no manifest: {:?}", folder.manifest()) };
    assert_eq!((m.variant.as_str(), m.scheme.as_str()), ("six-mens-morris", "morris-pair-index/2"));
    assert_eq!(m.tool, format!("lapilli-tablebase {}", env!("CARGO_PKG_VERSION")));
    let listed: Vec<(&str, &str, u64, u32)> =
        m.tiers.iter().map(|e| (e.tier.as_str(), e.file.as_str(), e.bytes, e.crc32)).collect();
    let files: Vec<(&str, &str, u64, u32)> = folder
        .files()
        .iter()
        .map(|f| (f.header.tier.as_str(), f.path.file_name().unwrap().to_str().unwrap(), f.len, f.crc32))
        .collect();
    assert_eq!(listed, files);
    Tablebases::open_verified(six(), &dir.0).unwrap();

    // Fault 4: the top tier deleted is named, tier and file, where it used
    // to leave a smaller folder that looked healthy.
    let top = dir.join("w3b3.ltb");
    let top_bytes = std::fs::read(&top).unwrap();
    std::fs::remove_file(&top).unwrap();
    let e = Tablebases::open_verified(six(), &dir.0).unwrap_err();
    assert!(
        matches!(&e, TablebaseError::ListedMissing { path, tier } if *path == top && tier == "w3b3"),
        "{e}"
    );
    assert!(e.to_string().contains("w3b3.ltb: missing"), "{e}");
    // A build mends it, and writes the manifest again.
    let reports = build(&six(), &six().movement_tiers(3), &dir.0, &BuildOptions::default(), &Silent).unwrap();
    assert_eq!(reports.iter().map(|r| r.reused).collect::<Vec<_>>(), [true, false]);
    assert_eq!(std::fs::read(&top).unwrap(), top_bytes);
    Tablebases::open_verified(six(), &dir.0).unwrap();

    // A file the manifest does not list: named as such.
    let small = TempDir::new("manifest-small");
    build(&six(), &tiers(&six(), &["w3b3x"]), &small.0, &BuildOptions::default(), &Silent).unwrap();
    std::fs::copy(&top, small.join("w3b3.ltb")).unwrap();
    let e = Tablebases::open_verified(six(), &small.0).unwrap_err();
    assert!(matches!(&e, TablebaseError::NotListed { path, .. } if *path == small.join("w3b3.ltb")), "{e}");

    // A file other than the one listed (another checksum): named.
    let mut m = Manifest::read(&dir.0).unwrap().unwrap();
    m.tiers[0].crc32 ^= 1;
    m.write(&dir.0).unwrap();
    let e = Tablebases::open_verified(six(), &dir.0).unwrap_err();
    assert!(
        matches!(&e, TablebaseError::NotAsListed { path, .. } if *path == dir.join(&m.tiers[0].file)),
        "{e}"
    );
    // A damaged manifest is refused, by name.
    let text = std::fs::read_to_string(dir.join(MANIFEST_FILE)).unwrap();
    std::fs::write(dir.join(MANIFEST_FILE), text.replace("w3b3x", "w3b3y")).unwrap();
    let e = Tablebases::open_verified(six(), &dir.0).unwrap_err();
    assert!(matches!(&e, TablebaseError::Corrupt { path, .. } if *path == dir.join(MANIFEST_FILE)), "{e}");

    // Without a manifest (an older build) the folder is read as it is.
    std::fs::remove_file(dir.join(MANIFEST_FILE)).unwrap();
    let folder = TablebaseFolder::open(&dir.0).unwrap();
    assert_eq!(folder.manifest(), &ManifestState::Missing);
    Tablebases::from_verified_folder(six(), &folder).unwrap();
}

#[test]
fn a_foreign_file_is_named_and_not_the_healthy_one_beside_it() {
    // A Nine Men's folder (its one tier without dependencies, w3b3x) with
    // a Six Men's file where the Nine Men's w3b3 should be.
    let dir = TempDir::new("foreign");
    build(&nine(), &tiers(&nine(), &["w3b3x"]), &dir.0, &BuildOptions::default(), &Silent).unwrap();
    let sixes = TempDir::new("foreign-six");
    six_3(&sixes);
    let stranger = dir.join("w3b3.ltb");
    std::fs::copy(sixes.join("w3b3.ltb"), &stranger).unwrap();
    let folder = TablebaseFolder::open(&dir.0).unwrap();
    // The manifest says the folder is Nine Men's, and the stranger is named.
    assert_eq!(folder.named_variant().unwrap(), Some("nine-mens-morris"));
    let e = folder.tiers(&nine()).unwrap_err();
    assert!(
        matches!(&e, TablebaseError::Foreign { path, found, .. } if *path == stranger && found == "six-mens-morris"),
        "{e}"
    );
    // Asked for Six Men's, the Nine Men's file is the one of the other
    // variant.
    let e = folder.tiers(&six()).unwrap_err();
    assert!(matches!(&e, TablebaseError::Mismatch { path, .. } if *path == dir.join("w3b3x.ltb")), "{e}");
    // A manifest of another variant than its files is named.
    std::fs::remove_file(&stranger).unwrap();
    let mut m = Manifest::read(&dir.0).unwrap().unwrap();
    m.variant = "six-mens-morris".into();
    m.write(&dir.0).unwrap();
    let folder = TablebaseFolder::open(&dir.0).unwrap();
    let e = folder.tiers(&nine()).unwrap_err();
    assert!(matches!(&e, TablebaseError::Mismatch { path, .. } if *path == dir.join(MANIFEST_FILE)), "{e}");
    m.variant = "nine-mens-morris".into();
    m.write(&dir.0).unwrap();
    std::fs::copy(sixes.join("w3b3.ltb"), &stranger).unwrap();

    // Without a manifest, one file against one: no file can be blamed by
    // the vote, and both are named.
    std::fs::remove_file(dir.join(MANIFEST_FILE)).unwrap();
    let folder = TablebaseFolder::open(&dir.0).unwrap();
    let e = folder.named_variant().unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, TablebaseError::VariantsDisagree { .. }), "{text}");
    assert!(
        text.contains("\"six-mens-morris\" (w3b3.ltb)") && text.contains("\"nine-mens-morris\" (w3b3x.ltb)"),
        "{text}"
    );
    // The variant asked for decides: the file of the other one is named.
    let e = folder.tiers(&nine()).unwrap_err();
    assert!(matches!(&e, TablebaseError::Mismatch { path, .. } if *path == stranger), "{e}");
    let e = folder.tiers(&six()).unwrap_err();
    assert!(matches!(&e, TablebaseError::Mismatch { path, .. } if *path == dir.join("w3b3x.ltb")), "{e}");
}

/// Records the lock waits; asks to stop once `stop_after` tiers are
/// finished or `stop_at_start` tiers have started.
#[derive(Default)]
struct Recorder {
    finished: AtomicUsize,
    started: AtomicUsize,
    waits: AtomicUsize,
    stop_after: Option<usize>,
    stop_at_start: Option<usize>,
    stop_waiting: bool,
}

impl Progress for Recorder {
    fn start_tier(&self, _tier: &str, _entries: u64) {
        self.started.fetch_add(1, Ordering::SeqCst);
    }
    fn finish_tier(&self, _report: &TierReport) {
        self.finished.fetch_add(1, Ordering::SeqCst);
    }
    fn cancelled(&self) -> bool {
        self.stop_after.is_some_and(|n| self.finished.load(Ordering::SeqCst) >= n)
            || self.stop_at_start.is_some_and(|n| self.started.load(Ordering::SeqCst) >= n)
            || (self.stop_waiting && self.waits.load(Ordering::SeqCst) > 0)
    }
    fn waiting_for_lock(&self, _dir: &Path) {
        self.waits.fetch_add(1, Ordering::SeqCst);
    }
}

/// The folder's lock, taken as another build would.
fn hold_lock(dir: &Path) -> File {
    std::fs::create_dir_all(dir).unwrap();
    let file = File::create(dir.join(LOCK_FILE)).unwrap();
    file.try_lock().unwrap();
    file
}

#[test]
fn a_second_build_is_refused_or_waits_for_the_first() {
    let dir = TempDir::new("lock");
    let held = hold_lock(&dir.0);
    let e = build(&six(), &six().movement_tiers(3), &dir.0, &BuildOptions::default(), &Silent).unwrap_err();
    assert!(matches!(&e, TablebaseError::Locked { dir: d } if *d == dir.0), "{e}");
    assert_eq!(e.to_string(), format!("another build is writing {}", dir.0.display()));
    assert_eq!(names(&dir.0), [".lock"], "nothing written");

    // Waiting: the build starts when the lock is released.
    let recorder = Recorder::default();
    std::thread::scope(|s| {
        let waiting = s.spawn(|| {
            let options = BuildOptions { wait: true, ..BuildOptions::default() };
            build(&six(), &six().movement_tiers(3), &dir.0, &options, &recorder)
        });
        std::thread::sleep(Duration::from_millis(400));
        assert!(!waiting.is_finished(), "the build waits for the lock");
        assert_eq!(recorder.started.load(Ordering::SeqCst), 0);
        drop(held);
        assert_eq!(waiting.join().unwrap().unwrap().len(), 2);
    });
    assert_eq!(recorder.waits.load(Ordering::SeqCst), 1, "said once that it waits");
    Tablebases::open_verified(six(), &dir.0).unwrap();

    // Asked to stop while it waits, a build stops.
    let held = hold_lock(&dir.0);
    let recorder = Recorder { stop_waiting: true, ..Recorder::default() };
    let options = BuildOptions { wait: true, rebuild: true, ..BuildOptions::default() };
    let e = build(&six(), &six().movement_tiers(3), &dir.0, &options, &recorder).unwrap_err();
    assert!(
        matches!(&e, TablebaseError::Interrupted { complete, total: 2, .. } if complete.is_empty()),
        "{e}"
    );
    drop(held);

    // Two builds at once into one new folder: one waits for the other, and
    // neither trips over the other's temporary files.
    let both = TempDir::new("lock-both");
    let options = BuildOptions { wait: true, ..BuildOptions::default() };
    std::thread::scope(|s| {
        let runs: Vec<_> = (0..2)
            .map(|_| s.spawn(|| build(&six(), &six().movement_tiers(3), &both.0, &options, &Silent)))
            .collect();
        for run in runs {
            run.join().unwrap().unwrap();
        }
    });
    assert_eq!(names(&both.0), [".lock", "manifest.txt", "w3b3.ltb", "w3b3x.ltb"]);
    Tablebases::open_verified(six(), &both.0).unwrap();
}

#[test]
fn a_build_asked_to_stop_keeps_the_tiers_complete_and_writes_no_manifest() {
    let space = six();
    let all = space.movement_tiers(3);
    // Between tiers: after the first.
    let dir = TempDir::new("stop-between");
    let stop = Recorder { stop_after: Some(1), ..Recorder::default() };
    let e = build(&space, &all, &dir.0, &BuildOptions::default(), &stop).unwrap_err();
    let TablebaseError::Interrupted { complete, total, .. } = &e else { panic!("{e}") };
    assert_eq!((complete.as_slice(), *total), (&["w3b3x".to_string()][..], 2));
    assert!(e.to_string().ends_with("interrupted after 1 of 2 tiers complete (w3b3x)"), "{e}");
    assert_eq!(names(&dir.0), [".lock", "w3b3x.ltb"]);

    // In the middle of the second tier: dropped, no temporary file left.
    let dir = TempDir::new("stop-within");
    let stop = Recorder { stop_at_start: Some(2), ..Recorder::default() };
    let e = build(&space, &all, &dir.0, &BuildOptions::default(), &stop).unwrap_err();
    assert!(matches!(&e, TablebaseError::Interrupted { complete, .. } if complete.len() == 1), "{e}");
    assert_eq!(stop.finished.load(Ordering::SeqCst), 1, "the tier in flight was not finished");
    assert_eq!(names(&dir.0), [".lock", "w3b3x.ltb"]);
    // What is complete is read as it is, the folder without a manifest.
    let folder = TablebaseFolder::open(&dir.0).unwrap();
    assert_eq!(folder.manifest(), &ManifestState::Missing);
    Tablebases::from_verified_folder(six(), &folder).unwrap();

    // The next build keeps the tier complete, clears what killed builds
    // left and writes the manifest.
    std::fs::write(dir.join(".w3b3.ltb.4242.0.tmp"), b"half a table").unwrap();
    std::fs::write(dir.join("w3b3.ltb.tmp"), b"an older build's").unwrap();
    let reports = build(&space, &all, &dir.0, &BuildOptions::default(), &Silent).unwrap();
    assert_eq!(reports.iter().map(|r| r.reused).collect::<Vec<_>>(), [true, false]);
    assert_eq!(names(&dir.0), [".lock", "manifest.txt", "w3b3.ltb", "w3b3x.ltb"]);
    assert!(matches!(TablebaseFolder::open(&dir.0).unwrap().manifest(), ManifestState::Present(_)));
}
