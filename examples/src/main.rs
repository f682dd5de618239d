//! `lapilli`: solve, play, inspect, search and count the games of the
//! workspace.

mod ai;
mod analyze;
mod commands;
mod morris;
mod perft;
mod petteia;
mod play;
mod report;
mod selfplay;
mod terni;

use ai::AiSpec;
use clap::{Args, Parser, Subcommand, ValueEnum};
use commands::{AnalyzeArgs, Commands, PerftArgs, PlayArgs, SelfplayArgs};
use lapilli_search::Limits;
use std::process::ExitCode;
use std::time::Duration;

/// Engines for traditional board games on graph-shaped boards.
#[derive(Parser, Debug)]
#[command(name = "lapilli", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The games the program knows.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    /// Terni Lapilli on the wheel board.
    TerniLapilli,
    /// Nine Men's Morris.
    NineMensMorris,
    /// Six Men's Morris (16 points, 6 pieces, no flying).
    SixMensMorris,
    /// Twelve Men's Morris (diagonals, 12 pieces).
    TwelveMensMorris,
    /// Lasker Morris (10 pieces, place or slide).
    LaskerMorris,
    /// Petteia / Ludus Latrunculorum (`--variant dux` for the Dux).
    Petteia,
    /// Ludus Latrunculorum: Petteia with the Dux.
    Latrunculi,
}

/// A side to play as, or none.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Human {
    /// The human plays Black (first in Terni Lapilli, second elsewhere).
    Black,
    /// The human plays White (first in Morris and Petteia).
    White,
    /// The AI plays both sides.
    None,
}

/// Options that choose a game's variant; each applies to some games only.
#[derive(Args, Debug, Clone, Default)]
pub struct VariantArgs {
    /// Terni Lapilli: forbid the centre on Black's first placement.
    #[arg(long)]
    pub no_centre_first: bool,
    /// Morris games: no flying when a side is down to three pieces.
    #[arg(long)]
    pub no_flying: bool,
    /// Petteia: `standard` or `dux`.
    #[arg(long)]
    pub variant: Option<String>,
    /// Petteia: board size WxH, e.g. 8x12 (default 8x8).
    #[arg(long)]
    pub size: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Strongly solve a game by retrograde analysis and report the value of
    /// the start, the position counts by value and the principal line.
    Solve {
        /// The game.
        game: GameName,
        #[command(flatten)]
        variant: VariantArgs,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play a game in the terminal.
    ///
    /// Terni Lapilli moves: during placement type the point, 0-7 round the
    /// ring (0 at the top, clockwise) or 8 (or c) for the centre; during
    /// movement type from-to, e.g. 0-8. Type `moves` to list the legal
    /// moves, `quit` to leave. Other games print their notation when the
    /// game starts.
    Play {
        /// The game.
        game: GameName,
        #[command(flatten)]
        variant: VariantArgs,
        /// The computer player: random, minimax:N (the engine to N plies
        /// with the game's evaluation, N from 1 to 30) or perfect (the
        /// tablebase, where the game has one).
        #[arg(long, default_value = "minimax:4")]
        ai: AiSpec,
        /// Which side the human plays, or none to watch the AI play itself.
        #[arg(long, value_enum, default_value = "black")]
        human: Human,
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
        #[command(flatten)]
        variant: VariantArgs,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Search a position with the engine: best move, score, principal
    /// variation, depth, nodes, nodes/second.
    Analyze {
        /// The game.
        game: GameName,
        #[command(flatten)]
        variant: VariantArgs,
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
        /// The game.
        game: GameName,
        #[command(flatten)]
        variant: VariantArgs,
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
        /// The game.
        game: GameName,
        #[command(flatten)]
        variant: VariantArgs,
        /// Depth in plies (0-64).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// Start from this position text instead of the start. Terni
        /// Lapilli: "B.......W b" (points 0-8, side to move). Morris:
        /// "......../......../........ w 9 9 -" (three squares of 8 points,
        /// side, hands, pending removal). Petteia:
        /// "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0" (ranks from
        /// the top, side, no-progress count). It must belong to the chosen
        /// game and variant.
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

/// The commands of the named game under the variant options.
fn game(name: GameName, v: &VariantArgs) -> commands::Result<Box<dyn Commands>> {
    let refuse = |option: &str, games: &str| -> commands::Result<Box<dyn Commands>> {
        Err(format!("--{option} applies to {games} only").into())
    };
    let is_morris = matches!(
        name,
        GameName::NineMensMorris
            | GameName::SixMensMorris
            | GameName::TwelveMensMorris
            | GameName::LaskerMorris
    );
    let is_petteia = matches!(name, GameName::Petteia | GameName::Latrunculi);
    if v.no_centre_first && name != GameName::TerniLapilli {
        return refuse("no-centre-first", "terni-lapilli");
    }
    if v.no_flying && !is_morris {
        return refuse("no-flying", "the morris games");
    }
    if (v.variant.is_some() || v.size.is_some()) && !is_petteia {
        return refuse(if v.variant.is_some() { "variant" } else { "size" }, "petteia");
    }
    match name {
        GameName::TerniLapilli => Ok(Box::new(terni::Terni {
            rules: lapilli_terni_lapilli::Rules { centre_first: !v.no_centre_first },
        })),
        _ if is_morris => morris::commands(name, v),
        _ => petteia::commands(name, v),
    }
}

fn run(command: Command, out: &mut dyn std::io::Write) -> commands::Result<()> {
    match command {
        Command::Solve { game: g, variant, json } => game(g, &variant)?.solve(json, out),
        Command::Play { game: g, variant, ai, human, seed, max_plies } => {
            game(g, &variant)?.play(&PlayArgs { ai, human, seed, max_plies }, out)
        }
        Command::Info { game: g, variant, json } => game(g, &variant)?.info(json, out),
        Command::Analyze {
            game: g,
            variant,
            position,
            moves,
            depth,
            millis,
            threads,
            split_root,
            tt_mib,
            json,
        } => {
            let limits = match millis {
                Some(ms) => Limits::time(Duration::from_millis(ms)),
                None => Limits::depth(depth.unwrap_or(10)),
            };
            let args = AnalyzeArgs {
                position,
                moves,
                limits,
                threads: threads as usize,
                split_root,
                tt_bytes: (tt_mib as usize) << 20,
                json,
            };
            game(g, &variant)?.analyze(&args, out)
        }
        Command::Selfplay { game: g, variant, ai, games, seed, max_plies, json } => {
            game(g, &variant)?.selfplay(&SelfplayArgs { ai, games, seed, max_plies, json }, out)
        }
        Command::Perft { game: g, variant, depth, position, divide, json } => {
            game(g, &variant)?.perft(&PerftArgs { depth, position, divide, json }, out)
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
