//! `lapilli match --against-perfect`: each game replayed through the
//! exact values (the solution, or endgame tables) to see where the first
//! engine's value dropped, and the account of those measurements per
//! colour of the first engine.

use super::referee::{GameResult, Played};
use super::stats::WinDrawLoss;
use crate::perfect::Values;
use crate::play::checked_plies;
use lapilli_game::{Game, Value};
use lapilli_registry::VariantDescriptor;
use serde_json::{json, Value as Json};
use std::io::Write;

/// A value's WDL as a rank: 2 won, 1 drawn, 0 lost.
fn rank(v: Value) -> u8 {
    match v {
        Value::Win(_) => 2,
        Value::Draw => 1,
        Value::Loss(_) => 0,
    }
}

/// A value in a few letters: `w12` (won in 12 plies), `d`, `l7`.
fn short(v: Value) -> String {
    match v {
        Value::Win(n) => format!("w{n}"),
        Value::Draw => "d".into(),
        Value::Loss(n) => format!("l{n}"),
    }
}

fn wdl_word(rank: u8) -> &'static str {
    ["loss", "draw", "win"][usize::from(rank.min(2))]
}

/// A drop of the engine's value on one of its plies.
#[derive(Clone, Debug, PartialEq)]
pub struct Drop {
    /// The ply, numbered from 1 from the game's start (the opening's plies
    /// included).
    pub ply: usize,
    /// The ply's text.
    pub mv: String,
    /// The engine's value before and after it.
    pub before: Value,
    /// After.
    pub after: Value,
}

/// One game measured against perfect play, from the first engine's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// The engine's side: 0 the side that moves first.
    pub side: usize,
    /// The engine's value when the engines take over (after the opening);
    /// `None` when not covered.
    pub start: Option<Value>,
    /// The engine's result; `None` for a game without one.
    pub result: Option<WinDrawLoss>,
    /// The first drop, if any.
    pub first_drop: Option<Drop>,
    /// The engine's plies that lowered its value.
    pub drops: usize,
    /// The perfect side's plies that lowered its own value (0 unless the
    /// values or the perfect player are wrong).
    pub perfect_drops: usize,
    /// The engine's value after every ply from the start (`None` where not
    /// covered).
    pub values: Vec<Option<Value>>,
}

/// Replays `played` from `start` (the opening's plies first) and measures
/// it for the engine on `side`.
pub fn measure<V: VariantDescriptor>(
    v: &V,
    start: &V::Position,
    played: &Played,
    side: usize,
    values: &Values<V::Position>,
) -> Measured {
    let sides = v.sides();
    let side_of = |p: &V::Position| usize::from(p.side_to_move() != sides[0].0);
    let for_engine = |p: &V::Position| values.of(p).map(|x| if side_of(p) == side { x } else { x.flip() });
    let opening = played.moves.len() - played.plies.len();
    // A game the rules of play drew (repetition, no progress, the ply
    // limit) ends drawn whatever the values, which ignore those rules: its
    // last position is at least a draw for the engine (its last ply lost
    // nothing; a win it let slip shows in the result, not as a drop).
    let drawn_by_rule = matches!(&played.outcome, GameResult::Result(e)
        if e.winner.is_none() && matches!(e.kind.as_str(), "repetition" | "no-progress" | "ply-limit"));
    let mut pos = start.clone();
    let mut seen = vec![for_engine(&pos)];
    let (mut first_drop, mut drops, mut perfect_drops) = (None, 0, 0);
    for (i, text) in played.moves.iter().enumerate() {
        let Ok(plies) = checked_plies(&pos, text) else { break };
        let mover = side_of(&pos);
        for m in plies {
            pos.play_unchecked(m);
        }
        let last = i + 1 == played.moves.len();
        let raw = for_engine(&pos);
        let after = match raw {
            Some(Value::Loss(_)) if last && drawn_by_rule => Some(Value::Draw),
            after => after,
        };
        if let (true, Some(before)) = (i >= opening, seen[i]) {
            if let Some(after) = after.filter(|&a| rank(a) < rank(before) && mover == side) {
                drops += 1;
                first_drop.get_or_insert(Drop { ply: i + 1, mv: text.clone(), before, after });
            }
            // The perfect side's own value, by the values alone.
            perfect_drops += usize::from(raw.is_some_and(|r| rank(r) > rank(before)) && mover != side);
        }
        seen.push(after);
    }
    let result = match &played.outcome {
        GameResult::Result(e) => Some(match e.winner {
            None => WinDrawLoss::Draw,
            Some(w) if w == side => WinDrawLoss::Win,
            Some(_) => WinDrawLoss::Loss,
        }),
        _ => None,
    };
    Measured {
        side,
        start: seen.get(opening).copied().flatten(),
        result,
        first_drop,
        drops,
        perfect_drops,
        values: seen,
    }
}

fn result_rank(r: WinDrawLoss) -> u8 {
    match r {
        WinDrawLoss::Win => 2,
        WinDrawLoss::Draw => 1,
        WinDrawLoss::Loss => 0,
    }
}

impl Measured {
    /// The game's `perfect` object in the log.
    pub fn json(&self, side_names: [&str; 2]) -> Json {
        json!({
            "engine_side": side_names[self.side],
            "start_value": self.start.map(short),
            "start": self.start.map(|s| wdl_word(rank(s))),
            "result": self.result.map(|r| wdl_word(result_rank(r))),
            "at_value": self.at_value(),
            "first_drop": self.first_drop.as_ref().map(|d| json!({
                "ply": d.ply, "move": d.mv, "before": short(d.before), "after": short(d.after),
            })),
            "drops": self.drops,
            "perfect_drops": self.perfect_drops,
            "values": self.values.iter().map(|v| v.map(short)).collect::<Vec<_>>(),
        })
    }

    /// Whether the game ended at its start's value (`None` without a
    /// result or a start value).
    pub fn at_value(&self) -> Option<bool> {
        Some(result_rank(self.result?) == rank(self.start?))
    }

    /// The line on standard error under the game's.
    pub fn text(&self) -> String {
        let value = |v: Option<Value>| v.map_or_else(|| "not covered".to_string(), |v| v.to_string());
        let drop = self.first_drop.as_ref().map_or_else(
            || "no value lost".to_string(),
            |d| format!("first value lost at ply {} ({}: {} -> {})", d.ply, d.mv, d.before, d.after),
        );
        format!("  against perfect play: the engine started at {}; {drop}", value(self.start))
    }
}

/// The measurements of one colour of the engine.
#[derive(Clone, Debug, Default)]
struct Colour {
    games: u32,
    at_value: u32,
    won_starts: u32,
    won_not_won: u32,
    drawn_starts: u32,
    drawn_lost: u32,
    lost_starts: u32,
    lost_saved: u32,
    uncovered: u32,
    games_with_drop: u32,
    first_drops: Vec<usize>,
    perfect_drops: u32,
}

impl Colour {
    fn add(&mut self, m: &Measured) {
        let (Some(result), Some(start)) = (m.result, m.start) else {
            self.uncovered += u32::from(m.result.is_some());
            return;
        };
        self.games += 1;
        let (r, s) = (result_rank(result), rank(start));
        self.at_value += u32::from(r == s);
        match s {
            2 => {
                (self.won_starts, self.won_not_won) =
                    (self.won_starts + 1, self.won_not_won + u32::from(r < 2))
            }
            1 => {
                (self.drawn_starts, self.drawn_lost) =
                    (self.drawn_starts + 1, self.drawn_lost + u32::from(r == 0))
            }
            _ => {
                (self.lost_starts, self.lost_saved) =
                    (self.lost_starts + 1, self.lost_saved + u32::from(r > 0))
            }
        }
        if let Some(d) = &m.first_drop {
            self.games_with_drop += 1;
            self.first_drops.push(d.ply);
        }
        self.perfect_drops += u32::try_from(m.perfect_drops).unwrap_or(u32::MAX);
    }

    fn median(&self) -> Option<f64> {
        let mut v = self.first_drops.clone();
        v.sort_unstable();
        let n = v.len();
        match n {
            0 => None,
            _ if n % 2 == 1 => Some(v[n / 2] as f64),
            _ => Some((v[n / 2 - 1] + v[n / 2]) as f64 / 2.0),
        }
    }

    fn json(&self) -> Json {
        let mut sorted = self.first_drops.clone();
        sorted.sort_unstable();
        json!({
            "games": self.games,
            "at_value": self.at_value,
            "won_starts": self.won_starts,
            "won_starts_not_won": self.won_not_won,
            "drawn_starts": self.drawn_starts,
            "drawn_starts_lost": self.drawn_lost,
            "lost_starts": self.lost_starts,
            "lost_starts_saved": self.lost_saved,
            "games_with_drop": self.games_with_drop,
            "first_drop_plies": sorted,
            "first_drop_median": self.median(),
            "not_covered": self.uncovered,
            "perfect_drops": self.perfect_drops,
        })
    }
}

/// The account of the games measured, per colour of the engine.
#[derive(Debug, Default)]
pub struct PerfectTally {
    colours: [Colour; 2],
    all: Colour,
}

impl PerfectTally {
    /// Counts a game.
    pub fn add(&mut self, m: &Measured) {
        self.colours[m.side].add(m);
        self.all.add(m);
    }

    /// The summary's `perfect` object: `values` (their source), `seed`,
    /// then `by_side` and `all`.
    pub fn json(&self, source: &str, seed: u64, side_names: [&str; 2]) -> Json {
        json!({
            "values": source,
            "seed": seed,
            "by_side": {side_names[0]: self.colours[0].json(), side_names[1]: self.colours[1].json()},
            "all": self.all.json(),
        })
    }

    /// The summary's lines.
    pub fn write(
        &self,
        out: &mut dyn Write,
        engine: &str,
        source: &str,
        side_names: [&str; 2],
    ) -> std::io::Result<()> {
        writeln!(out, "against perfect play ({source}), {engine} by colour:")?;
        let rows =
            [(side_names[0], &self.colours[0]), (side_names[1], &self.colours[1]), ("both", &self.all)];
        for (name, c) in rows {
            let median = c.median().map_or_else(|| "-".to_string(), |m| format!("{m}"));
            writeln!(
                out,
                "  as {name}: {} games, {} at the start's value; drawn starts {} (lost {}), won starts {} (not won {}), \
                 lost starts {} (saved {}); value lost in {} games, first at ply median {median}{}",
                c.games,
                c.at_value,
                c.drawn_starts,
                c.drawn_lost,
                c.won_starts,
                c.won_not_won,
                c.lost_starts,
                c.lost_saved,
                c.games_with_drop,
                if c.uncovered > 0 { format!("; {} games not covered", c.uncovered) } else { String::new() }
            )?;
        }
        Ok(())
    }
}
