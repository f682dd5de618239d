//! The index checks: an [`Indexed`] game gives every position an index
//! below the bound, and unequal positions unequal indices, as the solver
//! assumes.

use crate::identity::Identities;
use crate::random::{legal_moves, random_games};
use crate::rules::{check_rules, pv_engine};
use lapilli_game::{CheckedGame, Game, Indexed};
use std::fmt::Display;
use std::str::FromStr;

/// The index checks alone, on one position and its children:
/// [`Indexed::index`] is below the position's [`Indexed::index_bound`]
/// (which bounds every position reachable from it) for each of them, and
/// no two unequal ones (`PartialEq`) share an index or a
/// [`Game::zobrist`] key.
///
/// [`solve`](lapilli_tablebase::solve) and
/// [`solve_reduced`](lapilli_tablebase::solve_reduced) trust the index: two
/// positions with the same index are stored as one, which gives a wrong
/// solution without any error. The rules checks are
/// [`crate::check_position`]'s; [`check_random_games_indexed`] runs both
/// over random games, comparing indices across the whole run.
///
/// # Panics
/// On the first broken property, with the positions' texts and what broke.
///
/// # Examples
/// ```
/// use lapilli_conformance::check_index;
/// use lapilli_game::doc_game::Nim;
///
/// // The index of (stones, side) is 2 * stones + side, below 2 * (7 + 1).
/// check_index(&Nim::new(7));
/// ```
pub fn check_index<G>(pos: &G)
where
    G: Game + Indexed + Display + PartialEq,
{
    let mut identities = Identities::indexed(pos);
    let text = pos.to_string();
    identities.meet(pos, &text, None);
    for m in legal_moves(pos) {
        let mut child = pos.clone();
        child.play_unchecked(m);
        identities.meet(&child, &text, Some(m));
    }
}

/// [`crate::check_random_games`] for an [`Indexed`] game, with the index
/// checks: plays `games` seeded random games of at most `max_plies` plies
/// from `start`, runs [`crate::check_position`] on every position met, and
/// checks that every position met (the positions checked and their
/// children) has an [`Indexed::index`] below the start's
/// [`Indexed::index_bound`], and that across the whole run no two unequal
/// positions (`PartialEq`) share an index or a [`Game::zobrist`] key.
/// Returns the number of positions checked. The same seed gives the same
/// games.
///
/// # Panics
/// On the first broken property, with the positions' texts and what broke.
///
/// # Examples
/// ```
/// use lapilli_conformance::check_random_games_indexed;
/// use lapilli_game::doc_game::Nim;
///
/// // Each game takes 1 or 2 stones a ply: 6 to 11 positions.
/// let checked = check_random_games_indexed(&Nim::new(10), 20, 30, 1);
/// assert!((120..=220).contains(&checked));
/// ```
pub fn check_random_games_indexed<G>(start: &G, games: usize, max_plies: usize, seed: u64) -> usize
where
    G: CheckedGame + Indexed + Display + FromStr + PartialEq,
{
    let (mut engine, mut identities) = (pv_engine(), Identities::indexed(start));
    random_games(start, games, max_plies, seed, |pos| check_rules(pos, &mut engine, &mut identities))
}
