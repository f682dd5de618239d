//! The workspace conformance harness run over Petteia: every variant, the
//! rule options, square and rectangular boards, and boards over 64 squares
//! (with their trivial group).

use lapilli_conformance::{
    check_move_with_key_given, check_position, check_random_games, check_random_games_with_symmetry,
    check_search_sweep, random_playout,
};
use lapilli_game::Game;
use lapilli_petteia::eval::Heuristic;
use lapilli_petteia::{DuxPlacement, Position, Rules, Setup, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every variant and option, on boards of every shape.
fn setups() -> Vec<(&'static str, Setup)> {
    let anvil = Rules { edge_anvil: true, corner_capture: true, no_progress_limit: Some(40) };
    vec![
        ("standard 8x8", Setup::new(Variant::Standard)),
        ("dux 8x8", Setup::new(Variant::Dux)),
        ("dux same file", Setup::new(Variant::Dux).dux_placement(DuxPlacement::SameFile)),
        ("standard 8x8 anvil corners", Setup::new(Variant::Standard).rules(anvil)),
        ("dux 8x8 anvil corners", Setup::new(Variant::Dux).rules(anvil)),
        ("standard 6x6", Setup::new(Variant::Standard).size(6, 6).unwrap()),
        ("dux 5x7", Setup::new(Variant::Dux).size(5, 7).unwrap()),
        ("standard 8x12", Setup::new(Variant::Standard).size(8, 12).unwrap()),
        ("dux 9x10", Setup::new(Variant::Dux).size(9, 10).unwrap()),
    ]
}

/// How many more games release builds play than debug builds (the checks
/// search every position; the README's test command builds in release).
const SCALE: usize = if cfg!(debug_assertions) { 1 } else { 8 };

#[test]
fn random_games_conform_in_every_variant() {
    for (i, (name, setup)) in setups().into_iter().enumerate() {
        let start = setup.start();
        let group = start.group();
        let squares = setup.width() * setup.height();
        let expected = match (setup.width(), setup.height()) {
            _ if squares > 64 => 1,
            (w, h) if w == h => 8,
            _ => 4,
        };
        assert_eq!((group.len(), group.points()), (expected, squares), "{name}");
        let plies = if cfg!(debug_assertions) { 12 } else { 80 };
        let checked = check_random_games_with_symmetry(&start, group, SCALE, plies, 2026 + i as u64);
        assert_eq!(checked, SCALE * (plies + 1), "{name}: a game ended early");
    }
}

/// Sparse positions, whose random games reach their end: reduction and
/// blocking, Duxes, the rule options, a board over 64 squares.
#[test]
fn random_endgames_conform() {
    let mut finished = 0;
    for (i, text) in [
        "2m5/8/1m6/8/8/6M1/8/3M4 w 0",
        "3d4/m7/8/2m5/8/5M2/7M/4D3 b 3",
        "m3m3/8/8/8/8/8/8/M3M3 w 0 anvil corners no-progress=30",
        "m6m/8/8/8/8/8/8/8/8/8/8/M6M w 0",
        "7m/8/8/8/8/8/8/MM6 b 0",
        "7m/8/8/8/8/8/mm6/MMm5 w 0",
    ]
    .into_iter()
    .enumerate()
    {
        let start: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let games = 2 * SCALE;
        let checked = check_random_games_with_symmetry(&start, start.group(), games, 60, 99 + i as u64);
        finished += usize::from(checked < games * 61);
    }
    assert!(finished >= 3, "{finished}");
}

/// The rules checks alone (no symmetry), on longer games of the two 8x8
/// starts.
#[test]
fn longer_random_games_conform() {
    for (i, variant) in [Variant::Standard, Variant::Dux].into_iter().enumerate() {
        let plies = if cfg!(debug_assertions) { 30 } else { 150 };
        let checked = check_random_games(&Setup::new(variant).start(), SCALE, plies, 77 + i as u64);
        assert!(checked > SCALE * plies / 2, "{variant}: {checked} positions");
    }
}

/// A position given a no-progress count, checked alone.
#[test]
fn a_position_with_a_count_conforms() {
    let pos: Position = "m6m/8/8/8/8/8/8/M6M w 98".parse().unwrap();
    check_position(&pos);
}

/// Every engine configuration agrees with plain minimax on positions from
/// random games (both variants).
#[test]
fn search_sweep_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(3);
    let eval = Heuristic::default();
    let mut swept = 0;
    for variant in [Variant::Standard, Variant::Dux] {
        for _ in 0..4 {
            let plies = rng.gen_range(4..40);
            let pos = random_playout(&Setup::new(variant).start(), plies, &mut rng);
            if pos.outcome().is_some() {
                continue;
            }
            let sweep = check_search_sweep(&pos, 3, &eval);
            assert!(sweep.nodes[0].1 <= sweep.minimax_nodes);
            swept += 1;
        }
    }
    assert!(swept >= 6);
}

/// `move_with_key` (which the harness's check lets a game leave out) is
/// given: every legal ply of random games of every variant and board, with
/// its captures, is found by its key.
#[test]
fn every_legal_ply_is_found_by_its_key() {
    for (i, (name, setup)) in setups().into_iter().enumerate() {
        let plies = check_move_with_key_given(&setup.start(), 2, 60, 4700 + i as u64);
        assert!(plies > 2 * 60, "{name}: only {plies} plies checked");
    }
}
