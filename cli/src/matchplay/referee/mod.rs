//! One game between two engine processes, refereed by the rules: every
//! ply is checked by lapilli's rules and, through the history each engine
//! is sent, by the engines; the game record adjudicates the end.

use super::engine::{EngineProcess, Failure, Line};
use super::openings::Opening;
use crate::play::{checked_plies, game_over_text};
use lapilli_board_graph::notation::excerpt;
use lapilli_game::{Adjudication, CheckedGame, Ending as _, Game, GameRecord};
use lapilli_registry::VariantDescriptor;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How an engine's position is read back after each `position` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Readback {
    /// No read-back: a ply the engine refuses shows only as an `info
    /// string` line with "illegal".
    None,
    /// `fen`, answered with one line `fen <Sanmill FEN>` (the Rust
    /// Sanmill), compared point by point (morris games only).
    Fen,
    /// `d`, whose line `Fen: <text>` holds lapilli's position text
    /// (compared exactly) or a Sanmill FEN (the C++ Sanmill; morris games
    /// only).
    D,
}

impl Readback {
    /// The command sent, if any.
    fn command(self) -> Option<&'static str> {
        match self {
            Readback::None => None,
            Readback::Fen => Some("fen"),
            Readback::D => Some("d"),
        }
    }

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Readback::None => "none",
            Readback::Fen => "fen",
            Readback::D => "d",
        }
    }
}

/// What an engine is asked to search per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveLimit {
    /// `go movetime MS`, and `stop` MS after the `go`.
    Time(u64),
    /// `go depth D`, without `stop`.
    Depth(u32),
}

/// The settings one game needs.
#[derive(Clone, Copy, Debug)]
pub struct MatchRules {
    /// The search each move.
    pub limit: MoveLimit,
    /// A move not answered this long after `go` loses on time, by seat
    /// (0 the first engine).
    pub move_timeout: [Duration; 2],
    /// The longest wait for `readyok`.
    pub ready_timeout: Duration,
    /// A draw after this many plies (the opening's included).
    pub max_plies: usize,
    /// Each engine's read-back, by seat (0 the first engine).
    pub readback: [Readback; 2],
}

/// One ply an engine chose: its time and its last `info`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlyInfo {
    /// The seat that played it: 0 the first engine, 1 the second.
    pub seat: usize,
    /// From `go` to the `bestmove` line, in milliseconds.
    pub millis: f64,
    /// The last `depth` it reported.
    pub depth: Option<u32>,
    /// The last `score` it reported, as `cp N` or `mate N` (the engine's
    /// own point of view and units).
    pub score: Option<String>,
}

/// How a game ended with a result.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    /// The side that won (0 the side that moves first), `None` for a draw.
    pub winner: Option<usize>,
    /// One word: the rules' kind (e.g. `line`, `blocked`), `repetition`,
    /// `no-progress`, `ply-limit`, `time-forfeit` or `crash`.
    pub kind: String,
    /// In words, e.g. "black wins: white cannot move".
    pub text: String,
    /// The seat that lost on time or crashed.
    pub culprit: Option<usize>,
}

/// A ply on which the rules and an engine disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The ply concerned, from 1 (the ply refused, or the ply played); 0
    /// for the start.
    pub ply: usize,
    /// That ply's text, as the engine gave it or as it was sent.
    pub mv: Option<String>,
    /// The engine's seat: 0 the first engine, 1 the second.
    pub seat: usize,
    /// What differed, in words.
    pub what: String,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum GameResult {
    /// A result: by the rules, a draw rule, the ply limit, a loss on time
    /// or a crash.
    Result(GameEnd),
    /// No result: the rules and an engine disagreed.
    Disagreement(Disagreement),
    /// Abandoned because the match stopped on an error or a signal.
    Aborted,
}

/// A game played.
#[derive(Clone, Debug)]
pub struct Played {
    /// Every ply, the opening's first, one ply a word.
    pub moves: Vec<String>,
    /// The engines' plies (those after the opening), in order.
    pub plies: Vec<PlyInfo>,
    /// How it ended.
    pub outcome: GameResult,
}

/// A failure that stops the match: the engine does not speak the
/// protocol as the settings need (e.g. no answer to the read-back).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fatal {
    /// The seat.
    pub seat: usize,
    /// What happened.
    pub message: String,
}

/// The two engines of a game, by seat (0 the first engine); `None` for
/// one that has failed (it is started again before the next game).
pub type Seats = [Option<EngineProcess>; 2];

/// The move of a line that holds `bestmove` (anywhere: Sanmill answers
/// `info score S bestmove M` on one line), `""` when none follows it.
pub fn bestmove_of(text: &str) -> Option<&str> {
    let mut words = text.split_whitespace();
    words.by_ref().find(|w| *w == "bestmove")?;
    Some(words.next().unwrap_or(""))
}

/// The depth and score an `info` line reports, each if present: `depth
/// D`, `score cp S`, `score mate N`, or Sanmill's `score S`.
pub fn info_of(text: &str) -> (Option<u32>, Option<String>) {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return (None, None);
    }
    let mut depth = None;
    let mut score = None;
    let mut i = 1;
    while i < words.len() {
        match (words[i], words.get(i + 1), words.get(i + 2)) {
            ("string", ..) | ("bestmove", ..) | ("pv", ..) => break,
            ("depth", Some(d), _) => {
                depth = d.parse().ok().or(depth);
                i += 2;
            }
            ("score", Some(&kind @ ("cp" | "mate")), Some(v)) if v.parse::<i64>().is_ok() => {
                score = Some(format!("{kind} {v}"));
                i += 3;
            }
            ("score", Some(v), _) if v.parse::<i64>().is_ok() => {
                score = Some(format!("cp {v}"));
                i += 2;
            }
            _ => i += 1,
        }
    }
    (depth, score)
}

/// The `position` command for `moves` from the start, or from the
/// position text `start` (`position fen <text>`).
fn position_command(start: Option<&str>, moves: &[String]) -> String {
    let from = start.map_or_else(|| "startpos".to_string(), |t| format!("fen {t}"));
    if moves.is_empty() {
        format!("position {from}")
    } else {
        format!("position {from} moves {}", moves.join(" "))
    }
}

/// Why an engine's answer to `position` (and the read-back) disagrees with
/// the rules, or a fatal failure to read back.
enum Check {
    Agrees,
    Differs(String),
    Fatal(String),
}

/// The position read back from `lines` (the engine's answer to `position`
/// and the read-back command) against `pos`: a refusal (`info string ...
/// illegal ...`) first, then the read-back. After a draw the game record
/// adjudicated (`drawn_by_record`: repetition, no progress), a Sanmill FEN
/// is not compared: the Rust Sanmill ends such a game in its FEN, lapilli's
/// position does not (its record does).
fn check_answer<V: VariantDescriptor>(
    v: &V,
    mode: Readback,
    lines: &[Line],
    pos: &V::Position,
    drawn_by_record: bool,
) -> Check {
    let refusal = lines.iter().map(|l| l.text.trim()).find(|t| {
        t.split_whitespace().take(2).eq(["info", "string"]) && t.to_ascii_lowercase().contains("illegal")
    });
    if let Some(line) = refusal {
        return Check::Differs(format!("it refused the history: {:?}", line));
    }
    let (prefix, what) = match mode {
        Readback::None => return Check::Agrees,
        Readback::Fen => ("fen ", "`fen`"),
        Readback::D => ("Fen:", "`d`"),
    };
    let Some(text) = lines.iter().rev().find_map(|l| l.text.trim().strip_prefix(prefix)).map(str::trim)
    else {
        let seen: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        return Check::Fatal(format!(
            "it answered {what} without a line starting {:?} (it printed: {}); choose another read-back",
            prefix.trim(),
            if seen.is_empty() { "nothing".to_string() } else { seen.join(" | ") }
        ));
    };
    let ours = pos.to_string();
    // lapilli's own text, compared exactly.
    if mode == Readback::D && v.parse_position(text).is_ok() {
        return if text == ours {
            Check::Agrees
        } else {
            Check::Differs(format!("its position is {text:?}, the rules give {ours:?}"))
        };
    }
    let Some(format) = v.foreign_formats().into_iter().next() else {
        return Check::Differs(format!("its position {text:?} does not read as a position of the game"));
    };
    match format.differences(text, pos) {
        Ok(_) if drawn_by_record => Check::Agrees,
        Ok(differences) => {
            if differences.is_empty() {
                Check::Agrees
            } else {
                Check::Differs(format!(
                    "its FEN {text:?} differs from the rules' position {ours:?}: {}",
                    differences.join("; ")
                ))
            }
        }
        Err(e) => Check::Differs(format!("its FEN {text:?} does not read: {e}")),
    }
}

/// Whether a read-back of `mode` can serve for positions of `V`.
pub fn readback_fits<V: VariantDescriptor>(v: &V, mode: Readback) -> bool {
    mode != Readback::Fen || !v.foreign_formats().is_empty()
}

/// An engine's failure as the end of a game: it loses.
fn loss<V: VariantDescriptor>(v: &V, seat: usize, side: usize, names: &[String; 2], f: &Failure) -> GameEnd {
    let winner = 1 - side;
    let [(_, first), (_, second)] = v.sides();
    let winner_name = if winner == 0 { first } else { second };
    let (kind, why) = match f {
        Failure::Timeout(_) => ("time-forfeit", format!("{} lost on time ({f})", names[seat])),
        Failure::Died(_) => ("crash", format!("{} crashed ({f})", names[seat])),
    };
    GameEnd {
        winner: Some(winner),
        kind: kind.into(),
        text: format!("{winner_name} wins: {why}"),
        culprit: Some(seat),
    }
}

/// Plays one game: `opening` from the start, then the engines in turn,
/// the first engine (seat 0) playing the side that moves first when
/// `first_moves_first`. `names` are the engines' names for messages.
/// Engines that fail are dropped from `seats` (killed); the caller starts
/// them again.
///
/// # Errors
/// [`Fatal`] when an engine does not answer the read-back as its mode
/// needs (the match cannot go on as set up).
pub fn play<V: VariantDescriptor>(
    v: &V,
    seats: &mut Seats,
    names: &[String; 2],
    opening: &Opening,
    first_moves_first: bool,
    rules: &MatchRules,
    abort: &AtomicBool,
) -> Result<Played, Fatal> {
    let sides = v.sides();
    let from = opening.start.as_deref();
    let start =
        from.map_or_else(|| v.start(), |t| v.parse_position(t).expect("openings are checked when made"));
    let mut record = GameRecord::new(start.clone(), start.no_progress_count());
    let mut moves: Vec<String> = Vec::new();
    for text in &opening.moves {
        let plies = checked_plies(record.position(), text).expect("openings are checked when made");
        for m in plies {
            moves.push(record.position().move_text(m));
            record.play(m).expect("openings are checked when made");
        }
    }
    let seat_of_side = |side: usize| if first_moves_first { side } else { 1 - side };
    let mut played = Played { moves, plies: Vec::new(), outcome: GameResult::Aborted };
    // A new game for both engines.
    for (seat, slot) in seats.iter_mut().enumerate() {
        let side = if first_moves_first { seat } else { 1 - seat };
        let engine = slot.as_mut().expect("the engines are started before a game");
        let failure = engine.send("ucinewgame").err().or_else(|| engine.barrier(rules.ready_timeout).1);
        if let Some(f) = failure {
            *slot = None;
            played.outcome = GameResult::Result(loss(v, seat, side, names, &f));
            return Ok(played);
        }
    }
    loop {
        if abort.load(Ordering::Relaxed) {
            return Ok(played);
        }
        if let Some(status) = record.status() {
            let text = game_over_text(v, record.position(), status);
            let kind = match status {
                Adjudication::Finished(_) => record.position().ending().map_or("draw", |e| e.name()),
                draw => draw.name(),
            };
            let winner = record.position().winner().map(|w| usize::from(w != sides[0].0));
            let ending = GameEnd { winner, kind: kind.into(), text, culprit: None };
            let drawn_by_record = !matches!(status, Adjudication::Finished(_));
            played.outcome =
                final_check(v, seats, &record, (from, &played.moves), rules, drawn_by_record, ending)?;
            return Ok(played);
        }
        if played.moves.len() >= rules.max_plies {
            let text = format!("draw: the {}-ply limit (--max-plies)", rules.max_plies);
            let ending = GameEnd { winner: None, kind: "ply-limit".into(), text, culprit: None };
            played.outcome = final_check(v, seats, &record, (from, &played.moves), rules, false, ending)?;
            return Ok(played);
        }
        let pos = record.position().clone();
        let side = usize::from(pos.side_to_move() != sides[0].0);
        let seat = seat_of_side(side);
        let engine = seats[seat].as_mut().expect("the engines are started before a game");
        let last_ply = played.moves.len();
        // The history, read back, then the search.
        let answer = ask(engine, (from, &played.moves), rules.readback[seat], rules);
        let (lines, failure) = match answer {
            Ok(lines) => (lines, None),
            Err((lines, f)) => (lines, Some(f)),
        };
        if let Some(f) = failure {
            seats[seat] = None;
            played.outcome = GameResult::Result(loss(v, seat, side, names, &f));
            return Ok(played);
        }
        match check_answer(v, rules.readback[seat], &lines, &pos, false) {
            Check::Agrees => {}
            Check::Differs(what) => {
                let mv = played.moves.last().cloned();
                played.outcome = GameResult::Disagreement(Disagreement { ply: last_ply, mv, seat, what });
                return Ok(played);
            }
            Check::Fatal(message) => return Err(Fatal { seat, message }),
        }
        let (best, info) = match search(engine, seat, rules, abort) {
            Ok(Some(found)) => found,
            // Abandoned: the engine is dropped (told to quit, its group
            // ended) with the game.
            Ok(None) => return Ok(played),
            Err(f) => {
                seats[seat] = None;
                played.outcome = GameResult::Result(loss(v, seat, side, names, &f));
                return Ok(played);
            }
        };
        let disagree = |what: String| {
            GameResult::Disagreement(Disagreement { ply: last_ply + 1, mv: Some(best.clone()), seat, what })
        };
        if matches!(best.as_str(), "" | "none" | "(none)" | "draw") {
            let word = if best.is_empty() {
                "nothing after bestmove".to_string()
            } else {
                format!("bestmove {best}")
            };
            played.outcome = disagree(format!(
                "it answered {word} (no move: the game is over for it), but the game goes on by the rules"
            ));
            return Ok(played);
        }
        let plies = match checked_plies(&pos, &best) {
            Ok(plies) if plies.len() == 1 => plies,
            Ok(plies) => {
                played.outcome =
                    disagree(format!("{:?} is {} plies; a bestmove is one ply", excerpt(&best), plies.len()));
                return Ok(played);
            }
            Err(reason) => {
                played.outcome =
                    disagree(format!("the rules refuse its move {:?}: {reason}", excerpt(&best)));
                return Ok(played);
            }
        };
        played.moves.push(pos.move_text(plies[0]));
        record.play(plies[0]).expect("the ply was checked in a game that goes on");
        played.plies.push(info);
    }
}

/// Sends the history and the read-back command, and reads the answers up
/// to `readyok`.
fn ask(
    engine: &mut EngineProcess,
    (start, moves): (Option<&str>, &[String]),
    mode: Readback,
    rules: &MatchRules,
) -> Result<Vec<Line>, (Vec<Line>, Failure)> {
    engine.send(&position_command(start, moves)).map_err(|f| (Vec::new(), f))?;
    if let Some(command) = mode.command() {
        engine.send(command).map_err(|f| (Vec::new(), f))?;
    }
    match engine.barrier(rules.ready_timeout) {
        (lines, None) => Ok(lines),
        (lines, Some(f)) => Err((lines, f)),
    }
}

/// How often a search waiting for its move looks at the match's abort
/// flag.
const ABORT_POLL: Duration = Duration::from_millis(50);

/// `go` with the move limit, `stop` at the time, and the answer: the
/// move's word and the ply's information; `None` when `abort` is set
/// meanwhile (the match stops: the move is not waited for).
fn search(
    engine: &mut EngineProcess,
    seat: usize,
    rules: &MatchRules,
    abort: &AtomicBool,
) -> Result<Option<(String, PlyInfo)>, Failure> {
    let go = match rules.limit {
        MoveLimit::Time(ms) => format!("go movetime {ms}"),
        MoveLimit::Depth(d) => format!("go depth {d}"),
    };
    engine.send(&go)?;
    let sent = Instant::now();
    let stop_at = match rules.limit {
        MoveLimit::Time(ms) => Some(sent + Duration::from_millis(ms)),
        MoveLimit::Depth(_) => None,
    };
    let forfeit_at = sent + rules.move_timeout[seat];
    let mut stopped = stop_at.is_none();
    let mut info = PlyInfo { seat, ..PlyInfo::default() };
    loop {
        if abort.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let deadline = if stopped { forfeit_at } else { stop_at.unwrap_or(forfeit_at).min(forfeit_at) };
        let poll = Instant::now() + ABORT_POLL;
        match engine.next_line(deadline.min(poll)) {
            Err(Failure::Timeout(_)) if Instant::now() < deadline => {}
            Ok(line) => {
                let (depth, score) = info_of(&line.text);
                info.depth = depth.or(info.depth);
                info.score = score.or(info.score);
                if let Some(best) = bestmove_of(&line.text) {
                    info.millis = line.at.saturating_duration_since(sent).as_secs_f64() * 1000.0;
                    return Ok(Some((best.to_string(), info)));
                }
            }
            Err(Failure::Timeout(_)) if !stopped => {
                engine.send("stop")?;
                stopped = true;
            }
            Err(Failure::Timeout(_)) => return Err(Failure::Timeout(rules.move_timeout[seat])),
            Err(died) => return Err(died),
        }
    }
}

/// The end of a game checked by both engines: each is sent the whole game
/// and its read-back is compared (see [`check_answer`] for
/// `drawn_by_record`), so that the last ply is checked by the engines too.
/// An engine that fails here is dropped (started again for the next game)
/// without changing the result.
fn final_check<V: VariantDescriptor>(
    v: &V,
    seats: &mut Seats,
    record: &GameRecord<V::Position>,
    (start, moves): (Option<&str>, &[String]),
    rules: &MatchRules,
    drawn_by_record: bool,
    ending: GameEnd,
) -> Result<GameResult, Fatal> {
    for (seat, slot) in seats.iter_mut().enumerate() {
        let Some(engine) = slot.as_mut() else { continue };
        let mode = rules.readback[seat];
        let lines = match ask(engine, (start, moves), mode, rules) {
            Ok(lines) => lines,
            Err(_) => {
                *slot = None;
                continue;
            }
        };
        match check_answer(v, mode, &lines, record.position(), drawn_by_record) {
            Check::Agrees => {}
            Check::Differs(what) => {
                let mv = moves.last().cloned();
                return Ok(GameResult::Disagreement(Disagreement { ply: moves.len(), mv, seat, what }));
            }
            Check::Fatal(message) => return Err(Fatal { seat, message }),
        }
    }
    Ok(GameResult::Result(ending))
}

#[cfg(test)]
mod tests;
