//! `lapilli selfplay`: AI against AI, many games, endings by kind.

use crate::commands::SelfplayArgs;
use crate::play::TerminalGame;
use lapilli_search::{Adjudication, GameRecord, Player};
use serde::Serialize;
use std::collections::BTreeMap;
use std::error::Error;
use std::io::Write;

/// `lapilli selfplay --json`.
#[derive(Serialize, Debug)]
pub struct SelfplayJson {
    /// Games played.
    pub games: usize,
    /// Endings by kind: the rules' own kinds (e.g. `line`, `reduction`,
    /// `blocked`), `repetition`, `no-progress`, `ply-limit`.
    pub endings: BTreeMap<String, usize>,
    /// Wins of the first side, of the second side, and draws.
    pub results: BTreeMap<String, usize>,
    /// Mean game length in plies.
    pub mean_plies: f64,
    /// The AI both sides used.
    pub ai: String,
}

/// Plays `args.games` games from `start`, each side's player made by
/// `make(seed)` with the seed `args.seed + 2 * game + side_index` (side 0
/// is `first_side`, which moves first), and reports endings.
///
/// # Errors
/// Only output errors.
pub fn run<'a, G: TerminalGame>(
    start: &G,
    first_side: G::Side,
    args: &SelfplayArgs,
    mut make: impl FnMut(u64) -> Box<dyn Player<G> + 'a>,
    out: &mut dyn Write,
) -> Result<(), Box<dyn Error>> {
    let SelfplayArgs { ai, games, seed, max_plies, json } = *args;
    let ai = ai.to_string();
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let mut results: BTreeMap<String, usize> = BTreeMap::new();
    let mut total_plies = 0usize;
    for game in 0..games {
        let game_seed = seed.wrapping_add(2 * game as u64);
        let mut players = [make(game_seed), make(game_seed.wrapping_add(1))];
        let mut record = GameRecord::new(start.clone());
        let (kind, winner) = loop {
            match record.status() {
                Some(Adjudication::Finished(_)) => {
                    let pos = record.position();
                    break (pos.ending_kind().to_string(), pos.winner_index(first_side));
                }
                Some(Adjudication::Repetition) => break ("repetition".into(), None),
                Some(Adjudication::NoProgress) => break ("no-progress".into(), None),
                None => {}
            }
            if record.moves().len() >= max_plies {
                break ("ply-limit".into(), None);
            }
            let pos = record.position();
            let seat = usize::from(lapilli_search::Game::side_to_move(pos) != first_side);
            let m =
                players[seat].choose_in_game(pos, record.history()).expect("an unfinished game has a move");
            record.play(m);
        };
        total_plies += record.moves().len();
        *endings.entry(kind).or_default() += 1;
        let result = match winner {
            Some(0) => "first",
            Some(_) => "second",
            None => "draw",
        };
        *results.entry(result.into()).or_default() += 1;
    }
    let mean_plies = if games == 0 { 0.0 } else { total_plies as f64 / games as f64 };
    if json {
        let report = SelfplayJson { games, endings, results, mean_plies, ai };
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    writeln!(out, "{games} games, {ai} against itself")?;
    writeln!(out, "mean length: {mean_plies:.1} plies")?;
    for (kind, n) in &endings {
        writeln!(out, "ending {kind}: {n}")?;
    }
    for (who, n) in &results {
        writeln!(out, "result {who}: {n}")?;
    }
    Ok(())
}
