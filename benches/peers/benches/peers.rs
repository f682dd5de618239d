//! Our engine against the `minimax` crate (0.6.0): same game, same
//! position, same depth, same transposition-table byte budget, same root
//! value asserted, time compared in one criterion group per position and
//! depth. Their root move order is randomised, so compare values and time,
//! not node counts. Repetition detection is off on our side (they have
//! none), so both search the same tree.
//!
//! The pairs: our fixed-depth alpha-beta with move ordering
//! ([`Options::alpha_beta`]: killers and history, no table) against their
//! `Negamax`; our iterative deepening with a table against their
//! `IterativeSearch`; and, times only, our engine on Nine Men's Morris as
//! the program runs it (removal as its own ply, [`Options::playing`]:
//! repetition, late-move and internal iterative reductions, the
//! aspiration window) against theirs on the folded game at the same nominal
//! depth (the trees differ, so the values need not agree).

use criterion::{criterion_group, criterion_main, Criterion};
use lapilli_game::History;
use lapilli_peers::pair::{Kind, Position, ROWS};
use lapilli_peers::{same_value, MorrisEval, Pair};
use lapilli_peers::{theirs, FoldedMorris, Theirs, TT_BYTES};
use lapilli_search::{Engine, Limits, Options};
use std::hint::black_box;

/// Each row of the benchmark ([`ROWS`]) in one criterion group: our
/// alpha-beta with move ordering against their `Negamax` (when the row
/// measures it: elsewhere theirs is too slow to repeat), then iterative
/// deepening with a table against their `IterativeSearch`, each pair's
/// root values asserted equal first.
fn folded(c: &mut Criterion) {
    for row in ROWS {
        let mut g = c.benchmark_group(format!("peers/{}", row.group()));
        g.sample_size(10);
        for &kind in row.kinds() {
            let pair = row.pair(kind);
            let (a, b) = (pair.ours(), pair.theirs());
            assert!(same_value(a, b), "{}: {a} vs {b}", row.group());
            let (ours, theirs) = match kind {
                Kind::Plain => ("ours_alpha_beta", "theirs_negamax"),
                Kind::Iterative => ("ours_iterative_tt", "theirs_iterative_search"),
            };
            g.bench_function(ours, |b| b.iter(|| black_box(&pair).ours()));
            g.bench_function(theirs, |b| b.iter(|| black_box(&pair).theirs()));
        }
        g.finish();
    }
}

/// The native rows: the folded morris start and mid-game at depth 6.
fn morris_native(c: &mut Criterion) {
    for (name, position) in [("start", "start"), ("midgame", "mid")] {
        match Pair::new("morris", Kind::Iterative, 6, position).map(|p| p.position) {
            Ok(Position::Morris(pos)) => native(c, name, &pos, 6),
            other => panic!("the benchmark's morris {position} position: {other:?}"),
        }
    }
}

/// Our engine on Nine Men's Morris as the program runs it (a removal is a
/// ply of its own, [`Options::playing`]: repetition detection, late-move
/// and internal iterative reductions and the evaluation's aspiration
/// window, with a 4 MiB table) against their `IterativeSearch` on the folded game, both to
/// `depth`: times only (our depth counts removals, theirs does not).
fn native(c: &mut Criterion, name: &str, pos: &FoldedMorris, depth: u8) {
    let limits = Limits::depth(depth.into());
    let opts = Options::playing().with_table_bytes(TT_BYTES);
    let eval = lapilli_morris::eval::Heuristic::default();
    let mut g = c.benchmark_group(format!("peers/nine_mens_morris_native/{name}/depth_{depth}"));
    g.sample_size(10);
    g.bench_function("ours_native", |b| {
        b.iter(|| {
            Engine::with_options(opts).search(black_box(&pos.0), &History::default(), &limits, &eval).score
        })
    });
    g.bench_function("theirs_iterative_search_folded", |b| {
        b.iter(|| theirs(Theirs::Iterative { step: 1 }, MorrisEval, black_box(pos), depth))
    });
    g.finish();
}

criterion_group!(benches, folded, morris_native);
criterion_main!(benches);
