//! The strong solutions against an independent naive implementation of the
//! rules with a naive fixpoint solver, symmetry, and perfect play.

mod naive;

use lapilli_game::{CheckedGame, Game, History, Player, RandomPlayer, Value};
use lapilli_search::SearchPlayer;
use lapilli_symmetry::Symmetric;
use lapilli_tablebase::{PerfectPlayer, Solved};
use lapilli_terni_lapilli::eval::Heuristic;
use lapilli_terni_lapilli::{solution, Colour, Position, Rules, Variant};
use naive::{Game as NaiveGame, Naive};

/// Both centre-first options of every game.
fn all_rules() -> Vec<Rules> {
    Rules::all().collect()
}

/// The naive implementation's game for `variant`.
fn naive_game(variant: Variant) -> NaiveGame {
    NaiveGame::ALL[Variant::ALL.iter().position(|&v| v == variant).unwrap()]
}

/// For every game and both centre rules, the reduced solve, the unreduced
/// solve, and the naive rules solved by the naive fixpoint agree on the
/// reachable set and on every position's value (WDL and DTM).
#[test]
fn retrograde_agrees_with_the_naive_rules_and_fixpoint_everywhere() {
    for rules in all_rules() {
        let game = naive_game(rules.variant);
        assert_eq!(game.name(), rules.variant.name());
        let naive = naive::solve(&Naive::start_of(game, rules.centre_first));
        let reduced = solution::solve(rules);
        let unreduced = solution::solve_unreduced(rules);
        assert_eq!(unreduced.len(), naive.len(), "{rules:?}: reachable positions, counted two ways");
        for (text, &value) in &naive {
            let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(reduced.probe(&pos), Some(value), "{pos} (reduced)");
            assert_eq!(unreduced.probe(&pos), Some(value), "{pos} (unreduced)");
        }
        let sum_of_orbits: u64 = reduced.entries().map(|(_, _, o)| o as u64).sum();
        assert_eq!(sum_of_orbits, naive.len() as u64, "{rules:?}");
    }
}

/// The figures of one solve: the start's value, reachable positions
/// (total, won, lost, drawn for the side to move), the same for the moving
/// phase, and the orbits stored.
type Figures = (Value, [u64; 4], [u64; 4], usize);

/// The figures of `rules`, from the reduced solve; the unreduced solve
/// gives the same value and counts.
fn figures(rules: Rules) -> Figures {
    let s = solution::summarise(&solution::solve(rules), rules);
    let u = solution::summarise(&solution::solve_unreduced(rules), rules);
    assert_eq!((u.value, u.reachable, u.movement), (s.value, s.reachable, s.movement), "{rules:?}");
    let c = |c: lapilli_tablebase::Counts| [c.total, c.win, c.loss, c.draw];
    (s.value, c(s.reachable), c(s.movement), s.orbits)
}

#[test]
fn solution_figures() {
    // Regression figures, each checked independently above (the naive
    // rules and fixpoint recount the reachable set and re-derive every
    // value).
    let rules = Rules::default();
    assert_eq!(figures(rules), (Value::Draw, [5230, 3040, 1052, 1138], [2880, 1664, 688, 528], 368));

    // A tablebase answers only for its own rules.
    let tb = solution::solve(rules);
    let other: Position = "......... b no-centre-first".parse().unwrap();
    assert_eq!(tb.probe(&other), None);
    for variant in Variant::ALL.into_iter().skip(1) {
        assert_eq!(tb.probe(&Position::start(Rules::new(variant))), None, "{variant}");
    }
    let achi = solution::solve(Rules::new(Variant::Achi));
    assert_eq!(achi.probe(&Position::default()), None);

    // The variant only removes the 1 + 8 positions after Black's centre
    // opening.
    let (value, reachable, _, _) = figures(rules.no_centre_first());
    assert_eq!((value, reachable[0]), (Value::Draw, 5230 - 9));
}

/// The 3x3 games. Without the centre first, each loses the 1 + 8
/// positions after Black's opening on the centre, all drawn in three men's
/// morris and nine holes.
#[test]
fn three_by_three_figures() {
    let expected: [(Variant, Figures, Figures); 4] = [
        (
            Variant::ThreeMensMorris,
            (Value::Draw, [5466, 1994, 730, 2742], [3116, 1124, 640, 1352], 755),
            (Value::Draw, [5457, 1994, 730, 2733], [3116, 1124, 640, 1352], 752),
        ),
        (
            Variant::Tapatan,
            (Value::Win(9), [5390, 2997, 1185, 1208], [3040, 1672, 824, 544], 744),
            (Value::Draw, [5381, 2988, 1184, 1209], [3040, 1672, 824, 544], 741),
        ),
        (
            Variant::NineHoles,
            (Value::Draw, [5470, 2502, 522, 2446], [3120, 1728, 288, 1104], 756),
            (Value::Draw, [5461, 2502, 522, 2437], [3120, 1728, 288, 1104], 753),
        ),
        (
            Variant::Achi,
            (Value::Win(11), [5716, 3527, 2189, 0], [706, 270, 436, 0], 793),
            (Value::Loss(12), [5707, 3518, 2189, 0], [706, 270, 436, 0], 790),
        ),
    ];
    for (variant, with_centre, without) in expected {
        assert_eq!(figures(Rules::new(variant)), with_centre, "{variant}");
        assert_eq!(figures(Rules::new(variant).no_centre_first()), without, "{variant} no-centre-first");
    }
}

#[test]
fn best_moves_realise_the_stored_values() {
    for rules in all_rules() {
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
    for (rules, order) in
        [(Rules::default(), 16), (Rules::new(Variant::Tapatan), 8), (Rules::new(Variant::NineHoles), 8)]
    {
        let tb = solution::solve_unreduced(rules);
        let group = rules.group();
        assert_eq!(group.len(), order);
        for (pos, value, _) in tb.entries() {
            let moves = pos.legal_moves().len();
            for g in group.elements() {
                let image = pos.map(g);
                assert_eq!(tb.probe(&image), Some(value), "{pos} -> {image}");
                assert_eq!(image.legal_moves().len(), moves, "{pos} -> {image}");
            }
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
fn starts(tb: &Solved<Position>) -> Vec<Position> {
    tb.entries().step_by(5).map(|(p, _, _)| *p).filter(|p| p.outcome().is_none()).collect()
}

#[test]
fn perfect_play_never_loses_a_won_or_drawn_position() {
    for rules in [Rules::default(), Rules::new(Variant::Tapatan), Rules::new(Variant::Achi)] {
        perfect_play_from_a_spread_of_starts(rules);
    }
}

fn perfect_play_from_a_spread_of_starts(rules: Rules) {
    let tb = solution::solve(rules);
    let mut games = 0;
    for (i, start) in starts(&solution::solve_unreduced(rules)).into_iter().enumerate() {
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
    for rules in [Rules::default(), Rules::new(Variant::Achi).no_centre_first()] {
        let group = rules.group();
        for (pos, _, _) in solution::solve_unreduced(rules).entries() {
            assert_eq!(pos.canonical(group).position.key(), pos.canonical_key(group), "{pos}");
        }
    }
}

/// Every symmetry of every board fixes its centre, so the centre-first
/// rule is invariant under the groups the solver reduces by.
#[test]
fn every_symmetry_fixes_the_centre() {
    for variant in Variant::ALL {
        let centre = variant.board_kind().centre();
        let group = variant.group();
        assert_eq!(group.len(), if variant == Variant::TerniLapilli { 16 } else { 8 }, "{variant}");
        for g in group.elements() {
            assert_eq!(g.apply(centre), centre, "{variant}");
        }
    }
}
