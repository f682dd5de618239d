//! The shared crates: automorphism search, canonical forms, the
//! transposition table. Each benchmark asserts its result.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lapilli_board_graph::{wheel, Bitboard, Board};
use lapilli_search::{Bound, TranspositionTable};
use lapilli_symmetry::{automorphisms, Permutation, Symmetric};
use std::hint::black_box;

/// Two colours of stones on a board: the shape of a morris or petteia
/// position as far as symmetry is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stones(Bitboard, Bitboard);

impl Symmetric for Stones {
    type Key = (u64, u64);
    fn map(&self, g: &Permutation) -> Stones {
        Stones(g.map_bits(self.0), g.map_bits(self.1))
    }
    fn key(&self) -> (u64, u64) {
        (self.0 .0, self.1 .0)
    }

    /// The fast path a game uses: all images of both sets at once.
    fn canonical(&self, group: &lapilli_symmetry::Group) -> lapilli_symmetry::Canonical<Stones> {
        let element = group.least_images(&[self.0, self.1]);
        lapilli_symmetry::Canonical { position: self.map(group.element(element)), element }
    }
}

/// The 24-point morris board from its 16 mills (seed 001).
fn morris_board() -> Board {
    let mut mills = Vec::new();
    for ring in 0..3 {
        let o = 8 * ring;
        for side in 0..4 {
            mills.push(vec![o + 2 * side, o + 2 * side + 1, o + (2 * side + 2) % 8]);
        }
    }
    for k in [1, 3, 5, 7] {
        mills.push(vec![k, k + 8, k + 16]);
    }
    Board::from_lines(24, mills).expect("valid mills")
}

/// The 8x8 grid, rows and columns as lines.
fn grid_board() -> Board {
    let rows = (0..8).map(|r| (0..8).map(|c| 8 * r + c).collect::<Vec<_>>());
    let cols = (0..8).map(|c| (0..8).map(|r| 8 * r + c).collect::<Vec<_>>());
    Board::from_lines(64, rows.chain(cols)).expect("valid grid")
}

fn boards(c: &mut Criterion) {
    let mut g = c.benchmark_group("board_graph");
    g.bench_function("wheel_from_lines", |b| b.iter(|| assert_eq!(wheel::wheel().edge_count(), 16)));
    g.bench_function("wheel_from_geometry", |b| {
        b.iter(|| assert_eq!(wheel::wheel_from_geometry().edge_count(), 16))
    });
    g.bench_function("morris_from_lines", |b| b.iter(|| assert_eq!(morris_board().edge_count(), 32)));
    g.bench_function("grid_8x8_from_lines", |b| b.iter(|| assert_eq!(grid_board().edge_count(), 112)));
    g.finish();
}

fn symmetry(c: &mut Criterion) {
    let mut g = c.benchmark_group("symmetry");
    let wheel = wheel::wheel();
    let morris = morris_board();
    let grid = grid_board();
    g.bench_function("automorphisms_wheel", |b| {
        b.iter(|| assert_eq!(automorphisms(black_box(&wheel)).expect("a group").len(), 16))
    });
    g.bench_function("automorphisms_morris", |b| {
        b.iter(|| assert_eq!(automorphisms(black_box(&morris)).expect("a group").len(), 16))
    });
    g.bench_function("automorphisms_grid_8x8", |b| {
        b.iter(|| assert_eq!(automorphisms(black_box(&grid)).expect("a group").len(), 8))
    });

    let morris_group = automorphisms(&morris).expect("a group");
    let pos = Stones(Bitboard(0b1001_0000_0110_0001_0010_0101), Bitboard(0b0100_1001_1000_0100_1000_1010));
    let canonical = pos.canonical(&morris_group).position;
    g.bench_function("canonical_form_morris_16", |b| {
        b.iter(|| {
            let c = black_box(&pos).canonical(&morris_group).position;
            assert_eq!(c, canonical);
            c
        })
    });
    let grid_group = automorphisms(&grid).expect("a group");
    let pos = Stones(Bitboard(0x0000_0000_0010_ff00), Bitboard(0x00ff_0800_0000_0000));
    let canonical = pos.canonical(&grid_group).position;
    g.bench_function("canonical_form_grid_8", |b| {
        b.iter(|| {
            let c = black_box(&pos).canonical(&grid_group).position;
            assert_eq!(c, canonical);
            c
        })
    });
    g.finish();
}

fn transposition_table(c: &mut Criterion) {
    let mut g = c.benchmark_group("transposition_table");
    let tt = TranspositionTable::with_bytes(1 << 22);
    let keys: Vec<u64> = (0..4096u64).map(lapilli_board_graph::zobrist::splitmix64).collect();
    g.throughput(Throughput::Elements(keys.len() as u64));
    g.bench_function("store_then_probe_4096", |b| {
        b.iter(|| {
            let mut found = 0;
            for (i, &k) in keys.iter().enumerate() {
                tt.store(k, i as i32, 5, Bound::Exact, Some(3));
            }
            for &k in &keys {
                found += usize::from(tt.probe(black_box(k)).is_some());
            }
            assert!(found > 4000, "{found}");
            found
        })
    });
    g.finish();
}

criterion_group!(benches, boards, symmetry, transposition_table);
criterion_main!(benches);
