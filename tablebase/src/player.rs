//! The perfect player of a game solved in memory.

use crate::retrograde::Solved;
use lapilli_game::{Game, Indexed, Player};

/// Perfect play from a tablebase: wins fastest, loses slowest, holds draws
/// (see [`Solved::best_move`]).
#[derive(Debug)]
pub struct PerfectPlayer<'t, G> {
    tablebase: &'t Solved<G>,
}

impl<'t, G> PerfectPlayer<'t, G> {
    /// A perfect player reading `tablebase`.
    pub fn new(tablebase: &'t Solved<G>) -> PerfectPlayer<'t, G> {
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
