//! The engine's ply where the tables cover the root and every ply from it:
//! chosen from the tables, whatever the search's budget, the heuristic
//! choosing only among the plies of the best value.

use lapilli_game::{value_score, Evaluate, Game, History, Value};
use lapilli_search::{Analysis, Engine, Limits, StopReason};
use lapilli_tablebase::{successor_values, Oracle};
use std::collections::HashSet;
use std::time::Instant;

/// The evaluation of a search among the best plies of a covered root:
/// `eval` everywhere, except that the positions the other plies lead to
/// score their exact table value, so that the search never prefers them.
struct AmongBest<'t, E, G: Game> {
    eval: E,
    tables: &'t dyn Oracle<G>,
    /// The Zobrist keys of the positions the other plies lead to.
    others: HashSet<u64>,
}

impl<E: Evaluate<G>, G: Game> Evaluate<G> for AmongBest<'_, E, G> {
    fn evaluate(&self, pos: &G) -> i32 {
        self.eval.evaluate(pos)
    }

    fn futility_margin(&self) -> Option<i32> {
        self.eval.futility_margin()
    }

    fn aspiration_window(&self) -> Option<i32> {
        self.eval.aspiration_window()
    }

    fn deepening_step(&self) -> u32 {
        self.eval.deepening_step()
    }

    fn settled(&self, pos: &G) -> Option<i32> {
        self.eval.settled(pos)
    }

    fn probe(&self, pos: &G) -> Option<Value> {
        if self.others.contains(&pos.zobrist()) {
            self.tables.probe(pos)
        } else {
            None
        }
    }
}

/// The engine's answer at `pos` when `tables` value it and every ply
/// from it; `None` when the game is over there or a ply leads out of the
/// tables (the caller then searches as usual).
///
/// A win plays the first ply of the shortest win at once, with no search
/// (so that no budget, however small, gives it away). A draw or a loss
/// with more than one ply of the best value (a draw, or the longest loss)
/// searches those plies alone with the heuristic `eval`, as if the tables
/// were not there, and plays the one it prefers: against a fallible
/// opponent the drawing ply that presses hardest. The searched ply falls
/// back to the first of the best if the budget ran out before the first
/// iteration.
/// The score reported is the root's exact value; the line, its first ply.
pub fn covered_root<G, E>(
    engine: &mut Engine<G>,
    eval: E,
    tables: &dyn Oracle<G>,
    (pos, history): (&G, &History),
    limits: &Limits,
) -> Option<Analysis<G::Move>>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    if pos.outcome().is_some() {
        return None;
    }
    let start = Instant::now();
    let plies: Vec<(G::Move, G, Value)> = successor_values(pos, |child| tables.probe(child))
        .into_iter()
        .map(|(mv, child, value)| Some((mv, child, value?)))
        .collect::<Option<_>>()?;
    let best = plies.iter().map(|&(_, _, v)| v).max()?;
    let first = plies.iter().find(|&&(_, _, v)| v == best)?.0;
    let among = plies.iter().filter(|&&(_, _, v)| v == best).count();
    let answer = |mv, searched: Option<Analysis<G::Move>>| {
        let mut a = searched.unwrap_or_else(|| Analysis {
            best_move: None,
            score: 0,
            pv: Vec::new(),
            depth: 0,
            stats: Default::default(),
            elapsed: Default::default(),
            stopped: false,
            stop_reason: StopReason::Proven,
            threads: 1,
        });
        a.best_move = Some(mv);
        a.score = value_score(best, 0);
        a.pv = vec![mv];
        a.elapsed = start.elapsed();
        a
    };
    if matches!(best, Value::Win(_)) || among == 1 {
        return Some(answer(first, None));
    }
    let others = plies.iter().filter(|&&(_, _, v)| v != best).map(|(_, child, _)| child.zobrist()).collect();
    let restricted = AmongBest { eval, tables, others };
    let searched = engine.search(pos, history, limits, &restricted);
    let chosen = searched
        .best_move
        .filter(|&m| searched.depth > 0 && plies.iter().any(|&(p, _, v)| p == m && v == best))
        .unwrap_or(first);
    Some(answer(chosen, Some(searched)))
}
