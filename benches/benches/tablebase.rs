//! Tablebases: the tier solver on the small morris tiers, and the tier
//! index it runs on.
//!
//! Every benchmark asserts its result (counts computed by the solver and
//! checked against the naive fixpoint in `games/morris/tests/tablebase.rs`),
//! so a fast wrong answer fails. The large builds (Six Men's Morris whole,
//! Nine Men's Morris endgames up to 5 against 5) are run by the `lapilli`
//! program and reported in `benches/README.md`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lapilli_morris::tablebase::{MorrisTiers, Tier};
use lapilli_morris::{Rules, Variant};
use lapilli_tablebase::{solve_in_memory, Silent, TierSpace};
use std::hint::black_box;

/// Positions valued by the tables of `tiers`, solved in memory.
fn solve_positions(space: &MorrisTiers, tiers: &[Tier]) -> u64 {
    let tables = solve_in_memory(space, tiers, &Silent).expect("a sound tier space");
    tables.tiers().map(|(_, h)| h.counts.positions()).sum()
}

fn solve_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("tablebase/solve");
    g.sample_size(10);
    for (name, variant, max) in [
        ("nine_mens_morris_3v3", Variant::NineMensMorris, 3),
        ("six_mens_morris_4v4", Variant::SixMensMorris, 4),
    ] {
        let space = MorrisTiers::new(Rules::new(variant)).expect("not Lasker");
        let tiers = space.movement_tiers(max);
        let positions = solve_positions(&space, &tiers);
        let entries: u64 = tiers.iter().map(|&t| space.size(t)).sum();
        g.throughput(Throughput::Elements(entries));
        g.bench_function(name, |b| {
            b.iter(|| assert_eq!(solve_positions(black_box(&space), &tiers), positions))
        });
    }
    g.finish();
}

fn index_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("tablebase/index");
    let space = MorrisTiers::new(Rules::default()).expect("nine men's morris");
    let tier = Tier::movement(5, 5, false);
    // Every 997th index of the 5-against-5 tier that holds a position.
    let indices: Vec<u64> =
        (0..space.size(tier)).step_by(997).filter(|&i| space.position(tier, i).is_some()).collect();
    let positions: Vec<_> = indices.iter().map(|&i| space.position(tier, i).expect("filtered")).collect();
    g.throughput(Throughput::Elements(indices.len() as u64));
    g.bench_function("nine_mens_morris_5v5_position", |b| {
        b.iter(|| {
            for &i in &indices {
                black_box(space.position(tier, black_box(i)));
            }
        })
    });
    g.bench_function("nine_mens_morris_5v5_index", |b| {
        b.iter(|| {
            for (p, &i) in positions.iter().zip(&indices) {
                assert_eq!(space.index(black_box(p)), i);
            }
        })
    });
    let mut preds = Vec::new();
    g.bench_function("nine_mens_morris_5v5_predecessors", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                preds.clear();
                space.predecessors(black_box(p), &mut preds);
                n += preds.len();
            }
            black_box(n)
        })
    });
    g.finish();
}

criterion_group!(benches, solve_benches, index_benches);
criterion_main!(benches);
