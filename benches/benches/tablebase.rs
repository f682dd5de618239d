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
use lapilli_search::tablebase::{solve_tier, Silent, Tablebases, TierSpace, TierTable};
use std::hint::black_box;

/// Solves `tiers` in order, each against the ones before it.
fn solve_in_order(space: &MorrisTiers, tiers: &[Tier]) -> Vec<(Tier, TierTable)> {
    let mut done: Vec<(Tier, TierTable)> = Vec::new();
    for &t in tiers {
        let below = Tablebases::from_tables(space, done.clone());
        let table = solve_tier(space, t, &|p| below.probe(p), &Silent).expect("dependencies solved first");
        done.push((t, table));
    }
    done
}

fn solve_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("tablebase/solve");
    g.sample_size(10);
    for (name, variant, max) in [
        ("nine_mens_morris_3v3", Variant::NineMensMorris, 3),
        ("six_mens_morris_4v4", Variant::SixMensMorris, 4),
    ] {
        let space = MorrisTiers::new(Rules::new(variant)).expect("not Lasker");
        let tiers =
            lapilli_search::tablebase::ordered_tiers(&space, &space.movement_tiers(max)).expect("a DAG");
        let reference = solve_in_order(&space, &tiers);
        let positions: u64 = reference.iter().map(|(_, t)| t.counts().positions()).sum();
        let entries: u64 = tiers.iter().map(|&t| space.size(t)).sum();
        g.throughput(Throughput::Elements(entries));
        g.bench_function(name, |b| {
            b.iter(|| {
                let solved = solve_in_order(black_box(&space), &tiers);
                assert_eq!(solved.iter().map(|(_, t)| t.counts().positions()).sum::<u64>(), positions);
            })
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
