//! Alpha-beta (with and without the transposition table) against plain
//! minimax, and search against the retrograde solution.

use lapilli_search::{minimax, minimax_root_scores, AlphaBeta, Value, WIN};
use lapilli_terni_lapilli::eval::Heuristic;
use lapilli_terni_lapilli::{solve, Position, Rules};
use proptest::prelude::*;
use std::sync::OnceLock;

/// Every unfinished reachable position and its value, in breadth-first order.
fn reachable() -> &'static [(Position, Value)] {
    static ALL: OnceLock<Vec<(Position, Value)>> = OnceLock::new();
    ALL.get_or_init(|| {
        solve::solve_unreduced(Rules::default())
            .entries()
            .filter(|(p, _, _)| !p.legal_moves().is_empty())
            .map(|(p, v, _)| (*p, v))
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Same score as minimax at every depth; the chosen move is one of
    /// minimax's best moves.
    #[test]
    fn alpha_beta_matches_minimax(i in 0usize..5000, depth in 1u32..=6) {
        let all = reachable();
        let (pos, _) = all[i % all.len()];
        let reference = minimax(&pos, depth, &Heuristic);
        let plain = AlphaBeta::new().search(&pos, depth, &Heuristic);
        let with_tt = AlphaBeta::new().with_transposition_table(1 << 16).search(&pos, depth, &Heuristic);
        prop_assert_eq!(plain.score, reference.score);
        prop_assert_eq!(with_tt.score, reference.score);
        prop_assert!(plain.stats.nodes <= reference.stats.nodes);
        let best: Vec<_> = minimax_root_scores(&pos, depth, &Heuristic)
            .into_iter()
            .filter(|&(_, s)| s == reference.score)
            .map(|(m, _)| m)
            .collect();
        prop_assert!(best.contains(&plain.best_move.unwrap()));
        prop_assert!(best.contains(&with_tt.best_move.unwrap()));
    }
}

/// Every position the solver decides within 7 plies is scored
/// `WIN - plies` (or its negation) by a depth-7 search, with and without
/// the transposition table, and drawn positions never get a mate score.
#[test]
fn search_finds_the_solved_distance_to_mate() {
    let mut decided = 0;
    let mut search = AlphaBeta::new();
    let mut search_tt = AlphaBeta::new().with_transposition_table(1 << 18);
    for &(pos, value) in reachable() {
        let depth = 7;
        let a = search.search(&pos, depth, &Heuristic).score;
        let b = search_tt.search(&pos, depth, &Heuristic).score;
        assert_eq!(a, b, "{pos}");
        match value {
            Value::Win(n) if n <= depth => assert_eq!(a, WIN - n as i32, "{pos} is {value}"),
            Value::Loss(n) if n <= depth => assert_eq!(a, -(WIN - n as i32), "{pos} is {value}"),
            Value::Draw => assert!(a.abs() < WIN - 1000, "{pos} is drawn, scored {a}"),
            _ => continue,
        }
        decided += 1;
    }
    assert!(decided > 3000, "{decided}");
}

/// The node counts from the start: alpha-beta's saving over minimax grows
/// with depth (seed 001 reports 1.0x, 6.6x, 6.2x, 31.8x at depths 1-4 on a
/// morris position); the table is printed with `--nocapture`.
#[test]
fn alpha_beta_saves_nodes() {
    let start = Position::default();
    println!("depth  minimax  alpha-beta  +TT  saving  saving+TT");
    let mut last_saving = 0.0;
    for depth in 1..=7 {
        let m = minimax(&start, depth, &Heuristic);
        let a = AlphaBeta::new().search(&start, depth, &Heuristic);
        let t = AlphaBeta::new()
            .with_transposition_table(1 << 20)
            .search(&start, depth, &Heuristic);
        assert_eq!((a.score, t.score), (m.score, m.score));
        let saving = m.stats.nodes as f64 / a.stats.nodes as f64;
        let saving_tt = m.stats.nodes as f64 / t.stats.nodes as f64;
        println!(
            "{depth:5}  {:7}  {:10}  {:3}  {saving:5.1}x  {saving_tt:5.1}x",
            m.stats.nodes, a.stats.nodes, t.stats.nodes
        );
        assert!(t.stats.nodes <= m.stats.nodes);
        last_saving = saving;
    }
    assert!(last_saving > 10.0, "saving at depth 7: {last_saving}");
}
