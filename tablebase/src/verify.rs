//! Verification of a finished folder: every stored value re-derived one ply
//! deep from the stored values of its successors (Malom's check).

use super::build::{thread_pool, BuildOptions, Progress};
use super::error::TablebaseError;
use super::file::TierFile;
use super::folder::TablebaseFolder;
use super::probe::Tablebases;
use super::solver::{count_entry, merge_counts, terminal_value};
use super::table::{TierCounts, TierTable};
use super::TierSpace;
use lapilli_game::{Game, Value};
use rayon::prelude::*;
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

/// The most mismatches a [`TierVerification`] lists (all are counted).
pub const MISMATCHES_KEPT: usize = 20;
/// Indices handled per parallel task.
const CHUNK: usize = 1 << 14;

/// One index whose stored entry is not the one its successors give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The index in its tier.
    pub index: u64,
    /// The canonical position at the index, in position text (`None` for
    /// a slack index or an impossible position).
    pub position: Option<String>,
    /// The value stored (`None`: stored as unused).
    pub stored: Option<Value>,
    /// The value the successors give (`None`: the index has no position,
    /// so it must be stored as unused; or a successor's entry is unused,
    /// so no value can be derived).
    pub derived: Option<Value>,
}

/// What [`verify_tier`] found in one tier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierVerification {
    /// The tier's name.
    pub tier: String,
    /// Indices checked: every index of the tier (slack included).
    pub entries: u64,
    /// Of those, the indices with a position, whose values were
    /// re-derived (the others must be stored as unused).
    pub positions: u64,
    /// Indices whose stored entry differs from the derived one.
    pub mismatch_count: u64,
    /// The first of them in index order, at most [`MISMATCHES_KEPT`].
    pub mismatches: Vec<Mismatch>,
    /// Whether the counts of the file's header (orbits and positions by
    /// value, unused indices, the longest DTM and its example) are those
    /// of its entries.
    pub counts_agree: bool,
    /// Wall time, milliseconds.
    pub millis: u64,
}

impl TierVerification {
    /// Whether the tier verified clean: no mismatch, and its header's
    /// counts agree with its entries.
    pub fn is_clean(&self) -> bool {
        self.mismatch_count == 0 && self.counts_agree
    }
}

/// The value the tier solver ([`crate::solve_tier`]) must have stored for
/// `pos` of `tier`, from the stored values of its successors: the outcome
/// of a finished position; otherwise the best, for the side to move, of
/// its successors' values one ply further from the end
/// ([`Value::before_ply`], negated only when the side to move changes, so
/// a removal owed after a mill keeps it): the fastest win (a successor
/// lost in `d` for the opponent, or won in `d` for the same side, makes a
/// win in `d + 1`), else a draw, else the slowest loss. `Ok(None)` when a
/// successor's entry is stored as unused.
fn derive<S: TierSpace>(
    space: &S,
    tables: &Tablebases<&S>,
    own: &TierTable,
    tier: S::Tier,
    pos: &S::Game,
) -> Result<Option<Value>, TablebaseError> {
    if let Some(outcome) = pos.outcome() {
        return Ok(Some(terminal_value(outcome)));
    }
    let mut best: Option<Value> = None;
    for (_, child, changed) in pos.successors() {
        let value = if let Some(outcome) = child.outcome() {
            Some(terminal_value(outcome))
        } else {
            match space.tier_of(&child) {
                Some(t) if t == tier => own.get(space.index(&child)),
                Some(t) if tables.has_tier(t) => tables.table(t)?.get(space.index(&child)),
                _ => {
                    return Err(TablebaseError::MissingDependency {
                        tier: space.tier_name(tier),
                        position: format!("{child} (after {pos})"),
                    })
                }
            }
        };
        let Some(value) = value else { return Ok(None) };
        let value = value.before_ply(changed);
        best = Some(best.map_or(value, |b| b.max(value)));
    }
    Ok(best)
}

/// Verifies the file of `tier` in `dir` one ply deep: for every index, the
/// entry stored is compared with the one derived from the stored values
/// of its successors (children in the tier from the same file, children
/// in other tiers from the files of [`TierSpace::dependencies`], finished
/// positions by their outcome), as the tier solver computes it (WDL and
/// DTM in plies: the fastest win, else a draw, else the slowest loss); an
/// index without a position must be stored as unused, and the header's
/// counts must be those of the entries. Reads the tier's file and its
/// dependencies' (their checksums checked), 2 bytes per index of each in
/// memory; parallel with rayon over ranges of indices; `progress` advances
/// by indices.
///
/// Since the solver's values are the unique fixpoint of these one-ply
/// rules among values whose wins and losses are counted from the finished
/// positions, a folder that verifies clean holds the values a solve gives.
///
/// # Errors
/// [`TablebaseError::MissingTier`] for a file not in `dir`, the errors of
/// [`TierFile::read`] (a checksum that fails is
/// [`TablebaseError::Checksum`]), [`TablebaseError::MissingDependency`]
/// for a successor in a tier the dependencies do not cover,
/// [`TablebaseError::Cancelled`] when [`Progress::cancelled`] says to stop.
pub fn verify_tier<S: TierSpace>(
    space: &S,
    tier: S::Tier,
    dir: &Path,
    progress: &dyn Progress,
) -> Result<TierVerification, TablebaseError> {
    let started = Instant::now();
    let name = space.tier_name(tier);
    let mut needed = vec![tier];
    needed.extend(space.dependencies(tier));
    let tables = Tablebases::open_tiers(space, dir, &needed)?;
    let own = tables.table(tier)?;
    let header = tables.tiers().find(|&(t, _)| t == tier).map(|(_, h)| h.clone()).expect("opened above");
    progress.start_tier(&name, own.len());
    let failure: Mutex<Option<TablebaseError>> = Mutex::new(None);
    let n = own.len() as usize;
    let starts: Vec<usize> = (0..n).step_by(CHUNK).collect();
    let found = starts
        .par_iter()
        .map(|&start| {
            let mut part = Part::default();
            if progress.cancelled() {
                return part;
            }
            let end = (start + CHUNK).min(n);
            for i in start..end {
                let index = i as u64;
                let stored = own.get(index);
                let pos = space.position(tier, index);
                let derived = match &pos {
                    None => None,
                    Some(p) => {
                        part.positions += 1;
                        match derive(space, &tables, own, tier, p) {
                            Ok(v) => v,
                            Err(e) => {
                                failure.lock().expect("no panics while held").get_or_insert(e);
                                return part;
                            }
                        }
                    }
                };
                part.count(index, stored, pos.as_ref().map(|p| space.positions_at(p)));
                if stored != derived || (pos.is_some() && derived.is_none()) {
                    part.mismatch_count += 1;
                    if part.mismatches.len() < MISMATCHES_KEPT {
                        let position = pos.as_ref().map(|p| p.to_string());
                        part.mismatches.push(Mismatch { index, position, stored, derived });
                    }
                }
            }
            progress.advance((end - start) as u64);
            part
        })
        .reduce(Part::default, Part::merge);
    if let Some(e) = failure.into_inner().expect("no panics while held") {
        return Err(e);
    }
    if progress.cancelled() {
        return Err(TablebaseError::Cancelled { tier: name });
    }
    let counts_agree = found.counts == header.counts;
    Ok(TierVerification {
        tier: name,
        entries: own.len(),
        positions: found.positions,
        mismatch_count: found.mismatch_count,
        mismatches: found.mismatches,
        counts_agree,
        millis: started.elapsed().as_millis() as u64,
    })
}

/// What a range of indices gave, in index order.
#[derive(Default)]
struct Part {
    positions: u64,
    mismatch_count: u64,
    mismatches: Vec<Mismatch>,
    counts: TierCounts,
}

impl Part {
    /// Counts the entry `stored` at `index` as the solver's last pass does
    /// (`orbit`: its position's orbit size, if it has a position).
    fn count(&mut self, index: u64, stored: Option<Value>, orbit: Option<u64>) {
        count_entry(&mut self.counts, index, stored, orbit.unwrap_or(0));
    }

    /// `self`, then `later` (the indices after).
    fn merge(mut self, later: Part) -> Part {
        self.positions += later.positions;
        self.mismatch_count += later.mismatch_count;
        let room = MISMATCHES_KEPT.saturating_sub(self.mismatches.len());
        self.mismatches.extend(later.mismatches.into_iter().take(room));
        self.counts = merge_counts(self.counts, later.counts);
        self
    }
}

/// Verifies every tier file of `dir` ([`verify_tier`]), or only `only`,
/// largest tier first (the file-name order among equals). The folder is
/// checked first as [`Tablebases::open`] does (every file of the space and
/// listed in its manifest, every dependency there) and, when every tier
/// is verified, every file read in full for its checksum
/// ([`TablebaseFolder::verify`]), so a damaged file is refused before any
/// value is looked at.
///
/// # Errors
/// Those of [`TablebaseFolder::open`], [`Tablebases::from_folder`] and
/// [`TablebaseFolder::verify`] ([`TablebaseError::Checksum`] for a
/// damaged file); [`TablebaseError::MissingTier`] when `only` has no file
/// in `dir`; [`TablebaseError::Threads`] when the `threads` worker threads
/// (0: one per core) cannot be started; those of [`verify_tier`].
pub fn verify_folder<S: TierSpace>(
    space: &S,
    dir: &Path,
    only: Option<S::Tier>,
    threads: usize,
    progress: &dyn Progress,
) -> Result<Vec<TierVerification>, TablebaseError> {
    let folder = TablebaseFolder::open(dir)?;
    let tables = Tablebases::from_folder(space, &folder)?;
    let mut tiers: Vec<(S::Tier, u64)> = tables.tiers().map(|(t, h)| (t, h.entries)).collect();
    match only {
        Some(t) => {
            if !tables.has_tier(t) {
                return Err(TablebaseError::MissingTier { dir: dir.to_path_buf(), tier: space.tier_name(t) });
            }
            tiers.retain(|&(x, _)| x == t);
        }
        None => folder.verify()?,
    }
    drop(tables);
    tiers.sort_by(|a, b| {
        b.1.cmp(&a.1).then_with(|| {
            TierFile::file_name(&space.tier_name(a.0)).cmp(&TierFile::file_name(&space.tier_name(b.0)))
        })
    });
    let pool = thread_pool(&BuildOptions { threads, ..BuildOptions::default() })?;
    pool.install(|| tiers.into_iter().map(|(t, _)| verify_tier(space, t, dir, progress)).collect())
}
