//! Probing solved tiers: values, perfect plies, and the engine's hook.

use super::error::TablebaseError;
use super::file::TierFile;
use super::folder::TablebaseFolder;
use super::solver::terminal_value;
use super::table::TierTable;
use super::TierSpace;
use lapilli_game::Game;
use lapilli_game::Value;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// One tier of a set: its header and, once loaded, its table.
struct Slot {
    path: Option<PathBuf>,
    header: TierFile,
    /// The table, or the error of its load (remembered as text), once
    /// loaded; a load the system refused memory for is not remembered.
    table: OnceLock<Result<Arc<TierTable>, String>>,
    /// Held while the table is read, so that it is read once at a time.
    loading: Mutex<()>,
}

/// A set of solved tiers of one game: read from a directory of tier files
/// (loaded lazily, each on its first probe) or held in memory. Answers the
/// value of every position of a covered tier, perfect plies and principal
/// variations.
pub struct Tablebases<S: TierSpace> {
    space: S,
    dir: Option<PathBuf>,
    tiers: BTreeMap<S::Tier, Slot>,
}

impl<S: TierSpace> fmt::Debug for Tablebases<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tablebases").field("dir", &self.dir).field("tiers", &self.tiers.len()).finish()
    }
}

impl<S: TierSpace> Tablebases<S> {
    /// The tier files in `dir` (`*.ltb`), their headers read and checked
    /// against `space` now, their tables when first probed: the folder
    /// listed once ([`TablebaseFolder::open`]), then
    /// [`Tablebases::from_folder`].
    ///
    /// # Errors
    /// Those of [`TablebaseFolder::open`] and [`Tablebases::from_folder`].
    pub fn open(space: S, dir: &Path) -> Result<Tablebases<S>, TablebaseError> {
        Tablebases::from_folder(space, &TablebaseFolder::open(dir)?)
    }

    /// As [`Tablebases::open`], and every file read in full once now for
    /// its checksum ([`TablebaseFolder::verify`]), so that a damaged file
    /// is refused when the set is opened rather than taken for a tier the
    /// set does not cover when first probed.
    ///
    /// # Errors
    /// Those of [`Tablebases::open`] and [`TablebaseFolder::verify`].
    pub fn open_verified(space: S, dir: &Path) -> Result<Tablebases<S>, TablebaseError> {
        Tablebases::from_verified_folder(space, &TablebaseFolder::open(dir)?)
    }

    /// [`Tablebases::from_folder`], then every file read in full once for
    /// its checksum ([`TablebaseFolder::verify`]).
    ///
    /// # Errors
    /// Those of [`Tablebases::from_folder`] and [`TablebaseFolder::verify`].
    pub fn from_verified_folder(space: S, folder: &TablebaseFolder) -> Result<Tablebases<S>, TablebaseError> {
        let tables = Tablebases::from_folder(space, folder)?;
        folder.verify()?;
        Ok(tables)
    }

    /// The tables of a folder already listed, each header checked against
    /// `space` ([`TablebaseFolder::tiers`]), loaded when first probed.
    ///
    /// # Errors
    /// Those of [`TablebaseFolder::tiers`] (a file of another variant or
    /// index scheme, a file not named `<tier>.ltb`);
    /// [`TablebaseError::MissingTier`] when a tier's dependency is not in
    /// the folder (its plies could not be valued).
    pub fn from_folder(space: S, folder: &TablebaseFolder) -> Result<Tablebases<S>, TablebaseError> {
        let dir = folder.dir();
        let mut tiers = BTreeMap::new();
        for (tier, file) in folder.tiers(&space)? {
            let slot = Slot {
                path: Some(file.path.clone()),
                header: file.header.clone(),
                table: OnceLock::new(),
                loading: Mutex::new(()),
            };
            tiers.insert(tier, slot);
        }
        for &tier in tiers.keys() {
            for dep in space.dependencies(tier) {
                if !tiers.contains_key(&dep) {
                    return Err(TablebaseError::MissingTier {
                        dir: dir.to_path_buf(),
                        tier: format!("{} (needed by tier {})", space.tier_name(dep), space.tier_name(tier)),
                    });
                }
            }
        }
        Ok(Tablebases { space, dir: Some(dir.to_path_buf()), tiers })
    }

    /// The tables of `tiers` read from `dir` now, checksums checked.
    ///
    /// # Errors
    /// [`TablebaseError::MissingTier`] for a tier without a file, and any
    /// error of [`TierFile::read`].
    pub fn open_tiers(space: S, dir: &Path, tiers: &[S::Tier]) -> Result<Tablebases<S>, TablebaseError> {
        let mut slots = BTreeMap::new();
        for &tier in tiers {
            let name = space.tier_name(tier);
            let path = dir.join(TierFile::file_name(&name));
            if !path.exists() {
                return Err(TablebaseError::MissingTier { dir: dir.to_path_buf(), tier: name });
            }
            let (header, table) = TierFile::read(&path, &space, Some(tier))?;
            let cell = OnceLock::new();
            let _ = cell.set(Ok(Arc::new(table)));
            slots.insert(tier, Slot { path: Some(path), header, table: cell, loading: Mutex::new(()) });
        }
        Ok(Tablebases { space, dir: Some(dir.to_path_buf()), tiers: slots })
    }

    /// A set of tables held in memory.
    pub fn from_tables(space: S, tables: Vec<(S::Tier, TierTable)>) -> Tablebases<S> {
        let tiers = tables
            .into_iter()
            .map(|(tier, table)| {
                let header = TierFile::describe(&space, tier, &table);
                let cell = OnceLock::new();
                let _ = cell.set(Ok(Arc::new(table)));
                (tier, Slot { path: None, header, table: cell, loading: Mutex::new(()) })
            })
            .collect();
        Tablebases { space, dir: None, tiers }
    }

    /// The tier space.
    pub fn space(&self) -> &S {
        &self.space
    }

    /// The directory the set was opened from, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The tiers of the set with their headers, in tier order.
    pub fn tiers(&self) -> impl Iterator<Item = (S::Tier, &TierFile)> + '_ {
        self.tiers.iter().map(|(&t, s)| (t, &s.header))
    }

    /// Whether the set has a table for `tier`.
    pub fn has_tier(&self, tier: S::Tier) -> bool {
        self.tiers.contains_key(&tier)
    }

    /// Whether the set has a table for `pos`'s tier (finished positions
    /// are always covered: their value is their outcome).
    pub fn covers(&self, pos: &S::Game) -> bool {
        pos.outcome().is_some() || self.space.tier_of(pos).is_some_and(|t| self.tiers.contains_key(&t))
    }

    /// The table of `tier`, loaded on first use.
    ///
    /// # Errors
    /// [`TablebaseError::MissingTier`] if the set has no such tier; any
    /// error of [`TierFile::read`] (as `Corrupt`, with its message, when
    /// the load failed before; [`TablebaseError::OutOfMemory`] is not
    /// remembered, so the next probe tries again).
    pub fn table(&self, tier: S::Tier) -> Result<&TierTable, TablebaseError> {
        let missing = || TablebaseError::MissingTier {
            dir: self.dir.clone().unwrap_or_default(),
            tier: self.space.tier_name(tier),
        };
        let slot = self.tiers.get(&tier).ok_or_else(missing)?;
        fn remembered<'t>(
            slot: &'t Slot,
            loaded: &'t Result<Arc<TierTable>, String>,
        ) -> Result<&'t TierTable, TablebaseError> {
            match loaded {
                Ok(table) => Ok(table),
                Err(what) => Err(TablebaseError::Corrupt {
                    path: slot.path.clone().unwrap_or_default(),
                    what: what.clone(),
                }),
            }
        }
        if let Some(loaded) = slot.table.get() {
            return remembered(slot, loaded);
        }
        let _reading = slot.loading.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(loaded) = slot.table.get() {
            return remembered(slot, loaded);
        }
        let path = slot.path.as_ref().expect("tables in memory are set at construction");
        match TierFile::read(path, &self.space, Some(tier)) {
            Ok((_, table)) => {
                let _ = slot.table.set(Ok(Arc::new(table)));
            }
            // Memory may be there at the next probe: not remembered.
            Err(e @ TablebaseError::OutOfMemory { .. }) => return Err(e),
            Err(e) => {
                let _ = slot.table.set(Err(e.to_string()));
                return Err(e);
            }
        }
        remembered(slot, slot.table.get().expect("set just now"))
    }

    /// The value of `pos` for its side to move (WDL and DTM in plies), or
    /// `None` when its tier is not in the set.
    ///
    /// # Errors
    /// [`TablebaseError::ProbeFailed`] when the tier's table cannot be
    /// loaded, with [`Tablebases::table`]'s error as its source.
    pub fn try_probe(&self, pos: &S::Game) -> Result<Option<Value>, TablebaseError> {
        if let Some(o) = pos.outcome() {
            return Ok(Some(terminal_value(o)));
        }
        let Some(tier) = self.space.tier_of(pos) else { return Ok(None) };
        if !self.tiers.contains_key(&tier) {
            return Ok(None);
        }
        let table = self
            .table(tier)
            .map_err(|e| TablebaseError::ProbeFailed { position: pos.to_string(), source: Box::new(e) })?;
        Ok(table.get(self.space.index(pos)))
    }

    /// [`Tablebases::try_probe`], with a table that cannot be loaded taken
    /// as not covered.
    pub fn probe(&self, pos: &S::Game) -> Option<Value> {
        self.try_probe(pos).ok().flatten()
    }

    /// Every legal ply of `pos` with the value it leads to, for the side to
    /// move in `pos`; `None` if a successor is not covered.
    pub fn move_values(&self, pos: &S::Game) -> Option<Vec<(<S::Game as Game>::Move, Value)>> {
        super::oracle::move_values(pos, |p| self.probe(p)).into_iter().map(|(m, v)| Some((m, v?))).collect()
    }

    /// The perfect ply of `pos`: the fastest win, else a drawing ply, else
    /// the slowest loss (the first in generation order among equals), with
    /// the value it keeps. `None` when the game is over or a successor is
    /// not covered.
    pub fn best_move(&self, pos: &S::Game) -> Option<(<S::Game as Game>::Move, Value)> {
        if pos.outcome().is_some() {
            return None;
        }
        let values = self.move_values(pos)?;
        let mut best: Option<(<S::Game as Game>::Move, Value)> = None;
        for (m, v) in values {
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
            }
        }
        best
    }

    /// Perfect play from `pos` for at most `max_plies` plies, until the
    /// game ends or a position is not covered.
    pub fn principal_variation(&self, pos: &S::Game, max_plies: usize) -> Vec<<S::Game as Game>::Move> {
        let mut line = Vec::new();
        let mut pos = pos.clone();
        while line.len() < max_plies {
            let Some((m, _)) = self.best_move(&pos) else { break };
            line.push(m);
            pos.play_unchecked(m);
        }
        line
    }
}

impl<S: TierSpace> TierSpace for &S {
    type Game = S::Game;
    type Tier = S::Tier;
    fn variant_name(&self) -> String {
        (**self).variant_name()
    }
    fn scheme(&self) -> String {
        (**self).scheme()
    }
    fn tier_name(&self, tier: S::Tier) -> String {
        (**self).tier_name(tier)
    }
    fn parse_tier(&self, name: &str) -> Option<S::Tier> {
        (**self).parse_tier(name)
    }
    fn tier_of(&self, pos: &S::Game) -> Option<S::Tier> {
        (**self).tier_of(pos)
    }
    fn size(&self, tier: S::Tier) -> u64 {
        (**self).size(tier)
    }
    fn index(&self, pos: &S::Game) -> u64 {
        (**self).index(pos)
    }
    fn position(&self, tier: S::Tier, index: u64) -> Option<S::Game> {
        (**self).position(tier, index)
    }
    fn dependencies(&self, tier: S::Tier) -> Vec<S::Tier> {
        (**self).dependencies(tier)
    }
    fn has_internal_plies(&self, tier: S::Tier) -> bool {
        (**self).has_internal_plies(tier)
    }
    fn predecessors(&self, pos: &S::Game, out: &mut Vec<S::Game>) {
        (**self).predecessors(pos, out)
    }
    fn orbit_len(&self, pos: &S::Game) -> u64 {
        (**self).orbit_len(pos)
    }
    fn colour_twin(&self, pos: &S::Game) -> Option<S::Game> {
        (**self).colour_twin(pos)
    }
    fn positions_at(&self, pos: &S::Game) -> u64 {
        (**self).positions_at(pos)
    }
    fn stored_as_twin(&self, pos: &S::Game) -> bool {
        (**self).stored_as_twin(pos)
    }
    fn stored_in(&self, name: &str) -> Option<S::Tier> {
        (**self).stored_in(name)
    }
}
