//! A game record that adjudicates the end of a game.

use crate::game::{Game, Outcome};
use crate::history::History;

/// Why a game record says the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjudication {
    /// The rules ended the game; the outcome is for the side to move.
    Finished(Outcome),
    /// The position occurred for the third time (since the last
    /// irreversible ply): a draw.
    Repetition,
    /// [`Game::no_progress_limit`] consecutive reversible plies: a draw.
    NoProgress,
}

/// A game being played: the position, the plies so far and the history of
/// positions since the last irreversible ply.
///
/// It adjudicates in this order: a result of the rules first (a ply that
/// wins wins even if it also reaches a draw limit, docs/design.md), then
/// threefold repetition (if tracked), then the no-progress limit.
///
/// ```
/// use lapilli_search::{Adjudication, GameRecord, Outcome, doc_game::Nim};
/// let mut record = GameRecord::new(Nim::new(2));
/// record.play(2);
/// assert_eq!(record.status(), Some(Adjudication::Finished(Outcome::Loss)));
/// ```
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    position: G,
    moves: Vec<G::Move>,
    history: History,
    track_repetition: bool,
}

impl<G: Game> GameRecord<G> {
    /// A record starting at `start`, tracking repetitions.
    pub fn new(start: G) -> GameRecord<G> {
        let history = History::new(start.hash());
        GameRecord { position: start, moves: Vec::new(), history, track_repetition: true }
    }

    /// Turns threefold-repetition adjudication on or off (the no-progress
    /// limit always applies).
    #[must_use]
    pub fn with_repetition(mut self, on: bool) -> GameRecord<G> {
        self.track_repetition = on;
        self
    }

    /// The current position.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The plies played, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Hashes of the earlier positions since the last irreversible ply,
    /// oldest first, without the current one: what
    /// [`crate::Engine::search`] takes as history.
    pub fn history(&self) -> &[u64] {
        self.history.earlier()
    }

    /// Consecutive reversible plies so far.
    pub fn plies_since_irreversible(&self) -> usize {
        self.history.plies_since_irreversible()
    }

    /// Plays a ply (the rules crate checks legality before; an illegal ply
    /// here gives a meaningless record, see [`Game::play`]).
    pub fn play(&mut self, m: G::Move) {
        let irreversible = self.position.is_irreversible(m);
        self.position.play(m);
        self.moves.push(m);
        self.history.push(self.position.hash(), irreversible);
    }

    /// `Some` when the game is over.
    pub fn status(&self) -> Option<Adjudication> {
        if let Some(outcome) = self.position.outcome() {
            return Some(Adjudication::Finished(outcome));
        }
        if self.track_repetition && self.history.occurrences(self.position.hash()) >= 3 {
            return Some(Adjudication::Repetition);
        }
        if let Some(limit) = self.position.no_progress_limit() {
            if self.history.plies_since_irreversible() >= limit as usize {
                return Some(Adjudication::NoProgress);
            }
        }
        None
    }
}
