//! `--resume`: a match goes on from its own log. The log's header must
//! name the same match (game, engines' names and options, time or depth
//! per move, ply limit, openings and SPRT); its openings must be the first
//! of the new ones, so that a match of 20 openings can grow to 40 with the
//! same seed. The games it holds with a result (or a rules disagreement)
//! count as played; abandoned ones are played again.

use super::report::{result_of_word, Account};
use super::stats::{Sprt, WinDrawLoss};
use crate::error::{CliError, Kind};
use crate::play::checked_plies;
use lapilli_game::Game;
use lapilli_registry::VariantDescriptor;
use serde_json::{json, Value};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// A log read back: its header and the games it holds with an outcome,
/// each once, in game order.
pub(super) struct ResumedLog {
    path: PathBuf,
    header: Value,
    /// The game lines, as they are in the log.
    pub(super) games: Vec<Value>,
}

fn bad(path: &Path, what: impl std::fmt::Display) -> CliError {
    CliError::new(Kind::Option, format!("--resume {}: {what}", path.display()))
}

/// Reads the log at `path`.
///
/// # Errors
/// [`Kind::Io`] when it cannot be read; [`Kind::Option`] when it is not a
/// match log (no header first, a line that is not JSON, a game twice).
pub(super) fn read(path: &Path) -> crate::Result<ResumedLog> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::new(Kind::Io, format!("--resume {}: {e}", path.display())))?;
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let header: Value = match lines.next() {
        Some((_, l)) => serde_json::from_str(l).map_err(|e| bad(path, format!("line 1: {e}")))?,
        None => return Err(bad(path, "the log is empty")),
    };
    if header["type"] != "header" {
        return Err(bad(path, "line 1 is not a match log's header"));
    }
    let mut games: Vec<Value> = Vec::new();
    for (n, line) in lines {
        let game: Value = match serde_json::from_str(line) {
            Ok(g) => g,
            // A last line cut short by a kill: the game is played again.
            Err(_) if n + 1 == text.lines().count() => break,
            Err(e) => return Err(bad(path, format!("line {}: {e}", n + 1))),
        };
        if game["type"] != "game" {
            continue;
        }
        if game["ending"] == "aborted" {
            continue;
        }
        let Some(number) = game["game"].as_u64().filter(|&g| g > 0) else {
            return Err(bad(path, format!("line {}: a game without its number", n + 1)));
        };
        if games.iter().any(|g| g["game"].as_u64() == Some(number)) {
            return Err(bad(path, format!("line {}: game {number} is in the log twice", n + 1)));
        }
        games.push(game);
    }
    games.sort_by_key(|g| g["game"].as_u64());
    Ok(ResumedLog { path: path.to_path_buf(), header, games })
}

/// The header's keys that must be the same for the match to go on: what
/// decides how the games are played and scored (not the engines' command
/// lines, which may move, nor the concurrency or the timeout of a move).
fn same_match(old: &Value, new: &Value) -> Result<(), String> {
    let keys: [&[&str]; 14] = [
        &["game"],
        &["first", "name"],
        &["first", "options"],
        &["first", "readback"],
        &["second", "name"],
        &["second", "options"],
        &["second", "readback"],
        &["movetime_ms"],
        &["depth"],
        &["max_plies"],
        &["openings", "seed"],
        &["openings", "plies"],
        &["openings", "file"],
        &["sprt"],
    ];
    for path in keys {
        let pick = |v: &Value| path.iter().fold(v.clone(), |v, k| v[*k].clone());
        let (was, now) = (pick(old), pick(new));
        if was != now {
            return Err(format!("the log's {} is {was}, this match's {now}", path.join(".")));
        }
    }
    let (was, now) = (&old["opening_list"], &new["opening_list"]);
    let (Some(was), Some(now)) = (was.as_array(), now.as_array()) else {
        return Err("the log has no opening_list".into());
    };
    if was.len() > now.len() {
        return Err(format!(
            "the log has {} openings, more than this match's {}: ask for at least {0} (--openings)",
            was.len(),
            now.len()
        ));
    }
    if now[..was.len()] != was[..] {
        return Err(format!(
            "the log's {} openings are not the first of this match's {} (another seed, plies or file?)",
            was.len(),
            now.len()
        ));
    }
    Ok(())
}

impl ResumedLog {
    /// Checks that the log is of the match described by `header` (the new
    /// log's header) and that its games are among the `total` planned.
    ///
    /// # Errors
    /// [`Kind::Option`] naming the first setting that differs.
    pub(super) fn check(&self, header: &Value, total: usize) -> crate::Result<()> {
        same_match(&self.header, header).map_err(|e| bad(&self.path, e))?;
        for (key, label) in [("first", "first"), ("second", "second")] {
            let (was, now) = (&self.header[key]["command"], &header[key]["command"]);
            if was != now {
                eprintln!("match: --resume: the {label} engine is now {now} (the log's: {was})");
            }
        }
        match self.games.last().and_then(|g| g["game"].as_u64()) {
            Some(last) if last as usize > total => {
                Err(bad(&self.path, format!("the log holds game {last}, beyond the {total} games planned")))
            }
            _ => Ok(()),
        }
    }

    /// Whether each of the `total` games is in the log (played).
    pub(super) fn played(&self, total: usize) -> Vec<bool> {
        let mut played = vec![false; total];
        for g in &self.games {
            if let Some(n) = g["game"].as_u64() {
                played[n as usize - 1] = true;
            }
        }
        played
    }

    /// Writes the log anew: `header` (the new match's), then the games
    /// kept, through a file beside it renamed over it; returns the log
    /// open for the games to come.
    ///
    /// # Errors
    /// [`Kind::Io`] when it cannot be written.
    pub(super) fn rewrite(&self, header: &Value) -> crate::Result<BufWriter<File>> {
        let io = |e: std::io::Error| CliError::new(Kind::Io, format!("--log {}: {e}", self.path.display()));
        let mut temporary = self.path.clone().into_os_string();
        temporary.push(".resume");
        let temporary = PathBuf::from(temporary);
        {
            let mut out = BufWriter::new(File::create(&temporary).map_err(io)?);
            let mut header = header.clone();
            header["resumed_games"] = json!(self.games.len());
            writeln!(out, "{header}").map_err(io)?;
            for g in &self.games {
                writeln!(out, "{g}").map_err(io)?;
            }
            out.into_inner().map_err(|e| io(e.into_error()))?.sync_all().map_err(io)?;
        }
        std::fs::rename(&temporary, &self.path).map_err(io)?;
        Ok(BufWriter::new(OpenOptions::new().append(true).open(&self.path).map_err(io)?))
    }
}

/// The seat (0 the first engine) that played each of a game's plies after
/// its opening, found by replaying its moves from `start`; shorter than
/// the plies when a move does not replay (its times are then left out).
fn seats<V: VariantDescriptor>(v: &V, start: &V::Position, game: &Value) -> Vec<usize> {
    let first_side = usize::from(game["first_engine_side"] != v.sides()[0].1);
    let opening = game["opening_plies"].as_u64().unwrap_or(0) as usize;
    let mut pos = start.clone();
    let mut seats = Vec::new();
    for (i, text) in game["moves"].as_array().into_iter().flatten().enumerate() {
        let Some(Ok(plies)) = text.as_str().map(|t| checked_plies(&pos, t)) else { break };
        let mover = usize::from(pos.side_to_move() != v.sides()[0].0);
        if i >= opening {
            seats.push(usize::from(mover != first_side));
        }
        for m in plies {
            pos.play_unchecked(m);
        }
    }
    seats
}

impl Account {
    /// Counts a game of the log being resumed, as [`Account::add`] counted
    /// it when it was played (without printing or logging it again).
    pub(super) fn add_logged<V: VariantDescriptor>(
        &mut self,
        v: &V,
        start: &V::Position,
        game: &Value,
        sprt: Option<Sprt>,
        continue_on_disagreement: bool,
    ) {
        let index = game["game"].as_u64().unwrap_or(1) as usize - 1;
        let first_side = index % 2;
        let times: Vec<f64> =
            game["times_ms"].as_array().into_iter().flatten().filter_map(Value::as_f64).collect();
        for (seat, ms) in seats(v, start, game).into_iter().zip(times) {
            self.times[seat].push(ms);
        }
        let ending = game["ending"].as_str().unwrap_or("unknown").to_string();
        *self.endings.entry(ending.clone()).or_default() += 1;
        if let Some(first) = game["first_engine_result"].as_str().and_then(result_of_word) {
            self.tally.add(first);
            self.by_side[first_side].add(first);
            self.results[index] = Some(first);
            // The engine that forfeits or crashes is the one that loses.
            let loser = match first {
                WinDrawLoss::Loss => Some(0),
                WinDrawLoss::Win => Some(1),
                WinDrawLoss::Draw => None,
            };
            match (ending.as_str(), loser) {
                ("time-forfeit", Some(seat)) => self.forfeits[seat] += 1,
                ("crash", Some(seat)) => self.crashes[seat] += 1,
                _ => {}
            }
        } else if let Some(d) = game["disagreement"].as_object() {
            self.disagreements.push(json!({
                "game": index + 1,
                "opening": index / 2 + 1,
                "ply": d.get("ply"),
                "move": d.get("move"),
                "engine": d.get("engine"),
                "what": d.get("what"),
            }));
            self.stop_on_disagreement(continue_on_disagreement);
        }
        self.pair_and_test(index, sprt);
    }
}
