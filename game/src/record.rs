//! A game record that adjudicates the end of a game.

use crate::game::{CheckedGame, Game, IllegalMove, Outcome};
use crate::history::History;
use std::fmt;
use thiserror::Error;

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

impl Adjudication {
    /// The kind as one word: `finished`, `repetition` or `no-progress`.
    pub fn name(self) -> &'static str {
        match self {
            Adjudication::Finished(_) => "finished",
            Adjudication::Repetition => "repetition",
            Adjudication::NoProgress => "no-progress",
        }
    }

    /// Whether the game ended drawn.
    pub fn is_draw(self) -> bool {
        !matches!(self, Adjudication::Finished(Outcome::Win | Outcome::Loss))
    }
}

impl fmt::Display for Adjudication {
    /// ```
    /// use lapilli_game::{Adjudication, Outcome};
    /// assert_eq!(Adjudication::Repetition.to_string(), "draw by threefold repetition");
    /// assert_eq!(Adjudication::Finished(Outcome::Loss).to_string(), "the side to move has lost");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Adjudication::Finished(Outcome::Win) => "the side to move has won",
            Adjudication::Finished(Outcome::Loss) => "the side to move has lost",
            Adjudication::Finished(Outcome::Draw) => "drawn by the rules",
            Adjudication::Repetition => "draw by threefold repetition",
            Adjudication::NoProgress => "draw by the no-progress rule",
        })
    }
}

/// A ply refused by [`GameRecord::play`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError<M, R> {
    /// The game is already over (by the rules or by a draw rule).
    #[error("the game is over ({0}): no further ply is accepted")]
    Finished(Adjudication),
    /// The ply is illegal in the current position.
    #[error(transparent)]
    Illegal(IllegalMove<M, R>),
}

/// A game being played: the position, the plies so far and the history of
/// positions since the last irreversible ply.
///
/// It adjudicates in this order: a result of the rules first (a ply that
/// wins wins even if it also reaches a draw limit, docs/design.md), then
/// threefold repetition (if tracked), then the no-progress limit. A
/// finished game stays finished: [`GameRecord::play`] refuses every further
/// ply.
///
/// ```
/// use lapilli_game::{Adjudication, GameRecord, Outcome, doc_game::Nim};
/// let mut record = GameRecord::new(Nim::new(2), 0);
/// record.play(2).unwrap();
/// assert_eq!(record.status(), Some(Adjudication::Finished(Outcome::Loss)));
/// assert!(record.play(1).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    position: G,
    moves: Vec<G::Move>,
    history: History,
    track_repetition: bool,
}

impl<G: Game> GameRecord<G> {
    /// A record starting at `start` after `reversible_before` reversible
    /// plies (the position's no-progress count; 0 from a game's start),
    /// tracking repetitions.
    pub fn new(start: G, reversible_before: u32) -> GameRecord<G> {
        let history = History::new(start.zobrist(), reversible_before);
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

    /// The history since the last irreversible ply, current position
    /// included: what `lapilli_search::Engine::search` takes.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Consecutive reversible plies so far (those before the record began
    /// included).
    pub fn plies_since_irreversible(&self) -> u32 {
        self.history.plies_since_irreversible()
    }

    /// Plays a ply without checking it or the game's end (see
    /// [`Game::play_unchecked`]: an illegal ply gives a meaningless
    /// record).
    pub fn play_unchecked(&mut self, m: G::Move) {
        let irreversible = self.position.is_irreversible(m);
        self.position.play_unchecked(m);
        self.moves.push(m);
        self.history.push(self.position.zobrist(), irreversible);
    }

    /// `Some` when the game is over.
    pub fn status(&self) -> Option<Adjudication> {
        if let Some(outcome) = self.position.outcome() {
            return Some(Adjudication::Finished(outcome));
        }
        if !self.position.draw_rules_apply() {
            return None;
        }
        if self.track_repetition && self.history.occurrences(self.position.zobrist()) >= 3 {
            return Some(Adjudication::Repetition);
        }
        if let Some(limit) = self.position.no_progress_limit() {
            if self.history.plies_since_irreversible() >= limit {
                return Some(Adjudication::NoProgress);
            }
        }
        None
    }
}

impl<G: CheckedGame> GameRecord<G> {
    /// Plays `m` if the game goes on and `m` is legal.
    ///
    /// # Errors
    /// [`RecordError::Finished`] once the game is over, by the rules or by
    /// a draw rule; [`RecordError::Illegal`] for an illegal ply. The record
    /// is then unchanged.
    pub fn play(&mut self, m: G::Move) -> Result<(), RecordError<G::Move, G::Illegal>> {
        if let Some(status) = self.status() {
            return Err(RecordError::Finished(status));
        }
        self.position.check(m).map_err(|reason| {
            RecordError::Illegal(IllegalMove { mv: m, text: self.position.move_text(m), reason })
        })?;
        self.play_unchecked(m);
        Ok(())
    }
}
