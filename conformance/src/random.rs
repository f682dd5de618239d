//! Random plies: the walks that supply the harness with positions.

use lapilli_game::{Game, MoveList};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The legal moves of `pos`, in generation order.
pub(crate) fn legal_moves<G: Game>(pos: &G) -> Vec<G::Move> {
    let mut list = G::Moves::default();
    pos.legal_moves(&mut list);
    list.as_slice().to_vec()
}

/// Plays one uniformly random legal ply (generated into `list`); false,
/// with nothing played, when there is none.
pub(crate) fn play_random_ply<G: Game, R: Rng>(pos: &mut G, list: &mut G::Moves, rng: &mut R) -> bool {
    pos.legal_moves(list);
    let moves = list.as_slice();
    if moves.is_empty() {
        return false;
    }
    let m = moves[rng.gen_range(0..moves.len())];
    pos.play_unchecked(m);
    true
}

/// Runs `check` on every position of `games` seeded random games of at most
/// `max_plies` plies from `start`; returns the number of positions checked.
pub(crate) fn random_games<G: Game>(
    start: &G,
    games: usize,
    max_plies: usize,
    seed: u64,
    mut check: impl FnMut(&G),
) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut list = G::Moves::default();
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..=max_plies {
            check(&pos);
            checked += 1;
            if !play_random_ply(&mut pos, &mut list, &mut rng) {
                break;
            }
        }
    }
    checked
}
