//! The engine's entry points and configuration: one thread with or without
//! `Send + Sync`, limits and why a search stopped, deepening that ends when
//! nothing is left to see, options, tables too large for memory, and
//! panics on helper threads.

mod common;

use common::{all_configurations, check_pv, heaps_eval, node_eval, tree, Heaps};
use lapilli_game::{Evaluate, Game, History, Outcome, Value, WIN};
use lapilli_search::{Engine, Limits, Options, StopReason, TableError, TranspositionTable, MAX_DEPTH};
use lapilli_tablebase::solve;
use std::time::{Duration, Instant};

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
fn the_evaluation_cache_changes_nothing_but_its_count() {
    // Two heaps: the same leaf is reached by several orders of the same
    // plies, and both searches must agree on everything else.
    for pos in
        [Heaps { a: 5, b: 4, side: false, bonus: true }, Heaps { a: 6, b: 6, side: true, bonus: false }]
    {
        let mut hits = 0;
        for depth in 1..=9 {
            let limits = Limits::depth(depth);
            let search = |on: bool| {
                let options = Options::default().with_eval_cache(on);
                Engine::with_options(options).search(&pos, &History::default(), &limits, &heaps_eval)
            };
            let (on, off) = (search(true), search(false));
            assert_eq!(off.stats.eval_cache_hits, 0);
            hits += on.stats.eval_cache_hits;
            let cleared = lapilli_search::Stats { eval_cache_hits: 0, ..on.stats };
            assert_eq!(
                (on.best_move, on.score, &on.pv, on.depth, cleared),
                (off.best_move, off.score, &off.pv, off.depth, off.stats),
                "{pos:?} depth {depth}"
            );
        }
        assert!(hits > 0, "{pos:?}: transposed leaves are found in the cache");
    }
    // A tree of distinct positions (found again only by re-searches),
    // more leaves than slots: slots are shared, and a position must never
    // take another's score.
    let big = Endless { path: 0, first: true };
    for depth in [6, 8, 10] {
        let search = |on: bool| {
            let options = Options::default().with_eval_cache(on);
            Engine::with_options(options).search(
                &big,
                &History::default(),
                &Limits::depth(depth),
                &endless_eval,
            )
        };
        let (on, off) = (search(true), search(false));
        let cleared = lapilli_search::Stats { eval_cache_hits: 0, ..on.stats };
        assert_eq!((on.best_move, on.score, &on.pv, cleared), (off.best_move, off.score, &off.pv, off.stats));
    }
}

/// Two plies of 100 moves each, keyed by the node's dense number: keys
/// distinct, their high bits all zero (the evaluation cache must not
/// take the low bits alone for a position).
#[derive(Clone, Debug)]
struct Dense {
    number: u64,
    ply: u8,
}

impl Game for Dense {
    type Move = u8;
    type Side = bool;
    type Moves = Vec<u8>;
    fn side_to_move(&self) -> bool {
        self.ply.is_multiple_of(2)
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend(0..100);
    }
    fn play_unchecked(&mut self, m: u8) {
        self.number = self.number * 100 + u64::from(m) + 1;
        self.ply += 1;
    }
    fn zobrist(&self) -> u64 {
        self.number
    }
    fn is_irreversible(&self, _: u8) -> bool {
        true
    }
}

fn dense_eval(d: &Dense) -> i32 {
    (d.number.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as i32 % 1000 - 500
}

#[test]
fn the_evaluation_cache_tells_apart_keys_whose_high_bits_are_all_zero() {
    let root = Dense { number: 0, ply: 0 };
    let search = |on: bool| {
        let options = Options::default().with_eval_cache(on);
        Engine::with_options(options).search(&root, &History::default(), &Limits::depth(2), &dense_eval)
    };
    let (on, off) = (search(true), search(false));
    let cleared = lapilli_search::Stats { eval_cache_hits: 0, ..on.stats };
    assert_eq!((on.best_move, on.score, &on.pv, cleared), (off.best_move, off.score, &off.pv, off.stats));
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

/// [`heaps_eval`] with an aspiration window of its own, or none.
struct Windowed(Option<i32>);

impl Evaluate<Heaps> for Windowed {
    fn evaluate(&self, h: &Heaps) -> i32 {
        heaps_eval(h)
    }
    fn aspiration_window(&self) -> Option<i32> {
        self.0
    }
}

#[test]
fn the_evaluations_aspiration_window_is_used_when_asked_and_no_width_is_given() {
    let root = Heaps { a: 6, b: 6, side: true, bonus: false };
    let limits = Limits::depth(9);
    let run = |options: Options, eval: Windowed| {
        Engine::with_options(options).search(&root, &History::default(), &limits, &eval)
    };
    let base = Options::default().with_table_bytes(1 << 16);
    let full = run(base, Windowed(Some(1)));
    let fixed = run(base.with_aspiration(Some(1)), Windowed(None));
    // Asked for, the evaluation's width of 1 searches as a width of 1 of
    // the options does, and not as the full window.
    let asked = run(base.with_evaluation_aspiration(true), Windowed(Some(1)));
    assert_eq!(asked.stats, fixed.stats);
    assert_ne!(asked.stats, full.stats);
    assert_eq!(asked.score, full.score);
    // An evaluation without a width: the full window.
    assert_eq!(run(base.with_evaluation_aspiration(true), Windowed(None)).stats, full.stats);
    // A width of the options comes before the evaluation's.
    let both = run(base.with_aspiration(Some(1)).with_evaluation_aspiration(true), Windowed(Some(1000)));
    assert_eq!(both.stats, fixed.stats);
}

#[test]
fn options_build_and_read_back() {
    let o =
        Options::plain().with_table_bytes(1 << 16).with_threads(0).with_aspiration(Some(0)).with_pvs(true);
    assert_eq!((o.table_bytes(), o.threads(), o.aspiration(), o.pvs()), (1 << 16, 1, Some(1), true));
    assert!(!o.iterative_deepening() && !o.killers() && !o.history_heuristic() && !o.repetition());
    assert!(!o.eval_cache() && !Options::alpha_beta().eval_cache() && o.with_eval_cache(true).eval_cache());
    let d = Options::default();
    assert_eq!(
        (d.table_bytes(), d.threads(), d.split_root(), d.exact_depth_probes()),
        (16 << 20, 1, false, false)
    );
    assert!(d.iterative_deepening() && d.pvs() && d.killers() && d.history_heuristic() && d.repetition());
    assert!(d.eval_cache());
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

/// The engine's configurations with repetition detection on (the sweep's
/// minimax-exact ones included) and one and two threads.
fn configurations_with_repetition() -> Vec<(&'static str, Options)> {
    all_configurations().into_iter().map(|(name, o)| (name, o.with_repetition(true))).collect()
}

#[test]
fn a_deep_search_of_a_finite_game_ends_once_the_result_is_proven() {
    // Heaps ends within a + b plies: depth 200 must not search 200 plies.
    for bonus in [false, true] {
        let pos = Heaps { a: 5, b: 4, side: false, bonus };
        let truth = solve(&pos).probe(&pos).unwrap();
        let plies = truth.plies().expect("heaps are never drawn");
        let score = if matches!(truth, Value::Win(_)) { WIN - plies as i32 } else { -(WIN - plies as i32) };
        for (name, options) in all_configurations() {
            let since = Instant::now();
            let a = Engine::with_options(options).search(
                &pos,
                &History::default(),
                &Limits::depth(MAX_DEPTH),
                &heaps_eval,
            );
            assert_eq!(a.score, score, "{name}, bonus {bonus}");
            assert_eq!(a.stop_reason, StopReason::Proven, "{name}, bonus {bonus}");
            assert!(!a.stopped);
            // Without iterative deepening the one iteration is at the limit.
            let deepest = if options.iterative_deepening() { 9 } else { MAX_DEPTH };
            assert!(a.depth >= plies && a.depth <= deepest, "{name}: depth {}", a.depth);
            assert!(since.elapsed() < Duration::from_secs(10), "{name}: {:?}", since.elapsed());
            check_pv(&pos, &a, heaps_eval, true).unwrap();
        }
    }
}

#[test]
fn a_deep_search_of_a_drawn_finite_tree_ends_exhausted() {
    // a: a draw at once, or a node where b picks a draw over a loss. Every
    // line ends by ply 2, in finished games only.
    let t = tree("a5(bD b7(aD aW))");
    for (name, options) in all_configurations() {
        let a =
            Engine::with_options(options).search(&t, &History::default(), &Limits::depth(200), &node_eval);
        // With Lazy SMP a helper thread may finish the next depth first
        // (it skips a depth others search), and its result is as proven.
        let depth = if options.iterative_deepening() { 2 } else { 200 };
        let helpers_ahead = u32::from(options.threads() > 1 && options.iterative_deepening());
        assert_eq!((a.score, a.stop_reason), (0, StopReason::Exhausted), "{name}");
        assert!((depth..=depth + helpers_ahead).contains(&a.depth), "{name}: depth {}", a.depth);
        assert_eq!(a.stop_reason.name(), "exhausted");
        assert!(!a.stopped);
        check_pv(&t, &a, node_eval, true).unwrap();
    }
    // A line that does not end (an evaluated leaf passes forever) is cut at
    // every depth: the search goes to the limit. (b prefers leaving a 3 to
    // a loss.)
    let t = tree("a0(bD b0(a3 aW))");
    let a = Engine::new().search(&t, &History::default(), &Limits::depth(12), &node_eval);
    assert_eq!((a.score, a.depth, a.stop_reason, a.stopped), (3, 12, StopReason::Depth, false));
}

/// A token on a ring of five points; each side in turn moves it one point
/// either way. Nothing ever ends the game: only repetition draws it, so
/// with repetition detection every line of the tree ends within ten plies
/// (there are ten positions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Ring {
    at: u8,
    first: bool,
}

impl Game for Ring {
    type Move = u8;
    type Side = bool;
    type Moves = Vec<u8>;
    fn side_to_move(&self) -> bool {
        self.first
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend([1, 4]);
    }
    fn play_unchecked(&mut self, step: u8) {
        self.at = (self.at + step) % 5;
        self.first = !self.first;
    }
    fn zobrist(&self) -> u64 {
        (self.at as u64 * 2 + self.first as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn is_irreversible(&self, _: u8) -> bool {
        false
    }
}

/// Points are worth their number to the first side: never 0 at a leaf the
/// depth limit cut.
fn ring_eval(r: &Ring) -> i32 {
    let v = 1 + r.at as i32;
    if r.first {
        v
    } else {
        -v
    }
}

#[test]
fn a_deep_search_of_a_cyclic_drawn_game_ends_when_every_line_repeats() {
    let start = Ring { at: 0, first: true };
    for (name, options) in configurations_with_repetition() {
        let mut engine = Engine::with_options(options);
        for round in 0..2 {
            let since = Instant::now();
            let a = engine.search(&start, &History::default(), &Limits::depth(200), &ring_eval);
            assert_eq!(
                (a.score, a.stop_reason, a.stopped),
                (0, StopReason::Exhausted, false),
                "{name} {round}"
            );
            // Every line repeats by depth 10; a Lazy SMP helper thread may
            // have finished depth 11 first, and a deepening step skips to
            // the next depth it searches.
            let step = options.deepening_step().unwrap_or(1);
            let deepest = 10 + (step - 1) + u32::from(options.threads() > 1);
            assert!(
                a.depth <= deepest || !options.iterative_deepening(),
                "{name} {round}: depth {}",
                a.depth
            );
            assert!(since.elapsed() < Duration::from_secs(10), "{name}: {:?}", since.elapsed());
            check_pv(&start, &a, ring_eval, false).unwrap();
        }
    }
    // Short of the depth where every line repeats, the leaves are
    // evaluated: the search is cut by its depth limit.
    let a = Engine::new().search(&start, &History::default(), &Limits::depth(3), &ring_eval);
    assert_eq!((a.depth, a.stop_reason), (3, StopReason::Depth));
}

/// A game that never ends and never repeats: three moves everywhere, each
/// to a new position, evaluated pseudo-randomly. No search finishes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Endless {
    path: u64,
    first: bool,
}

impl Game for Endless {
    type Move = u8;
    type Side = bool;
    type Moves = Vec<u8>;
    fn side_to_move(&self) -> bool {
        self.first
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend(0..3);
    }
    fn play_unchecked(&mut self, m: u8) {
        self.path = self.path.wrapping_mul(3).wrapping_add(m as u64 + 1);
        self.first = !self.first;
    }
    fn zobrist(&self) -> u64 {
        let mut z = self.path.wrapping_add(self.first as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z ^= z >> 31;
        z.wrapping_mul(0xBF58_476D_1CE4_E5B9)
    }
    fn is_irreversible(&self, _: u8) -> bool {
        true
    }
}

fn endless_eval(e: &Endless) -> i32 {
    (e.zobrist() % 201) as i32 - 100
}

/// [`endless_eval`] with a deepening step of its own.
struct Stepped(u32);

impl Evaluate<Endless> for Stepped {
    fn evaluate(&self, e: &Endless) -> i32 {
        endless_eval(e)
    }
    fn deepening_step(&self) -> u32 {
        self.0
    }
}

#[test]
fn iterations_are_whole_steps_below_the_depth_limit() {
    let big = Endless { path: 0, first: true };
    // The deepest iteration a node budget let each search complete.
    let depths = |options: Options, eval: &Stepped, depth: u32| -> Vec<u32> {
        [30, 100, 300, 1_000, 3_000, 10_000, 30_000]
            .map(|n| {
                let limits = Limits::depth(depth).with_nodes(n);
                Engine::with_options(options).search(&big, &History::default(), &limits, eval).depth
            })
            .to_vec()
    };
    // The evaluation's step of 3 below depth 8: depths 2, 5 and 8 (0: the
    // budget ran out before the first).
    let by_three = depths(Options::default(), &Stepped(3), 8);
    assert!(by_three.iter().all(|d| [0, 2, 5, 8].contains(d)), "{by_three:?}");
    assert!(by_three.contains(&5), "{by_three:?}");
    // Below MAX_DEPTH (200) with a step of 2: even depths only.
    let by_two = depths(Options::default(), &Stepped(2), MAX_DEPTH);
    assert!(by_two.iter().all(|d| d % 2 == 0) && by_two.contains(&4), "{by_two:?}");
    // The options' step overrides the evaluation's: every depth, the
    // budgets reaching depths that the step of 3 skips.
    let by_one = depths(Options::default().with_deepening_step(Some(1)), &Stepped(3), 8);
    assert!(by_one.contains(&3) && by_one.contains(&4), "{by_one:?}");
    assert_eq!(Options::default().with_deepening_step(Some(0)).deepening_step(), Some(1));
    assert_eq!(Options::default().deepening_step(), None);
}

#[test]
fn limits_say_why_the_search_stopped() {
    let big = Endless { path: 0, first: true };
    let mut engine = Engine::new();
    let a = engine.search(&big, &History::default(), &Limits::depth(3), &endless_eval);
    assert_eq!((a.stop_reason, a.stopped, a.depth, a.threads), (StopReason::Depth, false, 3, 1));
    let a = engine.search(&big, &History::default(), &Limits::nodes(2_000), &endless_eval);
    assert_eq!((a.stop_reason, a.stopped, a.stop_reason.name()), (StopReason::Nodes, true, "nodes"));
    let a = engine.search(&big, &History::default(), &Limits::time(Duration::from_millis(20)), &endless_eval);
    assert_eq!((a.stop_reason, a.stopped, a.stop_reason.name()), (StopReason::Time, true, "time"));
    // Stopped before depth 1 finished: any legal move, depth 0, and the
    // limit as the reason.
    let a = engine.search(&big, &History::default(), &Limits::nodes(1), &endless_eval);
    assert_eq!((a.depth, a.stop_reason, a.stopped, a.pv.len()), (0, StopReason::Nodes, true, 1));
    for (reason, name) in [
        (StopReason::Depth, "depth"),
        (StopReason::Nodes, "nodes"),
        (StopReason::Time, "time"),
        (StopReason::Proven, "proven"),
        (StopReason::Exhausted, "exhausted"),
        (StopReason::Stopped, "stopped"),
    ] {
        assert_eq!(reason.name(), name);
        assert_eq!(
            reason.is_limit(),
            matches!(reason, StopReason::Nodes | StopReason::Time | StopReason::Stopped)
        );
        assert!(!reason.to_string().is_empty());
    }
}

#[test]
fn a_search_is_stopped_from_another_thread() {
    // An endless tree with no depth, node or time limit: only the stop
    // request ends it, on one thread, on Lazy SMP and on the split root.
    let big = Endless { path: 0, first: true };
    for (threads, split_root) in [(1, false), (3, false), (3, true)] {
        let mut engine =
            Engine::with_options(Options::default().with_threads(threads).with_split_root(split_root));
        let stop = engine.stop_handle();
        assert!(!stop.is_stopping());
        let started = Instant::now();
        let (a, stopped_at) = std::thread::scope(|s| {
            let search = s
                .spawn(|| engine.search(&big, &History::default(), &Limits::depth(MAX_DEPTH), &endless_eval));
            std::thread::sleep(Duration::from_millis(100));
            let stopped_at = started.elapsed();
            stop.stop();
            (search.join().unwrap(), stopped_at)
        });
        let answered = started.elapsed() - stopped_at;
        assert!(
            answered < Duration::from_millis(500),
            "{threads} threads: answered {answered:?} after the stop"
        );
        assert_eq!((a.stop_reason, a.stopped), (StopReason::Stopped, true), "{threads} threads");
        assert!(a.depth >= 1, "{threads} threads: 100 ms complete depth 1, got {}", a.depth);
        check_pv(&big, &a, endless_eval, true).unwrap();
        // The request stays until cleared: the next search stops after
        // its first completed iteration, with a searched move and its
        // line: depth 1 on one thread; with Lazy SMP an odd helper starts
        // at depth 2 and may complete it first.
        assert!(stop.is_stopping());
        let a = engine.search(&big, &History::default(), &Limits::depth(MAX_DEPTH), &endless_eval);
        let first = if threads > 1 && !split_root { 1..=2 } else { 1..=1 };
        assert!(first.contains(&a.depth), "{threads} threads: stopped at depth {}", a.depth);
        assert_eq!((a.stop_reason, a.pv.len()), (StopReason::Stopped, a.depth as usize), "{threads} threads");
        check_pv(&big, &a, endless_eval, true).unwrap();
        stop.clear();
        let a = engine.search(&big, &History::default(), &Limits::depth(3), &endless_eval);
        assert_eq!((a.depth, a.stop_reason, a.stopped), (3, StopReason::Depth, false), "{threads} threads");
    }
}

#[test]
fn more_threads_than_cores_report_a_complete_iteration_and_the_limit() {
    // Eight threads on a machine with fewer cores, a short time limit:
    // the search is stopped by the clock, says so, and reports a complete
    // iteration of some thread (its line legal and worth the score),
    // never a shallower one than one thread alone gets in far less time.
    let big = Endless { path: 0, first: true };
    let alone = Engine::new().search(
        &big,
        &History::default(),
        &Limits::time(Duration::from_millis(5)),
        &endless_eval,
    );
    for split_root in [false, true] {
        let options = Options::default().with_threads(8).with_split_root(split_root);
        for _ in 0..3 {
            let a = Engine::with_options(options).search(
                &big,
                &History::default(),
                &Limits::time(Duration::from_millis(150)),
                &endless_eval,
            );
            assert_eq!((a.stopped, a.stop_reason), (true, StopReason::Time), "split {split_root}");
            assert_eq!(a.threads, 8);
            assert!(a.depth >= alone.depth.min(4), "split {split_root}: depth {} < {}", a.depth, alone.depth);
            check_pv(&big, &a, endless_eval, true).unwrap();
        }
    }
    // A depth limit reached by eight threads is not a stop.
    let a = Engine::with_options(Options::default().with_threads(8)).search(
        &big,
        &History::default(),
        &Limits::depth(4),
        &endless_eval,
    );
    assert_eq!((a.depth, a.stopped, a.stop_reason), (4, false, StopReason::Depth));
}

#[test]
fn a_table_too_large_for_memory_is_an_error_not_an_abort() {
    let bytes = usize::MAX / 2;
    assert_eq!(TranspositionTable::try_with_bytes(bytes).unwrap_err(), TableError { bytes });
    let e = Engine::<Heaps>::try_with_options(Options::default().with_table_bytes(bytes)).unwrap_err();
    assert_eq!(e, TableError { bytes });
    assert_eq!(e.to_string(), format!("cannot allocate a transposition table of {bytes} bytes"));
    // A table that fits is allocated, and searches as with_options's does.
    let mut engine = Engine::<Heaps>::try_with_options(Options::default().with_table_bytes(1 << 16)).unwrap();
    let pos = Heaps { a: 3, b: 2, side: false, bonus: false };
    let a = engine.search(&pos, &History::default(), &Limits::depth(4), &heaps_eval);
    let b = Engine::with_options(Options::default().with_table_bytes(1 << 16)).search(
        &pos,
        &History::default(),
        &Limits::depth(4),
        &heaps_eval,
    );
    assert_eq!((a.score, a.pv), (b.score, b.pv));
    // The infallible constructor panics with the same message.
    let payload = std::panic::catch_unwind(|| {
        Engine::<Heaps>::with_options(Options::default().with_table_bytes(bytes))
    })
    .expect_err("too large");
    assert_eq!(payload.downcast_ref::<String>(), Some(&e.to_string()));
}
