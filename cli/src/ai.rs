//! Choosing a computer player on the command line.

use crate::error::{solve_error, CliError, Kind};
use crate::progress::BuildProgress;
use crate::report::value_text;
use crate::tablebase::build_note;
use crate::Result;
use lapilli_board_graph::notation::excerpt;
use lapilli_game::{Evaluate, History, Player, RandomPlayer, Value};
use lapilli_registry::{MoveOf, Solution, TableStore, VariantDescriptor};
use lapilli_search::{Limits, Options, SearchPlayer, StopHandle};
use lapilli_tablebase::{Oracle, Probing};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

/// The deepest fixed-depth search the command line accepts, in plies.
pub const MAX_CLI_DEPTH: u32 = 30;

/// A computer player named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiSpec {
    /// Uniformly random legal plies.
    Random,
    /// The engine (alpha-beta, PVS, transposition table) to this many
    /// plies with the game's heuristic: `search:N`, also read as
    /// `minimax:N`, its name before the reference minimax was told apart.
    Search(u32),
    /// Perfect play from the tablebase.
    Perfect,
}

/// Why an `--ai` value was refused (the value quoted as an excerpt).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown player {0:?}: use random, perfect or search:N (or minimax:N) with N from 1 to {MAX_CLI_DEPTH}"
)]
pub struct ParseAiError(String);

impl FromStr for AiSpec {
    type Err = ParseAiError;
    fn from_str(s: &str) -> std::result::Result<AiSpec, ParseAiError> {
        let err = || ParseAiError(excerpt(s));
        match s {
            "random" => Ok(AiSpec::Random),
            "perfect" => Ok(AiSpec::Perfect),
            _ => {
                let n = s.strip_prefix("search:").or_else(|| s.strip_prefix("minimax:")).ok_or_else(err)?;
                match n.parse::<u32>() {
                    Ok(d)
                        if (1..=MAX_CLI_DEPTH).contains(&d)
                            && n.bytes().all(|b| b.is_ascii_digit())
                            && !n.starts_with('0') =>
                    {
                        Ok(AiSpec::Search(d))
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
            AiSpec::Search(d) => write!(f, "search:{d}"),
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
    /// The engine to this many plies with the variant's heuristic.
    Search(u32, V::Heuristic),
    /// Perfect play from the variant's solution.
    Perfect(Solution<V::Position>),
}

impl<V: VariantDescriptor> Ai<V> {
    /// The players `spec` names for `variant`: for `perfect`, the
    /// variant's solution ([`VariantDescriptor::solve_stored`], its tables
    /// kept in `store`, built on first use with a progress bar on standard
    /// error unless `quiet`).
    ///
    /// # Errors
    /// `perfect` for a variant without a solution (kind `unsolvable`), or
    /// whose tables cannot be built or read ([`crate::error::tablebase_error`]).
    pub fn new(spec: AiSpec, variant: &V, store: &TableStore, quiet: bool) -> Result<Ai<V>> {
        Ok(match spec {
            AiSpec::Random => Ai::Random,
            AiSpec::Search(depth) => Ai::Search(depth, variant.heuristic()),
            AiSpec::Perfect => {
                let progress = BuildProgress::new(quiet).with_note(build_note(variant, store.dir.as_deref()));
                let solution = variant.solve_stored(store, &progress).map_err(|e| {
                    solve_error(e, |reason| {
                        let instead = match variant.tablebases() {
                            // Endgame tables do not solve the game: the
                            // search consults them instead.
                            Some(_) => format!(
                                "to play the endgame tables' perfect ply where they cover the position, use \
                                 --ai search:N --tablebase DIR (DIR built by `lapilli tablebase build {} \
                                 --max-pieces N --out DIR`), or random",
                                variant.name()
                            ),
                            None => "use search:N or random".to_string(),
                        };
                        format!("--ai perfect needs a solved game: {reason}; {instead}")
                    })
                })?;
                Ai::Perfect(solution)
            }
        })
    }

    /// A player: `seed` seeds the random one; the search player stops at
    /// its depth or after `time` per move, whichever comes first, with a
    /// transposition table of `table_bytes`. With `tables`, the player
    /// plays the tables' perfect ply wherever they cover the position and
    /// its successors (fastest win, slowest loss, holding draws), and a
    /// search player scores the positions they cover exactly
    /// ([`Probing`]).
    ///
    /// # Errors
    /// A transposition table the machine will not give.
    pub fn player<'a>(
        &'a self,
        seed: u64,
        time: Option<Duration>,
        table_bytes: usize,
        tables: Option<&'a dyn Oracle<V::Position>>,
    ) -> Result<AiPlayer<'a, V>> {
        let kind = match self {
            Ai::Random => PlayerKind::Plain(Box::new(RandomPlayer::new(seed))),
            Ai::Search(depth, heuristic) => {
                let self_name = AiSpec::Search(*depth);
                let limits = Limits::of(Some(*depth), time, None);
                let eval = match tables {
                    Some(tables) => Eval::Probing(Probing { eval: heuristic.clone(), tables }),
                    None => Eval::Plain(heuristic),
                };
                let options = Options::playing().with_table_bytes(table_bytes);
                let player = SearchPlayer::with(options, limits, eval)
                    .map_err(|e| CliError::new(Kind::Resources, format!("the {self_name} AI: {e}")))?;
                PlayerKind::Search { player, depth: *depth }
            }
            Ai::Perfect(solution) => PlayerKind::Plain(Box::new(solution.player())),
        };
        // The solution already plays perfectly everywhere.
        let tables = if matches!(self, Ai::Perfect(_)) { None } else { tables };
        Ok(AiPlayer { kind, tables })
    }
}

/// What a player did for its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thought {
    /// A search: its deepest completed iteration, in plies, and how long
    /// it searched.
    Search {
        /// The deepest completed iteration, in plies.
        depth: u32,
        /// How long it searched.
        elapsed: Duration,
    },
    /// The tablebase's perfect ply, keeping this value for the mover.
    Tablebase(Value),
}

impl fmt::Display for Thought {
    /// "depth 9, 1.00 s", "depth 4, 12 ms" or "tablebase: win in 7 plies".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Thought::Search { depth, elapsed } => {
                let ms = elapsed.as_secs_f64() * 1e3;
                if ms >= 1000.0 {
                    write!(f, "depth {depth}, {:.2} s", ms / 1e3)
                } else {
                    write!(f, "depth {depth}, {ms:.0} ms")
                }
            }
            Thought::Tablebase(v) => write!(f, "tablebase: {}", value_text(v)),
        }
    }
}

/// The evaluation of a search player: the variant's heuristic, or the
/// heuristic behind the tables.
enum Eval<'a, V: VariantDescriptor> {
    Plain(&'a V::Heuristic),
    Probing(Probing<'a, V::Heuristic, V::Position>),
}

impl<V: VariantDescriptor> Evaluate<V::Position> for Eval<'_, V> {
    fn evaluate(&self, pos: &V::Position) -> i32 {
        match self {
            Eval::Plain(h) => h.evaluate(pos),
            Eval::Probing(p) => p.evaluate(pos),
        }
    }
    fn probe(&self, pos: &V::Position) -> Option<Value> {
        match self {
            Eval::Plain(h) => h.probe(pos),
            Eval::Probing(p) => p.probe(pos),
        }
    }
    fn futility_margin(&self) -> Option<i32> {
        match self {
            Eval::Plain(h) => h.futility_margin(),
            Eval::Probing(p) => p.futility_margin(),
        }
    }
    fn aspiration_window(&self) -> Option<i32> {
        match self {
            Eval::Plain(h) => h.aspiration_window(),
            Eval::Probing(p) => p.aspiration_window(),
        }
    }
    fn deepening_step(&self) -> u32 {
        match self {
            Eval::Plain(h) => h.deepening_step(),
            Eval::Probing(p) => p.deepening_step(),
        }
    }
    fn settled(&self, pos: &V::Position) -> Option<i32> {
        match self {
            Eval::Plain(h) => h.settled(pos),
            Eval::Probing(p) => p.settled(pos),
        }
    }
}

/// The kinds of computer players.
enum PlayerKind<'a, V: VariantDescriptor> {
    /// A player of the search crate (random, perfect).
    Plain(Box<dyn Player<V::Position> + 'a>),
    /// The engine's player, within limits (depth and time per move), with
    /// the variant's heuristic; its table kept from move to move.
    Search {
        /// The player.
        player: SearchPlayer<V::Position, Eval<'a, V>>,
        /// The depth asked for.
        depth: u32,
    },
}

/// A computer player of one side, with the tables it consults, if any.
pub struct AiPlayer<'a, V: VariantDescriptor> {
    kind: PlayerKind<'a, V>,
    tables: Option<&'a dyn Oracle<V::Position>>,
}

impl<V: VariantDescriptor> AiPlayer<'_, V> {
    /// The player's name on the command line, e.g. `search:4`, with
    /// `+tablebase` when it consults tables.
    pub fn name(&self) -> String {
        let name = match &self.kind {
            PlayerKind::Plain(p) => p.name(),
            PlayerKind::Search { depth, .. } => AiSpec::Search(*depth).to_string(),
        };
        if self.tables.is_some() {
            format!("{name}+tablebase")
        } else {
            name
        }
    }

    /// The most a move may take, for a search player with a time limit.
    pub fn time_limit(&self) -> Option<Duration> {
        match &self.kind {
            PlayerKind::Plain(_) => None,
            PlayerKind::Search { player, .. } => player.limits().time,
        }
    }

    /// The handle that stops a search player's choice from another thread
    /// (it then plays its deepest completed iteration); `None` for the
    /// other players, whose choices are immediate.
    pub fn stop_handle(&self) -> Option<StopHandle> {
        match &self.kind {
            PlayerKind::Plain(_) => None,
            PlayerKind::Search { player, .. } => Some(player.stop_handle()),
        }
    }

    /// The ply chosen in `pos` after `history`, with what the player did
    /// (a search or a tablebase ply); `None` when the game is over.
    pub fn choose(&mut self, pos: &V::Position, history: &History) -> Option<(MoveOf<V>, Option<Thought>)> {
        if let Some((m, value)) = self.tables.and_then(|t| t.best_move(pos)) {
            return Some((m, Some(Thought::Tablebase(value))));
        }
        match &mut self.kind {
            PlayerKind::Plain(p) => p.choose_in_game(pos, history).map(|m| (m, None)),
            PlayerKind::Search { player, .. } => {
                let a = player.analyse(pos, history);
                let thought = Thought::Search { depth: a.depth, elapsed: a.elapsed };
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
        assert_eq!("minimax:4".parse(), Ok(AiSpec::Search(4)));
        assert_eq!("search:4".parse(), Ok(AiSpec::Search(4)));
        assert_eq!(AiSpec::Search(4).to_string(), "search:4");
        for bad in [
            "",
            "minimax",
            "minimax:0",
            "minimax:x",
            "minimax:+3",
            "minimax:31",
            "minimax:04",
            "search:0",
            "search:31",
            "search",
            "Random",
        ] {
            assert!(bad.parse::<AiSpec>().is_err(), "{bad}");
        }
        let long = "x".repeat(10_000);
        assert!(long.parse::<AiSpec>().unwrap_err().to_string().len() < 200);
    }

    #[test]
    fn thoughts_read_in_seconds_or_milliseconds() {
        let t = Thought::Search { depth: 9, elapsed: Duration::from_millis(1000) };
        assert_eq!(t.to_string(), "depth 9, 1.00 s");
        let t = Thought::Search { depth: 4, elapsed: Duration::from_micros(12_400) };
        assert_eq!(t.to_string(), "depth 4, 12 ms");
        assert_eq!(Thought::Tablebase(Value::Win(7)).to_string(), "tablebase: win in 7 plies");
        assert_eq!(Thought::Tablebase(Value::Win(1)).to_string(), "tablebase: win in 1 ply");
    }
}
