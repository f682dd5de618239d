//! `lapilli analyze`: search a position after a sequence of moves.

use crate::play::{checked_plies, game_over_text};
use crate::report::AnalyzeJson;
use crate::Result;
use lapilli_search::registry::{GameVisitor, PositionTextError, VariantDescriptor};
use lapilli_search::{CheckedGame, Engine, Game, GameRecord, Limits, Options, ScoreKind};
use std::io::Write;

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
/// with the option and (the start of) the text.
pub fn position_or_start<V: VariantDescriptor>(v: &V, text: Option<&str>) -> Result<V::Position> {
    let Some(text) = text else {
        return Ok(v.start());
    };
    v.parse_position(text).map_err(|e| match e {
        PositionTextError::Unreadable(e) => {
            let shown: String = text.chars().take(40).collect();
            format!("--position {shown:?}: {e}").into()
        }
        PositionTextError::OtherVariant(m) => {
            format!("--position: the position is {} but the command chose {}", m.position, m.chosen).into()
        }
    })
}

/// Plays `moves` (each a word in the game's notation, possibly several
/// plies of one side) from `start` into a game record whose history the
/// search then sees.
///
/// # Errors
/// A move that does not parse or is illegal, named with its number.
pub fn record_after<G: CheckedGame>(start: G, moves: &str) -> Result<GameRecord<G>> {
    let reversible_before = start.no_progress_count();
    let mut record = GameRecord::new(start, reversible_before);
    for (i, text) in moves.split_whitespace().enumerate() {
        let fail = |e: String| format!("--moves: move {} ({text:?}): {e}", i + 1);
        if let Some(status) = record.status() {
            return Err(fail(format!("the game is already over ({status})")).into());
        }
        for m in checked_plies(record.position(), text).map_err(fail)? {
            record.play(m).map_err(|e| fail(e.to_string()))?;
        }
    }
    Ok(record)
}

impl GameVisitor for Analyze<'_> {
    type Output = Result<()>;

    /// Searches the position of `--position` (or the start) after `--moves`
    /// with the variant's heuristic, and prints the result.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let out = self.out;
        let start = position_or_start(&v, self.position.as_deref())?;
        let record = record_after(start, &self.moves)?;
        let pos = record.position();
        if let Some(status) = record.status() {
            let text = game_over_text(&v, pos, status);
            if self.json {
                let report =
                    serde_json::json!({ "best": null, "game_over": text, "position": pos.to_string() });
                writeln!(out, "{report}")?;
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
        let mut engine = Engine::with_options(options);
        let a = engine.search(pos, record.history(), &self.limits, &v.heuristic());
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
        let threads = engine.options().threads();
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
                threads,
            };
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        writeln!(out, "{}position: {pos}", v.diagram(pos, record.moves().last().copied()))?;
        writeln!(out, "best move: {}", best.as_deref().unwrap_or("none"))?;
        writeln!(out, "score: {}", score_text(a.score))?;
        writeln!(out, "principal variation: {}", pv.join(" "))?;
        let stop = if a.stopped { " (stopped by the limit; last completed iteration)" } else { "" };
        writeln!(out, "depth: {} plies{stop}", a.depth)?;
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
