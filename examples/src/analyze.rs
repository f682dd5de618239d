//! `lapilli analyze`: search a position after a sequence of moves.

use crate::error::{fail, CliError, Kind};
use crate::play::{checked_plies, game_over_text};
use crate::report::{AnalyzeJson, GameOverJson, LimitsJson, TablebaseJson};
use crate::tablebase::open_tables;
use crate::Result;
use lapilli_board_graph::notation::{excerpt, fields};
use lapilli_search::registry::{GameVisitor, PositionTextError, VariantDescriptor};
use lapilli_search::tablebase::Probing;
use lapilli_search::{
    Adjudication, CheckedGame, Ending, Engine, Game, GameRecord, Limits, Options, RecordError, ScoreKind,
};
use std::io::Write;
use std::path::PathBuf;

/// `lapilli analyze` with its options.
pub struct Analyze<'o> {
    /// Position text, or the start.
    pub position: Option<String>,
    /// Moves played first, space-separated.
    pub moves: String,
    /// When to stop.
    pub limits: Limits,
    /// Search threads.
    pub threads: usize,
    /// Split the root moves among the threads instead of Lazy SMP.
    pub split_root: bool,
    /// Transposition-table bytes.
    pub tt_bytes: usize,
    /// The folder of tablebases to consult.
    pub tablebase: Option<PathBuf>,
    /// JSON output.
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

/// A score in words: "win in 3 plies", "loss in 4 plies", "+520".
pub fn score_text(score: i32) -> String {
    match ScoreKind::of(score) {
        ScoreKind::WinIn(k) => format!("win in {k} {}", if k == 1 { "ply" } else { "plies" }),
        ScoreKind::LossIn(k) => format!("loss in {k} {}", if k == 1 { "ply" } else { "plies" }),
        ScoreKind::Heuristic(s) => format!("{s:+} (heuristic, side to move)"),
    }
}

/// Reads `--position` for the variant `v`, or its start when there is none.
///
/// # Errors
/// Text that is no position, or a position of another variant, prefixed
/// with the option and an excerpt of the text (kind `position`).
pub fn position_or_start<V: VariantDescriptor>(v: &V, text: Option<&str>) -> Result<V::Position> {
    let Some(text) = text else {
        return Ok(v.start());
    };
    v.parse_position(text).map_err(|e| {
        let message = match e {
            PositionTextError::Unreadable(e) => format!("--position {:?}: {e}", excerpt(text)),
            PositionTextError::OtherVariant(m) => {
                format!("--position: the position is {} but the command chose {}", m.position, m.chosen)
            }
        };
        CliError::new(Kind::Position, message)
    })
}

/// Plays `moves` (each a word in the game's notation, possibly several
/// plies of one side) from `start` into a game record whose history the
/// search then sees. The record starts with the position's own
/// no-progress count, and refuses every ply after the game ended, by the
/// rules or by a draw rule.
///
/// # Errors
/// A move that does not read or is illegal (kind `move`), or a move after
/// the game ended (kind `game-over`, naming the ending and the ply it
/// came at), named with its number and an excerpt of its text.
pub fn record_after<V: VariantDescriptor>(
    v: &V,
    start: V::Position,
    moves: &str,
) -> Result<GameRecord<V::Position>> {
    let reversible_before = start.no_progress_count();
    let mut record = GameRecord::new(start, reversible_before);
    for (i, text) in fields(moves).into_iter().enumerate() {
        let prefix = format!("--moves: move {} ({:?})", i + 1, excerpt(text));
        let over = |record: &GameRecord<V::Position>, status| {
            let when = match record.moves().len() {
                0 => "in the given position".to_string(),
                n => format!("after ply {n}"),
            };
            let why = game_over_text(v, record.position(), status);
            CliError::new(Kind::GameOver, format!("{prefix}: the game is over {when} ({why})"))
        };
        if let Some(status) = record.status() {
            return Err(over(&record, status));
        }
        let plies = checked_plies(record.position(), text)
            .map_err(|e| CliError::new(Kind::Move, format!("{prefix}: {e}")))?;
        for m in plies {
            match record.play(m) {
                Ok(()) => {}
                Err(RecordError::Finished(status)) => return Err(over(&record, status)),
                Err(RecordError::Illegal(e)) => return fail(Kind::Move, format!("{prefix}: {e}")),
            }
        }
    }
    Ok(record)
}

impl GameVisitor for Analyze<'_> {
    type Output = Result<()>;

    /// Searches the position of `--position` (or the start) after `--moves`
    /// with the variant's heuristic, and prints the result; a finished game
    /// (by the rules or a draw rule) is reported, not searched.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let out = self.out;
        let start = position_or_start(&v, self.position.as_deref())?;
        let record = record_after(&v, start, &self.moves)?;
        let tables = match &self.tablebase {
            Some(dir) => Some(open_tables(&v, dir, "--tablebase")?),
            None => None,
        };
        let pos = record.position();
        if let Some(status) = record.status() {
            let text = game_over_text(&v, pos, status);
            if self.json {
                let ending = match status {
                    Adjudication::Finished(_) => pos.ending().map_or("finished", |e| e.name()),
                    draw => draw.name(),
                };
                let report = GameOverJson { best: None, game_over: text, ending, position: pos.to_string() };
                writeln!(out, "{}", serde_json::to_string(&report)?)?;
            } else {
                writeln!(
                    out,
                    "{}position: {pos}\ngame over: {text}",
                    v.diagram(pos, record.moves().last().copied())
                )?;
            }
            return Ok(());
        }
        let options = Options::default()
            .with_table_bytes(self.tt_bytes)
            .with_threads(self.threads)
            .with_split_root(self.split_root);
        let mut engine = Engine::try_with_options(options).map_err(|e| {
            CliError::new(
                Kind::Resources,
                format!("--tt-mib {}: {e}; give a smaller --tt-mib", self.tt_bytes >> 20),
            )
        })?;
        let a = match tables.as_deref() {
            Some(tables) => {
                let eval = Probing { eval: v.heuristic(), tables };
                engine.search(pos, record.history(), &self.limits, &eval)
            }
            None => engine.search(pos, record.history(), &self.limits, &v.heuristic()),
        };
        let tablebase = tables.as_deref().and_then(|t| {
            let value = t.probe(pos)?;
            Some(TablebaseJson {
                value: value.wdl(),
                dtm: value.plies(),
                best_move: t.best_move(pos).map(|(m, _)| pos.move_text(m)),
            })
        });
        if a.threads < self.threads {
            eprintln!(
                "warning: the system started {} of the {} threads asked for; the search ran on those",
                a.threads, self.threads
            );
        }
        let mut after = pos.clone();
        let pv: Vec<String> =
            a.pv.iter()
                .map(|&m| {
                    let text = after.move_text(m);
                    after.play_unchecked(m);
                    text
                })
                .collect();
        let best = a.best_move.map(|m| pos.move_text(m));
        let millis = a.elapsed.as_secs_f64() * 1e3;
        let threads = a.threads;
        let limits = LimitsJson::from(self.limits);
        if self.json {
            let report = AnalyzeJson {
                position: pos.to_string(),
                best,
                score: a.score,
                score_text: score_text(a.score),
                pv,
                depth: a.depth,
                nodes: a.stats.nodes,
                nps: a.nps().round() as u64,
                millis,
                tt_hits: a.stats.tt_hits,
                cutoffs: a.stats.cutoffs,
                stopped: a.stopped,
                stop_reason: a.stop_reason.name(),
                threads,
                limits,
                tablebase,
            };
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        writeln!(out, "{}position: {pos}", v.diagram(pos, record.moves().last().copied()))?;
        writeln!(out, "best move: {}", best.as_deref().unwrap_or("none"))?;
        writeln!(out, "score: {}", score_text(a.score))?;
        writeln!(out, "principal variation: {}", pv.join(" "))?;
        if let Some(t) = &tablebase {
            let dtm = t.dtm.map_or(String::new(), |d| format!(" in {d} plies"));
            let best = t.best_move.as_deref().map_or(String::new(), |m| format!(", perfect ply {m}"));
            writeln!(out, "tablebase: {}{dtm} for the side to move{best}", t.value)?;
        } else if tables.is_some() {
            writeln!(out, "tablebase: the tables do not cover this position")?;
        }
        let last = if a.stopped { "; the result is the last completed iteration's" } else { "" };
        let unit = if a.depth == 1 { "ply" } else { "plies" };
        writeln!(out, "depth: {} {unit} ({}{last})", a.depth, a.stop_reason)?;
        writeln!(out, "limits: {limits}")?;
        writeln!(
            out,
            "nodes: {}  nodes/second: {:.0}  time: {millis:.3} ms  tt hits: {}  cutoffs: {}  threads: {threads}",
            a.stats.nodes,
            a.nps(),
            a.stats.tt_hits,
            a.stats.cutoffs,
        )?;
        Ok(())
    }
}
