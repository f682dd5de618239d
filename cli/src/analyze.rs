//! `lapilli analyze`: search a position after a sequence of moves.

use crate::error::{CliError, Kind};
use crate::interrupt::Interrupt;
use crate::play::game_over_text;
use crate::report::{plies, AnalyzeJson, GameOverJson, LimitsJson, TablebaseJson};
use crate::tablebase::{open_tables, search_with_tables};
use crate::Result;
use lapilli_board_graph::notation::{excerpt, fields};
use lapilli_game::{score_text, Adjudication, CheckedGame, Ending, GameRecord, ScoreKind};
use lapilli_registry::{GameVisitor, PositionTextError, ReplayFault, VariantDescriptor};
use lapilli_search::{Engine, Limits, Options, StopReason};
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
    /// The reductions of [`Options::playing`] (off with `--full-width`).
    pub reductions: bool,
    /// Transposition-table bytes.
    pub tt_bytes: usize,
    /// The folder of tablebases to consult.
    pub tablebase: Option<PathBuf>,
    /// JSON output.
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

/// The engine options of `analyze` and `uci`: [`Options::playing`] when
/// the search reduces, else [`Options::default`] (full width, with the
/// full window: `analyze --full-width`, `setoption name
/// LateMoveReductions value false`).
pub fn search_options(reductions: bool) -> Options {
    if reductions {
        Options::playing()
    } else {
        Options::default()
    }
}

/// Reads `--position` for the variant `v`, or its start when there is none.
///
/// # Errors
/// As [`read_position`], for the variant the command chose.
pub fn position_or_start<V: VariantDescriptor>(v: &V, text: Option<&str>) -> Result<V::Position> {
    match text {
        None => Ok(v.start()),
        Some(text) => read_position(v, text, "the command chose"),
    }
}

/// Reads the `--position` text `text` as a position of the variant `v`;
/// `chooser` says who chose the variant, completing "the position is ...
/// but {chooser} {variant}" (e.g. "the command chose", or "the tables in
/// DIR are of").
///
/// A text that leaves out the variant's words (the words the variant's
/// start text ends with, such as `six-mens-morris` or `tapatan`) is read
/// as another variant's; the message then names the words the text needs,
/// and when the text is no position even with them, why.
///
/// # Errors
/// Text that is no position, or a position of another variant, prefixed
/// with the option and an excerpt of the text (kind `position`).
pub fn read_position<V: VariantDescriptor>(v: &V, text: &str, chooser: &str) -> Result<V::Position> {
    let e = match v.parse_position(text) {
        Ok(pos) => return Ok(pos),
        Err(e) => e,
    };
    let start = v.start().to_string();
    let missing: Vec<&str> =
        variant_words(&start).into_iter().filter(|w| !fields(text).contains(w)).collect();
    let with_words = format!("{} {}", text.trim_end(), missing.join(" "));
    let needs = || {
        let (word, it) = if missing.len() == 1 { ("word", "it") } else { ("words", "them") };
        (format!("write the {word} {} at the end, as the start is written: {start:?}", missing.join(" ")), it)
    };
    let message = match e {
        PositionTextError::Unreadable(e) => {
            let mut message = format!("--position {:?}: {e}", excerpt(text));
            let named = missing.first().is_some_and(|w| e.to_string().contains(w));
            if !missing.is_empty() && !named {
                let (needs, it) = needs();
                match v.parse_position(&with_words) {
                    Ok(_) | Err(PositionTextError::OtherVariant(_)) => {
                        message.push_str(&format!("; {needs}"))
                    }
                    Err(PositionTextError::Unreadable(e2)) => {
                        let e2 = e2.to_string();
                        // A text of the wrong shape stays wrong: no hint.
                        if !e2.contains(&excerpt(&with_words)) && !e2.contains(&with_words) {
                            message.push_str(&format!(
                                "; {needs} (with {it} the text is still no position: {e2})"
                            ));
                        }
                    }
                }
            }
            message
        }
        PositionTextError::OtherVariant(m) => {
            let mut message =
                format!("--position: the position is {} but {chooser} {}", m.position, m.chosen);
            if !missing.is_empty() && v.parse_position(&with_words).is_ok() {
                message.push_str(&format!("; {}", needs().0));
            }
            message
        }
    };
    Err(CliError::new(Kind::Position, message))
}

/// The words a position text of a variant ends with, read from its start
/// text `start`: the last fields that are words of letters and hyphens
/// (`six-mens-morris flying`, `tapatan no-centre-first`; none for
/// `......... b` or `... w 9 9 -`).
fn variant_words(start: &str) -> Vec<&str> {
    let is_word = |f: &str| {
        f.len() > 1
            && f.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
            && f.bytes().any(|b| b.is_ascii_lowercase())
    };
    let fields = fields(start);
    let words = fields.iter().rev().take_while(|f| is_word(f)).count();
    fields[fields.len() - words..].to_vec()
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
    let words = fields(moves);
    let done = lapilli_registry::replay(v, start, words.iter().copied()).map_err(|e| {
        let prefix = format!("--moves: move {} ({:?})", e.number, excerpt(&e.word));
        match e.fault {
            ReplayFault::Unreadable(why) => {
                CliError::new(Kind::Move, format!("{prefix}: cannot read {:?}: {why}", excerpt(&e.word)))
            }
            ReplayFault::Illegal(why) => CliError::new(Kind::Move, format!("{prefix}: {why}")),
            ReplayFault::Over { plies, why } => {
                let when = match plies {
                    0 => "in the given position".to_string(),
                    n => format!("after ply {n}"),
                };
                CliError::new(Kind::GameOver, format!("{prefix}: the game is over {when} ({why})"))
            }
        }
    })?;
    Ok(done.record)
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
        let options = search_options(self.reductions)
            .with_table_bytes(self.tt_bytes)
            .with_threads(self.threads)
            .with_split_root(self.split_root);
        let mut engine = Engine::try_with_options(options).map_err(|e| {
            CliError::new(
                Kind::Resources,
                format!("--tt-mib {}: {e}; give a smaller --tt-mib", self.tt_bytes >> 20),
            )
        })?;
        // A signal stops the search as `stop` does in `uci`: the result is
        // the last completed iteration's, reported as usual.
        let stop = engine.stop_handle();
        let interrupt = Interrupt::catch(move |_| stop.stop())?;
        let a = search_with_tables::<V>(
            &mut engine,
            v.heuristic(),
            tables.as_deref(),
            (pos, record.history()),
            &self.limits,
            false,
        );
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
        let pv = pos.line_text(&a.pv);
        let best = a.best_move.map(|m| pos.move_text(m));
        let millis = a.elapsed.as_secs_f64() * 1e3;
        let threads = a.threads;
        let limits = LimitsJson::from(self.limits);
        let signal = interrupt.caught();
        let interrupted = interrupt.error("; the result is the last completed iteration's");
        let proven_draw = a.score == 0
            && (a.stop_reason == StopReason::Exhausted
                || tablebase.as_ref().is_some_and(|t| t.value == "draw"));
        let text = if proven_draw { "draw".to_string() } else { score_text(a.score) };
        let mate = match ScoreKind::of(a.score) {
            ScoreKind::WinIn(k) => Some(k as i32),
            ScoreKind::LossIn(k) => Some(-(k as i32)),
            ScoreKind::Heuristic(_) => None,
        };
        if self.json {
            let report = AnalyzeJson {
                position: pos.to_string(),
                best,
                score: a.score,
                score_text: text,
                mate,
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
                interrupted: signal.map(|s| s.name()),
            };
            if let Some(e) = interrupted {
                return Err(e.with_report(serde_json::to_value(&report)?));
            }
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        writeln!(out, "{}position: {pos}", v.diagram(pos, record.moves().last().copied()))?;
        writeln!(out, "best move: {}", best.as_deref().unwrap_or("none"))?;
        writeln!(out, "score: {text}")?;
        writeln!(out, "principal variation: {}", pv.join(" "))?;
        if let Some(t) = &tablebase {
            let dtm = t.dtm.map_or(String::new(), |d| format!(" in {}", plies(d)));
            let best = t.best_move.as_deref().map_or(String::new(), |m| format!(", perfect ply {m}"));
            writeln!(out, "tablebase: {}{dtm} for the side to move{best}", t.value)?;
        } else if tables.is_some() {
            writeln!(out, "tablebase: the tables do not cover this position")?;
        }
        let last = if a.stopped { "; the result is the last completed iteration's" } else { "" };
        let reason = match a.stop_reason {
            // Lines that end in the tables are not cut by the depth.
            StopReason::Exhausted if tables.is_some() => {
                "the tables decide every line: each ends in a position they value or a finished game, so a \
                 deeper search finds the same"
                    .to_string()
            }
            StopReason::Stopped if signal.is_some() => {
                format!("interrupted by {}", signal.map_or("a signal", |s| s.name()))
            }
            reason => reason.to_string(),
        };
        writeln!(out, "depth: {} ({reason}{last})", plies(a.depth))?;
        writeln!(out, "limits: {limits}")?;
        writeln!(
            out,
            "nodes: {}  nodes/second: {:.0}  time: {millis:.3} ms  tt hits: {}  cutoffs: {}  threads: {threads}",
            a.stats.nodes,
            a.nps(),
            a.stats.tt_hits,
            a.stats.cutoffs,
        )?;
        interrupted.map_or(Ok(()), Err)
    }
}
