//! Terni Lapilli: the full strong solve, perft and search.
//!
//! Every benchmark asserts its result, so a fast wrong answer fails.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lapilli_game::{is_mate, perft, History, Value};
use lapilli_search::{Engine, Limits, Options};
use lapilli_symmetry::Symmetric;
use lapilli_terni_lapilli::eval::Heuristic;
use lapilli_terni_lapilli::{solution, Position, Rules};
use std::hint::black_box;

fn strong_solve(c: &mut Criterion) {
    let rules = Rules::default();
    // Find the symmetry group once, outside the timed loop: it belongs to
    // the board, not to the solve.
    let group = rules.group();
    assert_eq!(group.len(), 16);
    let mut g = c.benchmark_group("terni_lapilli/solve");
    g.throughput(Throughput::Elements(5230));
    g.bench_function("full_strong_solve_16_symmetries", |b| {
        b.iter(|| {
            let tb = solution::solve(black_box(rules));
            let s = solution::summarise(&tb, rules);
            assert_eq!((s.value, s.reachable.total, s.orbits), (Value::Draw, 5230, 368));
            tb
        })
    });
    g.bench_function("full_strong_solve_unreduced", |b| {
        b.iter(|| {
            let tb = solution::solve_unreduced(black_box(rules));
            assert_eq!(tb.len(), 5230);
            tb
        })
    });
    g.finish();
}

fn perft_and_search(c: &mut Criterion) {
    let start = Position::default();
    let mut g = c.benchmark_group("terni_lapilli/tree");
    g.throughput(Throughput::Elements(622_656));
    g.bench_function("perft_8", |b| b.iter(|| assert_eq!(perft(black_box(&start), 8), 622_656)));
    g.finish();

    // Search from the start to a fixed depth: the engine's configurations
    // side by side (nodes differ, so compare time), and Lazy SMP on 1 and 2
    // threads, each with a fresh 1 MiB table. The start is a proven draw, so
    // no configuration may report a mate score; a single-threaded one is
    // deterministic and must repeat its reference run's score.
    let mut g = c.benchmark_group("terni_lapilli/search");
    g.sample_size(20);
    let configs = [
        ("plain_alpha_beta_depth_8", Options::plain(), 8),
        ("engine_depth_8", Options::default().with_table_bytes(1 << 20), 8),
        ("engine_depth_14_1_thread", Options::default().with_table_bytes(1 << 20), 14),
        ("engine_depth_14_2_threads", Options::default().with_table_bytes(1 << 20).with_threads(2), 14),
    ];
    for (name, options, depth) in configs {
        // Report nodes/second: the node count of one (deterministic for one
        // thread) run sets the throughput.
        let reference = Engine::with_options(options).search(
            &start,
            &History::default(),
            &Limits::depth(depth),
            &Heuristic,
        );
        let (nodes, score) = (reference.stats.nodes, reference.score);
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut engine = Engine::with_options(options);
                let a =
                    engine.search(black_box(&start), &History::default(), &Limits::depth(depth), &Heuristic);
                assert!(!is_mate(a.score));
                if options.threads() == 1 {
                    // one thread is deterministic: the reference run's score
                    assert_eq!(a.score, score);
                }
                a.stats.nodes
            })
        });
    }
    g.finish();

    let group = Rules::default().group();
    let pos: Position = "BW.B.W... b".parse().expect("valid");
    c.bench_function("terni_lapilli/canonical_form_16", |b| {
        b.iter(|| black_box(&pos).canonical(group).position)
    });
}

criterion_group!(benches, strong_solve, perft_and_search);
criterion_main!(benches);
