//! The strong solution against an independent naive fixpoint, symmetry,
//! and perfect play.

use lapilli_search::{
    CheckedGame, Game, History, Outcome, PerfectPlayer, Player, RandomPlayer, SearchPlayer, Tablebase, Value,
};
use lapilli_symmetry::Symmetric;
use lapilli_terni_lapilli::eval::Heuristic;
use lapilli_terni_lapilli::{solution, Colour, Position, Rules};
use std::collections::HashMap;

const VARIANTS: [Rules; 2] = [Rules { centre_first: true }, Rules { centre_first: false }];

/// The seed's way: list every reachable position, then sweep over all of
/// them again and again, each sweep computing values from the previous
/// sweep's, until nothing changes. Wins take the fastest losing child, losses
/// the slowest winning one; what is never decided is a draw.
fn naive_fixpoint(rules: Rules) -> HashMap<Position, Value> {
    let start = Position::start(rules);
    let mut index = HashMap::from([(start, 0usize)]);
    let mut all = vec![start];
    let mut children: Vec<Vec<(usize, bool)>> = Vec::new();
    let mut i = 0;
    while i < all.len() {
        let pos = all[i];
        let mut kids = Vec::new();
        for m in pos.legal_moves() {
            let mut c = pos;
            c.play_unchecked(m);
            let id = *index.entry(c).or_insert_with(|| {
                all.push(c);
                all.len() - 1
            });
            kids.push((id, c.side_to_move() != pos.side_to_move()));
        }
        children.push(kids);
        i += 1;
    }
    let mut value: Vec<Option<Value>> = vec![None; all.len()];
    loop {
        let mut next = value.clone();
        for (i, pos) in all.iter().enumerate() {
            if value[i].is_some() {
                continue;
            }
            if pos.outcome() == Some(Outcome::Loss) {
                next[i] = Some(Value::Loss(0));
                continue;
            }
            let through: Vec<Option<Value>> =
                children[i].iter().map(|&(c, changed)| value[c].map(|v| v.before_ply(changed))).collect();
            let fastest_win = through.iter().flatten().filter_map(|v| match v {
                Value::Win(n) => Some(*n),
                _ => None,
            });
            if let Some(n) = fastest_win.min() {
                next[i] = Some(Value::Win(n));
            } else if through.iter().all(|v| matches!(v, Some(Value::Loss(_)))) {
                let slowest = through.iter().flatten().filter_map(|v| v.plies()).max().unwrap();
                next[i] = Some(Value::Loss(slowest));
            }
        }
        if next == value {
            break;
        }
        value = next;
    }
    all.into_iter().zip(value).map(|(p, v)| (p, v.unwrap_or(Value::Draw))).collect()
}

#[test]
fn retrograde_agrees_with_the_naive_fixpoint_everywhere() {
    for rules in VARIANTS {
        let naive = naive_fixpoint(rules);
        let reduced = solution::solve(rules);
        let unreduced = solution::solve_unreduced(rules);
        assert_eq!(unreduced.len(), naive.len(), "reachable positions, counted two ways");
        for (pos, &value) in &naive {
            assert_eq!(reduced.probe(pos), Some(value), "{pos} (reduced)");
            assert_eq!(unreduced.probe(pos), Some(value), "{pos} (unreduced)");
        }
        let sum_of_orbits: u64 = reduced.entries().map(|(_, _, o)| o as u64).sum();
        assert_eq!(sum_of_orbits, naive.len() as u64);
    }
}

#[test]
fn solution_figures() {
    // Regression figures, each checked independently above (the naive
    // fixpoint recounts the reachable set and re-derives every value).
    let rules = Rules::default();
    let tb = solution::solve(rules);
    let s = solution::summarise(&tb, rules);
    assert_eq!(s.value, Value::Draw);
    assert_eq!(
        (s.reachable.total, s.reachable.win, s.reachable.loss, s.reachable.draw),
        (5230, 3040, 1052, 1138)
    );
    assert_eq!((s.movement.total, s.movement.win, s.movement.loss, s.movement.draw), (2880, 1664, 688, 528));
    assert_eq!(s.orbits, 368);
    let unreduced = solution::summarise(&solution::solve_unreduced(rules), rules);
    assert_eq!(
        (unreduced.value, unreduced.reachable, unreduced.movement),
        (s.value, s.reachable, s.movement)
    );

    // A tablebase answers only for its own rules.
    let other: Position = "......... b no-centre-first".parse().unwrap();
    assert_eq!(tb.probe(&other), None);

    let rules = Rules { centre_first: false };
    let s = solution::summarise(&solution::solve(rules), rules);
    assert_eq!(s.value, Value::Draw);
    // The variant only removes the 1 + 8 positions after Black's centre opening.
    assert_eq!(s.reachable.total, 5230 - 9);
}

#[test]
fn best_moves_realise_the_stored_values() {
    for rules in VARIANTS {
        let tb = solution::solve_unreduced(rules);
        for (pos, value, _) in tb.entries() {
            match tb.best_move(pos) {
                None => assert_eq!(value, Value::Loss(0), "{pos}"),
                Some((_, v)) => assert_eq!(v, value, "{pos}"),
            }
        }
    }
}

#[test]
fn symmetric_positions_have_equal_values_and_move_counts() {
    let tb = solution::solve_unreduced(Rules::default());
    let group = Rules::default().group();
    assert_eq!(group.len(), 16);
    for (pos, value, _) in tb.entries() {
        let moves = pos.legal_moves().len();
        for g in group.elements() {
            let image = pos.map(g);
            assert_eq!(tb.probe(&image), Some(value), "{pos} -> {image}");
            assert_eq!(image.legal_moves().len(), moves, "{pos} -> {image}");
        }
    }
}

/// Plays a game to its end (a line, threefold repetition, or 300 plies:
/// a draw) and returns the winner.
fn play_out(
    start: Position,
    black: &mut dyn Player<Position>,
    white: &mut dyn Player<Position>,
) -> Option<Colour> {
    let mut pos = start;
    let mut history = History::new(pos.zobrist(), 0);
    for _ in 0..300 {
        if pos.outcome().is_some() {
            return pos.winner();
        }
        let m = if pos.side_to_move() == Colour::Black { black.choose(&pos) } else { white.choose(&pos) };
        let m = m.expect("an unfinished game has a move");
        let irreversible = pos.is_irreversible(m);
        pos.play(m).expect("players choose legal moves");
        history.push(pos.zobrist(), irreversible);
        if history.occurrences(pos.zobrist()) >= 3 {
            return None;
        }
    }
    None
}

/// The start and a spread of unfinished reachable positions (every fifth
/// in breadth-first order), both sides to move.
fn starts(tb: &Tablebase<Position>) -> Vec<Position> {
    tb.entries().step_by(5).map(|(p, _, _)| *p).filter(|p| p.outcome().is_none()).collect()
}

#[test]
fn perfect_play_never_loses_a_won_or_drawn_position() {
    let tb = solution::solve(Rules::default());
    let mut games = 0;
    for (i, start) in starts(&solution::solve_unreduced(Rules::default())).into_iter().enumerate() {
        let value = tb.probe(&start).unwrap();
        let perfect_side = start.side_to_move();
        for opponent_kind in 0..2 {
            let mut perfect = PerfectPlayer::new(&tb);
            let mut opponent: Box<dyn Player<Position>> = if opponent_kind == 0 {
                Box::new(RandomPlayer::new(i as u64))
            } else {
                Box::new(SearchPlayer::new(4, Heuristic))
            };
            let winner = if perfect_side == Colour::Black {
                play_out(start, &mut perfect, opponent.as_mut())
            } else {
                play_out(start, opponent.as_mut(), &mut perfect)
            };
            games += 1;
            match value {
                Value::Win(_) => {
                    assert_eq!(winner, Some(perfect_side), "perfect must win from {start}")
                }
                Value::Draw => {
                    assert_ne!(winner, Some(perfect_side.opponent()), "perfect lost a draw from {start}")
                }
                Value::Loss(_) => {}
            }
        }
    }
    assert!(games > 1000, "{games} games");
}

/// The fast canonical form is the image with the least key, as the
/// `Symmetric` contract says.
#[test]
fn canonical_form_has_the_least_key() {
    let group = Rules::default().group();
    for (pos, _, _) in solution::solve_unreduced(Rules::default()).entries() {
        assert_eq!(pos.canonical(group).position.key(), pos.canonical_key(group), "{pos}");
    }
}
