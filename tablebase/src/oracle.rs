//! Tablebases behind a trait object, for front ends and the engine.

use super::error::TablebaseError;
use super::probe::Tablebases;
use super::TierSpace;
use lapilli_game::Value;
use lapilli_game::{Evaluate, Game};
use std::fmt;

/// Every legal ply of `pos`, in generation order, with the value of the
/// position it leads to seen from `pos`'s side to move
/// ([`Value::before_ply`]: one ply further from the end, negated when the
/// side changes), or `None` where `probe` has no value for it: the one
/// "value of each legal ply" loop behind [`Oracle::move_values`],
/// [`Tablebases::move_values`] and [`crate::Solved::move_values`].
///
/// ```
/// use lapilli_game::{doc_game::Nim, Value};
/// use lapilli_tablebase::{move_values, solve};
/// let tb = solve(&Nim::new(4));
/// // From 4 stones, taking 1 leaves 3 (lost for the opponent): a win.
/// let values = move_values(&Nim::new(4), |p| tb.probe(p));
/// assert_eq!(values, [(1, Some(Value::Win(3))), (2, Some(Value::Loss(2)))]);
/// ```
pub fn move_values<G: Game>(pos: &G, probe: impl Fn(&G) -> Option<Value>) -> Vec<(G::Move, Option<Value>)> {
    successor_values(pos, probe).into_iter().map(|(m, _, v)| (m, v)).collect()
}

/// [`move_values`] with the position each ply leads to, for a caller that
/// needs both (the program's engine, which searches among the plies of
/// the best value and keys the others by their positions).
///
/// ```
/// use lapilli_game::{doc_game::Nim, Value};
/// use lapilli_tablebase::{solve, successor_values};
/// let tb = solve(&Nim::new(4));
/// let values = successor_values(&Nim::new(4), |p| tb.probe(p));
/// // The second side to move after either take.
/// assert_eq!(values, [(1, Nim(3, true), Some(Value::Win(3))), (2, Nim(2, true), Some(Value::Loss(2)))]);
/// ```
pub fn successor_values<G: Game>(
    pos: &G,
    probe: impl Fn(&G) -> Option<Value>,
) -> Vec<(G::Move, G, Option<Value>)> {
    pos.successors()
        .into_iter()
        .map(|(m, child, changed)| {
            let value = probe(&child).map(|v| v.before_ply(changed));
            (m, child, value)
        })
        .collect()
}

/// One tier of a set, as plain data (`lapilli tablebase stats`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierSummary {
    /// The tier's name.
    pub tier: String,
    /// Indices in the tier (slack included).
    pub entries: u64,
    /// Orbits with a value.
    pub classes: u64,
    /// Positions (every member of every orbit) won, lost and drawn for the
    /// side to move.
    pub win: u64,
    /// Positions lost for the side to move.
    pub loss: u64,
    /// Drawn positions.
    pub draw: u64,
    /// The longest DTM in the tier, in plies.
    pub max_dtm: u32,
    /// A position with that DTM, in position text.
    pub example: Option<String>,
}

impl TierSummary {
    /// Positions with a value: `win + loss + draw`.
    pub fn positions(&self) -> u64 {
        self.win + self.loss + self.draw
    }
}

/// Exact values and perfect plies of the positions a set of tables covers,
/// without the tier types: what a front end holds
/// (`Box<dyn Oracle<G>>`). [`Tablebases`] implements it.
pub trait Oracle<G: Game>: Send + Sync {
    /// The value of `pos` (WDL and DTM in plies) for its side to move, or
    /// `None` when no table covers it.
    fn probe(&self, pos: &G) -> Option<Value>;
    /// The perfect ply (fastest win, else a draw, else the slowest loss)
    /// with the value it keeps; `None` when the game is over or not every
    /// successor is covered.
    fn best_move(&self, pos: &G) -> Option<(G::Move, Value)>;
    /// The tiers held, with their counts.
    fn summaries(&self) -> Vec<TierSummary>;
    /// The name of `pos`'s tier, if the tables have it.
    fn tier(&self, pos: &G) -> Option<String>;
    /// The name of the tier `pos` belongs to, whether the tables hold it
    /// or not (`None` for a position no tier covers): so that a position
    /// the tables miss can be placed. By default `None`.
    fn tier_name_of(&self, pos: &G) -> Option<String> {
        let _ = pos;
        None
    }
    /// [`Oracle::probe`], with a table that cannot be loaded reported.
    ///
    /// # Errors
    /// When the tier's table cannot be read ([`Tablebases::table`]).
    fn try_probe(&self, pos: &G) -> Result<Option<Value>, TablebaseError>;
    /// Loads every table now rather than at its first probe, so that no
    /// probe of a search pays for reading a file (an engine on a clock
    /// loads them before it answers). By default nothing to load.
    ///
    /// # Errors
    /// The first table that cannot be read ([`Tablebases::table`]).
    fn load_all(&self) -> Result<(), TablebaseError> {
        Ok(())
    }
    /// The position at `index` of the tier named `tier` (a name of
    /// [`Oracle::summaries`]), `None` when the tables do not hold that tier
    /// or the index holds no position (slack): a way to draw positions
    /// from the tables. By default `None`.
    fn position(&self, tier: &str, index: u64) -> Option<G> {
        let _ = (tier, index);
        None
    }
    /// Every legal ply of `pos` with the value it leads to, for the side to
    /// move in `pos` (`None` where no table covers the successor), in
    /// generation order; empty when the game is over ([`move_values`]).
    fn move_values(&self, pos: &G) -> Vec<(G::Move, Option<Value>)> {
        if pos.outcome().is_some() {
            return Vec::new();
        }
        move_values(pos, |p| self.probe(p))
    }
}

impl<S: TierSpace + Send> Oracle<S::Game> for Tablebases<S> {
    fn probe(&self, pos: &S::Game) -> Option<Value> {
        Tablebases::probe(self, pos)
    }

    fn load_all(&self) -> Result<(), TablebaseError> {
        self.tiers().try_for_each(|(tier, _)| self.table(tier).map(|_| ()))
    }

    fn best_move(&self, pos: &S::Game) -> Option<(<S::Game as Game>::Move, Value)> {
        Tablebases::best_move(self, pos)
    }

    fn summaries(&self) -> Vec<TierSummary> {
        self.tiers()
            .map(|(tier, h)| TierSummary {
                tier: h.tier.clone(),
                entries: h.entries,
                classes: h.counts.classes(),
                win: h.counts.win,
                loss: h.counts.loss,
                draw: h.counts.draw,
                max_dtm: h.counts.max_dtm,
                example: h.counts.example.and_then(|i| self.space().position(tier, i)).map(|p| p.to_string()),
            })
            .collect()
    }

    fn tier(&self, pos: &S::Game) -> Option<String> {
        let tier = self.space().tier_of(pos)?;
        self.has_tier(tier).then(|| self.space().tier_name(tier))
    }

    fn tier_name_of(&self, pos: &S::Game) -> Option<String> {
        self.space().tier_of(pos).map(|t| self.space().tier_name(t))
    }

    fn try_probe(&self, pos: &S::Game) -> Result<Option<Value>, TablebaseError> {
        Tablebases::try_probe(self, pos)
    }

    fn position(&self, tier: &str, index: u64) -> Option<S::Game> {
        let tier = self.space().parse_tier(tier)?;
        if !self.has_tier(tier) || index >= self.space().size(tier) {
            return None;
        }
        self.space().position(tier, index)
    }
}

/// An evaluation that answers exact values from tablebases: the engine
/// scores a covered position by its value and DTM (a win in `d` plies at
/// ply `p` scores `WIN - p - d`) instead of searching below it, and
/// evaluates the others with `eval` (whose own proven values, such as the
/// morris threat search's wins, answer where the tables do not).
pub struct Probing<'t, E, G: Game> {
    /// The evaluation of positions the tables do not cover.
    pub eval: E,
    /// The tables.
    pub tables: &'t dyn Oracle<G>,
}

impl<E: fmt::Debug, G: Game> fmt::Debug for Probing<'_, E, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Probing").field("eval", &self.eval).finish_non_exhaustive()
    }
}

impl<E: Evaluate<G>, G: Game> Evaluate<G> for Probing<'_, E, G> {
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
        self.tables.probe(pos).or_else(|| self.eval.probe(pos))
    }
}
