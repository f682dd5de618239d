//! What gives exact values in a variant: its strong solution when solved
//! in memory, the tables of the `--tablebase` folder when they are of the
//! variant, or the solved tables `lapilli solve` kept in its cache folder.
//! Each variant's is found once and kept for every request (one entry per
//! variant id, never per visitor).

use crate::error::{ApiError, Kind};
use lapilli_game::{Evaluate, Game, History, Value};
use lapilli_registry::{store_dir, Solution, VariantDescriptor};
use lapilli_search::{Analysis, Engine, Limits};
use lapilli_tablebase::{Oracle, Probing, TablebaseFolder};
use std::any::Any;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The exact values of a variant's positions, where known.
pub enum Cover<G: Game> {
    /// The variant's strong solution, solved in memory.
    Solution(Solution<G>),
    /// Tier tables from a folder.
    Tables(Box<dyn Oracle<G>>),
    /// Nothing: the variant is neither solved nor covered by tables here.
    Nothing,
}

impl<G: Game> Cover<G> {
    /// The value of `pos` for its side to move, where covered.
    pub fn probe(&self, pos: &G) -> Option<Value> {
        match self {
            Cover::Solution(s) => s.value(pos),
            Cover::Tables(t) => t.probe(pos),
            Cover::Nothing => None,
        }
    }

    /// The perfect ply of `pos`, where covered.
    pub fn best_move(&self, pos: &G) -> Option<G::Move> {
        match self {
            Cover::Solution(s) => s.best_move(pos),
            Cover::Tables(t) => t.best_move(pos).map(|(m, _)| m),
            Cover::Nothing => None,
        }
    }

    /// Whether anything covers the variant.
    pub fn is_something(&self) -> bool {
        !matches!(self, Cover::Nothing)
    }

    /// The tier tables, for the engine to probe: those of the
    /// `--tablebase` folder or of the cache folder; `None` for a solution
    /// in memory and for nothing.
    pub fn tables(&self) -> Option<&dyn Oracle<G>> {
        match self {
            Cover::Tables(t) => Some(t.as_ref()),
            _ => None,
        }
    }

    /// `engine`'s search of `pos` after `history` within `limits`, with
    /// `eval`, probing the cover's tables where it has them
    /// ([`Cover::tables`], through [`Probing`], as `lapilli analyze
    /// --tablebase` does): a covered position below the root is scored by
    /// its exact value instead of being searched.
    pub fn search<E>(
        &self,
        engine: &mut Engine<G>,
        pos: &G,
        history: &History,
        limits: &Limits,
        eval: &E,
    ) -> Analysis<G::Move>
    where
        G: Send + Sync,
        G::Move: Send + Sync,
        E: Evaluate<G> + Clone + Sync,
    {
        match self.tables() {
            Some(tables) => engine.search(pos, history, limits, &Probing { eval: eval.clone(), tables }),
            None => engine.search(pos, history, limits, eval),
        }
    }
}

/// Every variant's [`Cover`], found on first use.
pub struct Covers {
    tablebase: Option<PathBuf>,
    found: Mutex<HashMap<String, Arc<dyn Any + Send + Sync>>>,
}

impl Covers {
    /// The covers of a server whose `--tablebase` folder is `tablebase`.
    pub fn new(tablebase: Option<PathBuf>) -> Covers {
        Covers { tablebase, found: Mutex::new(HashMap::new()) }
    }

    /// The cover of `v`, found on the first call for its id (a solve in
    /// memory takes milliseconds for the 3x3 games; tables are opened,
    /// not built). Call it off the async workers.
    ///
    /// # Errors
    /// Kind `tablebase` when the `--tablebase` folder holds tables of this
    /// variant that cannot be opened (cached tables that cannot be opened,
    /// such as an older version's, count as none: a solve builds them
    /// again).
    pub fn of<V: VariantDescriptor>(&self, v: &V) -> Result<Arc<Cover<V::Position>>, ApiError> {
        let id = v.id();
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(cover) = found.get(&id).and_then(|c| c.clone().downcast::<Cover<V::Position>>().ok()) {
            return Ok(cover);
        }
        let cover = Arc::new(self.find(v)?);
        found.insert(id, cover.clone());
        Ok(cover)
    }

    /// Keeps `cover` as `v`'s from now on (a solve just finished).
    pub fn set<V: VariantDescriptor>(&self, v: &V, cover: Cover<V::Position>) {
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        found.insert(v.id(), Arc::new(cover));
    }

    fn find<V: VariantDescriptor>(&self, v: &V) -> Result<Cover<V::Position>, ApiError> {
        if let Ok(solution) = v.solve() {
            return Ok(Cover::Solution(solution));
        }
        let Some(support) = v.tablebases() else { return Ok(Cover::Nothing) };
        if let Some(folder) = self.tablebase.as_deref().and_then(|dir| tables_of(v, dir)) {
            let tables = (support.open)(&folder).map_err(|e| {
                ApiError::new(Kind::Tablebase, format!("the tables in {}: {e}", folder.dir().display()))
            })?;
            return Ok(Cover::Tables(tables));
        }
        // The cache is the program's own: tables it cannot open (an older
        // version's index scheme) are as good as none, and a solve builds
        // them again.
        let cached = store_dir(v, None).and_then(|dir| tables_of(v, &dir));
        Ok(cached.and_then(|folder| (support.open)(&folder).ok()).map_or(Cover::Nothing, Cover::Tables))
    }
}

/// The folder `dir` listed, when it holds tables of `v` (its files'
/// headers name `v`'s id).
fn tables_of<V: VariantDescriptor>(v: &V, dir: &Path) -> Option<TablebaseFolder> {
    let folder = TablebaseFolder::open(dir).ok()?;
    (!folder.is_empty() && folder.variant() == Some(v.id().as_str())).then_some(folder)
}
