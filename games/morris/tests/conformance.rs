//! The workspace conformance harness (`lapilli-conformance`) run over every
//! morris variant: the rules contract, generation against the legality
//! check, move and position text, keys, and the board's symmetries.

use lapilli_conformance::{
    check_move_with_key_given, check_position, check_random_games, check_random_games_with_symmetry,
    check_search_sweep, check_symmetry, random_playout,
};
use lapilli_game::Game;
use lapilli_morris::eval::Heuristic;
use lapilli_morris::{Position, Rules, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Random games per variant: fewer in debug builds, where every check of
/// the harness (a depth-3 search per position among them) is slow.
const GAMES: usize = if cfg!(debug_assertions) { 10 } else { 40 };

/// Nine, six, twelve and Lasker with their default flying rule, and Nine
/// Men's Morris without flying.
fn all_rules() -> Vec<Rules> {
    let mut v: Vec<Rules> = Variant::ALL.iter().map(|&v| Rules::new(v)).collect();
    v.push(Rules::default().no_flying());
    v
}

#[test]
fn hand_picked_positions_conform() {
    for text in [
        "......../......../........ w 9 9 -",
        // a pending removal where every Black piece stands in a mill
        "WWW.BBB./W...BBB./........ w 0 0 x",
        // White flies with three pieces
        "W.W...../..B...B./.B..B..W w 0 0 - 37",
        // Black is reduced: the game is over
        "WW.W..../......W./B...B... b 0 0 -",
        "......../........ w 6 6 - six-mens-morris",
        "......../......../........ w 10 10 - lasker-morris no-flying",
    ] {
        let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        check_position(&pos);
        check_symmetry(&pos, pos.variant().group());
    }
}

#[test]
fn random_games_conform_in_every_variant() {
    for (i, rules) in all_rules().into_iter().enumerate() {
        let start = Position::start(rules);
        let checked = check_random_games(&start, GAMES, 160, 2026 + i as u64);
        assert!(checked > GAMES * 30, "{rules:?}: games too short: {checked} positions");
    }
}

#[test]
fn random_games_respect_the_symmetry_in_every_variant() {
    for (i, rules) in all_rules().into_iter().enumerate() {
        let start = Position::start(rules);
        let games = GAMES / 4;
        let checked =
            check_random_games_with_symmetry(&start, rules.variant.group(), games, 160, 3026 + i as u64);
        assert!(checked > games * 30, "{rules:?}: games too short: {checked} positions");
    }
}

/// Every search configuration agrees with plain minimax on positions from
/// random games (removal plies included: the sweep runs through them).
#[test]
fn search_sweep_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut swept = 0;
    for rules in all_rules() {
        for _ in 0..6 {
            let plies = rng.gen_range(0..60);
            let pos = random_playout(&Position::start(rules), plies, &mut rng);
            if pos.outcome().is_some() {
                continue;
            }
            let depth = if pos.legal_moves().len() > 30 { 2 } else { 3 };
            let sweep = check_search_sweep(&pos, depth, &Heuristic::default());
            assert!(sweep.nodes[0].1 <= sweep.minimax_nodes);
            swept += 1;
        }
    }
    assert!(swept >= 20, "only {swept} positions swept");
}

/// `move_with_key` (which the harness's check lets a game leave out) is
/// given: every legal ply of random games of every variant, placements,
/// slides, flights and removals, is found by its key.
#[test]
fn every_legal_ply_is_found_by_its_key() {
    for (i, rules) in all_rules().into_iter().enumerate() {
        let plies = check_move_with_key_given(&Position::start(rules), 20, 120, 4700 + i as u64);
        assert!(plies > 20 * 120, "{rules:?}: only {plies} plies checked");
    }
}
