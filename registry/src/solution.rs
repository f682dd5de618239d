//! What a variant reports of its board and of its strong solution, as plain
//! data, and perfect play from the solution.

use lapilli_game::Player;
use lapilli_game::Value;
use lapilli_game::{CheckedGame, Game, Indexed};
use lapilli_tablebase::{Counts, Solved};
use std::fmt;

/// The figures of a board, as plain data: filled by the game crate from its
/// board graph and symmetry group (search knows no board type).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardInfo {
    /// The board in words, e.g. "the wheel board (8 ring points 0-7 and the
    /// centre 8)".
    pub description: String,
    /// The names of the points by index; empty when points go by their
    /// index alone or the description explains the names.
    pub point_names: Vec<String>,
    /// Where each point is drawn, by index: `(x, y)` with x to the right
    /// and y upwards, in the units of the board's drawing (the coordinates
    /// `lapilli_board_graph`'s geometry builds the board from); empty when
    /// the game gives no drawing.
    pub coords: Vec<(i32, i32)>,
    /// Number of points.
    pub points: usize,
    /// Number of edges (pairs of points adjacent on a line).
    pub edges: usize,
    /// The lines, as point indices.
    pub lines: Vec<Vec<usize>>,
    /// Order of the symmetry group the game uses.
    pub automorphisms: usize,
    /// How that group was found, e.g. "found by search over relabellings
    /// that preserve the lines".
    pub group_origin: String,
    /// The point orbits under the group.
    pub orbits: Vec<Vec<usize>>,
}

/// What a strong solution says about a variant, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// The value of the start for its side to move (the first player).
    pub value: Value,
    /// Every position reachable from the start, by value for its side to
    /// move (finished games count as losses).
    pub reachable: Counts,
    /// The reachable positions of the moving phase (every piece placed), for
    /// games that begin by placing pieces.
    pub movement: Option<Counts>,
    /// Entries the tablebase stores: orbits when it was reduced by the
    /// symmetry group, positions otherwise.
    pub orbits: usize,
    /// Order of the symmetry group the solve used (1 when not reduced).
    pub automorphisms: usize,
    /// Perfect play from the start, each ply in the notation of the position
    /// it is played in, until the game ends or a position repeats.
    pub principal_variation: Vec<String>,
}

/// A solve as the front ends report it, the keys of `lapilli solve
/// --json` and of the web API's solve: the variant's name and rules in
/// words, the start's value and distance, the counts, the time taken and
/// the perfect line. Serialisable with the `serde` feature.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SolveSummary {
    /// The game's name.
    pub game: &'static str,
    /// The variant id ([`crate::VariantDescriptor::id`]), which
    /// `with_game_id` reads back to the variant, e.g. `six-mens-morris+flying`.
    pub variant_id: String,
    /// The variant in words.
    pub variant: String,
    /// `win`, `loss` or `draw` for the first player at the start.
    pub value: &'static str,
    /// Plies to the end with perfect play, `None` for a draw.
    pub plies: Option<u32>,
    /// Every position reachable from the start ([`SolveReport::reachable`]).
    pub reachable: Counts,
    /// The reachable positions of the movement phase, for games that
    /// place their pieces first.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub movement: Option<Counts>,
    /// Entries the solver stores.
    pub orbits: usize,
    /// The order of the symmetry group used.
    pub automorphisms: usize,
    /// Time of the solve (or of reading it back), in milliseconds.
    pub millis: f64,
    /// Perfect play from the start, until the game ends or repeats.
    pub principal_variation: Vec<String>,
}

impl SolveSummary {
    /// The summary of `report`, a solve of `v` that took `millis`
    /// milliseconds.
    pub fn of<V: crate::VariantDescriptor>(v: &V, report: &SolveReport, millis: f64) -> SolveSummary {
        SolveSummary {
            game: v.name(),
            variant_id: v.id(),
            variant: v.rules_text(),
            value: report.value.wdl(),
            plies: report.value.plies(),
            reachable: report.reachable,
            movement: report.movement,
            orbits: report.orbits,
            automorphisms: report.automorphisms,
            millis,
            principal_variation: report.principal_variation.clone(),
        }
    }
}

/// The plies a principal variation is cut at (a drawn line repeats long
/// before).
const PV_PLIES: usize = 200;

/// The perfect ply of a position, read from a tablebase.
type BestMove<G> = Box<dyn Fn(&G) -> Option<<G as Game>::Move> + Send + Sync>;
/// The value of a position, read from a tablebase.
type ValueOf<G> = Box<dyn Fn(&G) -> Option<Value> + Send + Sync>;

/// A solved variant: its [`SolveReport`] and perfect play
/// ([`Solution::best_move`], [`Solution::player`]). It owns its tablebase,
/// so a front end needs no `Indexed` bound to play from it.
pub struct Solution<G: Game> {
    report: SolveReport,
    best: BestMove<G>,
    value: ValueOf<G>,
}

impl<G: Game> fmt::Debug for Solution<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solution").field("report", &self.report).finish_non_exhaustive()
    }
}

impl<G: Game> Solution<G> {
    /// The solution read from `tablebase`, solved from `start`:
    /// `automorphisms` is the order of the group it was reduced by (1 if
    /// not), `moving` picks the positions of the moving phase for
    /// [`SolveReport::movement`] (`None` for games without a placing
    /// phase).
    ///
    /// # Panics
    /// If `start` is not in the tablebase (it was solved from elsewhere).
    pub fn new(
        tablebase: Solved<G>,
        start: &G,
        automorphisms: usize,
        moving: Option<fn(&G) -> bool>,
    ) -> Solution<G>
    where
        G: CheckedGame + Indexed + Send + Sync + 'static,
    {
        let mut pos = start.clone();
        let mut principal_variation = Vec::new();
        for m in tablebase.principal_variation(start, PV_PLIES) {
            principal_variation.push(pos.move_text(m));
            pos.play_unchecked(m);
        }
        let report = SolveReport {
            value: tablebase.probe(start).expect("the start is in its own tablebase"),
            reachable: tablebase.counts(|_| true),
            movement: moving.map(|f| tablebase.counts(f)),
            orbits: tablebase.len(),
            automorphisms: if tablebase.is_reduced() { automorphisms } else { 1 },
            principal_variation,
        };
        let tablebase = std::sync::Arc::new(tablebase);
        let probe = tablebase.clone();
        let best = Box::new(move |pos: &G| tablebase.best_move(pos).map(|(m, _)| m));
        Solution { report, best, value: Box::new(move |pos: &G| probe.probe(pos)) }
    }

    /// The solution read from tier tables ([`lapilli_tablebase`]) that cover
    /// every position reachable from `start`: the report counts the
    /// reachable positions ([`lapilli_tablebase::reachable`]), `moving` picks
    /// the positions of the moving phase, `automorphisms` is the order of
    /// the group the tables are reduced by. The principal variation stops
    /// when the game ends or a position repeats.
    ///
    /// Counting the reachable positions walks them all (seconds for Six
    /// Men's Morris), so for tables opened from a folder the report is
    /// kept there (`solution.txt`: `key value` lines tagged with a checksum
    /// of the tier headers, so rebuilt tables are counted again, and ending
    /// with a CRC-32 of the lines before, so an edited or damaged summary
    /// is counted again too) and read back next time.
    ///
    /// # Errors
    /// Those of [`lapilli_tablebase::reachable`] while counting: a table
    /// that cannot be loaded, memory the system refused.
    pub fn from_tablebases<S>(
        tables: lapilli_tablebase::Tablebases<S>,
        start: &G,
        automorphisms: usize,
        moving: Option<fn(&G) -> bool>,
    ) -> Result<Solution<G>, lapilli_tablebase::TablebaseError>
    where
        S: lapilli_tablebase::TierSpace<Game = G> + Send + 'static,
        G: CheckedGame + Send + Sync + 'static,
    {
        let fingerprint = summary_fingerprint(&tables, start);
        let cache = tables.dir().map(|d| d.join("solution.txt"));
        let cached = cache.as_ref().and_then(|path| read_summary(path, fingerprint, automorphisms));
        let count = || -> Result<SolveReport, lapilli_tablebase::TablebaseError> {
            let reach = lapilli_tablebase::reachable(&tables, start, |p| moving.is_some_and(|f| f(p)))?;
            let mut pos = start.clone();
            let mut principal_variation = Vec::new();
            let mut seen = std::collections::HashSet::from([pos.zobrist()]);
            for m in tables.principal_variation(start, PV_PLIES) {
                principal_variation.push(pos.move_text(m));
                pos.play_unchecked(m);
                if !seen.insert(pos.zobrist()) {
                    break;
                }
            }
            let report = SolveReport {
                value: tables.probe(start).unwrap_or(Value::Draw),
                reachable: reach.positions,
                movement: moving.map(|_| reach.picked),
                orbits: reach.classes as usize,
                automorphisms,
                principal_variation,
            };
            if let Some(path) = &cache {
                // A cache that cannot be written is counted again next time.
                let _ = std::fs::write(path, write_summary(&report, fingerprint));
            }
            Ok(report)
        };
        let report = match cached {
            Some(report) => report,
            None => count()?,
        };
        let tables = std::sync::Arc::new(tables);
        let probe = tables.clone();
        Ok(Solution {
            report,
            best: Box::new(move |pos: &G| tables.best_move(pos).map(|(m, _)| m)),
            value: Box::new(move |pos: &G| probe.probe(pos)),
        })
    }

    /// The value of `pos` (WDL and DTM in plies, for its side to move);
    /// `None` when it is not covered (not reachable from the start).
    pub fn value(&self, pos: &G) -> Option<Value> {
        (self.value)(pos)
    }

    /// The figures of the solution.
    pub fn report(&self) -> &SolveReport {
        &self.report
    }

    /// The perfect ply in `pos` (fastest win, else a draw, else the slowest
    /// loss); `None` when the game is over or `pos` is not reachable from
    /// the start.
    pub fn best_move(&self, pos: &G) -> Option<G::Move> {
        (self.best)(pos)
    }

    /// A player that plays [`Solution::best_move`], named `perfect`.
    pub fn player(&self) -> SolutionPlayer<'_, G> {
        SolutionPlayer { solution: self }
    }
}

/// Perfect play from a [`Solution`] (see [`Solution::player`]).
#[derive(Debug)]
pub struct SolutionPlayer<'s, G: Game> {
    solution: &'s Solution<G>,
}

impl<G: Game> Player<G> for SolutionPlayer<'_, G> {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        self.solution.best_move(pos)
    }
}

/// A checksum of the tables' headers and the start: a cached summary of
/// other tables (or another start) does not match it.
fn summary_fingerprint<S: lapilli_tablebase::TierSpace>(
    tables: &lapilli_tablebase::Tablebases<S>,
    start: &S::Game,
) -> u32 {
    let mut text =
        format!("{} {} {}\n", tables.space().variant_name(), tables.space().scheme(), start.zobrist());
    for (_, h) in tables.tiers() {
        let c = &h.counts;
        text.push_str(&format!("{} {} {} {} {} {}\n", h.tier, h.entries, c.win, c.loss, c.draw, c.max_dtm));
    }
    crc32fast::hash(text.as_bytes())
}

fn counts_text(c: &Counts) -> String {
    format!("{} {} {} {}", c.total, c.win, c.loss, c.draw)
}

/// The summary file: `key value...` lines (see [`read_summary`]).
fn write_summary(r: &SolveReport, fingerprint: u32) -> String {
    let (wdl, plies) = (r.value.wdl(), r.value.plies().unwrap_or(0));
    let movement = r.movement.as_ref().map_or_else(|| "none".to_string(), counts_text);
    let body = format!(
        "lapilli-solution 1\nfingerprint {fingerprint}\nvalue {wdl} {plies}\nreachable {}\nmovement {movement}\norbits {}\npv {}\n",
        counts_text(&r.reachable),
        r.orbits,
        r.principal_variation.join("\t")
    );
    let checksum = crc32fast::hash(body.as_bytes());
    format!("{body}checksum {checksum}\n")
}

/// Reads a summary written by [`write_summary`]; `None` if it is missing,
/// unreadable or of other tables.
fn read_summary(path: &std::path::Path, fingerprint: u32, automorphisms: usize) -> Option<SolveReport> {
    let text = std::fs::read_to_string(path).ok()?;
    // The last line checks the others: an edited or damaged file is counted
    // again.
    let body_len = text.trim_end_matches('\n').rfind('\n')? + 1;
    let (body, last) = text.split_at(body_len);
    if last.trim_end() != format!("checksum {}", crc32fast::hash(body.as_bytes())) {
        return None;
    }
    let mut lines = body.lines();
    if lines.next()? != "lapilli-solution 1" {
        return None;
    }
    let mut field = |key: &str| -> Option<String> {
        let line = lines.next()?;
        line.strip_prefix(key)?
            .strip_prefix(' ')
            .map(str::to_string)
            .or_else(|| (line == key).then(String::new))
    };
    if field("fingerprint")?.parse::<u32>().ok()? != fingerprint {
        return None;
    }
    let counts = |t: &str| -> Option<Counts> {
        let v: Vec<u64> = t.split(' ').map(|x| x.parse().ok()).collect::<Option<_>>()?;
        let [total, win, loss, draw] = v[..] else { return None };
        Some(Counts { total, win, loss, draw })
    };
    let value_text = field("value")?;
    let (wdl, plies) = value_text.split_once(' ')?;
    let plies: u32 = plies.parse().ok()?;
    let value = match wdl {
        "win" => Value::Win(plies),
        "loss" => Value::Loss(plies),
        "draw" => Value::Draw,
        _ => return None,
    };
    let reachable = counts(&field("reachable")?)?;
    let movement_text = field("movement")?;
    let movement = if movement_text == "none" { None } else { Some(counts(&movement_text)?) };
    let orbits = field("orbits")?.parse().ok()?;
    let pv = field("pv")?;
    let principal_variation =
        if pv.is_empty() { Vec::new() } else { pv.split('\t').map(str::to_string).collect() };
    Some(SolveReport { value, reachable, movement, orbits, automorphisms, principal_variation })
}
