//! The errors of tablebases: reading, writing, checking, building, probing.

use lapilli_game::alloc::{byte_size, AllocError};
use std::io;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// What went wrong with a tablebase: reading, writing, checking, building.
#[derive(Debug, Error)]
pub enum TablebaseError {
    /// The file system refused.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Not a tier file.
    #[error("{path}: not a lapilli tablebase file (its first bytes are not the magic \"LAPILTB\")")]
    BadMagic {
        /// The file.
        path: PathBuf,
    },
    /// A tier file of another format version.
    #[error("{path}: format version {found}; this build reads version {expected}")]
    Version {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        found: u16,
        /// The version this build reads.
        expected: u16,
    },
    /// A tier file of another game or variant, or indexed another way.
    #[error("{path}: a table of {found}, but {expected} was asked for")]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What the file holds: variant, scheme or tier.
        found: String,
        /// What was expected.
        expected: String,
    },
    /// The file is shorter than its header announces.
    #[error("{path}: truncated: {found} bytes where the header announces {expected}")]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Bytes found.
        found: u64,
        /// Bytes announced.
        expected: u64,
    },
    /// The checksum does not match: the file is corrupted.
    #[error("{path}: corrupted: the checksum is {found:#010x}, the contents give {computed:#010x}")]
    Checksum {
        /// The file.
        path: PathBuf,
        /// The checksum stored.
        found: u32,
        /// The checksum of the contents.
        computed: u32,
    },
    /// A header field or an entry out of range.
    #[error("{path}: corrupted: {what}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// A probe that needed a table which could not be loaded: the position
    /// probed, and the table's error as the source (the layering of
    /// shakmaty-syzygy's `ProbeFailed`).
    #[error("probing {position}: {source}")]
    ProbeFailed {
        /// The position probed, in its text.
        position: String,
        /// Why its table could not be loaded.
        #[source]
        source: Box<TablebaseError>,
    },
    /// A folder of tables was asked for and a file was given.
    #[error("{path}: a file, not a folder; give the folder that holds the tables (*.ltb files)")]
    NotAFolder {
        /// The file.
        path: PathBuf,
    },
    /// A folder of tables that does not exist.
    #[error("{path}: no such folder")]
    NoSuchFolder {
        /// The path given.
        path: PathBuf,
    },
    /// A tier the directory has no file for.
    #[error("{dir}: no table for tier {tier}")]
    MissingTier {
        /// The directory.
        dir: PathBuf,
        /// The tier.
        tier: String,
    },
    /// A ply leads out of the tier to a position no loaded table covers.
    #[error("tier {tier}: no table values {position}: a dependency is missing")]
    MissingDependency {
        /// The tier being solved.
        tier: String,
        /// The position no table covers.
        position: String,
    },
    /// A tier needs more memory than the budget allows.
    #[error(
        "tier {tier} needs about {:.1} MiB, over the budget of {:.1} MiB",
        *needed as f64 / 1048576.0,
        *budget as f64 / 1048576.0
    )]
    MemoryBudget {
        /// The tier.
        tier: String,
        /// Bytes it needs.
        needed: u64,
        /// Bytes allowed.
        budget: u64,
    },
    /// A tier too large for one table.
    #[error("tier {tier} has {size} indices, beyond the 2^32 a table holds")]
    TierTooLarge {
        /// The tier.
        tier: String,
        /// Its index size.
        size: u64,
    },
    /// The tiers' dependencies loop.
    #[error("the tier dependencies have a cycle through {tier}")]
    Cycle {
        /// A tier on the cycle.
        tier: String,
    },
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// The system refused the memory of a table (an address-space limit
    /// such as `ulimit -v`, a machine without the memory).
    #[error("cannot allocate {} for {what}: the system refused", byte_size(*bytes))]
    OutOfMemory {
        /// What the memory was for, e.g. "the value codes of tier w4b4".
        what: String,
        /// The size asked for, in bytes.
        bytes: u64,
    },
}

impl TablebaseError {
    pub(crate) fn io(path: &Path, source: io::Error) -> TablebaseError {
        TablebaseError::Io { path: path.to_path_buf(), source }
    }

    /// Maps a refused allocation to [`TablebaseError::OutOfMemory`] for
    /// `what` (made only on failure).
    pub(crate) fn memory(what: impl FnOnce() -> String) -> impl FnOnce(AllocError) -> TablebaseError {
        move |e| TablebaseError::OutOfMemory { what: what(), bytes: e.bytes }
    }
}
