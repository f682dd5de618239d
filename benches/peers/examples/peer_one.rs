//! Runs one engine N times on the same search, for instruction counting
//! with callgrind: `peer_one ours|theirs terni|morris [N] [depth]`.
use lapilli_game::History;
use lapilli_peers::{morris_eval, FoldedMorris, MorrisEval, TerniEval};
use lapilli_search::{Engine, Limits, Options};
use lapilli_terni_lapilli::eval::Heuristic;
use minimax::{IterativeOptions, IterativeSearch, Strategy};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let theirs = args.get(1).map(String::as_str) == Some("theirs");
    let game = args.get(2).cloned().unwrap_or_else(|| "terni".into());
    let n: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(20);
    let depth: u8 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(8);
    let opts = Options::default().with_table_bytes(4 << 20).with_repetition(false);
    let theirs_opts = IterativeOptions::new().with_table_byte_size(4 << 20);
    let limits = Limits::depth(depth.into());
    for _ in 0..n {
        if game == "morris" {
            let pos = FoldedMorris(lapilli_morris::Position::default());
            if theirs {
                let mut s = IterativeSearch::new(MorrisEval, theirs_opts);
                s.set_max_depth(depth);
                std::hint::black_box(s.choose_move(&pos));
            } else {
                let eval = |p: &FoldedMorris| morris_eval(p);
                let a = Engine::with_options(opts).search(&pos, &History::default(), &limits, &eval);
                std::hint::black_box(a);
            }
        } else {
            let pos = lapilli_terni_lapilli::Position::default();
            if theirs {
                let mut s = IterativeSearch::new(TerniEval, theirs_opts);
                s.set_max_depth(depth);
                std::hint::black_box(s.choose_move(&pos));
            } else {
                std::hint::black_box(Engine::with_options(opts).search(
                    &pos,
                    &History::default(),
                    &limits,
                    &Heuristic,
                ));
            }
        }
    }
}
