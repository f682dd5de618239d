//! Choosing a computer player on the command line.

use crate::commands;
use lapilli_search::{Evaluate, Game, Player, RandomPlayer, SearchPlayer};
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
    fn from_str(s: &str) -> Result<AiSpec, ParseAiError> {
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

/// Refuses `--ai perfect` for a game without a tablebase; `why` ends
/// "--ai perfect needs ...".
///
/// # Errors
/// `--ai perfect`.
pub fn refuse_perfect(ai: AiSpec, why: &str) -> commands::Result<()> {
    if ai == AiSpec::Perfect {
        return Err(format!("--ai perfect needs {why}; use minimax:N or random").into());
    }
    Ok(())
}

/// The random or minimax player `spec` names, the search using `eval`.
/// `perfect` is each game's own (played from its tablebase, or refused
/// with [`refuse_perfect`] before any player is made); here it falls
/// back to the random player.
pub fn player<'a, G, E>(spec: AiSpec, seed: u64, eval: E) -> Box<dyn Player<G> + 'a>
where
    G: Game + Send + Sync + 'a,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync + 'a,
{
    match spec {
        AiSpec::Minimax(d) => Box::new(SearchPlayer::new(d, eval)),
        AiSpec::Random | AiSpec::Perfect => Box::new(RandomPlayer::new(seed)),
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
