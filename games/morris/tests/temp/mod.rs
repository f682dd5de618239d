//! A folder under the system's temporary one, removed when dropped: for
//! the tests that write tables.

// Each test file uses its own subset of these helpers.
#![allow(dead_code)]

use std::path::PathBuf;

/// `lapilli-morris-<pid>-<name>` in the system's temporary folder, emptied
/// on creation (not created: a build creates it).
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("lapilli-morris-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        TempDir(dir)
    }

    /// The path of `name` in the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
