//! Search with several threads: Lazy SMP, and the root moves split among
//! threads. Both need `Send + Sync` positions, moves and evaluations;
//! single-threaded search does not.
//!
//! Helper threads are started with [`std::thread::Builder::spawn_scoped`]:
//! a helper the system refuses to start (out of memory or of threads) is
//! left out, and the search goes on with the threads it has (at least the
//! calling one); the report says how many searched. A helper is only
//! started while the address space has room for its stack, its allocator
//! arena and some more ([`lapilli_game::alloc::THREAD_ROOM`]): a thread
//! that took the last of it would leave its own first small allocation,
//! or the search's, to abort.

use super::options::Options;
use super::shared::{Completed, Run, Shared};
use super::worker::{Worker, FULL_WINDOW};
use crate::stats::Stats;
use crate::tt::Bound;
use lapilli_game::History;
use lapilli_game::{terminal_score, WIN};
use lapilli_game::{Evaluate, Game, MoveList};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::thread::{Scope, ScopedJoinHandle};

/// Joins a helper thread; if it panicked, the panic goes on here with the
/// helper's own payload.
fn join<T>(handle: ScopedJoinHandle<'_, T>) -> T {
    handle.join().unwrap_or_else(|payload| std::panic::resume_unwind(payload))
}

/// Starts up to `count` helper threads in `scope`, helper `i` (from 1)
/// running `body(i)`; those the system refuses to start are left out, and
/// none is started once the memory left is below the headroom.
fn spawn_helpers<'scope, 'env, T: Send + 'scope>(
    scope: &'scope Scope<'scope, 'env>,
    count: usize,
    body: impl Fn(usize) -> T + Send + Copy + 'scope,
) -> Vec<ScopedJoinHandle<'scope, T>> {
    let mut helpers = Vec::new();
    if helpers.try_reserve_exact(count).is_err() {
        return helpers;
    }
    // Each helper says when it has made its first allocation (which gives
    // it its allocator arena), and the next one's room is only measured
    // then: measured while the last helper was still starting, the room it
    // was about to take counted twice (a helper aborted on its first
    // allocation under `ulimit -v` on a loaded machine).
    for i in 1..=count {
        if !lapilli_game::alloc::has_room(lapilli_game::alloc::THREAD_ROOM) {
            break;
        }
        // A helper that ends before it says so drops `started`: `recv` fails.
        let (started, ready) = std::sync::mpsc::sync_channel::<()>(1);
        let helper = move || {
            std::hint::black_box(Box::new(i));
            let _ = started.send(());
            drop(started);
            body(i)
        };
        match std::thread::Builder::new().spawn_scoped(scope, helper) {
            Ok(h) => helpers.push(h),
            Err(_) => break,
        }
        if ready.recv().is_err() {
            break;
        }
    }
    helpers
}

/// Lazy SMP: `threads - 1` helpers run the same iterative deepening on the
/// shared table (odd helpers starting one ply deeper, where the deepening
/// step is 1: with a step of 2 every thread starts at the same depth and
/// the skipping alone spreads them; and every thread,
/// the main one too, skipping a depth below the limit that half the
/// threads already search, so that the threads spread over depths: with
/// two threads, 1.7x faster to depth 20 on a morris middle game, where
/// starting odd helpers deeper alone gave 1.2x). The first thread to
/// finish (proven, exhausted, or at the depth limit) stops the others, as
/// does a limit. The deepest
/// iteration any thread completed is the search's result (the main
/// thread's among equals): on a loaded machine a helper may get further
/// than the main thread.
pub(super) fn lazy_smp<G, E>(
    shared: Shared<'_>,
    options: &Options,
    eval: &E,
    history: &History,
    root: &G,
    max_depth: u32,
) -> Vec<Run<G::Move>>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    let (earlier, carried) = (history.earlier(), history.plies_before_known());
    std::thread::scope(|scope| {
        let helpers = spawn_helpers(scope, options.threads() - 1, move |i| {
            let mut w = Worker::new(shared, options, eval, earlier, carried);
            w.skip_threads = options.threads();
            let completed = w.iterate(root, max_depth, 1 + (i as u32 % 2));
            w.into_run(completed)
        });
        let mut w = Worker::new(shared, options, eval, earlier, carried);
        w.skip_threads = options.threads();
        let completed = w.iterate(root, max_depth, 1);
        shared.control.stop();
        let mut runs = vec![w.into_run(completed)];
        runs.extend(helpers.into_iter().map(join));
        runs
    })
}

/// Iterative deepening with the root moves split among the threads (Young
/// Brothers Wait at the root): at each depth the first root move (the
/// previous iteration's best, else the first generated) is searched by the
/// main thread with the full window; then `threads` workers take the others
/// one at a time with a null window at the best score so far and re-search
/// with an open window those that beat it. The helper threads are spawned
/// anew at every depth (cheap beside an iteration; it keeps each
/// iteration's workers independent). The report counts the fewest threads
/// any iteration had.
pub(super) fn split_root<G, E>(
    shared: Shared<'_>,
    options: &Options,
    eval: &E,
    history: &History,
    root: &G,
    max_depth: u32,
) -> Vec<Run<G::Move>>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    let mut w = Worker::new(shared, options, eval, history.earlier(), history.plies_before_known());
    let mut tally = Tally { stats: Stats::default(), threads: options.threads() };
    let mut list = G::Moves::default();
    root.legal_moves(&mut list);
    let moves = list.as_slice().to_vec();
    let mut order = moves.clone();
    let completed = w.deepen(1, max_depth, |w, depth, last| {
        if let Some(best) = last.and_then(|l| l.best_move) {
            if let Some(i) = order.iter().position(|&m| m == best) {
                order[..=i].rotate_right(1);
            }
        }
        split_iteration(w, root, &moves, &order, depth, &mut tally)
    });
    let mut run = w.into_run(completed);
    run.stats += tally.stats;
    run.threads = tally.threads;
    vec![run]
}

/// What the helper threads of [`split_root`] add up to: their counters,
/// and the fewest threads (helpers and the main one) of any iteration.
struct Tally {
    stats: Stats,
    threads: usize,
}

/// One iteration of [`split_root`] at `depth`, the root moves tried in
/// `order`; `moves` is their generation order (for the table).
fn split_iteration<G, E>(
    w: &mut Worker<'_, G, E>,
    root: &G,
    moves: &[G::Move],
    order: &[G::Move],
    depth: u32,
    tally: &mut Tally,
) -> Option<Completed<G::Move>>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    if !w.count_node() {
        return None;
    }
    let finished = |score| Completed { best_move: None, score, pv: Vec::new(), depth, exhausted: true };
    if let Some(outcome) = root.outcome() {
        return Some(finished(terminal_score(outcome, 0)));
    }
    debug_assert!(
        !order.is_empty(),
        "Game contract broken: a position with no legal moves has no outcome: {root:?}"
    );
    if order.is_empty() {
        return Some(finished(0));
    }
    let key = root.zobrist();
    let root_len = w.path.len();
    w.path.push(key);
    w.cut = false;
    let found = split_below(w, root, order, depth, tally);
    w.path.truncate(root_len);
    let (best, dependent) = found?;
    let index = moves.iter().position(|&m| m == best.mv).map(|i| i as u16);
    w.store(key, 0, depth, best.score, Bound::of(best.score, FULL_WINDOW, dependent), index);
    Some(Completed { best_move: Some(best.mv), score: best.score, pv: best.pv, depth, exhausted: !w.cut })
}

/// The best root move so far, its score and line.
struct Best<M> {
    score: i32,
    mv: M,
    pv: Vec<M>,
}

/// Searches the root move `m` to `depth` in `window` (the root's key is
/// the last of `w.path`). Returns the score for the root's side to move
/// and whether it depended on a draw by rule; its line is `w.pv`'s
/// `line_after(0, m)`.
fn root_child<G: Game, E: Evaluate<G>>(
    w: &mut Worker<'_, G, E>,
    root: &G,
    m: G::Move,
    depth: u32,
    window: (i32, i32),
) -> (i32, bool) {
    let mut child = root.clone();
    child.play_unchecked(m);
    let same = child.side_to_move() == root.side_to_move();
    let window_start = if root.is_irreversible(m) { w.path.len() } else { 0 };
    w.pv.reserve(0);
    w.child(&child, same, depth - 1, 1, window, window_start)
}

/// The root moves of one iteration, searched by this worker and
/// `threads - 1` helpers: the best move with its line, and whether any
/// score depended on a draw by rule; whether a line was cut by the depth
/// limit is left in `w.cut`. `None` if the search was stopped.
fn split_below<'a, G, E>(
    w: &mut Worker<'a, G, E>,
    root: &G,
    order: &[G::Move],
    depth: u32,
    tally: &mut Tally,
) -> Option<(Best<G::Move>, bool)>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    let first = order[0];
    let (score, dependent) = root_child(w, root, first, depth, FULL_WINDOW);
    if w.stopped {
        return None;
    }
    let best = Mutex::new(Best { score, mv: first, pv: w.pv.line_after(0, first) });
    let dependent = AtomicBool::new(dependent);
    let next = AtomicUsize::new(1);
    let work = |w: &mut Worker<'a, G, E>| {
        while let Some(&m) = order.get(next.fetch_add(1, Relaxed)) {
            let alpha = best.lock().expect("no panics while held").score;
            let (mut s, mut dep) = root_child(w, root, m, depth, (alpha, alpha + 1));
            if s > alpha && !w.stopped {
                let (again, dep_again) = root_child(w, root, m, depth, (alpha, WIN + 1));
                (s, dep) = (again, dep || dep_again);
            }
            if w.stopped {
                break;
            }
            dependent.fetch_or(dep, Relaxed);
            let mut b = best.lock().expect("no panics while held");
            if s > b.score {
                *b = Best { score: s, mv: m, pv: w.pv.line_after(0, m) };
            }
        }
    };
    let (shared, options, eval, carried) = (w.shared, w.options, w.eval, w.carried);
    let root_path = w.path.clone();
    std::thread::scope(|scope| {
        let (work, root_path) = (&work, &root_path);
        let helpers = spawn_helpers(scope, options.threads() - 1, move |_| {
            let mut helper = Worker::new(shared, options, eval, root_path, carried);
            work(&mut helper);
            let cut = helper.cut;
            (helper.into_run(None).stats, cut)
        });
        tally.threads = tally.threads.min(1 + helpers.len());
        work(w);
        for h in helpers {
            let (stats, cut) = join(h);
            tally.stats += stats;
            w.cut |= cut;
        }
    });
    if w.stopped || shared.control.stopping() {
        w.stopped = true;
        return None;
    }
    let best = best.into_inner().expect("no panics while held");
    Some((best, dependent.into_inner()))
}
