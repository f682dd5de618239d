//! Petteia: move generation, perft and search, from the start and from a
//! mid-game position.
//!
//! Every benchmark asserts its result, so a fast wrong answer fails. The
//! perft counts from the starts are checked in the crate's tests against
//! an independent plain implementation (games/petteia/tests/rules.rs).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lapilli_game::{perft, CheckedGame, Evaluate, Game, History};
use lapilli_petteia::eval::Heuristic;
use lapilli_petteia::{Position, Setup, Variant};
use lapilli_search::{Engine, Limits, Options};
use std::hint::black_box;

/// A mid-game position: 15 White and 15 Black men, 67 legal moves.
const MIDGAME: &str = "m1mm1m1m/1m2m1m1/2m3M1/m2M1m2/3m2M1/1M2M3/M1M2MM1/1M1MM2M w 12";

fn positions() -> [(&'static str, Position, usize, u64); 3] {
    let midgame: Position = MIDGAME.parse().expect("valid");
    [
        ("start", Position::default(), 32, 37_796),
        ("dux_start", Setup::new(Variant::Dux).start(), 53, 145_394),
        ("midgame", midgame, 67, 283_050),
    ]
}

fn movegen_and_perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("petteia/movegen");
    for (name, pos, moves, _) in positions() {
        g.throughput(Throughput::Elements(moves as u64));
        // One list reused, as search and perft do (the list is an array of
        // `MAX_MOVES` plies: returning a new one copies kilobytes).
        let mut list = lapilli_petteia::MoveList::new();
        g.bench_function(name, |b| {
            b.iter(|| {
                Game::legal_moves(black_box(&pos), &mut list);
                assert_eq!(list.len(), moves);
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group("petteia/perft");
    g.sample_size(20);
    for (name, pos, _, leaves) in positions() {
        g.throughput(Throughput::Elements(leaves));
        g.bench_function(format!("{name}_depth_3"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&pos), 3), leaves))
        });
    }
    let start = Position::default();
    g.throughput(Throughput::Elements(1_446_216));
    g.bench_function("start_depth_4", |b| b.iter(|| assert_eq!(perft(black_box(&start), 4), 1_446_216)));
    g.finish();

    let eval = Heuristic::default();
    let midgame: Position = MIDGAME.parse().expect("valid");
    c.bench_function("petteia/evaluate_midgame", |b| {
        b.iter(|| {
            let s = eval.evaluate(black_box(&midgame));
            assert!(s.abs() < 10_000);
            s
        })
    });
}

fn search(c: &mut Criterion) {
    let eval = Heuristic::default();
    let mut g = c.benchmark_group("petteia/search");
    g.sample_size(10);
    for (name, pos, _, _) in positions() {
        let depth = 5;
        let options = Options::default().with_table_bytes(1 << 22);
        // The game starts here, after the reversible plies the position's
        // no-progress counter records.
        let history = History::new(pos.zobrist(), pos.no_progress_count());
        // One deterministic run sets the node count, so criterion reports
        // nodes/second.
        let reference = Engine::with_options(options).search(&pos, &history, &Limits::depth(depth), &eval);
        g.throughput(Throughput::Elements(reference.stats.nodes));
        g.bench_function(format!("{name}_depth_{depth}"), |b| {
            b.iter(|| {
                let mut engine = Engine::with_options(options);
                let a = engine.search(black_box(&pos), &history, &Limits::depth(depth), &eval);
                assert_eq!((a.score, a.stats.nodes), (reference.score, reference.stats.nodes));
                assert!(pos.is_legal(a.best_move.expect("a move")));
                assert!(pos.outcome().is_none());
                a.stats.nodes
            })
        });
    }
    g.finish();
}

criterion_group!(benches, movegen_and_perft, search);
criterion_main!(benches);
