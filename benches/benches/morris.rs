//! Nine Men's Morris: perft, move generation and search to a fixed depth.
//!
//! Every benchmark asserts its result (a known count or score), so a fast
//! wrong answer fails.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lapilli_game::{CheckedGame, Game, History};
use lapilli_morris::eval::Heuristic;
use lapilli_morris::{perft, Position};
use lapilli_search::{Engine, Limits, Options};
use std::hint::black_box;

/// Seed 001's mid-game position: six pieces each, 16 White slides.
const MID_GAME: &str = "BB..B.W./B..W.W.W/BWB.W... w 0 0 -";
/// White with three pieces and 18 empty points: 54 flights (seed 001).
const FLYING: &str = "W..W..../.....W../B.B...B. w 0 0 -";

fn perft_benches(c: &mut Criterion) {
    let start = Position::default();
    let mut g = c.benchmark_group("morris/perft");
    g.sample_size(10);
    g.throughput(Throughput::Elements(5_100_480));
    g.bench_function("start_depth_5", |b| b.iter(|| assert_eq!(perft(black_box(&start), 5), 5_100_480)));
    // perft(6) from the start, the removal counted as its own ply
    g.throughput(Throughput::Elements(96_223_680));
    g.bench_function("start_depth_6", |b| b.iter(|| assert_eq!(perft(black_box(&start), 6), 96_223_680)));
    let mid: Position = MID_GAME.parse().expect("valid");
    // The count is checked against the naive rules in
    // games/morris/tests/differential.rs.
    let leaves = perft(&mid, 4);
    g.throughput(Throughput::Elements(leaves));
    g.bench_function("mid_game_depth_4", |b| b.iter(|| assert_eq!(perft(black_box(&mid), 4), leaves)));
    g.finish();
}

fn movegen_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("morris/movegen");
    for (name, text, n) in [
        ("start", "......../......../........ w 9 9 -", 24),
        ("mid_game", MID_GAME, 16),
        ("flying", FLYING, 54),
    ] {
        let pos: Position = text.parse().expect("valid");
        let mut list = lapilli_morris::MoveList::new();
        g.bench_function(name, |b| {
            b.iter(|| {
                Game::legal_moves(black_box(&pos), &mut list);
                assert_eq!(list.len(), n);
            })
        });
    }
    g.finish();
}

fn search_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("morris/search");
    g.sample_size(10);
    let eval = Heuristic::default();
    let cases = [
        ("start_depth_7", Position::default(), 7),
        ("mid_game_depth_7", MID_GAME.parse().expect("valid"), 7),
    ];
    for (name, pos, depth) in cases {
        // Every depth, as before the heuristic's step of 2
        // (`Weights::deepening_step`), so that the figures compare.
        let options = Options::default().with_table_bytes(16 << 20).with_deepening_step(Some(1));
        let first =
            Engine::with_options(options).search(&pos, &History::default(), &Limits::depth(depth), &eval);
        assert_eq!(first.depth, depth);
        let nodes = first.stats.nodes;
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(name, |b| {
            b.iter(|| {
                let a = Engine::with_options(options).search(
                    black_box(&pos),
                    &History::default(),
                    &Limits::depth(depth),
                    &eval,
                );
                // one thread and a fresh table: deterministic
                assert_eq!((a.score, a.stats.nodes), (first.score, nodes));
                assert!(pos.is_legal(a.best_move.expect("a move")));
            })
        });
    }
    // seed 001: the mill that reduces Black to two pieces, WIN - 2 at depth 3
    let seed: Position = "WW.W..../.....W../B...B.B. w 0 0 -".parse().expect("valid");
    let nodes = Engine::<Position>::with_options(Options::plain())
        .search(&seed, &History::default(), &Limits::depth(3), &eval)
        .stats
        .nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("seed_001_mill_depth_3", |b| {
        b.iter(|| {
            let a = Engine::<Position>::with_options(Options::plain()).search(
                black_box(&seed),
                &History::default(),
                &Limits::depth(3),
                &eval,
            );
            assert_eq!(a.score, 999_998);
        })
    });
    g.finish();
}

criterion_group!(benches, perft_benches, movegen_benches, search_benches);
criterion_main!(benches);
