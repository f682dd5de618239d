//! The tier graph as a plan of work: every tier with its size and
//! dependencies, the totals, and the critical path, the chain of
//! dependencies that bounds how fast any number of workers can build the
//! tiers when each tier is one job.
//!
//! Work is counted in indices ([`TierSpace::size`]): the solver's time
//! grows with a tier's indices, so a chain's indices stand for its time.
//! Nothing is enumerated: a plan of the whole of Nine Men's Morris (577
//! tiers) takes milliseconds.

use super::build::ordered_tiers;
use super::error::TablebaseError;
use super::TierSpace;

/// One tier of a [`Plan`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PlannedTier {
    /// The tier's name ([`TierSpace::tier_name`]).
    pub name: String,
    /// Its indices ([`TierSpace::size`], slack included).
    pub size: u64,
    /// The chunks its first pass is split into: 1 for a whole tier
    /// ([`Plan::chunked`]).
    pub chunks: u32,
    /// The names of the tiers its plies lead to ([`TierSpace::dependencies`]),
    /// in the space's order.
    pub dependencies: Vec<String>,
    /// The indices of the longest chain of dependencies below it (its own
    /// excluded): with unlimited workers, the work that must be done
    /// before it can start. A chunked tier counts as its largest chunk,
    /// its chunks solved at once.
    pub earliest_start: u64,
    /// The indices of the longest chain from it (its own included, a
    /// chunked tier's largest chunk) through the tiers that depend on it:
    /// the work that still follows once it starts. Ready tiers with the largest value go first in a
    /// longest-path-first schedule.
    pub path_to_end: u64,
}

/// The longest chain of dependencies of a [`Plan`], weighted by indices.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CriticalPath {
    /// The chain's indices: the sum of its tiers' sizes (of a chunked
    /// tier, its largest chunk's).
    pub indices: u64,
    /// `indices` over the plan's total indices, between 0 and 1 (0 for an
    /// empty plan): with the plan's jobs no number of workers builds the
    /// plan faster than this share of the one-worker time.
    pub share: f64,
    /// Its tiers' names, from the first built (a tier without
    /// dependencies) to the last.
    pub tiers: Vec<String>,
}

/// The tier graph of a set of tiers and everything they depend on: see
/// the module documentation and [`plan`].
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Plan {
    /// Every tier, each after its dependencies ([`ordered_tiers`]' order).
    pub tiers: Vec<PlannedTier>,
    /// The sum of every tier's size, in indices.
    pub total_indices: u64,
    /// The longest chain of dependencies.
    pub critical_path: CriticalPath,
}

impl Plan {
    /// The largest speed-up whole-tier jobs allow, whatever the number of
    /// workers: the total indices over the critical path's (1 for an empty
    /// plan).
    pub fn speedup_bound(&self) -> f64 {
        if self.critical_path.indices == 0 {
            1.0
        } else {
            self.total_indices as f64 / self.critical_path.indices as f64
        }
    }

    /// The plan with each tier's first pass split into chunks of at most
    /// `chunk_indices` indices ([`crate::Chunk::count`]; 0: every tier
    /// whole), its chains and critical path counted with a chunked tier's
    /// largest chunk: the work that bounds a build whose workers solve the
    /// chunks of a tier at once. The level pass that finishes a chunked
    /// tier ([`crate::resolve_tier`]) is counted as no work: it needs no
    /// plies generated but those of the positions it resolves inside the
    /// tier (measured at 0.1% to 14% of a tier's first pass, and 100% for
    /// the 3-against-3 tier, where both sides fly).
    ///
    /// ```
    /// use lapilli_tablebase::{Plan, PlannedTier, CriticalPath};
    /// let tier = |name: &str, size, deps: &[&str]| PlannedTier {
    ///     name: name.into(),
    ///     size,
    ///     chunks: 1,
    ///     dependencies: deps.iter().map(|d| d.to_string()).collect(),
    ///     earliest_start: 0,
    ///     path_to_end: 0,
    /// };
    /// let whole = Plan {
    ///     tiers: vec![tier("a", 10, &[]), tier("b", 100, &["a"])],
    ///     total_indices: 110,
    ///     critical_path: CriticalPath { indices: 110, share: 1.0, tiers: vec!["a".into(), "b".into()] },
    /// };
    /// let chunked = whole.chunked(30);
    /// assert_eq!(chunked.tier("a").map(|t| t.chunks), Some(1));
    /// assert_eq!(chunked.tier("b").map(|t| t.chunks), Some(4)); // 25 indices each
    /// assert_eq!(chunked.critical_path.indices, 10 + 25);
    /// assert_eq!(chunked.total_indices, 110);
    /// ```
    pub fn chunked(&self, chunk_indices: u64) -> Plan {
        let position: std::collections::HashMap<&str, usize> =
            self.tiers.iter().enumerate().map(|(i, t)| (t.name.as_str(), i)).collect();
        let edges = self
            .tiers
            .iter()
            .map(|t| t.dependencies.iter().filter_map(|d| position.get(d.as_str()).copied()).collect())
            .collect();
        let chunks: Vec<u32> =
            self.tiers.iter().map(|t| crate::Chunk::count(t.size, chunk_indices)).collect();
        from_tiers(
            self.tiers.iter().map(|t| t.name.clone()).collect(),
            self.tiers.iter().map(|t| t.size).collect(),
            chunks,
            edges,
        )
    }

    /// The tier named `name`, if the plan holds it.
    pub fn tier(&self, name: &str) -> Option<&PlannedTier> {
        self.tiers.iter().find(|t| t.name == name)
    }

    /// The tiers whose size is the largest of the plan, in plan order.
    pub fn largest(&self) -> Vec<&PlannedTier> {
        let most = self.tiers.iter().map(|t| t.size).max().unwrap_or(0);
        self.tiers.iter().filter(|t| t.size == most).collect()
    }
}

/// The plan of `tiers` and of every tier they depend on: sizes,
/// dependencies, totals and the critical path, from
/// [`TierSpace::size`] and [`TierSpace::dependencies`] alone.
///
/// # Errors
/// [`TablebaseError::Cycle`] if the dependencies are not a DAG.
pub fn plan<S: TierSpace>(space: &S, tiers: &[S::Tier]) -> Result<Plan, TablebaseError> {
    let order = ordered_tiers(space, tiers)?;
    let position: std::collections::HashMap<S::Tier, usize> =
        order.iter().enumerate().map(|(i, &t)| (t, i)).collect();
    let sizes: Vec<u64> = order.iter().map(|&t| space.size(t)).collect();
    let deps: Vec<Vec<S::Tier>> = order.iter().map(|&t| space.dependencies(t)).collect();
    // Every dependency is in `order`, before its dependent (ordered_tiers).
    let edges: Vec<Vec<usize>> = deps.iter().map(|d| d.iter().map(|t| position[t]).collect()).collect();
    let names = order.iter().map(|&t| space.tier_name(t)).collect();
    let n = order.len();
    Ok(from_tiers(names, sizes, vec![1; n], edges))
}

/// The plan of a DAG of whole tiers: their names, sizes and dependencies
/// (as positions in these lists, each before its dependents).
#[cfg(test)]
pub(crate) fn from_graph(names: Vec<String>, sizes: Vec<u64>, edges: Vec<Vec<usize>>) -> Plan {
    let n = names.len();
    from_tiers(names, sizes, vec![1; n], edges)
}

/// The plan of a DAG of tiers, each in `chunks[i]` chunks: the chains
/// count a tier's largest chunk.
fn from_tiers(names: Vec<String>, sizes: Vec<u64>, chunks: Vec<u32>, edges: Vec<Vec<usize>>) -> Plan {
    let weights: Vec<u64> =
        sizes.iter().zip(&chunks).map(|(&s, &c)| s.div_ceil(u64::from(c.max(1)))).collect();
    let chains = Chains::of(&weights, &edges);
    let total_indices = sizes.iter().sum();
    let critical: Vec<String> = chains.critical.iter().map(|&i| names[i].clone()).collect();
    let planned = (0..names.len())
        .map(|i| PlannedTier {
            name: names[i].clone(),
            size: sizes[i],
            chunks: chunks[i],
            dependencies: edges[i].iter().map(|&d| names[d].clone()).collect(),
            earliest_start: chains.before[i],
            path_to_end: chains.after[i],
        })
        .collect();
    Plan {
        tiers: planned,
        total_indices,
        critical_path: CriticalPath {
            indices: chains.critical_indices,
            share: share(chains.critical_indices, total_indices),
            tiers: critical,
        },
    }
}

/// `part` over `whole`, 0 when `whole` is 0.
fn share(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// The longest chains of a DAG whose nodes are numbered in dependency
/// order (every edge `i -> d`, "i depends on d", has `d < i`), weighted by
/// node sizes.
#[derive(Debug, PartialEq, Eq)]
struct Chains {
    /// Per node: the heaviest chain strictly below it.
    before: Vec<u64>,
    /// Per node: the heaviest chain from it, itself included, through
    /// the nodes that depend on it.
    after: Vec<u64>,
    /// The heaviest chain's weight.
    critical_indices: u64,
    /// The heaviest chain's nodes, dependencies first; ties go to the
    /// lowest-numbered node.
    critical: Vec<usize>,
}

impl Chains {
    /// One pass up the order for `before`, one down for `after`: time
    /// linear in nodes and edges.
    fn of(sizes: &[u64], deps: &[Vec<usize>]) -> Chains {
        let n = sizes.len();
        let mut before = vec![0u64; n];
        let mut below: Vec<Option<usize>> = vec![None; n];
        for i in 0..n {
            for &d in &deps[i] {
                let through = before[d] + sizes[d];
                if below[i].is_none() || through > before[i] || (through == before[i] && Some(d) < below[i]) {
                    before[i] = through;
                    below[i] = Some(d);
                }
            }
        }
        let mut after: Vec<u64> = sizes.to_vec();
        for i in (0..n).rev() {
            for &d in &deps[i] {
                after[d] = after[d].max(after[i] + sizes[d]);
            }
        }
        let top = (0..n).fold(None, |best: Option<usize>, i| match best {
            Some(b) if before[b] + sizes[b] >= before[i] + sizes[i] => Some(b),
            _ => Some(i),
        });
        let mut critical = Vec::new();
        let mut at = top;
        while let Some(i) = at {
            critical.push(i);
            at = below[i];
        }
        critical.reverse();
        let critical_indices = top.map_or(0, |t| before[t] + sizes[t]);
        Chains { before, after, critical_indices, critical }
    }
}

/// Random DAGs for the tests of the plan and of its cost: 300 graphs from
/// a fixed SplitMix64 stream seeded with `seed`, each of 1 to `most` nodes
/// with edges only to lower numbers (a third of the pairs) and sizes in
/// `least..100`; each as its sizes and its dependency lists.
#[cfg(test)]
pub(crate) fn random_dags(
    seed: u64,
    most: usize,
    least: u64,
) -> impl Iterator<Item = (Vec<u64>, Vec<Vec<usize>>)> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        lapilli_game::mix64(state)
    };
    (0..300).map(move |_| {
        let n = 1 + (next() % most as u64) as usize;
        let sizes: Vec<u64> = (0..n).map(|_| least + next() % (100 - least)).collect();
        let deps: Vec<Vec<usize>> = (0..n).map(|i| (0..i).filter(|_| next() % 3 == 0).collect()).collect();
        (sizes, deps)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The heaviest chain ending at `i` (its dependencies below it), by
    /// walking every path down: exponential time.
    fn down(i: usize, sizes: &[u64], deps: &[Vec<usize>]) -> u64 {
        sizes[i] + deps[i].iter().map(|&d| down(d, sizes, deps)).max().unwrap_or(0)
    }

    /// The heaviest chain starting at `i` through the nodes that depend on
    /// it, by walking every path up.
    fn up(i: usize, sizes: &[u64], deps: &[Vec<usize>]) -> u64 {
        let dependents = (0..sizes.len()).filter(|&j| deps[j].contains(&i));
        sizes[i] + dependents.map(|j| up(j, sizes, deps)).max().unwrap_or(0)
    }

    /// The heaviest chain of the DAG, every path enumerated.
    fn brute_force(sizes: &[u64], deps: &[Vec<usize>]) -> u64 {
        (0..sizes.len()).map(|i| down(i, sizes, deps)).max().unwrap_or(0)
    }

    /// Whether `chain` is a chain of the DAG (each node depends on the one
    /// before it) and its weight.
    fn chain_weight(chain: &[usize], sizes: &[u64], deps: &[Vec<usize>]) -> u64 {
        for w in chain.windows(2) {
            assert!(deps[w[1]].contains(&w[0]), "{chain:?} is no chain");
        }
        chain.iter().map(|&i| sizes[i]).sum()
    }

    #[test]
    fn a_hand_made_graph_has_the_chain_found_by_hand() {
        //   0(5) <- 2(1) <- 4(2)      4 depends on 2 and 3
        //   1(3) <- 3(7) <- 4         3 depends on 1; 2 on 0 and 1
        //   1    <- 2
        let sizes = [5, 3, 1, 7, 2];
        let deps = vec![vec![], vec![], vec![0, 1], vec![1], vec![2, 3]];
        let c = Chains::of(&sizes, &deps);
        // 1 -> 3 -> 4 weighs 3 + 7 + 2 = 12; 0 -> 2 -> 4 only 8.
        assert_eq!(c.critical, [1, 3, 4]);
        assert_eq!(c.critical_indices, 12);
        assert_eq!(c.before, [0, 0, 5, 3, 10]);
        // From 0: 0 -> 2 -> 4 = 8; from 1: 1 -> 3 -> 4 = 12.
        assert_eq!(c.after, [8, 12, 3, 9, 2]);
    }

    #[test]
    fn the_critical_path_agrees_with_every_chain_enumerated() {
        for (sizes, deps) in random_dags(0x2545_f491_4f6c_dd1d, 12, 0) {
            let n = sizes.len();
            let c = Chains::of(&sizes, &deps);
            assert_eq!(c.critical_indices, brute_force(&sizes, &deps), "{sizes:?} {deps:?}");
            assert_eq!(chain_weight(&c.critical, &sizes, &deps), c.critical_indices);
            assert!(deps[c.critical[0]].is_empty(), "the chain starts at a tier without dependencies");
            for i in 0..n {
                assert_eq!(c.before[i], down(i, &sizes, &deps) - sizes[i], "before {i}: {sizes:?} {deps:?}");
                assert_eq!(c.after[i], up(i, &sizes, &deps), "after {i}: {sizes:?} {deps:?}");
            }
            let max_through = (0..n).map(|i| c.before[i] + c.after[i]).max();
            assert_eq!(max_through, Some(c.critical_indices));
        }
    }

    #[test]
    fn an_empty_graph_has_an_empty_path() {
        let c = Chains::of(&[], &[]);
        assert_eq!((c.critical_indices, c.critical.len()), (0, 0));
        assert_eq!(share(0, 0), 0.0);
    }
}
