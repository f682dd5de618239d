//! `lapilli selfplay`: AI against AI, many games, endings by kind.

use crate::ai::AiSpec;
use crate::analyze::position_or_start;
use crate::error::{CliError, Kind};
use crate::interrupt::Interrupt;
use crate::play::ai_and_tables;
use crate::report::plies;
use crate::Result;
use lapilli_board_graph::notation::excerpt;
use lapilli_board_graph::zobrist::splitmix64;
use lapilli_game::{Adjudication, CheckedGame, Ending, Game, GameRecord, Player, RandomPlayer};
use lapilli_registry::{GameVisitor, VariantDescriptor};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The transposition table of each search AI in `selfplay`.
const SELFPLAY_TABLE_BYTES: usize = 1 << 20;

/// `lapilli selfplay` with its options.
pub struct Selfplay<'o> {
    /// The AI both sides use.
    pub ai: AiSpec,
    /// Games to play.
    pub games: usize,
    /// Seed of the random opening plies and the random players.
    pub seed: u64,
    /// Uniformly random plies at the start of each game.
    pub random_plies: usize,
    /// Draw after this many plies.
    pub max_plies: usize,
    /// The longest a search AI thinks per move, if limited.
    pub time: Option<Duration>,
    /// Position text to start from, or the start.
    pub position: Option<String>,
    /// The folder of tablebases the AI consults.
    pub tablebase: Option<PathBuf>,
    /// The side that consults them, by name, or `both`.
    pub tablebase_side: String,
    /// Report each game's plies too.
    pub list: bool,
    /// JSON output.
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

/// One game of `lapilli selfplay --list --json`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct GameJson {
    /// The plies in the game's notation, the random opening plies first.
    pub moves: Vec<String>,
    /// How it ended (see [`SelfplayJson::endings`]).
    pub ending: &'static str,
    /// `first`, `second` or `draw`.
    pub result: &'static str,
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
    /// The random plies that open each game.
    pub random_plies: usize,
    /// The seed.
    pub seed: u64,
    /// The sides that consulted tablebases (`--tablebase`), by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tablebase_sides: Option<Vec<&'static str>>,
    /// Each game, with `--list`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list: Option<Vec<GameJson>>,
    /// The signal that stopped the games (`SIGINT`, `SIGTERM` or
    /// `SIGHUP`; absent when none did): the game in play was dropped and
    /// `games` counts those finished before it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<&'static str>,
}

/// The seed of the random opening plies of game `game` under `seed`.
fn opening_seed(seed: u64, game: usize) -> u64 {
    splitmix64(seed ^ splitmix64(game as u64))
}

impl GameVisitor for Selfplay<'_> {
    type Output = Result<()>;

    /// Plays `games` games from the start (or `--position`): the first
    /// `random_plies` plies of game `g` uniformly random from a generator
    /// seeded by `seed` and `g`, then each side's AI (a random player
    /// seeded with `seed + 2g + side`, side 0 moving first), and reports
    /// the endings. Every ply goes through the checked game record, so no
    /// ply follows the end of a game, by the rules or a draw rule.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let sides = v.sides();
        let with_tables: Vec<bool> = match self.tablebase_side.as_str() {
            "both" => vec![true, true],
            name => match sides.iter().position(|(_, n)| *n == name) {
                Some(i) => (0..2).map(|j| j == i).collect(),
                None => {
                    let names: Vec<&str> = sides.iter().map(|(_, n)| *n).collect();
                    return Err(CliError::new(
                        Kind::Option,
                        format!(
                            "--tablebase-side {:?}: {} has the sides {}; give one of them or both",
                            excerpt(name),
                            v.name(),
                            names.join(" and ")
                        ),
                    ));
                }
            },
        };
        let (ai, tables) = ai_and_tables(&v, self.ai, self.tablebase.as_deref(), self.json)?;
        let tables_of = |seat: usize| tables.as_deref().filter(|_| with_tables[seat]);
        let start = position_or_start(&v, self.position.as_deref())?;
        let first = sides[0].0;
        let mut endings: BTreeMap<String, usize> = BTreeMap::new();
        let mut results: BTreeMap<String, usize> = BTreeMap::new();
        let mut list = Vec::new();
        let mut total_plies = 0usize;
        // A signal stops the searches in play (their handles are those of
        // the game in play) and drops that game.
        let searches: Arc<Mutex<Vec<lapilli_search::StopHandle>>> = Arc::default();
        let stop = Arc::clone(&searches);
        let interrupt = Interrupt::catch(move |_| {
            stop.lock().unwrap_or_else(|e| e.into_inner()).iter().for_each(|s| s.stop());
        })?;
        let mut games = 0;
        'games: for game in 0..self.games {
            let game_seed = self.seed.wrapping_add(2 * game as u64);
            let mut players = [
                ai.player(game_seed, self.time, SELFPLAY_TABLE_BYTES, tables_of(0))?,
                ai.player(game_seed.wrapping_add(1), self.time, SELFPLAY_TABLE_BYTES, tables_of(1))?,
            ];
            *searches.lock().unwrap_or_else(|e| e.into_inner()) =
                players.iter().filter_map(|p| p.stop_handle()).collect();
            let mut opening = RandomPlayer::new(opening_seed(self.seed, game));
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
                if interrupt.caught().is_some() {
                    break 'games;
                }
                let pos = record.position();
                let m = if record.moves().len() < self.random_plies {
                    opening.choose(pos)
                } else {
                    let seat = usize::from(pos.side_to_move() != first);
                    players[seat].choose(pos, record.history()).map(|(m, _)| m)
                };
                let m = m.expect("an unfinished game has a move");
                record.play(m).expect("players choose legal plies in unfinished games");
            };
            games += 1;
            total_plies += record.moves().len();
            *endings.entry(kind.into()).or_default() += 1;
            let result = match record.position().winner() {
                Some(w) if w == first => "first",
                Some(_) => "second",
                None => "draw",
            };
            *results.entry(result.into()).or_default() += 1;
            if self.list {
                let mut pos = start.clone();
                let moves = record
                    .moves()
                    .iter()
                    .map(|&m| {
                        let text = pos.move_text(m);
                        pos.play_unchecked(m);
                        text
                    })
                    .collect();
                list.push(GameJson { moves, ending: kind, result });
            }
        }
        let mean_plies = if games == 0 { 0.0 } else { total_plies as f64 / games as f64 };
        let ai = self.ai.to_string();
        let out = self.out;
        let interrupted = interrupt
            .error(&format!(" after {games} of {} games (the game in play was dropped)", self.games));
        if self.json {
            let report = SelfplayJson {
                games,
                endings,
                results,
                mean_plies,
                ai,
                random_plies: self.random_plies,
                seed: self.seed,
                tablebase_sides: tables.as_ref().map(|_| {
                    sides.iter().zip(&with_tables).filter(|(_, &t)| t).map(|((_, n), _)| *n).collect()
                }),
                list: self.list.then_some(list),
                interrupted: interrupt.caught().map(|s| s.name()),
            };
            if let Some(e) = interrupted {
                return Err(e.with_report(serde_json::to_value(&report)?));
            }
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        let opening = plies(self.random_plies as u64);
        let games_word = if games == 1 { "game" } else { "games" };
        writeln!(out, "{games} {games_word}, {ai} against itself, {opening} chosen at random to open each")?;
        if tables.is_some() {
            let names: Vec<&str> =
                sides.iter().zip(&with_tables).filter(|(_, &t)| t).map(|((_, n), _)| *n).collect();
            writeln!(out, "tablebase consulted by: {}", names.join(" and "))?;
        }
        writeln!(out, "mean length: {mean_plies:.1} plies")?;
        for (kind, n) in &endings {
            writeln!(out, "ending {kind}: {n}")?;
        }
        for (who, n) in &results {
            writeln!(out, "result {who}: {n}")?;
        }
        for (i, g) in list.iter().enumerate() {
            writeln!(
                out,
                "game {}: {} ({}, {}): {}",
                i + 1,
                g.result,
                g.ending,
                plies(g.moves.len() as u64),
                g.moves.join(" ")
            )?;
        }
        interrupted.map_or(Ok(()), Err)
    }
}
