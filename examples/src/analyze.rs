//! `lapilli analyze`: search a position after a sequence of moves.

use crate::commands::{checked_position, AnalyzeArgs};
use crate::play::TerminalGame;
use crate::report::AnalyzeJson;
use lapilli_search::{Engine, Evaluate, GameRecord, Limits, ScoreKind};
use std::error::Error;
use std::io::Write;

/// A score in words: "win in 3 plies", "loss in 4 plies", "+520".
pub fn score_text(score: i32) -> String {
    match ScoreKind::of(score) {
        ScoreKind::WinIn(k) => format!("win in {k} {}", if k == 1 { "ply" } else { "plies" }),
        ScoreKind::LossIn(k) => format!("loss in {k} {}", if k == 1 { "ply" } else { "plies" }),
        ScoreKind::Heuristic(s) => format!("{s:+} (heuristic, side to move)"),
    }
}

/// `lapilli analyze`: the position of `args` (or `start`) after its
/// moves, searched with `eval` as `args` say.
///
/// # Errors
/// A position or a move that does not parse, and output errors.
pub fn command<G, E>(
    start: G,
    args: &AnalyzeArgs,
    eval: &E,
    out: &mut dyn Write,
) -> Result<(), Box<dyn Error>>
where
    G: TerminalGame + Send + Sync + std::str::FromStr,
    G::Err: std::fmt::Display,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    let start = checked_position(args.position.as_deref(), start)?;
    let record = record_after(start, &args.moves)?;
    let engine =
        Engine::new().transposition_table(args.tt_bytes).threads(args.threads).split_root(args.split_root);
    run(&record, engine, args.limits, eval, args.json, out)
}

/// Plays `moves` (typed in the game's notation, separated by spaces) from
/// `start` into a game record whose history the search then sees.
///
/// # Errors
/// A move that does not parse or is illegal, named with its number.
pub fn record_after<G: TerminalGame>(start: G, moves: &str) -> Result<GameRecord<G>, Box<dyn Error>> {
    let mut record = GameRecord::new(start);
    for (i, text) in moves.split_whitespace().enumerate() {
        let m = record
            .position()
            .parse_move(text)
            .map_err(|e| format!("--moves: move {} ({text:?}): {e}", i + 1))?;
        record.play(m);
    }
    Ok(record)
}

/// Searches the record's position and prints the result.
///
/// # Errors
/// Only output errors.
pub fn run<G, E>(
    record: &GameRecord<G>,
    mut engine: Engine<G>,
    limits: Limits,
    eval: &E,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), Box<dyn Error>>
where
    G: TerminalGame + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    let pos = record.position();
    if let Some(status) = record.status() {
        let text = match status {
            lapilli_search::Adjudication::Finished(_) => pos.result_text(),
            lapilli_search::Adjudication::Repetition => "draw by threefold repetition".into(),
            lapilli_search::Adjudication::NoProgress => "draw by the no-progress rule".into(),
        };
        if json {
            writeln!(
                out,
                "{}",
                serde_json::json!({ "best": null, "game_over": text, "position": pos.to_string() })
            )?;
        } else {
            writeln!(out, "{}position: {pos}\ngame over: {text}", pos.diagram())?;
        }
        return Ok(());
    }
    let a = engine.search(pos, record.history(), &limits, eval);
    let pv: Vec<String> = a.pv.iter().map(|&m| pos.move_text(m)).collect();
    let best = a.best_move.map(|m| pos.move_text(m));
    let millis = a.elapsed.as_secs_f64() * 1e3;
    if json {
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
            threads: engine.options().threads,
        };
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    writeln!(out, "{}position: {pos}", pos.diagram())?;
    writeln!(out, "best move: {}", best.as_deref().unwrap_or("none"))?;
    writeln!(out, "score: {}", score_text(a.score))?;
    writeln!(out, "principal variation: {}", pv.join(" "))?;
    let stop = if a.stopped { " (stopped by the limit; last completed iteration)" } else { "" };
    writeln!(out, "depth: {} plies{stop}", a.depth)?;
    writeln!(
        out,
        "nodes: {}  nodes/second: {:.0}  time: {millis:.3} ms  tt hits: {}  cutoffs: {}  threads: {}",
        a.stats.nodes,
        a.nps(),
        a.stats.tt_hits,
        a.stats.cutoffs,
        engine.options().threads
    )?;
    Ok(())
}
