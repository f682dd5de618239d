//! `lapilli`: solve, play, inspect and count the games of the workspace.

mod ai;
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
    /// Count the leaves of the legal-ply tree to a depth (perft).
    Perft {
        /// The game.
        game: GameName,
        /// Depth in plies.
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
    let result = match cli.command {
        Command::Solve {
            game: GameName::TerniLapilli,
            no_centre_first,
            json,
        } => terni::solve(no_centre_first, json),
        Command::Play {
            game: GameName::TerniLapilli,
            ai,
            human,
            no_centre_first,
            seed,
            max_plies,
        } => terni::play(ai, human, no_centre_first, seed, max_plies),
        Command::Info {
            game: GameName::TerniLapilli,
            json,
        } => terni::info(json),
        Command::Perft {
            game: GameName::TerniLapilli,
            depth,
            position,
            divide,
            json,
        } => terni::perft(depth, position.as_deref(), divide, json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
