//! Sanmill's FEN: the text its engines print, read back, compared with
//! lapilli's positions, converted between the dialects' point ids, and
//! never a panic whatever the text. Its typed errors, when wrong, are in
//! `sanmill_fen_errors.rs`.

use lapilli_board_graph::{Colour, Point};
use lapilli_game::CheckedGame;
use lapilli_morris::sanmill_fen::{
    Dialect, SanmillAction, SanmillFen, SanmillFenError, SanmillPhase, FEN_POINTS,
};
use lapilli_morris::{Ending, Phase, Position, Rules, Variant};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

mod sanmill_texts;
use sanmill_texts::{with_field, with_point, THREEFOLD_VECTOR, VECTORS};

const GAME_OVER_LINE: &str = "game over: Sanmill's game is over, lapilli's goes on";

#[test]
fn captured_vectors_match_the_positions_lapilli_reaches() {
    for v in &VECTORS {
        let (moves, pos) = v.play();
        let ctx = format!("{} ({moves})", v.what);
        for (text, dialect) in [(v.cpp, Dialect::Squares), (v.rust, Dialect::Nodes)] {
            let fen: SanmillFen = text.parse().unwrap_or_else(|e| panic!("{ctx}: {text}: {e}"));
            assert_eq!(fen.to_string(), text, "{ctx}");
            assert_eq!(fen.dialect(), dialect, "{ctx}");
            for c in Colour::BOTH {
                assert_eq!(fen.pieces(c), pos.pieces(c), "{ctx}");
                assert_eq!(fen.in_hand(c), pos.in_hand(c), "{ctx}");
            }
            assert_eq!(fen.no_progress_count(), pos.no_progress_count(), "{ctx}");
            let sanmill_draw = v.draw_in == Some(dialect);
            let expected: &[&str] = if sanmill_draw { &[GAME_OVER_LINE] } else { &[] };
            assert_eq!(fen.differences(&pos), expected, "{ctx}: {text}");
            match fen.to_position(Rules::default()) {
                Ok(back) => {
                    assert!(!sanmill_draw, "{ctx}");
                    assert_eq!(back, pos, "{ctx}");
                    assert_eq!(back.no_progress_count(), pos.no_progress_count(), "{ctx}");
                }
                Err(e) => assert!(sanmill_draw && e == SanmillFenError::NoEnding, "{ctx}: {e}"),
            }
            // lapilli writes the C++ engine's text, and the Rust engine's
            // while the game goes on, except for Sanmill's draws.
            let ours = SanmillFen::of_position(&pos)
                .unwrap()
                .with_dialect(dialect)
                .with_move_number(fen.move_number());
            if (dialect == Dialect::Squares || !fen.is_game_over()) && !sanmill_draw {
                assert_eq!(ours.to_string(), text, "{ctx}");
            }
        }
    }
}

#[test]
fn captured_vectors_show_the_phases() {
    let fen = |i: usize| VECTORS[i].cpp.parse::<SanmillFen>().unwrap();
    let pos = |i: usize| VECTORS[i].play().1;
    // a removal after a placement
    assert_eq!(
        (fen(2).phase(), fen(2).action(), fen(2).owed(Colour::White)),
        (SanmillPhase::Placing, SanmillAction::Remove, 1)
    );
    assert!(pos(2).pending_removal());
    // Black's last placement closed a mill: still placing, both hands empty
    assert_eq!((fen(4).phase(), fen(4).action()), (SanmillPhase::Placing, SanmillAction::Remove));
    assert_eq!((pos(4).in_hand(Colour::White), pos(4).in_hand(Colour::Black)), (0, 0));
    // a removal after a slide
    assert_eq!(
        (fen(6).phase(), fen(6).action(), fen(6).owed(Colour::Black)),
        (SanmillPhase::Moving, SanmillAction::Remove, 1)
    );
    // flying
    assert_eq!(pos(7).phase(Colour::Black), Phase::Flying);
    assert_eq!(pos(7).on_board(Colour::Black), 3);
    // the ends: the C++ engine leaves the remover to move, lapilli the loser
    assert_eq!(pos(8).ending(), Some(Ending::Reduction));
    assert_eq!((pos(8).side_to_move(), fen(8).side_to_move()), (Colour::Black, Colour::White));
    assert!(fen(8).is_game_over());
    assert_eq!(pos(9).ending(), Some(Ending::Blocked));
    assert_eq!((pos(9).side_to_move(), fen(9).side_to_move()), (Colour::White, Colour::White));
    // the C++ engine does not end the game on a threefold repetition
    assert!(!fen(THREEFOLD_VECTOR).is_game_over());
    assert!(VECTORS[THREEFOLD_VECTOR].rust.parse::<SanmillFen>().unwrap().is_game_over());
    // the 100th ply without progress closes a mill: both counters say 100
    assert_eq!((fen(11).no_progress_count(), pos(11).no_progress_count()), (100, 100));
    assert!(pos(11).pending_removal());
    // after the removal the C++ engine's game is over, lapilli's goes on
    assert!(fen(12).is_game_over() && pos(12).ending().is_none());
    assert_eq!((fen(12).side_to_move(), fen(12).action()), (Colour::Black, SanmillAction::Select));
}

#[test]
fn engine_lines() {
    let cpp = SanmillFen::from_engine_line(&format!("Fen: {}", VECTORS[1].cpp)).unwrap().unwrap();
    let rust = SanmillFen::from_engine_line(&format!("fen {}\n", VECTORS[1].rust)).unwrap().unwrap();
    assert_eq!(cpp.with_dialect(Dialect::Nodes), rust);
    assert!(SanmillFen::from_engine_line("Key: 000000003BA83277").is_none());
    assert!(SanmillFen::from_engine_line("info string illegal move ignored: a1-a4").is_none());
    assert!(matches!(
        SanmillFen::from_engine_line("fen x"),
        Some(Err(SanmillFenError::FieldCount { found: 1, .. }))
    ));
}

/// Every position of `games` random games under `rules`, seeded.
fn random_positions(seed: u64, games: usize, rules: Rules) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(rules);
        loop {
            out.push(pos);
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.no_progress_count() >= 100 {
                break;
            }
            pos.play(moves[rng.gen_range(0..moves.len())]).unwrap();
        }
    }
    out
}

#[test]
fn positions_of_random_games_round_trip() {
    let mut seen = [0usize; 4];
    for (seed, rules) in [(1, Rules::default()), (2, Rules::default().no_flying())] {
        for pos in random_positions(seed, 150, rules) {
            let fen = SanmillFen::of_position(&pos).unwrap();
            for dialect in [Dialect::Squares, Dialect::Nodes] {
                let fen = fen.clone().with_dialect(dialect);
                let text = fen.to_string();
                let back: SanmillFen = text.parse().unwrap_or_else(|e| panic!("{pos}: {text}: {e}"));
                assert_eq!(back, fen, "{text}");
                assert_eq!(back.to_string(), text);
                assert!(back.differences(&pos).is_empty(), "{pos}: {text}: {:?}", back.differences(&pos));
                let again = back.to_position(rules).unwrap_or_else(|e| panic!("{pos}: {text}: {e}"));
                assert_eq!(again, pos, "{text}");
                assert_eq!(again.no_progress_count(), pos.no_progress_count());
            }
            seen[0] += 1;
            seen[1] += usize::from(pos.pending_removal());
            seen[2] += usize::from(fen.is_game_over());
            seen[3] += usize::from(pos.pending_removal() && fen.phase() == SanmillPhase::Placing);
        }
    }
    let [all, pending, over, placing_removal] = seen;
    assert!(all > 30_000 && pending > 1_000 && over > 100 && placing_removal > 300, "{seen:?}");
}

fn diffs(text: &str, pos: &Position) -> Vec<String> {
    text.parse::<SanmillFen>().unwrap_or_else(|e| panic!("{text}: {e}")).differences(pos)
}

#[test]
fn differences_find_a_single_change() {
    for v in [&VECTORS[5], &VECTORS[2]] {
        let (_, pos) = v.play();
        for text in [v.cpp, v.rust] {
            for (i, name) in FEN_POINTS.iter().enumerate() {
                let p = (0..24)
                    .map(Point::new)
                    .find(|p| pos.variant().point_names()[p.index()] == *name)
                    .unwrap();
                let (symbol, theirs) = match pos.piece_at(p) {
                    None => ('O', "White"),
                    Some(_) => ('*', "empty"),
                };
                let ours = match pos.piece_at(p) {
                    None => "empty",
                    Some(Colour::White) => "White",
                    Some(Colour::Black) => "Black",
                };
                assert_eq!(
                    diffs(&with_point(text, i, symbol), &pos),
                    [format!("{name}: Sanmill has {theirs}, lapilli has {ours}")]
                );
            }
            let side = pos.side_to_move();
            let owed = pos.pending_removal();
            let hand = pos.in_hand(Colour::Black);
            assert_eq!(
                diffs(&with_field(text, 7, &(hand + 1).to_string()), &pos),
                [format!("Black's pieces in hand: Sanmill has {}, lapilli has {hand}", hand + 1)]
            );
            // the pending removal, on or off
            let name = if side == Colour::White { "White" } else { "Black" };
            let (action, count, theirs, ours) = if owed { ("p", "0", 0, 1) } else { ("r", "1", 1, 0) };
            let field = 8 + side.index();
            let changed = with_field(&with_field(text, 3, action), field, count);
            assert_eq!(
                diffs(&changed, &pos),
                [format!("{name}'s pending removals: Sanmill has {theirs}, lapilli has {ours}")],
                "{changed}"
            );
            // Sanmill's game over while lapilli's goes on; side and
            // removals then are not compared
            let over = with_field(&with_field(text, 2, "o"), 1, &side.opponent().char().to_string());
            assert_eq!(diffs(&over, &pos), [GAME_OVER_LINE]);
            // the counters are ignored
            let counters = with_field(&with_field(text, 15, "77"), 16, "99");
            assert_eq!(diffs(&counters, &pos), Vec::<String>::new());
        }
    }
    // the side to move: Black to move, no removal pending
    let (_, moving) = VECTORS[5].play();
    assert_eq!(
        diffs(&with_field(VECTORS[5].cpp, 1, "w"), &moving),
        ["side to move: Sanmill has White, lapilli has Black"]
    );
    // White to move with a removal pending: Sanmill's count stays White's,
    // and its action r gives Black, now to move, a removal too
    let (_, pending) = VECTORS[2].play();
    assert_eq!(
        diffs(&with_field(VECTORS[2].rust, 1, "b"), &pending),
        [
            "side to move: Sanmill has Black, lapilli has White",
            "Black's pending removals: Sanmill has 1, lapilli has 0"
        ]
    );
    // lapilli's game is over while Sanmill's goes on
    let (_, blocked) = VECTORS[9].play();
    let going_on = with_field(VECTORS[9].cpp, 2, "m");
    assert_eq!(
        diffs(&going_on, &blocked),
        ["game over: lapilli's game is over (the side to move cannot move), Sanmill's goes on"]
    );
    // another variant
    let six = Position::start(Rules::new(Variant::SixMensMorris));
    assert_eq!(
        diffs(VECTORS[0].cpp, &six),
        ["rules: lapilli plays six-mens-morris, Sanmill's FEN is for nine-mens-morris"]
    );
    let twelve = Position::start(Rules::new(Variant::TwelveMensMorris));
    assert_eq!(
        diffs(VECTORS[0].cpp, &twelve),
        [
            "rules: lapilli plays twelve-mens-morris, Sanmill's FEN is for nine-mens-morris",
            "White's pieces in hand: Sanmill has 9, lapilli has 12",
            "Black's pieces in hand: Sanmill has 9, lapilli has 12",
        ]
    );
}

#[test]
fn dialects_convert_the_point_ids() {
    // White's last mill slid c5-d5 and formed c5 d5 e5; Black formed a
    // mill with d7; extensions of rules lapilli does not have.
    let squares =
        "OO*****O/********/@******* b m s 3 0 1 0 0 0 15 8 0 0 144036040015872 5 30 c:w-1-9.15|b-0- p:21 s:1";
    let nodes =
        "OO*****O/********/@******* b m s 3 0 1 0 0 0 7 0 -1 -1 562640781312 5 30 ids:nodes c:w-1-1.7|b-0- p:13 s:1";
    let a: SanmillFen = squares.parse().unwrap();
    let b: SanmillFen = nodes.parse().unwrap();
    assert_eq!(a.to_string(), squares);
    assert_eq!(b.to_string(), nodes);
    assert_eq!(a.clone().with_dialect(Dialect::Nodes), b);
    assert_eq!(b.clone().with_dialect(Dialect::Squares).to_string(), squares);
    let names = Variant::NineMensMorris.point_names();
    let name = |p: Option<Point>| p.map(|p| names[p.index()]);
    assert_eq!(a.last_mill(Colour::White).map(name), [Some("c5"), Some("d5")]);
    assert_eq!(a.last_mill(Colour::Black), [None, None]);
    let formed: Vec<&str> = a.formed_mills(Colour::White).iter().map(|p| names[p.index()]).collect();
    assert_eq!(formed, ["c5", "d5", "e5"]);
    assert_eq!(a.formed_mills(Colour::Black).iter().map(|p| names[p.index()]).collect::<Vec<_>>(), ["d7"]);
    assert_eq!((a.no_progress_count(), a.move_number()), (5, 30));
    // capture state is no lapilli position
    assert!(
        matches!(a.to_position(Rules::default()), Err(SanmillFenError::CaptureState(ref s)) if s == "c:w-1-9.15|b-0-")
    );
    assert!(
        matches!(b.to_position(Rules::default()), Err(SanmillFenError::CaptureState(ref s)) if s == "c:w-1-1.7|b-0-")
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary text never panics the parser.
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,120}") {
        let _ = text.parse::<SanmillFen>();
    }

    /// FENs with a few characters changed never panic; what parses prints
    /// back to text that parses to the same FEN, and converts to a position
    /// or a typed error.
    #[test]
    fn mutated_fens_never_panic(
        which in 0..VECTORS.len() * 2,
        edits in proptest::collection::vec((0usize..200, "[-0-9a-zO@*X/ :|.]"), 1..4),
    ) {
        let v = &VECTORS[which / 2];
        let mut chars: Vec<char> = if which % 2 == 0 { v.cpp } else { v.rust }.chars().collect();
        for (at, with) in edits {
            let at = at % chars.len();
            chars[at] = with.chars().next().unwrap();
        }
        let text: String = chars.into_iter().collect();
        if let Ok(fen) = text.parse::<SanmillFen>() {
            let printed = fen.to_string();
            prop_assert_eq!(printed.parse::<SanmillFen>(), Ok(fen.clone()));
            if let Ok(pos) = fen.to_position(Rules::default()) {
                prop_assert!(fen.differences(&pos).is_empty(), "{} {:?}", text, fen.differences(&pos));
            }
        }
    }
}
