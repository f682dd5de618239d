//! The command line of `lapilli match`: its options ([`MatchArgs`]), its
//! long help ([`HELP`]) and the parsers of the option values.

use super::referee::Readback;
use super::stats::Sprt;
use std::ops::RangeInclusive;
use std::path::PathBuf;

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
answer `readyok` within --handshake-timeout, here or later, loses on time). Each engine runs in a process \
group of its own; when it is started again and when the match ends (also on an error or a signal) it is told \
`quit`, then its whole group is sent SIGTERM (at once if it quit within 300 ms, for what it left behind, \
else after those 300 ms) and SIGKILL if its output has not ended 200 ms after that, so that what it started \
goes too (a wrapper script that does not `exec` the engine included). There is no parent-death signal: should the match \
itself be killed outright (SIGKILL), an engine sees its standard input end, and one that quits at the end of \
its input, as `lapilli uci` does, ends then.

Signals. SIGINT (Ctrl-C), SIGTERM and SIGHUP stop the match: no game is started after it, the games in play \
are abandoned (not counted), the engines are told `quit` and their groups ended as above, and the summary of \
the games finished is printed (text, or JSON with `interrupted`), then `error: interrupted by SIGINT after N \
of M games`; the exit status is 128 + the signal's number: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP \
(the error's kind is `interrupted`). A second signal while the match ends its engines ends it at once, with \
128 + that signal's number.

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
log-likelihood ratio decides: once it leaves the bounds, after at least 30 pairs, the match stops after the \
games in play.

Against perfect play. --against-perfect makes the second engine the perfect player, this program as `lapilli \
uci <game> --perfect --seed S` (S the --seed; see `lapilli uci --help`): it plays a ply of the best value, \
uniformly at random among the plies of equal value (same WDL and, for a win or a loss, same DTM), from the \
game's solution (a solved game: the 3x3 games, Six Men's Morris; built on first use into the cache folder as \
`lapilli solve` does) or, with --tablebase DIR, from the endgame tables of DIR. Each game is then replayed \
through the same values: the first engine's value (won, drawn or lost for its side, with the DTM) when the \
engines take over, after every ply, and the first of its plies that lowered it (a win that became a draw or \
a loss, a draw that became a loss). With --tablebase the --openings are start positions drawn from the \
tables instead of random plies (a tier of DIR uniformly, then an index of it uniformly; by turns won, drawn \
and lost for the side to move, so that with both colours a third of the starts are won, drawn and lost for \
each engine), sent as `position fen <text> moves ...`; a position the tables do not cover has no value (the \
perfect player answers `bestmove none`, a disagreement). The perfect player loses on time only after \
max(--move-timeout, 60000) ms: its first probe of a tier loads the tier's table. The summary adds, per colour of the first engine and \
for both: games, how many ended at the start's value, drawn starts and how many it lost, won starts and how \
many it failed to win, lost starts and how many it saved, the games where its value dropped and the plies of \
the first drops (numbered from the game's start, the opening's plies included), their median. The values \
ignore the draw rules of play: the last position of a game drawn by repetition, the no-progress rule or \
--max-plies counts as at least a draw for the first engine, so its last ply drops nothing, and a won start \
drawn so shows in the result, not as a drop.

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
stopped (null, \"sprt\", \"disagreement\", \"error\" or \"interrupted\"), and, only after a signal, interrupted \
(\"SIGINT\", \"SIGTERM\" or \"SIGHUP\"). With --against-perfect: against_perfect ({values, seed}; null \
without) and perfect ({values: their source in words, seed, by_side: {<side name>: {games, at_value, \
drawn_starts, drawn_starts_lost, won_starts, won_starts_not_won, lost_starts, lost_starts_saved, \
games_with_drop, first_drop_plies (sorted), first_drop_median, not_covered, perfect_drops (0 unless the \
values are wrong)}}, all: the same for both colours}). A match that ends with an error after games were played, or that a \
signal stopped, prints that object with an `error` key ({kind, message}) added.

--log FILE writes JSON lines: first {\"type\": \"header\"} with the settings (the keys above up to \
games_planned, sprt, and opening_list: each opening's plies), then one {\"type\": \"game\"} per game in order: game, opening (both from 1), \
opening_plies, the engine on each side (keyed by side name, e.g. white, black), first_engine_side, moves \
(every ply, the opening's first), result (the winning side's name, draw, or null without a result), \
first_engine_result (win, draw, loss or null), ending (its kind: the rules' kind such as line or blocked, \
repetition, no-progress, ply-limit, time-forfeit, crash, or disagreement), reason (in words), plies, \
times_ms and info (per ply, null for the opening's: the ms from go to bestmove, and {depth, score} as the \
engine last reported them), disagreement (null or {ply, move, engine, what}). Every game can be replayed \
from its moves. With --against-perfect the header has start_positions (with --tablebase: each opening's \
position text) and each game perfect: {engine_side, start_value (w12: won in 12 plies, d, l7; null if not \
covered), start and result (win, draw, loss), at_value, first_drop (null or {ply, move, before, after}), \
drops, perfect_drops, values (the first engine's value after each ply, the start's first)}.

--resume goes on from the --log FILE when it exists (and starts it when not): a match cut short (a \
signal, the end of a session) or grown (more --openings of the same seed) plays only the games that \
its log does not hold with a result, and reports and logs all of them. The log must be of the same \
match: the same game, engines' names, options and read-backs, --movetime or --depth, --max-plies, \
--seed, --opening-plies or --openings-file, and --sprt; its openings the first of this match's. The \
engines' command lines may differ (said on standard error). Abandoned games and a last line cut short \
are played again. The log is written anew (header, the games kept, then the new ones; the header \
counts the games kept as resumed_games). The times per move of the games kept are read from the log. \
Not with --against-perfect.";

/// An engine's command line, split as a shell would.
#[derive(Clone, Debug)]
pub struct CommandLine(pub(super) Vec<String>);

/// The options of `lapilli match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The first engine's command line [default: this program as `lapilli
    /// uci ID`, ID the variant id of the game and options chosen]
    #[arg(long, value_name = "CMD", value_parser = parse_command)]
    pub(super) first: Option<CommandLine>,
    /// The second engine's command line [default: as --first's].
    #[arg(long, value_name = "CMD", value_parser = parse_command)]
    pub(super) second: Option<CommandLine>,
    /// An option for the first engine, sent as `setoption name NAME value
    /// VALUE` at start-up (repeat for more, sent in order).
    #[arg(long = "first-option", value_name = "NAME=VALUE", value_parser = parse_option)]
    pub(super) first_options: Vec<(String, String)>,
    /// An option for the second engine (see --first-option).
    #[arg(long = "second-option", value_name = "NAME=VALUE", value_parser = parse_option)]
    pub(super) second_options: Vec<(String, String)>,
    /// The first engine's name in the reports [default: its `id name`].
    #[arg(long, value_name = "NAME")]
    pub(super) first_name: Option<String>,
    /// The second engine's name in the reports [default: its `id name`].
    #[arg(long, value_name = "NAME")]
    pub(super) second_name: Option<String>,
    /// How the first engine's position is read back after each history:
    /// none, fen (the Rust Sanmill's `fen`) or d (`d`'s `Fen:` line).
    #[arg(long, value_enum, value_name = "MODE", default_value = "none")]
    pub(super) first_readback: Readback,
    /// How the second engine's position is read back (see
    /// --first-readback).
    #[arg(long, value_enum, value_name = "MODE", default_value = "none")]
    pub(super) second_readback: Readback,
    /// Time per move in milliseconds: `go movetime MS`, and `stop` MS after
    /// the `go`.
    #[arg(long, value_name = "MS", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub(super) movetime: u64,
    /// Search to this depth instead of a time: `go depth D` without
    /// `stop` (lapilli's games are then the same from run to run).
    #[arg(long, value_name = "D", conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..=200))]
    pub(super) depth: Option<u32>,
    /// The longest an engine may take to answer `uci` with `uciok` and
    /// `isready` with `readyok`, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub(super) handshake_timeout: u64,
    /// A move not answered this long after `go` loses on time
    /// [default: MS + max(1000, MS) with --movetime, 60000 with --depth].
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    pub(super) move_timeout: Option<u64>,
    /// The number of openings, each played with both colours [default:
    /// 20; with --openings-file, all of its openings].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub(super) openings: Option<u32>,
    /// The seed of the random openings.
    #[arg(long, allow_negative_numbers = true, default_value_t = 2024)]
    pub(super) seed: u64,
    /// The random openings' length in plies, MIN..MAX (or N), each length
    /// equally likely.
    #[arg(long, value_name = "MIN..MAX", default_value = "2..4", value_parser = parse_plies)]
    pub(super) opening_plies: RangeInclusive<usize>,
    /// Read the openings from a file instead: one a line, plies in the
    /// game's notation separated by spaces; `#` starts a comment line.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "opening_plies"])]
    pub(super) openings_file: Option<PathBuf>,
    /// A draw after this many plies, the opening's included.
    #[arg(long, value_name = "N", default_value_t = 300,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub(super) max_plies: u32,
    /// Games played at a time, each with its own two engine processes.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub(super) concurrency: u32,
    /// A sequential probability ratio test on pairs of games,
    /// `elo0=E0,elo1=E1[,alpha=A,beta=B]` (alpha and beta 0.05 by
    /// default): the match stops when it decides.
    #[arg(long, value_name = "SPEC", value_parser = parse_sprt)]
    pub(super) sprt: Option<Sprt>,
    /// Go on after a rules disagreement (the game has no result) instead
    /// of stopping the match.
    #[arg(long)]
    pub(super) continue_on_disagreement: bool,
    /// Play the first engine against the perfect player (`lapilli uci
    /// ID --perfect --seed S`, S the --seed) and measure it against the
    /// exact values: per colour, the games that ended at the start's
    /// value, drawn starts lost, won starts not won, and the first ply
    /// where its value dropped.
    #[arg(long, conflicts_with_all = ["second", "second_options", "second_readback", "sprt"])]
    pub(super) against_perfect: bool,
    /// With --against-perfect: the endgame tables (`lapilli tablebase
    /// build`) that give the values and the perfect player's plies, and
    /// from which the --openings start positions are drawn.
    #[arg(long, value_name = "DIR", requires = "against_perfect", conflicts_with_all = ["openings_file", "opening_plies"])]
    pub(super) tablebase: Option<PathBuf>,
    /// Write the settings and every game as JSON lines to this file.
    #[arg(long, value_name = "FILE")]
    pub(super) log: Option<PathBuf>,
    /// Go on from the --log FILE of the same match, if it exists: its
    /// games count, the others are played (long help).
    #[arg(long, requires = "log", conflicts_with = "against_perfect")]
    pub(super) resume: bool,
    /// Print one JSON object instead of text (keys in the long help); an
    /// error is then also printed as {"error": {"kind": ..., "message":
    /// ...}}.
    #[arg(long)]
    pub(super) json: bool,
}

fn parse_command(text: &str) -> Result<CommandLine, String> {
    let words =
        shell_words::split(text).map_err(|e| format!("{e} (the command line is split as a shell does)"))?;
    match words.first() {
        None => Err("the command line is empty".into()),
        Some(program) if program.is_empty() => {
            Err("the program's name is empty (the command line is empty)".into())
        }
        Some(_) => Ok(CommandLine(words)),
    }
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
