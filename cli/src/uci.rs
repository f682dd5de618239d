//! `lapilli uci`: the engine as a persistent process speaking Sanmill's
//! UCI-like text protocol on standard input and output, keeping its
//! transposition table between moves.
//!
//! The commands and answers are described in [`HELP`] (the command's
//! `--help`). The search runs on a background thread, so that `stop`,
//! `isready` and `quit` are answered while it runs; every line is written
//! whole and flushed.

use crate::analyze::search_options;
use crate::error::{CliError, Kind};
use crate::perfect::{self, Values};
use crate::play::{checked_plies, game_over_text};
use crate::tablebase::{open_tables, search_with_tables};
use lapilli_board_graph::notation::excerpt;
use lapilli_game::{CheckedGame, GameRecord, RecordError, ScoreKind};
use lapilli_registry::{GameVisitor, MoveOf, VariantDescriptor};
use lapilli_search::{Analysis, Engine, Options, StopHandle};
use lapilli_tablebase::Oracle;
use std::io::{BufRead, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

mod options;

/// The long help of `lapilli uci`.
pub const HELP: &str = "\
Speak Sanmill's UCI-like protocol on standard input and output, as a persistent process that keeps its \
transposition table between moves, so that a tool that drives Sanmill can drive lapilli.

Commands (one a line; answers in brackets):
  uci                      [id name, id author, the options, uciok]
  isready                  [readyok], also while a search runs
  setoption name N value V options Hash (MiB, 1-65536, default 16), Threads (1-64, default 1), MoveTime \
(whole seconds a bare `go` searches, 1-3600, default 1, as Sanmill's) and LateMoveReductions (true or false, \
default true: late quiet moves searched first at a reduced depth, and nodes off the principal variation \
without a table move a ply shallower, in an aspiration window; false searches full width with the full \
window, deepening by the evaluation's step: two plies in the morris games); an unknown option or a bad value is \
answered with `info string` and changes nothing; Hash, Threads and LateMoveReductions stop a running search \
first
  ucinewgame               stops a running search, clears the transposition table and sets the start position
  position startpos [moves m1 m2 ...]
  position fen <position text> [moves m1 m2 ...]
                           the text is lapilli's (see `lapilli perft --help`); the moves are in the game's \
notation (morris: d7 places, a1-a4 slides or flies, xg7 removes as a ply of its own by the same side). A move \
that does not read, is illegal or comes after the game ended is answered with `info string illegal move <m>: \
<reason>`, and the position is the one before it (the moves after it are not played)
  go [movetime MS] [depth D] [nodes N] [infinite]
                           searches the position on a background thread; the limits given combine (the \
first reached stops the search); with none, MoveTime seconds. A `go` while a search with limits runs waits for its answer first; during `go infinite` it is refused with `info string`. Answers `info depth D score cp S nodes N time MS \
nps R pv ...` and `bestmove <move>`. `infinite` searches until `stop` (a search that ends sooner, its result \
proven, holds its answer until then). In a finished game (by the rules, threefold repetition or the \
no-progress rule, counted from the moves given) the answer is `info string game over: <result>` and \
`bestmove none`
  stop                     stops the search now; it answers with the deepest iteration it completed (the first iteration is always completed first: depth 1, or with LateMoveReductions false in the morris games depth 2 under an even or no depth limit)
  d                        prints the board and `Fen: <position text>`
  quit                     stops any search and ends the program; at the end of the input the program ends after a search with limits has answered (an infinite one is stopped)

Scores are for the side to move: `score cp S` in the game's evaluation units, `score mate N` for a proven \
result, N in plies (not moves, since a morris removal is a ply of the same side), negative when the side to \
move loses. Anything else is answered with `info string`, never an exit.

--perfect plays the perfect player instead of the engine: `go` answers at once with a ply of the best value \
from the game's solution (built on first use, as `lapilli solve` does, kept in the cache folder) or, with \
--tablebase DIR, from the endgame tables of DIR (a position they do not cover, or one with a successor they \
do not cover, is answered `info string the perfect player has no ply: ...` and `bestmove none`). Among the \
plies of equal value (the same WDL and, for a win or a loss, the same DTM: the fastest win, the slowest loss, \
any drawing ply) it picks uniformly at random, from --seed (default 0), the position and the number of plies \
played before it: the same seed and history give the same ply. Its answer is `info depth 0 score mate N|cp 0 \
nodes K time 0 pv <ply>` (K the number of plies it picked among) and `bestmove <ply>`; its `id name` is \
`lapilli perfect <version>`; the options are accepted and change nothing.

--tablebase DIR without --perfect: the engine probes the endgame tables of DIR (`lapilli tablebase build`) \
inside its search, as `analyze --tablebase` does: a position they cover scores its exact value, `score mate \
N` for a win or loss in N plies, and is not searched below; the others are searched as usual. Every table is \
read before the protocol starts (a folder without tables, or a table that cannot be read, is an error then). \
Where the tables cover the position and every ply from it, the ply comes from them whatever the limits: the \
shortest win at once (`info depth 0 score mate N`), or the search's choice among the drawing plies (or those \
of the longest loss), scored with the exact value.

--seed S without --perfect gives the engine variety without losing value: when the ply it chose (by its \
search, or from the tables of --tablebase) is irreversible (a placement, a removal or a capture, so that no \
earlier position can come back), it plays one of the images of that ply under the board's automorphisms that \
leave the position as it is: plies of equal value, since the rules are the same on every image (from the start \
of Nine Men's Morris, where it places on a midpoint of the middle ring, any of the 4). The image, and its \
principal variation with it, is drawn from S (0 to 2^64-1), the position and the number of plies played before \
it: the same seed maps the same chosen ply in the same position the same way, and different seeds may pick \
different images (a ply has often only 2 or 4, so seeds share them). A ply that no automorphism fixing the \
position moves, and a reversible ply, are played as without --seed. (The chosen ply itself depends, as without \
--seed, on the limits, the threads and what the table kept from earlier searches. A seeded shuffle of the \
root's order lost Elo, even over the opening alone: see docs/design.md.)";

/// The longest input line read, in bytes (1 MiB: a `position ... moves`
/// line of tens of thousands of plies); a longer one is dropped with an
/// `info string`.
const MAX_LINE: u64 = 1 << 20;

/// The time a bare `go` searches when MoveTime is not set, in seconds.
const DEFAULT_MOVE_SECONDS: u64 = 1;

/// The lines the program writes: whole, flushed, from any thread.
#[derive(Clone)]
struct Printer(Arc<Mutex<Box<dyn Write + Send>>>);

impl Printer {
    /// Writes `line` and a newline, and flushes. A closed output is
    /// ignored: the driver has gone, and the input's end will end the
    /// program.
    fn line(&self, line: &str) {
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(out, "{line}").and_then(|()| out.flush());
    }
}

/// `lapilli uci` on one variant.
pub struct Uci {
    /// `--perfect --seed S`: play the perfect ply instead of searching,
    /// choosing among plies of equal value from the seed `S`.
    pub perfect: Option<u64>,
    /// `--seed S` without `--perfect`: the engine's irreversible plies
    /// varied among their symmetric images ([`varied`]).
    pub variety: Option<u64>,
    /// `--tablebase DIR`: the endgame tables the perfect player plays from
    /// instead of the game's solution, or, without `--perfect`, that the
    /// engine probes inside its search.
    pub tablebase: Option<std::path::PathBuf>,
}

/// Endgame tables shared with the search thread.
type Tables<V> = Arc<dyn Oracle<<V as VariantDescriptor>::Position>>;

impl GameVisitor for Uci {
    type Output = crate::Result<()>;

    fn visit<V: VariantDescriptor>(self, v: V) -> crate::Result<()> {
        let out = Printer(Arc::new(Mutex::new(Box::new(std::io::stdout()))));
        let (perfect, tables) = match (self.perfect, &self.tablebase) {
            (Some(seed), dir) => (Some((perfect::values(&v, dir.as_deref(), true)?, seed)), None),
            (None, Some(dir)) => {
                // Read before the protocol starts: no search pays for it.
                let tables = Tables::<V>::from(open_tables(&v, dir, "--tablebase")?);
                tables.load_all().map_err(crate::error::tablebase_error)?;
                (None, Some(tables))
            }
            (None, None) => (None, None),
        };
        let mut session = Session::new(v, out)?;
        session.variety = self.variety;
        session.perfect = perfect;
        session.tables = tables;
        let mut input = std::io::stdin().lock();
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            if input.by_ref().take(MAX_LINE).read_until(b'\n', &mut bytes)? == 0 {
                break;
            }
            if bytes.last() != Some(&b'\n') && bytes.len() as u64 == MAX_LINE {
                // A line longer than any command: dropped to its end, unread,
                // so that one endless line cannot fill the memory.
                let mut rest = Vec::new();
                loop {
                    rest.clear();
                    let n = input.by_ref().take(MAX_LINE).read_until(b'\n', &mut rest)?;
                    if n == 0 || rest.last() == Some(&b'\n') {
                        break;
                    }
                }
                session.info(&format!("a line longer than {} KiB; ignored", MAX_LINE >> 10));
                continue;
            }
            let text = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
            let text = text.strip_suffix(b"\r").unwrap_or(text);
            // A line that is not UTF-8 is answered, never the end of the
            // engine.
            let Ok(line) = std::str::from_utf8(text) else {
                session.info("a line that is not UTF-8 text; ignored");
                continue;
            };
            if !session.command(line) {
                session.halt();
                return Ok(());
            }
        }
        // At the end of the input a search with limits answers first
        // (so that `printf 'go depth 6' | lapilli uci` answers); an
        // infinite one is stopped.
        if session.infinite {
            session.stop.stop();
        }
        session.wait();
        Ok(())
    }
}

/// An engine that may be lent to a search thread.
type Searcher<V> = Engine<<V as VariantDescriptor>::Position>;

/// The state of the protocol: the variant, the engine (or the search
/// thread that holds it), the position and the options.
struct Session<V: VariantDescriptor> {
    v: V,
    engine: Option<Searcher<V>>,
    /// The running search's thread; it gives the engine back (`None` only
    /// if it never had it).
    search: Option<JoinHandle<Option<Searcher<V>>>>,
    /// Whether the last search started was `go infinite`.
    infinite: bool,
    /// Set by the search thread just before it prints its `bestmove`.
    answered: Arc<AtomicBool>,
    stop: StopHandle,
    record: GameRecord<V::Position>,
    hash_mib: usize,
    threads: usize,
    reductions: bool,
    move_seconds: u64,
    out: Printer,
    /// With `--perfect`: the values played from, and the seed.
    perfect: Option<(Values<V::Position>, u64)>,
    /// With `--tablebase` alone: the tables the search probes.
    tables: Option<Tables<V>>,
    /// The seed of the engine's variety (`--seed` without `--perfect`).
    variety: Option<u64>,
}

/// The engine options of `lapilli uci`: `hash_mib` MiB of table,
/// `threads` threads, [`Options::playing`] if `reductions` (else
/// [`Options::default`]: full width).
fn engine_options(hash_mib: usize, threads: usize, reductions: bool) -> Options {
    search_options(reductions).with_table_bytes(hash_mib << 20).with_threads(threads)
}

impl<V: VariantDescriptor> Session<V> {
    /// A session with the default engine (16 MiB of table, one thread).
    ///
    /// # Errors
    /// Kind `resources` when the system refuses the table's memory.
    fn new(v: V, out: Printer) -> crate::Result<Session<V>> {
        let engine = Engine::try_with_options(engine_options(16, 1, true))
            .map_err(|e| CliError::new(Kind::Resources, format!("{e}: the system refused")))?;
        let stop = engine.stop_handle();
        let record = start_record(v.start());
        Ok(Session {
            v,
            engine: Some(engine),
            search: None,
            infinite: false,
            answered: Arc::new(AtomicBool::new(false)),
            stop,
            record,
            hash_mib: 16,
            threads: 1,
            reductions: true,
            move_seconds: DEFAULT_MOVE_SECONDS,
            out,
            perfect: None,
            tables: None,
            variety: None,
        })
    }

    fn info(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    /// Answers one command line; false after `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else { return true };
        match first {
            "uci" => {
                let perfect = if self.perfect.is_some() { " perfect" } else { "" };
                self.out.line(&format!("id name lapilli{perfect} {}", env!("CARGO_PKG_VERSION")));
                self.out.line("id author the lapilli authors");
                self.out.line("option name Hash type spin default 16 min 1 max 65536");
                self.out.line("option name Threads type spin default 1 min 1 max 64");
                self.out.line(&format!(
                    "option name MoveTime type spin default {DEFAULT_MOVE_SECONDS} min 1 max 3600"
                ));
                self.out.line("option name LateMoveReductions type check default true");
                self.out.line("uciok");
            }
            "isready" => self.out.line("readyok"),
            "setoption" => self.set_option(rest),
            "ucinewgame" => {
                self.halt();
                if let Some(engine) = &mut self.engine {
                    engine.clear();
                }
                self.record = start_record(self.v.start());
            }
            "position" => self.position(rest),
            "go" => self.go(rest),
            "stop" => self.halt(),
            "d" => {
                let pos = self.record.position();
                let diagram = self.v.diagram(pos, self.record.moves().last().copied());
                for l in diagram.lines() {
                    self.out.line(l);
                }
                self.out.line(&format!("Fen: {pos}"));
            }
            "quit" => return false,
            other => self.info(&format!("unknown command {:?}", excerpt(other))),
        }
        true
    }

    /// Stops any search and waits for its answer (a command that needs
    /// the engine, such as `ucinewgame` or `setoption name Hash`, stops
    /// a running search this way rather than wait for an infinite one).
    fn halt(&mut self) {
        self.stop.stop();
        self.wait();
    }

    /// Waits for the running search, if any, and takes the engine back.
    fn wait(&mut self) {
        if let Some(search) = self.search.take() {
            match search.join() {
                Ok(Some(engine)) => self.engine = Some(engine),
                Ok(None) | Err(_) => {
                    self.info("the search failed; a new engine with an empty table takes over");
                    self.out.line("bestmove none");
                    self.rebuild_engine(self.hash_mib, self.threads, self.reductions);
                }
            }
        }
    }

    /// A new engine with `hash_mib` MiB of table, `threads` threads and
    /// [`Options::playing`] if `reductions` (else full width); on failure
    /// the old engine stays.
    fn rebuild_engine(&mut self, hash_mib: usize, threads: usize, reductions: bool) {
        match Engine::try_with_options(engine_options(hash_mib, threads, reductions)) {
            Ok(engine) => {
                self.stop = engine.stop_handle();
                self.engine = Some(engine);
                (self.hash_mib, self.threads, self.reductions) = (hash_mib, threads, reductions);
            }
            Err(e) => self.info(&format!("Hash {hash_mib}: {e}; the table stays at {} MiB", self.hash_mib)),
        }
    }

    /// `position startpos|fen <text> [moves ...]`.
    fn position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
        let (setup, moves) = (&words[..moves_at], words.get(moves_at + 1..).unwrap_or_default());
        let start = match setup {
            ["startpos"] => self.v.start(),
            ["fen", text @ ..] if !text.is_empty() => match self.v.parse_position(&text.join(" ")) {
                Ok(pos) => pos,
                Err(e) => {
                    return self.info(&format!(
                        "position fen {:?}: {e}; the position is unchanged",
                        excerpt(&text.join(" "))
                    ))
                }
            },
            _ => return self.info("position: expected `position startpos|fen <text> [moves ...]`"),
        };
        let mut record = start_record(start);
        for &text in moves {
            if let Err(reason) = play_word(&self.v, &mut record, text) {
                self.info(&format!("illegal move {}: {reason}", excerpt(text)));
                break;
            }
        }
        self.record = record;
    }

    /// `go [movetime MS] [depth D] [nodes N] [infinite]`.
    fn go(&mut self, words: &[&str]) {
        // A search with limits, or one that has answered, is waited for
        // (it ends by itself); an infinite one still running is left
        // alone.
        if self.search.is_some() && (!self.infinite || self.answered.load(Ordering::Acquire)) {
            self.wait();
        }
        if self.search.is_some() {
            return self.info("go: an infinite search is running; send stop first");
        }
        let (limits, infinite) = self.limits(words);
        if let Some(status) = self.record.status() {
            let text = game_over_text(&self.v, self.record.position(), status);
            self.info(&format!("game over: {text}"));
            self.out.line("bestmove none");
            return;
        }
        if let Some((values, seed)) = &self.perfect {
            let pos = self.record.position();
            match perfect::choose::<V>(pos, self.record.moves().len(), values, *seed) {
                Ok((m, value, among)) => {
                    let (score, text) = (perfect::score_words(value), pos.move_text(m));
                    self.out.line(&format!("info depth 0 score {score} nodes {among} time 0 pv {text}"));
                    self.out.line(&format!("bestmove {text}"));
                }
                Err(why) => {
                    self.info(&format!("the perfect player has no ply: {why}"));
                    self.out.line("bestmove none");
                }
            }
            return;
        }
        let Some(engine) = self.engine.take() else {
            return self.info("go: the engine is not available");
        };
        let variety = self.variety.map(|seed| (seed, self.record.moves().len()));
        self.stop.clear();
        self.infinite = infinite;
        let pos = self.record.position().clone();
        let history = self.record.history().clone();
        let (eval, tables) = (self.v.heuristic(), self.tables.clone());
        let out = self.out.clone();
        let stop = self.stop.clone();
        self.answered.store(false, Ordering::Release);
        let answered = Arc::clone(&self.answered);
        // The engine goes to the thread through a slot, so that it is
        // still here if the system refuses the thread.
        let slot = Arc::new(Mutex::new(Some(engine)));
        let given = Arc::clone(&slot);
        let (at, before, kept) = (pos.clone(), history.clone(), limits);
        let spawned = std::thread::Builder::new().spawn(move || {
            let mut engine = given.lock().unwrap_or_else(|e| e.into_inner()).take()?;
            let a = search_with_tables::<V>(
                &mut engine,
                eval,
                tables.as_deref(),
                (&pos, &history),
                &limits,
                true,
            );
            let a = varied::<V>(&pos, a, variety);
            // `go infinite` answers only when told to stop.
            while infinite && !stop.is_stopping() {
                std::thread::sleep(Duration::from_millis(2));
            }
            // Set before the answer is written, so that a driver that has
            // read it never meets a search still running.
            answered.store(true, Ordering::Release);
            report::<V>(&out, &pos, &a);
            Some(engine)
        });
        match spawned {
            Ok(handle) => self.search = Some(handle),
            Err(e) => {
                let Some(mut engine) = slot.lock().unwrap_or_else(|e| e.into_inner()).take() else {
                    return self.info("go: the engine is not available");
                };
                // No thread: the search runs here, deaf to `stop` until it
                // answers, so an infinite one gets the move time instead.
                self.info(&format!(
                    "go: the system refused the search thread ({e}); searching on the input thread{}",
                    if infinite { format!(" for {} s", self.move_seconds) } else { String::new() }
                ));
                let limits =
                    if infinite { kept.with_time(Duration::from_secs(self.move_seconds)) } else { kept };
                self.infinite = false;
                let eval = self.v.heuristic();
                let a = search_with_tables::<V>(
                    &mut engine,
                    eval,
                    self.tables.as_deref(),
                    (&at, &before),
                    &limits,
                    true,
                );
                let a = varied::<V>(&at, a, variety);
                self.answered.store(true, Ordering::Release);
                report::<V>(&self.out, &at, &a);
                self.engine = Some(engine);
            }
        }
    }
}

/// A record of the game from `start`, with the position's own no-progress
/// count.
fn start_record<G: CheckedGame>(start: G) -> GameRecord<G> {
    let reversible_before = start.no_progress_count();
    GameRecord::new(start, reversible_before)
}

/// Plays the word `text` (one ply or several of one side) on `record`.
///
/// # Errors
/// Why it cannot be played: unreadable, illegal, or after the game ended;
/// `record` is then unchanged.
fn play_word<V: VariantDescriptor>(
    v: &V,
    record: &mut GameRecord<V::Position>,
    text: &str,
) -> Result<(), String> {
    let over = |record: &GameRecord<V::Position>, status| {
        format!("the game is over ({})", game_over_text(v, record.position(), status))
    };
    if let Some(status) = record.status() {
        return Err(over(record, status));
    }
    let plies: Vec<MoveOf<V>> = checked_plies(record.position(), text)?;
    let mut after = record.clone();
    for m in plies {
        match after.play(m) {
            Ok(()) => {}
            Err(RecordError::Finished(status)) => return Err(over(&after, status)),
            Err(RecordError::Illegal(e)) => return Err(e.to_string()),
        }
    }
    *record = after;
    Ok(())
}

/// The engine's ply with `--seed` (`variety`: the seed and the plies played
/// before `pos`): [`Analysis::with_symmetric_variety`]; without a seed `a`
/// unchanged.
fn varied<V: VariantDescriptor>(
    pos: &V::Position,
    a: Analysis<MoveOf<V>>,
    variety: Option<(u64, usize)>,
) -> Analysis<MoveOf<V>> {
    match variety {
        Some((seed, plies_before)) => a.with_symmetric_variety(pos, seed, plies_before),
        None => a,
    }
}

/// Prints a search's `info` line and `bestmove`.
fn report<V: VariantDescriptor>(out: &Printer, pos: &V::Position, a: &Analysis<MoveOf<V>>) {
    let score = match ScoreKind::of(a.score) {
        ScoreKind::WinIn(k) => format!("mate {k}"),
        ScoreKind::LossIn(k) => format!("mate -{k}"),
        ScoreKind::Heuristic(s) => format!("cp {s}"),
    };
    let pv = pos.line_text(&a.pv);
    let millis = a.elapsed.as_millis();
    let nps = a.nps().round() as u64;
    let pv = if pv.is_empty() { String::new() } else { format!(" pv {}", pv.join(" ")) };
    out.line(&format!(
        "info depth {} score {score} nodes {} time {millis} nps {nps}{pv}",
        a.depth, a.stats.nodes
    ));
    let best = a.best_move.map_or_else(|| "none".to_string(), |m| pos.move_text(m));
    out.line(&format!("bestmove {best}"));
}
