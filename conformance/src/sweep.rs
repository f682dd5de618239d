//! The search sweep: every engine configuration against plain minimax.

use crate::random::play_random_ply;
use lapilli_game::{Evaluate, Game, History};
use lapilli_search::{minimax, minimax_root_scores, Engine, Limits, Options};
use rand::Rng;
use std::fmt::Display;

/// Transposition-table size of the sweep's configurations.
const SWEEP_TABLE_BYTES: usize = 1 << 18;

/// The search configurations [`check_search_sweep`] compares with plain
/// minimax, by name: plain alpha-beta; with killer and history ordering
/// ([`Options::alpha_beta`]); with a table; with principal-
/// variation search, iterative deepening, the table and move ordering
/// (with and without enhanced transposition cutoffs);
/// with an aspiration window of 30 units; with iterative deepening by one
/// ply and by three (whatever the evaluation's step,
/// [`lapilli_game::Evaluate::deepening_step`]); Lazy SMP with two threads; the
/// root split between two threads. All but the first have repetition
/// detection off and exact-depth probes on, so that each score must equal
/// minimax's at the same depth.
///
/// ```
/// let names: Vec<_> = lapilli_conformance::search_configurations().into_iter().map(|(n, _)| n).collect();
/// assert_eq!(names[0], "alpha-beta");
/// assert_eq!(names.len(), 10);
/// ```
pub fn search_configurations() -> Vec<(&'static str, Options)> {
    let exact = |o: Options| o.with_repetition(false).with_exact_depth_probes(true);
    let table = Options::default().with_table_bytes(SWEEP_TABLE_BYTES);
    vec![
        ("alpha-beta", Options::plain()),
        ("alpha-beta+ordering", Options::alpha_beta()),
        ("alpha-beta+tt", exact(Options::plain().with_table_bytes(SWEEP_TABLE_BYTES))),
        ("pvs+id+tt+ordering", exact(table)),
        ("pvs+id+tt+ordering, no etc", exact(table.with_transposition_cutoffs(false))),
        ("pvs+id+aspiration", exact(table.with_aspiration(Some(30)))),
        ("pvs+id by 1+tt", exact(table.with_deepening_step(Some(1)))),
        ("pvs+id by 3+tt", exact(table.with_deepening_step(Some(3)))),
        ("lazy-smp-2-threads", exact(table.with_threads(2))),
        ("root-split-2-threads", exact(table.with_threads(2).with_split_root(true))),
    ]
}

/// Node counts of one sweep: minimax's, then each configuration's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// Nodes plain minimax visited.
    pub minimax_nodes: u64,
    /// Nodes per configuration, in [`search_configurations`] order.
    pub nodes: Vec<(&'static str, u64)>,
}

/// Searches `pos` to `depth` plies with plain minimax and every
/// [`search_configurations`] entry (each with a fresh table, as the start
/// of a game: `History::default()`) and checks that all scores are equal,
/// that every chosen move is one of minimax's best and that each principal
/// variation starts with its move. Use an evaluation with ties (coarse
/// units) to exercise the tie rules.
///
/// # Panics
/// Naming the position and the configuration that disagrees; also when
/// the game is over at `pos` (there is no move to compare).
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
        let a = engine.search(pos, &History::default(), &Limits::depth(depth), eval);
        assert_eq!(a.score, reference.score, "{pos} depth {depth}: {name} disagrees with minimax");
        let Some(m) = a.best_move else {
            panic!("{pos} depth {depth}: {name} found no move");
        };
        assert!(
            best.contains(&m),
            "{pos} depth {depth}: {name} chose {m:?}, not among minimax's best {best:?}"
        );
        assert_eq!(
            a.pv.first(),
            Some(&m),
            "{pos}: {name}'s principal variation does not start with its move"
        );
        nodes.push((name, a.stats.nodes));
    }
    Sweep { minimax_nodes: reference.stats.nodes, nodes }
}

/// The position after up to `plies` uniformly random legal plies from
/// `start` (fewer if the game ends first), drawn from `rng`: a way to get
/// varied positions for sweeps.
///
/// ```
/// use lapilli_game::doc_game::Nim;
/// use rand::SeedableRng;
/// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
/// let pos = lapilli_conformance::random_playout(&Nim::new(9), 3, &mut rng);
/// assert!((3..=6).contains(&pos.0)); // 3 plies of 1 or 2 stones
/// ```
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
