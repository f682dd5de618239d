//! Players: something that picks a ply in a position. The engine's player
//! is `lapilli_search::SearchPlayer`, the perfect player of a solved game
//! `lapilli_tablebase::PerfectPlayer`.

use crate::game::{Game, MoveList};
use crate::history::History;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

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
