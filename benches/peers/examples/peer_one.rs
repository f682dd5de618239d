//! Runs one engine N times on the same search, for instruction counting
//! with callgrind:
//! `peer_one ours|theirs plain|iterative terni|petteia|morris [N] [depth]`
//! (`plain`: our alpha-beta without a table against their `Negamax`;
//! `iterative`: iterative deepening with a 4 MiB table on both sides).
use lapilli_game::{Evaluate, Game, History};
use lapilli_peers::{morris_eval, petteia_eval, FoldedMorris, MorrisEval, PetteiaEval, TerniEval};
use lapilli_search::{Engine, Limits, Options};
use lapilli_terni_lapilli::eval::Heuristic;
use minimax::{Evaluator, IterativeOptions, IterativeSearch, Negamax, Strategy};

fn run<G, E, T>(theirs: bool, plain: bool, pos: &G, depth: u8, n: usize, ours: &E, their: impl Fn() -> T)
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
    T: Evaluator,
    T::G: minimax::Game<S = G>,
    <T::G as minimax::Game>::M: Copy + Eq,
{
    let opts = if plain {
        Options::plain()
    } else {
        Options::default().with_table_bytes(4 << 20).with_repetition(false)
    };
    let limits = Limits::depth(depth.into());
    for _ in 0..n {
        match (theirs, plain) {
            (true, true) => {
                std::hint::black_box(Negamax::new(their(), depth).choose_move(pos));
            }
            (true, false) => {
                let mut s =
                    IterativeSearch::new(their(), IterativeOptions::new().with_table_byte_size(4 << 20));
                s.set_max_depth(depth);
                std::hint::black_box(s.choose_move(pos));
            }
            (false, _) => {
                let a = Engine::with_options(opts).search(pos, &History::default(), &limits, ours);
                std::hint::black_box(a.score);
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let theirs = args.get(1).map(String::as_str) == Some("theirs");
    let plain = args.get(2).map(String::as_str) == Some("plain");
    let game = args.get(3).cloned().unwrap_or_else(|| "terni".into());
    let n: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(20);
    let depth: u8 = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(8);
    match game.as_str() {
        "morris" => {
            let pos = FoldedMorris(lapilli_morris::Position::default());
            run(theirs, plain, &pos, depth, n, &|p: &FoldedMorris| morris_eval(p), || MorrisEval);
        }
        "petteia" => {
            let pos = lapilli_petteia::Position::default();
            run(theirs, plain, &pos, depth, n, &|p: &lapilli_petteia::Position| petteia_eval(p), || {
                PetteiaEval
            });
        }
        _ => {
            let pos = lapilli_terni_lapilli::Position::default();
            run(theirs, plain, &pos, depth, n, &Heuristic, || TerniEval);
        }
    }
}
