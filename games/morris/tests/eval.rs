//! The evaluation's feature counts against a naive recount: the board
//! built from its geometry (not the rules' tables), and, for the side to
//! move while sliding, the legal moves themselves (mobility is the number
//! of slides, a mill threat is a point a legal slide closes a mill on, a
//! running mill is such a slide by a piece standing in a mill).

use lapilli_game::{CheckedGame, Evaluate, Game};
use lapilli_morris::eval::{Features, Heuristic, Weights};
use lapilli_morris::{Colour, Move, Phase, Position, Rules, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

/// The features of `colour` counted from the board's geometry.
fn naive_features(pos: &Position, colour: Colour) -> Features {
    let board = pos.variant().board_from_geometry();
    let own = pos.pieces(colour);
    let empty = pos.empty();
    let phase = pos.phase(colour);
    let lines: Vec<_> = board.line_sets().iter().copied().filter(|l| l.len() == 3).collect();
    let mills = lines.iter().filter(|l| l.is_subset(own)).count() as i32;
    let open_mills = lines
        .iter()
        .filter(|&&l| {
            l.iter().filter(|&p| own.contains(p)).count() == 2 && l.iter().any(|p| empty.contains(p))
        })
        .count() as i32;
    let mut f = Features {
        phase,
        material: i32::from(pos.on_board(colour)) + i32::from(pos.in_hand(colour)),
        mills,
        open_mills,
        mobility: 0,
        blocked: 0,
        liberties: 0,
        mill_threats: 0,
        running_mills: 0,
    };
    if phase == Phase::Flying {
        return f;
    }
    let mut liberties = BTreeSet::new();
    for p in own.iter() {
        let free: Vec<_> = board.neighbours(p).iter().filter(|&q| empty.contains(q)).collect();
        f.mobility += free.len() as i32;
        f.blocked += i32::from(free.is_empty());
        liberties.extend(free);
    }
    f.liberties = liberties.len() as i32;
    if phase == Phase::Sliding {
        // A slide r -> q closes a mill when a line through q, without r,
        // holds two own pieces.
        let mut threats = BTreeSet::new();
        for &q in &liberties {
            for r in board.neighbours(q).iter().filter(|&r| own.contains(r)) {
                let closes = lines.iter().any(|&l| {
                    l.contains(q) && !l.contains(r) && l.iter().filter(|&p| p != q).all(|p| own.contains(p))
                });
                if closes {
                    threats.insert(q);
                    let in_mill = lines.iter().any(|&l| l.contains(r) && l.is_subset(own));
                    f.running_mills += i32::from(in_mill);
                }
            }
        }
        f.mill_threats = threats.len() as i32;
    }
    f
}

/// For the side to move while sliding with no removal pending: the same
/// counts from the legal moves.
fn features_from_moves(pos: &Position) -> (i32, i32, i32) {
    let me = pos.side_to_move();
    let moves = pos.legal_moves();
    let closing: Vec<Move> = moves.iter().copied().filter(|&m| pos.closes_mill(m)).collect();
    let threats: BTreeSet<_> = closing
        .iter()
        .map(|m| match *m {
            Move::Slide { to, .. } => to,
            other => panic!("a sliding side plays slides, not {other}"),
        })
        .collect();
    let running =
        closing.iter().filter(|m| matches!(**m, Move::Slide { from, .. } if pos.in_mill(me, from))).count();
    (moves.len() as i32, threats.len() as i32, running as i32)
}

#[test]
fn features_match_a_naive_recount_in_random_games() {
    let mut rng = StdRng::seed_from_u64(12);
    let mut compared = [0usize; 3];
    let mut from_moves = 0;
    let mut threats_seen = 0;
    let mut running_seen = 0;
    for v in Variant::ALL {
        for _ in 0..60 {
            let mut pos = Position::start(Rules::new(v));
            for _ in 0..200 {
                for colour in [Colour::White, Colour::Black] {
                    let f = Heuristic::features(&pos, colour);
                    assert_eq!(f, naive_features(&pos, colour), "{colour} in {pos}");
                    compared[f.phase as usize] += 1;
                }
                let me = pos.side_to_move();
                if pos.phase(me) == Phase::Sliding && !pos.pending_removal() && Game::outcome(&pos).is_none()
                {
                    let f = Heuristic::features(&pos, me);
                    assert_eq!(
                        (f.mobility, f.mill_threats, f.running_mills),
                        features_from_moves(&pos),
                        "{pos}"
                    );
                    from_moves += 1;
                    threats_seen += usize::from(f.mill_threats > 0);
                    running_seen += usize::from(f.running_mills > 0);
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.gen_range(0..moves.len())];
                pos.play(m).unwrap();
            }
        }
    }
    // Every phase and every sliding feature was met, so none was compared
    // only at zero.
    assert!(compared.iter().all(|&n| n > 1000), "{compared:?}");
    assert!(
        from_moves > 1000 && threats_seen > 100 && running_seen > 10,
        "{from_moves} {threats_seen} {running_seen}"
    );
}

#[test]
fn the_evaluation_is_the_difference_of_the_sides() {
    let h = Heuristic::default();
    let w = Weights::default();
    let mut rng = StdRng::seed_from_u64(5);
    let mut pos = Position::default();
    for _ in 0..120 {
        let me = pos.side_to_move();
        let bonus = if pos.pending_removal() {
            w.pending
        } else if Heuristic::features(&pos, me).can_close_mill() {
            w.tempo_mill
        } else {
            0
        };
        let expected = h.side_score(&pos, me) - h.side_score(&pos, me.opponent()) + bonus;
        assert_eq!(h.evaluate(&pos), expected, "{pos}");
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[rng.gen_range(0..moves.len())]).unwrap();
    }
}

#[test]
fn a_side_without_room_scores_below_one_with_room() {
    // Both sides have placed eight pieces, White to place its last one.
    // White's pieces on the outer ring's corners and sides are hemmed in;
    // Black's on the inner ring are not: the room terms favour Black.
    let cramped: Position = "WBWBWBWB/BWBWBWBW/........ w 1 1 -".parse().unwrap();
    let f_white = Heuristic::features(&cramped, Colour::White);
    let f_black = Heuristic::features(&cramped, Colour::Black);
    // Only White's pieces on the middle ring's midpoints touch the empty inner ring.
    assert_eq!((f_white.mobility, f_black.mobility, f_black.blocked), (4, 0, 8));
    let roomy: Position = "W.W.W.W./.B.B.B.B/WBWBWBWB w 1 1 -".parse().unwrap();
    let h = Heuristic::default();
    // The same material, so the room terms alone separate the two.
    assert!(h.side_score(&roomy, Colour::White) > h.side_score(&cramped, Colour::White));
}

#[test]
fn a_side_can_close_a_mill_exactly_when_one_of_its_plies_earns_a_removal() {
    // The tempo bonus's condition, read from the features, against the
    // rules: some legal ply of the side to move leaves a removal pending.
    let mut rng = StdRng::seed_from_u64(11);
    let (mut yes, mut no) = (0, 0);
    for _ in 0..400 {
        let mut pos = Position::default();
        for _ in 0..rng.gen_range(0..60) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.gen_range(0..moves.len())]).unwrap();
        }
        if pos.pending_removal() || pos.outcome().is_some() {
            continue;
        }
        let by_rules = pos.legal_moves().into_iter().any(|m| {
            let mut after = pos;
            after.play(m).unwrap();
            after.pending_removal()
        });
        let by_features = Heuristic::features(&pos, pos.side_to_move()).can_close_mill();
        assert_eq!(by_features, by_rules, "{pos}");
        if by_rules {
            yes += 1;
        } else {
            no += 1;
        }
    }
    assert!(yes > 50 && no > 50, "{yes} {no}");
}
