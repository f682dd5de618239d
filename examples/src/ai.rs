//! Choosing a computer player on the command line.

use crate::error::{CliError, Kind};
use crate::Result;
use lapilli_board_graph::notation::excerpt;
use lapilli_search::registry::{MoveOf, Solution, VariantDescriptor};
use lapilli_search::{Engine, History, Limits, Options, Player, RandomPlayer};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

/// The deepest fixed-depth search the command line accepts, in plies.
pub const MAX_DEPTH: u32 = 30;

/// A computer player named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiSpec {
    /// Uniformly random legal plies.
    Random,
    /// Alpha-beta to this many plies with the game's heuristic.
    Minimax(u32),
    /// Perfect play from the tablebase.
    Perfect,
}

/// Why an `--ai` value was refused (the value quoted as an excerpt).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown player {0:?}: use random, perfect or minimax:N with N from 1 to {MAX_DEPTH}")]
pub struct ParseAiError(String);

impl FromStr for AiSpec {
    type Err = ParseAiError;
    fn from_str(s: &str) -> std::result::Result<AiSpec, ParseAiError> {
        let err = || ParseAiError(excerpt(s));
        match s {
            "random" => Ok(AiSpec::Random),
            "perfect" => Ok(AiSpec::Perfect),
            _ => {
                let n = s.strip_prefix("minimax:").ok_or_else(err)?;
                match n.parse::<u32>() {
                    Ok(d)
                        if (1..=MAX_DEPTH).contains(&d)
                            && n.bytes().all(|b| b.is_ascii_digit())
                            && !n.starts_with('0') =>
                    {
                        Ok(AiSpec::Minimax(d))
                    }
                    _ => Err(err()),
                }
            }
        }
    }
}

impl fmt::Display for AiSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiSpec::Random => f.write_str("random"),
            AiSpec::Minimax(d) => write!(f, "minimax:{d}"),
            AiSpec::Perfect => f.write_str("perfect"),
        }
    }
}

/// The players an [`AiSpec`] names for a variant, ready to be made: the
/// perfect one holds the variant's solution, so it exists only for a
/// variant that has one.
pub enum Ai<V: VariantDescriptor> {
    /// Uniformly random legal plies.
    Random,
    /// Alpha-beta to this many plies with the variant's heuristic.
    Minimax(u32, V::Heuristic),
    /// Perfect play from the variant's solution.
    Perfect(Solution<V::Position>),
}

impl<V: VariantDescriptor> Ai<V> {
    /// The players `spec` names for `variant` (solving it for `perfect`).
    ///
    /// # Errors
    /// `perfect` for a variant without a solution.
    pub fn new(spec: AiSpec, variant: &V) -> Result<Ai<V>> {
        Ok(match spec {
            AiSpec::Random => Ai::Random,
            AiSpec::Minimax(depth) => Ai::Minimax(depth, variant.heuristic()),
            AiSpec::Perfect => Ai::Perfect(variant.solve().map_err(|e| {
                CliError::new(
                    Kind::Unsolvable,
                    format!("--ai perfect needs a solved game: {e}; use minimax:N or random"),
                )
            })?),
        })
    }

    /// A player: `seed` seeds the random one; the search player stops at
    /// its depth or after `time` per move, whichever comes first, with a
    /// transposition table of `table_bytes`.
    ///
    /// # Errors
    /// A transposition table the machine will not give.
    pub fn player(&self, seed: u64, time: Option<Duration>, table_bytes: usize) -> Result<AiPlayer<'_, V>> {
        Ok(match self {
            Ai::Random => AiPlayer::Plain(Box::new(RandomPlayer::new(seed))),
            Ai::Minimax(depth, heuristic) => {
                let self_name = AiSpec::Minimax(*depth);
                let mut limits = Limits::depth(*depth);
                if let Some(time) = time {
                    limits = limits.with_time(time);
                }
                let engine = Engine::try_with_options(Options::default().with_table_bytes(table_bytes))
                    .map_err(|e| CliError::new(Kind::Resources, format!("the {self_name} AI: {e}")))?;
                AiPlayer::Search { engine, limits, depth: *depth, eval: heuristic }
            }
            Ai::Perfect(solution) => AiPlayer::Plain(Box::new(solution.player())),
        })
    }
}

/// What a search player's search did for its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The deepest completed iteration, in plies.
    pub depth: u32,
    /// How long it searched.
    pub elapsed: Duration,
}

impl fmt::Display for Thought {
    /// "depth 9, 1.00 s" or "depth 4, 12 ms".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.elapsed.as_secs_f64() * 1e3;
        if ms >= 1000.0 {
            write!(f, "depth {}, {:.2} s", self.depth, ms / 1e3)
        } else {
            write!(f, "depth {}, {ms:.0} ms", self.depth)
        }
    }
}

/// A computer player of one side.
pub enum AiPlayer<'a, V: VariantDescriptor> {
    /// A player of the search crate (random, perfect).
    Plain(Box<dyn Player<V::Position> + 'a>),
    /// The engine, within limits, with the variant's heuristic.
    Search {
        /// Its engine (its table kept from move to move).
        engine: Engine<V::Position>,
        /// Its depth and time per move.
        limits: Limits,
        /// The depth asked for.
        depth: u32,
        /// The evaluation.
        eval: &'a V::Heuristic,
    },
}

impl<V: VariantDescriptor> AiPlayer<'_, V> {
    /// The player's name on the command line, e.g. `minimax:4`.
    pub fn name(&self) -> String {
        match self {
            AiPlayer::Plain(p) => p.name(),
            AiPlayer::Search { depth, .. } => AiSpec::Minimax(*depth).to_string(),
        }
    }

    /// The most a move may take, for a search player with a time limit.
    pub fn time_limit(&self) -> Option<Duration> {
        match self {
            AiPlayer::Plain(_) => None,
            AiPlayer::Search { limits, .. } => limits.time,
        }
    }

    /// The ply chosen in `pos` after `history`, with what the search did
    /// (for a search player); `None` when the game is over.
    pub fn choose(&mut self, pos: &V::Position, history: &History) -> Option<(MoveOf<V>, Option<Thought>)> {
        match self {
            AiPlayer::Plain(p) => p.choose_in_game(pos, history).map(|m| (m, None)),
            AiPlayer::Search { engine, limits, eval, .. } => {
                let a = engine.search_single(pos, history, limits, *eval);
                let thought = Thought { depth: a.depth, elapsed: a.elapsed };
                a.best_move.map(|m| (m, Some(thought)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_three_kinds() {
        assert_eq!("random".parse(), Ok(AiSpec::Random));
        assert_eq!("perfect".parse(), Ok(AiSpec::Perfect));
        assert_eq!("minimax:4".parse(), Ok(AiSpec::Minimax(4)));
        for bad in
            ["", "minimax", "minimax:0", "minimax:x", "minimax:+3", "minimax:31", "minimax:04", "Random"]
        {
            assert!(bad.parse::<AiSpec>().is_err(), "{bad}");
        }
        let long = "x".repeat(10_000);
        assert!(long.parse::<AiSpec>().unwrap_err().to_string().len() < 200);
    }

    #[test]
    fn thoughts_read_in_seconds_or_milliseconds() {
        let t = Thought { depth: 9, elapsed: Duration::from_millis(1000) };
        assert_eq!(t.to_string(), "depth 9, 1.00 s");
        let t = Thought { depth: 4, elapsed: Duration::from_micros(12_400) };
        assert_eq!(t.to_string(), "depth 4, 12 ms");
    }
}
