//! `lapilli match`: two engines that speak Sanmill's UCI-like protocol play
//! each other over a set of openings, each opening with both colours; the
//! rules referee every ply, and the result is reported with its Elo
//! interval and, optionally, a sequential probability ratio test.
//!
//! [`engine`] drives an engine process, [`openings`] makes or reads the
//! openings, [`referee`] plays one game, [`stats`] scores the match. This
//! module reads the command line, runs the games on worker threads (each
//! with its own pair of engine processes) and reports them in game order.

pub mod engine;
pub mod openings;
pub mod referee;
pub mod stats;

use crate::error::{fail, CliError, Kind};
use crate::Games;
use engine::{Engine, EngineSpec};
use lapilli_registry as registry;
use lapilli_registry::{GameVisitor, GivenOptions, VariantDescriptor};
use openings::{random_openings, read_openings, Opening, OpeningError};
use referee::{MoveLimit, Outcome, Played, Readback, Seats};
use serde::Serialize;
use serde_json::{json, Value};
use stats::{EloEstimate, PairTally, Sprt, SprtDecision, Tally};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::time::Duration;

/// The time a move may take with `--depth` before it loses on time, unless
/// `--move-timeout` says otherwise.
const DEPTH_MOVE_TIMEOUT_MS: u64 = 60_000;

/// The long help of `lapilli match`.
pub const HELP: &str = "\
Play two engines that speak Sanmill's UCI-like protocol against each other: lapilli against Sanmill, or \
lapilli against another build or configuration of itself, with lapilli's rules refereeing every ply.

Engines. --first CMD and --second CMD are command lines, split as a shell splits them (quotes, backslashes; no \
variables or globs); each defaults to this program as `lapilli uci <game> [variant options]`. Each engine is \
started once per worker and kept for many games: `uci` answered by `uciok` (its `id name` names it unless \
--first-name/--second-name do; equal names get #1 and #2), then `setoption name NAME value VALUE` for each \
--first-option/--second-option NAME=VALUE (NAME must be an option the engine lists; any line it prints in \
answer is taken as a refusal and stops the match), then `isready` answered by `readyok`; each step within \
--handshake-timeout, or the match stops with an error quoting what the engine printed. An engine's standard error is not shown: \
its last lines are quoted when it fails. Before each game: `ucinewgame`, `isready` (an engine that does not \
answer `readyok` within --handshake-timeout, here or later, loses on time). Engines are told `quit` \
and killed when the match ends, also on an error.

Each move. The engine to move is sent `position startpos moves <every ply from the start>` (the opening \
included), its read-back command if any, and `isready`; everything before `readyok` is its answer to the \
history. Then `go movetime MS` and `stop` exactly MS after it unless the move came first (Sanmill ignores \
movetime and is stopped; lapilli honours it: both get the same wall time), or with --depth D `go depth D` \
and no stop. A move that has not come --move-timeout after `go` loses on time (\"time-forfeit\"); an engine \
whose output ends loses (\"crash\"); either is started again for the next game. Each engine's time per move \
is measured from `go` to its `bestmove` line, and reported (median and maximum).

Checks. lapilli's rules read every bestmove in the game's notation and check it; an unreadable or illegal \
move, or `bestmove none`/`(none)`/`draw` while the rules say the game goes on, is a disagreement. The \
engines check every ply through the history: an `info string` line with \"illegal\" in the answer to \
`position` is a disagreement; so is a read-back that differs: --first-readback/--second-readback fen (send \
`fen`, answered `fen <Sanmill FEN>` by the Rust Sanmill, compared point by point with the rules' position: \
morris games only) or d (send `d` and read its line `Fen: <text>`: lapilli's position text, compared \
exactly, or the Sanmill FEN the C++ Sanmill prints there). When the rules end a game (or the ply limit does) \
both engines are sent the whole game, so that the last ply is checked by both too (after a repetition or \
no-progress draw a Sanmill FEN is not compared, since the Rust Sanmill ends such games in its FEN). A \
disagreement ends the game without a result (it is not counted in the score) and, unless \
--continue-on-disagreement, stops the match after the games in play; the match then ends with an error of kind \
`engine` (exit status 3), also with --continue-on-disagreement when there was any.

Games. The rules' game record adjudicates: the result of the rules, threefold repetition, the no-progress \
rule, and --max-plies (a draw; the opening's plies count). Openings: --openings N (default 20) distinct \
random openings from --seed, each of a number of uniformly random legal plies drawn from --opening-plies, \
none ending the game; or --openings-file FILE (one a line, plies in the game's notation separated by spaces, \
# starts a comment; all its lines, or the first --openings N). Every opening is played twice, back to back: \
game 1 with the first engine on the side that moves first, game 2 with the sides swapped, then the next \
opening. --concurrency N plays N games at a time, each worker with its own two engine processes; games are \
reported in their order. With --sprt, after each complete pair (both games with a result) the pentanomial \
log-likelihood ratio decides: once it leaves the bounds the match stops after the games in play.

Output. On standard error a line per game: its number, the opening, who played which side, the result and \
why, the plies, and the first engine's running wins, draws, losses and score. On standard output a summary: \
the engines, games, the first engine's wins/draws/losses and score, Elo with its 95% interval (per game, and \
per pair of games of one opening), the SPRT, endings by kind, disagreements, losses on time and crashes, and \
each engine's time per move. All results are from the first engine's point of view.

--json prints one object instead of the summary: game, variant, first and second ({name, command, options, \
readback}), movetime_ms (null with --depth), depth (null without), move_timeout_ms, max_plies, concurrency, \
openings ({count, seed, plies: [min, max], file}, the unused ones null), games_planned, games (with a result), \
wins, draws, losses, points, score (points/games, null without games), elo ({score, elo, low, high}; null \
without games; an infinite bound is null), pairs, pentanomial (pairs scoring 0, 0.5, 1, 1.5, 2 points), \
elo_pairs, by_side ({<side name>: {games, wins, draws, losses}}: the first engine on each side), sprt (null \
without --sprt, else {elo0, elo1, alpha, beta, lower, upper, llr, pairs, decision: continue|H0|H1, \
stopped_match}), endings ({kind: count}), disagreements ([{game, opening, ply, move, engine, what}]), \
forfeits and crashes ({first, second}), time ({first, second}: {moves, median_ms, max_ms, mean_ms}) and \
stopped (null, \"sprt\", \"disagreement\" or \"error\"). A match that ends with an error after games were \
played prints that object with an `error` key ({kind, message}) added.

--log FILE writes JSON lines: first {\"type\": \"header\"} with the settings (the keys above up to \
games_planned, sprt, and opening_list: each opening's plies), then one {\"type\": \"game\"} per game in order: game, opening (both from 1), \
opening_plies, the engine on each side (keyed by side name, e.g. white, black), first_engine_side, moves \
(every ply, the opening's first), result (the winning side's name, draw, or null without a result), \
first_engine_result (win, draw, loss or null), ending (its kind: the rules' kind such as line or blocked, \
repetition, no-progress, ply-limit, time-forfeit, crash, or disagreement), reason (in words), plies, \
times_ms and info (per ply, null for the opening's: the ms from go to bestmove, and {depth, score} as the \
engine last reported them), disagreement (null or {ply, move, engine, what}). Every game can be replayed \
from its moves.";

/// An engine's command line, split as a shell would.
#[derive(Clone, Debug)]
pub struct CommandLine(Vec<String>);

/// The options of `lapilli match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The first engine's command line [default: this program as `lapilli
    /// uci GAME` with the variant options]
    #[arg(long, value_name = "CMD", value_parser = parse_command)]
    first: Option<CommandLine>,
    /// The second engine's command line [default: as --first's].
    #[arg(long, value_name = "CMD", value_parser = parse_command)]
    second: Option<CommandLine>,
    /// An option for the first engine, sent as `setoption name NAME value
    /// VALUE` at start-up (repeat for more, sent in order).
    #[arg(long = "first-option", value_name = "NAME=VALUE", value_parser = parse_option)]
    first_options: Vec<(String, String)>,
    /// An option for the second engine (see --first-option).
    #[arg(long = "second-option", value_name = "NAME=VALUE", value_parser = parse_option)]
    second_options: Vec<(String, String)>,
    /// The first engine's name in the reports [default: its `id name`].
    #[arg(long, value_name = "NAME")]
    first_name: Option<String>,
    /// The second engine's name in the reports [default: its `id name`].
    #[arg(long, value_name = "NAME")]
    second_name: Option<String>,
    /// How the first engine's position is read back after each history:
    /// none, fen (the Rust Sanmill's `fen`) or d (`d`'s `Fen:` line).
    #[arg(long, value_enum, value_name = "MODE", default_value = "none")]
    first_readback: Readback,
    /// How the second engine's position is read back (see
    /// --first-readback).
    #[arg(long, value_enum, value_name = "MODE", default_value = "none")]
    second_readback: Readback,
    /// Time per move in milliseconds: `go movetime MS`, and `stop` MS after
    /// the `go`.
    #[arg(long, value_name = "MS", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    movetime: u64,
    /// Search to this depth instead of a time: `go depth D` without
    /// `stop` (lapilli's games are then the same from run to run).
    #[arg(long, value_name = "D", conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..=200))]
    depth: Option<u32>,
    /// The longest an engine may take to answer `uci` with `uciok` and
    /// `isready` with `readyok`, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    handshake_timeout: u64,
    /// A move not answered this long after `go` loses on time
    /// [default: MS + max(1000, MS) with --movetime, 60000 with --depth].
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    move_timeout: Option<u64>,
    /// The number of openings, each played with both colours [default:
    /// 20; with --openings-file, all of its openings].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    openings: Option<u32>,
    /// The seed of the random openings.
    #[arg(long, default_value_t = 2024)]
    seed: u64,
    /// The random openings' length in plies, MIN..MAX (or N), each length
    /// equally likely.
    #[arg(long, value_name = "MIN..MAX", default_value = "2..4", value_parser = parse_plies)]
    opening_plies: RangeInclusive<usize>,
    /// Read the openings from a file instead: one a line, plies in the
    /// game's notation separated by spaces; `#` starts a comment line.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "opening_plies"])]
    openings_file: Option<PathBuf>,
    /// A draw after this many plies, the opening's included.
    #[arg(long, value_name = "N", default_value_t = 300,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: u32,
    /// Games played at a time, each with its own two engine processes.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: u32,
    /// A sequential probability ratio test on pairs of games,
    /// `elo0=E0,elo1=E1[,alpha=A,beta=B]` (alpha and beta 0.05 by
    /// default): the match stops when it decides.
    #[arg(long, value_name = "SPEC", value_parser = parse_sprt)]
    sprt: Option<Sprt>,
    /// Go on after a rules disagreement (the game has no result) instead
    /// of stopping the match.
    #[arg(long)]
    continue_on_disagreement: bool,
    /// Write the settings and every game as JSON lines to this file.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Print one JSON object instead of text (keys in the long help); an
    /// error is then also printed as {"error": {"kind": ..., "message":
    /// ...}}.
    #[arg(long)]
    json: bool,
}

fn parse_command(text: &str) -> Result<CommandLine, String> {
    let words =
        shell_words::split(text).map_err(|e| format!("{e} (the command line is split as a shell does)"))?;
    if words.is_empty() {
        return Err("the command line is empty".into());
    }
    Ok(CommandLine(words))
}

fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err("expected NAME=VALUE, e.g. Hash=16".into()),
    }
}

fn parse_plies(text: &str) -> Result<RangeInclusive<usize>, String> {
    let number = |t: &str| {
        t.trim().parse::<usize>().ok().filter(|&n| n <= 1000).ok_or_else(|| {
            format!("{:?} is not a number of plies from 0 to 1000; write MIN..MAX, e.g. 2..4", t.trim())
        })
    };
    let (min, max) = match text.split_once("..") {
        Some((min, max)) => (number(min)?, number(max.strip_prefix('=').unwrap_or(max))?),
        None => (number(text)?, number(text)?),
    };
    if min > max {
        return Err(format!("{min}..{max} is empty: MIN must not exceed MAX"));
    }
    Ok(min..=max)
}

fn parse_sprt(text: &str) -> Result<Sprt, String> {
    text.parse::<Sprt>().map_err(|e| e.to_string())
}

/// `lapilli match` with its options, for one variant.
pub struct Match<'o> {
    /// The options.
    pub args: MatchArgs,
    /// The game's name, for the engines' default command and the workers.
    pub game: String,
    /// The variant options given, likewise.
    pub given: GivenOptions,
    /// Where the summary goes.
    pub out: &'o mut dyn Write,
}

/// A worker's news for the main thread.
enum Msg {
    /// Worker `.0` is ready for its first game.
    Ready(usize),
    /// Worker `.0` played game `.1` (from 0), and is ready for the next.
    Done(usize, usize, Played),
    /// A line for standard error, now.
    Note(String),
    /// The match cannot go on (the worker has stopped).
    Fatal(CliError),
}

/// What the workers share.
struct Shared {
    handshake_timeout: Duration,
    game: String,
    given: GivenOptions,
    specs: [EngineSpec; 2],
    names: [String; 2],
    rules: referee::Rules,
    openings: Vec<Opening>,
    total: usize,
    /// Set on an error: the games in play are abandoned.
    abort: AtomicBool,
}

/// The default engine: this program's `uci` on the same game and variant.
fn default_command(game: &str, given: &GivenOptions) -> crate::Result<Vec<String>> {
    let exe = std::env::current_exe().map_err(|e| {
        CliError::new(Kind::Io, format!("cannot find this program to run it as an engine: {e}"))
    })?;
    let mut command = vec![exe.to_string_lossy().into_owned(), "uci".into(), game.into()];
    for name in given.names() {
        command.push(format!("--{name}"));
        if !given.flag(name) {
            command.extend(given.value(name).map(str::to_string));
        }
    }
    Ok(command)
}

/// An engine that could not be started, as an error of kind `engine`.
fn start_error(spec: &EngineSpec, message: &str) -> CliError {
    CliError::new(
        Kind::Engine,
        format!("the {} engine ({}) did not start: {message}", spec.label, spec.command_line()),
    )
}

/// The name an engine goes by when none is given: its `id name`, else its
/// program's file name.
fn reported_name(engine: &Engine, spec: &EngineSpec) -> String {
    engine.id_name.clone().filter(|n| !n.trim().is_empty()).unwrap_or_else(|| {
        let program = std::path::Path::new(&spec.command[0]);
        program.file_name().map_or_else(|| spec.command[0].clone(), |n| n.to_string_lossy().into_owned())
    })
}

/// A worker: plays the games the main thread gives it (`None`: no more),
/// with its own two engines.
struct Worker<'s> {
    id: usize,
    shared: &'s Shared,
    seats: Seats,
    /// Whether each seat's engine has been started (a start after that is
    /// a restart, and is said so).
    started: [bool; 2],
    tx: Sender<Msg>,
    jobs: Receiver<Option<usize>>,
}

impl GameVisitor for Worker<'_> {
    type Output = ();

    fn visit<V: VariantDescriptor>(mut self, v: V) {
        let s = self.shared;
        let _ = self.tx.send(Msg::Ready(self.id));
        while let Ok(Some(index)) = self.jobs.recv() {
            for seat in 0..2 {
                if self.seats[seat].is_some() {
                    continue;
                }
                let spec = &s.specs[seat];
                match Engine::start(spec, s.handshake_timeout) {
                    Ok(engine) => {
                        self.seats[seat] = Some(engine);
                        if self.started[seat] {
                            let note = format!("the {} engine was started again", spec.label);
                            let _ = self.tx.send(Msg::Note(note));
                        }
                        self.started[seat] = true;
                    }
                    Err(message) => {
                        let _ = self.tx.send(Msg::Fatal(start_error(spec, &message)));
                        return;
                    }
                }
            }
            let opening = &s.openings[index / 2];
            match referee::play(&v, &mut self.seats, &s.names, opening, index % 2 == 0, &s.rules, &s.abort) {
                Ok(played) if played.outcome == Outcome::Aborted => return,
                Ok(played) => {
                    let _ = self.tx.send(Msg::Done(self.id, index, played));
                }
                Err(fatal) => {
                    let spec = &s.specs[fatal.seat];
                    let message = format!(
                        "the {} engine ({}) in game {}: {}",
                        spec.label,
                        s.names[fatal.seat],
                        index + 1,
                        fatal.message
                    );
                    let _ = self.tx.send(Msg::Fatal(CliError::new(Kind::Engine, message)));
                    return;
                }
            }
        }
    }
}

/// A result from the first engine's point of view.
fn first_engine_result(winner: Option<usize>, first_side: usize) -> stats::Outcome {
    match winner {
        None => stats::Outcome::Draw,
        Some(w) if w == first_side => stats::Outcome::Win,
        Some(_) => stats::Outcome::Loss,
    }
}

fn outcome_word(o: stats::Outcome) -> &'static str {
    match o {
        stats::Outcome::Win => "win",
        stats::Outcome::Draw => "draw",
        stats::Outcome::Loss => "loss",
    }
}

/// Times per move of one engine, in milliseconds.
#[derive(Serialize, Debug, Clone, PartialEq)]
struct TimeJson {
    moves: usize,
    median_ms: Option<f64>,
    max_ms: Option<f64>,
    mean_ms: Option<f64>,
}

impl TimeJson {
    fn of(times: &[f64]) -> TimeJson {
        let mut sorted = times.to_vec();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let median = match n {
            0 => None,
            _ if n % 2 == 1 => Some(sorted[n / 2]),
            _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0),
        };
        let round = |x: f64| (x * 10.0).round() / 10.0;
        TimeJson {
            moves: n,
            median_ms: median.map(round),
            max_ms: sorted.last().copied().map(round),
            mean_ms: (n > 0).then(|| round(sorted.iter().sum::<f64>() / n as f64)),
        }
    }

    fn text(&self) -> String {
        match (self.median_ms, self.max_ms) {
            (Some(median), Some(max)) => {
                format!("median {median:.1} ms, max {max:.1} ms ({} moves)", self.moves)
            }
            _ => "no moves".into(),
        }
    }
}

/// The running account of the match, in game order.
struct Account {
    tally: Tally,
    pairs: PairTally,
    by_side: [Tally; 2],
    /// The first engine's result of each game, by index.
    results: Vec<Option<stats::Outcome>>,
    endings: BTreeMap<String, u64>,
    disagreements: Vec<Value>,
    forfeits: [u64; 2],
    crashes: [u64; 2],
    times: [Vec<f64>; 2],
    /// The SPRT's decision that stopped the match.
    sprt_stop: Option<SprtDecision>,
    stopped: Option<&'static str>,
}

fn decision_word(d: SprtDecision) -> &'static str {
    match d {
        SprtDecision::Continue => "continue",
        SprtDecision::AcceptH0 => "H0",
        SprtDecision::AcceptH1 => "H1",
    }
}

/// Wins, draws and losses in words: "2 wins, 1 draw, 0 losses".
fn wdl(wins: u32, draws: u32, losses: u32) -> String {
    let n = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!("{}, {}, {}", n(wins, "win", "wins"), n(draws, "draw", "draws"), n(losses, "loss", "losses"))
}

fn percent(score: Option<f64>) -> String {
    score.map_or_else(|| "-".into(), |s| format!("{:.1}%", 100.0 * s))
}

impl GameVisitor for Match<'_> {
    type Output = crate::Result<()>;

    fn visit<V: VariantDescriptor>(self, v: V) -> crate::Result<()> {
        let a = self.args;
        for (mode, flag) in [(a.first_readback, "--first-readback"), (a.second_readback, "--second-readback")]
        {
            if !referee::readback_fits(&v, mode) {
                return fail(
                    Kind::Option,
                    format!(
                        "{flag} fen: a Sanmill FEN is a morris position, and {} is not a morris game; \
                         use d or none",
                        v.name()
                    ),
                );
            }
        }
        let start = v.start();
        let (openings, seed, plies) = match &a.openings_file {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| {
                    CliError::new(Kind::Io, format!("--openings-file {}: {e}", path.display()))
                })?;
                let mut openings = read_openings(&start, &text).map_err(|e| {
                    let kind = match e {
                        OpeningError::GameOver { .. } => Kind::GameOver,
                        OpeningError::Empty => Kind::Option,
                        _ => Kind::Move,
                    };
                    CliError::new(kind, format!("--openings-file {}: {e}", path.display()))
                })?;
                if let Some(n) = a.openings {
                    openings.truncate(n as usize);
                }
                (openings, None, None)
            }
            None => {
                let count = a.openings.unwrap_or(20) as usize;
                let openings = random_openings(&start, count, a.opening_plies.clone(), a.seed)
                    .map_err(|e| CliError::new(Kind::Option, e.to_string()))?;
                (openings, Some(a.seed), Some(a.opening_plies.clone()))
            }
        };
        let default = default_command(&self.game, &self.given)?;
        let specs = [
            EngineSpec {
                label: "first",
                command: a.first.map_or_else(|| default.clone(), |c| c.0),
                options: a.first_options,
            },
            EngineSpec {
                label: "second",
                command: a.second.map_or(default, |c| c.0),
                options: a.second_options,
            },
        ];
        let readback = [a.first_readback, a.second_readback];
        let limit = match a.depth {
            Some(d) => MoveLimit::Depth(d),
            None => MoveLimit::Time(a.movetime),
        };
        let move_timeout = a.move_timeout.unwrap_or(match limit {
            MoveLimit::Time(ms) => ms + ms.max(1000),
            MoveLimit::Depth(_) => DEPTH_MOVE_TIMEOUT_MS,
        });
        let handshake_timeout = Duration::from_millis(a.handshake_timeout);
        let rules = referee::Rules {
            limit,
            move_timeout: Duration::from_millis(move_timeout),
            ready_timeout: handshake_timeout,
            max_plies: a.max_plies as usize,
            readback,
        };
        let mut log = match &a.log {
            Some(path) => Some(BufWriter::new(
                File::create(path)
                    .map_err(|e| CliError::new(Kind::Io, format!("--log {}: {e}", path.display())))?,
            )),
            None => None,
        };
        // The first pair of engines, started here so that their names are
        // known (and a failure reported) before any game.
        let mut first_pair: Seats = [None, None];
        for seat in 0..2 {
            let engine =
                Engine::start(&specs[seat], handshake_timeout).map_err(|m| start_error(&specs[seat], &m))?;
            first_pair[seat] = Some(engine);
        }
        let given_names = [a.first_name, a.second_name];
        let mut names: [String; 2] = [0, 1].map(|seat| {
            given_names[seat].clone().unwrap_or_else(|| {
                reported_name(first_pair[seat].as_ref().expect("started above"), &specs[seat])
            })
        });
        if names[0] == names[1] {
            for seat in 0..2 {
                if given_names[seat].is_none() {
                    names[seat] = format!("{} #{}", names[seat], seat + 1);
                }
            }
        }
        let sides = v.sides();
        let side_names = [sides[0].1, sides[1].1];
        let total = 2 * openings.len();
        let limit_text = match limit {
            MoveLimit::Time(ms) => format!("{ms} ms per move"),
            MoveLimit::Depth(d) => format!("depth {d} per move"),
        };
        let engine_json = |seat: usize| {
            let options: Vec<String> = specs[seat].options.iter().map(|(n, v)| format!("{n}={v}")).collect();
            json!({
                "name": names[seat],
                "command": specs[seat].command_line(),
                "options": options,
                "readback": readback[seat].name(),
            })
        };
        let settings = json!({
            "game": v.name(),
            "variant": v.title(),
            "first": engine_json(0),
            "second": engine_json(1),
            "movetime_ms": match limit { MoveLimit::Time(ms) => Some(ms), MoveLimit::Depth(_) => None },
            "depth": match limit { MoveLimit::Depth(d) => Some(d), MoveLimit::Time(_) => None },
            "move_timeout_ms": move_timeout,
            "max_plies": a.max_plies,
            "concurrency": a.concurrency,
            "openings": {
                "count": openings.len(),
                "seed": seed,
                "plies": plies.as_ref().map(|r| [*r.start(), *r.end()]),
                "file": a.openings_file.as_ref().map(|p| p.display().to_string()),
            },
            "games_planned": total,
        });
        if let Some(log) = log.as_mut() {
            let mut header = settings.clone();
            header["type"] = json!("header");
            header["sprt"] = a.sprt.map_or(
                Value::Null,
                |s| json!({"elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta}),
            );
            header["opening_list"] = json!(openings.iter().map(|o| o.moves.clone()).collect::<Vec<_>>());
            writeln!(log, "{header}")?;
            log.flush()?;
        }
        eprintln!(
            "match: {}: {} (first) against {} (second), {total} games ({} openings, both colours), {limit_text}",
            v.title(),
            names[0],
            names[1],
            openings.len()
        );
        let shared = Shared {
            handshake_timeout,
            game: self.game,
            given: self.given,
            specs,
            names,
            rules,
            openings,
            total,
            abort: AtomicBool::new(false),
        };
        let mut account = Account {
            tally: Tally::default(),
            pairs: PairTally::default(),
            by_side: [Tally::default(), Tally::default()],
            results: vec![None; total],
            endings: BTreeMap::new(),
            disagreements: Vec::new(),
            forfeits: [0; 2],
            crashes: [0; 2],
            times: [Vec::new(), Vec::new()],
            sprt_stop: None,
            stopped: None,
        };
        let mut fatal: Option<CliError> = None;
        let mut io_error: Option<CliError> = None;
        std::thread::scope(|scope| {
            let (tx, rx) = channel();
            let mut first_pair = Some(first_pair);
            let mut jobs = Vec::new();
            for id in 0..a.concurrency.min(total as u32) as usize {
                let seats = first_pair.take().unwrap_or([None, None]);
                let (job_tx, job_rx) = channel();
                jobs.push(job_tx);
                let started = [seats[0].is_some(), seats[1].is_some()];
                let worker = Worker { id, shared: &shared, seats, started, tx: tx.clone(), jobs: job_rx };
                let tx = tx.clone();
                let shared = &shared;
                scope.spawn(move || {
                    if let Err(e) = registry::with_game::<Games, _>(&shared.game, &shared.given, worker) {
                        let _ = tx.send(Msg::Fatal(CliError::new(Kind::Option, e.to_string())));
                    }
                });
            }
            drop(tx);
            let mut pending: BTreeMap<usize, Played> = BTreeMap::new();
            let (mut next_job, mut next_report) = (0, 0);
            let mut stop = false;
            let mut report = |index: usize, played: Played, account: &mut Account| {
                let game = GameText { index, played: &played, side_names, shared: &shared };
                if let Err(e) = account.add(&game, a.sprt, a.continue_on_disagreement, log.as_mut()) {
                    io_error.get_or_insert(e);
                    shared.abort.store(true, Ordering::SeqCst);
                }
            };
            for msg in rx {
                let ready = match msg {
                    Msg::Ready(id) => Some(id),
                    Msg::Done(id, index, played) => {
                        pending.insert(index, played);
                        while let Some(played) = pending.remove(&next_report) {
                            report(next_report, played, &mut account);
                            next_report += 1;
                        }
                        Some(id)
                    }
                    Msg::Note(note) => {
                        eprintln!("{note}");
                        None
                    }
                    Msg::Fatal(e) => {
                        fatal.get_or_insert(e);
                        shared.abort.store(true, Ordering::SeqCst);
                        None
                    }
                };
                stop |= account.stopped.is_some() || shared.abort.load(Ordering::SeqCst);
                // The next game for the worker that is ready, decided on
                // every result reported so far.
                if let Some(id) = ready {
                    let job = (!stop && next_job < total).then_some(next_job);
                    next_job += usize::from(job.is_some());
                    let _ = jobs[id].send(job);
                }
            }
            // Games after one abandoned (on an error) are reported too.
            for (index, played) in std::mem::take(&mut pending) {
                report(index, played, &mut account);
            }
        });
        if let Some(e) = io_error {
            return Err(e);
        }
        if fatal.is_some() {
            account.stopped = Some("error");
        }
        let summary = account.summary(settings, a.sprt, side_names);
        let error = fatal.or_else(|| {
            let n = account.disagreements.len();
            (n > 0).then(|| {
                let first = &account.disagreements[0];
                CliError::new(
                    Kind::Engine,
                    format!(
                        "{n} rules disagreement{} (the first in game {}: {}, {})",
                        if n == 1 { "" } else { "s" },
                        first["game"],
                        first["engine"].as_str().unwrap_or_default(),
                        first["what"].as_str().unwrap_or_default()
                    ),
                )
            })
        });
        let out = self.out;
        if a.json {
            let summary = serde_json::to_value(&summary)?;
            if let Some(e) = error {
                return Err(e.with_report(summary));
            }
            writeln!(out, "{summary}")?;
        } else {
            summary.write(out, &shared.names, side_names, &limit_text)?;
            if let Some(e) = error {
                return Err(e);
            }
        }
        Ok(())
    }
}

/// A game as the reports see it.
struct GameText<'a> {
    index: usize,
    played: &'a Played,
    side_names: [&'static str; 2],
    shared: &'a Shared,
}

impl GameText<'_> {
    /// The side the first engine played: 0 (the side that moves first) in
    /// the first game of a pair.
    fn first_side(&self) -> usize {
        self.index % 2
    }

    /// The engine's name on `side`.
    fn on_side(&self, side: usize) -> &str {
        &self.shared.names[if side == self.first_side() { 0 } else { 1 }]
    }

    fn opening(&self) -> &Opening {
        &self.shared.openings[self.index / 2]
    }

    /// The game as one JSON line of the log.
    fn log_json(&self) -> Value {
        let opening_plies = self.played.moves.len() - self.played.plies.len();
        let mut game = json!({
            "type": "game",
            "game": self.index + 1,
            "opening": self.index / 2 + 1,
            "opening_plies": opening_plies,
        });
        for side in 0..2 {
            game[self.side_names[side]] = json!(self.on_side(side));
        }
        let (result, first_result, ending, reason, disagreement) = match &self.played.outcome {
            Outcome::Result(e) => {
                let first = first_engine_result(e.winner, self.first_side());
                (
                    json!(e.winner.map_or("draw", |w| self.side_names[w])),
                    json!(outcome_word(first)),
                    e.kind.clone(),
                    e.text.clone(),
                    Value::Null,
                )
            }
            Outcome::Disagreement(d) => (
                Value::Null,
                Value::Null,
                "disagreement".to_string(),
                self.disagreement_text(d),
                json!({"ply": d.ply, "move": d.mv, "engine": self.shared.names[d.seat], "what": d.what}),
            ),
            Outcome::Aborted => (Value::Null, Value::Null, "aborted".into(), "abandoned".into(), Value::Null),
        };
        let mut times: Vec<Value> = vec![Value::Null; opening_plies];
        let mut info: Vec<Value> = vec![Value::Null; opening_plies];
        for p in &self.played.plies {
            times.push(json!((p.millis * 10.0).round() / 10.0));
            info.push(json!({"depth": p.depth, "score": p.score}));
        }
        let extra = json!({
            "first_engine_side": self.side_names[self.first_side()],
            "moves": self.played.moves,
            "result": result,
            "first_engine_result": first_result,
            "ending": ending,
            "reason": reason,
            "plies": self.played.moves.len(),
            "times_ms": times,
            "info": info,
            "disagreement": disagreement,
        });
        if let (Value::Object(game), Value::Object(extra)) = (&mut game, extra) {
            game.extend(extra);
        }
        game
    }

    fn disagreement_text(&self, d: &referee::Disagreement) -> String {
        let mv = d.mv.as_deref().map_or_else(String::new, |m| format!(" ({m})"));
        format!("rules disagreement at ply {}{mv} with {}: {}", d.ply, self.shared.names[d.seat], d.what)
    }
}

impl Account {
    /// Counts a game, prints its line, logs it, and decides whether the
    /// match stops (SPRT, disagreement).
    fn add(
        &mut self,
        game: &GameText<'_>,
        sprt: Option<Sprt>,
        continue_on_disagreement: bool,
        log: Option<&mut BufWriter<File>>,
    ) -> crate::Result<()> {
        let index = game.index;
        let first_side = game.first_side();
        for p in &game.played.plies {
            self.times[p.seat].push(p.millis);
        }
        let result_text = match &game.played.outcome {
            Outcome::Result(e) => {
                let first = first_engine_result(e.winner, first_side);
                self.tally.add(first);
                self.by_side[first_side].add(first);
                self.results[index] = Some(first);
                *self.endings.entry(e.kind.clone()).or_default() += 1;
                match (e.kind.as_str(), e.culprit) {
                    ("time-forfeit", Some(seat)) => self.forfeits[seat] += 1,
                    ("crash", Some(seat)) => self.crashes[seat] += 1,
                    _ => {}
                }
                e.text.clone()
            }
            Outcome::Disagreement(d) => {
                *self.endings.entry("disagreement".into()).or_default() += 1;
                self.disagreements.push(json!({
                    "game": index + 1,
                    "opening": index / 2 + 1,
                    "ply": d.ply,
                    "move": d.mv,
                    "engine": game.shared.names[d.seat],
                    "what": d.what,
                }));
                if !continue_on_disagreement && self.stopped.is_none() {
                    self.stopped = Some("disagreement");
                }
                format!("no result: {}", game.disagreement_text(d))
            }
            Outcome::Aborted => "abandoned".into(),
        };
        if index % 2 == 1 {
            if let (Some(x), Some(y)) = (self.results[index - 1], self.results[index]) {
                self.pairs.add(x, y);
                if let Some(sprt) = sprt {
                    let llr = sprt.llr_pairs(&self.pairs);
                    let decision = sprt.decision(llr);
                    if decision != SprtDecision::Continue && self.sprt_stop.is_none() {
                        self.sprt_stop = Some(decision);
                        self.stopped.get_or_insert("sprt");
                    }
                }
            }
        }
        let t = &self.tally;
        eprintln!(
            "game {}/{} [opening {}: {}] {}: {}, {}: {} -> {result_text}, {} plies; {}: W {} D {} L {}, {:.1}/{} = {}",
            index + 1,
            game.shared.total,
            index / 2 + 1,
            game.opening(),
            game.side_names[0],
            game.on_side(0),
            game.side_names[1],
            game.on_side(1),
            game.played.moves.len(),
            game.shared.names[0],
            t.wins,
            t.draws,
            t.losses,
            t.points(),
            t.games(),
            percent(t.score())
        );
        if let Some(log) = log {
            writeln!(log, "{}", game.log_json())?;
            log.flush()?;
        }
        Ok(())
    }

    /// The summary (see the long help's --json keys).
    fn summary(&self, settings: Value, sprt: Option<Sprt>, side_names: [&'static str; 2]) -> Summary {
        let t = &self.tally;
        let pairs = self.pairs.pairs();
        let sprt = sprt.map(|s| {
            let llr = s.llr_pairs(&self.pairs);
            let decision = self.sprt_stop.unwrap_or_else(|| s.decision(llr));
            SprtJson {
                elo0: s.elo0,
                elo1: s.elo1,
                alpha: s.alpha,
                beta: s.beta,
                lower: s.lower(),
                upper: s.upper(),
                llr,
                pairs,
                decision: decision_word(decision),
                stopped_match: self.sprt_stop.is_some(),
            }
        });
        Summary {
            settings,
            games: t.games(),
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            points: t.points(),
            score: t.score(),
            elo: t.elo(),
            pairs,
            pentanomial: self.pairs.counts,
            elo_pairs: if pairs > 0 { self.pairs.elo() } else { None },
            by_side: (0..2).map(|side| (side_names[side], SideJson::of(&self.by_side[side]))).collect(),
            sprt,
            endings: self.endings.clone(),
            disagreements: self.disagreements.clone(),
            forfeits: PerEngine { first: self.forfeits[0], second: self.forfeits[1] },
            crashes: PerEngine { first: self.crashes[0], second: self.crashes[1] },
            time: PerEngine { first: TimeJson::of(&self.times[0]), second: TimeJson::of(&self.times[1]) },
            stopped: self.stopped,
        }
    }
}

/// A count for each engine.
#[derive(Serialize, Debug, Clone)]
struct PerEngine<T> {
    first: T,
    second: T,
}

/// The first engine's results on one side.
#[derive(Serialize, Debug, Clone)]
struct SideJson {
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
}

impl SideJson {
    fn of(t: &Tally) -> SideJson {
        SideJson { games: t.games(), wins: t.wins, draws: t.draws, losses: t.losses }
    }
}

/// The SPRT's state at the end.
#[derive(Serialize, Debug, Clone)]
struct SprtJson {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    lower: f64,
    upper: f64,
    llr: f64,
    pairs: u32,
    decision: &'static str,
    stopped_match: bool,
}

/// The summary: the settings, then the results (`--json`).
#[derive(Serialize, Debug)]
struct Summary {
    #[serde(flatten)]
    settings: Value,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    points: f64,
    score: Option<f64>,
    elo: Option<EloEstimate>,
    pairs: u32,
    pentanomial: [u32; 5],
    elo_pairs: Option<EloEstimate>,
    by_side: BTreeMap<&'static str, SideJson>,
    sprt: Option<SprtJson>,
    endings: BTreeMap<String, u64>,
    disagreements: Vec<Value>,
    forfeits: PerEngine<u64>,
    crashes: PerEngine<u64>,
    time: PerEngine<TimeJson>,
    stopped: Option<&'static str>,
}

impl Summary {
    /// The summary as text.
    fn write(
        &self,
        out: &mut dyn Write,
        names: &[String; 2],
        side_names: [&str; 2],
        limit: &str,
    ) -> crate::Result<()> {
        let o = &self.settings["openings"];
        let source = match (o["file"].as_str(), o["plies"].as_array()) {
            (Some(file), _) => format!("from {file}"),
            (None, Some(p)) => format!("of {}..{} random plies, seed {}", p[0], p[1], o["seed"]),
            (None, None) => String::new(),
        };
        writeln!(out, "match: {}, {limit}", self.settings["variant"].as_str().unwrap_or_default())?;
        for (seat, key) in [(0, "first"), (1, "second")] {
            let e = &self.settings[key];
            let options: Vec<&str> = e["options"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let mut details = vec![e["command"].as_str().unwrap_or_default().to_string()];
            if !options.is_empty() {
                details.push(format!("options {}", options.join(" ")));
            }
            if let Some(mode) = e["readback"].as_str().filter(|m| *m != "none") {
                details.push(format!("read-back {mode}"));
            }
            writeln!(out, "{key} engine: {} ({})", names[seat], details.join("; "))?;
        }
        writeln!(
            out,
            "games: {} with a result, of {} ({} openings {source}, each with both colours)",
            self.games, self.settings["games_planned"], o["count"]
        )?;
        writeln!(
            out,
            "{}: {}; score {:.1}/{} = {}",
            names[0],
            wdl(self.wins, self.draws, self.losses),
            self.points,
            self.games,
            percent(self.score)
        )?;
        for name in side_names {
            if let Some(b) = self.by_side.get(name) {
                writeln!(out, "  as {name}: {}", wdl(b.wins, b.draws, b.losses))?;
            }
        }
        let elo = |e: &Option<EloEstimate>| e.as_ref().map_or_else(|| "-".to_string(), ToString::to_string);
        writeln!(out, "elo: {}", elo(&self.elo))?;
        let p = &self.pentanomial;
        writeln!(
            out,
            "elo by pairs: {} ({} pairs scoring 0/0.5/1/1.5/2 points: {} {} {} {} {})",
            elo(&self.elo_pairs),
            self.pairs,
            p[0],
            p[1],
            p[2],
            p[3],
            p[4]
        )?;
        if let Some(s) = &self.sprt {
            let decision = match s.decision {
                "H0" => "H0 accepted",
                "H1" => "H1 accepted",
                _ => "no decision yet",
            };
            writeln!(
                out,
                "sprt elo0={} elo1={} alpha={} beta={}: llr {:.2} (bounds {:.2} to {:.2}) after {} pairs: \
                 {decision}{}",
                s.elo0,
                s.elo1,
                s.alpha,
                s.beta,
                s.llr,
                s.lower,
                s.upper,
                s.pairs,
                if s.stopped_match { " (the match stopped there)" } else { "" }
            )?;
        }
        let endings: Vec<String> = self.endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
        writeln!(out, "endings: {}", if endings.is_empty() { "none".into() } else { endings.join(", ") })?;
        writeln!(out, "disagreements: {}", self.disagreements.len())?;
        for d in &self.disagreements {
            writeln!(
                out,
                "  game {} (opening {}), ply {}{}, {}: {}",
                d["game"],
                d["opening"],
                d["ply"],
                d["move"].as_str().map_or_else(String::new, |m| format!(" {m}")),
                d["engine"].as_str().unwrap_or_default(),
                d["what"].as_str().unwrap_or_default()
            )?;
        }
        writeln!(
            out,
            "losses on time: {} {}, {} {}; crashes: {} {}, {} {}",
            names[0],
            self.forfeits.first,
            names[1],
            self.forfeits.second,
            names[0],
            self.crashes.first,
            names[1],
            self.crashes.second
        )?;
        writeln!(out, "time per move, {}: {}", names[0], self.time.first.text())?;
        writeln!(out, "time per move, {}: {}", names[1], self.time.second.text())?;
        if let Some(stopped) = self.stopped {
            writeln!(out, "stopped early: {stopped}")?;
        }
        Ok(())
    }
}
