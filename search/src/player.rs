//! Players: something that picks a ply in a position.

use crate::engine::{Engine, Limits, Options};
use crate::game::{Evaluate, Game, Indexed, MoveList};
use crate::history::History;
use crate::retrograde::Tablebase;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt;

/// Picks plies.
pub trait Player<G: Game> {
    /// A short description, e.g. `"minimax:4"`.
    fn name(&self) -> String;
    /// The chosen ply, or `None` when the game is over.
    fn choose(&mut self, pos: &G) -> Option<G::Move>;

    /// The chosen ply given the game so far ([`crate::GameRecord::history`]),
    /// so that a player can steer towards or away from repetitions and the
    /// no-progress limit. The default ignores it.
    fn choose_in_game(&mut self, pos: &G, history: &History) -> Option<G::Move> {
        let _ = history;
        self.choose(pos)
    }
}

/// Plays a uniformly random legal ply, from a seeded generator so games are
/// reproducible.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: StdRng,
}

impl RandomPlayer {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: StdRng::seed_from_u64(seed) }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        let list = moves.as_slice();
        if list.is_empty() {
            None
        } else {
            Some(list[self.rng.gen_range(0..list.len())])
        }
    }
}

/// Plays the best ply of a search to a fixed depth under a static
/// evaluation (the [`Engine`] with a 1 MiB transposition table, one thread).
///
/// Given the game history ([`Player::choose_in_game`]) it sees repetitions
/// as draws, as the game record adjudicates them.
pub struct SearchPlayer<G: Game, E> {
    engine: Engine<G>,
    depth: u32,
    eval: E,
}

impl<G: Game, E: Evaluate<G>> SearchPlayer<G, E> {
    /// A player searching `depth` plies with `eval` at the leaves.
    pub fn new(depth: u32, eval: E) -> SearchPlayer<G, E> {
        SearchPlayer {
            engine: Engine::with_options(Options::default().with_table_bytes(1 << 20)),
            depth,
            eval,
        }
    }
}

impl<G: Game, E: Evaluate<G>> Player<G> for SearchPlayer<G, E> {
    fn name(&self) -> String {
        format!("alpha-beta to {} plies", self.depth)
    }
    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        self.choose_in_game(pos, &History::default())
    }

    /// Searches with the game history, so repetitions count as draws.
    fn choose_in_game(&mut self, pos: &G, history: &History) -> Option<G::Move> {
        self.engine.search_single(pos, history, &Limits::depth(self.depth.max(1)), &self.eval).best_move
    }
}

impl<G: Game, E> fmt::Debug for SearchPlayer<G, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchPlayer").field("depth", &self.depth).finish_non_exhaustive()
    }
}

/// Perfect play from a tablebase: wins fastest, loses slowest, holds draws
/// (see [`Tablebase::best_move`]).
#[derive(Debug)]
pub struct PerfectPlayer<'t, G> {
    tablebase: &'t Tablebase<G>,
}

impl<'t, G> PerfectPlayer<'t, G> {
    /// A perfect player reading `tablebase`.
    pub fn new(tablebase: &'t Tablebase<G>) -> PerfectPlayer<'t, G> {
        PerfectPlayer { tablebase }
    }
}

impl<G: Game + Indexed> Player<G> for PerfectPlayer<'_, G> {
    fn name(&self) -> String {
        "perfect".into()
    }
    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        self.tablebase.best_move(pos).map(|(m, _)| m)
    }
}
