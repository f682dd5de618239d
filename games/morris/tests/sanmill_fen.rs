//! Sanmill's FEN: the text its engines print, read back, compared with
//! lapilli's positions, and refused with typed errors when wrong.

use lapilli_board_graph::{Colour, Point};
use lapilli_game::CheckedGame;
use lapilli_morris::sanmill_fen::{
    Dialect, Field, Ring, SanmillAction, SanmillFen, SanmillFenError, SanmillPhase, FEN_POINTS,
};
use lapilli_morris::{Ending, Phase, Position, PositionError, Rules, Variant};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A game of a match between lapilli and Sanmill: Black blocks White at
/// the last ply.
const BLOCKED_GAME: &str = "d1 c4 e5 d6 e3 e4 d3 d2 c3 xd2 d2 d5 f6 b6 b4 a4 g4 f4 f2 d1-a1 b4-b2 xf4 a4-b4 \
     f2-f4 xa1 b4-a4 f4-f2 xb6 a4-b4 f2-f4 xb4 d5-c5 d6-d5";
/// A game White wins by reducing Black to two pieces; Black flies from
/// `e5-a4` on.
const REDUCTION_GAME: &str = "b6 d5 a4 e3 b4 c4 b2 xc4 c4 e5 d6 d7 f4 a7 g7 a1 xg7 g7 g1 f2 e5-e4 d6-f6 xg1 \
     b6-d6 e3-d3 a1-d1 f2-d2 d6-b6 xf4 g7-g4 e4-f4 d3-c3 d1-a1 xc4 c3-c4 a1-d1 f6-d6 a4-a1 c4-c5 b4-a4 xc5 \
     d5-e5 a4-b4 xg4 e5-a4 f4-g4 a4-g7 b4-a4 xg7";
/// A game that repeats a position a third time at its last ply.
const THREEFOLD_GAME: &str = "e4 a1 d6 d5 f4 g4 f6 f2 b6 xg4 g4 d2 b4 a4 d3 g7 d7 c5 d1 c5-c4 d3-c3 e4-e5 \
     c3-d3 e5-e4 d3-e3 c4-c3 e3-d3 c3-c4";

/// A random game whose 100th ply without a placement or removal closes
/// a mill (White's `g1-g4`): the C++ engine declares its N-move draw at
/// the removal that follows; lapilli and the Rust engine play on.
const NO_PROGRESS_GAME: &str = "a7 d2 d7 e5 e3 c5 d3 f6 g7 xd2 f4 b2 g4 d1 \
     e4 xb2 d6 b6 f2 g1 d3-d2 b6-b4 d6-b6 f6-d6 e3-d3 xb4 c5-d5 d3-e3 \
     d6-f6 d2-b2 f6-d6 e3-d3 f4-f6 a7-a4 g4-f4 a4-a1 d5-c5 b2-d2 xg1 c5-c4 d3-c3 c4-b4 \
     d2-d3 e5-d5 a1-a4 d5-c5 f2-d2 xc5 f4-f2 g7-g4 e4-e3 d2-b2 d6-d5 d1-a1 d5-d6 d7-g7 \
     d6-d7 d3-d2 f6-d6 g4-g1 d6-d5 g1-d1 d5-d6 d2-d3 f2-d2 g7-g4 d6-f6 d1-g1 d2-d1 d3-d2 \
     d7-a7 g4-g7 a7-d7 d2-d3 d1-d2 g1-d1 d7-a7 b6-d6 e3-e4 d6-d7 b4-c4 d3-e3 d2-d3 a4-b4 \
     e4-f4 b4-b6 f4-f2 b6-d6 f6-f4 e3-e4 f4-g4 a1-a4 c4-c5 e4-e5 c5-d5 b2-b4 d5-c5 d6-f6 \
     f2-d2 b4-c4 g4-f4 c4-b4 c5-d5 b4-c4 d5-d6 c4-c5 f4-g4 d1-g1 d6-d5 d7-d6 d2-f2 a4-b4 \
     d3-e3 c3-d3 a7-a4 b4-c4 a4-a1 f6-f4 a1-a4 e5-e4 f2-d2 c4-b4 d2-f2 d6-f6 a4-a7 d3-d2 \
     d5-e5 c5-c4 e5-d5 b4-a4 d5-c5 g7-d7 g4-g7 e4-e5 e3-d3 d7-d6 c5-d5 e5-e4 d3-e3 a4-b4 \
     a7-d7 d2-d3 d5-e5 b4-a4 g7-g4 c4-b4 g4-g7 g1-g4 xe3";

/// What Sanmill's engines printed after `position startpos moves <moves>`:
/// the C++ engine's `Fen:` line of `d` and the Rust engine's `fen` answer.
struct Vector {
    what: &'static str,
    /// The moves: a prefix of `game` of `plies` plies (all of it if `None`).
    game: &'static str,
    plies: Option<usize>,
    /// The engine whose FEN ends the game by a draw rule where lapilli's
    /// position goes on.
    draw_in: Option<Dialect>,
    cpp: &'static str,
    rust: &'static str,
}

const VECTORS: [Vector; 13] = [
    Vector {
        what: "the start",
        game: "",
        plies: None,
        draw_in: None,
        cpp: "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1",
        rust: "********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes",
    },
    Vector {
        what: "three placements",
        game: "d6 d5 f4",
        plies: None,
        draw_in: None,
        cpp: "@*******/O*O*****/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0 2",
        rust: "@*******/O*O*****/******** b p p 2 7 1 8 0 0 -1 -1 -1 -1 0 0 2 ids:nodes",
    },
    Vector {
        what: "a removal pending after a placement",
        game: "a7 b6 d7 d6 g7",
        plies: None,
        draw_in: None,
        cpp: "********/@******@/OO*****O w p r 3 6 2 7 1 0 0 0 0 0 0 0 3",
        rust: "********/@******@/OO*****O w p r 3 6 2 7 1 0 -1 -1 -1 -1 0 0 3 ids:nodes",
    },
    Vector {
        what: "the removal made",
        game: "a7 b6 d7 d6 g7 xb6",
        plies: None,
        draw_in: None,
        cpp: "********/@*******/OO*****O b p p 3 6 1 7 0 0 0 0 0 0 0 0 3",
        rust: "********/@*******/OO*****O b p p 3 6 1 7 0 0 -1 -1 -1 -1 0 0 3 ids:nodes",
    },
    Vector {
        what: "Black's last placement closes a mill (phase p, both hands empty)",
        game: "g4 f4 a4 b6 e5 c3 f6 g1 e4 a1 e3 xb6 a7 b6 c5 f2 b4 b2 c4",
        plies: None,
        draw_in: None,
        cpp: "*OOO*@@@/*O@O*O@O/**O@*@O@ b p r 9 0 8 0 0 1 0 0 0 0 0 0 10",
        rust: "*OOO*@@@/*O@O*O@O/**O@*@O@ b p r 9 0 8 0 0 1 -1 -1 -1 -1 0 0 9 ids:nodes",
    },
    Vector {
        what: "the first slide",
        game: THREEFOLD_GAME,
        plies: Some(20),
        draw_in: None,
        cpp: "@*O*@*O*/OOO@O*@O/@O@*@@O* b m s 9 0 8 0 0 0 0 0 0 0 0 1 10",
        rust: "@*O*@*O*/OOO@O*@O/@O@*@@O* b m s 9 0 8 0 0 0 -1 -1 -1 -1 0 1 10 ids:nodes",
    },
    Vector {
        what: "a removal pending after a slide",
        game: REDUCTION_GAME,
        plies: Some(22),
        draw_in: None,
        cpp: "@*O@**@*/*@@@*OOO/O@*O*OOO b m r 9 0 7 0 0 1 0 0 0 0 0 2 11",
        rust: "@*O@**@*/*@@@*OOO/O@*O*OOO b m r 9 0 7 0 0 1 -1 -1 -1 -1 0 2 10 ids:nodes",
    },
    Vector {
        what: "Black has flown e5-a4",
        game: REDUCTION_GAME,
        plies: Some(45),
        draw_in: None,
        cpp: "********/@*O*@OOO/O***OO@O w m s 8 0 3 0 0 0 0 0 0 0 0 1 23",
        rust: "********/@*O*@OOO/O***OO@O w m s 8 0 3 0 0 0 -1 -1 -1 -1 0 1 20 ids:nodes",
    },
    Vector {
        what: "White has reduced Black to two pieces",
        game: REDUCTION_GAME,
        plies: None,
        draw_in: None,
        cpp: "********/@***@O*O/O*O*OOOO w o r 8 0 2 0 1 0 0 0 0 0 0 0 25",
        rust: "********/@***@O*O/O*O*OOOO w o r 8 0 2 0 0 0 -1 -1 -1 -1 0 0 21 ids:nodes",
    },
    Vector {
        what: "White cannot move",
        game: BLOCKED_GAME,
        plies: None,
        draw_in: None,
        cpp: "@O@OOO@O/*@@*@@**/**@***** w o s 5 0 8 0 0 0 0 0 0 0 0 2 17",
        rust: "@O@OOO@O/*@@*@@**/**@***** w o ? 5 0 8 0 0 0 -1 -1 -1 -1 0 2 15 ids:nodes",
    },
    Vector {
        what: "the third repetition (the Rust engine ends the game)",
        game: THREEFOLD_GAME,
        plies: None,
        draw_in: Some(Dialect::Nodes),
        cpp: "@*O*@*O*/OOO@O*@O/@O@*@@O* b m s 9 0 8 0 0 0 0 0 0 0 0 9 14",
        rust: "@*O*@*O*/OOO@O*@O/@O@*@@O* w o ? 9 0 8 0 0 0 -1 -1 -1 -1 0 9 14 ids:nodes",
    },
    Vector {
        what: "the 100th ply without progress closes a mill",
        game: NO_PROGRESS_GAME,
        plies: Some(148),
        draw_in: None,
        cpp: "*@O@O***/OOO@**O*/@@O***O* w m r 8 0 5 0 1 0 0 0 0 0 0 100 75",
        rust: "*@O@O***/OOO@**O*/@@O***O* w m r 8 0 5 0 1 0 -1 -1 -1 -1 0 100 72 ids:nodes",
    },
    Vector {
        what: "the removal after it (the C++ engine ends the game)",
        game: NO_PROGRESS_GAME,
        plies: None,
        draw_in: Some(Dialect::Squares),
        cpp: "*@O*O***/OOO@**O*/@@O***O* b o s 8 0 4 0 0 0 0 0 0 0 0 0 75",
        rust: "*@O*O***/OOO@**O*/@@O***O* b m s 8 0 4 0 0 0 -1 -1 -1 -1 0 0 72 ids:nodes",
    },
];

const THREEFOLD_VECTOR: usize = 10;
const GAME_OVER_LINE: &str = "game over: Sanmill's game is over, lapilli's goes on";

impl Vector {
    /// The moves and the position lapilli reaches with them.
    fn play(&self) -> (String, Position) {
        let all: Vec<&str> = self.game.split_whitespace().collect();
        let moves = &all[..self.plies.unwrap_or(all.len())];
        let mut pos = Position::default();
        for m in moves {
            pos.play(pos.parse_move(m).unwrap()).unwrap_or_else(|e| panic!("{}: {m}: {e}", self.what));
        }
        (moves.join(" "), pos)
    }
}

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

/// `text` with the FEN board point `i` (in [`FEN_POINTS`] order) set to
/// `symbol`, and the counts on the board fixed.
fn with_point(text: &str, i: usize, symbol: char) -> String {
    let mut fields: Vec<String> = text.split(' ').map(String::from).collect();
    let mut cells: Vec<char> = fields[0].chars().filter(|&c| c != '/').collect();
    cells[i] = symbol;
    let rings: Vec<String> = cells.chunks(8).map(|r| r.iter().collect()).collect();
    fields[0] = rings.join("/");
    fields[4] = cells.iter().filter(|&&c| c == 'O').count().to_string();
    fields[6] = cells.iter().filter(|&&c| c == '@').count().to_string();
    fields.join(" ")
}

/// `text` with field `n` (from 0) replaced.
fn with_field(text: &str, n: usize, value: &str) -> String {
    let mut fields: Vec<&str> = text.split(' ').collect();
    fields[n] = value;
    fields.join(" ")
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

fn parse(text: &str) -> Result<SanmillFen, SanmillFenError> {
    text.parse()
}

#[test]
fn malformed_fens_give_typed_errors() {
    let good = VECTORS[1].cpp; // @*******/O*O*****/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0 2
    assert!(matches!(parse(""), Err(SanmillFenError::FieldCount { found: 0, .. })));
    assert!(matches!(
        parse("@*******/O*O*****/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0"),
        Err(SanmillFenError::FieldCount { found: 16, .. })
    ));
    assert!(matches!(
        parse(&with_field(good, 0, "@*******/O*O*****")),
        Err(SanmillFenError::RingCount { found: 2, .. })
    ));
    assert!(matches!(
        parse(&with_field(good, 0, "@*******/O*O*****/********/********")),
        Err(SanmillFenError::RingCount { found: 4, .. })
    ));
    assert_eq!(
        parse(&with_field(good, 0, "@*******/O*O******/*******")),
        Err(SanmillFenError::RingLength { ring: Ring::Middle, found: 9 })
    );
    assert_eq!(
        parse(&with_field(good, 0, "@*******/O*O*****/*******")),
        Err(SanmillFenError::RingLength { ring: Ring::Outer, found: 7 })
    );
    assert_eq!(
        parse(&with_field(good, 0, "@*******/O*O*****/***.****")),
        Err(SanmillFenError::Symbol { point: "g1", found: '.' })
    );
    assert_eq!(
        parse(&with_field(good, 0, "W*******/O*O*****/********")),
        Err(SanmillFenError::Symbol { point: "d5", found: 'W' })
    );
    assert_eq!(parse(&with_field(good, 1, "x")), Err(SanmillFenError::Side("x".into())));
    assert_eq!(parse(&with_field(good, 1, "white")), Err(SanmillFenError::Side("white".into())));
    assert_eq!(parse(&with_field(good, 2, "q")), Err(SanmillFenError::Phase("q".into())));
    assert_eq!(parse(&with_field(good, 3, "x")), Err(SanmillFenError::Action("x".into())));
    // counts
    let number = |field| move |e: Result<SanmillFen, SanmillFenError>| matches!(e, Err(SanmillFenError::Number { field: f, .. }) if f == field);
    assert!(number(Field::OnBoard(Colour::White))(parse(&with_field(good, 4, "two"))));
    assert!(number(Field::OnBoard(Colour::White))(parse(&with_field(good, 4, "-2"))));
    assert!(number(Field::OnBoard(Colour::White))(parse(&with_field(good, 4, "25"))));
    assert!(number(Field::InHand(Colour::White))(parse(&with_field(good, 5, "13"))));
    assert!(number(Field::InHand(Colour::Black))(parse(&with_field(good, 7, "99999999999999999999999"))));
    assert!(number(Field::ToRemove(Colour::Black))(parse(&with_field(good, 9, "-25"))));
    assert!(number(Field::ToRemove(Colour::Black))(parse(&with_field(good, 9, "1.5"))));
    assert!(number(Field::NoProgress)(parse(&with_field(good, 15, "-1"))));
    assert!(number(Field::MoveNumber)(parse(&with_field(good, 16, "4294967296"))));
    assert!(number(Field::FormedMills)(parse(&with_field(good, 14, "18446744073709551615"))));
    assert_eq!(
        parse(&with_field(good, 4, "3")),
        Err(SanmillFenError::OnBoard { colour: Colour::White, count: 3, board: 2 })
    );
    assert_eq!(
        parse(&with_field(good, 6, "0")),
        Err(SanmillFenError::OnBoard { colour: Colour::Black, count: 0, board: 1 })
    );
    assert_eq!(
        parse(&with_field(good, 5, "11")),
        Err(SanmillFenError::TooManyPieces { colour: Colour::White, on_board: 2, in_hand: 11 })
    );
    // point ids of the dialect
    assert_eq!(
        parse(&with_field(good, 10, "7")),
        Err(SanmillFenError::PointId {
            field: Field::LastMillFrom(Colour::White),
            text: "7".into(),
            dialect: Dialect::Squares
        })
    );
    assert!(matches!(
        parse(&with_field(good, 13, "-1")),
        Err(SanmillFenError::PointId { dialect: Dialect::Squares, .. })
    ));
    let rust = VECTORS[1].rust;
    assert!(matches!(
        parse(&with_field(rust, 11, "24")),
        Err(SanmillFenError::PointId { dialect: Dialect::Nodes, .. })
    ));
    assert_eq!(
        parse(&with_field(rust, 12, "0")).unwrap().last_mill(Colour::Black),
        [Some(Point::new(17)), None]
    ); // d5
    assert!(matches!(parse(&with_field(good, 12, "32")), Err(SanmillFenError::PointId { .. })));
    // formed mills: bits 0..7 name no square; bits 24.. no node
    assert!(matches!(
        parse(&with_field(good, 14, "1")),
        Err(SanmillFenError::MillsMask { dialect: Dialect::Squares, .. })
    ));
    assert_eq!(
        parse(&with_field(good, 14, "256")).unwrap().formed_mills(Colour::Black),
        Point::new(17).bit()
    ); // d5
    assert!(matches!(
        parse(&with_field(rust, 14, "16777216")),
        Err(SanmillFenError::MillsMask { dialect: Dialect::Nodes, .. })
    ));
    assert_eq!(parse(&with_field(rust, 14, "1")).unwrap().formed_mills(Colour::Black), Point::new(17).bit()); // d5
                                                                                                              // extensions
    for ext in [
        "q:1",
        "nonsense",
        "s:3",
        "c:w-1-9",
        "c:b-0-|w-0-",
        "c:w-1-7|b-0-",
        "p:0",
        "s:1 ids:nodes",
        "s:1 p:9",
        "s:1 s:2",
    ] {
        let text = format!("{good} {ext}");
        assert!(
            matches!(parse(&text), Err(SanmillFenError::Extension(_) | SanmillFenError::PointId { .. })),
            "{text}"
        );
    }
    assert!(matches!(
        parse(&format!("{good} c:w-25-|b-0-")),
        Err(SanmillFenError::Number { field: Field::CaptureCount, .. })
    ));
    // the wrong dialect: a Rust FEN's -1 without the marker
    assert!(matches!(
        parse(rust.trim_end_matches(" ids:nodes")),
        Err(SanmillFenError::PointId { dialect: Dialect::Squares, .. })
    ));
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

#[test]
fn to_position_refuses_what_lapilli_cannot_express() {
    let start = VECTORS[0].cpp;
    let pending = VECTORS[2].cpp; // ********/@******@/OO*****O w p r 3 6 2 7 1 0 ...
    let rules = Rules::default();
    let to = |text: &str| parse(text).unwrap().to_position(rules);
    assert_eq!(
        parse(start).unwrap().to_position(Rules::new(Variant::SixMensMorris)),
        Err(SanmillFenError::Variant(Variant::SixMensMorris))
    );
    assert_eq!(
        SanmillFen::of_position(&Position::start(Rules::new(Variant::LaskerMorris))),
        Err(SanmillFenError::Variant(Variant::LaskerMorris))
    );
    // without flying the FEN is the same
    assert_eq!(to(start).unwrap(), Position::default());
    assert_eq!(
        parse(start).unwrap().to_position(rules.no_flying()).unwrap(),
        Position::start(rules.no_flying())
    );
    assert_eq!(to(&with_point(start, 3, 'X')), Err(SanmillFenError::Marked("e3")));
    assert_eq!(to(&with_field(pending, 8, "-1")), Err(SanmillFenError::RemoveOwn(Colour::White)));
    assert_eq!(
        to(&with_field(pending, 8, "2")),
        Err(SanmillFenError::Removals { colour: Colour::White, count: 2 })
    );
    assert_eq!(to(&with_field(pending, 9, "1")), Err(SanmillFenError::RemovalNotToMove(Colour::Black)));
    // the action alone marks the removal (Sanmill reads it so)
    let by_action = with_field(pending, 8, "0");
    assert_eq!(to(&by_action).unwrap(), VECTORS[2].play().1);
    // a count without the action contradicts the phase and action
    assert_eq!(
        to(&with_field(pending, 3, "p")),
        Err(SanmillFenError::PhaseAction { found: "p p".into(), expected: "p r".into() })
    );
    assert_eq!(
        to(&with_field(start, 2, "m")),
        Err(SanmillFenError::PhaseAction { found: "m p".into(), expected: "p p".into() })
    );
    assert_eq!(
        to(&with_field(start, 2, "r")),
        Err(SanmillFenError::PhaseAction { found: "r p".into(), expected: "p p".into() })
    );
    // a removal with no mill
    assert_eq!(
        to(&with_field(&with_field(&with_field(start, 3, "r"), 8, "1"), 5, "8")),
        Err(SanmillFenError::Position(PositionError::PendingWithoutMill(Colour::White)))
    );
    // hands alternate placement
    assert!(matches!(
        to(&with_field(start, 5, "8")),
        Err(SanmillFenError::Position(PositionError::HandCounts { .. }))
    ));
    // a finished game lapilli's position does not end
    assert_eq!(to(&with_field(start, 2, "o")), Err(SanmillFenError::NoEnding));
    assert_eq!(to(VECTORS[THREEFOLD_VECTOR].rust), Err(SanmillFenError::NoEnding));
    // the Rust engine's finished games: the loser is found from the pieces
    for i in [8, 9] {
        assert_eq!(to(VECTORS[i].rust).unwrap(), VECTORS[i].play().1, "{}", VECTORS[i].what);
    }
}

#[test]
fn error_messages_name_the_field() {
    let good = VECTORS[1].cpp;
    let msg = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        msg(&with_field(good, 5, "x")),
        "White's pieces in hand (field 6): \"x\" is not a whole number from 0 to 12"
    );
    assert_eq!(
        msg(&with_field(good, 6, "2")),
        "Black's pieces on the board (field 7): the count says 2, the board shows 1"
    );
    assert_eq!(
        msg(&with_field(good, 0, "@*******/O*O*****/*******")),
        "the outer (third) ring of the board has 7 points; a ring has 8"
    );
    assert_eq!(
        msg(&with_field(good, 11, "40")),
        "White's last mill, to (field 12): \"40\" is not a square id 8..=31, or 0 for none"
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
