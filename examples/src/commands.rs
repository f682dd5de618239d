//! What every game offers the command line, and the choice of game.

use crate::ai::AiSpec;
use crate::report::InfoJson;
use crate::Human;
use lapilli_board_graph::Board;
use lapilli_search::Limits;
use lapilli_symmetry::Group;
use std::error::Error;
use std::io::Write;

/// Results of the commands: an error message for the user.
pub type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// `play` options.
#[derive(Clone, Copy, Debug)]
pub struct PlayArgs {
    /// The computer player.
    pub ai: AiSpec,
    /// Which side the human takes.
    pub human: Human,
    /// Seed of random players.
    pub seed: u64,
    /// Draw after this many plies.
    pub max_plies: usize,
}

/// `analyze` options.
#[derive(Clone, Debug)]
pub struct AnalyzeArgs {
    /// Position text, or the start.
    pub position: Option<String>,
    /// Moves played first, space-separated.
    pub moves: String,
    /// When to stop.
    pub limits: Limits,
    /// Search threads.
    pub threads: usize,
    /// Split the root moves among the threads instead of Lazy SMP.
    pub split_root: bool,
    /// Transposition-table bytes.
    pub tt_bytes: usize,
    /// JSON output.
    pub json: bool,
}

/// `perft` options.
#[derive(Clone, Debug)]
pub struct PerftArgs {
    /// Depth in plies.
    pub depth: u32,
    /// Position text, or the start.
    pub position: Option<String>,
    /// Counts per root move too.
    pub divide: bool,
    /// JSON output.
    pub json: bool,
}

/// `selfplay` options.
#[derive(Clone, Copy, Debug)]
pub struct SelfplayArgs {
    /// The AI both sides use.
    pub ai: AiSpec,
    /// Games to play.
    pub games: usize,
    /// Seed of random players.
    pub seed: u64,
    /// Draw after this many plies.
    pub max_plies: usize,
    /// JSON output.
    pub json: bool,
}

/// The commands, implemented once per game (with its variant chosen).
pub trait Commands {
    /// `lapilli solve`.
    fn solve(&self, json: bool, out: &mut dyn Write) -> Result<()>;
    /// `lapilli play`.
    fn play(&self, args: &PlayArgs, out: &mut dyn Write) -> Result<()>;
    /// `lapilli info`.
    fn info(&self, json: bool, out: &mut dyn Write) -> Result<()>;
    /// `lapilli perft`.
    fn perft(&self, args: &PerftArgs, out: &mut dyn Write) -> Result<()>;
    /// `lapilli analyze`.
    fn analyze(&self, args: &AnalyzeArgs, out: &mut dyn Write) -> Result<()>;
    /// `lapilli selfplay`.
    fn selfplay(&self, args: &SelfplayArgs, out: &mut dyn Write) -> Result<()>;
}

/// Parses `--position` text, or returns `start` when there is none.
///
/// # Errors
/// The parse error, prefixed with the option and (the start of) the text.
pub fn position_or<G>(text: Option<&str>, start: G) -> Result<G>
where
    G: std::str::FromStr,
    G::Err: std::fmt::Display,
{
    match text {
        Some(t) => {
            let shown: String = t.chars().take(40).collect();
            Ok(t.parse::<G>().map_err(|e| format!("--position {shown:?}: {e}"))?)
        }
        None => Ok(start),
    }
}

/// `lapilli info` for a game on a board graph with its symmetry group:
/// the JSON report, or `heading`, the counts (points, edges, lines,
/// automorphisms, orbits) and `footer`.
///
/// # Errors
/// Only output errors.
pub fn board_info(
    game: &'static str,
    board: &Board,
    group: &Group,
    heading: &str,
    footer: &str,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let orbits: Vec<Vec<usize>> =
        group.point_orbits().iter().map(|o| o.iter().map(|p| p.index()).collect()).collect();
    let lines: Vec<Vec<usize>> =
        board.lines().iter().map(|l| l.iter().map(|p| p.index()).collect()).collect();
    if json {
        let report = InfoJson {
            game,
            points: board.point_count(),
            edges: board.edge_count(),
            lines: board.line_count(),
            automorphisms: group.len(),
            orbits,
            line_list: lines,
        };
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    write!(out, "{heading}")?;
    writeln!(out, "points: {}", board.point_count())?;
    writeln!(out, "edges: {}", board.edge_count())?;
    writeln!(out, "lines: {}  {:?}", board.line_count(), lines)?;
    writeln!(
        out,
        "automorphisms: {} (found by search over relabellings that preserve the lines)",
        group.len()
    )?;
    writeln!(out, "point orbits: {orbits:?}")?;
    write!(out, "{footer}")?;
    Ok(())
}

/// [`position_or`], refusing a position that belongs to another variant than
/// the one chosen on the command line (`TerminalGame::variant_mismatch`).
///
/// # Errors
/// The parse error, or the mismatch.
pub fn checked_position<G>(text: Option<&str>, start: G) -> Result<G>
where
    G: crate::play::TerminalGame + std::str::FromStr,
    G::Err: std::fmt::Display,
{
    let pos = position_or(text, start.clone())?;
    match pos.variant_mismatch(&start) {
        Some(why) => Err(format!("--position: {why}").into()),
        None => Ok(pos),
    }
}
