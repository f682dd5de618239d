//! Memory the system refuses: a tier whose tables do not fit an address
//! space limited by `ulimit -v` is an error naming the size asked for, not
//! an abort. The limited run is this test binary again, as a child started
//! through `sh -c 'ulimit -v ...; exec ...'`, with an environment variable
//! telling it to do the work.

use lapilli_game::doc_game::Nim;
use lapilli_game::Value;
use lapilli_tablebase::{solve_tier, Silent, TablebaseError, TierSpace};
use std::process::Command;

/// Set in the child that runs under the limit.
const CHILD: &str = "LAPILLI_TABLEBASE_UNDER_LIMIT";

/// One tier of almost 2^32 indices (8 GiB of value codes alone), no
/// position in it: only its size matters.
struct Huge;

/// The tier's indices: the most a table holds.
const SIZE: u64 = u32::MAX as u64 - 1;

impl TierSpace for Huge {
    type Game = Nim;
    type Tier = u8;
    fn variant_name(&self) -> String {
        "huge".into()
    }
    fn scheme(&self) -> String {
        "huge/1".into()
    }
    fn tier_name(&self, _tier: u8) -> String {
        "h".into()
    }
    fn parse_tier(&self, name: &str) -> Option<u8> {
        (name == "h").then_some(0)
    }
    fn tier_of(&self, _pos: &Nim) -> Option<u8> {
        Some(0)
    }
    fn size(&self, _tier: u8) -> u64 {
        SIZE
    }
    fn index(&self, _pos: &Nim) -> u64 {
        0
    }
    fn position(&self, _tier: u8, _index: u64) -> Option<Nim> {
        None
    }
    fn dependencies(&self, _tier: u8) -> Vec<u8> {
        Vec::new()
    }
    fn has_internal_plies(&self, _tier: u8) -> bool {
        false
    }
    fn predecessors(&self, _pos: &Nim, _out: &mut Vec<Nim>) {}
    fn orbit_len(&self, _pos: &Nim) -> u64 {
        1
    }
}

/// Runs the test `name` of this binary again under `ulimit -v` of `kib`
/// KiB, with [`CHILD`] set, and checks that it passed.
fn run_under_limit(name: &str, kib: u64) {
    let me = std::env::current_exe().unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib}; exec \"$0\" \"$@\""))
        .arg(me)
        .args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .expect("sh starts");
    assert!(
        out.status.success(),
        "the child under ulimit -v {kib} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
#[cfg(unix)]
fn a_tier_beyond_the_address_space_limit_is_an_error_naming_its_size() {
    if std::env::var_os(CHILD).is_none() {
        // 1 GiB: the test binary runs, the tier's 8 GiB of codes do not fit.
        return run_under_limit("a_tier_beyond_the_address_space_limit_is_an_error_naming_its_size", 1 << 20);
    }
    let outside = |_: &Nim| -> Option<Value> { None };
    let e = solve_tier(&Huge, 0, &outside, &Silent).unwrap_err();
    match &e {
        TablebaseError::OutOfMemory { what, bytes } => {
            assert_eq!((what.as_str(), *bytes), ("the value codes of tier h", 2 * SIZE), "{e}");
        }
        other => panic!("not OutOfMemory: {other}"),
    }
    assert_eq!(e.to_string(), "cannot allocate 8.0 GiB for the value codes of tier h: the system refused");
}
