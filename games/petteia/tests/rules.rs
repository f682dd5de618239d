//! The rules: the cases reported against other custodian-capture programs,
//! captures, end conditions, draws, and the crate against an independent
//! plain implementation (perft and side-by-side random games).

mod naive;

use lapilli_board_graph::grid::GridError;
use lapilli_game::{perft, Adjudication, CheckedGame, Game, GameRecord, Outcome, RecordError};
use lapilli_petteia::{Colour, Ending, IllegalReason, MoveError, Position, Rules, Setup, Square, Variant};
use lapilli_symmetry::{MapMove, Symmetric};
use naive::Naive;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// A position from piece lists: `M`/`D`/`m`/`d` then squares, e.g.
/// `place(&[("M", "b4 d1"), ("m", "c4")], 'w')`.
fn place(pieces: &[(&str, &str)], side: char) -> Position {
    let mut board = vec![vec!['.'; 8]; 8];
    for (kind, squares) in pieces {
        for sq in squares.split_whitespace() {
            let b = sq.as_bytes();
            let (f, r) = ((b[0] - b'a') as usize, sq[1..].parse::<usize>().unwrap() - 1);
            board[r][f] = kind.chars().next().unwrap();
        }
    }
    let naive = Naive { board, white_to_move: side == 'w', counter: 0 };
    naive.text().parse().unwrap_or_else(|e| panic!("{}: {e}", naive.text()))
}

fn play(pos: &mut Position, text: &str) -> String {
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{pos}: {text}: {e}"));
    let written = pos.move_text(m);
    pos.play(m).unwrap();
    written
}

/// The text of the move `text` reads in `pos` (with its captures).
fn text_of(pos: &Position, text: &str) -> String {
    pos.move_text(pos.parse_move(text).unwrap_or_else(|e| panic!("{pos}: {text}: {e}")))
}

// ---- the cases reported against other custodian-capture programs ----

#[test]
fn case_triple_capture_in_all_eight_orientations() {
    let pos = place(&[("M", "b4 d1 d6 f4"), ("m", "c4 d5 e4")], 'w');
    let m = pos.parse_move("d1-d4").unwrap();
    assert_eq!(pos.move_text(m), "d1-d4xc4xe4xd5");
    let group = pos.group();
    assert_eq!(group.len(), 8);
    let mut images = Vec::new();
    for g in group.elements() {
        let image = pos.map(g);
        let mapped = m.map_move(g);
        assert!(image.is_legal(mapped), "{image}: {mapped:?}");
        assert_eq!(mapped.capture_count(), 3, "{image}: {mapped:?}");
        // Also found by typing the move without its captures.
        let typed = format!("{}-{}", image.square_name(mapped.from()), image.square_name(mapped.to()));
        assert_eq!(image.parse_move(&typed), Ok(mapped));
        let mut after = image;
        after.play(mapped).unwrap();
        assert_eq!(after.piece_count(Colour::Black), 0);
        assert_eq!(after.ending(), Some(Ending::Reduction));
        assert_eq!(after.outcome(), Some(Outcome::Loss));
        images.push(image.to_string());
    }
    images.sort();
    images.dedup();
    assert_eq!(images.len(), 8, "the eight orientations are distinct positions");
}

#[test]
fn case_safe_entry_then_the_returning_piece_captures() {
    let mut pos = place(&[("M", "a1 d1"), ("m", "c4 e4 h8")], 'w');
    assert_eq!(play(&mut pos, "d1-d4"), "d1-d4");
    assert_eq!(pos.piece_count(Colour::White), 2, "moving between two enemies is safe");
    assert_eq!(play(&mut pos, "e4-e5"), "e4-e5");
    assert_eq!(play(&mut pos, "a1-a2"), "a1-a2");
    assert_eq!(play(&mut pos, "e5-e4"), "e5-e4xd4");
    assert_eq!(pos.to_string(), "7m/8/8/8/2m1m3/8/M7/8 w 0");
    assert_eq!(pos.ending(), Some(Ending::Reduction));
    assert_eq!(pos.winner(), Some(Colour::Black));
}

#[test]
fn case_the_edge_is_not_an_anvil() {
    let pos = place(&[("M", "a4 h1"), ("m", "b8 h8")], 'b');
    let m = pos.parse_move("b8-b4").unwrap();
    assert_eq!(pos.move_text(m), "b8-b4");
    assert!(!m.is_capture());
    // Under the edge-anvil option the same move captures a4.
    let anvil: Position = format!("{} anvil", pos).parse().unwrap();
    assert_eq!(anvil.rules(), Rules { edge_anvil: true, ..Rules::default() });
    assert_eq!(text_of(&anvil, "b8-b4"), "b8-b4xa4");
}

#[test]
fn case_dux_as_the_far_piece() {
    let mut pos = place(&[("D", "d4"), ("M", "f1 h1"), ("m", "e4 h8"), ("d", "a8")], 'w');
    assert_eq!(play(&mut pos, "f1-f4"), "f1-f4xe4");
}

#[test]
fn case_dux_as_the_mover() {
    let mut pos = place(&[("D", "f3"), ("M", "d4 h1"), ("m", "e4 h8"), ("d", "a8")], 'w');
    assert_eq!(play(&mut pos, "f3-f4"), "f3-f4xe4");
    assert_eq!(pos.dux(Colour::White), Some(29));
}

#[test]
fn case_the_dux_is_immune() {
    let mut pos = place(&[("M", "c1 e4 h1"), ("D", "a8"), ("d", "d4"), ("m", "h8")], 'w');
    assert_eq!(play(&mut pos, "c1-c4"), "c1-c4");
    assert_eq!(pos.dux(Colour::Black), Some(27));
    assert_eq!(pos.piece_count(Colour::Black), 2);
}

// ---- captures ----

#[test]
fn single_double_and_triple_captures() {
    let pos = place(&[("M", "a5 c1 h1"), ("m", "b5 h8")], 'w');
    assert_eq!(text_of(&pos, "c1-c5"), "c1-c5xb5");
    let pos = place(&[("M", "a5 e5 c1"), ("m", "b5 d5 h8")], 'w');
    let m = pos.parse_move("c1-c5").unwrap();
    assert_eq!((pos.move_text(m), m.capture_count()), ("c1-c5xb5xd5".to_string(), 2));
    let pos = place(&[("M", "a5 e5 c7 c1"), ("m", "b5 d5 c6 h8")], 'w');
    let m = pos.parse_move("c1-c5").unwrap();
    assert_eq!((pos.move_text(m), m.capture_count()), ("c1-c5xb5xd5xc6".to_string(), 3));
    // Only the moved piece captures: an existing sandwich is not taken.
    let pos = place(&[("M", "a5 c5 h1"), ("m", "b5 h8")], 'w');
    assert!(pos.legal_moves().iter().all(|m| !m.is_capture()));
}

#[test]
fn moving_between_two_enemies_is_safe() {
    let mut pos = place(&[("M", "d1 h1"), ("m", "c4 e4 d8")], 'w');
    assert_eq!(play(&mut pos, "d1-d4"), "d1-d4");
    assert_eq!(pos.piece_count(Colour::White), 2);
    // Black moving away and back captures nothing either: d4 is not
    // sandwiched by the arriving piece's own line.
    assert_eq!(play(&mut pos, "d8-d5"), "d8-d5");
    assert_eq!(pos.piece_count(Colour::White), 2);
}

#[test]
fn edge_and_corner_pieces_are_not_captured_against_the_edge() {
    let pos = place(&[("M", "a1 a8 h1"), ("m", "c2 b7 h8")], 'b');
    for m in pos.legal_moves() {
        assert!(!m.is_capture(), "{m:?}");
    }
    // The corner-capture option takes a1 between b1 and a2.
    let corners: Position =
        format!("{} corners", place(&[("M", "a1 h1"), ("m", "a2 c1 h8")], 'b')).parse().unwrap();
    assert_eq!(text_of(&corners, "c1-b1"), "c1-b1xa1");
    let plain = place(&[("M", "a1 h1"), ("m", "a2 c1 h8")], 'b');
    assert_eq!(text_of(&plain, "c1-b1"), "c1-b1");
}

#[test]
fn a_sandwiched_dux_stays_and_a_dux_helps_capture() {
    let mut pos = place(&[("M", "b3 d1 h1"), ("D", "a8"), ("d", "c3"), ("m", "h8")], 'w');
    assert_eq!(play(&mut pos, "d1-d3"), "d1-d3");
    assert_eq!(pos.dux(Colour::Black), Some(18));
    let mut pos = place(&[("d", "c6"), ("m", "h8 a1"), ("M", "c5 h2 g1"), ("D", "a8")], 'b');
    assert_eq!(play(&mut pos, "a1-c1"), "a1-c1");
    let mut pos = place(&[("d", "c6"), ("m", "h8 a4"), ("M", "c5 h2 g1"), ("D", "a8")], 'b');
    assert_eq!(play(&mut pos, "a4-c4"), "a4-c4xc5");
}

#[test]
fn wrong_capture_suffixes_are_refused() {
    let pos = place(&[("M", "a5 c1 h1"), ("m", "b5 h8")], 'w');
    assert!(pos.parse_move("c1-c5xb5").is_ok());
    assert_eq!(
        pos.parse_move("c1-c5xd5"),
        Err(MoveError::WrongCaptures { claimed: "d5".into(), actual: "b5".into() })
    );
    assert!(pos.parse_move("c1-c4xb5").is_err());
    assert!(pos.parse_move("c1-c5xb5xb5").is_err());
    // Reading leaves legality to the check (and the checked play).
    let check = |text: &str| pos.check(pos.parse_move(text).unwrap());
    assert_eq!(check("c1-d2"), Err(IllegalReason::NotStraight));
    assert_eq!(check("b5-b4"), Err(IllegalReason::NotYourPiece(Square::new(1, 4))));
    assert_eq!(check("h1-h8"), Err(IllegalReason::Blocked(Square::new(7, 7))));
    let m = pos.parse_move("c1-d2").unwrap();
    let mut copy = pos;
    let e = copy.play(m).unwrap_err();
    assert_eq!(copy, pos);
    assert_eq!((e.mv, e.text.as_str(), e.reason), (m, "c1-d2", IllegalReason::NotStraight));
    assert!(matches!(pos.parse_move("a5-a9"), Err(MoveError::Square(GridError::OffBoard { .. }))));
    // A move of a bigger board names squares off this one.
    let big = Setup::default().size(9, 10).unwrap().start();
    assert_eq!(pos.check(big.parse_move("i10-i9").unwrap()), Err(IllegalReason::OffBoard));
    assert!(matches!(pos.parse_move("c1"), Err(MoveError::Shape(_))));
}

// ---- end conditions and draws ----

#[test]
fn reduction_to_one_piece_loses() {
    let mut pos = place(&[("M", "a5 c1"), ("m", "b5 h8 h7")], 'w');
    play(&mut pos, "c1-c5");
    assert_eq!(pos.piece_count(Colour::Black), 2);
    assert_eq!(pos.outcome(), None);
    let mut pos = place(&[("M", "a5 c1 h1"), ("m", "b5 h8")], 'w');
    play(&mut pos, "c1-c5");
    assert_eq!(pos.ending(), Some(Ending::Reduction));
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn a_side_without_a_move_loses() {
    let pos = place(&[("M", "a1 b1"), ("m", "a2 b2 c1 h8")], 'w');
    assert_eq!(pos.ending(), Some(Ending::Blocked));
    assert_eq!(pos.outcome(), Some(Outcome::Loss));
    assert_eq!(pos.winner(), Some(Colour::Black));
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn the_dux_counts_as_the_last_piece() {
    // Dux and one man: still playing; the man captured: lost.
    let mut pos = place(&[("D", "h1"), ("M", "b5"), ("m", "a5 c1 h8"), ("d", "a8")], 'b');
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "c1-c5");
    assert_eq!(pos.piece_count(Colour::White), 1);
    assert_eq!(pos.ending(), Some(Ending::Reduction));
}

#[test]
fn an_immobile_dux_is_not_a_loss_while_a_man_can_move() {
    let pos = place(&[("D", "a1"), ("M", "e4"), ("m", "a2 b1 h8"), ("d", "h7")], 'w');
    assert_eq!(pos.outcome(), None);
    assert!(pos.legal_moves().iter().all(|m| m.from() == 28));
}

#[test]
fn no_progress_and_repetition_draws_through_the_game_record() {
    let pos = place(&[("M", "a1 h1"), ("m", "a8 h8")], 'w');
    assert_eq!(pos.no_progress_limit(), Some(100));
    let mut record = GameRecord::new(pos, pos.no_progress_count()).with_repetition(false);
    let shuffle = ["a1-b1", "a8-b8", "b1-a1", "b8-a8"];
    for i in 0..100 {
        assert_eq!(record.status(), None, "ply {i}");
        let m = record.position().parse_move(shuffle[i % 4]).unwrap();
        assert!(!record.position().is_irreversible(m));
        record.play(m).unwrap();
    }
    assert_eq!(record.status(), Some(Adjudication::NoProgress));
    assert_eq!(record.position().no_progress_count(), 100);
    let mut record = GameRecord::new(pos, pos.no_progress_count());
    for i in 0..8 {
        let m = record.position().parse_move(shuffle[i % 4]).unwrap();
        record.play(m).unwrap();
    }
    assert_eq!(record.status(), Some(Adjudication::Repetition));
    // A capture is irreversible and resets the counter.
    let mut pos = place(&[("M", "a5 c1 h1"), ("m", "b5 h8 g8")], 'w');
    let m = pos.parse_move("c1-c5").unwrap();
    assert!(pos.is_irreversible(m));
    assert!(pos.move_order_hint(m) > 0);
    pos.play(m).unwrap();
    assert_eq!(pos.no_progress_count(), 0);
    // A position given a count of 95 draws after 5 more quiet plies: the
    // limit is the rule's, the 95 plies before are the record's to know.
    let late: Position = "m6m/8/8/8/8/8/8/M6M w 95".parse().unwrap();
    assert_eq!((late.no_progress_limit(), late.no_progress_count()), (Some(100), 95));
    let mut record = GameRecord::new(late, late.no_progress_count()).with_repetition(false);
    for i in 0..5 {
        assert_eq!(record.status(), None, "ply {i}");
        let m = record.position().parse_move(shuffle[i % 4]).unwrap();
        record.play(m).unwrap();
    }
    assert_eq!(record.status(), Some(Adjudication::NoProgress));
    assert_eq!(record.position().no_progress_count(), 100);
    let m = record.position().parse_move(shuffle[1]).unwrap();
    assert_eq!(record.play(m), Err(RecordError::Finished(Adjudication::NoProgress)));
    // The option changes the limit.
    let short: Position =
        format!("{} no-progress=none", place(&[("M", "a1 h1"), ("m", "a8 h8")], 'w')).parse().unwrap();
    assert_eq!(short.no_progress_limit(), None);
}

// ---- the crate against the plain implementation ----

#[test]
fn perft_1_to_4_agrees_with_the_plain_implementation() {
    let expected: [(Variant, [u64; 4]); 2] =
        [(Variant::Standard, [32, 944, 37_796, 1_446_216]), (Variant::Dux, [53, 2_637, 145_394, 7_646_349])];
    for (variant, counts) in expected {
        let fast = Setup::new(variant).start();
        let slow = Naive::start(8, 8, variant == Variant::Dux);
        assert_eq!(fast.to_string(), slow.text());
        for depth in 1..=4u32 {
            let t = Instant::now();
            let n = perft(&fast, depth);
            let fast_time = t.elapsed();
            let t = Instant::now();
            let m = slow.perft(depth);
            println!("{variant} perft({depth}) = {n} ({fast_time:?}; plain {:?})", t.elapsed());
            assert_eq!(n, m, "{variant} depth {depth}");
            assert_eq!(n, counts[depth as usize - 1], "{variant} depth {depth}");
        }
    }
}

#[test]
fn perft_on_other_sizes_agrees_with_the_plain_implementation() {
    for (w, h, dux) in [(8, 12, false), (9, 10, true), (5, 6, false)] {
        let variant = if dux { Variant::Dux } else { Variant::Standard };
        let fast = Setup::new(variant).size(w, h).unwrap().start();
        let slow = Naive::start(w, h, dux);
        assert_eq!(fast.to_string(), slow.text());
        for depth in 1..=3 {
            assert_eq!(perft(&fast, depth), slow.perft(depth), "{w}x{h} depth {depth}");
        }
    }
}

/// Plays `fast` and `slow` side by side with random moves for at most
/// `max_plies` plies (captures preferred), comparing text, round trip, legal-move sets, results
/// and the position after every ply. Returns (plies, captures, finished).
fn side_by_side(
    mut fast: Position,
    mut slow: Naive,
    max_plies: usize,
    rng: &mut StdRng,
) -> (usize, u32, bool) {
    let (mut plies, mut captures) = (0, 0);
    for _ in 0..max_plies {
        let text = fast.to_string();
        assert_eq!(text, slow.text());
        let parsed: Position = text.parse().unwrap();
        assert_eq!(parsed, fast);
        assert_eq!(parsed.to_string(), text);
        let mut mine: Vec<String> = fast.legal_moves().iter().map(|&m| fast.move_text(m)).collect();
        let theirs = slow.moves();
        let mut their_texts: Vec<String> = theirs.iter().map(|(t, _)| t.clone()).collect();
        mine.sort();
        their_texts.sort();
        assert_eq!(mine, their_texts, "at {text}");
        assert_eq!(fast.outcome() == Some(Outcome::Loss), slow.lost(), "at {text}");
        if theirs.is_empty() {
            return (plies, captures, true);
        }
        // Captures are preferred nine times in ten, so games reach their end.
        let capturing: Vec<&(String, Naive)> = theirs.iter().filter(|(t, _)| t.contains('x')).collect();
        let (mtext, next) = if !capturing.is_empty() && rng.gen_bool(0.9) {
            capturing[rng.gen_range(0..capturing.len())]
        } else {
            &theirs[rng.gen_range(0..theirs.len())]
        };
        let m = fast.parse_move(mtext).unwrap();
        assert_eq!(fast.parse_move(&fast.move_text(m)), Ok(m));
        captures += m.capture_count();
        fast.play(m).unwrap();
        slow = next.clone();
        plies += 1;
    }
    (plies, captures, false)
}

#[test]
fn random_games_side_by_side_with_the_plain_implementation() {
    let mut rng = StdRng::seed_from_u64(5);
    let (mut plies, mut captures) = (0, 0);
    for game in 0..120 {
        let (variant, (w, h)) = match game % 4 {
            0 => (Variant::Standard, (8, 8)),
            1 => (Variant::Dux, (8, 8)),
            2 => (Variant::Standard, (8, 12)),
            _ => (Variant::Dux, (9, 10)),
        };
        let fast = Setup::new(variant).size(w, h).unwrap().start();
        let slow = Naive::start(w, h, variant == Variant::Dux);
        let (p, c, _) = side_by_side(fast, slow, 300, &mut rng);
        plies += p;
        captures += c;
    }
    println!("{plies} plies, {captures} captures");
    assert!(plies > 120 * 50, "{plies}");
    assert!(captures > 1000, "{captures}");
}

/// Random sparse positions (2 to 6 pieces a side, a Dux each sometimes) play to
/// their end far more often, so the end conditions are compared too.
#[test]
fn random_endgames_side_by_side_with_the_plain_implementation() {
    let mut rng = StdRng::seed_from_u64(11);
    let (mut finished, mut plies) = (0, 0);
    for _ in 0..400 {
        let mut board = vec![vec!['.'; 8]; 8];
        // With the Dux, each side has one (a lone Dux is no position).
        let with_dux = rng.gen_bool(0.3);
        for (man, dux) in [('M', 'D'), ('m', 'd')] {
            let n = rng.gen_range(2..=6);
            let mut placed = 0;
            while placed < n {
                let (f, r) = (rng.gen_range(0..8), rng.gen_range(0..8));
                if board[r][f] == '.' {
                    board[r][f] = if with_dux && placed == 0 { dux } else { man };
                    placed += 1;
                }
            }
        }
        let slow = Naive { board, white_to_move: rng.gen_bool(0.5), counter: 0 };
        let fast: Position = slow.text().parse().unwrap();
        let (p, _, done) = side_by_side(fast, slow, 200, &mut rng);
        plies += p;
        finished += usize::from(done);
    }
    println!("{plies} plies, {finished} of 400 games finished");
    assert!(finished > 300, "{finished}");
}

/// The widest positions named in the documentation of `MAX_MOVES`.
#[test]
fn the_widest_positions_found_fit_the_move_list() {
    let pos: Position = "mM5M/m2M2M1/M4M2/2M4M/4M3/M5M1/1M3M2/M2M3M w 0".parse().unwrap();
    assert_eq!(pos.legal_moves().len(), 144);
    let wide: Position =
        "1M2MMMMMMMM2M1/3M11M/M11M3/M12M2/2M12M/M14M/1M9M4/m2MMMMMMMM1M1Mm w 0".parse().unwrap();
    assert_eq!(wide.legal_moves().len(), 333);
    assert!(wide.legal_moves().len() <= lapilli_petteia::MAX_MOVES);
}
