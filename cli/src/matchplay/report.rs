//! The reports of a match: each game's line on standard error and in the
//! log, the running account of the results, and the summary as text or
//! JSON.

use super::openings::Opening;
use super::referee::{Disagreement, GameResult, Played};
use super::run::Shared;
use super::stats::{EloEstimate, PairTally, Sprt, SprtDecision, Tally, WinDrawLoss};
use crate::interrupt::Signal;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};

/// A result from the first engine's point of view.
fn first_engine_result(winner: Option<usize>, first_side: usize) -> WinDrawLoss {
    match winner {
        None => WinDrawLoss::Draw,
        Some(w) if w == first_side => WinDrawLoss::Win,
        Some(_) => WinDrawLoss::Loss,
    }
}

fn result_word(o: WinDrawLoss) -> &'static str {
    match o {
        WinDrawLoss::Win => "win",
        WinDrawLoss::Draw => "draw",
        WinDrawLoss::Loss => "loss",
    }
}

/// The result a word of [`result_word`] names, as the log reads back.
pub(super) fn result_of_word(word: &str) -> Option<WinDrawLoss> {
    [WinDrawLoss::Win, WinDrawLoss::Draw, WinDrawLoss::Loss].into_iter().find(|&r| result_word(r) == word)
}

/// Times per move of one engine, in milliseconds.
#[derive(Serialize, Debug, Clone, PartialEq)]
struct TimeJson {
    moves: usize,
    median_ms: Option<f64>,
    max_ms: Option<f64>,
    mean_ms: Option<f64>,
}

impl TimeJson {
    fn of(times: &[f64]) -> TimeJson {
        let mut sorted = times.to_vec();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let median = match n {
            0 => None,
            _ if n % 2 == 1 => Some(sorted[n / 2]),
            _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0),
        };
        let round = |x: f64| (x * 10.0).round() / 10.0;
        TimeJson {
            moves: n,
            median_ms: median.map(round),
            max_ms: sorted.last().copied().map(round),
            mean_ms: (n > 0).then(|| round(sorted.iter().sum::<f64>() / n as f64)),
        }
    }

    fn text(&self) -> String {
        match (self.median_ms, self.max_ms) {
            (Some(median), Some(max)) => {
                format!("median {median:.1} ms, max {max:.1} ms ({} moves)", self.moves)
            }
            _ => "no moves".into(),
        }
    }
}

/// The running account of the match, in game order.
pub(super) struct Account {
    pub(super) tally: Tally,
    pairs: PairTally,
    pub(super) by_side: [Tally; 2],
    /// The first engine's result of each game, by index.
    pub(super) results: Vec<Option<WinDrawLoss>>,
    pub(super) endings: BTreeMap<String, u64>,
    /// The disagreements, as the summary lists them.
    pub(super) disagreements: Vec<Value>,
    pub(super) forfeits: [u64; 2],
    pub(super) crashes: [u64; 2],
    pub(super) times: [Vec<f64>; 2],
    /// The SPRT's decision that stopped the match.
    sprt_stop: Option<SprtDecision>,
    /// Why the match stopped early: "sprt", "disagreement", "error" or
    /// "interrupted".
    pub(super) stopped: Option<&'static str>,
    /// The signal that stopped the match.
    pub(super) interrupted: Option<Signal>,
}

fn decision_word(d: SprtDecision) -> &'static str {
    match d {
        SprtDecision::Continue => "continue",
        SprtDecision::AcceptH0 => "H0",
        SprtDecision::AcceptH1 => "H1",
    }
}

/// Wins, draws and losses in words: "2 wins, 1 draw, 0 losses".
fn wdl(wins: u32, draws: u32, losses: u32) -> String {
    let n = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!("{}, {}, {}", n(wins, "win", "wins"), n(draws, "draw", "draws"), n(losses, "loss", "losses"))
}

fn percent(score: Option<f64>) -> String {
    score.map_or_else(|| "-".into(), |s| format!("{:.1}%", 100.0 * s))
}

/// A game as the reports see it.
pub(super) struct GameText<'a> {
    /// The game's number, from 0.
    pub(super) index: usize,
    /// How it went.
    pub(super) played: &'a Played,
    /// The game's side names, the side that moves first's first.
    pub(super) side_names: [&'static str; 2],
    /// The match's settings and engines.
    pub(super) shared: &'a Shared,
    /// With --against-perfect: the game measured (the log's `perfect`).
    pub(super) perfect: Option<Value>,
}

impl GameText<'_> {
    /// The side the first engine played: 0 (the side that moves first) in
    /// the first game of a pair.
    fn first_side(&self) -> usize {
        self.index % 2
    }

    /// The engine's name on `side`.
    fn on_side(&self, side: usize) -> &str {
        &self.shared.names[if side == self.first_side() { 0 } else { 1 }]
    }

    fn opening(&self) -> &Opening {
        &self.shared.openings[self.index / 2]
    }

    /// The game as one JSON line of the log.
    fn log_json(&self) -> Value {
        let opening_plies = self.played.moves.len() - self.played.plies.len();
        let mut game = json!({
            "type": "game",
            "game": self.index + 1,
            "opening": self.index / 2 + 1,
            "opening_plies": opening_plies,
        });
        for side in 0..2 {
            game[self.side_names[side]] = json!(self.on_side(side));
        }
        let (result, first_result, ending, reason, disagreement) = match &self.played.outcome {
            GameResult::Result(e) => {
                let first = first_engine_result(e.winner, self.first_side());
                (
                    json!(e.winner.map_or("draw", |w| self.side_names[w])),
                    json!(result_word(first)),
                    e.kind.clone(),
                    e.text.clone(),
                    Value::Null,
                )
            }
            GameResult::Disagreement(d) => (
                Value::Null,
                Value::Null,
                "disagreement".to_string(),
                self.disagreement_text(d),
                json!({"ply": d.ply, "move": d.mv, "engine": self.shared.names[d.seat], "what": d.what}),
            ),
            GameResult::Aborted => {
                (Value::Null, Value::Null, "aborted".into(), "abandoned".into(), Value::Null)
            }
        };
        let mut times: Vec<Value> = vec![Value::Null; opening_plies];
        let mut info: Vec<Value> = vec![Value::Null; opening_plies];
        for p in &self.played.plies {
            times.push(json!((p.millis * 10.0).round() / 10.0));
            info.push(json!({"depth": p.depth, "score": p.score}));
        }
        let extra = json!({
            "first_engine_side": self.side_names[self.first_side()],
            "moves": self.played.moves,
            "result": result,
            "first_engine_result": first_result,
            "ending": ending,
            "reason": reason,
            "plies": self.played.moves.len(),
            "times_ms": times,
            "info": info,
            "disagreement": disagreement,
        });
        if let (Value::Object(game), Value::Object(extra)) = (&mut game, extra) {
            game.extend(extra);
        }
        if let Some(perfect) = &self.perfect {
            game["perfect"] = perfect.clone();
        }
        game
    }

    fn disagreement_text(&self, d: &Disagreement) -> String {
        let mv = d.mv.as_deref().map_or_else(String::new, |m| format!(" ({m})"));
        format!("rules disagreement at ply {}{mv} with {}: {}", d.ply, self.shared.names[d.seat], d.what)
    }
}

impl Account {
    /// An empty account for `total` games.
    pub(super) fn new(total: usize) -> Account {
        Account {
            tally: Tally::default(),
            pairs: PairTally::default(),
            by_side: [Tally::default(), Tally::default()],
            results: vec![None; total],
            endings: BTreeMap::new(),
            disagreements: Vec::new(),
            forfeits: [0; 2],
            crashes: [0; 2],
            times: [Vec::new(), Vec::new()],
            sprt_stop: None,
            stopped: None,
            interrupted: None,
        }
    }

    /// The games with a result so far.
    pub(super) fn games(&self) -> u32 {
        self.tally.games()
    }

    /// Counts a game, prints its line, logs it, and decides whether the
    /// match stops (SPRT, disagreement).
    pub(super) fn add(
        &mut self,
        game: &GameText<'_>,
        sprt: Option<Sprt>,
        continue_on_disagreement: bool,
        log: Option<&mut BufWriter<File>>,
    ) -> crate::Result<()> {
        let index = game.index;
        let first_side = game.first_side();
        for p in &game.played.plies {
            self.times[p.seat].push(p.millis);
        }
        let result_text = match &game.played.outcome {
            GameResult::Result(e) => {
                let first = first_engine_result(e.winner, first_side);
                self.tally.add(first);
                self.by_side[first_side].add(first);
                self.results[index] = Some(first);
                *self.endings.entry(e.kind.clone()).or_default() += 1;
                match (e.kind.as_str(), e.culprit) {
                    ("time-forfeit", Some(seat)) => self.forfeits[seat] += 1,
                    ("crash", Some(seat)) => self.crashes[seat] += 1,
                    _ => {}
                }
                e.text.clone()
            }
            GameResult::Disagreement(d) => {
                *self.endings.entry("disagreement".into()).or_default() += 1;
                self.disagreements.push(json!({
                    "game": index + 1,
                    "opening": index / 2 + 1,
                    "ply": d.ply,
                    "move": d.mv,
                    "engine": game.shared.names[d.seat],
                    "what": d.what,
                }));
                self.stop_on_disagreement(continue_on_disagreement);
                format!("no result: {}", game.disagreement_text(d))
            }
            GameResult::Aborted => "abandoned".into(),
        };
        self.pair_and_test(index, sprt);
        let t = &self.tally;
        eprintln!(
            "game {}/{} [opening {}: {}] {}: {}, {}: {} -> {result_text}, {} plies; {}: W {} D {} L {}, {:.1}/{} = {}",
            index + 1,
            game.shared.total,
            index / 2 + 1,
            game.opening(),
            game.side_names[0],
            game.on_side(0),
            game.side_names[1],
            game.on_side(1),
            game.played.moves.len(),
            game.shared.names[0],
            t.wins,
            t.draws,
            t.losses,
            t.points(),
            t.games(),
            percent(t.score())
        );
        if let Some(log) = log {
            writeln!(log, "{}", game.log_json())?;
            log.flush()?;
        }
        Ok(())
    }

    /// After game `index` (from 0): counts its pair when both games have a
    /// result, and runs the SPRT on the pairs so far.
    pub(super) fn pair_and_test(&mut self, index: usize, sprt: Option<Sprt>) {
        if index % 2 == 1 {
            if let (Some(x), Some(y)) = (self.results[index - 1], self.results[index]) {
                self.pairs.add(x, y);
                if let Some(sprt) = sprt {
                    let llr = sprt.llr_pairs(&self.pairs);
                    let decision = sprt.decision_after(llr, self.pairs.pairs());
                    if decision != SprtDecision::Continue && self.sprt_stop.is_none() {
                        self.sprt_stop = Some(decision);
                        self.stopped.get_or_insert("sprt");
                    }
                }
            }
        }
    }

    /// After a rules disagreement: the match stops unless told to go on.
    pub(super) fn stop_on_disagreement(&mut self, continue_on_disagreement: bool) {
        if !continue_on_disagreement && self.stopped.is_none() {
            self.stopped = Some("disagreement");
        }
    }

    /// The summary (see the long help's --json keys).
    pub(super) fn summary(
        &self,
        settings: Value,
        sprt: Option<Sprt>,
        side_names: [&'static str; 2],
    ) -> Summary {
        let t = &self.tally;
        let pairs = self.pairs.pairs();
        let sprt = sprt.map(|s| {
            let llr = s.llr_pairs(&self.pairs);
            let decision = self.sprt_stop.unwrap_or_else(|| s.decision_after(llr, pairs));
            SprtJson {
                elo0: s.elo0,
                elo1: s.elo1,
                alpha: s.alpha,
                beta: s.beta,
                lower: s.lower(),
                upper: s.upper(),
                llr,
                pairs,
                decision: decision_word(decision),
                stopped_match: self.sprt_stop.is_some(),
            }
        });
        Summary {
            settings,
            games: t.games(),
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            points: t.points(),
            score: t.score(),
            elo: t.elo(),
            pairs,
            pentanomial: self.pairs.counts,
            elo_pairs: if pairs > 0 { self.pairs.elo() } else { None },
            by_side: (0..2).map(|side| (side_names[side], SideJson::of(&self.by_side[side]))).collect(),
            sprt,
            endings: self.endings.clone(),
            disagreements: self.disagreements.clone(),
            forfeits: PerEngine { first: self.forfeits[0], second: self.forfeits[1] },
            crashes: PerEngine { first: self.crashes[0], second: self.crashes[1] },
            time: PerEngine { first: TimeJson::of(&self.times[0]), second: TimeJson::of(&self.times[1]) },
            stopped: self.stopped,
            interrupted: self.interrupted.map(Signal::name),
        }
    }
}

/// A count for each engine.
#[derive(Serialize, Debug, Clone)]
struct PerEngine<T> {
    first: T,
    second: T,
}

/// The first engine's results on one side.
#[derive(Serialize, Debug, Clone)]
struct SideJson {
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
}

impl SideJson {
    fn of(t: &Tally) -> SideJson {
        SideJson { games: t.games(), wins: t.wins, draws: t.draws, losses: t.losses }
    }
}

/// The SPRT's state at the end.
#[derive(Serialize, Debug, Clone)]
struct SprtJson {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    lower: f64,
    upper: f64,
    llr: f64,
    pairs: u32,
    decision: &'static str,
    stopped_match: bool,
}

/// The summary: the settings, then the results (`--json`).
#[derive(Serialize, Debug)]
pub(super) struct Summary {
    #[serde(flatten)]
    settings: Value,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    points: f64,
    score: Option<f64>,
    elo: Option<EloEstimate>,
    pairs: u32,
    pentanomial: [u32; 5],
    elo_pairs: Option<EloEstimate>,
    by_side: BTreeMap<&'static str, SideJson>,
    sprt: Option<SprtJson>,
    endings: BTreeMap<String, u64>,
    disagreements: Vec<Value>,
    forfeits: PerEngine<u64>,
    crashes: PerEngine<u64>,
    time: PerEngine<TimeJson>,
    stopped: Option<&'static str>,
    /// The signal that stopped the match (`SIGINT`, `SIGTERM`, `SIGHUP`),
    /// only when one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    interrupted: Option<&'static str>,
}

impl Summary {
    /// The summary as text.
    pub(super) fn write(
        &self,
        out: &mut dyn Write,
        names: &[String; 2],
        side_names: [&str; 2],
        limit: &str,
    ) -> crate::Result<()> {
        let o = &self.settings["openings"];
        let source = match (o["file"].as_str(), o["plies"].as_array()) {
            (Some(file), _) => format!("from {file}"),
            (None, Some(p)) => format!("of {}..{} random plies, seed {}", p[0], p[1], o["seed"]),
            (None, None) if !o["seed"].is_null() => format!("drawn from the tables, seed {}", o["seed"]),
            (None, None) => String::new(),
        };
        writeln!(out, "match: {}, {limit}", self.settings["variant"].as_str().unwrap_or_default())?;
        for (seat, key) in [(0, "first"), (1, "second")] {
            let e = &self.settings[key];
            let options: Vec<&str> = e["options"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let mut details = vec![e["command"].as_str().unwrap_or_default().to_string()];
            if !options.is_empty() {
                details.push(format!("options {}", options.join(" ")));
            }
            if let Some(mode) = e["readback"].as_str().filter(|m| *m != "none") {
                details.push(format!("read-back {mode}"));
            }
            writeln!(out, "{key} engine: {} ({})", names[seat], details.join("; "))?;
        }
        writeln!(
            out,
            "games: {} with a result, of {} ({} openings {source}, each with both colours)",
            self.games, self.settings["games_planned"], o["count"]
        )?;
        writeln!(
            out,
            "{}: {}; score {:.1}/{} = {}",
            names[0],
            wdl(self.wins, self.draws, self.losses),
            self.points,
            self.games,
            percent(self.score)
        )?;
        for name in side_names {
            if let Some(b) = self.by_side.get(name) {
                writeln!(out, "  as {name}: {}", wdl(b.wins, b.draws, b.losses))?;
            }
        }
        let elo = |e: &Option<EloEstimate>| e.as_ref().map_or_else(|| "-".to_string(), ToString::to_string);
        writeln!(out, "elo: {}", elo(&self.elo))?;
        let p = &self.pentanomial;
        writeln!(
            out,
            "elo by pairs: {} ({} pairs scoring 0/0.5/1/1.5/2 points: {} {} {} {} {})",
            elo(&self.elo_pairs),
            self.pairs,
            p[0],
            p[1],
            p[2],
            p[3],
            p[4]
        )?;
        if let Some(s) = &self.sprt {
            let decision = match s.decision {
                "H0" => "H0 accepted",
                "H1" => "H1 accepted",
                _ => "no decision yet",
            };
            writeln!(
                out,
                "sprt elo0={} elo1={} alpha={} beta={}: llr {:.2} (bounds {:.2} to {:.2}) after {} pairs: \
                 {decision}{}",
                s.elo0,
                s.elo1,
                s.alpha,
                s.beta,
                s.llr,
                s.lower,
                s.upper,
                s.pairs,
                if s.stopped_match { " (the match stopped there)" } else { "" }
            )?;
        }
        let endings: Vec<String> = self.endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
        writeln!(out, "endings: {}", if endings.is_empty() { "none".into() } else { endings.join(", ") })?;
        writeln!(out, "disagreements: {}", self.disagreements.len())?;
        for d in &self.disagreements {
            writeln!(
                out,
                "  game {} (opening {}), ply {}{}, {}: {}",
                d["game"],
                d["opening"],
                d["ply"],
                d["move"].as_str().map_or_else(String::new, |m| format!(" {m}")),
                d["engine"].as_str().unwrap_or_default(),
                d["what"].as_str().unwrap_or_default()
            )?;
        }
        writeln!(
            out,
            "losses on time: {} {}, {} {}; crashes: {} {}, {} {}",
            names[0],
            self.forfeits.first,
            names[1],
            self.forfeits.second,
            names[0],
            self.crashes.first,
            names[1],
            self.crashes.second
        )?;
        writeln!(out, "time per move, {}: {}", names[0], self.time.first.text())?;
        writeln!(out, "time per move, {}: {}", names[1], self.time.second.text())?;
        match (self.stopped, self.interrupted) {
            (_, Some(signal)) => writeln!(out, "stopped early: interrupted by {signal}")?,
            (Some(stopped), None) => writeln!(out, "stopped early: {stopped}")?,
            (None, None) => {}
        }
        Ok(())
    }
}
