//! Tier files compared byte for byte, and changed on purpose for the
//! tests of `tablebase verify`.

use lapilli_tablebase::{Manifest, TierFile};
use std::path::Path;

/// Adds 2 to the DTM stored at the first index of `tier` that holds a win
/// in 3 plies or more, as a build would write it (the file's checksum and
/// the manifest's entry fixed, so that only the values can tell); returns
/// the index and the DTM it had.
pub fn lengthen_a_win(dir: &Path, tier: &str) -> (u64, u64) {
    let path = dir.join(TierFile::file_name(tier));
    let (header, len) = TierFile::read_header_of_any(&path).unwrap();
    assert_eq!(header.dtm_width, 1);
    let n = header.entries;
    let mut bytes = std::fs::read(&path).unwrap();
    let dtm_at = (len - n - 4) as usize;
    let wdl_at = dtm_at - n.div_ceil(4) as usize;
    let wdl = |b: &[u8], i: usize| (b[wdl_at + i / 4] >> (2 * (i % 4))) & 3;
    let index =
        (0..n as usize).find(|&i| wdl(&bytes, i) == 1 && bytes[dtm_at + i] >= 3).expect("a win in 3 or more");
    let dtm = bytes[dtm_at + index];
    bytes[dtm_at + index] = dtm + 2;
    let body = bytes.len() - 4;
    let crc = crc32fast::hash(&bytes[..body]);
    bytes[body..].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(&path, &bytes).unwrap();
    let mut manifest = Manifest::read(dir).unwrap().unwrap();
    manifest.tiers.iter_mut().filter(|e| e.tier == tier).for_each(|e| e.crc32 = crc);
    manifest.write(dir).unwrap();
    (index as u64, u64::from(dtm))
}

/// Asserts that `a` and `b` hold the same tier files and manifest, byte
/// for byte (lock and chunk files left out); returns the number of tier
/// files.
pub fn same_files(a: &Path, b: &Path) -> usize {
    let names = |dir: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".ltb") || n == "manifest.txt")
            .collect();
        names.sort();
        names
    };
    let (x, y) = (names(a), names(b));
    assert_eq!(x, y);
    for name in &x {
        assert!(
            std::fs::read(a.join(name)).unwrap() == std::fs::read(b.join(name)).unwrap(),
            "{name} differs"
        );
    }
    x.len() - 1
}
