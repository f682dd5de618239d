//! `lapilli tablebase build|stats|probe`, the tables behind `--tablebase
//! DIR`, and the cache folder of solved games.

use crate::analyze::read_position;
use crate::error::{tablebase_error, CliError, Kind};
use crate::progress::BuildProgress;
use crate::report::{plies, value_text};
use crate::{Games, Result};
use lapilli_game::{CheckedGame, Game, Value};
use lapilli_registry as registry;
use lapilli_registry::{GameVisitor, MoveOf, TablebaseSupport, VariantDescriptor};
use lapilli_tablebase::{BuildOptions, Oracle, TablebaseFolder, TierReport};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The environment variable that names the cache folder of solved games.
pub const CACHE_ENV: &str = "LAPILLI_CACHE";

/// The cache folder of solved games' tables: `$LAPILLI_CACHE`, else
/// `$XDG_CACHE_HOME/lapilli`, else `$HOME/.cache/lapilli` (the first
/// variable set and not empty); `None` when none is.
pub fn cache_root() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    var(CACHE_ENV)
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("lapilli")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("lapilli")))
}

/// The folder a variant's solved tables are kept in: `given` (the
/// `--tablebase` folder), else the cache folder ([`cache_root`]) and in it
/// a folder named by the variant (its tables' variant name, e.g.
/// `six-mens-morris`, or the game's name for games solved in memory).
pub fn store_dir<V: VariantDescriptor>(v: &V, given: Option<&Path>) -> Option<PathBuf> {
    if let Some(dir) = given {
        return Some(dir.to_path_buf());
    }
    let name = v.tablebases().map_or_else(|| v.name().to_string(), |s| s.variant);
    cache_root().map(|root| root.join(name))
}

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

/// The process's peak resident memory in bytes (`VmHWM` of
/// `/proc/self/status`), where the system reports it (Linux).
pub fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.trim_start_matches("VmHWM:").trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

/// `a`, `a and b`, `a, b and c`: names listed in a sentence.
fn listed(names: &[&str]) -> String {
    match names {
        [] => "no game".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
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
    (support.open)(folder).map_err(tablebase_error)
}

/// Runs `command` on the game whose tables fill `folder`: the variant
/// name of the files' headers ([`TablebaseFolder::variant`]) is the
/// game's variant id (e.g. `six-mens-morris+flying`), read by the registry.
///
/// # Errors
/// Kind `tablebase` for a folder without tables or with tables of a
/// variant this program does not know; the command's errors.
pub fn on_folder<C: GameVisitor<Output = Result<()>>>(folder: &TablebaseFolder, command: C) -> Result<()> {
    let dir = folder.dir();
    let Some(variant) = folder.variant() else {
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
        if v.tablebases().map(|s| s.variant).as_deref() != Some(self.variant.as_str())
            || v.id() != self.variant
        {
            return Err((self.unknown)());
        }
        self.command.visit(v)
    }
}

/// `lapilli tablebase build` with its options.
pub struct Build<'o> {
    /// The most pieces a side has in the tables.
    pub max_pieces: u8,
    /// The folder the tables go to.
    pub dir: PathBuf,
    /// Worker threads, 0 for one per core.
    pub threads: usize,
    /// The memory budget in MiB.
    pub memory_mib: Option<u64>,
    /// Solve again tiers whose file exists.
    pub rebuild: bool,
    /// JSON output (and no progress bar).
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

/// One tier of `lapilli tablebase build --json`.
#[derive(Serialize, Debug)]
pub struct BuiltTierJson {
    /// The tier's name.
    pub tier: String,
    /// Indices of the tier (one per orbit, slack included).
    pub entries: u64,
    /// Positions valued: every member of every orbit.
    pub positions: u64,
    /// Orbits valued.
    pub classes: u64,
    /// Positions won for the side to move.
    pub win: u64,
    /// Positions lost for the side to move.
    pub loss: u64,
    /// Positions drawn.
    pub draw: u64,
    /// The longest DTM, plies.
    pub max_dtm: u32,
    /// Wall time, milliseconds (0 when the file was kept).
    pub millis: u64,
    /// The working set estimated for the memory budget, bytes.
    pub memory_bytes: u64,
    /// Positions solved per second (0 when the file was kept).
    pub positions_per_second: f64,
    /// Whether the tier's file was already there and kept.
    pub reused: bool,
}

impl From<&TierReport> for BuiltTierJson {
    fn from(r: &TierReport) -> BuiltTierJson {
        let c = &r.file.counts;
        BuiltTierJson {
            tier: r.tier.clone(),
            entries: r.file.entries,
            positions: c.positions(),
            classes: c.classes(),
            win: c.win,
            loss: c.loss,
            draw: c.draw,
            max_dtm: c.max_dtm,
            millis: r.millis,
            memory_bytes: r.memory,
            positions_per_second: r.positions_per_second().round(),
            reused: r.reused,
        }
    }
}

/// `lapilli tablebase build --json`.
#[derive(Serialize, Debug)]
pub struct BuildJson {
    /// The game's name.
    pub game: &'static str,
    /// The variant as the files name it.
    pub variant: String,
    /// The most pieces a side has.
    pub max_pieces: u8,
    /// The folder.
    pub dir: String,
    /// Each tier in build order (dependencies first).
    pub tiers: Vec<BuiltTierJson>,
    /// Tiers solved now.
    pub built: usize,
    /// Tiers whose files were kept.
    pub reused: usize,
    /// Positions of all tiers.
    pub positions: u64,
    /// Wall time of the whole build, milliseconds.
    pub millis: u64,
    /// The process's peak resident memory, bytes (null where the system
    /// does not report it).
    pub peak_memory_bytes: Option<u64>,
}

impl GameVisitor for Build<'_> {
    type Output = Result<()>;

    /// Builds the variant's endgame tables up to `max_pieces` a side into
    /// the folder and reports each tier.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let support = support(&v, "tablebase build")?;
        if !(support.min_pieces..=support.max_pieces).contains(&self.max_pieces) {
            return Err(CliError::new(
                Kind::Option,
                format!(
                    "--max-pieces {}: the endgame tables of {} go from {} to {} pieces a side",
                    self.max_pieces,
                    v.name(),
                    support.min_pieces,
                    support.max_pieces
                ),
            ));
        }
        let options = BuildOptions {
            threads: self.threads,
            memory: self.memory_mib.map(|m| m.saturating_mul(1 << 20)),
            rebuild: self.rebuild,
        };
        let progress = BuildProgress::new(self.json);
        let started = Instant::now();
        let reports =
            (support.build_endgames)(self.max_pieces, &self.dir, &options, &progress).map_err(|e| {
                let e = tablebase_error(e);
                if self.dir.is_dir() {
                    return e;
                }
                // The folder itself could not be made.
                CliError::new(e.kind, format!("--out: cannot create the folder: {}", e.message))
            })?;
        progress.finish();
        let millis = started.elapsed().as_millis() as u64;
        let tiers: Vec<BuiltTierJson> = reports.iter().map(BuiltTierJson::from).collect();
        let report = BuildJson {
            game: v.name(),
            variant: support.variant,
            max_pieces: self.max_pieces,
            dir: self.dir.display().to_string(),
            built: tiers.iter().filter(|t| !t.reused).count(),
            reused: tiers.iter().filter(|t| t.reused).count(),
            positions: tiers.iter().map(|t| t.positions).sum(),
            tiers,
            millis,
            peak_memory_bytes: peak_memory_bytes(),
        };
        let out = self.out;
        if self.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        writeln!(
            out,
            "{}: movement-phase tables up to {} pieces a side in {}",
            v.title(),
            report.max_pieces,
            report.dir
        )?;
        writeln!(
            out,
            "{:<10} {:>11} {:>12} {:>11} {:>12} {:>12} {:>12} {:>7} {:>9} {:>9} {:>12}",
            "tier",
            "entries",
            "positions",
            "classes",
            "win",
            "loss",
            "draw",
            "max DTM",
            "ms",
            "MiB",
            "positions/s"
        )?;
        for t in &report.tiers {
            let (ms, rate) = if t.reused {
                ("kept".to_string(), "-".to_string())
            } else {
                (t.millis.to_string(), t.positions_per_second.to_string())
            };
            writeln!(
                out,
                "{:<10} {:>11} {:>12} {:>11} {:>12} {:>12} {:>12} {:>7} {:>9} {:>9.1} {:>12}",
                t.tier,
                t.entries,
                t.positions,
                t.classes,
                t.win,
                t.loss,
                t.draw,
                t.max_dtm,
                ms,
                t.memory_bytes as f64 / f64::from(1 << 20),
                rate
            )?;
        }
        let peak = report
            .peak_memory_bytes
            .map_or("unknown".into(), |b| format!("{:.1} MiB", b as f64 / f64::from(1 << 20)));
        writeln!(
            out,
            "{} tiers ({} solved, {} kept), {} positions, {} ms, peak memory {peak}",
            report.tiers.len(),
            report.built,
            report.reused,
            report.positions,
            report.millis
        )?;
        Ok(())
    }
}

/// `lapilli tablebase stats` with its options.
pub struct Stats<'o> {
    /// The folder of tables, listed.
    pub folder: &'o TablebaseFolder,
    /// JSON output.
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

/// One tier of `lapilli tablebase stats --json`.
#[derive(Serialize, Debug)]
pub struct TierStatsJson {
    /// The tier's name.
    pub tier: String,
    /// Indices of the tier (one per orbit, slack included).
    pub entries: u64,
    /// Positions valued: every member of every orbit.
    pub positions: u64,
    /// Orbits valued.
    pub classes: u64,
    /// Positions won for the side to move.
    pub win: u64,
    /// Positions lost for the side to move.
    pub loss: u64,
    /// Positions drawn.
    pub draw: u64,
    /// The longest DTM, plies.
    pub max_dtm: u32,
    /// A position with that DTM, in position text (null when no position
    /// of the tier is decided).
    pub example: Option<String>,
}

/// The totals of `lapilli tablebase stats --json`.
#[derive(Serialize, Debug, Default)]
pub struct TotalsJson {
    /// Tiers.
    pub tiers: usize,
    /// Positions valued.
    pub positions: u64,
    /// Orbits valued.
    pub classes: u64,
    /// Won for the side to move.
    pub win: u64,
    /// Lost for the side to move.
    pub loss: u64,
    /// Drawn.
    pub draw: u64,
    /// The longest DTM of all tiers, plies.
    pub max_dtm: u32,
}

/// `lapilli tablebase stats --json`.
#[derive(Serialize, Debug)]
pub struct StatsJson {
    /// The game's name.
    pub game: &'static str,
    /// The variant as the files name it.
    pub variant: String,
    /// The folder.
    pub dir: String,
    /// Each tier, in tier order.
    pub tiers: Vec<TierStatsJson>,
    /// The sums.
    pub totals: TotalsJson,
}

impl GameVisitor for Stats<'_> {
    type Output = Result<()>;

    /// Opens the folder's tables (every file checked) and reports each
    /// tier's counts.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let support = support(&v, "tablebase stats")?;
        let tables = open_folder(&support, self.folder, "tablebase stats")?;
        let variant = support.variant;
        let tiers: Vec<TierStatsJson> = tables
            .summaries()
            .into_iter()
            .map(|s| TierStatsJson {
                positions: s.positions(),
                tier: s.tier,
                entries: s.entries,
                classes: s.classes,
                win: s.win,
                loss: s.loss,
                draw: s.draw,
                max_dtm: s.max_dtm,
                example: s.example,
            })
            .collect();
        let mut totals = TotalsJson { tiers: tiers.len(), ..TotalsJson::default() };
        for t in &tiers {
            totals.positions += t.positions;
            totals.classes += t.classes;
            totals.win += t.win;
            totals.loss += t.loss;
            totals.draw += t.draw;
            totals.max_dtm = totals.max_dtm.max(t.max_dtm);
        }
        let report = StatsJson {
            game: v.name(),
            variant,
            dir: self.folder.dir().display().to_string(),
            tiers,
            totals,
        };
        let out = self.out;
        if self.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        writeln!(out, "{}: {} tiers in {}", v.title(), report.totals.tiers, report.dir)?;
        writeln!(
            out,
            "{:<10} {:>12} {:>11} {:>12} {:>12} {:>12} {:>7}  example of the longest DTM",
            "tier", "positions", "classes", "win", "loss", "draw", "max DTM"
        )?;
        for t in &report.tiers {
            writeln!(
                out,
                "{:<10} {:>12} {:>11} {:>12} {:>12} {:>12} {:>7}  {}",
                t.tier,
                t.positions,
                t.classes,
                t.win,
                t.loss,
                t.draw,
                t.max_dtm,
                t.example.as_deref().unwrap_or("-")
            )?;
        }
        let s = &report.totals;
        writeln!(
            out,
            "{:<10} {:>12} {:>11} {:>12} {:>12} {:>12} {:>7}",
            "total", s.positions, s.classes, s.win, s.loss, s.draw, s.max_dtm
        )?;
        writeln!(out, "(positions count every member of every orbit; win/loss/draw for the side to move)")?;
        Ok(())
    }
}

/// A ply with the value it leads to, for the side that plays it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PlyValueJson {
    /// The ply in the game's notation.
    pub ply: String,
    /// `win`, `loss` or `draw` for the side playing it; null when the
    /// tables do not cover the position it leads to.
    pub value: Option<&'static str>,
    /// The DTM from the position the ply is played in, plies (null for a
    /// draw or when not covered).
    pub dtm: Option<u32>,
}

/// `lapilli tablebase probe --json`.
#[derive(Serialize, Debug)]
pub struct ProbeJson {
    /// The position's text.
    pub position: String,
    /// The side to move, by name.
    pub side_to_move: &'static str,
    /// `win`, `loss` or `draw` for the side to move.
    pub value: &'static str,
    /// Distance to mate, plies (null for a draw).
    pub dtm: Option<u32>,
    /// The perfect ply (fastest win, else a draw, else the slowest loss);
    /// null when the game is over or a successor is not covered.
    pub best_move: Option<String>,
    /// Every legal ply with its value, in generation order.
    pub moves: Vec<PlyValueJson>,
}

/// `lapilli tablebase probe` with its options.
pub struct Probe<'o> {
    /// The folder of tables, listed.
    pub folder: &'o TablebaseFolder,
    /// The position's text.
    pub position: String,
    /// JSON output.
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

impl GameVisitor for Probe<'_> {
    type Output = Result<()>;

    /// The position's value, DTM and perfect ply, and every ply's value.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let tables = open_folder(&support(&v, "tablebase probe")?, self.folder, "tablebase probe")?;
        let chooser = format!("the tables in {} are of", self.folder.dir().display());
        let pos = read_position(&v, &self.position, &chooser)?;
        let Some(value) = tables.probe(&pos) else {
            return Err(CliError::new(
                Kind::Tablebase,
                format!(
                    "{}: no table covers the position (its material is not among the folder's tiers)",
                    self.folder.dir().display()
                ),
            ));
        };
        let best: Option<MoveOf<V>> = tables.best_move(&pos).map(|(m, _)| m);
        let moves: Vec<PlyValueJson> = tables
            .move_values(&pos)
            .into_iter()
            .map(|(m, value)| PlyValueJson {
                ply: pos.move_text(m),
                value: value.map(Value::wdl),
                dtm: value.and_then(Value::plies),
            })
            .collect();
        let report = ProbeJson {
            position: pos.to_string(),
            side_to_move: v.side_name(pos.side_to_move()),
            value: value.wdl(),
            dtm: value.plies(),
            best_move: best.map(|m| pos.move_text(m)),
            moves,
        };
        let out = self.out;
        if self.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        writeln!(out, "{}position: {}", v.diagram(&pos, None), report.position)?;
        if pos.outcome().is_some() {
            writeln!(out, "game over: {}", v.result_text(&pos))?;
        }
        writeln!(out, "value for {} (to move): {}", report.side_to_move, value_text(value))?;
        match report.dtm {
            Some(n) => writeln!(out, "distance to mate (DTM): {}", plies(n))?,
            None => writeln!(out, "distance to mate (DTM): none (a draw with perfect play)")?,
        }
        writeln!(out, "best ply: {}", report.best_move.as_deref().unwrap_or("none"))?;
        if !report.moves.is_empty() {
            writeln!(
                out,
                "every ply by the value it gives {} (the mover), the DTM counted from this position:",
                report.side_to_move
            )?;
        }
        let mut by_value: BTreeMap<(u8, u32), Vec<&str>> = BTreeMap::new();
        for p in &report.moves {
            // Best first: the fastest wins, draws, the slowest losses, then
            // the plies the tables do not cover.
            let key = match (p.value, p.dtm) {
                (Some("win"), Some(d)) => (0, d),
                (Some("draw"), _) => (1, 0),
                (Some(_), Some(d)) => (2, u32::MAX - d),
                _ => (3, 0),
            };
            by_value.entry(key).or_default().push(&p.ply);
        }
        for ((rank, d), listed) in by_value {
            let what = match rank {
                0 => format!("win in {}", plies(d)),
                1 => "draw".to_string(),
                2 => format!("loss in {}", plies(u32::MAX - d)),
                _ => "not covered".to_string(),
            };
            writeln!(out, "  {what}: {}", listed.join(" "))?;
        }
        Ok(())
    }
}
