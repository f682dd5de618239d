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
    /// A tier file of this game and variant indexed under another scheme:
    /// written by another version of the project, which no reader of this
    /// one can use ([`crate::remove_stale`] clears such files; a build
    /// with [`crate::BuildOptions::rebuild`] does so first).
    #[error(
        "{path}: a table of index scheme {found:?}, written by another version; this one reads {expected:?}: \
         build the tables again (`tablebase build ... --rebuild` replaces them)"
    )]
    OtherScheme {
        /// The file, or the folder's manifest.
        path: PathBuf,
        /// The scheme the file names.
        found: String,
        /// The scheme this version writes and reads.
        expected: String,
    },
    /// A tier file of another game or variant, or of another tier.
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
    /// A checksum does not match: the file is corrupted. A tier file
    /// carries two, one of its header and one of the whole file.
    #[error(
        "{path}: corrupted: the {part} checksum is {found:#010x}, the {part}'s bytes give {computed:#010x}"
    )]
    Checksum {
        /// The file.
        path: PathBuf,
        /// What the checksum covers: `"header"` or `"file"`.
        part: &'static str,
        /// The checksum stored.
        found: u32,
        /// The checksum of the contents.
        computed: u32,
    },
    /// A sound tier file under another tier's file name (a copy, say):
    /// readers find a tier by its file name.
    #[error("{path}: holds tier {tier}, whose file must be named {expected}; rename or remove it")]
    Misnamed {
        /// The file.
        path: PathBuf,
        /// The tier its header names.
        tier: String,
        /// The file name of that tier.
        expected: String,
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
    /// A chunk that cannot be solved or read: a tier with plies inside it
    /// (solved whole, its positions depend on each other), a chunk number
    /// beyond the tier's chunks, or a chunk file of another chunking.
    #[error("tier {tier}, chunk {chunk}: {what}")]
    Chunk {
        /// The tier.
        tier: String,
        /// The chunk, `K/N` (the K-th of N).
        chunk: String,
        /// What is wrong.
        what: String,
    },
    /// The tiers' dependencies loop.
    #[error("the tier dependencies have a cycle through {tier}")]
    Cycle {
        /// A tier on the cycle.
        tier: String,
    },
    /// A tier file the folder's manifest lists is not there.
    #[error(
        "{path}: missing: the folder's manifest lists it for tier {tier} (deleted or moved since the build)"
    )]
    ListedMissing {
        /// The file the manifest names.
        path: PathBuf,
        /// Its tier.
        tier: String,
    },
    /// A tier file the folder's manifest does not list.
    #[error(
        "{path}: a table of {variant:?} (tier {tier}) that the folder's manifest does not list (copied in after \
         the build, or left by another)"
    )]
    NotListed {
        /// The file.
        path: PathBuf,
        /// The variant its header names.
        variant: String,
        /// The tier its header names.
        tier: String,
    },
    /// A tier file of another variant than the folder's manifest records.
    #[error("{path}: a table of {found:?}, in a folder whose manifest records tables of {expected:?}")]
    Foreign {
        /// The file.
        path: PathBuf,
        /// The variant its header names.
        found: String,
        /// The variant of the manifest.
        expected: String,
    },
    /// A tier file that is not the one the folder's manifest records (its
    /// length, checksum or tier differ).
    #[error("{path}: {what}")]
    NotAsListed {
        /// The file.
        path: PathBuf,
        /// What differs, and what the manifest records.
        what: String,
    },
    /// A folder without a manifest whose files are of several variants,
    /// as many of each: nothing says which one the folder is for.
    #[error("{dir}: its files are of {variants}, and no manifest says which the folder is for")]
    VariantsDisagree {
        /// The folder.
        dir: PathBuf,
        /// Each variant with its files, in words.
        variants: String,
    },
    /// Another build holds the folder's lock.
    #[error("another build is writing {dir}")]
    Locked {
        /// The folder.
        dir: PathBuf,
    },
    /// Another build holds the lock of this tier in the folder
    /// ([`crate::build_tier`]).
    #[error("another build is writing tier {tier} in {dir}")]
    TierLocked {
        /// The folder.
        dir: PathBuf,
        /// The tier.
        tier: String,
    },
    /// A tier name the space does not know.
    #[error("no tier {name:?} in {variant}{}", if hint.is_empty() { String::new() } else { format!(" ({hint})") })]
    UnknownTier {
        /// The name given.
        name: String,
        /// The variant asked of.
        variant: String,
        /// What names look like, e.g. a few of the variant's tiers.
        hint: String,
    },
    /// A tier built alone ([`crate::build_tier`]) whose dependencies'
    /// files are not in the folder yet.
    #[error(
        "{dir}: tier {tier} needs the files of the tiers it leads to, and {} missing: {}",
        if missing.len() == 1 { "this one is" } else { "these are" },
        missing.join(", ")
    )]
    MissingDependencies {
        /// The folder.
        dir: PathBuf,
        /// The tier asked for.
        tier: String,
        /// The file names missing (`<tier>.ltb`), in the order of the
        /// tier's dependencies.
        missing: Vec<String>,
    },
    /// A build stopped on request (a signal) before its last tier: the
    /// tiers complete are in the folder, and no manifest.
    #[error(
        "{dir}: the build was interrupted after {} of {total} tiers complete{}",
        complete.len(),
        if complete.is_empty() { String::new() } else { format!(" ({})", complete.join(", ")) }
    )]
    Interrupted {
        /// The folder.
        dir: PathBuf,
        /// The tiers whose files are complete, in build order.
        complete: Vec<String>,
        /// The tiers the build had to make or keep.
        total: usize,
    },
    /// The solver stopped on request, the tier unsolved
    /// ([`crate::Progress::cancelled`]).
    #[error("solving tier {tier} was stopped on request")]
    Cancelled {
        /// The tier.
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
