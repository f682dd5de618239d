//! `lapilli selfplay`: AI against AI, many games, endings by kind.

use crate::ai::{Ai, AiSpec};
use crate::Result;
use lapilli_search::registry::{GameVisitor, VariantDescriptor};
use lapilli_search::{Adjudication, CheckedGame, Ending, Game, GameRecord};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;

/// `lapilli selfplay` with its options.
pub struct Selfplay<'o> {
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
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

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

impl GameVisitor for Selfplay<'_> {
    type Output = Result<()>;

    /// Plays `games` games from the start, each side's player seeded with
    /// `seed + 2 * game + side` (side 0 moves first), and reports endings.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let ai = Ai::new(self.ai, &v)?;
        let start = v.start();
        let first = v.sides()[0].0;
        let mut endings: BTreeMap<String, usize> = BTreeMap::new();
        let mut results: BTreeMap<String, usize> = BTreeMap::new();
        let mut total_plies = 0usize;
        for game in 0..self.games {
            let game_seed = self.seed.wrapping_add(2 * game as u64);
            let mut players = [ai.player(game_seed), ai.player(game_seed.wrapping_add(1))];
            let mut record = GameRecord::new(start.clone(), start.no_progress_count());
            let kind = loop {
                match record.status() {
                    Some(Adjudication::Finished(_)) => {
                        break record.position().ending().map_or("draw", |e| e.name());
                    }
                    Some(draw) => break draw.name(),
                    None => {}
                }
                if record.moves().len() >= self.max_plies {
                    break "ply-limit";
                }
                let pos = record.position();
                let seat = usize::from(pos.side_to_move() != first);
                let m = players[seat]
                    .choose_in_game(pos, record.history())
                    .expect("an unfinished game has a move");
                record.play(m).expect("players choose legal plies");
            };
            total_plies += record.moves().len();
            *endings.entry(kind.into()).or_default() += 1;
            let result = match record.position().winner() {
                Some(w) if w == first => "first",
                Some(_) => "second",
                None => "draw",
            };
            *results.entry(result.into()).or_default() += 1;
        }
        let games = self.games;
        let mean_plies = if games == 0 { 0.0 } else { total_plies as f64 / games as f64 };
        let ai = self.ai.to_string();
        let out = self.out;
        if self.json {
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
}
