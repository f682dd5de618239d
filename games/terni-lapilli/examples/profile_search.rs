//! Runs the engine from the start many times (for profilers).
use lapilli_game::History;
use lapilli_search::{Engine, Limits, Options};
use lapilli_terni_lapilli::{eval::Heuristic, Position};
fn main() {
    let start = Position::default();
    let mut total = 0;
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    for _ in 0..n {
        let opts = Options::default().with_table_bytes(1 << 20).with_repetition(false);
        total += Engine::with_options(opts)
            .search(&start, &History::default(), &Limits::depth(8), &Heuristic)
            .stats
            .nodes;
    }
    println!("{total}");
}
