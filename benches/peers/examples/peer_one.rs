//! Runs one engine N times on the same search, for instruction counting
//! with callgrind: `peer_one ours|theirs [N] [depth]`.
use lapilli_peers::TerniEval;
use lapilli_search::{Engine, Limits, Options};
use lapilli_terni_lapilli::{eval::Heuristic, Position};
use minimax::{IterativeOptions, IterativeSearch, Strategy};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let depth: u8 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(8);
    let pos = Position::default();
    for _ in 0..n {
        if args.get(1).map(String::as_str) == Some("theirs") {
            let mut s =
                IterativeSearch::new(TerniEval, IterativeOptions::new().with_table_byte_size(1 << 20));
            s.set_max_depth(depth);
            std::hint::black_box(s.choose_move(&pos));
        } else {
            let opts = Options { tt_bytes: 1 << 20, repetition: false, ..Options::default() };
            std::hint::black_box(Engine::with_options(opts).search(
                &pos,
                &[],
                &Limits::depth(depth.into()),
                &Heuristic,
            ));
        }
    }
}
