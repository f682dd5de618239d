//! A conformance harness for rules crates.
//!
//! Every game crate implements [`Conformance`] for its position type and
//! calls [`check_random_games`] in its tests. For each position met in
//! seeded random games the harness checks:
//!
//! - the legal moves contain no duplicates and agree with the legality
//!   check over every candidate move;
//! - playing a ply on a copy leaves the original position and its hash
//!   unchanged (positions are copy-make), and the incrementally updated
//!   hash equals the hash recomputed from scratch;
//! - every automorphism maps the legal moves onto the legal moves of the
//!   mapped position and keeps the side to move and the outcome;
//! - the canonical form is the same for every image of the position;
//! - the position text parses back to the same position and prints the
//!   same text.
//!
//! [`check_search_sweep`] compares every search configuration of the engine
//! with plain minimax on a position.
//!
//! Failures panic with the position text and what broke, so a test shows
//! the culprit.
#![deny(missing_docs)]

use lapilli_search::{minimax, minimax_root_scores, Engine, Evaluate, Game, Limits, MoveList, Options};
use lapilli_symmetry::{Group, MapMove, Symmetric};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// What the harness needs beyond [`Game`] and [`Symmetric`].
pub trait Conformance: Game + Symmetric + Display + FromStr + PartialEq + Debug
where
    Self::Move: MapMove + Debug,
{
    /// A superset of the legal moves: every move the notation can express
    /// that could be legal in some position (for example every placement
    /// and every pair of points).
    fn candidate_moves(&self) -> Vec<Self::Move>;

    /// The rules crate's own legality check, written apart from move
    /// generation.
    fn is_legal_move(&self, m: Self::Move) -> bool;

    /// The position hash recomputed from scratch.
    fn hash_from_scratch(&self) -> u64;
}

/// Runs every check on one position.
///
/// # Panics
/// Panics with the position's text and the broken property.
pub fn check_position<G>(pos: &G, group: &Group)
where
    G: Conformance,
    G::Move: MapMove + Debug,
{
    let text = pos.to_string();
    let mut list = G::Moves::default();
    pos.legal_moves(&mut list);
    let moves = list.as_slice().to_vec();

    // no duplicates
    for (i, m) in moves.iter().enumerate() {
        assert!(!moves[..i].contains(m), "{text}: move {m:?} generated twice");
    }
    // generation agrees with the legality check
    for m in pos.candidate_moves() {
        assert_eq!(
            moves.contains(&m),
            pos.is_legal_move(m),
            "{text}: generation and legality check disagree on {m:?}"
        );
    }
    for &m in &moves {
        assert!(pos.is_legal_move(m), "{text}: generated {m:?} fails the legality check");
    }
    if pos.outcome().is_some() {
        assert!(moves.is_empty(), "{text}: finished game with legal moves");
    } else {
        assert!(!moves.is_empty(), "{text}: unfinished game without legal moves");
    }
    // hashes
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "{text}: stored hash is stale");
    for &m in &moves {
        let before = pos.clone();
        let mut child = pos.clone();
        child.play(m);
        assert_eq!(&before, pos, "{text}: play on a copy changed the original");
        assert_eq!(
            child.hash(),
            child.hash_from_scratch(),
            "{text}: incremental hash after {m:?} differs from the hash from scratch"
        );
        assert_ne!(child, *pos, "{text}: {m:?} left the position unchanged");
    }
    // symmetry
    let canonical = pos.canonical(group).position;
    for g in group.elements() {
        let image = pos.map(g);
        assert_eq!(image.side_to_move(), pos.side_to_move(), "{text}: symmetry changed the side to move");
        assert_eq!(image.outcome(), pos.outcome(), "{text}: symmetry changed the outcome");
        let mut image_list = G::Moves::default();
        image.legal_moves(&mut image_list);
        let mut mapped: Vec<String> = moves.iter().map(|&m| format!("{:?}", m.map_move(g))).collect();
        let mut actual: Vec<String> = image_list.as_slice().iter().map(|m| format!("{m:?}")).collect();
        mapped.sort();
        actual.sort();
        assert_eq!(mapped, actual, "{text}: a symmetry does not map legal moves onto legal moves");
        assert!(
            image.canonical(group).position == canonical,
            "{text}: canonical form differs for the image {image}"
        );
    }
    assert!(
        pos.canonical(group).position.key() == pos.canonical_key(group),
        "{text}: the canonical form is not the image with the least key"
    );
    let again = canonical.canonical(group).position;
    assert!(again == canonical, "{text}: canonical form is not idempotent");
    // text round trip
    match G::from_str(&text) {
        Ok(parsed) => {
            assert!(parsed == *pos, "{text}: parses to a different position {parsed}");
            assert_eq!(parsed.to_string(), text, "{text}: does not print back unchanged");
        }
        Err(_) => panic!("{text}: the printed text does not parse"),
    }
}

/// Plays `games` seeded random games of at most `max_plies` plies from
/// `start`, running [`check_position`] on every position met. Returns the
/// number of positions checked.
///
/// # Panics
/// Panics on the first broken property.
pub fn check_random_games<G>(start: &G, group: &Group, games: usize, max_plies: usize, seed: u64) -> usize
where
    G: Conformance,
    G::Move: MapMove + Debug,
{
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = 0;
    let mut list = G::Moves::default();
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..=max_plies {
            check_position(&pos, group);
            checked += 1;
            if !play_random_ply(&mut pos, &mut list, &mut rng) {
                break;
            }
        }
    }
    checked
}

/// The search configurations [`check_search_sweep`] compares with plain
/// minimax, each with repetition detection off and exact-depth probes so
/// that its score must equal minimax's at the same depth.
pub fn search_configurations() -> Vec<(&'static str, Options)> {
    let exact = |o: Options| Options { repetition: false, exact_depth_probes: true, ..o };
    vec![
        ("alpha-beta", Options::plain()),
        ("alpha-beta+tt", exact(Options { tt_bytes: 1 << 18, ..Options::plain() })),
        ("pvs+id+tt+ordering", exact(Options { tt_bytes: 1 << 18, ..Options::default() })),
        (
            "pvs+id+aspiration",
            exact(Options { tt_bytes: 1 << 18, aspiration: Some(30), ..Options::default() }),
        ),
        ("lazy-smp-2-threads", exact(Options { tt_bytes: 1 << 18, threads: 2, ..Options::default() })),
        (
            "root-split-2-threads",
            exact(Options { tt_bytes: 1 << 18, threads: 2, split_root: true, ..Options::default() }),
        ),
    ]
}

/// Node counts of one sweep: minimax's, then each configuration's.
#[derive(Clone, Debug)]
pub struct Sweep {
    /// Nodes plain minimax visited.
    pub minimax_nodes: u64,
    /// Nodes per configuration, in [`search_configurations`] order.
    pub nodes: Vec<(&'static str, u64)>,
}

/// Searches `pos` to `depth` plies with plain minimax and every
/// [`search_configurations`] entry (each with a fresh table) and checks
/// that all scores are equal and every chosen move is one of minimax's best.
///
/// # Panics
/// Panics naming the position and the configuration that disagrees.
pub fn check_search_sweep<G, E>(pos: &G, depth: u32, eval: &E) -> Sweep
where
    G: Game + Display + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    let reference = minimax(pos, depth, eval);
    let best: Vec<G::Move> = minimax_root_scores(pos, depth, eval)
        .into_iter()
        .filter(|&(_, s)| s == reference.score)
        .map(|(m, _)| m)
        .collect();
    let mut nodes = Vec::new();
    for (name, options) in search_configurations() {
        let mut engine = Engine::with_options(options);
        let a = engine.search(pos, &[], &Limits::depth(depth), eval);
        assert_eq!(a.score, reference.score, "{pos} depth {depth}: {name} disagrees with minimax");
        let m = a.best_move.expect("a move");
        assert!(
            best.contains(&m),
            "{pos} depth {depth}: {name} chose {m:?}, not among minimax's best {best:?}"
        );
        assert_eq!(a.pv.first(), Some(&m), "{pos}: {name}'s PV does not start with its move");
        nodes.push((name, a.stats.nodes));
    }
    Sweep { minimax_nodes: reference.stats.nodes, nodes }
}

/// The position after up to `plies` uniformly random legal plies from
/// `start` (fewer if the game ends first), drawn from `rng`: a way to get
/// varied positions for sweeps.
pub fn random_playout<G: Game, R: Rng>(start: &G, plies: usize, rng: &mut R) -> G {
    let mut pos = start.clone();
    let mut list = G::Moves::default();
    for _ in 0..plies {
        if !play_random_ply(&mut pos, &mut list, rng) {
            break;
        }
    }
    pos
}

/// Plays one uniformly random legal ply (generated into `list`); false,
/// with nothing played, when the game is over.
fn play_random_ply<G: Game, R: Rng>(pos: &mut G, list: &mut G::Moves, rng: &mut R) -> bool {
    pos.legal_moves(list);
    let moves = list.as_slice();
    if moves.is_empty() {
        return false;
    }
    let m = moves[rng.gen_range(0..moves.len())];
    pos.play(m);
    true
}
