//! Adapters that let the `minimax` crate (0.6.0) search our games, so that
//! both engines search the same trees in one criterion run.
//!
//! The `minimax` crate's `Game` trait assumes the sides alternate and
//! scores in `i16`; these adapters implement it over our position types
//! with our move generation, hashing and evaluation (clamped into `i16`,
//! which the heuristics here never exceed). Its mate scores are
//! `±i16::MAX` after its `root_value`; [`same_value`] compares a root value
//! of ours with one of theirs on that basis.
#![deny(missing_docs)]

use lapilli_search::{Evaluate, Game, ScoreKind};
use minimax::{Evaluation, Winner};

/// Terni Lapilli as a `minimax::Game` (the sides alternate strictly).
pub struct TerniLapilli;

impl minimax::Game for TerniLapilli {
    type S = lapilli_terni_lapilli::Position;
    type M = lapilli_terni_lapilli::Move;

    fn generate_moves(state: &Self::S, moves: &mut Vec<Self::M>) -> Option<Winner> {
        if let Some(w) = Self::get_winner(state) {
            return Some(w);
        }
        moves.extend(state.legal_moves());
        None
    }

    fn apply(state: &mut Self::S, m: Self::M) -> Option<Self::S> {
        let mut next = *state;
        next.play_unchecked(m);
        Some(next)
    }

    fn get_winner(state: &Self::S) -> Option<Winner> {
        // The only way a game ends here: the side that just moved won.
        state.outcome().map(|_| Winner::PlayerJustMoved)
    }

    fn zobrist_hash(state: &Self::S) -> u64 {
        Game::hash(state)
    }
}

/// Seed 000's heuristic as a `minimax::Evaluator`, the same numbers our
/// engine uses.
pub struct TerniEval;

impl minimax::Evaluator for TerniEval {
    type G = TerniLapilli;
    fn evaluate(&self, s: &lapilli_terni_lapilli::Position) -> Evaluation {
        to_i16(lapilli_terni_lapilli::eval::Heuristic.evaluate(s))
    }
}

/// An evaluation clamped into `minimax`'s `i16`, away from its mate range.
pub fn to_i16(v: i32) -> Evaluation {
    v.clamp(-30_000, 30_000) as Evaluation
}

/// Whether a root score of ours and a root value of theirs say the same:
/// both a win, both a loss, or the same heuristic value.
pub fn same_value(ours: i32, theirs: Evaluation) -> bool {
    match ScoreKind::of(ours) {
        ScoreKind::WinIn(_) => theirs == minimax::BEST_EVAL,
        ScoreKind::LossIn(_) => theirs == minimax::WORST_EVAL,
        ScoreKind::Heuristic(v) => i32::from(theirs) == v,
    }
}
