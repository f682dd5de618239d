//! The perfect player that varies its play: the value of every position
//! from a solved game's solution or from endgame tables, and a choice
//! uniformly at random (seeded) among the plies of equal best value.
//!
//! Equal value means the same WDL and, for a win or a loss, the same DTM
//! in plies: among wins the fastest, among losses the slowest, and among
//! draws any drawing ply. The choice in a position depends only on the
//! seed, the position ([`lapilli_game::Game::zobrist`]) and the number of
//! plies played before it, so a game is reproducible whatever process
//! or worker plays it.

use crate::ai::{Ai, AiSpec};
use crate::error::{CliError, Kind};
use crate::matchplay::openings::SplitMix;
use crate::play::ai_and_tables;
use crate::Result;
use lapilli_game::{Game, Outcome, Value};
use lapilli_registry::{MoveOf, VariantDescriptor};
use lapilli_tablebase::move_values;
use std::path::Path;

/// The value of a position for its side to move (WDL and DTM in plies);
/// `None` where the source does not cover it.
type ValueFn<G> = Box<dyn Fn(&G) -> Option<Value> + Send + Sync>;

/// Exact values of a variant's positions: its solution, or endgame
/// tables.
pub struct Values<G: Game> {
    value: ValueFn<G>,
    /// Where the values come from, in words.
    pub source: String,
}

impl<G: Game> Values<G> {
    /// The value of `pos` for its side to move (a finished game's by its
    /// outcome, in 0 plies); `None` when not covered.
    pub fn of(&self, pos: &G) -> Option<Value> {
        (self.value)(pos).or_else(|| {
            pos.outcome().map(|o| match o {
                Outcome::Win => Value::Win(0),
                Outcome::Loss => Value::Loss(0),
                Outcome::Draw => Value::Draw,
            })
        })
    }
}

/// The values of `v`: the endgame tables of `tablebase` if given, else
/// the variant's solution (kept in the cache folder, built on first use
/// with a progress bar on standard error unless `quiet`).
///
/// # Errors
/// A variant without a solution and no tables (kind `unsolvable`), tables
/// that do not open (kinds `option`, `tablebase`), as [`Ai::new`] and
/// [`crate::tablebase::open_tables`].
pub fn values<V: VariantDescriptor>(
    v: &V,
    tablebase: Option<&Path>,
    quiet: bool,
) -> Result<Values<V::Position>>
where
    V::Position: 'static,
{
    if let Some(dir) = tablebase {
        let (_, tables) = ai_and_tables(v, AiSpec::Random, Some(dir), quiet)?;
        let tables = tables.ok_or_else(|| CliError::new(Kind::Option, "--tablebase: no tables opened"))?;
        return Ok(Values {
            value: Box::new(move |p| tables.probe(p)),
            source: format!("the endgame tables of {}", dir.display()),
        });
    }
    let (ai, _) = ai_and_tables(v, AiSpec::Perfect, None, quiet).map_err(|e| match e.kind {
        Kind::Unsolvable => CliError::new(
            Kind::Unsolvable,
            match v.tablebases() {
                Some(_) => format!(
                    "the perfect player needs a solved game or endgame tables: {} is not solved here; give \
                     --tablebase DIR (tables built by `lapilli tablebase build {} --max-pieces N --out DIR`)",
                    v.name(),
                    v.name()
                ),
                None => format!(
                    "the perfect player needs a solved game or endgame tables: {} is not solved here and has \
                     no endgame tables",
                    v.name()
                ),
            },
        ),
        _ => e,
    })?;
    let Ai::Perfect(solution) = ai else { unreachable!("the perfect AI holds a solution") };
    Ok(Values { value: Box::new(move |p| solution.value(p)), source: "the solution".into() })
}

/// The plies of `pos` of the best value for its side to move, in
/// generation order, with that value; `None` when the game is over or a
/// successor is not covered.
pub fn best_plies<G: Game>(pos: &G, values: &Values<G>) -> Option<(Vec<G::Move>, Value)> {
    if pos.outcome().is_some() {
        return None;
    }
    let all: Option<Vec<(G::Move, Value)>> =
        move_values(pos, |p| values.of(p)).into_iter().map(|(m, v)| Some((m, v?))).collect();
    let all = all?;
    let best = all.iter().map(|&(_, v)| v).max()?;
    Some((all.into_iter().filter(|&(_, v)| v == best).map(|(m, _)| m).collect(), best))
}

/// Which of `n` equal plies to play (`n > 0`): uniform, from `seed`, the
/// position's hash and the plies played before it
/// ([`lapilli_search::variety::pick`], as the engine's `--seed` variety).
pub use lapilli_search::variety::pick;

/// The perfect player's ply in `pos` after `plies_before` plies: one of the
/// best, picked by [`pick`], with its value and the number it was picked
/// among.
///
/// # Errors
/// In words: the game is over, or the values do not cover the position or
/// one of its successors.
pub fn choose<V: VariantDescriptor>(
    pos: &V::Position,
    plies_before: usize,
    values: &Values<V::Position>,
    seed: u64,
) -> std::result::Result<(MoveOf<V>, Value, usize), String> {
    if pos.outcome().is_some() {
        return Err("the game is over".into());
    }
    let (plies, value) = best_plies(pos, values)
        .ok_or_else(|| format!("{} do not cover this position or one of its successors", values.source))?;
    let i = pick(seed, pos.zobrist(), plies_before, plies.len());
    Ok((plies[i], value, plies.len()))
}

/// `count` distinct start positions drawn from the endgame tables of
/// `dir` with `seed`, in position text with their value for the side to
/// move: by turns won, drawn and lost for the side to move (so that, each
/// played with both colours, a third of the starts are won, drawn and lost
/// for either player). Each is drawn by picking a tier of the folder
/// uniformly, then an index of it uniformly, until one of the wanted value
/// turns up (a position of a finished game is skipped); the same seed
/// gives the same positions.
///
/// # Errors
/// As [`crate::tablebase::open_tables`]; kind `option` when the tables do
/// not give that many distinct positions of each value in
/// `count * 20000` draws.
pub fn table_starts<V: VariantDescriptor>(
    v: &V,
    dir: &Path,
    count: usize,
    seed: u64,
) -> Result<Vec<(String, Value)>> {
    let tables = crate::tablebase::open_tables(v, dir, "--tablebase")?;
    let tiers: Vec<(String, u64)> =
        tables.summaries().into_iter().filter(|t| t.positions() > 0).map(|t| (t.tier, t.entries)).collect();
    if tiers.is_empty() {
        return Err(CliError::new(
            Kind::Tablebase,
            format!("--tablebase {}: no tier holds a position", dir.display()),
        ));
    }
    let mut rng = SplitMix::new(seed);
    let mut seen = std::collections::HashSet::new();
    let mut starts = Vec::with_capacity(count);
    let mut tries = count.saturating_mul(20_000);
    while starts.len() < count && tries > 0 {
        tries -= 1;
        let want = starts.len() % 3;
        let (tier, entries) = &tiers[rng.below(tiers.len())];
        let index = ((u128::from(rng.next_u64()) * u128::from(*entries)) >> 64) as u64;
        let Some(pos) = tables.position(tier, index) else { continue };
        if pos.outcome().is_some() {
            continue;
        }
        let Some(value) = tables.probe(&pos) else { continue };
        let kind = match value {
            Value::Win(_) => 0,
            Value::Draw => 1,
            Value::Loss(_) => 2,
        };
        if kind == want && seen.insert(pos.to_string()) {
            starts.push((pos.to_string(), value));
        }
    }
    if starts.len() < count {
        return Err(CliError::new(
            Kind::Option,
            format!(
                "--tablebase {}: only {} distinct start positions (won, drawn and lost by turns) were found, {count} \
                 were asked for (--openings)",
                dir.display(),
                starts.len()
            ),
        ));
    }
    Ok(starts)
}

/// A value as `lapilli uci` scores it: `mate N` (plies; negative when the
/// side to move loses) or `cp 0` for a draw.
pub fn score_words(value: Value) -> String {
    match value {
        Value::Win(n) => format!("mate {n}"),
        Value::Loss(n) => format!("mate -{n}"),
        Value::Draw => "cp 0".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_board_graph::zobrist::splitmix64;

    #[test]
    fn picks_are_uniform_and_reproducible() {
        let mut counts = [0u32; 3];
        for z in 0..3000u64 {
            let i = pick(7, splitmix64(z), 5, 3);
            assert_eq!(i, pick(7, splitmix64(z), 5, 3));
            counts[i] += 1;
        }
        assert!(counts.iter().all(|&c| (900..1100).contains(&c)), "{counts:?}");
        assert_ne!((0..64).map(|p| pick(1, 42, p, 4)).collect::<Vec<_>>(), vec![pick(1, 42, 0, 4); 64]);
    }

    #[test]
    fn scores_read_as_the_engine_writes_them() {
        assert_eq!(score_words(Value::Win(3)), "mate 3");
        assert_eq!(score_words(Value::Loss(4)), "mate -4");
        assert_eq!(score_words(Value::Draw), "cp 0");
    }
}
