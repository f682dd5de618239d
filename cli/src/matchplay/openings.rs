//! The openings of a match: random legal plies from the start, seeded, or
//! lines of a file in the game's notation.

use crate::play::checked_plies;
use lapilli_board_graph::notation::excerpt;
use lapilli_board_graph::zobrist::splitmix64;
use lapilli_game::{CheckedGame, GameRecord, MoveList, RecordError};
use std::collections::HashSet;
use std::fmt::Display;
use std::ops::RangeInclusive;
use thiserror::Error;

/// An opening: plies from the start, one ply a word, in the game's
/// notation (a morris removal is a ply of its own).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The position the game starts from, in position text; `None` for
    /// the game's start.
    pub start: Option<String>,
    /// The plies.
    pub moves: Vec<String>,
}

impl Display for Opening {
    /// The plies separated by spaces, or `(start)` for none.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.start, self.moves.is_empty()) {
            (Some(start), true) => write!(f, "{start}"),
            (Some(start), false) => write!(f, "{start}: {}", self.moves.join(" ")),
            (None, true) => f.write_str("(start)"),
            (None, false) => f.write_str(&self.moves.join(" ")),
        }
    }
}

/// Why openings could not be made or read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OpeningError {
    /// Fewer distinct random openings exist (or were found) than asked for.
    #[error(
        "only {found} distinct openings of {min} to {max} random plies were found, {wanted} were asked for: \
         ask for fewer (--openings) or allow more plies (--opening-plies)"
    )]
    TooFew {
        /// Openings found.
        found: usize,
        /// Openings asked for.
        wanted: usize,
        /// The fewest plies.
        min: usize,
        /// The most plies.
        max: usize,
    },
    /// A line of an openings file whose plies do not read or are illegal.
    #[error("line {line}: {reason}")]
    BadMove {
        /// The line, from 1.
        line: usize,
        /// Why, in words.
        reason: String,
    },
    /// A line of an openings file that ends the game (or goes on after it
    /// ended).
    #[error("line {line}: {reason}")]
    GameOver {
        /// The line, from 1.
        line: usize,
        /// Why, in words.
        reason: String,
    },
    /// A file without a single opening.
    #[error("no opening in the file (one a line, plies separated by spaces; # starts a comment line)")]
    Empty,
}

/// SplitMix64 as a stream: the generator of the random openings, so that
/// a seed gives the same openings on every machine and with every version
/// of the `rand` crate.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let x = self.0;
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix64(x)
    }

    /// A number below `n` (`n > 0`), by multiply and shift.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// `count` distinct random openings from `start`, each of a number of
/// plies drawn uniformly from `plies`, each ply uniformly among the legal
/// ones, none of them ending the game (by the rules or a draw rule). Two
/// openings are distinct when they lead to different positions (two
/// orders of the same plies are one opening). The same seed gives the
/// same openings.
///
/// # Errors
/// [`OpeningError::TooFew`] when not enough distinct openings are found
/// (there are fewer, or they are too rare to find in `count * 200 + 1000`
/// tries).
pub fn random_openings<G: CheckedGame + Display>(
    start: &G,
    count: usize,
    plies: RangeInclusive<usize>,
    seed: u64,
) -> Result<Vec<Opening>, OpeningError> {
    let mut rng = SplitMix::new(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(count);
    let (min, max) = (*plies.start(), *plies.end());
    let mut tries = count.saturating_mul(200).saturating_add(1000);
    let mut legal = G::Moves::default();
    while openings.len() < count && tries > 0 {
        tries -= 1;
        let length = min + rng.below(max - min + 1);
        let mut record = GameRecord::new(start.clone(), start.no_progress_count());
        let mut moves = Vec::with_capacity(length);
        while moves.len() < length && record.status().is_none() {
            let pos = record.position();
            pos.legal_moves(&mut legal);
            let list = legal.as_slice();
            let m = list[rng.below(list.len())];
            moves.push(pos.move_text(m));
            record.play(m).expect("a generated ply is legal in a game that goes on");
        }
        if moves.len() == length && record.status().is_none() && seen.insert(record.position().to_string()) {
            openings.push(Opening { start: None, moves });
        }
    }
    if openings.len() < count {
        return Err(OpeningError::TooFew { found: openings.len(), wanted: count, min, max });
    }
    Ok(openings)
}

/// The openings of a file's text: one a line, plies separated by spaces
/// in the game's notation (a word may hold several plies of one side, such
/// as a morris slide with its removal, `g4-g7xb6`); empty lines and lines
/// starting with `#` are skipped. Every ply is checked from `start`, and
/// no opening may end the game.
///
/// # Errors
/// [`OpeningError::BadMove`] or [`OpeningError::GameOver`] naming the
/// first bad line, [`OpeningError::Empty`] for a text without openings.
pub fn read_openings<G: CheckedGame + Display>(start: &G, text: &str) -> Result<Vec<Opening>, OpeningError> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut record = GameRecord::new(start.clone(), start.no_progress_count());
        let mut moves = Vec::new();
        for word in line.split_whitespace() {
            if let Some(status) = record.status() {
                return Err(OpeningError::GameOver {
                    line: number,
                    reason: format!("{:?} comes after the game ended ({status})", excerpt(word)),
                });
            }
            let plies = checked_plies(record.position(), word)
                .map_err(|reason| OpeningError::BadMove { line: number, reason })?;
            for m in plies {
                moves.push(record.position().move_text(m));
                match record.play(m) {
                    Ok(()) => {}
                    Err(RecordError::Finished(status)) => {
                        return Err(OpeningError::GameOver {
                            line: number,
                            reason: format!("{:?} comes after the game ended ({status})", excerpt(word)),
                        })
                    }
                    Err(RecordError::Illegal(e)) => {
                        return Err(OpeningError::BadMove { line: number, reason: e.to_string() })
                    }
                }
            }
        }
        if let Some(status) = record.status() {
            return Err(OpeningError::GameOver {
                line: number,
                reason: format!("the opening ends the game ({status}); an opening must leave it going on"),
            });
        }
        openings.push(Opening { start: None, moves });
    }
    if openings.is_empty() {
        return Err(OpeningError::Empty);
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_morris::{Position as Morris, Rules};
    use lapilli_terni_lapilli::{Position as Terni, Rules as TerniRules};

    /// The position after `opening`, each ply checked.
    fn replay<G: CheckedGame>(start: &G, opening: &Opening) -> GameRecord<G> {
        let mut record = GameRecord::new(start.clone(), 0);
        for text in &opening.moves {
            let plies = checked_plies(record.position(), text).unwrap();
            assert_eq!(plies.len(), 1, "{text} is one ply");
            record.play(plies[0]).unwrap();
        }
        record
    }

    #[test]
    fn random_openings_are_legal_distinct_unfinished_and_seeded() {
        let start = Morris::start(Rules::default());
        let openings = random_openings(&start, 30, 2..=4, 2024).unwrap();
        assert_eq!(openings.len(), 30);
        let mut positions = HashSet::new();
        let mut lengths = HashSet::new();
        for o in &openings {
            assert!((2..=4).contains(&o.moves.len()), "{o}");
            lengths.insert(o.moves.len());
            let record = replay(&start, o);
            assert!(record.status().is_none(), "{o}");
            assert!(positions.insert(record.position().to_string()), "{o} repeats a position");
        }
        // Every length of the range is drawn.
        assert_eq!(lengths.len(), 3);
        // The same seed gives the same openings, another seed others.
        assert_eq!(random_openings(&start, 30, 2..=4, 2024).unwrap(), openings);
        assert_ne!(random_openings(&start, 30, 2..=4, 2025).unwrap(), openings);
        // A prefix: fewer openings of the same seed are the first ones.
        assert_eq!(random_openings(&start, 10, 2..=4, 2024).unwrap(), openings[..10]);
    }

    #[test]
    fn random_openings_count_what_exists() {
        let start = Terni::start(TerniRules::default());
        // One ply: 9 placements on the wheel, so 9 distinct openings.
        let nine = random_openings(&start, 9, 1..=1, 7).unwrap();
        let mut firsts: Vec<&str> = nine.iter().map(|o| o.moves[0].as_str()).collect();
        firsts.sort_unstable();
        firsts.dedup();
        assert_eq!(firsts.len(), 9);
        assert_eq!(
            random_openings(&start, 10, 1..=1, 7),
            Err(OpeningError::TooFew { found: 9, wanted: 10, min: 1, max: 1 })
        );
        // No plies: the start, once.
        assert_eq!(random_openings(&start, 1, 0..=0, 7).unwrap(), [Opening { start: None, moves: vec![] }]);
        // Five plies of Terni Lapilli may end the game (the first side's
        // third placement may complete a line): those are not openings.
        for o in random_openings(&start, 50, 5..=5, 1).unwrap() {
            assert!(replay(&start, &o).status().is_none(), "{o}");
        }
    }

    #[test]
    fn files_are_read_line_by_line_with_errors_naming_the_line() {
        let start = Morris::start(Rules::default());
        let text = "# openings\n\nd1 c4 e5\n  a1 a4   \na7 a1 d7 a4 g7 xa1\n";
        let openings = read_openings(&start, text).unwrap();
        let words: Vec<String> = openings.iter().map(ToString::to_string).collect();
        assert_eq!(words, ["d1 c4 e5", "a1 a4", "a7 a1 d7 a4 g7 xa1"]);
        // A ply with its removal counts as two plies.
        let joined = read_openings(&start, "a7 a1 d7 a4 g7xa1").unwrap();
        assert_eq!(joined, openings[2..]);
        let e = read_openings(&start, "d1 c4\nd1 zz\n").unwrap_err();
        assert!(matches!(&e, OpeningError::BadMove { line: 2, .. }), "{e}");
        assert!(e.to_string().starts_with("line 2: cannot read \"zz\""), "{e}");
        let e = read_openings(&start, "d1 d1").unwrap_err();
        assert!(matches!(e, OpeningError::BadMove { line: 1, .. }), "{e}");
        assert_eq!(read_openings(&start, "# nothing\n\n"), Err(OpeningError::Empty));
        // Terni Lapilli: black 0 1 2 wins at the fifth ply.
        let start = Terni::start(TerniRules::default());
        let e = read_openings(&start, "0 3\n0 3 1 4 2\n").unwrap_err();
        assert!(matches!(e, OpeningError::GameOver { line: 2, .. }), "{e}");
        let e = read_openings(&start, "0 3 1 4 2 5").unwrap_err();
        assert!(matches!(e, OpeningError::GameOver { line: 1, .. }), "{e}");
    }
}
