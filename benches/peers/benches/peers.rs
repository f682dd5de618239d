//! Our engine against the `minimax` crate, same game, same position, same
//! depth, same transposition-table byte budget, same root value asserted.
//! Their root move order is randomised, so compare values and time, not
//! node counts.

use criterion::{criterion_group, criterion_main, Criterion};
use lapilli_peers::{same_value, TerniEval};
use lapilli_search::{Engine, Limits, Options};
use lapilli_terni_lapilli::eval::Heuristic;
use lapilli_terni_lapilli::Position;
use minimax::{IterativeOptions, IterativeSearch, Negamax, Strategy};
use std::hint::black_box;

const TT_BYTES: usize = 1 << 20;

fn terni(c: &mut Criterion) {
    let positions = [("start", Position::default()), ("midgame", "BW.B.W... b".parse().expect("valid"))];
    for (label, pos) in positions {
        for depth in [6u8, 8] {
            let mut g = c.benchmark_group(format!("peers/terni_lapilli/{label}/depth_{depth}"));
            g.sample_size(20);
            // Plain alpha-beta on both sides: values must agree exactly.
            let ours = Engine::with_options(Options::plain()).search(
                &pos,
                &[],
                &Limits::depth(depth.into()),
                &Heuristic,
            );
            let mut negamax = Negamax::new(TerniEval, depth);
            negamax.choose_move(&pos);
            assert!(
                same_value(ours.score, negamax.root_value()),
                "negamax {} vs {}",
                ours.score,
                negamax.root_value()
            );
            g.bench_function("ours_alpha_beta", |b| {
                b.iter(|| {
                    Engine::with_options(Options::plain())
                        .search(black_box(&pos), &[], &Limits::depth(depth.into()), &Heuristic)
                        .score
                })
            });
            g.bench_function("theirs_negamax", |b| {
                b.iter(|| {
                    let mut s = Negamax::new(TerniEval, depth);
                    s.choose_move(black_box(&pos))
                })
            });
            // Iterative deepening with a transposition table of the same size.
            let opts = Options { tt_bytes: TT_BYTES, repetition: false, ..Options::default() };
            let ours = Engine::with_options(opts).search(&pos, &[], &Limits::depth(depth.into()), &Heuristic);
            let mut iterative =
                IterativeSearch::new(TerniEval, IterativeOptions::new().with_table_byte_size(TT_BYTES));
            iterative.set_max_depth(depth);
            iterative.choose_move(&pos);
            assert!(
                same_value(ours.score, iterative.root_value()),
                "iterative {} vs {}",
                ours.score,
                iterative.root_value()
            );
            g.bench_function("ours_iterative_tt", |b| {
                b.iter(|| {
                    Engine::with_options(opts)
                        .search(black_box(&pos), &[], &Limits::depth(depth.into()), &Heuristic)
                        .score
                })
            });
            g.bench_function("theirs_iterative_search", |b| {
                b.iter(|| {
                    let mut s = IterativeSearch::new(
                        TerniEval,
                        IterativeOptions::new().with_table_byte_size(TT_BYTES),
                    );
                    s.set_max_depth(depth);
                    s.choose_move(black_box(&pos))
                })
            });
            g.finish();
        }
    }
}

criterion_group!(benches, terni);
criterion_main!(benches);
