//! Prints both engines' statistics on the same search (for the report).
use lapilli_game::History;
use lapilli_peers::TerniEval;
use lapilli_search::{Engine, Limits, Options};
use lapilli_terni_lapilli::{eval::Heuristic, Position};
use minimax::{IterativeOptions, IterativeSearch, Strategy};
fn main() {
    let mut pos = Position::default();
    for depth in [6u8, 8, 10] {
        let opts = Options::default().with_table_bytes(1 << 20).with_repetition(false);
        let a = Engine::with_options(opts).search(
            &pos,
            &History::default(),
            &Limits::depth(depth.into()),
            &Heuristic,
        );
        let mut s = IterativeSearch::new(TerniEval, IterativeOptions::new().with_table_byte_size(1 << 20));
        s.set_max_depth(depth);
        s.choose_move(&pos);
        println!(
            "depth {depth}: ours {} nodes score {}; theirs value {} {}",
            a.stats.nodes,
            a.score,
            s.root_value(),
            s.stats(&mut pos)
        );
    }
}
