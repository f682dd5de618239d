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
use lapilli_game::{Evaluate, Game, History};
use lapilli_peers::{
    midgame, petteia_eval, same_value, FoldedEval, FoldedMorris, MorrisEval, PetteiaEval, TerniEval,
};
use lapilli_peers::{ours_alpha_beta, ours_iterative, theirs, Theirs, FLYING, TT_BYTES};
use lapilli_peers::{MORRIS_MID_PLIES, PETTEIA_MID_PLIES, TERNI_MID};
use lapilli_search::{Engine, Limits, Options};
use lapilli_terni_lapilli::eval::Heuristic;
use minimax::Evaluator;
use std::hint::black_box;

/// One comparison: our alpha-beta with move ordering against their
/// `Negamax` (skipped when `plain` is false: too slow at that depth), then
/// iterative deepening with a table against their `IterativeSearch`.
#[allow(clippy::too_many_arguments)]
fn compare<G, E, T>(
    c: &mut Criterion,
    name: &str,
    pos: &G,
    depth: u8,
    plain: bool,
    ours_eval: &E,
    theirs_eval: impl Fn() -> T,
) where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
    T: Evaluator,
    T::G: minimax::Game<S = G>,
    <T::G as minimax::Game>::M: Copy + Eq,
{
    let mut g = c.benchmark_group(format!("peers/{name}/depth_{depth}"));
    g.sample_size(10);
    if plain {
        let (a, b) =
            (ours_alpha_beta(pos, depth, ours_eval), theirs(Theirs::Negamax, theirs_eval(), pos, depth));
        assert!(same_value(a, b), "{name}: {a} vs {b}");
        g.bench_function("ours_alpha_beta", |b| b.iter(|| ours_alpha_beta(black_box(pos), depth, ours_eval)));
        g.bench_function("theirs_negamax", |b| {
            b.iter(|| theirs(Theirs::Negamax, theirs_eval(), black_box(pos), depth))
        });
    }
    // Both deepen by our evaluation's step.
    let iterative = Theirs::Iterative { step: ours_eval.deepening_step() };
    let (a, b) = (ours_iterative(pos, depth, ours_eval), theirs(iterative, theirs_eval(), pos, depth));
    assert!(same_value(a, b), "{name}: {a} vs {b}");
    g.bench_function("ours_iterative_tt", |b| b.iter(|| ours_iterative(black_box(pos), depth, ours_eval)));
    g.bench_function("theirs_iterative_search", |b| {
        b.iter(|| theirs(iterative, theirs_eval(), black_box(pos), depth))
    });
    g.finish();
}

fn terni(c: &mut Criterion) {
    let start = lapilli_terni_lapilli::Position::default();
    let mid: lapilli_terni_lapilli::Position = TERNI_MID.parse().expect("valid");
    for depth in [6, 8] {
        compare(c, "terni_lapilli/start", &start, depth, true, &Heuristic, || TerniEval);
        compare(c, "terni_lapilli/midgame", &mid, depth, true, &Heuristic, || TerniEval);
    }
}

fn petteia(c: &mut Criterion) {
    let start = lapilli_petteia::Position::default();
    let mid = midgame(&start, PETTEIA_MID_PLIES);
    let dux = lapilli_petteia::Setup::new(lapilli_petteia::Variant::Dux).start();
    let eval = |p: &lapilli_petteia::Position| petteia_eval(p);
    compare(c, "petteia/start", &start, 3, true, &eval, || PetteiaEval);
    compare(c, "petteia/start", &start, 5, false, &eval, || PetteiaEval);
    compare(c, "petteia/midgame", &mid, 4, false, &eval, || PetteiaEval);
    compare(c, "petteia/dux_start", &dux, 4, false, &eval, || PetteiaEval);
}

fn morris(c: &mut Criterion) {
    let start = FoldedMorris(lapilli_morris::Position::default());
    let mid = midgame(&start, MORRIS_MID_PLIES);
    let flying = FoldedMorris(FLYING.parse().expect("valid"));
    let eval = FoldedEval;
    compare(c, "nine_mens_morris/start", &start, 4, true, &eval, || MorrisEval);
    compare(c, "nine_mens_morris/start", &start, 6, false, &eval, || MorrisEval);
    compare(c, "nine_mens_morris/midgame", &mid, 6, false, &eval, || MorrisEval);
    compare(c, "nine_mens_morris/flying", &flying, 8, false, &eval, || MorrisEval);
    native(c, "start", &start, 6);
    native(c, "midgame", &mid, 6);
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

criterion_group!(benches, terni, petteia, morris);
criterion_main!(benches);
