//! The engine's entry points and configuration: one thread with or without
//! `Send + Sync`, limits, options, and panics on helper threads.

mod common;

use common::{heaps_eval, Heaps};
use lapilli_search::{Engine, History, Limits, Options};
use std::time::Duration;

#[test]
fn search_single_is_search_with_one_thread() {
    let pos = Heaps { a: 5, b: 4, side: false, bonus: true };
    for depth in [1, 4, 7] {
        let limits = Limits::depth(depth);
        let a = Engine::new().search(&pos, &History::default(), &limits, &heaps_eval);
        // search_single ignores the threads option: the same search.
        let mut two = Engine::with_options(Options::default().with_threads(2));
        let b = two.search_single(&pos, &History::default(), &limits, &heaps_eval);
        assert_eq!(
            (a.best_move, a.score, &a.pv, a.depth, a.stats),
            (b.best_move, b.score, &b.pv, b.depth, b.stats)
        );
    }
}

#[test]
fn depth_zero_searches_one_ply() {
    let pos = Heaps { a: 3, b: 2, side: false, bonus: false };
    let zero = Engine::new().search(&pos, &History::default(), &Limits::depth(0), &heaps_eval);
    let one = Engine::new().search(&pos, &History::default(), &Limits::depth(1), &heaps_eval);
    assert_eq!(zero.depth, 1);
    assert_eq!((zero.best_move, zero.score, zero.pv.len()), (one.best_move, one.score, 1));
}

#[test]
fn limits_combine() {
    let limits = Limits::depth(6).with_time(Duration::from_secs(3)).with_nodes(500);
    assert_eq!(limits, Limits { depth: 6, nodes: Some(500), time: Some(Duration::from_secs(3)) });
    assert_eq!(Limits::nodes(9).with_depth(2), Limits { depth: 2, nodes: Some(9), time: None });
    // The node budget stops a deep search with one thread exactly.
    let pos = Heaps { a: 60, b: 60, side: false, bonus: true };
    let a =
        Engine::new().search(&pos, &History::default(), &Limits::depth(40).with_nodes(3_000), &heaps_eval);
    assert!(a.stopped);
    assert_eq!(a.stats.nodes, 3_000);
}

#[test]
fn options_build_and_read_back() {
    let o =
        Options::plain().with_table_bytes(1 << 16).with_threads(0).with_aspiration(Some(0)).with_pvs(true);
    assert_eq!((o.table_bytes(), o.threads(), o.aspiration(), o.pvs()), (1 << 16, 1, Some(1), true));
    assert!(!o.iterative_deepening() && !o.killers() && !o.history_heuristic() && !o.repetition());
    let d = Options::default();
    assert_eq!(
        (d.table_bytes(), d.threads(), d.split_root(), d.exact_depth_probes()),
        (16 << 20, 1, false, false)
    );
    assert!(d.iterative_deepening() && d.pvs() && d.killers() && d.history_heuristic() && d.repetition());
    let engine: Engine<Heaps> = Engine::with_options(o.with_split_root(true).with_exact_depth_probes(true));
    assert!(engine.options().split_root() && engine.options().exact_depth_probes());
}

#[test]
fn a_helper_threads_panic_reaches_the_caller_with_its_message() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    // Helper threads are unnamed; the test's own thread is named. The
    // calling thread's evaluations wait (up to 2 s each) until a helper has
    // evaluated, so the helper's panic happens however the threads are
    // scheduled on a loaded machine.
    let helper_ran = AtomicBool::new(false);
    let eval = |h: &Heaps| {
        if std::thread::current().name().is_none() {
            helper_ran.store(true, Ordering::SeqCst);
            panic!("helper evaluation failed");
        }
        let since = Instant::now();
        while !helper_ran.load(Ordering::SeqCst) && since.elapsed() < Duration::from_secs(2) {
            std::thread::yield_now();
        }
        heaps_eval(h)
    };
    let pos = Heaps { a: 6, b: 6, side: false, bonus: true };
    for options in
        [Options::default().with_threads(2), Options::default().with_threads(2).with_split_root(true)]
    {
        helper_ran.store(false, Ordering::SeqCst);
        let payload = std::panic::catch_unwind(|| {
            Engine::with_options(options).search(&pos, &History::default(), &Limits::depth(8), &eval)
        })
        .expect_err("the helper's panic");
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"helper evaluation failed"), "{options:?}");
    }
}
