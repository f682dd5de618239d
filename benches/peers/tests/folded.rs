//! The folded morris adapter: its `move_with_key` (a ply and the removal it
//! earns, found by key) against its own generation.

use lapilli_conformance::{check_move_with_key_given, random_playout};
use lapilli_game::{Game, MoveList};
use lapilli_peers::{FoldedMorris, FoldedMove};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

#[test]
fn every_folded_move_is_found_by_its_key() {
    // Random games through placing, sliding, flying and the removals of
    // the mills they close.
    let start = FoldedMorris(lapilli_morris::Position::default());
    let plies = check_move_with_key_given(&start, 20, 100, 47);
    assert!(plies > 20 * 100, "only {plies} plies checked");
}

/// Checks every key a folded move can have (below 16,384) on `pos`: a key
/// finds a move only if generation gives that move with that key; and the
/// Zobrist key after each move, told without playing it. Returns how many
/// moves were found, and how many of them with a removal.
fn check_every_key(pos: &FoldedMorris) -> (usize, usize) {
    let mut moves = Default::default();
    pos.legal_moves(&mut moves);
    for &m in MoveList::as_slice(&moves) {
        let mut after = *pos;
        after.play_unchecked(m);
        assert_eq!(pos.zobrist_after(m), Some(after.zobrist()), "{:?}: {m:?}", pos.0);
    }
    let keyed: HashMap<u32, FoldedMove> =
        MoveList::as_slice(&moves).iter().map(|&m| (pos.move_key(m).unwrap(), m)).collect();
    for key in 0..16_384 {
        assert_eq!(pos.move_with_key(key), keyed.get(&key).copied(), "{:?}: key {key}", pos.0);
    }
    (keyed.len(), keyed.values().filter(|m| m.removal.is_some()).count())
}

#[test]
fn every_key_finds_exactly_the_folded_move_generation_gives_it() {
    // On positions of random games: a removal the ply does not earn, a
    // protected piece, or a ply that owes a removal keyed without one
    // finds nothing.
    let mut rng = StdRng::seed_from_u64(49);
    let start = FoldedMorris(lapilli_morris::Position::default());
    let (mut found, mut with_removal) = (0, 0);
    for _ in 0..60 {
        let pos = random_playout(&start, rng.gen_range(0..60), &mut rng);
        let (f, r) = check_every_key(&pos);
        (found, with_removal) = (found + f, with_removal + r);
    }
    assert!(found > 600 && with_removal > 50, "{found} moves found, {with_removal} with a removal");
}

#[test]
fn keys_find_the_removals_of_the_set_up_cases_random_games_rarely_reach() {
    // (position, moves, moves with a removal): every black piece stands
    // in a mill, so a mill at g7 may take any of the three; Black has no
    // piece on the board, so g7 closes a mill that takes nothing; Black's
    // b6 alone stands outside its mill.
    let cases = [
        ("WW..BBB./......../........ w 5 5 -", 18 + 3, 3),
        ("WW....../......../........ w 5 5 -", 22, 0),
        ("WW..BBB./B......./........ w 5 5 -", 17 + 1, 1),
    ];
    for (text, moves, removals) in cases {
        let pos = FoldedMorris(text.parse().unwrap());
        assert_eq!(check_every_key(&pos), (moves, removals), "{text}");
    }
}

#[test]
fn the_folded_hints_of_a_whole_list_agree_with_the_hints_one_by_one() {
    // The batch finds the opponent's mill points and the removal order
    // once; a ply with a removal is 2 to 4 (2 plus the removal's rank), a
    // block 1, anything else 0, as the move-by-move hint says.
    let mut rng = StdRng::seed_from_u64(50);
    let start = FoldedMorris(lapilli_morris::Position::default());
    let (mut moves, mut hints) = (Default::default(), Vec::new());
    let mut seen = [0usize; 5];
    for _ in 0..300 {
        let pos = random_playout(&start, rng.gen_range(0..80), &mut rng);
        pos.legal_moves(&mut moves);
        let list = MoveList::as_slice(&moves);
        pos.move_order_hints(list, &mut hints);
        let one_by_one: Vec<i32> = list.iter().map(|&m| pos.move_order_hint(m)).collect();
        assert_eq!(hints, one_by_one, "{:?}", pos.0);
        for &h in &hints {
            seen[h as usize] += 1;
        }
    }
    // A removal of rank 2 (in an open mill and a blocker) is rarer.
    assert!(seen[..4].iter().all(|&n| n > 100) && seen[4] > 5, "hints 0 to 4 seen {seen:?} times");
}

#[test]
fn the_folded_moves_are_empty_exactly_when_the_game_is_over() {
    // Random games played to their end (or 300 folded moves): reductions
    // and blockades, with and without a removal on the last move.
    let mut rng = StdRng::seed_from_u64(53);
    let mut moves = Default::default();
    let mut ended = 0;
    for _ in 0..200 {
        let mut pos = FoldedMorris(lapilli_morris::Position::default());
        for _ in 0..300 {
            pos.legal_moves(&mut moves);
            let list = MoveList::as_slice(&moves);
            assert_eq!(list.is_empty(), pos.outcome().is_some(), "{:?}", pos.0);
            if list.is_empty() {
                ended += 1;
                break;
            }
            pos.play_unchecked(list[rng.gen_range(0..list.len())]);
        }
    }
    assert!(ended > 100, "only {ended} of 200 games ended");
}

#[test]
fn the_key_after_a_folded_move_is_the_key_of_the_move_played() {
    // Every folded move of random games, with and without a removal.
    let mut rng = StdRng::seed_from_u64(59);
    let mut moves = Default::default();
    let (mut checked, mut removals) = (0, 0);
    for _ in 0..100 {
        let mut pos = FoldedMorris(lapilli_morris::Position::default());
        for _ in 0..rng.gen_range(0..120) {
            pos.legal_moves(&mut moves);
            let list = MoveList::as_slice(&moves);
            for &m in list {
                let mut after = pos;
                after.play_unchecked(m);
                assert_eq!(pos.zobrist_after(m), Some(after.zobrist()), "{:?}: {m:?}", pos.0);
                checked += 1;
                removals += usize::from(m.removal.is_some());
            }
            if list.is_empty() {
                break;
            }
            pos.play_unchecked(list[rng.gen_range(0..list.len())]);
        }
    }
    assert!(checked > 10_000 && removals > 500, "{checked} moves, {removals} with a removal");
}
