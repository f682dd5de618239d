//! The Zobrist key after a ply or a whole turn, told without playing it
//! (`Position::zobrist_after`, `Position::zobrist_after_turn`), against
//! the key of the position played and the key recomputed from scratch.

use lapilli_game::Game;
use lapilli_morris::{Move, Position, Rules, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Random positions of every variant, flying on and off, and two set-ups
/// random games rarely reach: every black piece in a mill (any may be
/// taken) and no black piece on the board (a mill takes nothing).
fn positions(seed: u64) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions: Vec<Position> = Variant::ALL
        .into_iter()
        .flat_map(|v| [Rules::new(v), Rules { flying: !Rules::new(v).flying, ..Rules::new(v) }])
        .flat_map(|rules| std::iter::repeat_n(Position::start(rules), 150))
        .map(|start| lapilli_conformance::random_playout(&start, rng.gen_range(0..120), &mut rng))
        .collect();
    for text in ["WW..BBB./......../........ w 5 5 -", "WW....../......../........ w 5 5 -"] {
        positions.push(text.parse().unwrap());
    }
    positions
}

#[test]
fn the_key_after_a_ply_is_the_key_of_the_ply_played() {
    let (mut plies, mut pending, mut removals) = (0, 0, 0);
    for pos in positions(67) {
        for m in pos.legal_moves() {
            let mut after = pos;
            after.play_unchecked(m);
            assert_eq!(after.zobrist(), after.zobrist_from_scratch(), "{pos}: {m:?}");
            assert_eq!(pos.zobrist_after(m), after.zobrist(), "{pos}: {m:?}");
            assert_eq!(Game::zobrist_after(&pos, m), Some(after.zobrist()), "{pos}: {m:?}");
            plies += 1;
            pending += usize::from(after.pending_removal());
            removals += usize::from(matches!(m, Move::Remove(_)));
        }
    }
    assert!(
        plies > 5_000 && pending > 100 && removals > 100,
        "{plies} plies, {pending} pending, {removals} removals"
    );
}

#[test]
fn the_key_after_a_turn_is_the_key_of_the_turn_played() {
    // Every placement or slide with each removal it earns, or alone when
    // it earns none (a mill closed with no piece to take included: the
    // set-up with no black piece on the board).
    let (mut turns, mut with_removal, mut mill_without) = (0, 0, 0);
    for pos in positions(71).into_iter().filter(|p| !p.pending_removal()) {
        for ply in pos.legal_moves() {
            let mut after = pos;
            after.play_unchecked(ply);
            let removals = if after.pending_removal() { after.legal_moves().to_vec() } else { Vec::new() };
            mill_without += usize::from(!after.pending_removal() && pos.closes_mill(ply));
            for removal in removals.iter().map(|&r| Some(r)).chain(removals.is_empty().then_some(None)) {
                let mut end = after;
                if let Some(r) = removal {
                    end.play_unchecked(r);
                    with_removal += 1;
                }
                assert_eq!(end.side_to_move(), pos.side_to_move().opponent(), "{pos}: {ply:?} {removal:?}");
                assert_eq!(pos.zobrist_after_turn(ply, removal), end.zobrist(), "{pos}: {ply:?} {removal:?}");
                turns += 1;
            }
        }
    }
    assert!(
        turns > 5_000 && with_removal > 100 && mill_without > 0,
        "{turns} turns, {with_removal} with a removal, {mill_without} closing a mill with nothing to take"
    );
}
