//! The engine's player.

use crate::engine::{Engine, Limits, Options};
use lapilli_game::{Evaluate, Game, History, Player};
use std::fmt;

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
