//! The order a scheduler hands tiers to workers in: a tier is ready when
//! every dependency is finished, and among the ready ones the tier with
//! the longest chain of work still behind it goes first.

use super::chunk::{Chunk, Job};
use super::plan::Plan;
use std::collections::BTreeSet;

/// Where each tier of a [`Plan`] stands while workers build it: waiting
/// for dependencies, ready, handed out, or finished. Tiers are named as
/// in the plan.
///
/// ```
/// use lapilli_tablebase::{Plan, PlannedTier, CriticalPath, Job, Schedule};
/// let tier = |name: &str, deps: &[&str], path_to_end| PlannedTier {
///     name: name.into(),
///     size: 1,
///     chunks: 1,
///     dependencies: deps.iter().map(|d| d.to_string()).collect(),
///     earliest_start: 0,
///     path_to_end,
/// };
/// let plan = Plan {
///     tiers: vec![tier("a", &[], 2), tier("b", &[], 1), tier("c", &["a"], 1)],
///     total_indices: 3,
///     critical_path: CriticalPath { indices: 2, share: 2.0 / 3.0, tiers: vec!["a".into(), "c".into()] },
/// };
/// let mut s = Schedule::new(&plan, |_| false);
/// let next = |s: &mut Schedule| s.next_ready().map(|job| job.to_string());
/// assert_eq!(next(&mut s).as_deref(), Some("a")); // the longer path first
/// assert_eq!(next(&mut s).as_deref(), Some("b"));
/// assert_eq!(next(&mut s), None); // c waits for a
/// s.finished(&Job::tier("a"));
/// assert_eq!(next(&mut s).as_deref(), Some("c"));
/// ```
#[derive(Clone, Debug)]
pub struct Schedule {
    /// Per tier, in plan order: name, path to the end, dependencies (as
    /// positions in this list), chunks.
    tiers: Vec<(String, u64, Vec<usize>, u32)>,
    /// Finished tiers.
    done: Vec<bool>,
    /// Tiers whose own job (the whole tier, or its chunks put together)
    /// is handed out and not finished.
    running: Vec<bool>,
    /// Per chunked tier: its chunks handed out, and finished.
    chunks_handed: Vec<u32>,
    chunks_done: Vec<u32>,
    /// Tiers with a job ready to hand out: (path to the end, reversed plan
    /// position) so that the last is the one to hand out next (ties to the
    /// tier first in plan order).
    ready: BTreeSet<(u64, std::cmp::Reverse<usize>)>,
}

impl Schedule {
    /// The schedule of `plan`, the tiers for which `finished` says so
    /// counted as finished already (their files are in the folder). A
    /// tier of several chunks ([`PlannedTier::chunks`](crate::PlannedTier::chunks))
    /// is handed out as its chunks, then, once they are finished, as the
    /// tier itself (its chunks put together).
    pub fn new(plan: &Plan, finished: impl Fn(&str) -> bool) -> Schedule {
        let position: std::collections::HashMap<&str, usize> =
            plan.tiers.iter().enumerate().map(|(i, t)| (t.name.as_str(), i)).collect();
        let tiers: Vec<(String, u64, Vec<usize>, u32)> = plan
            .tiers
            .iter()
            .map(|t| {
                let deps = t.dependencies.iter().filter_map(|d| position.get(d.as_str()).copied()).collect();
                (t.name.clone(), t.path_to_end, deps, t.chunks.max(1))
            })
            .collect();
        let done: Vec<bool> = tiers.iter().map(|(name, ..)| finished(name)).collect();
        let n = tiers.len();
        let mut s = Schedule {
            running: vec![false; n],
            chunks_handed: vec![0; n],
            chunks_done: vec![0; n],
            tiers,
            done,
            ready: BTreeSet::new(),
        };
        for i in 0..n {
            s.consider(i);
        }
        s
    }

    /// Marks tier `i` ready if it is neither finished nor handed out and
    /// its dependencies are finished.
    fn consider(&mut self, i: usize) {
        if !self.done[i] && !self.running[i] && self.tiers[i].2.iter().all(|&d| self.done[d]) {
            self.ready.insert((self.tiers[i].1, std::cmp::Reverse(i)));
        }
    }

    /// Hands out the ready job of the tier with the longest path to the
    /// end (the first in plan order among equals): its next chunk, or the
    /// tier itself; `None` when no job is ready (all finished, or waiting
    /// for jobs handed out).
    pub fn next_ready(&mut self) -> Option<Job> {
        let &(key, std::cmp::Reverse(i)) = self.ready.last()?;
        let (name, _, _, chunks) = &self.tiers[i];
        let handed = self.chunks_handed[i];
        if *chunks > 1 && handed < *chunks {
            let job = Job { tier: name.clone(), chunk: Some(Chunk { index: handed, of: *chunks }) };
            self.chunks_handed[i] += 1;
            if self.chunks_handed[i] == *chunks {
                // The tier's own job waits for its chunks.
                self.ready.remove(&(key, std::cmp::Reverse(i)));
            }
            return Some(job);
        }
        self.ready.remove(&(key, std::cmp::Reverse(i)));
        self.running[i] = true;
        Some(Job::tier(name.clone()))
    }

    /// Records that `job` is finished: the last chunk of a tier makes the
    /// tier's own job ready; a tier finished makes ready the tiers waiting
    /// only for it. A job the plan does not hold is ignored.
    pub fn finished(&mut self, job: &Job) {
        let Some(i) = self.tiers.iter().position(|(n, ..)| *n == job.tier) else { return };
        if job.chunk.is_some() {
            self.chunks_done[i] += 1;
            if self.chunks_done[i] == self.tiers[i].3 && !self.done[i] && !self.running[i] {
                self.ready.insert((self.tiers[i].1, std::cmp::Reverse(i)));
            }
            return;
        }
        self.running[i] = false;
        self.done[i] = true;
        for j in 0..self.tiers.len() {
            if self.tiers[j].2.contains(&i) {
                self.consider(j);
            }
        }
    }

    /// The tiers finished, by count, and the plan's tiers.
    pub fn progress(&self) -> (usize, usize) {
        (self.done.iter().filter(|&&d| d).count(), self.tiers.len())
    }

    /// Whether every tier is finished.
    pub fn is_done(&self) -> bool {
        self.done.iter().all(|&d| d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CriticalPath, PlannedTier};

    fn plan(tiers: &[(&str, &[&str], u64, u32)]) -> Plan {
        Plan {
            tiers: tiers
                .iter()
                .map(|(name, deps, path_to_end, chunks)| PlannedTier {
                    name: name.to_string(),
                    size: 1,
                    chunks: *chunks,
                    dependencies: deps.iter().map(|d| d.to_string()).collect(),
                    earliest_start: 0,
                    path_to_end: *path_to_end,
                })
                .collect(),
            total_indices: tiers.len() as u64,
            critical_path: CriticalPath { indices: 0, share: 0.0, tiers: Vec::new() },
        }
    }

    fn next(s: &mut Schedule) -> Option<String> {
        s.next_ready().map(|j| j.to_string())
    }

    fn finish(s: &mut Schedule, job: &str) {
        s.finished(&job.parse().expect("a job"));
    }

    #[test]
    fn ready_tiers_go_longest_path_first_and_finished_files_are_skipped() {
        let p = plan(&[
            ("a", &[], 5, 1),
            ("b", &[], 9, 1),
            ("c", &["a", "b"], 4, 1),
            ("d", &["b"], 7, 1),
            ("e", &[], 9, 1),
        ]);
        let mut s = Schedule::new(&p, |_| false);
        // b and e tie at 9: plan order.
        let first: Vec<String> = std::iter::from_fn(|| next(&mut s)).collect();
        assert_eq!(first, ["b", "e", "a"]);
        finish(&mut s, "b");
        assert_eq!(next(&mut s).as_deref(), Some("d"));
        assert_eq!(next(&mut s), None, "c waits for a");
        finish(&mut s, "a");
        assert_eq!(next(&mut s).as_deref(), Some("c"));
        for t in ["c", "d", "e"] {
            assert!(!s.is_done());
            finish(&mut s, t);
        }
        assert!(s.is_done());
        assert_eq!(s.progress(), (5, 5));
        // A restart with a and b finished hands out only the rest.
        let mut s = Schedule::new(&p, |t| t == "a" || t == "b");
        let again: Vec<String> = std::iter::from_fn(|| next(&mut s)).collect();
        assert_eq!(again, ["e", "d", "c"]);
        assert_eq!(s.progress(), (2, 5));
    }

    #[test]
    fn a_chunked_tier_hands_out_its_chunks_then_itself_once_they_are_finished() {
        let p = plan(&[("a", &[], 9, 3), ("b", &[], 5, 1), ("c", &["a"], 4, 2)]);
        let mut s = Schedule::new(&p, |_| false);
        let first: Vec<String> = std::iter::from_fn(|| next(&mut s)).collect();
        assert_eq!(first, ["a:1/3", "a:2/3", "a:3/3", "b"]);
        finish(&mut s, "a:2/3");
        finish(&mut s, "a:1/3");
        assert_eq!(next(&mut s), None, "a waits for its third chunk");
        finish(&mut s, "a:3/3");
        assert_eq!(next(&mut s).as_deref(), Some("a"), "the chunks put together");
        assert_eq!(next(&mut s), None, "c waits for a");
        finish(&mut s, "a");
        let rest: Vec<String> = std::iter::from_fn(|| next(&mut s)).collect();
        assert_eq!(rest, ["c:1/2", "c:2/2"]);
        for j in ["c:1/2", "c:2/2", "c", "b"] {
            assert!(!s.is_done());
            finish(&mut s, j);
        }
        assert!(s.is_done());
        // A tier whose file is there is not split again.
        let mut s = Schedule::new(&p, |t| t == "a");
        let again: Vec<String> = std::iter::from_fn(|| next(&mut s)).collect();
        assert_eq!(again, ["b", "c:1/2", "c:2/2"]);
    }
}
