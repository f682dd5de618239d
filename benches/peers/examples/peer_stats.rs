//! Prints both engines' statistics on the same iterative search, as the
//! peers benchmark runs it (4 MiB tables, our repetition detection off):
//! `peer_stats terni|petteia|morris [DEPTH] [start|mid|flying|dux]`
//! (default: Terni Lapilli; the start; depths 6, 8 and 10 for Terni
//! Lapilli, 4 for Petteia, 6 for Nine Men's Morris). The positions are the
//! benchmark's ([`Pair::new`]: `mid` its mid-game, `flying` the morris
//! flying endgame, `dux` Petteia's Dux start). A word that is not one of
//! those, or a DEPTH that is not a number from 1 to 20, exits with status 2.
use lapilli_game::{Evaluate, Game, History};
use lapilli_peers::pair::{Kind, Position};
use lapilli_peers::{our_iterative_options, their_iterative_options, Pair};
use lapilli_peers::{petteia_eval, FoldedEval, MorrisEval, PetteiaEval, TerniEval};
use lapilli_search::{Engine, Limits};
use minimax::{IterativeSearch, Strategy};

/// Both searches of `pos` to `depth`: our statistics, then theirs.
fn both<G, E, T>(pos: &G, depth: u8, ours: &E, theirs: T)
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
    T: minimax::Evaluator,
    T::G: minimax::Game<S = G>,
    <T::G as minimax::Game>::M: Copy + Eq,
{
    let limits = Limits::depth(depth.into());
    let a = Engine::with_options(our_iterative_options()).search(pos, &History::default(), &limits, ours);
    let mut s = IterativeSearch::new(theirs, their_iterative_options(ours.deepening_step()));
    s.set_max_depth(depth);
    s.choose_move(pos);
    let mut pos = pos.clone();
    println!("depth {depth}: ours score {} {:?}", a.score, a.stats);
    let stats = s.stats(&mut pos);
    let explored = stats.lines().find(|l| l.starts_with("Explored")).unwrap_or("");
    println!("  theirs value {}: {explored}", s.root_value());
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fail = |e: &dyn std::fmt::Display| -> ! {
        eprintln!("peer_stats: {e}");
        std::process::exit(2)
    };
    let game = args.get(1).map_or("terni", String::as_str);
    let position = args.get(3).map_or("start", String::as_str);
    let depths = match args.get(2).map(|a| a.parse::<u8>()) {
        Some(Ok(depth)) => vec![depth],
        Some(Err(_)) => fail(&format!("DEPTH must be a number of plies, not {:?}", args[2])),
        None => match game {
            "petteia" => vec![4],
            "morris" => vec![6],
            _ => vec![6, 8, 10],
        },
    };
    for depth in depths {
        let pair = Pair::new(game, Kind::Iterative, depth, position).unwrap_or_else(|e| fail(&e));
        match &pair.position {
            Position::Terni(p) => both(p, depth, &lapilli_terni_lapilli::eval::Heuristic, TerniEval),
            Position::Petteia(p) => {
                both(p, depth, &|p: &lapilli_petteia::Position| petteia_eval(p), PetteiaEval)
            }
            Position::Morris(p) => both(p, depth, &FoldedEval, MorrisEval),
        }
    }
}
