//! What a [`Plan`] costs on a number of machines: the scheduler of
//! `tablebase build --workers` simulated (whole tiers and chunks, the ready tier
//! with the longest path to the end first, one tier at a time per
//! machine) at a given rate in indices per second, with the memory, the
//! files and the traffic through a shared folder that the build takes.
//!
//! The figures are a model, not a measurement: every index is taken to
//! cost the same time (a rate measured on a build, e.g. 1.55 M indices a
//! second for the Nine Men's Morris tables to 5 against 5 on 2 cores, 159
//! s for 246 M indices, `benches/README.md`), the memory of a tier is the
//! solver's working set (6 bytes an index, 2 per index of each
//! dependency, [`working_set`]), and a file holds 2 bits of WDL and 1 or 2
//! bytes of DTM per index (the DTM's width is known only once the tier is
//! solved, so files, storage and traffic are given as a range).

use super::plan::Plan;
use super::schedule::Schedule;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// The machines and their speed a [`Plan`] is costed for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CostModel {
    /// Machines, each building one tier at a time (at least 1: 0 is read
    /// as 1).
    pub machines: usize,
    /// Indices one machine solves a second (above 0).
    pub indices_per_second: f64,
}

/// A byte count as a range: the least and the most the model allows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Bytes {
    /// With 1 byte of DTM per index.
    pub least: u64,
    /// With 2 bytes of DTM per index.
    pub most: u64,
}

impl Bytes {
    /// The file of a tier of `size` indices, its header and trailer left
    /// out: 2 bits of WDL and 1 or 2 bytes of DTM per index.
    pub fn of_file(size: u64) -> Bytes {
        let wdl = size.div_ceil(4);
        Bytes { least: wdl + size, most: wdl + 2 * size }
    }

    fn add(self, other: Bytes) -> Bytes {
        Bytes { least: self.least + other.least, most: self.most + other.most }
    }
}

/// What a [`Plan`] costs under a [`CostModel`] ([`cost`]).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Cost {
    /// The machines.
    pub machines: usize,
    /// Indices one machine solves a second.
    pub indices_per_second: f64,
    /// Seconds from start to the last tier's end in the simulated
    /// schedule.
    pub seconds: f64,
    /// Seconds on one machine: every index after another.
    pub one_machine_seconds: f64,
    /// The least seconds any schedule of the plan's jobs on these machines
    /// could take: the critical path, or the work shared out evenly,
    /// whichever is longer.
    pub bound_seconds: f64,
    /// The share of the machines' time spent building, between 0 and 1.
    pub utilisation: f64,
    /// The most memory a machine needs: the largest working set of a tier
    /// (of a chunked tier, of its largest chunk's first pass with the
    /// dependencies, or of its chunks joined and finished), bytes.
    pub memory_per_machine: u64,
    /// The tier of that working set.
    pub memory_tier: String,
    /// The largest tier file: what a machine writes (through a temporary
    /// name) at once.
    pub largest_file: Bytes,
    /// Every tier file: the shared folder at the end.
    pub storage: Bytes,
    /// Bytes through the shared folder: every tier file written once and
    /// read once by each tier that depends on it.
    pub traffic: Bytes,
}

/// The bytes solving a tier of `size` indices takes whose dependencies
/// have `dependency_sizes` indices: 6 per index of the tier (value code,
/// counter, loss floor, orbit size), 2 per index of each dependency
/// loaded (the solver's own account, which `--memory` checks).
pub fn working_set(size: u64, dependency_sizes: impl IntoIterator<Item = u64>) -> u64 {
    6 * size + dependency_sizes.into_iter().map(|d| 2 * d).sum::<u64>()
}

/// Simulates `plan` on `model`'s machines (see the module documentation):
/// whenever a machine is free it takes the tier [`Schedule`] hands out
/// (the ready tier with the longest path to the end, ties to the first in
/// plan order) and holds it for its size over the rate.
pub fn cost(plan: &Plan, model: CostModel) -> Cost {
    let machines = model.machines.max(1);
    let rate = model.indices_per_second;
    let position: HashMap<&str, usize> =
        plan.tiers.iter().enumerate().map(|(i, t)| (t.name.as_str(), i)).collect();
    let deps: Vec<Vec<usize>> = plan
        .tiers
        .iter()
        .map(|t| t.dependencies.iter().filter_map(|d| position.get(d.as_str()).copied()).collect())
        .collect();
    // The scheduler of the builds itself hands the tiers out.
    let mut schedule = Schedule::new(plan, |_| false);
    // Tiers under way: the earliest end first (ties by position). Time is
    // kept in indices (seconds times the rate) to stay exact.
    let mut running: BinaryHeap<Reverse<(u64, usize)>> = BinaryHeap::new();
    let mut jobs: Vec<crate::Job> = Vec::new();
    let mut now = 0u64;
    loop {
        while running.len() < machines {
            let Some(job) = schedule.next_ready() else { break };
            let i = position[job.tier.as_str()];
            // A chunk takes its indices; putting the chunks together is
            // copying, not counted.
            let work = match (job.chunk, plan.tiers[i].chunks) {
                (Some(c), _) => c.range(plan.tiers[i].size).count() as u64,
                (None, 1) => plan.tiers[i].size,
                (None, _) => 0,
            };
            jobs.push(job);
            running.push(Reverse((now + work, jobs.len() - 1)));
        }
        let Some(Reverse((at, j))) = running.pop() else { break };
        now = at;
        schedule.finished(&jobs[j]);
    }
    let end = now;
    let seconds = |indices: u64| if rate > 0.0 { indices as f64 / rate } else { f64::INFINITY };
    let total = plan.total_indices;
    let bound = plan.critical_path.indices.max(total.div_ceil(machines as u64));
    let (memory_per_machine, memory_tier) = plan
        .tiers
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let deps = deps[i].iter().map(|&d| plan.tiers[d].size);
            let bytes = match t.chunks {
                1 => working_set(t.size, deps),
                // The largest chunk's first pass, or the tier's chunks
                // joined and finished (no dependency loaded).
                of => working_set(t.size.div_ceil(u64::from(of)), deps).max(working_set(t.size, [])),
            };
            (bytes, t.name.clone())
        })
        .fold((0, String::new()), |best, this| if this.0 > best.0 { this } else { best });
    let files: Vec<Bytes> = plan.tiers.iter().map(|t| Bytes::of_file(t.size)).collect();
    let storage = files.iter().fold(Bytes::default(), |a, &b| a.add(b));
    let reads = deps.iter().flatten().fold(Bytes::default(), |a, &d| a.add(files[d]));
    let largest_file = files.iter().copied().max_by_key(|b| b.most).unwrap_or_default();
    Cost {
        machines,
        indices_per_second: rate,
        seconds: seconds(end),
        one_machine_seconds: seconds(total),
        bound_seconds: seconds(bound),
        utilisation: if end == 0 { 1.0 } else { total as f64 / (machines as f64 * end as f64) },
        memory_per_machine,
        memory_tier,
        largest_file,
        storage,
        traffic: storage.add(reads),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CriticalPath, PlannedTier};

    /// A plan of `tiers` (name, dependencies, size) with its paths to the
    /// end and critical path worked out by hand.
    fn plan(tiers: &[(&str, &[&str], u64)], path_to_end: &[u64], critical: u64) -> Plan {
        let total: u64 = tiers.iter().map(|t| t.2).sum();
        Plan {
            tiers: tiers
                .iter()
                .zip(path_to_end)
                .map(|((name, deps, size), &to_end)| PlannedTier {
                    name: name.to_string(),
                    size: *size,
                    chunks: 1,
                    dependencies: deps.iter().map(|d| d.to_string()).collect(),
                    earliest_start: 0,
                    path_to_end: to_end,
                })
                .collect(),
            total_indices: total,
            critical_path: CriticalPath {
                indices: critical,
                share: critical as f64 / total as f64,
                tiers: vec![],
            },
        }
    }

    #[test]
    fn the_schedule_is_simulated_longest_path_first() {
        // a(4) <- c(3); b(2) <- c; d(6) alone. Paths to the end: a 7, b 5,
        // c 3, d 6; critical path a c = 7.
        let p = plan(&[("a", &[], 4), ("b", &[], 2), ("c", &["a", "b"], 3), ("d", &[], 6)], &[7, 5, 3, 6], 7);
        let at = |machines| cost(&p, CostModel { machines, indices_per_second: 1.0 });
        // One machine: everything in a row.
        assert_eq!(at(1).seconds, 15.0);
        assert_eq!(at(1).one_machine_seconds, 15.0);
        // Two: a and d first; b at 4 (a ends), c at 6 (b ends) to 9.
        assert_eq!(at(2).seconds, 9.0);
        assert_eq!(at(2).bound_seconds, 8.0, "15 indices on 2 machines");
        assert!((at(2).utilisation - 15.0 / 18.0).abs() < 1e-12);
        // Three and more: the critical path, a then c.
        assert_eq!(at(3).seconds, 7.0);
        assert_eq!(at(9).seconds, 7.0);
        assert_eq!(at(9).bound_seconds, 7.0);
        // The rate scales time alone.
        assert_eq!(cost(&p, CostModel { machines: 2, indices_per_second: 3.0 }).seconds, 3.0);
        // c's working set: 6 x 3 plus 2 x (4 + 2) = 30; d's 36 is larger.
        assert_eq!((at(1).memory_per_machine, at(1).memory_tier.as_str()), (36, "d"));
        // Files: 15 indices, 4 bytes of WDL in all (1 + 1 + 1 + 2), 15 or
        // 30 of DTM; a and b read once more each by c.
        assert_eq!(at(1).storage, Bytes { least: 20, most: 35 });
        let (fa, fb) = (Bytes::of_file(4), Bytes::of_file(2));
        assert_eq!(at(1).traffic, Bytes { least: 20 + fa.least + fb.least, most: 35 + fa.most + fb.most });
        assert_eq!(at(1).largest_file, Bytes::of_file(6));
    }

    #[test]
    fn random_schedules_keep_within_the_bounds_of_list_scheduling() {
        for (sizes, edges) in crate::plan::random_dags(0x51_7cc1_b727_220a, 14, 1) {
            let n = sizes.len();
            let names = (0..n).map(|i| format!("t{i}")).collect();
            let p = crate::plan::from_graph(names, sizes, edges);
            let (total, critical) = (p.total_indices as f64, p.critical_path.indices as f64);
            for machines in 1..=n + 1 {
                let c = cost(&p, CostModel { machines, indices_per_second: 1.0 });
                assert!(c.seconds >= c.bound_seconds, "{p:?} on {machines}");
                // Graham: any list schedule is within the work shared out
                // plus the critical path.
                assert!(c.seconds <= total / machines as f64 + critical, "{p:?} on {machines}");
                assert!(c.utilisation > 0.0 && c.utilisation <= 1.0);
                if machines == 1 {
                    assert_eq!(c.seconds, total);
                }
                if machines >= n {
                    assert_eq!(c.seconds, critical, "every tier starts when its dependencies end");
                }
            }
        }
    }

    #[test]
    fn an_empty_plan_costs_nothing() {
        let p = plan(&[], &[], 0);
        let c = cost(&p, CostModel { machines: 0, indices_per_second: 5.0 });
        assert_eq!((c.machines, c.seconds, c.memory_per_machine), (1, 0.0, 0));
        assert_eq!(c.storage, Bytes::default());
    }
}
