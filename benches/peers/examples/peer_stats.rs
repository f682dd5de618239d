//! Prints both engines' statistics on the same iterative search, as the
//! peers benchmark runs it (4 MiB tables, our repetition detection off):
//! `peer_stats terni|petteia|morris [depth] [start|mid]` (default: Terni
//! Lapilli from the start at depths 6, 8 and 10). `mid` is the benchmark's
//! mid-game position of Petteia or Nine Men's Morris (12 or 14 plies in).
use lapilli_game::{Evaluate, Game, History};
use lapilli_peers::{midgame, petteia_eval, FoldedEval, FoldedMorris, MorrisEval, PetteiaEval, TerniEval};
use lapilli_peers::{our_iterative_options, their_iterative_options, MORRIS_MID_PLIES, PETTEIA_MID_PLIES};
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
    let game = args.get(1).map_or("terni", String::as_str);
    let depth: Option<u8> = args.get(2).and_then(|a| a.parse().ok());
    let mid = args.get(3).map(String::as_str) == Some("mid");
    match game {
        "petteia" => {
            let start = lapilli_petteia::Position::default();
            let pos = if mid { midgame(&start, PETTEIA_MID_PLIES) } else { start };
            both(&pos, depth.unwrap_or(4), &|p: &lapilli_petteia::Position| petteia_eval(p), PetteiaEval);
        }
        "morris" => {
            let start = FoldedMorris(lapilli_morris::Position::default());
            let pos = if mid { midgame(&start, MORRIS_MID_PLIES) } else { start };
            both(&pos, depth.unwrap_or(6), &FoldedEval, MorrisEval);
        }
        _ => {
            let pos = lapilli_terni_lapilli::Position::default();
            for d in depth.map_or(vec![6, 8, 10], |d| vec![d]) {
                both(&pos, d, &lapilli_terni_lapilli::eval::Heuristic, TerniEval);
            }
        }
    }
}
