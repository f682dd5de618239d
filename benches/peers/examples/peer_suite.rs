//! Our iterative search (the peers benchmark's options: 4 MiB table,
//! repetition detection off) over a suite of positions that are not the
//! benchmark's, so that a change to the tree can be judged on many
//! positions rather than on the benchmark's few:
//! `peer_suite [morris|terni|petteia|native|all] [N] [DEPTH] [-v]`
//! (defaults: all, 200 positions a game; depth 6 for Nine Men's Morris with
//! folded removals, 8 for Terni Lapilli, 4 for Petteia; DEPTH at least 1).
//! A word that is not one of those, an N or a DEPTH that is not a number,
//! or more arguments, exit with status 2.
//!
//! `native` is Nine Men's Morris as the program searches it, a removal a
//! ply of its own, with the options of the benchmark's native rows
//! ([`Options::playing`]: repetition detection, reductions, the
//! evaluation's aspiration window; a 4 MiB table), to depth 8 by default;
//! `all` leaves it out.
//!
//! Position `i` of a game is reached from the start by `p` uniformly random
//! legal plies, `p` drawn from the game's range (Nine Men's Morris 4 to 24
//! folded turns, or 8 to 48 plies natively, Terni Lapilli 1 to 7 plies,
//! Petteia 2 to 30), from a
//! generator seeded with `i`; a playout that ends the game is passed over
//! (Terni Lapilli keeps 179 of its first 200). Prints, per game, the
//! positions searched, the total of nodes (the same on every run of one
//! build, on a 64-bit machine) and the total time of the searches, each
//! with the making of its engine and table (wall clock, this run only);
//! with `-v` also each position's nodes and score.
use lapilli_game::{Evaluate, Game, History, MoveList};
use lapilli_peers::{our_iterative_options, petteia_eval, FoldedEval, FoldedMorris, TT_BYTES};
use lapilli_search::{Engine, Limits, Options};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Position `i` of the suite: `start` after a random number of random
/// plies in `plies`, or `None` if the game ended on the way.
fn position<G: Game>(start: &G, i: u64, plies: std::ops::RangeInclusive<usize>) -> Option<G> {
    let mut rng = StdRng::seed_from_u64(i);
    let mut pos = start.clone();
    let mut moves = G::Moves::default();
    for _ in 0..rng.gen_range(plies) {
        if pos.outcome().is_some() {
            return None;
        }
        pos.legal_moves(&mut moves);
        let list = moves.as_slice();
        // A game in progress has a legal ply (the `Game` contract).
        if list.is_empty() {
            return None;
        }
        pos.play_unchecked(list[rng.gen_range(0..list.len())]);
    }
    pos.outcome().is_none().then_some(pos)
}

/// Searches the suite of `game` with `options`: `n` seeds, `depth` plies;
/// prints the totals.
#[allow(clippy::too_many_arguments)]
fn suite<G, E>(
    game: &str,
    start: &G,
    plies: std::ops::RangeInclusive<usize>,
    n: u64,
    depth: u32,
    eval: &E,
    options: Options,
    verbose: bool,
) where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    let (mut searched, mut nodes, mut time) = (0, 0, Duration::ZERO);
    for i in 0..n {
        let Some(pos) = position(start, i, plies.clone()) else { continue };
        let clock = Instant::now();
        let analysis =
            Engine::with_options(options).search(&pos, &History::default(), &Limits::depth(depth), eval);
        time += clock.elapsed();
        searched += 1;
        nodes += analysis.stats.nodes;
        if verbose {
            println!("  {game} {i}: {} nodes, score {}", analysis.stats.nodes, analysis.score);
        }
    }
    println!("{game} depth {depth}: {searched} positions, {nodes} nodes, {:.1} ms", time.as_secs_f64() * 1e3);
}

const USAGE: &str = "usage: peer_suite [morris|terni|petteia|native|all] [N] [DEPTH] [-v]";

/// Prints `message` and the usage, and exits with status 2.
fn fail(message: &str) -> ! {
    eprintln!("peer_suite: {message}\n{USAGE}");
    std::process::exit(2)
}

fn main() {
    let verbose = std::env::args().any(|a| a == "-v");
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "-v").collect();
    if args.len() > 3 {
        fail(&format!("too many arguments: {:?}", &args[3..]));
    }
    let game = args.first().map_or("all", String::as_str);
    if !["all", "morris", "terni", "petteia", "native"].contains(&game) {
        fail(&format!("the game must be morris, terni, petteia, native or all, not {game:?}"));
    }
    let n = match args.get(1).map(|a| a.parse::<u64>()) {
        None => 200,
        Some(Ok(n)) => n,
        Some(Err(_)) => fail(&format!("N must be a number of positions, not {:?}", args[1])),
    };
    let depth = match args.get(2).map(|a| a.parse::<u32>()) {
        None => None,
        Some(Ok(d)) if d >= 1 => Some(d),
        Some(_) => fail(&format!("DEPTH must be a number of plies, at least 1, not {:?}", args[2])),
    };
    if matches!(game, "all" | "morris") {
        let start = FoldedMorris(lapilli_morris::Position::default());
        suite("morris", &start, 4..=24, n, depth.unwrap_or(6), &FoldedEval, our_iterative_options(), verbose);
    }
    if matches!(game, "all" | "terni") {
        let start = lapilli_terni_lapilli::Position::default();
        suite(
            "terni",
            &start,
            1..=7,
            n,
            depth.unwrap_or(8),
            &lapilli_terni_lapilli::eval::Heuristic,
            our_iterative_options(),
            verbose,
        );
    }
    if matches!(game, "all" | "petteia") {
        let start = lapilli_petteia::Position::default();
        let eval = |p: &lapilli_petteia::Position| petteia_eval(p);
        suite("petteia", &start, 2..=30, n, depth.unwrap_or(4), &eval, our_iterative_options(), verbose);
    }
    if game == "native" {
        let start = lapilli_morris::Position::default();
        let eval = lapilli_morris::eval::Heuristic::default();
        let options = Options::playing().with_table_bytes(TT_BYTES);
        suite("native", &start, 8..=48, n, depth.unwrap_or(8), &eval, options, verbose);
    }
}
