//! The harness, symmetry checks included, on tic-tac-toe
//! (`common::ttt`), whose group is found from its board.

mod common;

use common::ttt::{group, TicTacToe};
use lapilli_conformance::{
    check_position, check_random_games, check_random_games_with_symmetry, check_search_sweep, check_symmetry,
};
use lapilli_game::{Canonicalize, CheckedGame, Game, Outcome};
use lapilli_symmetry::Symmetric;

fn pos(text: &str) -> TicTacToe {
    text.parse().unwrap()
}

#[test]
fn the_board_has_the_eight_symmetries_of_the_square() {
    assert_eq!(group().len(), 8);
    assert_eq!(group().points(), 9);
    // A corner stone has 4 images, the centre one.
    assert_eq!(pos("x../.../...").orbit_len(), 4);
    assert_eq!(pos(".../.x./...").orbit_len(), 1);
    assert_eq!(pos(".../.../..x").canonicalize(), pos(".../.../x.."));
}

#[test]
fn chosen_positions_pass_the_symmetry_checks() {
    let texts = [
        ".../.../...",
        "x../.../...",
        ".x./.../...",
        "x../.o./...",
        "xx./oo./...",
        "xxx/oo./...", // X has three in a line
        "xox/xoo/oxx", // full, no line: a draw
        "xo./xo./x..", // X wins on a column
    ];
    for text in texts {
        let p = pos(text);
        assert_eq!(p.to_string(), text);
        check_symmetry(&p, group());
    }
    assert_eq!(pos("xxx/oo./...").outcome(), Some(Outcome::Loss));
    assert_eq!(pos("xox/xoo/oxx").ending().map(|e| lapilli_game::Ending::name(&e)), Some("full"));
}

#[test]
fn random_games_pass_the_symmetry_checks() {
    // Every game ends within 9 plies: 6 to 10 positions each.
    let checked = check_random_games_with_symmetry(&TicTacToe::new(), group(), 40, 9, 11);
    assert!((40 * 6..=40 * 10).contains(&checked), "{checked}");
    assert_eq!(check_random_games(&TicTacToe::new(), 40, 9, 11), checked, "the same games without symmetry");
}

#[test]
fn one_position_passes_without_symmetry() {
    check_position(&pos("x../.o./..x"));
}

#[test]
fn every_configuration_agrees_with_minimax_on_tic_tac_toe() {
    // Coarse: the number of X stones on corners, so that ties happen.
    let eval = |p: &TicTacToe| {
        let x = p.key() & 0b101_000_101;
        let sign = if p.side_to_move().index() == 0 { 1 } else { -1 };
        sign * x.count_ones() as i32
    };
    let sweep = check_search_sweep(&pos("x../.o./..."), 5, &eval);
    assert_eq!(sweep.nodes.len(), 10);
    assert!(sweep.minimax_nodes > 1000);
}
