//! `lapilli`: solve, play, inspect, search and count the games of the
//! workspace.
//!
//! The games come from the [`Games`] registry; every command is one generic
//! code path ([`lapilli_registry::GameVisitor`]) over the variant
//! the command line chooses. Failures are [`error::CliError`]s: a kind and
//! a message, printed as text on standard error and, under `--json`, as a
//! JSON object on standard output as well.

mod ai;
mod analyze;
mod error;
mod info;
mod interrupt;
mod matchplay;
mod options;
mod perfect;
mod perft;
mod play;
mod progress;
mod report;
mod selfplay;
mod serve;
mod solve;
mod tablebase;
mod uci;

use ai::AiSpec;
use clap::{Parser, Subcommand};
use error::CliError;
use lapilli_registry as registry;
use lapilli_registry::{FamilyVisitor, GameVisitor, Registry};
use lapilli_search::Limits;
use options::VariantArgs;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The time `analyze` searches when no limit is given, in milliseconds.
const DEFAULT_ANALYZE_MILLIS: u64 = 2000;

/// The games the program knows: one line per game crate.
pub struct Games;

impl Registry for Games {
    fn families<F: FamilyVisitor>(f: &mut F) {
        f.family(&lapilli_terni_lapilli::descriptor::Games);
        f.family(&lapilli_morris::descriptor::Games);
        f.family(&lapilli_petteia::descriptor::Games);
    }
}

/// Results of the commands: an error of a kind, with a message for the
/// user.
pub type Result<T> = std::result::Result<T, CliError>;

/// Engines for traditional board games on graph-shaped boards.
#[derive(Parser, Debug)]
#[command(name = "lapilli", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The game and its variant options, shared by every command.
#[derive(clap::Args, Debug, Clone)]
struct GameArgs {
    /// The game.
    #[arg(value_parser = options::game_names())]
    game: String,
    #[command(flatten)]
    variant: VariantArgs,
}

/// The help of `--tablebase` for `play`, `analyze` and `selfplay`.
const TABLEBASE_HELP: &str = "A folder of tier tablebases of the chosen variant (built by `lapilli tablebase \
    build`): wherever they cover the position and its successors the AI plays their perfect ply (fastest win, \
    slowest loss, holding draws); elsewhere its search scores the positions they cover exactly. With --ai \
    perfect, the folder the solved game's tables are kept in instead of the cache folder (see `solve --help`)";

#[derive(Subcommand, Debug)]
enum Command {
    /// Strongly solve a game and report the value of the start, the
    /// position counts by value and the principal line.
    ///
    /// Terni Lapilli and its 3x3 relatives (three-mens-morris, tapatan,
    /// nine-holes, achi) are solved in memory by retrograde analysis, in
    /// milliseconds. Six Men's Morris is solved tier by tier into tablebase
    /// files kept in a cache folder, with the report's figures in
    /// solution.txt beside them, so that the next solve, `solve
    /// --position` and `--ai perfect` read them back instead of solving
    /// again: $LAPILLI_CACHE, else $XDG_CACHE_HOME/lapilli, else
    /// $HOME/.cache/lapilli, then a folder named by the variant (e.g.
    /// six-mens-morris); --tablebase DIR puts them in DIR instead. A folder
    /// without the tables is created and filled (seconds of work), and a
    /// line on standard error names it when the build starts; a progress
    /// bar follows (not under --json, nor when standard error is not a
    /// terminal). Values are game-theoretic: they ignore the repetition and
    /// no-progress draws of play.
    Solve {
        #[command(flatten)]
        game: GameArgs,
        /// Print one JSON object instead of text; an error is then also
        /// printed as {"error": {"kind": ..., "message": ...}}.
        #[arg(long)]
        json: bool,
        /// Also give this position's value for its side to move, its
        /// distance to mate in plies and its perfect ply (JSON key
        /// `position`: {text, side_to_move, value, plies, best_move}). It
        /// must be reachable from the start.
        #[arg(long)]
        position: Option<String>,
        /// The folder of the solved game's tables, instead of the cache
        /// folder; built there when it holds none (a mistyped folder costs
        /// a whole build: standard error names the folder when it starts).
        #[arg(long, value_name = "DIR")]
        tablebase: Option<PathBuf>,
    },
    /// Build, inspect and probe tier tablebases (morris endgames).
    Tablebase {
        #[command(subcommand)]
        command: tablebase::TablebaseCommand,
    },
    /// Play a game in the terminal.
    ///
    /// The game's notation is printed when the game starts. Type `moves` to
    /// list the legal moves, `quit` to leave. The game ends at the result
    /// of the rules, at threefold repetition and at the no-progress limit;
    /// no move is taken after that.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// The computer player: random, search:N (the engine to N plies
        /// with the game's evaluation, N from 1 to 30, and at most --millis
        /// per move; minimax:N is the same) or perfect (the tablebase,
        /// where the game has one).
        #[arg(long, default_value = "search:4")]
        ai: AiSpec,
        /// The side the human plays, by name (black or white in the games
        /// here), both (type every move), or none to watch the AI play
        /// itself.
        #[arg(long, default_value = "black")]
        human: String,
        /// Seed of the random player.
        #[arg(long, allow_negative_numbers = true, default_value_t = 1)]
        seed: u64,
        /// Declare a draw after this many plies.
        #[arg(long, default_value_t = 300)]
        max_plies: usize,
        /// The longest the search AI thinks per move, in milliseconds: it
        /// plays the deepest iteration completed by then (up to its N).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
        millis: u64,
        /// Start from this position text instead of the start (the formats
        /// are in `perft --help`); it must belong to the chosen game and
        /// variant. Its no-progress count counts.
        #[arg(long)]
        position: Option<String>,
        #[arg(long, value_name = "DIR", help = TABLEBASE_HELP)]
        tablebase: Option<PathBuf>,
    },
    /// Describe a game's board: points, edges, lines, symmetries, orbits.
    Info {
        #[command(flatten)]
        game: GameArgs,
        /// Print one JSON object instead of text; an error is then also
        /// printed as {"error": {"kind": ..., "message": ...}}.
        #[arg(long)]
        json: bool,
    },
    /// Search a position with the engine: best move, score, principal
    /// variation, depth, nodes, nodes/second.
    ///
    /// SIGINT (Ctrl-C), SIGTERM or SIGHUP stops the search: the result of
    /// the last completed iteration is printed as usual (under --json with
    /// `stop_reason` "stopped", `interrupted` naming the signal and an
    /// `error` of kind `interrupted`), and the exit status is 128 + the
    /// signal's number: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
    Analyze {
        #[command(flatten)]
        game: GameArgs,
        /// Start from this position text instead of the start (the formats
        /// are in `perft --help`); it must belong to the chosen game and
        /// variant.
        #[arg(long)]
        position: Option<String>,
        /// Moves played from the position first, separated by spaces (e.g.
        /// "0 4 1"); they form the game history, so a repetition that began
        /// before the analysed position counts. A move after the game
        /// ended (by the rules, repetition or the no-progress limit) is
        /// refused.
        #[arg(long, default_value = "")]
        moves: String,
        /// Search to at most this depth in plies. Each ply multiplies the
        /// time: for deep searches add --millis or --nodes. With none of
        /// --depth, --nodes and --millis the search runs for 2000 ms; given
        /// together, the first limit reached stops it.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=200))]
        depth: Option<u32>,
        /// Search for at most this many milliseconds.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
        millis: Option<u64>,
        /// Search at most this many nodes (summed over threads).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Search threads (Lazy SMP sharing one transposition table).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: u32,
        /// With several threads, split the root moves among them (Young
        /// Brothers Wait at the root) instead of Lazy SMP.
        #[arg(long)]
        split_root: bool,
        /// Search full width, with the full window: no late-move
        /// reductions, no internal iterative reductions and no aspiration
        /// window (late quiet moves are otherwise searched first at a
        /// reduced depth, and nodes off the principal variation without a
        /// move in the table a ply shallower, which reaches deeper in the
        /// same time but gives scores that differ from plain minimax at
        /// the same depth); iterative deepening by the evaluation's step
        /// (two plies in the morris games: depths 2, 4, 6 ... to an even
        /// depth, 1, 3, 5 ... to an odd one).
        #[arg(long)]
        full_width: bool,
        /// Transposition-table size in MiB.
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=16384))]
        tt_mib: u32,
        /// A folder of tier tablebases of the chosen variant: the search
        /// scores the positions they cover exactly, and the report gives
        /// the position's value, distance to mate and perfect ply when they
        /// cover it (JSON key `tablebase`: {value, dtm, best_move}).
        #[arg(long, value_name = "DIR")]
        tablebase: Option<PathBuf>,
        /// Print one JSON object instead of text; an error is then also
        /// printed as {"error": {"kind": ..., "message": ...}}.
        #[arg(long)]
        json: bool,
    },
    /// Let the AI play itself: endings by kind, results, mean game length.
    ///
    /// SIGINT (Ctrl-C), SIGTERM or SIGHUP stops the games: the search in
    /// play is stopped, its game dropped, and the games finished are
    /// reported (under --json with `interrupted` naming the signal and an
    /// `error` of kind `interrupted`); the exit status is 128 + the
    /// signal's number: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
    Selfplay {
        #[command(flatten)]
        game: GameArgs,
        /// The AI both sides use (see `play`).
        #[arg(long, default_value = "search:2")]
        ai: AiSpec,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Seed of the random opening plies and of the random players
        /// (game g, side s uses seed + 2g + s): different seeds play
        /// different games, the same seed the same ones.
        #[arg(long, allow_negative_numbers = true, default_value_t = 1)]
        seed: u64,
        /// Plies chosen uniformly at random (from --seed and the game's
        /// number) at the start of every game, so that the games differ;
        /// 0 starts every game at the same position (with a search AI,
        /// every game is then the same).
        #[arg(long, default_value_t = 2)]
        random_plies: usize,
        /// Declare a draw after this many plies.
        #[arg(long, default_value_t = 300)]
        max_plies: usize,
        /// The longest the search AI thinks per move, in milliseconds
        /// [default: no limit, so that the games depend on the seed alone].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
        millis: Option<u64>,
        /// Start every game from this position text instead of the start.
        #[arg(long)]
        position: Option<String>,
        #[arg(long, value_name = "DIR", help = TABLEBASE_HELP)]
        tablebase: Option<PathBuf>,
        /// The side whose AI consults --tablebase, by name (black or white
        /// in the games here), or both.
        #[arg(long, default_value = "both", requires = "tablebase")]
        tablebase_side: String,
        /// Also report each game: its plies, ending and result.
        #[arg(long)]
        list: bool,
        /// Print one JSON object instead of text; an error is then also
        /// printed as {"error": {"kind": ..., "message": ...}}.
        #[arg(long)]
        json: bool,
    },
    /// Drive lapilli like Sanmill: its UCI-like protocol on standard input
    /// and output, as a persistent process.
    #[command(long_about = uci::HELP)]
    Uci {
        /// The game.
        #[arg(value_parser = options::game_names(), default_value = "nine-mens-morris")]
        game: String,
        #[command(flatten)]
        variant: VariantArgs,
        /// Play the perfect ply (from the solution, or the tables of
        /// --tablebase) instead of searching, picking uniformly among the
        /// plies of equal value.
        #[arg(long)]
        perfect: bool,
        /// With --perfect, the seed of the perfect player's choice among
        /// equal plies [default: 0]; without, the seed of the engine's
        /// variety: an irreversible ply is played as one of its images
        /// under the automorphisms that fix the position (plies of equal
        /// value), drawn from the seed [default: none, the chosen ply].
        #[arg(long, allow_negative_numbers = true)]
        seed: Option<u64>,
        /// Endgame tables (built by `lapilli tablebase build`): with
        /// --perfect, the perfect player plays from them instead of the
        /// game's solution; without, the engine probes them inside its
        /// search (a covered position scores its exact value and DTM).
        #[arg(long, value_name = "DIR")]
        tablebase: Option<PathBuf>,
    },
    /// Play two engines that speak Sanmill's UCI-like protocol against
    /// each other (lapilli, Sanmill, or another build), the rules checking
    /// every ply: results, Elo and an optional SPRT.
    #[command(long_about = matchplay::HELP)]
    Match {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        args: Box<matchplay::MatchArgs>,
    },
    /// Serve the web page to play and study every game, with its JSON API.
    ///
    /// The page and the routes (GET /api/games, /api/board,
    /// /api/position; POST /api/ai) are described in the README. The
    /// address is printed once the server listens; Ctrl-C stops it. A
    /// port in use is an error of kind `io`.
    Serve {
        /// The port to listen on.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on (0.0.0.0 for every interface).
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// A folder of tier tablebases (built by `lapilli tablebase build`
        /// or `lapilli solve`): the page shows their values and offers
        /// their perfect player for the variant they are of. Solved games'
        /// tables in the cache folder (see `solve --help`) are found
        /// without it.
        #[arg(long, value_name = "DIR")]
        tablebase: Option<PathBuf>,
        /// Open the page in a browser (with xdg-open).
        #[arg(long)]
        open: bool,
    },
    /// Count the leaves of the legal-ply tree to a depth (perft).
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Depth in plies (0-64).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// Start from this position text instead of the start. It must
        /// belong to the chosen game and variant.
        #[arg(long, long_help = options::position_help())]
        position: Option<String>,
        /// Also print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Print one JSON object instead of text; an error is then also
        /// printed as {"error": {"kind": ..., "message": ...}}.
        #[arg(long)]
        json: bool,
    },
}

/// Runs `command` on the game its arguments choose.
fn on_game<C: GameVisitor<Output = Result<()>>>(game: &GameArgs, command: C) -> Result<()> {
    let (name, given) =
        options::with_flags(&game.game, game.variant.given()).map_err(|e| options::refusal(&e))?;
    registry::with_game::<Games, C>(&name, &given, command).map_err(|e| options::refusal(&e))?
}

/// The limits of `analyze`: each one given, or the default time when none
/// is.
fn analyze_limits(depth: Option<u32>, millis: Option<u64>, nodes: Option<u64>) -> Limits {
    let millis = match (depth, millis, nodes) {
        (None, None, None) => Some(DEFAULT_ANALYZE_MILLIS),
        _ => millis,
    };
    Limits::of(depth, millis.map(Duration::from_millis), nodes)
}

fn run(command: Command, out: &mut dyn Write) -> Result<()> {
    match command {
        Command::Solve { game, json, position, tablebase } => {
            on_game(&game, solve::Solve { json, position, tablebase, out })
        }
        Command::Tablebase { command } => command.run(out),
        Command::Play { game, ai, human, seed, max_plies, millis, position, tablebase } => {
            let time = Duration::from_millis(millis);
            on_game(&game, play::Play { ai, human, seed, max_plies, time, position, tablebase, out })
        }
        Command::Info { game, json } => on_game(&game, info::Info { json, out }),
        Command::Analyze {
            game,
            position,
            moves,
            depth,
            millis,
            nodes,
            threads,
            split_root,
            full_width,
            tt_mib,
            tablebase,
            json,
        } => {
            let command = analyze::Analyze {
                position,
                moves,
                limits: analyze_limits(depth, millis, nodes),
                threads: threads as usize,
                split_root,
                reductions: !full_width,
                tt_bytes: (tt_mib as usize) << 20,
                tablebase,
                json,
                out,
            };
            on_game(&game, command)
        }
        Command::Selfplay {
            game,
            ai,
            games,
            seed,
            random_plies,
            max_plies,
            millis,
            position,
            tablebase,
            tablebase_side,
            list,
            json,
        } => {
            let time = millis.map(Duration::from_millis);
            let command = selfplay::Selfplay {
                ai,
                games,
                seed,
                random_plies,
                max_plies,
                time,
                position,
                tablebase,
                tablebase_side,
                list,
                json,
                out,
            };
            on_game(&game, command)
        }
        Command::Uci { game, variant, perfect, seed, tablebase } => on_game(
            &GameArgs { game, variant },
            uci::Uci {
                perfect: perfect.then_some(seed.unwrap_or(0)),
                variety: seed.filter(|_| !perfect),
                tablebase,
            },
        ),
        Command::Match { game, args } => on_game(&game, matchplay::Match { args: *args, out }),
        Command::Serve { port, bind, tablebase, open } => {
            serve::Serve { port, bind, tablebase, open, out }.run()
        }
        Command::Perft { game, depth, position, divide, json } => {
            on_game(&game, perft::Perft { depth, position, divide, json, out })
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `--json` asks for JSON errors too, even when the rest of the command
    // line does not parse.
    let json = args.iter().skip(1).any(|a| a == "--json");
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        // --help and --version, which clap reports as errors, print and
        // succeed.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => return CliError::usage(&e).report(json),
    };
    let stdout = std::io::stdout();
    // `uci` writes from its search thread too: it takes no lock on
    // standard output for the whole run.
    let result = match cli.command {
        command @ Command::Uci { .. } => run(command, &mut std::io::sink()),
        command => run(command, &mut stdout.lock()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.report(json),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn analyze_limits_default_to_a_time_and_combine() {
        let two_seconds = Some(Duration::from_millis(DEFAULT_ANALYZE_MILLIS));
        let l = analyze_limits(None, None, None);
        assert_eq!((l.depth, l.time, l.nodes), (lapilli_search::MAX_DEPTH, two_seconds, None));
        let l = analyze_limits(Some(7), None, None);
        assert_eq!((l.depth, l.time, l.nodes), (7, None, None));
        let l = analyze_limits(Some(7), Some(30), Some(500));
        assert_eq!((l.depth, l.time, l.nodes), (7, Some(Duration::from_millis(30)), Some(500)));
        let l = analyze_limits(None, None, Some(500));
        assert_eq!((l.depth, l.time, l.nodes), (lapilli_search::MAX_DEPTH, None, Some(500)));
    }

    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
        // The help states the default time.
        let cli = Cli::command();
        let analyze = cli.find_subcommand("analyze").unwrap();
        let depth = analyze.get_arguments().find(|a| a.get_id() == "depth").unwrap();
        let help = depth.get_help().unwrap().to_string();
        assert!(help.contains(&format!("runs for {DEFAULT_ANALYZE_MILLIS} ms")), "{help}");
    }
}
