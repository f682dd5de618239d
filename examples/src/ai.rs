//! Choosing a computer player on the command line.

use crate::Result;
use lapilli_search::registry::{Solution, VariantDescriptor};
use lapilli_search::{Player, RandomPlayer, SearchPlayer};
use std::fmt;
use std::str::FromStr;
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

/// Why an `--ai` value was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown player {0:?}: use random, perfect or minimax:N with N from 1 to {MAX_DEPTH}")]
pub struct ParseAiError(String);

impl FromStr for AiSpec {
    type Err = ParseAiError;
    fn from_str(s: &str) -> std::result::Result<AiSpec, ParseAiError> {
        let err = || ParseAiError(s.to_string());
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
            AiSpec::Perfect => Ai::Perfect(
                variant
                    .solve()
                    .map_err(|e| format!("--ai perfect needs a solved game: {e}; use minimax:N or random"))?,
            ),
        })
    }

    /// A player; `seed` seeds the random one.
    pub fn player(&self, seed: u64) -> Box<dyn Player<V::Position> + '_> {
        match self {
            Ai::Random => Box::new(RandomPlayer::new(seed)),
            Ai::Minimax(depth, heuristic) => Box::new(SearchPlayer::new(*depth, heuristic.clone())),
            Ai::Perfect(solution) => Box::new(solution.player()),
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
    }
}
