//! The rules checked on hand-built positions: seed 001's figures and four
//! cases other morris programs get wrong (coordinates as in
//! docs/design.md).

use lapilli_board_graph::{morris, Bitboard, Point};
use lapilli_game::{Adjudication, CheckedGame, Game, GameRecord, Outcome};
use lapilli_morris::{Colour, Ending, IllegalReason, Move, ParseMoveError, Phase, Position, Rules, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn points(names: &[&str]) -> Bitboard {
    names.iter().map(|n| morris::parse_point(n).unwrap_or_else(|| panic!("{n}"))).collect()
}

/// A nine men's position from coordinates.
fn pos(white: &[&str], black: &[&str], hand: [u8; 2], to_move: Colour) -> Position {
    Position::from_parts(Rules::default(), [points(white), points(black)], hand, to_move, false, 0).unwrap()
}

/// A ply in the 24-point board's names (the nine, twelve and Lasker boards).
fn mv(text: &str) -> Move {
    Position::default().parse_move(text).unwrap()
}

fn texts(pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
    out.sort();
    out
}

#[test]
fn seed_001_opening_has_24_placements() {
    let start = Position::default();
    assert_eq!(start.legal_moves().len(), 24);
    assert!(start.legal_moves().iter().all(|m| matches!(m, Move::Place(_))));
    assert_eq!(start.phase(Colour::White), Phase::Placing);
}

#[test]
fn seed_001_mid_game_six_pieces_each_has_16_slides() {
    let p = pos(
        &["a1", "f4", "d2", "b4", "d5", "e3"],
        &["a7", "d7", "g1", "b6", "c5", "e5"],
        [0, 0],
        Colour::White,
    );
    assert_eq!(p.to_string(), "BB..B.W./B..W.W.W/BWB.W... w 0 0 -");
    assert_eq!(p.phase(Colour::White), Phase::Sliding);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 16);
    assert!(moves.iter().all(|m| matches!(m, Move::Slide { .. })));
    assert_eq!(p.legal_move_count(), 16);
}

#[test]
fn seed_001_three_pieces_with_18_empty_points_fly_54_ways() {
    let p = pos(&["a7", "g4", "d2"], &["c5", "e5", "c3"], [0, 0], Colour::White);
    assert_eq!(p.empty().len(), 18);
    assert_eq!(p.phase(Colour::White), Phase::Flying);
    assert_eq!(p.legal_moves().len(), 54); // 3 pieces x 18 empty points
                                           // without flying the same pieces only slide
    let q = Position::from_parts(
        Rules::default().no_flying(),
        [p.pieces(Colour::White), p.pieces(Colour::Black)],
        [0, 0],
        Colour::White,
        false,
        0,
    )
    .unwrap();
    assert_eq!(q.phase(Colour::White), Phase::Sliding);
    assert_eq!(q.legal_moves().len(), 2 + 4 + 3);
}

#[test]
fn removal_lists_follow_the_exception() {
    // White owes a removal; all six Black pieces stand in mills (g1-d1-a1
    // and f2-d2-b2): all 6 may be taken (seed 001: not 0).
    let all_milled: Position = "WWW.BBB./W...BBB./........ w 0 0 x".parse().unwrap();
    assert_eq!(all_milled.removable().len(), 6);
    assert_eq!(texts(&all_milled), ["a1", "b2", "d1", "d2", "f2", "g1"].map(|s| format!("x{s}")));
    // A seventh, loose Black piece: only it may be taken.
    let one_loose: Position = "WWW.BBB./W...BBB./....B... w 0 0 x".parse().unwrap();
    assert_eq!(texts(&one_loose), ["xe3"]);
    assert_eq!(one_loose.check(mv("xa1")), Err(IllegalReason::Protected));
    // Break the second mill: its two pieces and the loose one.
    let three_loose: Position = "WWW.BBB./W...BB../....B... w 0 0 x".parse().unwrap();
    assert_eq!(texts(&three_loose), ["xd2", "xe3", "xf2"]);
}

#[test]
fn the_removal_is_the_same_sides_next_ply() {
    // case 1: 11 slides, f4-f6 closes b6-d6-f6
    let mut p = pos(&["b2", "b6", "c3", "d6", "f4"], &["a1", "d1", "g1", "g4", "g7"], [0, 0], Colour::White);
    assert_eq!(p.legal_moves().len(), 11);
    let closing: Vec<Move> = p.legal_moves().into_iter().filter(|&m| p.closes_mill(m)).collect();
    assert_eq!(closing, [mv("f4-f6")]);
    let before = p;
    p.play(mv("f4-f6")).unwrap();
    assert_eq!(p.side_to_move(), Colour::White);
    assert!(p.pending_removal());
    assert_eq!(p.check(mv("b2-a1")), Err(IllegalReason::MustRemove));
    // every Black piece stands in a mill (g7-g4-g1, g1-d1-a1): all 5
    assert_eq!(p.legal_moves().len(), 5);
    p.play(mv("xg4")).unwrap();
    assert_eq!(p.side_to_move(), Colour::Black);
    assert!(!p.pending_removal());
    assert_eq!(before.check(mv("xg4")), Err(IllegalReason::NoRemoval));

    // with a Black piece on a4 too, only a4 may be taken
    let mut q =
        pos(&["b2", "b6", "c3", "d6", "f4"], &["a1", "a4", "d1", "g1", "g4", "g7"], [0, 0], Colour::White);
    q.play(mv("f4-f6")).unwrap();
    assert_eq!(texts(&q), ["xa4"]);
}

#[test]
fn a_mill_with_the_last_placement_removes_before_black_places() {
    // case 2: one piece in hand each, White to move
    let mut p = pos(
        &["a7", "b4", "c3", "d2", "d7", "e5", "f2", "g4"],
        &["a1", "a4", "b2", "c5", "d6", "e4", "f6", "g1"],
        [1, 1],
        Colour::White,
    );
    p.play(mv("g7")).unwrap();
    assert_eq!(p.side_to_move(), Colour::White, "White, not Black, removes");
    assert!(p.pending_removal());
    assert_eq!(p.phase(Colour::Black), Phase::Placing, "still the placing phase for Black");
    assert_eq!(p.in_hand(Colour::Black), 1);
    let removals = p.legal_moves();
    assert_eq!(removals.len(), 8);
    assert!(removals.iter().all(|m| matches!(m, Move::Remove(_))));
    p.play(mv("xe4")).unwrap();
    // Black places its last piece...
    assert_eq!(p.side_to_move(), Colour::Black);
    assert!(p.legal_moves().iter().all(|m| matches!(m, Move::Place(_))));
    assert_eq!(p.check(mv("a4-a7")), Err(IllegalReason::StillPlacing));
    p.play(mv("e4")).unwrap();
    // ...then White makes the first slide.
    assert_eq!(p.side_to_move(), Colour::White);
    assert_eq!(p.phase(Colour::White), Phase::Sliding);
    assert!(!p.legal_moves().is_empty());
    assert!(p.legal_moves().iter().all(|m| matches!(m, Move::Slide { .. })));
    assert_eq!(p.check(mv("e4")), Err(IllegalReason::EmptyHand));
}

#[test]
fn a_double_mill_gives_one_removal() {
    // case 3: two in hand each; g7 closes a7-d7-g7 and g7-g4-g1
    let mut p = pos(
        &["a7", "b4", "d2", "d7", "f6", "g1", "g4"],
        &["a4", "b2", "c5", "d1", "d6", "e3", "f4"],
        [2, 2],
        Colour::White,
    );
    p.play(mv("g7")).unwrap();
    assert_eq!(p.legal_moves().len(), 7);
    p.play(mv("xf4")).unwrap();
    assert_eq!(p.side_to_move(), Colour::Black);
    assert!(!p.pending_removal());
    assert!(p.legal_moves().iter().all(|m| matches!(m, Move::Place(_))));
}

#[test]
fn reduction_and_blocking_lose() {
    // case 4: g4-g7 then the removal leaves Black with two pieces
    let mut p = pos(&["a7", "b2", "d7", "g4"], &["b6", "c5", "e3"], [0, 0], Colour::White);
    p.play(mv("g4-g7")).unwrap();
    p.play(mv("xb6")).unwrap();
    assert_eq!(p.ending(), Some(Ending::Reduction));
    assert_eq!(p.outcome(), Some(Outcome::Loss));
    assert_eq!(p.winner(), Some(Colour::White));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.check(mv("c5-c4")), Err(IllegalReason::GameOver));

    // Black in the corners a7, g7 and a1 and a4's neighbours taken: the
    // slides of b6... build a blocked Black: every Black piece hemmed in.
    let blocked =
        pos(&["d7", "a4", "g4", "d1", "b6", "f6", "b2"], &["a7", "g7", "a1", "g1"], [0, 0], Colour::Black);
    assert_eq!(blocked.ending(), Some(Ending::Blocked));
    assert_eq!(blocked.winner(), Some(Colour::White));
    // the same with flying (three Black pieces) is not blocked
    let flying = pos(&["d7", "a4", "g4", "d1", "b6", "f6", "b2"], &["a7", "g7", "a1"], [0, 0], Colour::Black);
    assert_eq!(flying.ending(), None);
    assert_eq!(flying.legal_moves().len(), 3 * 14);
}

/// White 0<->1 and Black 16<->17 (seed 001's shuffle).
fn shuffle_start() -> Position {
    let white = [0, 4, 10, 14].into_iter().map(Point::new).collect();
    let black = [16, 6, 12, 21].into_iter().map(Point::new).collect();
    Position::from_parts(Rules::default(), [white, black], [0, 0], Colour::White, false, 0).unwrap()
}

const SHUFFLE: [&str; 4] = ["0-1", "16-17", "1-0", "17-16"];

#[test]
fn the_shuffle_is_drawn_by_repetition_with_history() {
    let mut record = GameRecord::new(shuffle_start(), 0);
    for ply in 0..8 {
        assert_eq!(record.status(), None, "ply {ply}");
        record.play(mv(SHUFFLE[ply % 4])).unwrap();
    }
    // the start position for the third time: after 8 plies (seed 001
    // counts the positions from 1: "fires at ply 9")
    assert_eq!(record.status(), Some(Adjudication::Repetition));
}

#[test]
fn the_shuffle_is_drawn_at_exactly_ply_100_without_history() {
    let mut record = GameRecord::new(shuffle_start(), 0).with_repetition(false);
    for ply in 0..100 {
        assert_eq!(record.status(), None, "ply {ply}");
        record.play(mv(SHUFFLE[ply % 4])).unwrap();
    }
    assert_eq!(record.status(), Some(Adjudication::NoProgress));
    assert_eq!(record.position().no_progress_count(), 100);
    assert!(record.position().to_string().ends_with(" 100"));
    // the finished game takes no further ply
    assert!(record.play(mv(SHUFFLE[0])).is_err());

    // A parsed counter counts when the record starts with it: 37 plies
    // already, drawn 63 plies later. The limit itself is the rule's.
    let text = format!("{} 37", shuffle_start());
    let start: Position = text.parse().unwrap();
    assert_eq!(start.to_string(), text);
    assert_eq!(start.no_progress_limit(), Some(lapilli_morris::NO_PROGRESS_LIMIT));
    let mut record = GameRecord::new(start, start.no_progress_count()).with_repetition(false);
    for ply in 0..63 {
        assert_eq!(record.status(), None, "ply {ply}");
        record.play(mv(SHUFFLE[ply % 4])).unwrap();
    }
    assert_eq!(record.status(), Some(Adjudication::NoProgress));
}

#[test]
fn a_winning_ply_wins_even_at_the_draw_limit() {
    // 99 reversible plies, then a mill and the removal that reduces Black.
    // A turn that closes a mill ends with its removal (docs/design.md): no
    // draw limit is adjudicated while the removal is pending, and the
    // removal (irreversible) resets the count and wins.
    let start: Position =
        format!("{} 99", pos(&["a7", "b2", "d7", "g4"], &["b6", "c5", "e3"], [0, 0], Colour::White))
            .parse()
            .unwrap();
    let mut record = GameRecord::new(start, start.no_progress_count()).with_repetition(false);
    record.play(mv("g4-g7")).unwrap();
    assert_eq!(record.plies_since_irreversible(), 100);
    assert!(record.position().pending_removal());
    assert_eq!(record.status(), None, "no draw in the middle of the turn");
    record.play(mv("xc5")).unwrap();
    assert_eq!(record.status(), Some(Adjudication::Finished(Outcome::Loss)));
    assert_eq!(record.position().no_progress_count(), 0);

    // The 100th reversible ply without a mill is drawn at once.
    let mut record = GameRecord::new(start, start.no_progress_count()).with_repetition(false);
    record.play(mv("b2-b4")).unwrap();
    assert_eq!(record.status(), Some(Adjudication::NoProgress));
}

#[test]
fn hash_covers_hands_side_and_pending_but_not_the_counter() {
    let a: Position = "WWW..B../.B....../........ w 6 7 x".parse().unwrap();
    let b: Position = "WWW..B../.B....../........ w 6 7 x 12".parse().unwrap();
    assert_eq!(a, b);
    assert_eq!(a.zobrist(), b.zobrist());
    let c: Position = "WWW..B../.B....../........ b 6 7 -".parse().unwrap();
    assert_ne!(a.zobrist(), c.zobrist());
    let d: Position = "WWW.BB../......../........ w 6 7 x".parse().unwrap();
    assert_ne!(a.zobrist(), d.zobrist());
}

#[test]
fn the_morris_board_has_16_automorphisms_in_orbits_8_8_4_4() {
    let group = Variant::NineMensMorris.group();
    assert_eq!(group.len(), 16);
    let mut sizes: Vec<usize> = group.point_orbits().iter().map(Vec::len).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(sizes, [8, 8, 4, 4]);
    // outer and inner corners together; middle corners alone
    let orbits = group.point_orbits();
    let corners_outer_inner: Vec<Point> = [0, 2, 4, 6, 16, 18, 20, 22].into_iter().map(Point::new).collect();
    assert!(orbits.contains(&corners_outer_inner));
    assert!(orbits.contains(&[8, 10, 12, 14].into_iter().map(Point::new).collect()));
    // the inner/outer swap is among them: 0 <-> 16 with 1 <-> 17
    assert!(group
        .elements()
        .iter()
        .any(|g| g.apply(Point::new(0)) == Point::new(16) && g.apply(Point::new(1)) == Point::new(17)));
    for v in [Variant::SixMensMorris, Variant::TwelveMensMorris] {
        assert_eq!(v.group().len(), 16, "{v}");
    }
    // the opening's 24 placements fall into 4 classes
    let start = Position::default();
    let mut classes: Vec<u64> = start
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut p = start;
            p.play(m).unwrap();
            lapilli_symmetry::Symmetric::canonical_key(&p, group)
        })
        .collect();
    classes.sort_unstable();
    classes.dedup();
    assert_eq!(classes.len(), 4);
}

#[test]
fn six_mens_morris_has_no_flying() {
    let rules = Rules::new(Variant::SixMensMorris);
    let start = Position::start(rules);
    assert_eq!(start.legal_moves().len(), 16);
    assert_eq!(start.in_hand(Colour::Black), 6);
    // three White pieces slide, not fly
    let p: Position = "W.W...../.B.B.B.W b 0 0 - six-mens-morris".parse().unwrap();
    assert_eq!(p.phase(Colour::White), Phase::Sliding);
    assert!("W.W...../.B.B.B.W b 0 0 - six-mens-morris flying".parse::<Position>().is_ok());
    // the joins of the squares are edges but no mills: d5... c5-c4 (1-9)
    // is a slide, and no line of three runs across it
    let r: Position = ".W....B./.WB.B... w 3 3 - six-mens-morris".parse().unwrap();
    assert!(r.legal_moves().contains(&Move::Place(Point::new(0))));
    assert!(r.legal_moves().iter().all(|m| !r.closes_mill(*m)));
}

#[test]
fn twelve_mens_morris_full_board_is_a_draw_and_diagonals_are_mills() {
    let rules = Rules::new(Variant::TwelveMensMorris);
    // a diagonal mill: a7-b6-c5
    let mut p = Position::from_parts(
        rules,
        [points(&["a7", "b6"]), points(&["g1", "d1"])],
        [10, 10],
        Colour::White,
        false,
        0,
    )
    .unwrap();
    p.play(mv("c5")).unwrap();
    assert!(p.pending_removal());
    // fill the board at random until the 24th placement ends it
    let mut rng = StdRng::seed_from_u64(3);
    let mut full = 0;
    for _ in 0..2000 {
        let mut pts: Vec<usize> = (0..24).collect();
        for i in 0..23 {
            let j = rng.gen_range(i..24);
            pts.swap(i, j);
        }
        let white: Bitboard = pts[..12].iter().map(|&i| Point::new(i)).collect();
        let black: Bitboard = pts[12..23].iter().map(|&i| Point::new(i)).collect();
        let Ok(mut q) = Position::from_parts(rules, [white, black], [0, 1], Colour::Black, false, 0) else {
            continue;
        };
        let last = Move::Place(Point::new(pts[23]));
        if q.closes_mill(last) {
            continue;
        }
        q.play(last).unwrap();
        assert_eq!(q.ending(), Some(Ending::FullBoard));
        assert_eq!(q.outcome(), Some(Outcome::Draw));
        assert_eq!(q.winner(), None);
        full += 1;
    }
    assert!(full > 100);
}

#[test]
fn lasker_morris_may_place_or_slide() {
    let rules = Rules::new(Variant::LaskerMorris);
    assert_eq!(Position::start(rules).in_hand(Colour::White), 10);
    let p = Position::from_parts(
        rules,
        [points(&["a7", "d6"]), points(&["g1", "d1"])],
        [8, 8],
        Colour::White,
        false,
        0,
    )
    .unwrap();
    // 20 empty points, a7 slides to d7 or a4, d6 to d7, b6, f6, d5
    assert_eq!(p.legal_moves().len(), 20 + 2 + 4);
    let mut q = p;
    q.play(mv("d6-d5")).unwrap();
    assert_eq!(q.in_hand(Colour::White), 8);
    assert_eq!(q.side_to_move(), Colour::Black);
    // hands need not match in Lasker Morris
    assert!(Position::from_parts(rules, [points(&["a7"]), points(&["g1"])], [9, 5], Colour::White, false, 0)
        .is_ok());
}

#[test]
fn illegal_plies_are_refused_with_a_reason() {
    let p = pos(&["a7", "b2", "d7", "g4"], &["b6", "c5", "e3"], [0, 0], Colour::White);
    let err = |m: &str| p.check(mv(m)).unwrap_err();
    assert_eq!(err("a7-a1"), IllegalReason::NotAdjacent);
    assert_eq!(err("b6-a4"), IllegalReason::NotYourPiece);
    assert_eq!(err("a7-d7"), IllegalReason::Occupied);
    assert_eq!(err("a7-a7"), IllegalReason::SamePoint);
    assert_eq!(err("g1"), IllegalReason::EmptyHand);
    assert_eq!(err("xb6"), IllegalReason::NoRemoval);
    let mut q = p;
    assert!(q.play(mv("a7-a1")).is_err());
    assert_eq!(q, p);
    let six = Position::start(Rules::new(Variant::SixMensMorris));
    assert_eq!(six.check(Move::Place(Point::new(16))), Err(IllegalReason::OffBoard));
}

/// Review D5: a Six Men's Morris move is read with that board's point
/// names, not the 24-point board's.
#[test]
fn six_mens_morris_moves_use_its_own_point_names() {
    let six = Position::start(Rules::new(Variant::SixMensMorris));
    // e5 is point 2 of the six men's board, point 18 of the 24-point one
    assert_eq!(six.parse_move("e5"), Ok(Move::Place(Point::new(2))));
    assert_eq!(Position::default().parse_move("e5"), Ok(Move::Place(Point::new(18))));
    assert_eq!(six.move_text(Move::Place(Point::new(2))), "e5");
    // a5 is only on the six men's board
    assert_eq!(six.parse_move("xa5"), Ok(Move::Remove(Point::new(0))));
    assert!(Position::default().parse_move("a5").is_err());
    // g7 is point 2 of the 24-point board, no point of the six men's
    assert!(six.parse_move("g7").is_err());
    let mut p = six;
    p.play(six.parse_move("c4").unwrap()).unwrap();
    assert_eq!(p.to_string(), "......../.W...... b 5 6 - six-mens-morris");
}

/// A ply and its removal read as one line, checked in turn (the rule that
/// used to live in the command-line program).
#[test]
fn a_ply_and_its_removal_in_one_line() {
    let p = pos(&["a7", "b2", "d7", "g4"], &["b6", "c5", "e3"], [0, 0], Colour::White);
    assert_eq!(p.parse_plies("g4-g7xb6").unwrap(), [mv("g4-g7"), mv("xb6")]);
    assert_eq!(p.parse_plies("g4-g7").unwrap(), [mv("g4-g7")]);
    let err = |t: &str| p.parse_plies(t).unwrap_err();
    assert_eq!(err("b2-b4xb6"), ParseMoveError::NothingToRemove("b2-b4".into()));
    assert!(matches!(err("a7-a1xb6"), ParseMoveError::Illegal(e) if e.reason == IllegalReason::NotAdjacent));
    assert!(
        matches!(err("g4-g7xa7"), ParseMoveError::Illegal(e) if e.reason == IllegalReason::NotOpponentPiece)
    );
    assert!(matches!(err("xb6"), ParseMoveError::Illegal(e) if e.reason == IllegalReason::NoRemoval));
    assert!(matches!(p.parse_move("g4-g7xb6"), Err(ParseMoveError::TwoPlies(_))));
}

#[test]
fn a_ply_blocks_a_mill_exactly_where_it_lands_on_a_mill_point_of_the_opponent() {
    // mill_completions against blocks_mill, ply by ply, on random games;
    // and against the lines themselves: exactly the points not holding
    // the side's piece that complete a line of two of its pieces.
    let mut rng = StdRng::seed_from_u64(50);
    let (mut blocks, mut taken) = (0, 0);
    for _ in 0..200 {
        let pos = lapilli_conformance::random_playout(&Position::default(), rng.gen_range(0..60), &mut rng);
        for colour in [Colour::White, Colour::Black] {
            let points = pos.mill_completions(colour);
            let own = pos.pieces(colour);
            let mut expected = Bitboard::EMPTY;
            for line in morris::MILLS {
                let line = line.map(Point::new);
                let free: Vec<Point> = line.iter().copied().filter(|&p| !own.contains(p)).collect();
                if let [third] = free[..] {
                    expected = expected.with(third);
                }
            }
            assert_eq!(points, expected, "{pos}: {colour:?}");
            taken += (points.0 & pos.pieces(colour.opponent()).0).count_ones();
        }
        let points = pos.mill_completions(pos.side_to_move().opponent());
        for m in pos.legal_moves() {
            if let Move::Place(to) | Move::Slide { to, .. } = m {
                assert_eq!(points.contains(to), pos.blocks_mill(m), "{pos}: {m:?}");
                blocks += usize::from(pos.blocks_mill(m));
            }
        }
    }
    assert!(
        blocks > 100 && taken > 20,
        "{blocks} blocking plies, {taken} mill points taken by the other side"
    );
}

/// How the game stands by the rules, from the public view alone (seed
/// 001): the side to move loses with fewer than three pieces on the board
/// and in hand, or when it slides and no piece of its has an empty
/// neighbour; a full board ends the game (a draw where the variant says
/// so). A pending removal is never an ending.
fn outcome_by_the_rules(pos: &Position) -> Option<Outcome> {
    let me = pos.side_to_move();
    if pos.pending_removal() {
        return None;
    }
    if pos.on_board(me) + pos.in_hand(me) <= 2 {
        return Some(Outcome::Loss);
    }
    if pos.empty().is_empty() {
        return Some(if pos.variant().full_board_draws() { Outcome::Draw } else { Outcome::Loss });
    }
    if pos.in_hand(me) > 0 || (pos.rules().flying && pos.on_board(me) == 3) {
        return None;
    }
    let board = pos.variant().board();
    let moves = pos.pieces(me).iter().any(|p| !(board.neighbours(p) & pos.empty()).is_empty());
    (!moves).then_some(Outcome::Loss)
}

#[test]
fn the_ending_agrees_with_the_rules_through_random_games_to_their_end() {
    // Random games of every variant, with flying and without, played to
    // the end: every position's outcome against the rules read off the
    // public view; reductions, blockades and flying sides are all met.
    let mut rng = StdRng::seed_from_u64(59);
    let (mut reductions, mut blockades, mut flying) = (0, 0, 0);
    for variant in Variant::ALL {
        let given = Rules::new(variant);
        for rules in [given, Rules { flying: !given.flying, ..given }] {
            for _ in 0..100 {
                let mut pos = Position::start(rules);
                for _ in 0..400 {
                    assert_eq!(pos.outcome(), outcome_by_the_rules(&pos), "{pos}");
                    flying += usize::from(pos.phase(pos.side_to_move()) == Phase::Flying);
                    match CheckedGame::ending(&pos) {
                        Some(Ending::Reduction) => reductions += 1,
                        Some(Ending::Blocked) if !pos.empty().is_empty() => blockades += 1,
                        _ => {}
                    }
                    if pos.outcome().is_some() {
                        break;
                    }
                    let moves = pos.legal_moves();
                    pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
    }
    assert!(reductions > 100 && blockades > 20 && flying > 100, "{reductions} {blockades} {flying}");
}

#[test]
fn a_side_reduced_with_pieces_in_hand_has_lost_and_no_key_finds_a_ply() {
    // Black (to move) with 1 in hand and 1 or 2 on the board, 2 in hand
    // and 0 or 1, in Nine Men's Morris and in Lasker Morris (where a side
    // with pieces in hand may also slide): the ply keys (placements
    // below 32, slides and flights below 640) find a ply exactly when the
    // game goes on, though b6 is empty-neighboured and the board has
    // room.
    let white = ["a7", "d7", "a1", "g1", "d1", "g4"];
    let cases = [(&["b6"][..], 1, true), (&["b6", "d6"], 1, false), (&[], 2, true), (&["b6"], 2, false)];
    for variant in [Variant::NineMensMorris, Variant::LaskerMorris] {
        for (black, hand, over) in cases {
            let pieces = [points(&white), points(black)];
            let pos =
                Position::from_parts(Rules::new(variant), pieces, [hand - 1, hand], Colour::Black, false, 0)
                    .unwrap();
            assert_eq!(pos.outcome(), over.then_some(Outcome::Loss), "{pos}");
            assert_eq!(pos.outcome(), outcome_by_the_rules(&pos), "{pos}");
            let found = (0..640).filter(|&k| Game::move_with_key(&pos, k).is_some()).count();
            assert_eq!(found == 0, over, "{pos}: {found} plies found by key");
        }
    }
}

#[test]
fn the_removals_after_a_ply_are_those_the_ply_leaves_pending() {
    // For each placement or slide, the set found without playing it
    // equals the removable set once played (empty when the ply sets no
    // removal pending): on random games of every variant, and on set-ups
    // they rarely reach, where every black piece stands in a mill (any
    // may be taken) or Black has none on the board (a mill takes nothing).
    let mut rng = StdRng::seed_from_u64(61);
    let mut positions: Vec<Position> = Variant::ALL
        .into_iter()
        .flat_map(|v| std::iter::repeat_n(Position::start(Rules::new(v)), 60))
        .map(|start| lapilli_conformance::random_playout(&start, rng.gen_range(0..80), &mut rng))
        .collect();
    for text in ["WW..BBB./......../........ w 5 5 -", "WW....../......../........ w 5 5 -"] {
        positions.push(text.parse().unwrap());
    }
    let (mut owing, mut all_in_mills) = (0, 0);
    for pos in positions {
        for m in pos.legal_moves().into_iter().filter(|m| !matches!(m, Move::Remove(_))) {
            let mut after = pos;
            after.play_unchecked(m);
            assert_eq!(pos.removals_after(m), after.removable(), "{pos}: {m:?}");
            assert_eq!(after.pending_removal(), !after.removable().is_empty(), "{pos}: {m:?}");
            owing += usize::from(after.pending_removal());
            let opponent = after.side_to_move().opponent();
            let in_mills = after.pieces(opponent).iter().all(|p| after.in_mill(opponent, p));
            all_in_mills += usize::from(after.pending_removal() && in_mills);
        }
    }
    assert!(
        owing > 100 && all_in_mills > 0,
        "{owing} plies owe a removal, {all_in_mills} with every piece in a mill"
    );
}
