//! `lapilli`: solve, play, inspect and count the games of the workspace.

mod ai;
mod analyze;
mod play;
mod report;
mod terni;

use ai::AiSpec;
use clap::{Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

/// Engines for traditional board games on graph-shaped boards.
#[derive(Parser, Debug)]
#[command(name = "lapilli", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The games the program knows.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum GameName {
    /// Terni Lapilli on the wheel board (seed 000).
    TerniLapilli,
}

/// A side to play as, or none.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Human {
    /// The human plays the first side (Black in Terni Lapilli).
    Black,
    /// The human plays the second side.
    White,
    /// Two AIs play each other.
    None,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Strongly solve a game by retrograde analysis and report the value of
    /// the start, the position counts by value and the principal line.
    Solve {
        /// The game.
        game: GameName,
        /// Forbid the centre on Black's first placement (Terni Lapilli variant).
        #[arg(long)]
        no_centre_first: bool,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play a game in the terminal.
    ///
    /// Terni Lapilli moves: during placement type the point, 0-7 round the
    /// ring (0 at the top, clockwise) or 8 (or c) for the centre; during
    /// movement type from-to, e.g. 0-8. Type `moves` to list the legal
    /// moves, `quit` to leave.
    Play {
        /// The game.
        game: GameName,
        /// The computer player: random, minimax:N (alpha-beta to N plies
        /// with the seed's heuristic) or perfect (the tablebase).
        #[arg(long, default_value = "minimax:4")]
        ai: AiSpec,
        /// Which side the human plays, or none to watch two AIs.
        #[arg(long, value_enum, default_value = "black")]
        human: Human,
        /// Forbid the centre on Black's first placement.
        #[arg(long)]
        no_centre_first: bool,
        /// Seed of the random player.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Declare a draw after this many plies.
        #[arg(long, default_value_t = 300)]
        max_plies: usize,
    },
    /// Describe a game's board: points, edges, lines, symmetries, orbits.
    Info {
        /// The game.
        game: GameName,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Search a position with the engine: best move, score, principal
    /// variation, depth, nodes, nodes/second.
    Analyze {
        /// The game.
        game: GameName,
        /// Start from this position text instead of the start (see perft).
        #[arg(long)]
        position: Option<String>,
        /// Moves played from the position first, separated by spaces (e.g.
        /// "0 4 1"); they form the game history, so a repetition that began
        /// before the analysed position counts.
        #[arg(long, default_value = "")]
        moves: String,
        /// Search to this depth in plies [default: 10 unless --millis is given].
        #[arg(long, conflicts_with = "millis", value_parser = clap::value_parser!(u32).range(1..=200))]
        depth: Option<u32>,
        /// Search for this many milliseconds instead of to a depth.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
        millis: Option<u64>,
        /// Search threads (Lazy SMP sharing one transposition table).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: u32,
        /// Transposition-table size in MiB.
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=16384))]
        tt_mib: u32,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the legal-ply tree to a depth (perft).
    Perft {
        /// The game.
        game: GameName,
        /// Depth in plies (0-64; the count grows about ninefold a ply).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// Start from this position (the game's position text; Terni
        /// Lapilli: nine of B/W/. for points 0-8, a space, b or w, e.g.
        /// "B.......W b") instead of the start.
        #[arg(long)]
        position: Option<String>,
        /// Also print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let out = &mut stdout.lock();
    let result = match cli.command {
        Command::Solve { game: GameName::TerniLapilli, no_centre_first, json } => {
            terni::solve(no_centre_first, json, out)
        }
        Command::Play { game: GameName::TerniLapilli, ai, human, no_centre_first, seed, max_plies } => {
            terni::play(ai, human, no_centre_first, seed, max_plies, out)
        }
        Command::Info { game: GameName::TerniLapilli, json } => terni::info(json, out),
        Command::Analyze {
            game: GameName::TerniLapilli,
            position,
            moves,
            depth,
            millis,
            threads,
            tt_mib,
            json,
        } => {
            let limits = match millis {
                Some(ms) => lapilli_search::Limits::time(std::time::Duration::from_millis(ms)),
                None => lapilli_search::Limits::depth(depth.unwrap_or(10)),
            };
            let engine = lapilli_search::Engine::new()
                .transposition_table((tt_mib as usize) << 20)
                .threads(threads as usize);
            terni::analyze(position.as_deref(), &moves, engine, limits, json, out)
        }
        Command::Perft { game: GameName::TerniLapilli, depth, position, divide, json } => {
            terni::perft(depth, position.as_deref(), divide, json, out)
        }
    };
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
