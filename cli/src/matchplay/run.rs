//! The running of a match: the engines' settings from the options, the
//! workers (each with its own pair of engine processes) that play the
//! games, and the channel over which they report to the main thread, which
//! hands out the games and reports them in order.

use super::args::MatchArgs;
use super::engine::{EngineProcess, EngineSpec};
use super::openings::{random_openings, read_openings, Opening, OpeningError};
use super::perfect::{measure, PerfectTally};
use super::referee::{self, GameResult, MatchRules, MoveLimit, Played, Seats};
use super::report::{Account, GameText};
use super::resume;
use super::stats::Sprt;
use crate::error::{fail, CliError, Kind};
use crate::interrupt::Interrupt;
use crate::Games;
use lapilli_registry as registry;
use lapilli_registry::{GameVisitor, VariantDescriptor};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::time::Duration;

/// The time a move may take with `--depth` before it loses on time, unless
/// `--move-timeout` says otherwise.
const DEPTH_MOVE_TIMEOUT_MS: u64 = 60_000;

/// `lapilli match` with its options, for one variant.
pub struct Match<'o> {
    /// The options.
    pub args: MatchArgs,
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

/// What the workers share (and the reports read).
pub(super) struct Shared {
    handshake_timeout: Duration,
    /// The variant id, for the workers ([`registry::with_game_id`]).
    id: String,
    specs: [EngineSpec; 2],
    /// The engines' names in the reports, by seat (0 the first engine).
    pub(super) names: [String; 2],
    rules: MatchRules,
    /// The openings, each played twice.
    pub(super) openings: Vec<Opening>,
    /// The number of games planned.
    pub(super) total: usize,
    /// Set on an error or a signal: the games in play are abandoned.
    abort: Arc<AtomicBool>,
}

/// The log header's `sprt`: its bounds and error rates, or null.
fn sprt_json(sprt: Option<Sprt>) -> Value {
    sprt.map_or(Value::Null, |s| json!({"elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta}))
}

/// The default engine: this program's `uci` on the same variant, named by
/// its id (`lapilli uci six-mens-morris+flying`).
fn default_command(id: &str) -> crate::Result<Vec<String>> {
    let exe = std::env::current_exe().map_err(|e| {
        CliError::new(Kind::Io, format!("cannot find this program to run it as an engine: {e}"))
    })?;
    Ok(vec![exe.to_string_lossy().into_owned(), "uci".into(), id.into()])
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
fn reported_name(engine: &EngineProcess, spec: &EngineSpec) -> String {
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
                match EngineProcess::start(spec, s.handshake_timeout) {
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
                Ok(played) if played.outcome == GameResult::Aborted => return,
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
                        "{flag} fen: {} reads no other program's position format to compare a FEN with; \
                         use d or none",
                        v.name()
                    ),
                );
            }
        }
        let start = v.start();
        // Against perfect play: the exact values (solution or tables),
        // loaded before the perfect engines start (they read the same
        // cache).
        let values = match a.against_perfect {
            true => Some(crate::perfect::values(&v, a.tablebase.as_deref(), a.json)?),
            false => None,
        };
        let (openings, seed, plies) = match &a.openings_file {
            None if a.tablebase.is_some() => {
                let dir = a.tablebase.as_deref().expect("just matched");
                let count = a.openings.unwrap_or(20) as usize;
                let starts = crate::perfect::table_starts(&v, dir, count, a.seed)?;
                let openings =
                    starts.into_iter().map(|(t, _)| Opening { start: Some(t), moves: vec![] }).collect();
                (openings, Some(a.seed), None)
            }
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
        let default = default_command(&v.id())?;
        let mut second = a.second.map_or_else(|| default.clone(), |c| c.0);
        if a.against_perfect {
            second.extend(["--perfect".to_string(), "--seed".into(), a.seed.to_string()]);
            if let Some(dir) = &a.tablebase {
                second.extend(["--tablebase".to_string(), dir.display().to_string()]);
            }
        }
        let specs = [
            EngineSpec {
                label: "first",
                command: a.first.map_or_else(|| default.clone(), |c| c.0),
                options: a.first_options,
            },
            EngineSpec { label: "second", command: second, options: a.second_options },
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
        let rules = MatchRules {
            limit,
            // The perfect player answers at once, but its first probe of a
            // tier loads that tier's table (seconds for the largest).
            move_timeout: [
                Duration::from_millis(move_timeout),
                Duration::from_millis(if a.against_perfect {
                    move_timeout.max(DEPTH_MOVE_TIMEOUT_MS)
                } else {
                    move_timeout
                }),
            ],
            ready_timeout: handshake_timeout,
            max_plies: a.max_plies as usize,
            readback,
        };
        let resumed = match (&a.log, a.resume) {
            (Some(path), true) if path.exists() => Some(resume::read(path)?),
            _ => None,
        };
        let mut log = match &a.log {
            Some(_) if resumed.is_some() => None,
            Some(path) => Some(BufWriter::new(
                File::create(path)
                    .map_err(|e| CliError::new(Kind::Io, format!("--log {}: {e}", path.display())))?,
            )),
            None => None,
        };
        // From here on a signal abandons the games in play and stops the
        // match, which then reports the games finished.
        let abort = Arc::new(AtomicBool::new(false));
        let raise = Arc::clone(&abort);
        let interrupt = Interrupt::catch(move |signal| {
            raise.store(true, Ordering::SeqCst);
            eprintln!(
                "match: {signal}: abandoning the games in play and ending the engines (another signal ends at once)"
            );
        })?;
        // The first pair of engines, started here so that their names are
        // known (and a failure reported) before any game.
        let mut first_pair: Seats = [None, None];
        for seat in 0..2 {
            let engine = EngineProcess::start(&specs[seat], handshake_timeout)
                .map_err(|m| start_error(&specs[seat], &m))?;
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
            "against_perfect": values.as_ref().map(|x| json!({"values": x.source, "seed": a.seed})),
        });
        let mut header = settings.clone();
        header["type"] = json!("header");
        header["sprt"] = sprt_json(a.sprt);
        header["opening_list"] = json!(openings.iter().map(|o| o.moves.clone()).collect::<Vec<_>>());
        if openings.iter().any(|o| o.start.is_some()) {
            header["start_positions"] = json!(openings.iter().map(|o| o.start.clone()).collect::<Vec<_>>());
        }
        if let Some(log) = log.as_mut() {
            writeln!(log, "{header}")?;
            log.flush()?;
        }
        let mut account = Account::new(total);
        if let Some(resumed) = &resumed {
            resumed.check(&header, total)?;
            for game in &resumed.games {
                account.add_logged(&v, &start, game, a.sprt, a.continue_on_disagreement);
            }
            log = Some(resumed.rewrite(&header)?);
            eprintln!("match: --resume: {} of the {total} games are in the log", resumed.games.len());
        }
        eprintln!(
            "match: {}: {} (first) against {} (second), {total} games ({} openings, both colours), {limit_text}",
            v.title(),
            names[0],
            names[1],
            openings.len()
        );
        let shared = Shared { handshake_timeout, id: v.id(), specs, names, rules, openings, total, abort };
        // The games the log holds; the others are played, in order, and
        // the report skips these.
        let played = resumed.as_ref().map_or_else(|| vec![false; total], |r| r.played(total));
        let todo: Vec<usize> = (0..total).filter(|&i| !played[i]).collect();
        let mut tally = PerfectTally::default();
        let mut fatal: Option<CliError> = None;
        let mut io_error: Option<CliError> = None;
        std::thread::scope(|scope| {
            let (tx, rx) = channel();
            let mut first_pair = Some(first_pair);
            let mut jobs = Vec::new();
            for id in 0..a.concurrency.min(todo.len().max(1) as u32) as usize {
                let seats = first_pair.take().unwrap_or([None, None]);
                let (job_tx, job_rx) = channel();
                jobs.push(job_tx);
                let started = [seats[0].is_some(), seats[1].is_some()];
                let worker = Worker { id, shared: &shared, seats, started, tx: tx.clone(), jobs: job_rx };
                let tx = tx.clone();
                let shared = &shared;
                scope.spawn(move || {
                    if let Err(e) = registry::with_game_id::<Games, _>(&shared.id, worker) {
                        let _ = tx.send(Msg::Fatal(CliError::new(Kind::Option, e.to_string())));
                    }
                });
            }
            drop(tx);
            let mut pending: BTreeMap<usize, Played> = BTreeMap::new();
            let (mut next_job, mut next_report) = (0, 0);
            let skip_played = |next: &mut usize| {
                while *next < total && played[*next] {
                    *next += 1;
                }
            };
            skip_played(&mut next_report);
            let mut stop = false;
            let mut report = |index: usize, played: Played, account: &mut Account| {
                let measured = values.as_ref().map(|values| {
                    let opening = &shared.openings[index / 2];
                    let from = opening.start.as_deref().and_then(|t| v.parse_position(t).ok());
                    measure(&v, &from.unwrap_or_else(|| v.start()), &played, index % 2, values)
                });
                let perfect = measured.as_ref().map(|m| m.json(side_names));
                let game = GameText { index, played: &played, side_names, shared: &shared, perfect };
                if let Err(e) = account.add(&game, a.sprt, a.continue_on_disagreement, log.as_mut()) {
                    io_error.get_or_insert(e);
                    shared.abort.store(true, Ordering::SeqCst);
                }
                if let Some(m) = measured {
                    eprintln!("{}", m.text());
                    tally.add(&m);
                }
            };
            for msg in rx {
                let ready = match msg {
                    Msg::Ready(id) => Some(id),
                    Msg::Done(id, index, played) => {
                        pending.insert(index, played);
                        while let Some(game) = pending.remove(&next_report) {
                            report(next_report, game, &mut account);
                            next_report += 1;
                            skip_played(&mut next_report);
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
                    let job = (!stop && next_job < todo.len()).then(|| todo[next_job]);
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
        let interrupted = interrupt.error(&format!(" after {} of {total} games", account.games()));
        if let Some(signal) = interrupt.caught() {
            account.stopped = Some("interrupted");
            account.interrupted = Some(signal);
        }
        let summary = account.summary(settings, a.sprt, side_names);
        let perfect = values.as_ref().map(|x| (tally, x.source.clone()));
        if let (Some(_), Some(e)) = (&interrupted, &fatal) {
            eprintln!("error: {}", e.message);
        }
        let error = interrupted.or(fatal).or_else(|| {
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
            let mut summary = serde_json::to_value(&summary)?;
            if let Some((tally, source)) = &perfect {
                summary["perfect"] = tally.json(source, a.seed, side_names);
            }
            if let Some(e) = error {
                return Err(e.with_report(summary));
            }
            writeln!(out, "{summary}")?;
        } else {
            summary.write(out, &shared.names, side_names, &limit_text)?;
            if let Some((tally, source)) = &perfect {
                tally.write(out, &shared.names[0], source, side_names)?;
            }
            if let Some(e) = error {
                return Err(e);
            }
        }
        Ok(())
    }
}
