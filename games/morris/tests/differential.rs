//! The fast rules against the naive implementation (tests/naive), side by
//! side through seeded random games in every variant, and perft against
//! the naive count.

mod naive;

use lapilli_game::{Adjudication, CheckedGame, Ending as _, Game, GameRecord};
use lapilli_morris::{perft, Move, Position, Rules, Variant};
use naive::{Naive, Spec};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

fn all_rules() -> Vec<Rules> {
    let mut v: Vec<Rules> = Variant::ALL.iter().map(|&v| Rules::new(v)).collect();
    v.push(Rules::default().no_flying());
    v.push(Rules { flying: true, ..Rules::new(Variant::SixMensMorris) });
    v
}

fn sorted_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

/// The naive game's adjudication with its own history: repetition of the
/// same key three times since the last irreversible ply, or 100 reversible
/// plies; neither while a removal is pending (the turn that closed a mill
/// ends with its removal, docs/design.md).
fn naive_status(pos: &Naive, keys: &[String]) -> Option<&'static str> {
    if let Some(e) = pos.ending() {
        return Some(e);
    }
    if pos.pending {
        return None;
    }
    let here = pos.key();
    if keys.iter().filter(|k| **k == here).count() >= 3 {
        return Some("repetition");
    }
    if keys.len() > 100 {
        return Some("no-progress");
    }
    None
}

fn fast_status(record: &GameRecord<Position>) -> Option<&'static str> {
    match record.status()? {
        Adjudication::Finished(_) => Some(record.position().ending().expect("finished").name()),
        Adjudication::Repetition => Some("repetition"),
        Adjudication::NoProgress => Some("no-progress"),
    }
}

#[test]
fn random_games_agree_with_the_naive_implementation() {
    let mut rng = StdRng::seed_from_u64(1);
    let mut plies = 0usize;
    let mut endings: BTreeMap<&'static str, usize> = BTreeMap::new();
    let games_per_rule = 60;
    for rules in all_rules() {
        for game in 0..games_per_rule {
            let mut record = GameRecord::new(Position::start(rules), 0);
            let mut slow = Naive::start(Spec::new(rules.variant, rules.flying));
            // history of keys since the last irreversible ply, current included
            let mut keys = vec![slow.key()];
            // Bias half the games towards sliding shuffles so repetitions occur.
            let shuffle = game % 2 == 1;
            // each side's last slide, which a shuffling game undoes
            let mut last: [Option<Move>; 2] = [None, None];
            loop {
                let fast = record.position();
                assert_eq!(fast.to_string(), slow.text(), "{rules:?}");
                let moves = sorted_moves(fast);
                assert_eq!(moves, slow.moves(), "legal plies at {fast}");
                let status = fast_status(&record);
                assert_eq!(status, naive_status(&slow, &keys), "adjudication at {fast}");
                if let Some(kind) = status {
                    *endings.entry(kind).or_default() += 1;
                    break;
                }
                let list = fast.legal_moves();
                let me = fast.side_to_move().index();
                let undo = last[me].and_then(|m| match m {
                    Move::Slide { from, to } => {
                        list.iter().copied().find(|&n| n == Move::Slide { from: to, to: from })
                    }
                    _ => None,
                });
                let m = match undo {
                    Some(u) if shuffle && rng.gen_bool(0.9) => u,
                    _ => list[rng.gen_range(0..list.len())],
                };
                let text = m.to_string();
                let irreversible = fast.is_irreversible(m);
                record.play(m).unwrap();
                slow = slow.play(&text);
                if irreversible {
                    keys.clear();
                }
                keys.push(slow.key());
                plies += 1;
                last[me] = Some(m);
            }
        }
    }
    eprintln!("naive comparison: {plies} plies compared, endings {endings:?}");
    assert!(plies > 25_000, "{plies}");
    for kind in ["reduction", "blocked", "repetition", "no-progress"] {
        assert!(endings.get(kind).copied().unwrap_or(0) > 0, "no {kind} ending in {endings:?}");
    }
}

#[test]
fn perft_from_the_start_agrees_with_the_naive_count() {
    let fast = Position::default();
    let slow = Naive::start(Spec::new(Variant::NineMensMorris, true));
    let expected = [1u64, 24, 552, 12_144, 255_024, 5_100_480];
    for (depth, &n) in expected.iter().enumerate() {
        let depth = depth as u32;
        assert_eq!(perft(&fast, depth), n, "fast perft({depth})");
        if depth <= 4 {
            assert_eq!(slow.perft(depth), n, "naive perft({depth})");
        }
    }
    // Depth 5 naively: every placement of the first four plies, then the
    // 20 placements of the fifth, counted plainly.
    assert_eq!(slow.perft(5), 5_100_480);
    // The first removals appear at ply 6; the benchmarks assert this count too.
    assert_eq!(perft(&fast, 6), 96_223_680);
}

#[test]
fn perft_from_mid_game_positions_agrees_with_the_naive_count() {
    let mut rng = StdRng::seed_from_u64(99);
    let mut compared = 0;
    let mut kinds = [0usize; 3]; // pending, flying, other
    for rules in all_rules() {
        for _ in 0..6 {
            let mut pos = Position::start(rules);
            let mut slow = Naive::start(Spec::new(rules.variant, rules.flying));
            let target = rng.gen_range(10..70);
            for _ in 0..target {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.gen_range(0..moves.len())];
                pos.play(m).unwrap();
                slow = slow.play(&m.to_string());
            }
            let depth = 3;
            let n = perft(&pos, depth);
            assert_eq!(n, slow.perft(depth), "perft({depth}) at {pos}");
            assert_eq!(n, lapilli_game::perft(&pos, depth), "search perft at {pos}");
            compared += 1;
            let side = pos.side_to_move();
            if pos.pending_removal() {
                kinds[0] += 1;
            } else if pos.phase(side) == lapilli_morris::Phase::Flying {
                kinds[1] += 1;
            } else {
                kinds[2] += 1;
            }
        }
    }
    // Hand-picked: a flying side, and a pending removal.
    for text in ["W.W...../..B...B./.B..B..W b 0 0 -", "WWW..B../.B....../........ w 6 7 x"] {
        let pos: Position = text.parse().unwrap();
        let slow = naive_from(&pos);
        assert_eq!(slow.text(), text);
        for depth in 1..=3 {
            assert_eq!(perft(&pos, depth), slow.perft(depth), "{text} depth {depth}");
        }
        compared += 1;
    }
    assert!(compared >= 30);
    eprintln!("mid-game perft compared at {compared} positions (pending, flying, other): {kinds:?}");
}

/// The naive position with the same pieces as `pos`.
fn naive_from(pos: &Position) -> Naive {
    let rules = pos.rules();
    let mut n = Naive::start(Spec::new(rules.variant, rules.flying));
    for (i, c) in n.cells.iter_mut().enumerate() {
        *c = match pos.piece_at(lapilli_board_graph::Point::new(i)) {
            Some(lapilli_morris::Colour::White) => 'W',
            Some(lapilli_morris::Colour::Black) => 'B',
            None => '.',
        };
    }
    n.to_move = if pos.side_to_move() == lapilli_morris::Colour::White { 'W' } else { 'B' };
    n.hand = [
        pos.in_hand(lapilli_morris::Colour::White) as u32,
        pos.in_hand(lapilli_morris::Colour::Black) as u32,
    ];
    n.pending = pos.pending_removal();
    n.clock = pos.no_progress_count();
    n
}
