//! The symmetry checks: a board's group acts on positions and moves the
//! way search and the solver assume.

use crate::identity::Identities;
use crate::random::{legal_moves, random_games};
use crate::rules::{check_pv, check_rules, pv_engine};
use lapilli_game::{Canonicalize, CheckedGame, SymmetryKeyed};
use lapilli_search::Engine;
use lapilli_symmetry::{Group, MapMove, Symmetric};
use rustc_hash::FxHashSet;
use std::fmt::Display;
use std::str::FromStr;

/// Runs every check of [`crate::check_position`] on one position, and the
/// symmetry checks under `group` (the group the game's [`Canonicalize`]
/// uses, e.g. the automorphisms of its board):
/// - for every element `g`: the image `pos.map(g)` maps back to the
///   position under `g`'s inverse, has the same side to move and outcome,
///   and its legal moves are exactly the legal moves mapped by `g`
///   ([`MapMove`]), none merged; for one legal move `m` per element
///   (taken in turn), playing `m` then mapping gives the same position as
///   mapping then playing `m.map_move(g)`;
/// - [`Symmetric::canonical`] is the same position for every image, has
///   the least key ([`Symmetric::canonical_key`]) and is its own canonical
///   form;
/// - [`Canonicalize::canonicalize`] is the same position for every image,
///   is an image of the position and has the least key (so it is the
///   canonical form under `group`);
/// - [`Canonicalize::orbit_len`] (and [`Symmetric::orbit_size`]) is the
///   number of distinct images;
/// - for every legal move `m` and a reply `r`,
///   [`Canonicalize::equivalent_lines`] of `[m, r]` starts with `[m, r]`,
///   its lines have distinct first moves, each line is legal and passes
///   through positions of the same canonical forms as `[m, r]`, and their
///   number divides the order of the position's stabilizer (the group's
///   order over the orbit's size);
/// - the principal variation of a depth-3 search of the
///   [`SymmetryKeyed`] position (whose table is keyed by canonical forms,
///   so that a stored move may be a symmetric twin's) is legal and
///   principal, as for the plain search.
///
/// # Panics
/// On the first broken property, with the position's text and what broke.
///
/// # Examples
/// Tic-tac-toe with the automorphisms of its board, in this crate's
/// `tests/tic_tac_toe.rs`: `check_symmetry(&position, group)`.
pub fn check_symmetry<G>(pos: &G, group: &Group)
where
    G: CheckedGame + Canonicalize + Symmetric + Display + FromStr + PartialEq,
    G::Move: MapMove,
{
    check_all(pos, group, &mut pv_engine(), &mut pv_engine(), &mut Identities::new());
}

/// Plays `games` seeded random games of at most `max_plies` plies from
/// `start` and runs [`check_symmetry`] under `group` on every position met;
/// across the whole run, no two unequal positions met share a key (as in
/// [`crate::check_random_games`]). Returns the number of positions checked. The same seed gives the same
/// games.
///
/// # Panics
/// On the first broken property, with the position's text and what broke.
///
/// # Examples
/// Tic-tac-toe with the automorphisms of its board, in this crate's
/// `tests/tic_tac_toe.rs`: 40 games from the empty board, each ending
/// within 9 plies, check 6 to 10 positions each.
/// `check_random_games_with_symmetry(&TicTacToe::new(), group(), 40, 9, 11)`.
pub fn check_random_games_with_symmetry<G>(
    start: &G,
    group: &Group,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> usize
where
    G: CheckedGame + Canonicalize + Symmetric + Display + FromStr + PartialEq,
    G::Move: MapMove,
{
    let (mut plain, mut keyed, mut identities) = (pv_engine(), pv_engine(), Identities::new());
    random_games(start, games, max_plies, seed, |pos| {
        check_all(pos, group, &mut plain, &mut keyed, &mut identities)
    })
}

/// The rules checks, the symmetry checks and the keyed search.
fn check_all<G>(
    pos: &G,
    group: &Group,
    plain: &mut Engine<G>,
    keyed: &mut Engine<SymmetryKeyed<G>>,
    identities: &mut Identities<G>,
) where
    G: CheckedGame + Canonicalize + Symmetric + Display + FromStr + PartialEq,
    G::Move: MapMove,
{
    check_rules(pos, plain, identities);
    let text = pos.to_string();
    check_images(pos, group, &text);
    check_equivalent_lines(pos, group, &text);
    check_pv(pos, &SymmetryKeyed::new(pos.clone()), keyed, &text, "symmetry-keyed ");
}

/// The group acts on the position and its moves; canonical forms and
/// orbit sizes agree.
fn check_images<G>(pos: &G, group: &Group, text: &str)
where
    G: CheckedGame + Canonicalize + Symmetric + Display + PartialEq,
    G::Move: MapMove,
{
    let moves = legal_moves(pos);
    let canonical = pos.canonical(group).position;
    let least = pos.canonical_key(group);
    assert!(
        canonical.key() == least,
        "{text}: the canonical form {canonical} is not the image with the least key"
    );
    assert!(
        canonical.canonical(group).position == canonical,
        "{text}: the canonical form {canonical} is not its own canonical form"
    );
    let canonicalized = pos.canonicalize();
    assert!(
        canonicalized.key() == least,
        "{text}: canonicalize() gives {canonicalized}, not the image with the least key, {canonical}"
    );
    let mut in_orbit = false;
    let mut keys = Vec::with_capacity(group.len());
    for (i, g) in group.elements().iter().enumerate() {
        let image = pos.map(g);
        let element = format!("element {i} of the group ({:?})", g.images());
        assert!(
            image.map(&g.inverse()) == *pos,
            "{text}: the inverse of {element} does not map {image} back"
        );
        assert!(image.side_to_move() == pos.side_to_move(), "{text}: {element} changes the side to move");
        assert!(image.outcome() == pos.outcome(), "{text}: {element} changes the outcome");
        let mapped: FxHashSet<G::Move> = moves.iter().map(|&m| m.map_move(g)).collect();
        let actual = legal_moves(&image);
        let actual_set: FxHashSet<G::Move> = actual.iter().copied().collect();
        assert!(
            mapped.len() == moves.len() && mapped == actual_set && actual.len() == actual_set.len(),
            "{text}: {element} does not map the legal moves {moves:?} onto the legal moves {actual:?} of the image {image}"
        );
        if !moves.is_empty() {
            let m = moves[i % moves.len()];
            let mut child = pos.clone();
            child.play_unchecked(m);
            let mut image_child = image.clone();
            image_child.play_unchecked(m.map_move(g));
            assert!(
                child.map(g) == image_child,
                "{text}: playing {m:?} and then {element} differs from {element} and then playing {:?}",
                m.map_move(g)
            );
        }
        let image_canonical = image.canonical(group).position;
        assert!(
            image_canonical == canonical,
            "{text}: the canonical form of the image {image} under {element} is {image_canonical}, not {canonical}"
        );
        assert!(
            image.canonicalize() == canonicalized,
            "{text}: canonicalize() of the image {image} under {element} differs from the position's"
        );
        in_orbit |= image == canonicalized;
        keys.push(image.key());
    }
    assert!(in_orbit, "{text}: canonicalize() gives {canonicalized}, which is no image of the position");
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(pos.orbit_len(), keys.len(), "{text}: orbit_len() is not the number of distinct images");
    assert_eq!(
        pos.orbit_size(group),
        keys.len(),
        "{text}: orbit_size() is not the number of distinct images"
    );
}

/// The lines of [`Canonicalize::equivalent_lines`] for each legal move and
/// its first reply.
fn check_equivalent_lines<G>(pos: &G, group: &Group, text: &str)
where
    G: CheckedGame + Canonicalize + Symmetric + Display + PartialEq,
    G::Move: MapMove,
{
    let stabilizer = group.len() / pos.orbit_len();
    for m in legal_moves(pos) {
        let mut line = vec![m];
        let mut after = pos.clone();
        after.play_unchecked(m);
        line.extend(legal_moves(&after).first());
        let lines = pos.equivalent_lines(&line);
        assert!(
            lines.first() == Some(&line),
            "{text}: the equivalent lines of {line:?} do not start with it"
        );
        let firsts: FxHashSet<G::Move> = lines.iter().map(|l| l[0]).collect();
        assert!(firsts.len() == lines.len(), "{text}: equivalent lines {lines:?} share a first move");
        assert!(
            stabilizer.is_multiple_of(lines.len()),
            "{text}: {} equivalent lines of {line:?}, not a divisor of the stabilizer's order {stabilizer}",
            lines.len()
        );
        for image in &lines {
            assert!(
                image.len() == line.len(),
                "{text}: the equivalent line {image:?} of {line:?} has another length"
            );
            let (mut at, mut image_at) = (pos.clone(), pos.clone());
            for (&m, &i) in line.iter().zip(image) {
                assert!(
                    legal_moves(&image_at).contains(&i),
                    "{text}: {i:?} of the equivalent line {image:?} of {line:?} is not legal"
                );
                at.play_unchecked(m);
                image_at.play_unchecked(i);
                assert!(
                    at.canonicalize() == image_at.canonicalize(),
                    "{text}: the equivalent line {image:?} of {line:?} reaches {image_at}, not an image of {at}"
                );
            }
        }
    }
}
