//! The harness can fail: each test breaks one property on purpose and
//! expects the harness to panic naming it.
//!
//! `Flawed<F>` is one-heap Nim with its flaw `F` chosen by a constant (the
//! flaws are listed below); `Flawed<SOUND>` passes, so each failure is due
//! to its flaw alone. The symmetry flaws are those of `common::ttt`.

mod common;

use common::ttt::{self, group, Ttt};
use lapilli_conformance::{
    check_index, check_position, check_random_games, check_random_games_indexed,
    check_random_games_with_symmetry, check_symmetry,
};
use lapilli_game::{doc_game::Nim, doc_game::NimIllegal, doc_game::NimMoveError};
use lapilli_game::{CheckedGame, Ending, Game, IllegalMove, Indexed, Outcome};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// No flaw.
const SOUND: u8 = 0;
/// `legal_moves` lists its first move twice.
const DUPLICATE: u8 = 1;
/// `check` accepts taking 2 from a heap of 1.
const CHECK_ACCEPTS: u8 = 2;
/// `check` refuses taking 2.
const CHECK_REFUSES: u8 = 3;
/// `candidate_moves` forgets taking 2.
const NOT_CANDIDATE: u8 = 4;
/// A refused play flips the side to move.
const REFUSAL_CHANGES: u8 = 5;
/// A refusal names move 0 instead of the refused move.
const REFUSAL_NAMES_OTHER: u8 = 6;
/// `move_text` writes one stone too many.
const MOVE_TEXT: u8 = 7;
/// The stored key is not updated after taking 2.
const STALE_KEY: u8 = 8;
/// The position text forgets the side to move.
const TEXT: u8 = 9;
/// The empty heap has no outcome.
const NO_OUTCOME: u8 = 10;
/// A heap of 1 is declared lost, though a stone can be taken.
const OVER_WITH_MOVES: u8 = 11;
/// `ending` is always `None`.
const NO_ENDING: u8 = 12;
/// The loser is named the winner.
const WINNER: u8 = 13;
/// The ending is called "Last Stone".
const ENDING_NAME: u8 = 14;
/// Copies share a ply counter, which the text shows.
const SHARED: u8 = 15;
/// `check` refuses every move at a heap of 3 (met only down the principal
/// variation when checking a heap of 5).
const DEEP_REFUSAL: u8 = 16;
/// Any ply from a heap of 2 adds 2 stones, yet every ply is irreversible.
const CYCLE: u8 = 17;
/// The checked play takes one stone more than the unchecked one.
const CHECKED_PLAY_DIFFERS: u8 = 18;
/// The key ignores the side to move: (5, first) and (5, second) share it.
/// Every single position passes; only a run meets both.
const KEY_IGNORES_SIDE: u8 = 19;
/// The index ignores the side to move (and stays below the bound).
const INDEX_IGNORES_SIDE: u8 = 20;
/// The index bound counts heaps but forgets the side to move.
const INDEX_BOUND_SHORT: u8 = 21;
/// The key after taking 2, told without playing it, forgets the side
/// to move.
const KEY_AFTER: u8 = 22;

/// One-heap Nim with flaw `F`.
#[derive(Clone, Debug)]
struct Flawed<const F: u8> {
    nim: Nim,
    /// The key, updated as plies are played.
    key: u64,
    /// Plies played, shared by copies (flaw [`SHARED`]).
    plies: Arc<AtomicU32>,
}

impl<const F: u8> Flawed<F> {
    fn new(stones: u32, second: bool) -> Self {
        Self::with_plies(Nim(stones, second), 0)
    }
    fn with_plies(nim: Nim, plies: u32) -> Self {
        Flawed { nim, key: Self::key_of(nim), plies: Arc::new(AtomicU32::new(plies)) }
    }
    /// The key of `nim`, computed from scratch.
    fn key_of(nim: Nim) -> u64 {
        if F == KEY_IGNORES_SIDE {
            Nim(nim.0, false).zobrist()
        } else {
            nim.zobrist()
        }
    }
}

impl<const F: u8> PartialEq for Flawed<F> {
    fn eq(&self, other: &Self) -> bool {
        self.nim == other.nim
    }
}

impl<const F: u8> fmt::Display for Flawed<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match F {
            TEXT => write!(f, "{} first", self.nim.0),
            SHARED => write!(f, "{} #{}", self.nim, self.plies.load(Ordering::Relaxed)),
            _ => write!(f, "{}", self.nim),
        }
    }
}

impl<const F: u8> FromStr for Flawed<F> {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let read = |heap: &str| heap.parse::<Nim>().map_err(|e| e.to_string());
        if F == SHARED {
            let (heap, plies) = text.split_once(" #").ok_or("no ply count")?;
            let plies = plies.parse().map_err(|_| "bad ply count")?;
            return Ok(Self::with_plies(read(heap)?, plies));
        }
        Ok(Self::with_plies(read(text)?, 0))
    }
}

/// The ending of Nim under a name (flaw [`ENDING_NAME`]: a bad one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Called(bool);

impl fmt::Display for Called {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the last stone was taken")
    }
}

impl Ending for Called {
    fn name(&self) -> &'static str {
        if self.0 {
            "Last Stone"
        } else {
            "last-stone"
        }
    }
}

impl<const F: u8> Game for Flawed<F> {
    type Move = u32;
    type Side = bool;
    type Moves = Vec<u32>;
    fn side_to_move(&self) -> bool {
        self.nim.1
    }
    fn outcome(&self) -> Option<Outcome> {
        match F {
            NO_OUTCOME => None,
            OVER_WITH_MOVES => (self.nim.0 <= 1).then_some(Outcome::Loss),
            _ => self.nim.outcome(),
        }
    }
    fn legal_moves(&self, moves: &mut Vec<u32>) {
        self.nim.legal_moves(moves);
        if F == DUPLICATE {
            if let Some(&first) = moves.first() {
                moves.push(first);
            }
        }
    }
    fn play_unchecked(&mut self, m: u32) {
        if F == CYCLE && self.nim.0 == 2 {
            self.nim = Nim(4, !self.nim.1);
        } else {
            self.nim.play_unchecked(m);
        }
        if !(F == STALE_KEY && m == 2) {
            self.key = Self::key_of(self.nim);
        }
        self.plies.fetch_add(1, Ordering::Relaxed);
    }
    fn zobrist(&self) -> u64 {
        self.key
    }
    fn zobrist_after(&self, m: u32) -> Option<u64> {
        let after = Nim(self.nim.0.saturating_sub(m), !self.nim.1);
        let side = if F == KEY_AFTER && m == 2 { self.nim.1 } else { after.1 };
        Some(Self::key_of(Nim(after.0, side)))
    }
    fn is_irreversible(&self, _: u32) -> bool {
        true
    }
}

impl<const F: u8> CheckedGame for Flawed<F> {
    type Illegal = NimIllegal;
    type MoveError = NimMoveError;
    type Ending = Called;
    fn check(&self, m: u32) -> Result<(), NimIllegal> {
        match F {
            CHECK_ACCEPTS if m == 2 && self.nim.0 == 1 => Ok(()),
            CHECK_REFUSES if m == 2 => Err(NimIllegal::TooMany),
            DEEP_REFUSAL if self.nim.0 == 3 => Err(NimIllegal::TooMany),
            _ => self.nim.check(m),
        }
    }
    fn play(&mut self, m: u32) -> Result<(), IllegalMove<u32, NimIllegal>> {
        match self.check(m) {
            Ok(()) => {
                self.play_unchecked(m);
                if F == CHECKED_PLAY_DIFFERS {
                    self.nim.0 = self.nim.0.saturating_sub(1);
                    self.key = self.nim.zobrist();
                }
                Ok(())
            }
            Err(reason) => {
                if F == REFUSAL_CHANGES {
                    self.nim.1 = !self.nim.1;
                }
                let mv = if F == REFUSAL_NAMES_OTHER { 0 } else { m };
                Err(IllegalMove { mv, text: self.move_text(m), reason })
            }
        }
    }
    fn parse_move(&self, text: &str) -> Result<u32, NimMoveError> {
        self.nim.parse_move(text)
    }
    fn move_text(&self, m: u32) -> String {
        if F == MOVE_TEXT {
            format!("take {}", m + 1)
        } else {
            self.nim.move_text(m)
        }
    }
    fn ending(&self) -> Option<Called> {
        if F == NO_ENDING {
            return None;
        }
        self.outcome().map(|_| Called(F == ENDING_NAME))
    }
    fn winner(&self) -> Option<bool> {
        let side = self.side_to_move();
        match self.outcome() {
            Some(Outcome::Loss) => Some(if F == WINNER { side } else { !side }),
            Some(Outcome::Win) => Some(side),
            Some(Outcome::Draw) | None => None,
        }
    }
    fn candidate_moves(&self) -> Vec<u32> {
        if F == NOT_CANDIDATE {
            vec![1]
        } else {
            vec![1, 2]
        }
    }
}

impl<const F: u8> Indexed for Flawed<F> {
    fn index_bound(&self) -> usize {
        if F == INDEX_BOUND_SHORT {
            self.nim.0 as usize + 1
        } else {
            self.nim.index_bound()
        }
    }
    fn index(&self) -> usize {
        if F == INDEX_IGNORES_SIDE {
            self.nim.0 as usize
        } else {
            self.nim.index()
        }
    }
}

#[test]
fn the_sound_wrapper_passes() {
    for stones in 0..=6 {
        let pos = Flawed::<SOUND>::new(stones, stones % 2 == 1);
        check_position(&pos);
        check_index(&pos);
    }
    let start = Flawed::<SOUND>::new(12, false);
    let checked = check_random_games(&start, 10, 20, 5);
    assert!(checked >= 10 * 7);
    assert_eq!(check_random_games_indexed(&start, 10, 20, 5), checked, "the same games");
}

#[test]
#[should_panic(expected = "legal_moves generated Some(1) twice")]
fn a_duplicate_move_fails() {
    check_position(&Flawed::<DUPLICATE>::new(5, false));
}

#[test]
#[should_panic(expected = "check accepts 2, which legal_moves does not generate")]
fn a_check_accepting_an_illegal_move_fails() {
    check_position(&Flawed::<CHECK_ACCEPTS>::new(1, false));
}

#[test]
#[should_panic(expected = "check refuses the legal move 2")]
fn a_check_refusing_a_legal_move_fails() {
    check_position(&Flawed::<CHECK_REFUSES>::new(5, false));
}

#[test]
#[should_panic(expected = "the legal move 2 is not in candidate_moves()")]
fn a_move_missing_from_the_candidates_fails() {
    check_position(&Flawed::<NOT_CANDIDATE>::new(5, false));
}

#[test]
#[should_panic(expected = "the refused play of 2 changed the position")]
fn a_refusal_that_changes_the_position_fails() {
    check_position(&Flawed::<REFUSAL_CHANGES>::new(1, false));
}

#[test]
#[should_panic(expected = "the refusal of 2 names the move 0")]
fn a_refusal_naming_another_move_fails() {
    check_position(&Flawed::<REFUSAL_NAMES_OTHER>::new(1, false));
}

#[test]
#[should_panic(expected = "parse_move(move_text(1))")]
fn a_wrong_move_text_fails() {
    check_position(&Flawed::<MOVE_TEXT>::new(5, false));
}

#[test]
#[should_panic(expected = "differs from the key of the re-parsed position")]
fn a_stale_key_fails() {
    check_position(&Flawed::<STALE_KEY>::new(5, false));
}

#[test]
#[should_panic(expected = "(Game::zobrist_after), is not the key of")]
fn a_wrong_key_after_a_ply_fails() {
    check_position(&Flawed::<KEY_AFTER>::new(5, false));
}

#[test]
#[should_panic(expected = "the text parses to a different position")]
fn a_text_that_loses_the_side_to_move_fails() {
    check_position(&Flawed::<TEXT>::new(7, true));
}

#[test]
#[should_panic(expected = "Game contract broken: no legal moves and no outcome")]
fn a_position_without_moves_or_outcome_fails() {
    check_position(&Flawed::<NO_OUTCOME>::new(0, false));
}

#[test]
#[should_panic(expected = "the game is over (Loss) but has legal moves [1]")]
fn a_finished_game_with_moves_fails() {
    check_position(&Flawed::<OVER_WITH_MOVES>::new(1, false));
}

#[test]
#[should_panic(expected = "ending() is None but outcome() is Some(Loss)")]
fn an_outcome_without_ending_fails() {
    check_position(&Flawed::<NO_ENDING>::new(0, true));
}

#[test]
#[should_panic(expected = "winner() is Some(false) but outcome() is Some(Loss) with false to move")]
fn a_wrong_winner_fails() {
    check_position(&Flawed::<WINNER>::new(0, false));
}

#[test]
#[should_panic(expected = "the ending name \"Last Stone\" of Called(true) is not one lower-case word")]
fn a_bad_ending_name_fails() {
    check_position(&Flawed::<ENDING_NAME>::new(0, false));
}

#[test]
#[should_panic(expected = "playing 1 on a copy changed the original")]
fn copies_sharing_state_fail() {
    check_position(&Flawed::<SHARED>::new(5, false));
}

#[test]
#[should_panic(expected = "of the principal variation")]
fn an_illegal_principal_variation_fails() {
    // Taking 2 wins from a heap of 5; the variation goes on from the heap
    // of 3, where check refuses everything.
    check_position(&Flawed::<DEEP_REFUSAL>::new(5, false));
}

#[test]
#[should_panic(expected = "is irreversible, but the position recurs")]
fn a_reversible_ply_called_irreversible_fails() {
    check_random_games(&Flawed::<CYCLE>::new(6, false), 10, 30, 1);
}

#[test]
#[should_panic(expected = "the checked and the unchecked play of 1 differ")]
fn a_checked_play_unlike_the_unchecked_one_fails() {
    check_position(&Flawed::<CHECKED_PLAY_DIFFERS>::new(5, false));
}

#[test]
#[should_panic(expected = "two different positions share the key")]
fn a_key_ignoring_the_side_to_move_fails_over_a_run() {
    // Every position passes alone, and so does every child beside its
    // parent and siblings: all have different heaps.
    for stones in 0..=12 {
        check_position(&Flawed::<KEY_IGNORES_SIDE>::new(stones, false));
    }
    check_random_games(&Flawed::<KEY_IGNORES_SIDE>::new(12, false), 10, 20, 5);
}

#[test]
#[should_panic(expected = "two different positions share the key")]
fn a_key_ignoring_the_colour_fails_the_symmetry_run() {
    // X on a and O on b share the key of O on a and X on b.
    check_random_games_with_symmetry(&ttt::<{ ttt::KEY_IGNORES_COLOUR }>(".../.../..."), group(), 20, 9, 3);
}

#[test]
#[should_panic(expected = "two different positions share the index")]
fn an_index_ignoring_the_side_to_move_fails() {
    // Its keys are sound: only the index checks see the flaw.
    let start = Flawed::<INDEX_IGNORES_SIDE>::new(12, false);
    check_random_games(&start, 10, 20, 5);
    check_random_games_indexed(&start, 10, 20, 5);
}

#[test]
#[should_panic(expected = "is not below the start's Indexed::index_bound, 13")]
fn an_index_beyond_the_bound_fails() {
    check_index(&Flawed::<INDEX_BOUND_SHORT>::new(12, false));
}

fn ttt<const F: u8>(text: &str) -> Ttt<F> {
    text.parse().unwrap()
}

#[test]
fn the_sound_tic_tac_toe_passes() {
    check_symmetry(&ttt::<{ ttt::SOUND }>("x../.o./..."), group());
}

#[test]
#[should_panic(expected = "does not map the legal moves")]
fn moves_that_do_not_follow_the_symmetry_fail() {
    check_symmetry(&ttt::<{ ttt::UNMAPPED_MOVES }>("x../.../..."), group());
}

#[test]
#[should_panic(expected = "differs from element")]
fn moves_mapped_by_the_inverse_fail() {
    // On the empty board every point is legal, so the sets of legal moves
    // agree; playing a mapped move does not.
    check_symmetry(&ttt::<{ ttt::INVERSE_MOVES }>(".../.../..."), group());
}

#[test]
#[should_panic(expected = "does not map x../.../... back")]
fn a_lossy_map_fails() {
    check_symmetry(&ttt::<{ ttt::LOSSY_MAP }>("x../.o./..."), group());
}

#[test]
#[should_panic(expected = "canonicalize() gives x../.../..., not the image with the least key")]
fn a_canonicalize_that_is_not_canonical_fails() {
    check_symmetry(&ttt::<{ ttt::NO_CANONICAL }>("x../.../..."), group());
}

#[test]
#[should_panic(expected = "orbit_len() is not the number of distinct images")]
fn a_wrong_orbit_length_fails() {
    check_symmetry(&ttt::<{ ttt::ORBIT_ONE }>("x../.../..."), group());
}
