//! Replaying a list of moves from a position: the one loop behind the
//! command line's `--moves` and the web API's `moves`, with the record's
//! draw rules applied and every refusal named by the move's number.

use crate::VariantDescriptor;
use lapilli_game::{Adjudication, CheckedGame, Game, GameRecord, RecordError, TurnError};
use std::fmt;

/// Why a game ended, in words: the rules' result
/// ([`VariantDescriptor::result_text`]) or the draw rule that ended it
/// (threefold repetition, no progress).
pub fn ending_text<V: VariantDescriptor>(v: &V, pos: &V::Position, status: Adjudication) -> String {
    match status {
        Adjudication::Finished(_) => v.result_text(pos),
        draw => draw.to_string(),
    }
}

/// What was wrong with a move of a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayFault {
    /// The word does not read as plies of the game; the parser's words.
    Unreadable(String),
    /// A ply of it is illegal, or comes after the turn passed; in words.
    Illegal(String),
    /// The game was already over: after `plies` plies of the replay (0:
    /// the given position was over), for the reason `why`
    /// ([`ending_text`]).
    Over {
        /// Plies played before it.
        plies: usize,
        /// Why the game is over.
        why: String,
    },
}

/// A move of a replay that was refused: its number (from 1), its text and
/// what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The move's number in the list, from 1.
    pub number: usize,
    /// The move's text, as given.
    pub word: String,
    /// What was wrong.
    pub fault: ReplayFault,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({:?}): ", self.number, self.word)?;
        match &self.fault {
            ReplayFault::Unreadable(why) => write!(f, "cannot read it: {why}"),
            ReplayFault::Illegal(why) => f.write_str(why),
            ReplayFault::Over { why, .. } => write!(f, "the game is over ({why})"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A replayed game: its record and the text of each ply played, in the
/// notation of the position it was played in.
#[derive(Clone, Debug)]
pub struct Replayed<P: Game> {
    /// The game record after the moves.
    pub record: GameRecord<P>,
    /// Each ply played, as text.
    pub played: Vec<String>,
}

/// Plays `moves` (each word one or several plies of one side, as
/// [`CheckedGame::parse_turn`] reads them) from `start` in a
/// [`GameRecord`], which counts repetitions and the no-progress plies
/// from `start`'s own count, and refuses every ply after the game ended,
/// by the rules or by a draw rule.
///
/// # Errors
/// The first move refused ([`ReplayError`]): unreadable, illegal, or
/// after the game ended.
///
/// The command line's `--moves` and the web API's `moves` both replay
/// through it (their tests hold its messages).
pub fn replay<'w, V: VariantDescriptor>(
    v: &V,
    start: V::Position,
    moves: impl IntoIterator<Item = &'w str>,
) -> Result<Replayed<V::Position>, ReplayError> {
    let reversible_before = start.no_progress_count();
    let mut record = GameRecord::new(start, reversible_before);
    let mut played = Vec::new();
    for (i, word) in moves.into_iter().enumerate() {
        let refused = |fault| ReplayError { number: i + 1, word: word.to_string(), fault };
        let over = |record: &GameRecord<V::Position>, status| {
            refused(ReplayFault::Over {
                plies: record.moves().len(),
                why: ending_text(v, record.position(), status),
            })
        };
        if let Some(status) = record.status() {
            return Err(over(&record, status));
        }
        let plies = record.position().parse_turn(word).map_err(|e| {
            refused(match e {
                TurnError::Unreadable(e) => ReplayFault::Unreadable(e.to_string()),
                e => ReplayFault::Illegal(e.to_string()),
            })
        })?;
        for m in plies {
            let text = record.position().move_text(m);
            match record.play(m) {
                Ok(()) => played.push(text),
                Err(RecordError::Finished(status)) => return Err(over(&record, status)),
                Err(RecordError::Illegal(e)) => return Err(refused(ReplayFault::Illegal(e.to_string()))),
            }
        }
    }
    Ok(Replayed { record, played })
}
