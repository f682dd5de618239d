//! `lapilli tablebase build|plan|stats|probe|verify`, the tables behind `--tablebase
//! DIR`, and the cache folder of solved games: this file holds the cache
//! folder and the one way a command opens a folder of tables; the
//! commands have a file each, their command line another.

use crate::analyze::read_position;
use crate::error::{tablebase_error, CliError, Kind};
use crate::progress::BuildProgress;
use crate::report::{plies, value_text};
use crate::{Games, Result};
use lapilli_game::{CheckedGame, Game, History, Value};
use lapilli_registry as registry;
use lapilli_registry::{GameVisitor, MoveOf, TablebaseSupport, VariantDescriptor};
use lapilli_search::{Analysis, Engine, Limits};
use lapilli_tablebase::{
    BuildOptions, ManifestState, Oracle, Probing, TablebaseFolder, TierReport, MANIFEST_FILE,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

mod build;
mod command;
mod covered;
// MPI as a transport of the tier scheduler (`--mpi`), behind the cargo
// feature `mpi`; without it, `--mpi` is refused with how to build it.
#[cfg(feature = "mpi")]
mod mpi;
#[cfg(not(feature = "mpi"))]
#[path = "no_mpi.rs"]
mod mpi;
mod plan;
mod probe;
mod stats;
mod tierlog;
mod verify;
mod workers;

pub use build::{Build, BuiltTierJson};
pub use command::TablebaseCommand;
pub use covered::covered_root;
pub use plan::Plan;
pub use probe::Probe;
pub use stats::Stats;
pub use tierlog::TierLog;
pub use verify::Verify;

pub use lapilli_registry::store_dir;

/// The line `solve` and `--ai perfect` print on standard error when they
/// start building a solved game's tables into `dir` (a folder given by
/// mistake costs a whole build): `None` for a variant without tier
/// tables or without a folder.
pub fn build_note<V: VariantDescriptor>(v: &V, dir: Option<&Path>) -> Option<String> {
    v.tablebases()?;
    Some(format!(
        "building the tables of {} into {} (kept there: later calls read them back)",
        v.title(),
        dir?.display()
    ))
}

pub use lapilli_game::alloc::peak_memory_bytes;

/// `a`, `a and b`, `a, b and c`: names listed in a sentence.
fn listed(names: &[&str]) -> String {
    match names {
        [] => "no game".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The help of `tablebase build --max-pieces`: the range of each game with
/// tables, from the registry.
pub fn max_pieces_help() -> String {
    struct Range;
    impl GameVisitor for Range {
        type Output = Option<(u8, u8)>;
        fn visit<V: VariantDescriptor>(self, v: V) -> Option<(u8, u8)> {
            v.tablebases().map(|s| (s.min_pieces, s.pieces))
        }
    }
    let ranges: Vec<String> = registry::game_names::<Games>()
        .into_iter()
        .filter_map(|g| {
            let (min, max) = registry::with_game::<Games, _>(g.name, &Default::default(), Range).ok()??;
            Some(format!("{min} to {max} for {}", g.name))
        })
        .collect();
    let ranges: Vec<&str> = ranges.iter().map(String::as_str).collect();
    format!(
        "The most pieces a side has: {} (another value is an error of kind `option`, as every value the \
         chosen game does not allow)",
        listed(&ranges)
    )
}

/// `--max-pieces n` refused (kind `option`) unless the endgame tables of
/// the variant `name` go that far: from `min` to `max` pieces a side.
fn check_max_pieces(n: Option<u8>, name: &str, min: u8, max: u8) -> Result<()> {
    match n {
        Some(n) if !(min..=max).contains(&n) => Err(CliError::new(
            Kind::Option,
            format!("--max-pieces {n}: the endgame tables of {name} go from {min} to {max} pieces a side"),
        )),
        _ => Ok(()),
    }
}

/// The variant's tablebase support, or an option error naming `what`
/// asked for it.
fn support<V: VariantDescriptor>(v: &V, what: &str) -> Result<TablebaseSupport<V::Position>> {
    v.tablebases().ok_or_else(|| {
        CliError::new(
            Kind::Option,
            format!(
                "{what}: {} has no tier tablebases; they exist for {}",
                v.name(),
                listed(&registry::games_with_tablebases::<Games>())
            ),
        )
    })
}

/// The tier files of `dir`, listed once with their headers.
///
/// # Errors
/// Kind `tablebase` when `dir` is no folder (a file, or nothing) or a
/// file's header is damaged, `io` when it cannot be read
/// ([`tablebase_error`]).
pub fn list_folder(dir: &Path) -> Result<TablebaseFolder> {
    TablebaseFolder::open(dir).map_err(tablebase_error)
}

/// The tables of `v` in `dir`, every file checked (the variant's `open`).
/// `what` names the option or command in messages.
///
/// # Errors
/// Kind `option` for a variant without tablebases; kind `tablebase` for a
/// folder that does not exist or holds no tables, and for a file of
/// another variant, truncated or corrupted ([`tablebase_error`]).
pub fn open_tables<V: VariantDescriptor>(
    v: &V,
    dir: &Path,
    what: &str,
) -> Result<Box<dyn Oracle<V::Position>>> {
    let support = support(v, what)?;
    open_folder(&support, &list_folder(dir)?, what)
}

/// The engine's search of a position and the history before it with the
/// variant's heuristic `eval`, probing `tables` inside the search if given
/// (a covered position scores its exact value and DTM): what `analyze
/// --tablebase` runs (`covered_first` false) and `uci --tablebase` plays
/// (`covered_first` true: where the tables cover the root and every ply
/// from it, the ply comes from them, [`covered_root`]).
pub fn search_with_tables<V: VariantDescriptor>(
    engine: &mut Engine<V::Position>,
    eval: V::Heuristic,
    tables: Option<&dyn Oracle<V::Position>>,
    (pos, history): (&V::Position, &History),
    limits: &Limits,
    covered_first: bool,
) -> Analysis<MoveOf<V>> {
    match tables {
        Some(tables) => {
            let covered = if covered_first {
                covered_root(engine, eval.clone(), tables, (pos, history), limits)
            } else {
                None
            };
            covered.unwrap_or_else(|| engine.search(pos, history, limits, &Probing { eval, tables }))
        }
        None => engine.search(pos, history, limits, &eval),
    }
}

/// The tables of a folder already listed, through the variant's `open`.
///
/// # Errors
/// As [`open_tables`].
fn open_folder<G: Game>(
    support: &TablebaseSupport<G>,
    folder: &TablebaseFolder,
    what: &str,
) -> Result<Box<dyn Oracle<G>>> {
    if folder.is_empty() {
        return Err(CliError::new(
            Kind::Tablebase,
            format!("{what}: {} holds no tablebase files (*.ltb)", folder.dir().display()),
        ));
    }
    let tables = (support.open)(folder).map_err(tablebase_error)?;
    if let Some(warning) = manifest_warning(folder) {
        eprintln!("warning: {warning}");
    }
    Ok(tables)
}

/// What to say of a folder without a manifest: its tables are read, but a
/// tier missing from it cannot be told. `None` for a folder with one.
pub fn manifest_warning(folder: &TablebaseFolder) -> Option<String> {
    matches!(folder.manifest(), ManifestState::Missing).then(|| {
        format!(
            "{} has no manifest ({MANIFEST_FILE}): its build did not finish (interrupted, or still under way) \
             or was made by an older lapilli, so a missing tier cannot be told; build it again to write one",
            folder.dir().display()
        )
    })
}

/// Runs `command` on the game whose tables fill `folder`: the variant
/// its manifest records, else the one its files' headers name
/// ([`TablebaseFolder::named_variant`]), is the game's variant id (e.g.
/// `six-mens-morris+flying`), read by the registry.
///
/// # Errors
/// Kind `tablebase` for a folder without tables, with tables of a
/// variant this program does not know, or without a manifest and with
/// as many files of one variant as of another; the command's errors.
pub fn on_folder<C: GameVisitor<Output = Result<()>>>(folder: &TablebaseFolder, command: C) -> Result<()> {
    let dir = folder.dir();
    let Some(variant) = folder.named_variant().map_err(tablebase_error)? else {
        return Err(CliError::new(
            Kind::Tablebase,
            format!("{} holds no tablebase files (*.ltb)", dir.display()),
        ));
    };
    let unknown = || {
        CliError::new(
            Kind::Tablebase,
            format!("{}: the tables are of {variant:?}, a variant this program does not know", dir.display()),
        )
    };
    let checked = OfVariant { variant: variant.to_string(), command, unknown: &unknown };
    registry::with_game_id::<Games, _>(variant, checked).map_err(|_| unknown())?
}

/// A command run only on the variant whose tables it reads.
struct OfVariant<'u, C> {
    variant: String,
    command: C,
    unknown: &'u dyn Fn() -> CliError,
}

impl<C: GameVisitor<Output = Result<()>>> GameVisitor for OfVariant<'_, C> {
    type Output = Result<()>;

    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        if v.tablebases().is_none() || v.id() != self.variant {
            return Err((self.unknown)());
        }
        self.command.visit(v)
    }
}
