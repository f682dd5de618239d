//! The search on morris positions: the removal ply keeps the side to move,
//! so a mill that reduces the opponent is a win in 2 plies.

use lapilli_board_graph::Point;
use lapilli_game::{CheckedGame, History, WIN};
use lapilli_morris::{eval::Heuristic, Colour, Move, Position, Rules};
use lapilli_search::{minimax, Engine, Limits, Options};

/// White slides 3 -> 2 to close 0-1-2, and the removal leaves Black with
/// two pieces (seed 001's depth-3 example, built here).
fn seed_position() -> Position {
    let white = [0, 1, 3, 13].into_iter().map(Point::new).collect();
    let black = [16, 20, 22].into_iter().map(Point::new).collect();
    Position::from_parts(Rules::default(), [white, black], [0, 0], Colour::White, false, 0).unwrap()
}

#[test]
fn depth_3_finds_the_mill_and_scores_999_998() {
    let pos = seed_position();
    let slide = Move::Slide { from: Point::new(3), to: Point::new(2) };
    let eval = Heuristic::default();
    let reference = minimax(&pos, 3, &eval);
    assert_eq!(reference.score, 999_998);
    assert_eq!(reference.score, WIN - 2);
    assert_eq!(reference.best_move, Some(slide));
    for options in [Options::plain(), Options::default()] {
        let a = Engine::with_options(options).search(&pos, &History::default(), &Limits::depth(3), &eval);
        assert_eq!(a.score, 999_998, "{options:?}");
        assert_eq!(a.best_move, Some(slide));
        assert_eq!(a.pv[0], slide);
        assert!(matches!(a.pv.get(1), Some(Move::Remove(_))), "the PV continues with White's removal");
    }
}

#[test]
fn the_removal_ply_does_not_flip_the_sign() {
    // case 4: White a7 b2 d7 g4, Black b6 c5 e3: g4-g7 and the removal win
    let pos: Position = "WW.W..../B.....W./B...B... w 0 0 -".parse().unwrap();
    let a = Engine::new().search(&pos, &History::default(), &Limits::depth(12), &Heuristic::default());
    assert_eq!(a.score, WIN - 2, "a win for White, not for Black");
    assert_eq!(a.best_move, Some(pos.parse_move("g4-g7").unwrap()));
    assert_eq!(a.depth, 2, "found at once: iterative deepening stops at the proof");
    // one ply deeper into the line, White is still to move and still wins
    let mut after = pos;
    after.play(pos.parse_move("g4-g7").unwrap()).unwrap();
    let b = Engine::new().search(&after, &History::default(), &Limits::depth(4), &Heuristic::default());
    assert_eq!(b.score, WIN - 1);
}

#[test]
fn the_ai_plays_whole_games_in_every_variant() {
    use lapilli_game::{Adjudication, GameRecord, Player};
    use lapilli_search::SearchPlayer;
    for variant in lapilli_morris::Variant::ALL {
        let mut players =
            [SearchPlayer::new(2, Heuristic::default()), SearchPlayer::new(2, Heuristic::default())];
        let mut record = GameRecord::new(Position::start(Rules::new(variant)), 0);
        while record.status().is_none() && record.moves().len() < 400 {
            let side = record.position().side_to_move().index();
            let m = players[side].choose(record.position()).expect("a move");
            assert!(record.position().is_legal(m));
            record.play(m).unwrap();
        }
        let status = record.status();
        assert!(record.moves().len() >= 18, "{variant}: {status:?}");
        if let Some(Adjudication::Finished(_)) = status {
            assert!(record.position().ending().is_some());
        }
    }
}

/// Node counts of every search configuration against plain minimax on a
/// placing-phase position with 21 empty points (printed with
/// `--nocapture`). Seed 001 reports alpha-beta saving 1.0x, 6.6x, 6.2x and
/// 31.8x at depths 1-4 on its morris position; the best configuration here
/// must save more at depth 4.
#[test]
fn node_savings_beat_the_seed() {
    use lapilli_conformance::check_search_sweep;
    // Placing, 21 empty points: 21 plies at the root, as in the seed.
    let pos: Position = "W.B...../......../W....... b 7 8 -".parse().unwrap();
    let eval = Heuristic::default();
    println!("depth  minimax  configurations (nodes, saving)");
    let mut savings = Vec::new();
    for depth in 1..=4 {
        let sweep = check_search_sweep(&pos, depth, &eval);
        let fewest = sweep.nodes.iter().map(|(_, n)| *n).min().unwrap();
        let row: Vec<String> = sweep
            .nodes
            .iter()
            .map(|(name, n)| format!("{name} {n} ({:.1}x)", sweep.minimax_nodes as f64 / *n as f64))
            .collect();
        println!("{depth}  {}  {}", sweep.minimax_nodes, row.join(", "));
        savings.push(sweep.minimax_nodes as f64 / fewest as f64);
    }
    assert!(savings[3] > 31.8, "depth 4 saving {:.1}x", savings[3]);
}
