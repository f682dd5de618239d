//! The order of removals for search (`Position::removal_order`, and
//! `Position::removal_order_after` a mill-closing ply) against
//! the naive implementation's reading of its definition (tests/naive),
//! at every position of seeded random games in every variant.

mod naive;

use lapilli_board_graph::Point;
use lapilli_game::{CheckedGame, Game};
use lapilli_morris::{Move, Phase, Position, Rules, Variant};
use naive::{Naive, Spec};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn removal_ranks_agree_with_the_naive_definition() {
    let mut rng = StdRng::seed_from_u64(56);
    let mut rules: Vec<Rules> = Variant::ALL.iter().map(|&v| Rules::new(v)).collect();
    rules.push(Rules::default().no_flying());
    // How often each rank was met, and how often an open mill was met
    // whose empty point the sliding opponent could not fill.
    let mut ranks = [0usize; 3];
    let mut unreachable = 0;
    let mut pending = 0;
    let mut closing = 0;
    for rules in rules {
        for _ in 0..40 {
            let mut pos = Position::start(rules);
            let mut slow = Naive::start(Spec::new(rules.variant, rules.flying));
            // Random plies to the end of the game, or 400 of them.
            for _ in 0..400 {
                if pos.outcome().is_some() {
                    break;
                }
                let order = pos.removal_order();
                for p in 0..slow.spec.points {
                    let rank = order.rank(Point::new(p));
                    assert_eq!(rank, slow.removal_rank(p), "point {p} at {pos}");
                    ranks[rank as usize] += 1;
                }
                let them = pos.side_to_move().opponent();
                let lines = pos.mill_completions(them).0 & pos.empty().0;
                if pos.phase(them) == Phase::Sliding && lines != 0 && order.open_mills().is_empty() {
                    unreachable += 1;
                }
                let moves = pos.legal_moves();
                // Each ply that closes a mill: the order after it, found
                // without playing it, is the order once it is played.
                for &m in moves.iter().filter(|m| !matches!(m, Move::Remove(_))) {
                    let mut after = pos;
                    after.play(m).unwrap();
                    if after.pending_removal() {
                        assert_eq!(pos.removal_order_after(m), after.removal_order(), "{m} at {pos}");
                        closing += 1;
                    }
                }
                if pos.pending_removal() {
                    // The plies are all removals, hinted 1 plus their rank.
                    let mut hints = Vec::new();
                    pos.move_order_hints(&moves, &mut hints);
                    for (&m, &hint) in moves.iter().zip(&hints) {
                        let Move::Remove(p) = m else { panic!("{m} with a removal owed at {pos}") };
                        assert_eq!(hint, 1 + order.rank(p), "{m} at {pos}");
                        pending += 1;
                    }
                }
                let m = moves[rng.gen_range(0..moves.len())];
                pos.play(m).unwrap();
                slow = slow.play(&m.to_string());
            }
        }
    }
    eprintln!("ranks met (0, 1, 2): {ranks:?}; open lines no slide fills: {unreachable}; removals hinted: {pending}; mill-closing plies: {closing}");
    assert!(ranks[1] > 1_000 && ranks[2] > 100, "{ranks:?}");
    assert!(unreachable > 10 && pending > 1_000 && closing > 1_000, "{unreachable}, {pending}, {closing}");
}
