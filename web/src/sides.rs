//! The computer players a request names (`side` of `POST /api/ai`) and how
//! they choose: random, the engine to a depth or for a time, perfect play
//! from a solution or tablebase, and perfect play with variety.

use crate::cover::Cover;
use crate::error::{ApiError, Kind};
use lapilli_game::{Canonicalize, CheckedGame, Evaluate, Game, History, Player, RandomPlayer, Value};
use lapilli_search::{Analysis, Engine, Limits, Options};
use lapilli_tablebase::move_values;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The deepest fixed-depth search a request may ask for, in plies.
pub const MAX_DEPTH: u32 = 30;
/// The depth of plain `minimax` (the seeds' depth-4 minimax).
pub const DEFAULT_DEPTH: u32 = 4;
/// The shortest and longest engine time a request may ask for, in ms.
pub const MOVETIME_MS: std::ops::RangeInclusive<u64> = 100..=10_000;
/// The longest a fixed-depth search may take before it plays the deepest
/// iteration it completed.
pub const DEPTH_TIME_CAP: Duration = Duration::from_secs(10);
/// The engine's transposition table, in bytes.
const TABLE_BYTES: usize = 16 << 20;

/// A computer player named by a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideSpec {
    /// Uniformly random legal plies.
    Random,
    /// The engine to this many plies (`minimax:N`, `search:N`; at most
    /// [`DEPTH_TIME_CAP`]).
    Depth(u32),
    /// The engine for this many milliseconds a move (`engine:MS`).
    Movetime(u64),
    /// The perfect ply (fastest win, else a draw, else the slowest loss).
    Perfect,
    /// A ply chosen uniformly among those of the best value.
    PerfectVariety,
}

impl FromStr for SideSpec {
    type Err = ApiError;

    /// Reads `random`, `minimax` (depth 4), `minimax:N` or `search:N` (N
    /// from 1 to 30), `engine:MS` (100 to 10000), `perfect` or
    /// `perfect-variety`.
    fn from_str(s: &str) -> Result<SideSpec, ApiError> {
        let unknown = || {
            ApiError::new(
                Kind::Usage,
                format!(
                    "unknown side {:?}: use random, minimax:N (N from 1 to {MAX_DEPTH}), engine:MS (MS from \
                     {} to {}), perfect or perfect-variety",
                    crate::error::excerpt_all(s),
                    MOVETIME_MS.start(),
                    MOVETIME_MS.end()
                ),
            )
        };
        let number = |n: &str| n.parse::<u64>().ok().filter(|_| n.bytes().all(|b| b.is_ascii_digit()));
        match s {
            "random" => Ok(SideSpec::Random),
            "perfect" => Ok(SideSpec::Perfect),
            "perfect-variety" => Ok(SideSpec::PerfectVariety),
            "minimax" | "search" => Ok(SideSpec::Depth(DEFAULT_DEPTH)),
            _ => {
                if let Some(n) = s.strip_prefix("minimax:").or_else(|| s.strip_prefix("search:")) {
                    let d = number(n).ok_or_else(unknown)?;
                    if !(1..=u64::from(MAX_DEPTH)).contains(&d) {
                        let message =
                            format!("side {s:?}: the depth is out of range (1 to {MAX_DEPTH} plies)");
                        return Err(ApiError::new(Kind::Usage, message));
                    }
                    return Ok(SideSpec::Depth(d as u32));
                }
                let n = s.strip_prefix("engine:").ok_or_else(unknown)?;
                let ms = number(n).ok_or_else(unknown)?;
                if !MOVETIME_MS.contains(&ms) {
                    let (lo, hi) = (MOVETIME_MS.start(), MOVETIME_MS.end());
                    let message = format!("side {s:?}: the time is out of range ({lo} to {hi} ms)");
                    return Err(ApiError::new(Kind::Usage, message));
                }
                Ok(SideSpec::Movetime(ms))
            }
        }
    }
}

impl fmt::Display for SideSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SideSpec::Random => f.write_str("random"),
            SideSpec::Depth(d) => write!(f, "minimax:{d}"),
            SideSpec::Movetime(ms) => write!(f, "engine:{ms}"),
            SideSpec::Perfect => f.write_str("perfect"),
            SideSpec::PerfectVariety => f.write_str("perfect-variety"),
        }
    }
}

impl SideSpec {
    /// The longest the choice may take before the server gives up on it.
    pub fn time_cap(self) -> Duration {
        match self {
            SideSpec::Movetime(ms) => Duration::from_millis(ms) + Duration::from_secs(5),
            _ => DEPTH_TIME_CAP + Duration::from_secs(5),
        }
    }
}

/// What a player chose and why.
pub struct Choice<M> {
    /// The ply.
    pub mv: M,
    /// The search behind it, for the engine.
    pub analysis: Option<Analysis<M>>,
    /// Its solved value for the mover, for perfect play.
    pub value: Option<Value>,
}

/// The ply `spec` chooses in `pos` after `history`, with `heuristic` for
/// the engine (which probes `cover`'s tables where it has them,
/// [`Cover::search`]) and `cover` for perfect play; `seed` seeds random
/// choices, and the engine's variety: an irreversible ply it chose is
/// played as one of its images under the automorphisms that fix `pos`,
/// of the same value ([`Analysis::with_symmetric_variety`]), so that the
/// same engine does not play the same game every time.
///
/// # Errors
/// Kind `game-over` when the game is over; kind `unsolvable` for perfect
/// play where nothing covers the position; kind `resources` when the
/// engine's table cannot be allocated.
pub fn choose<G, E>(
    spec: SideSpec,
    pos: &G,
    history: &History,
    heuristic: &E,
    cover: &Cover<G>,
    seed: u64,
) -> Result<Choice<G::Move>, ApiError>
where
    G: CheckedGame + Canonicalize + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Clone + Sync,
{
    let over = || ApiError::new(Kind::GameOver, "the game is over: no move to choose");
    if pos.outcome().is_some() {
        return Err(over());
    }
    let uncovered = || {
        ApiError::new(
            Kind::Unsolvable,
            format!(
                "side {spec}: no solution or tablebase covers this position here (the 3x3 games are solved in \
                 memory; for morris start the server with --tablebase DIR, or solve six-mens-morris first)"
            ),
        )
    };
    let plain = |mv| Choice { mv, analysis: None, value: None };
    match spec {
        SideSpec::Random => RandomPlayer::new(seed).choose_in_game(pos, history).map(plain).ok_or_else(over),
        SideSpec::Depth(_) | SideSpec::Movetime(_) => {
            let limits = match spec {
                SideSpec::Depth(d) => Limits::of(Some(d), Some(DEPTH_TIME_CAP), None),
                SideSpec::Movetime(ms) => Limits::of(None, Some(Duration::from_millis(ms)), None),
                _ => unreachable!("a search side"),
            };
            let options = Options::playing().with_table_bytes(TABLE_BYTES);
            let mut engine = Engine::try_with_options(options)
                .map_err(|e| ApiError::new(Kind::Resources, format!("the engine's table: {e}")))?;
            let analysis = cover
                .search(&mut engine, pos, history, &limits, heuristic)
                .with_symmetric_variety(pos, seed, 0);
            let mv = analysis.best_move.ok_or_else(over)?;
            Ok(Choice { mv, analysis: Some(analysis), value: None })
        }
        SideSpec::Perfect => {
            let mv = cover.best_move(pos).ok_or_else(uncovered)?;
            let value = mover_value(pos, mv, cover);
            Ok(Choice { mv, analysis: None, value })
        }
        SideSpec::PerfectVariety => {
            let values = move_values(pos, |p| cover.probe(p));
            if values.iter().any(|(_, v)| v.is_none()) {
                return Err(uncovered());
            }
            let best = values.iter().filter_map(|(_, v)| *v).max().ok_or_else(over)?;
            // Every move of the best value: the drawing ones, or the
            // fastest wins, or the slowest losses.
            let keep: Vec<_> = values.iter().filter(|(_, v)| *v == Some(best)).collect();
            let mut rng = SmallRng::seed_from_u64(seed);
            let (mv, value) = **keep.choose(&mut rng).ok_or_else(over)?;
            Ok(Choice { mv, analysis: None, value })
        }
    }
}

/// The value of playing `m` in `pos` for the side that plays it, where
/// covered.
pub fn mover_value<G: Game>(pos: &G, m: G::Move, cover: &Cover<G>) -> Option<Value> {
    let mut child = pos.clone();
    child.play_unchecked(m);
    let changed = child.side_to_move() != pos.side_to_move();
    cover.probe(&child).map(|v| v.before_ply(changed))
}
