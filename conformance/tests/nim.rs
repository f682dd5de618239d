//! The harness on one-heap Nim (`lapilli_game::doc_game::Nim`, whose
//! position text is "7 first").

use lapilli_conformance::{check_position, check_random_games, check_search_sweep, random_playout};
use lapilli_game::doc_game::Nim;
use lapilli_game::CheckedGame;
use rand::rngs::StdRng;
use rand::SeedableRng;

#[test]
fn every_small_heap_passes_for_either_side() {
    for stones in 0..=12 {
        for second in [false, true] {
            check_position(&Nim(stones, second));
        }
    }
}

#[test]
fn random_games_pass_and_count_their_positions() {
    let start = Nim::new(20);
    // Each game takes 1 or 2 stones a ply: 11 to 21 positions, the empty
    // heap included.
    let checked = check_random_games(&start, 30, 100, 7);
    assert!((30 * 11..=30 * 21).contains(&checked), "{checked}");
    // The same seed gives the same games.
    assert_eq!(check_random_games(&start, 30, 100, 7), checked);
    // A ply cap stops each game: 6 plies, 7 positions.
    assert_eq!(check_random_games(&start, 5, 6, 7), 5 * 7);
    // No games, no positions.
    assert_eq!(check_random_games(&start, 0, 10, 7), 0);
}

#[test]
fn the_heap_text_round_trips() {
    let pos: Nim = "7 second".parse().unwrap();
    assert_eq!(pos, Nim(7, true));
    assert_eq!(pos.to_string(), "7 second");
    assert_eq!(pos.move_text(2), "take 2");
}

#[test]
fn every_configuration_agrees_with_minimax_on_nim() {
    for stones in 1..=10 {
        let sweep = check_search_sweep(&Nim::new(stones), 6, &|_: &Nim| 0);
        let names: Vec<&str> = sweep.nodes.iter().map(|&(n, _)| n).collect();
        assert_eq!(
            names,
            [
                "alpha-beta",
                "alpha-beta+ordering",
                "alpha-beta+tt",
                "pvs+id+tt+ordering",
                "pvs+id+tt+ordering, no etc",
                "pvs+id+aspiration",
                "pvs+id by 1+tt",
                "pvs+id by 3+tt",
                "lazy-smp-2-threads",
                "root-split-2-threads"
            ]
        );
        assert!(sweep.minimax_nodes > 0);
        assert!(sweep.nodes.iter().all(|&(_, n)| n > 0));
    }
}

#[test]
fn a_playout_stops_when_the_game_ends() {
    let mut rng = StdRng::seed_from_u64(3);
    let pos = random_playout(&Nim::new(9), 3, &mut rng);
    assert!((3..=6).contains(&pos.0), "{pos}");
    assert!(pos.1, "three plies: the second side to move");
    let over = random_playout(&Nim::new(4), 100, &mut rng);
    assert_eq!(over.0, 0);
}
