//! The workspace conformance harness run over every game of the family
//! under both centre-first options, through the search traits alone.

use lapilli_conformance::{
    check_index, check_move_with_key_given, check_random_games_indexed, check_random_games_with_symmetry,
    check_symmetry,
};
use lapilli_terni_lapilli::{solution, Position, Rules};

/// Both centre-first options of every game.
fn variants() -> impl Iterator<Item = Rules> {
    Rules::all()
}

#[test]
fn random_games_conform() {
    for rules in variants() {
        let checked = check_random_games_with_symmetry(&Position::start(rules), rules.group(), 300, 60, 2026);
        assert!(checked > 300 * 7, "games too short: {checked} positions");
    }
}

#[test]
fn the_index_is_injective_and_bounded() {
    for rules in variants() {
        let checked = check_random_games_indexed(&Position::start(rules), 300, 60, 2026);
        assert!(checked > 300 * 7, "games too short: {checked} positions");
        // and on every reachable position with its children
        for (pos, _, _) in solution::solve_unreduced(rules).entries() {
            check_index(pos);
        }
    }
}

#[test]
fn every_reachable_position_conforms() {
    for rules in variants() {
        let tb = solution::solve_unreduced(rules);
        let mut n = 0;
        for (pos, _, _) in tb.entries() {
            // The rules checks of `check_position`, then the symmetry checks.
            check_symmetry(pos, rules.group());
            n += 1;
        }
        assert_eq!(n, tb.len());
    }
}

/// `move_with_key` (which the harness's check lets a game leave out) is
/// given: every legal ply of random games of every game, placements and
/// slides, is found by its key.
#[test]
fn every_legal_ply_is_found_by_its_key() {
    for (i, rules) in variants().enumerate() {
        let plies = check_move_with_key_given(&Position::start(rules), 20, 40, 4700 + i as u64);
        assert!(plies > 20 * 10, "{rules:?}: only {plies} plies checked");
    }
}
