//! Repetition and no-progress draws: in the game record and inside the
//! search (seed 001's shuffle).

use lapilli_game::{Adjudication, Game, GameRecord, History, Outcome, ScoreKind};
use lapilli_search::{Engine, Limits, Options};

/// Seed 001's shuffle, reduced to its essence: each side owns one piece
/// that can only step back and forth between two points (White 0 <-> 1,
/// Black 16 <-> 17), every ply reversible. The rules declare a 100-ply
/// no-progress limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Shuffle {
    white_on_1: bool,
    black_on_17: bool,
    white_to_move: bool,
}

impl Shuffle {
    fn start() -> Shuffle {
        Shuffle { white_on_1: false, black_on_17: false, white_to_move: true }
    }
}

impl Game for Shuffle {
    type Move = (u8, u8);
    type Side = bool;
    type Moves = Vec<(u8, u8)>;
    fn side_to_move(&self) -> bool {
        self.white_to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn legal_moves(&self, moves: &mut Vec<(u8, u8)>) {
        moves.clear();
        moves.push(match (self.white_to_move, self.white_on_1, self.black_on_17) {
            (true, false, _) => (0, 1),
            (true, true, _) => (1, 0),
            (false, _, false) => (16, 17),
            (false, _, true) => (17, 16),
        });
    }
    fn play_unchecked(&mut self, _: (u8, u8)) {
        if self.white_to_move {
            self.white_on_1 = !self.white_on_1;
        } else {
            self.black_on_17 = !self.black_on_17;
        }
        self.white_to_move = !self.white_to_move;
    }
    fn zobrist(&self) -> u64 {
        (self.white_on_1 as u64 | (self.black_on_17 as u64) << 1 | (self.white_to_move as u64) << 2)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn is_irreversible(&self, _: (u8, u8)) -> bool {
        false
    }
    fn no_progress_limit(&self) -> Option<u32> {
        Some(100)
    }
}

/// Plays the shuffle until the record adjudicates; the ply count and why.
fn shuffle_until_over(track_repetition: bool) -> (usize, Adjudication) {
    let mut record = GameRecord::new(Shuffle::start(), 0).with_repetition(track_repetition);
    let mut moves = Vec::new();
    for ply in 1..=1000 {
        record.position().legal_moves(&mut moves);
        record.play_unchecked(moves[0]);
        if let Some(a) = record.status() {
            return (ply, a);
        }
    }
    panic!("never adjudicated");
}

#[test]
fn shuffle_is_drawn_by_repetition_with_history() {
    // The start recurs after plies 4 and 8: the third occurrence ends it.
    // (Seed 001 reports ply 9 because its history starts after the first
    // ply; here the start position counts as its first occurrence.)
    assert_eq!(shuffle_until_over(true), (8, Adjudication::Repetition));
}

#[test]
fn shuffle_is_drawn_by_no_progress_at_exactly_ply_100_without_history() {
    assert_eq!(shuffle_until_over(false), (100, Adjudication::NoProgress));
    let mut record = GameRecord::new(Shuffle::start(), 0).with_repetition(false);
    let mut moves = Vec::new();
    for _ in 0..99 {
        record.position().legal_moves(&mut moves);
        record.play_unchecked(moves[0]);
    }
    assert_eq!(record.status(), None, "ply 99 is not yet a draw");
    assert_eq!(record.plies_since_irreversible(), 99);
}

/// A race: a counter climbs by one each ply; the ply that makes it 100 wins
/// for its mover. Every ply is reversible, so the no-progress limit is
/// reached on the same ply: the win stands (docs/design.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Race(u32);

impl Game for Race {
    type Move = ();
    type Side = bool;
    type Moves = Vec<()>;
    fn side_to_move(&self) -> bool {
        self.0.is_multiple_of(2)
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.0 >= 100).then_some(Outcome::Loss)
    }
    fn legal_moves(&self, moves: &mut Vec<()>) {
        moves.clear();
        if self.0 < 100 {
            moves.push(());
        }
    }
    fn play_unchecked(&mut self, _: ()) {
        self.0 += 1;
    }
    fn zobrist(&self) -> u64 {
        self.0 as u64
    }
    fn is_irreversible(&self, _: ()) -> bool {
        false
    }
    fn no_progress_limit(&self) -> Option<u32> {
        Some(100)
    }
}

#[test]
fn a_winning_ply_beats_the_draw_limit() {
    let mut record = GameRecord::new(Race(0), 0);
    for _ in 0..100 {
        record.play_unchecked(());
    }
    assert_eq!(record.status(), Some(Adjudication::Finished(Outcome::Loss)));
    // The search agrees: at 99 the side to move wins in one ply.
    let a = Engine::new().search(&Race(99), &History::default(), &Limits::depth(3), &|_: &Race| 0);
    assert_eq!(ScoreKind::of(a.score), ScoreKind::WinIn(1));
    // with 99 reversible plies of history the limit would fall on ply 1 of
    // the search, but the win is seen first
    let history = history_of(&(0..99).map(|i| Race(i).zobrist()).collect::<Vec<_>>(), Race(99).zobrist());
    let a = Engine::new().search(&Race(99), &history, &Limits::depth(3), &|_: &Race| 0);
    assert_eq!(ScoreKind::of(a.score), ScoreKind::WinIn(1));
    // the same with the 99 plies given as a count, their positions unknown
    let a = Engine::new().search(
        &Race(99),
        &History::new(Race(99).zobrist(), 99),
        &Limits::depth(3),
        &|_: &Race| 0,
    );
    assert_eq!(ScoreKind::of(a.score), ScoreKind::WinIn(1));
}

/// The morris rule in miniature: a turn that closes a mill ends with its
/// removal, and no draw limit is adjudicated while the removal is pending.
/// Each side may shuffle (a reversible ply) or close a mill (a reversible
/// ply that leaves the same side to move, a removal pending); the removal
/// is irreversible and wins. The rules declare a 100-ply no-progress limit.
/// `honours_pending` off gives rules that adjudicate mid-turn (a control:
/// the closing ply on ply 100 is then a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Mill {
    white_to_move: bool,
    pending: bool,
    removed: bool,
    honours_pending: bool,
}

impl Mill {
    const SHUFFLE: u8 = 0;
    const CLOSE: u8 = 1;
    const REMOVE: u8 = 2;

    fn start(honours_pending: bool) -> Mill {
        Mill { white_to_move: true, pending: false, removed: false, honours_pending }
    }
}

impl Game for Mill {
    type Move = u8;
    type Side = bool;
    type Moves = Vec<u8>;
    fn side_to_move(&self) -> bool {
        self.white_to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        self.removed.then_some(Outcome::Loss)
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.removed {
        } else if self.pending {
            moves.push(Mill::REMOVE);
        } else {
            moves.extend([Mill::SHUFFLE, Mill::CLOSE]);
        }
    }
    fn play_unchecked(&mut self, m: u8) {
        match m {
            Mill::SHUFFLE => self.white_to_move = !self.white_to_move,
            Mill::CLOSE => self.pending = true,
            _ => {
                (self.pending, self.removed) = (false, true);
                self.white_to_move = !self.white_to_move;
            }
        }
    }
    fn zobrist(&self) -> u64 {
        (self.white_to_move as u64 | (self.pending as u64) << 1 | (self.removed as u64) << 2)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn is_irreversible(&self, m: u8) -> bool {
        m == Mill::REMOVE
    }
    fn no_progress_limit(&self) -> Option<u32> {
        Some(100)
    }
    fn draw_rules_apply(&self) -> bool {
        !self.pending || !self.honours_pending
    }
}

#[test]
fn a_mill_closed_on_the_last_no_progress_ply_keeps_its_removal() {
    // After 99 reversible plies, closing the mill is the 100th: the
    // removal is still played, and wins (the morris position
    // `WW.W..../B.....W./B...B... w 0 0 - 99`, g4-g7 then the removal).
    let start = Mill::start(true);
    for (name, options) in [
        ("defaults", Options::default()),
        ("no table", Options::default().with_table_bytes(0)),
        ("two threads", Options::default().with_threads(2)),
        ("root split", Options::default().with_threads(2).with_split_root(true)),
    ] {
        for depth in [2, 3, 6] {
            let a = Engine::with_options(options).search(
                &start,
                &History::new(start.zobrist(), 99),
                &Limits::depth(depth),
                &|_: &Mill| 0,
            );
            assert_eq!(ScoreKind::of(a.score), ScoreKind::WinIn(2), "{name}, depth {depth}");
            assert_eq!(a.pv, [Mill::CLOSE, Mill::REMOVE], "{name}, depth {depth}");
        }
    }
    // The same with the 99 plies' positions known (the shuffles).
    let mut history = History::new(start.zobrist(), 0);
    let mut p = start;
    for _ in 0..99 {
        p.play_unchecked(Mill::SHUFFLE);
        history.push(p.zobrist(), false);
    }
    let a = Engine::new().search(&p, &history, &Limits::depth(4), &|_: &Mill| 0);
    assert_eq!((ScoreKind::of(a.score), a.best_move), (ScoreKind::WinIn(2), Some(Mill::CLOSE)));
    // The record agrees: no draw while the removal is pending, then the win.
    let mut record = GameRecord::new(start, 99);
    record.play_unchecked(Mill::CLOSE);
    assert_eq!(record.status(), None, "the removal is pending");
    record.play_unchecked(Mill::REMOVE);
    assert_eq!(record.status(), Some(Adjudication::Finished(Outcome::Loss)));
    // Rules that adjudicated mid-turn would make it a draw: the test bites.
    let wrong = Mill::start(false);
    let a =
        Engine::new().search(&wrong, &History::new(wrong.zobrist(), 99), &Limits::depth(6), &|_: &Mill| 0);
    assert_eq!(a.score, 0);
    // With 98 plies before, the limit falls after the removal: a win either way.
    let a =
        Engine::new().search(&wrong, &History::new(wrong.zobrist(), 98), &Limits::depth(6), &|_: &Mill| 0);
    assert_eq!(ScoreKind::of(a.score), ScoreKind::WinIn(2));
}

/// Evaluation always favouring White by 5.
fn white_favoured(p: &Shuffle) -> i32 {
    if p.white_to_move {
        5
    } else {
        -5
    }
}

#[test]
fn repetition_inside_the_search_is_a_draw() {
    let start = Shuffle::start();
    let search = |repetition: bool, depth: u32, earlier: &[u64]| {
        Engine::with_options(Options::default().with_repetition(repetition))
            .search(&start, &history_of(earlier, start.zobrist()), &Limits::depth(depth), &white_favoured)
            .score
    };
    // Without repetition detection the line is just evaluated.
    assert_eq!(search(false, 4, &[]), 5);
    // The start recurs at ply 4 of the search: a draw.
    assert_eq!(search(true, 4, &[]), 0);
    assert_eq!(search(true, 3, &[]), 5, "no repetition within 3 plies");
    // A repetition that began before the root counts. The cycle has four
    // positions P0 (the start) -> P1 -> P2 -> P3 -> P0; give the search the
    // game history P1, P2, P3 before the root P0: ply 1 reaches P1 again.
    let mut p = Shuffle::start();
    let mut moves = Vec::new();
    let mut history = Vec::new();
    for _ in 0..3 {
        p.legal_moves(&mut moves);
        p.play_unchecked(moves[0]);
        history.push(p.zobrist());
    }
    assert_eq!(search(true, 3, &history), 0);
    assert_eq!(search(true, 3, &history[2..]), 0, "P3 recurs at ply 3");
    assert_eq!(search(true, 2, &history[2..]), 5, "but not within 2 plies");
    // And the no-progress limit: 99 earlier reversible plies put it at ply 1.
    let long: Vec<u64> = (0..99).map(|i| 1_000_000 + i).collect();
    assert_eq!(search(true, 3, &long), 0);
    assert_eq!(search(true, 3, &long[..90]), 5);
    // The same plies given as a count (a position text's counter).
    let counted = |before: u32| {
        Engine::new()
            .search(&start, &History::new(start.zobrist(), before), &Limits::depth(3), &white_favoured)
            .score
    };
    assert_eq!(counted(99), 0);
    assert_eq!(counted(90), 5);
}

/// The history of a game whose positions since the last irreversible ply
/// were `earlier` (oldest first) and now `current`.
fn history_of(earlier: &[u64], current: u64) -> History {
    let mut keys = earlier.iter().copied().chain([current]);
    let mut h = History::new(keys.next().expect("at least the current key"), 0);
    for k in keys {
        h.push(k, false);
    }
    h
}
