//! The morris tier space's long runs, ignored unless asked for
//! (`cargo test -p lapilli-morris --release --test tablebase_long --
//! --ignored --nocapture NAME`): tier sizes, the per-call cost of the
//! index, builds of the nine men's movement tiers and of the whole Six
//! Men's Morris game, and the 4 against 3 tiers against the in-memory
//! solver.

use lapilli_board_graph::{Bitboard, Colour};
use lapilli_game::Game;
use lapilli_morris::tablebase::{MorrisTiers, Tier};
use lapilli_morris::Position;
use lapilli_tablebase::solve_keyed;
use lapilli_tablebase::{build, BuildOptions, Silent, Tablebases, TierSpace};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

mod temp;
use temp::TempDir;

mod tier_spaces;
use tier_spaces::{assert_consistent, nine, random_position, six, tier};

/// The positions of every used index of `tiers`.
fn all_positions(space: &MorrisTiers, tiers: &[Tier]) -> Vec<Position> {
    tiers.iter().flat_map(|&t| (0..space.size(t)).filter_map(move |i| space.position(t, i))).collect()
}

/// Tier sizes: `cargo test --release --test tablebase_long -- --ignored --nocapture sizes`.
#[test]
#[ignore]
fn report_tier_sizes() {
    let space = nine();
    for w in 3..=5 {
        for b in 3..=5 {
            let pair = space.pair_index(w, b);
            let t = Tier::movement(w, b, false);
            let sides = space.size(t) / pair.len();
            println!(
                "nine {t}: len {} ({sides} x {}), classes {} ({sides} x {}), slack {:.5}",
                space.size(t),
                pair.len(),
                sides * pair.classes(),
                pair.classes(),
                pair.len() as f64 / pair.classes() as f64
            );
        }
    }
    let six = self::six();
    let tiers = six.game_tiers();
    let total: u64 = tiers.iter().map(|&t| six.size(t)).sum();
    let classes: u64 = tiers
        .iter()
        .map(|&t| {
            let pair = six.pair_index(t.on_board[0], t.on_board[1]);
            pair.classes() * (six.size(t) / pair.len())
        })
        .sum();
    println!("six game: {} tiers, {total} entries, {classes} pair classes", tiers.len());
    let nine = self::nine();
    let tiers = nine.game_tiers();
    let total: u64 = tiers.iter().map(|&t| nine.size(t)).sum();
    let largest = tiers.iter().max_by_key(|&&t| nine.size(t)).unwrap();
    println!(
        "nine game: {} tiers, {total} entries, largest {largest} ({})",
        tiers.len(),
        nine.size(*largest)
    );
}

/// Per-call cost of `index` and `position` on w5b5:
/// `cargo test --release --test tablebase_long -- --ignored --nocapture per_call`.
#[test]
#[ignore]
fn per_call_index_and_position() {
    for (space, name) in [(nine(), "w5b5"), (nine(), "w3b3"), (six(), "w5b5")] {
        let t = tier(name);
        let size = space.size(t);
        let mut rng = SmallRng::seed_from_u64(15);
        let indices: Vec<u64> = (0..1_000_000).map(|_| rng.gen_range(0..size)).collect();
        let started = Instant::now();
        let positions: Vec<Position> = indices.iter().filter_map(|&i| space.position(t, i)).collect();
        let position_ns = started.elapsed().as_nanos() as f64 / indices.len() as f64;
        let started = Instant::now();
        let sum = positions.iter().map(|p| space.index(p)).fold(0u64, u64::wrapping_add);
        let index_ns = started.elapsed().as_nanos() as f64 / positions.len() as f64;
        let (w, b) = (t.on_board[0], t.on_board[1]);
        let pair = space.pair_index(w, b);
        let started = Instant::now();
        let sets: Vec<(u32, u32)> = indices.iter().filter_map(|&i| pair.sets(i % pair.len())).collect();
        let sets_ns = started.elapsed().as_nanos() as f64 / indices.len() as f64;
        let started = Instant::now();
        let pair_sum = sets.iter().map(|&(a, c)| pair.index(a, c)).fold(0u64, u64::wrapping_add);
        let pair_ns = started.elapsed().as_nanos() as f64 / sets.len() as f64;
        let started = Instant::now();
        let built = sets
            .iter()
            .filter_map(|&(a, c)| {
                let pieces = [Bitboard(u64::from(a)), Bitboard(u64::from(c))];
                Position::from_parts(space.rules(), pieces, [0, 0], Colour::White, false, 0).ok()
            })
            .fold(0u64, |acc, p| acc ^ p.zobrist());
        let parts_ns = started.elapsed().as_nanos() as f64 / sets.len() as f64;
        println!(
            "  PairIndex::sets {sets_ns:.1} ns/call, PairIndex::index {pair_ns:.1} ns/call, \
             Position::from_parts {parts_ns:.1} ns/call ({pair_sum}, {built})"
        );
        let mut preds = Vec::with_capacity(256);
        let started = Instant::now();
        let mut n = 0;
        for p in &positions {
            preds.clear();
            space.predecessors(p, &mut preds);
            n += preds.len();
        }
        let pred_ns = started.elapsed().as_nanos() as f64 / n as f64;
        println!(
            "{} {name}: position {position_ns:.1} ns/call, index {index_ns:.1} ns/call, \
             predecessors {pred_ns:.1} ns/predecessor ({sum})",
            space.variant_name()
        );
    }
}

/// Builds the nine men's movement tablebases up to `LAPILLI_TB_MAX_PIECES`
/// (default 4) pieces a side into a temporary directory and prints each
/// tier's size and time:
/// `cargo test --release --test tablebase_long -- --ignored --nocapture build_nine`.
#[test]
#[ignore]
fn build_nine_mens_movement_tiers() {
    let max: u8 = std::env::var("LAPILLI_TB_MAX_PIECES").ok().and_then(|s| s.parse().ok()).unwrap_or(4);
    let space = nine();
    let dir = TempDir::new("build-nine");
    let started = Instant::now();
    let reports =
        build(&space, &space.movement_tiers(max), &dir.0, &BuildOptions::default(), &Silent).unwrap();
    for r in &reports {
        let c = &r.file.counts;
        println!(
            "{:>6}: {:>11} entries {:>10} classes {:>12} positions, max DTM {:>3}, {:>7} ms, {:>10.0} positions/s",
            r.tier,
            r.file.entries,
            c.classes(),
            c.positions(),
            c.max_dtm,
            r.millis,
            r.positions_per_second()
        );
        println!("        {c:?}");
    }
    println!("total {:?}", started.elapsed());
    let tables = Tablebases::open(&space, &dir.0).unwrap();
    let mut rng = SmallRng::seed_from_u64(16);
    for t in space.movement_tiers(max) {
        for _ in 0..2000 {
            assert_consistent(&tables, &random_position(&space, t, &mut rng).unwrap());
        }
    }
}

/// The 4 against 3 tiers (and the 3 against 3 ones they lead to) against
/// the in-memory solver, every position: about a minute and 2 GiB.
#[test]
#[ignore]
fn nine_mens_4_against_3_agrees_with_the_in_memory_solver() {
    let space = nine();
    let tiers = [tier("w4b3"), tier("w4b3x")];
    let dir = TempDir::new("nine-4v3");
    build(&space, &tiers, &dir.0, &BuildOptions::default(), &Silent).unwrap();
    let tables = Tablebases::open(&space, &dir.0).unwrap();
    let roots = all_positions(&space, &tiers);
    let started = Instant::now();
    let keyed = solve_keyed(&roots);
    println!(
        "in-memory solver over {} roots: {} orbits in {:?}",
        roots.len(),
        keyed.len(),
        started.elapsed()
    );
    for p in &roots {
        assert_eq!(keyed.probe(p), tables.probe(p), "{p}");
    }
}

/// Solves Six Men's Morris from the empty board (every game tier) and
/// checks the fixpoint equation on random positions of every tier:
/// `cargo test --release --test tablebase_long -- --ignored --nocapture six_mens_whole`.
#[test]
#[ignore]
fn six_mens_whole_game() {
    let space = six();
    let tiers = space.game_tiers();
    let dir = TempDir::new("six-game");
    let started = Instant::now();
    let reports = build(&space, &tiers, &dir.0, &BuildOptions::default(), &Silent).unwrap();
    let positions: u64 = reports.iter().map(|r| r.file.counts.positions()).sum();
    let entries: u64 = reports.iter().map(|r| r.file.entries).sum();
    let classes: u64 = reports.iter().map(|r| r.file.counts.classes()).sum();
    println!(
        "{} tiers, {entries} entries, {classes} classes, {positions} positions in {:?}",
        reports.len(),
        started.elapsed()
    );
    let tables = Tablebases::open(&space, &dir.0).unwrap();
    let start = Position::start(space.rules());
    println!("start: {:?}", tables.probe(&start));
    let mut rng = SmallRng::seed_from_u64(17);
    for &t in &tiers {
        for _ in 0..200 {
            if let Some(p) = random_position(&space, t, &mut rng) {
                assert_consistent(&tables, &p);
            }
        }
    }
    assert_consistent(&tables, &start);
}
