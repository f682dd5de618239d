//! Tests of one search thread (`worker.rs`): Lazy SMP's depth skipping.

use super::super::limits::Limits;
use super::super::shared::{Completed, Control, Shared};
use super::*;
use lapilli_game::doc_game::Nim;

/// The depths `deepen` searches from 1 to 5 with depths `busy` searched
/// by other threads, for a thread of a Lazy SMP search of `threads`.
fn searched(threads: usize, busy: &[u32]) -> Vec<u32> {
    let control = Control::new(Limits::depth(5), None);
    for &d in busy {
        control.count_searching(d, true);
    }
    let options = Options::default();
    let eval = |_: &Nim| 0;
    let mut w = Worker::new(Shared { tt: None, control: &control }, &options, &eval, &[], 0);
    w.skip_threads = threads;
    let mut depths = Vec::new();
    w.deepen(1, 5, |_, depth, _| {
        depths.push(depth);
        Some(Completed { best_move: Some(1u32), score: 0, pv: vec![1], depth, exhausted: false })
    });
    depths
}

#[test]
fn lazy_smp_threads_skip_the_depths_half_of_them_search() {
    // Alone, or with skipping off: every depth.
    assert_eq!(searched(0, &[3]), [1, 2, 3, 4, 5]);
    // One of two threads at depth 3: the other skips it, never the limit.
    assert_eq!(searched(2, &[3, 5]), [1, 2, 4, 5]);
    // Of four threads, one at depth 2 is not half; two at 4 are.
    assert_eq!(searched(4, &[2, 4, 4]), [1, 2, 3, 5]);
}
