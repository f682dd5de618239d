//! What every game offers the command line, and the choice of game.

use crate::ai::AiSpec;
use crate::Human;
use lapilli_search::Limits;
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
    /// Transposition-table bytes.
    pub tt_bytes: usize,
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
    fn perft(
        &self,
        depth: u32,
        position: Option<&str>,
        divide: bool,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<()>;
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
