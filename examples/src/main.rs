//! `lapilli`: solve, play, inspect, search and count the games of the
//! workspace.
//!
//! The games come from the [`Games`] registry; every command is one generic
//! code path ([`lapilli_search::registry::GameVisitor`]) over the variant
//! the command line chooses.

mod ai;
mod analyze;
mod info;
mod options;
mod perft;
mod play;
mod report;
mod selfplay;
mod solve;

use ai::AiSpec;
use clap::{Parser, Subcommand};
use lapilli_search::registry::{self, FamilyVisitor, GameVisitor, Registry};
use options::VariantArgs;
use std::error::Error;
use std::io::Write;
use std::process::ExitCode;

/// The games the program knows: one line per game crate.
pub struct Games;

impl Registry for Games {
    fn families<F: FamilyVisitor>(f: &mut F) {
        f.family(&lapilli_terni_lapilli::descriptor::Games);
        f.family(&lapilli_morris::descriptor::Games);
        f.family(&lapilli_petteia::descriptor::Games);
    }
}

/// Results of the commands: an error message for the user.
pub type Result<T> = std::result::Result<T, Box<dyn Error>>;

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

#[derive(Subcommand, Debug)]
enum Command {
    /// Strongly solve a game by retrograde analysis and report the value of
    /// the start, the position counts by value and the principal line.
    Solve {
        #[command(flatten)]
        game: GameArgs,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play a game in the terminal.
    ///
    /// The game's notation is printed when the game starts. Type `moves` to
    /// list the legal moves, `quit` to leave.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// The computer player: random, minimax:N (the engine to N plies
        /// with the game's evaluation, N from 1 to 30) or perfect (the
        /// tablebase, where the game has one).
        #[arg(long, default_value = "minimax:4")]
        ai: AiSpec,
        /// The side the human plays, by name (black or white in the games
        /// here), or none to watch the AI play itself.
        #[arg(long, default_value = "black")]
        human: String,
        /// Seed of the random player.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Declare a draw after this many plies.
        #[arg(long, default_value_t = 300)]
        max_plies: usize,
    },
    /// Describe a game's board: points, edges, lines, symmetries, orbits.
    Info {
        #[command(flatten)]
        game: GameArgs,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Search a position with the engine: best move, score, principal
    /// variation, depth, nodes, nodes/second.
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
        /// before the analysed position counts.
        #[arg(long, default_value = "")]
        moves: String,
        /// Search to this depth in plies [default: 10 unless --millis is given].
        /// Each ply multiplies the time (a drawn game is never cut short):
        /// for deep searches prefer --millis.
        #[arg(long, conflicts_with = "millis", value_parser = clap::value_parser!(u32).range(1..=200))]
        depth: Option<u32>,
        /// Search for this many milliseconds instead of to a depth.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
        millis: Option<u64>,
        /// Search threads (Lazy SMP sharing one transposition table).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: u32,
        /// With several threads, split the root moves among them (Young
        /// Brothers Wait at the root) instead of Lazy SMP.
        #[arg(long)]
        split_root: bool,
        /// Transposition-table size in MiB.
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=16384))]
        tt_mib: u32,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Let the AI play itself: endings by kind, results, mean game length.
    Selfplay {
        #[command(flatten)]
        game: GameArgs,
        /// The AI both sides use (see `play`).
        #[arg(long, default_value = "minimax:2")]
        ai: AiSpec,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Seed of the random players (game g, side s uses seed + 2g + s).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Declare a draw after this many plies.
        #[arg(long, default_value_t = 300)]
        max_plies: usize,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
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
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Runs `command` on the game its arguments choose.
fn on_game<C: GameVisitor<Output = Result<()>>>(game: &GameArgs, command: C) -> Result<()> {
    registry::with_game::<Games, C>(&game.game, game.variant.given(), command)
        .map_err(|e| options::refusal(&e))?
}

fn run(command: Command, out: &mut dyn Write) -> Result<()> {
    match command {
        Command::Solve { game, json } => on_game(&game, solve::Solve { json, out }),
        Command::Play { game, ai, human, seed, max_plies } => {
            on_game(&game, play::Play { ai, human, seed, max_plies, out })
        }
        Command::Info { game, json } => on_game(&game, info::Info { json, out }),
        Command::Analyze { game, position, moves, depth, millis, threads, split_root, tt_mib, json } => {
            let limits = match millis {
                Some(ms) => lapilli_search::Limits::time(std::time::Duration::from_millis(ms)),
                None => lapilli_search::Limits::depth(depth.unwrap_or(10)),
            };
            let command = analyze::Analyze {
                position,
                moves,
                limits,
                threads: threads as usize,
                split_root,
                tt_bytes: (tt_mib as usize) << 20,
                json,
                out,
            };
            on_game(&game, command)
        }
        Command::Selfplay { game, ai, games, seed, max_plies, json } => {
            on_game(&game, selfplay::Selfplay { ai, games, seed, max_plies, json, out })
        }
        Command::Perft { game, depth, position, divide, json } => {
            on_game(&game, perft::Perft { depth, position, divide, json, out })
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let result = run(cli.command, &mut stdout.lock());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`| head`): stop quietly, as Unix tools do.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
