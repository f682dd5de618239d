//! `GET /api/history`: the solved value before and after each ply of a
//! game, the plies where it dropped for the mover marked as mistakes; and
//! `GET /api/eval`: the static evaluation term by term, for the games
//! whose heuristic is a sum of patterns (Terni Lapilli and the 3x3
//! games: the seed's +500 threats and +10 potentials). The values come
//! from the covers, the terms from the rules crates
//! ([`VariantDescriptor::evaluation_terms`]).

use crate::cover::Covers;
use crate::error::{ApiError, Kind};
use crate::sides::mover_value;
use crate::views::{point_names, replay, start_of};
use lapilli_game::{Game, Value};
use lapilli_registry::{GameVisitor, VariantDescriptor};
use serde::Serialize;

/// `GET /api/history`: each ply with its values.
#[derive(Clone, Debug, Serialize)]
pub struct HistoryJson {
    /// The variant id.
    pub game: String,
    /// The position the moves start from.
    pub start: String,
    /// Whether a solution or tablebase gives values here.
    pub solved: bool,
    /// Each ply played, in order.
    pub plies: Vec<PlyJson>,
    /// The plies (numbers from 1) marked as mistakes.
    pub mistakes: Vec<usize>,
}

/// A ply of the game and what it did to the mover's value.
#[derive(Clone, Debug, Serialize)]
pub struct PlyJson {
    /// Its number, from 1.
    pub ply: usize,
    /// The ply in the notation of the position it was played in.
    #[serde(rename = "move")]
    pub text: String,
    /// The mover's name.
    pub side: &'static str,
    /// The position's value for the mover before the ply, where covered.
    pub value_before: Option<&'static str>,
    /// Plies to the end before it (a win or a loss).
    pub plies_before: Option<u32>,
    /// The value for the mover after the ply, where covered.
    pub value_after: Option<&'static str>,
    /// Plies to the end after it (a win or a loss).
    pub plies_after: Option<u32>,
    /// Whether the value dropped for the mover: win to draw, win to loss,
    /// draw to loss.
    pub mistake: bool,
}

/// A value's rank for its side: loss < draw < win, whatever the distance.
fn rank(v: Value) -> u8 {
    match v {
        Value::Loss(_) => 0,
        Value::Draw => 1,
        Value::Win(_) => 2,
    }
}

/// `GET /api/history`.
pub struct History<'a> {
    /// The position text, or the start.
    pub position: Option<&'a str>,
    /// The moves played from it.
    pub moves: Option<&'a str>,
    /// The solutions and tables.
    pub covers: &'a Covers,
}

impl GameVisitor for History<'_> {
    type Output = Result<HistoryJson, ApiError>;

    fn visit<V: VariantDescriptor>(self, v: V) -> Result<HistoryJson, ApiError> {
        let start = start_of(&v, self.position)?;
        let (record, played) = replay(&v, self.position, self.moves)?;
        let cover = self.covers.of(&v)?;
        let mut pos = start.clone();
        let mut plies = Vec::new();
        for (i, (&m, text)) in record.moves().iter().zip(played).enumerate() {
            let before = cover.probe(&pos);
            let after = mover_value(&pos, m, &cover);
            let mistake = matches!((before, after), (Some(b), Some(a)) if rank(a) < rank(b));
            plies.push(PlyJson {
                ply: i + 1,
                text,
                side: v.side_name(pos.side_to_move()),
                value_before: before.map(|v| v.wdl()),
                plies_before: before.and_then(|v| v.plies()),
                value_after: after.map(|v| v.wdl()),
                plies_after: after.and_then(|v| v.plies()),
                mistake,
            });
            pos.play_unchecked(m);
        }
        let mistakes = plies.iter().filter(|p| p.mistake).map(|p| p.ply).collect();
        Ok(HistoryJson {
            game: v.id(),
            start: start.to_string(),
            solved: cover.is_something(),
            plies,
            mistakes,
        })
    }
}

/// `GET /api/eval`: the evaluation of a position term by term.
#[derive(Clone, Debug, Serialize)]
pub struct EvalJson {
    /// The variant id.
    pub game: String,
    /// The position evaluated.
    pub position: String,
    /// The side it is evaluated for (the side to move).
    pub side: &'static str,
    /// The evaluation: the terms' sum, or a won or lost line alone.
    pub total: i32,
    /// The patterns that score.
    pub terms: Vec<TermJson>,
}

/// A pattern that scores.
#[derive(Clone, Debug, Serialize)]
pub struct TermJson {
    /// Its points' names, in order.
    pub line: Vec<String>,
    /// Its points' indices.
    pub points: Vec<usize>,
    /// The evaluated side's pieces on it.
    pub own: u8,
    /// The opponent's.
    pub opponent: u8,
    /// Empty points on it.
    pub empty: usize,
    /// `threat`, `potential`, `opponent threat`, `opponent potential`,
    /// `win` or `loss`.
    pub kind: &'static str,
    /// Its points for the evaluated side.
    pub score: i32,
}

/// `GET /api/eval`.
pub struct Eval<'a> {
    /// The position text, or the start.
    pub position: Option<&'a str>,
    /// The moves played from it.
    pub moves: Option<&'a str>,
}

impl GameVisitor for Eval<'_> {
    type Output = Result<EvalJson, ApiError>;

    fn visit<V: VariantDescriptor>(self, v: V) -> Result<EvalJson, ApiError> {
        let (record, _) = replay(&v, self.position, self.moves)?;
        let pos = record.position();
        let breakdown = v.evaluation_terms(pos).ok_or_else(|| {
            ApiError::new(
                Kind::Usage,
                format!(
                    "{}: its evaluation is not a sum of patterns; the breakdown is for Terni Lapilli and the \
                     3x3 games",
                    v.id()
                ),
            )
        })?;
        let names = point_names(&v);
        let terms = breakdown
            .terms
            .into_iter()
            .map(|t| TermJson {
                line: t
                    .points
                    .iter()
                    .map(|&p| names.get(p).cloned().unwrap_or_else(|| p.to_string()))
                    .collect(),
                empty: t.points.len().saturating_sub(usize::from(t.own) + usize::from(t.opponent)),
                points: t.points,
                own: t.own,
                opponent: t.opponent,
                kind: t.kind,
                score: t.score,
            })
            .collect();
        Ok(EvalJson {
            game: v.id(),
            position: pos.to_string(),
            side: v.side_name(pos.side_to_move()),
            total: breakdown.total,
            terms,
        })
    }
}
