//! The order a scheduler hands tiers to workers in: a tier is ready when
//! every dependency is finished, and among the ready ones the tier with
//! the longest chain of work still behind it goes first.

use super::plan::Plan;
use std::collections::BTreeSet;

/// Where each tier of a [`Plan`] stands while workers build it: waiting
/// for dependencies, ready, handed out, or finished. Tiers are named as
/// in the plan.
///
/// ```
/// use lapilli_tablebase::{Plan, PlannedTier, CriticalPath, Schedule};
/// let tier = |name: &str, deps: &[&str], path_to_end| PlannedTier {
///     name: name.into(),
///     size: 1,
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
/// assert_eq!(s.next_ready().as_deref(), Some("a")); // the longer path first
/// assert_eq!(s.next_ready().as_deref(), Some("b"));
/// assert_eq!(s.next_ready(), None); // c waits for a
/// s.finished("a");
/// assert_eq!(s.next_ready().as_deref(), Some("c"));
/// ```
#[derive(Clone, Debug)]
pub struct Schedule {
    /// Per tier, in plan order: name, path to the end, dependencies (as
    /// positions in this list).
    tiers: Vec<(String, u64, Vec<usize>)>,
    /// Finished tiers.
    done: Vec<bool>,
    /// Tiers handed out and not finished.
    running: Vec<bool>,
    /// Ready tiers not handed out: (path to the end, reversed plan
    /// position) so that the last is the one to hand out next (ties to the
    /// tier first in plan order).
    ready: BTreeSet<(u64, std::cmp::Reverse<usize>)>,
}

impl Schedule {
    /// The schedule of `plan`, the tiers for which `finished` says so
    /// counted as finished already (their files are in the folder).
    pub fn new(plan: &Plan, finished: impl Fn(&str) -> bool) -> Schedule {
        let position: std::collections::HashMap<&str, usize> =
            plan.tiers.iter().enumerate().map(|(i, t)| (t.name.as_str(), i)).collect();
        let tiers: Vec<(String, u64, Vec<usize>)> = plan
            .tiers
            .iter()
            .map(|t| {
                let deps = t.dependencies.iter().filter_map(|d| position.get(d.as_str()).copied()).collect();
                (t.name.clone(), t.path_to_end, deps)
            })
            .collect();
        let done: Vec<bool> = tiers.iter().map(|(name, _, _)| finished(name)).collect();
        let mut s = Schedule { running: vec![false; tiers.len()], tiers, done, ready: BTreeSet::new() };
        for i in 0..s.tiers.len() {
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

    /// Hands out the ready tier with the longest path to the end (the
    /// first in plan order among equals), or `None` when no tier is ready
    /// (all finished, or waiting for tiers handed out).
    pub fn next_ready(&mut self) -> Option<String> {
        let (_, std::cmp::Reverse(i)) = self.ready.pop_last()?;
        self.running[i] = true;
        Some(self.tiers[i].0.clone())
    }

    /// Records that the tier `name` is finished: the tiers waiting only
    /// for it become ready. A name the plan does not hold is ignored.
    pub fn finished(&mut self, name: &str) {
        let Some(i) = self.tiers.iter().position(|(n, _, _)| n == name) else { return };
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

    fn plan(tiers: &[(&str, &[&str], u64)]) -> Plan {
        Plan {
            tiers: tiers
                .iter()
                .map(|(name, deps, path_to_end)| PlannedTier {
                    name: name.to_string(),
                    size: 1,
                    dependencies: deps.iter().map(|d| d.to_string()).collect(),
                    earliest_start: 0,
                    path_to_end: *path_to_end,
                })
                .collect(),
            total_indices: tiers.len() as u64,
            critical_path: CriticalPath { indices: 0, share: 0.0, tiers: Vec::new() },
        }
    }

    #[test]
    fn ready_tiers_go_longest_path_first_and_finished_files_are_skipped() {
        let p = plan(&[("a", &[], 5), ("b", &[], 9), ("c", &["a", "b"], 4), ("d", &["b"], 7), ("e", &[], 9)]);
        let mut s = Schedule::new(&p, |_| false);
        // b and e tie at 9: plan order.
        let first: Vec<String> = std::iter::from_fn(|| s.next_ready()).collect();
        assert_eq!(first, ["b", "e", "a"]);
        s.finished("b");
        assert_eq!(s.next_ready().as_deref(), Some("d"));
        assert_eq!(s.next_ready(), None, "c waits for a");
        s.finished("a");
        assert_eq!(s.next_ready().as_deref(), Some("c"));
        for t in ["c", "d", "e"] {
            assert!(!s.is_done());
            s.finished(t);
        }
        assert!(s.is_done());
        assert_eq!(s.progress(), (5, 5));
        // A restart with a and b finished hands out only the rest.
        let mut s = Schedule::new(&p, |t| t == "a" || t == "b");
        let again: Vec<String> = std::iter::from_fn(|| s.next_ready()).collect();
        assert_eq!(again, ["e", "d", "c"]);
        assert_eq!(s.progress(), (2, 5));
    }
}
