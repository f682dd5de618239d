//! The ratio of their time to ours for pairs of the peers benchmark,
//! measured paired:
//! `peer_ratio terni|petteia|morris plain|iterative DEPTH start|mid|flying|dux [ROUNDS]`
//! for one pair ([`Pair`]; the game comes first here, the kind first in
//! `peer_one`; 101 rounds by default), or
//! `peer_ratio all [ROUNDS]` for every folded pair of the benchmark
//! ([`ROWS`]; 51 rounds by default), one line each.
//!
//! Each round times a batch of our searches and a batch of theirs, one
//! right after the other (which side goes first alternates), and takes the
//! ratio of their times a search; the median over the rounds is printed
//! with its quartiles, and each side's median time a search. A burst of
//! load on the machine falls on both halves of a round, or on one round
//! among many, where in a criterion run it falls on one side's whole
//! benchmark. Each side's batch is as many of its searches as take about
//! 50 ms (at least one), so that the two halves of a round last about as
//! long; the first search of a batch finds the caches as the other side
//! left them. The quartiles tell how the rounds of one run spread, not how
//! runs differ: a steady load on the machine moves every round of a run.
use lapilli_peers::pair::{Kind, ROWS};
use lapilli_peers::Pair;
use std::time::{Duration, Instant};

/// The time a side's batch of searches is sized to take.
const BATCH_TIME: Duration = Duration::from_millis(50);

/// The usage line.
const USAGE: &str = "usage: peer_ratio terni|petteia|morris plain|iterative DEPTH start|mid|flying|dux [ROUNDS]\n       peer_ratio all [ROUNDS]";

/// The time a search of `search` takes on average over `n` searches.
fn time<T>(n: u32, mut search: impl FnMut() -> T) -> Duration {
    let start = Instant::now();
    for _ in 0..n {
        std::hint::black_box(search());
    }
    start.elapsed() / n
}

/// The value at quantile `q` (0 to 1) of `sorted`, which is not empty,
/// interpolated linearly between the two nearest values (the median of an
/// even number of values is the mean of the middle two).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let at = (sorted.len() - 1) as f64 * q;
    let (below, above) = (sorted[at.floor() as usize], sorted[at.ceil() as usize]);
    below + (above - below) * at.fract()
}

/// How many searches of `search` take about [`BATCH_TIME`] (at least
/// one), from three trials of about a tenth of it, each sized on what came
/// before (the first on one search, which also warms the caches).
fn batch_of<T>(mut search: impl FnMut() -> T) -> u32 {
    let fit =
        |per: Duration, time: Duration| (time.as_nanos() / per.as_nanos().max(1)).clamp(1, 1_000_000) as u32;
    let mut per = time(1, &mut search);
    for _ in 0..3 {
        per = time(fit(per, BATCH_TIME / 10), &mut search);
    }
    fit(per, BATCH_TIME)
}

/// Times `pair` over `rounds` rounds (at least one) and prints its line,
/// labelled `label`: the median ratio, its quartiles, each side's median
/// time a search, and the batches.
fn measure(label: &str, pair: &Pair, rounds: usize) {
    // Both sides warmed up and their batches sized.
    let (batch_ours, batch_theirs) = (batch_of(|| pair.ours()), batch_of(|| pair.theirs()));
    let (mut ratios, mut ours, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (a, b) = if round % 2 == 0 {
            let a = time(batch_ours, || pair.ours());
            (a, time(batch_theirs, || pair.theirs()))
        } else {
            let b = time(batch_theirs, || pair.theirs());
            (time(batch_ours, || pair.ours()), b)
        };
        ratios.push(b.as_secs_f64() / a.as_secs_f64().max(1e-12));
        ours.push(a.as_secs_f64());
        theirs.push(b.as_secs_f64());
    }
    for v in [&mut ratios, &mut ours, &mut theirs] {
        v.sort_by(f64::total_cmp);
    }
    let median = |v: &[f64]| Duration::from_secs_f64(quantile(v, 0.5));
    println!(
        "{label}: ratio {:.2} (quartiles {:.2} to {:.2}); ours {:.1?}, theirs {:.1?} a search ({rounds} rounds of {batch_ours} and {batch_theirs})",
        quantile(&ratios, 0.5),
        quantile(&ratios, 0.25),
        quantile(&ratios, 0.75),
        median(&ours),
        median(&theirs),
    );
}

/// The number of rounds in `arg`, or `default` without one.
fn rounds(arg: Option<&String>, default: usize) -> Result<usize, String> {
    match arg.map(|r| r.parse()) {
        None => Ok(default),
        Some(Ok(r)) if r > 0 => Ok(r),
        Some(_) => Err(format!("ROUNDS must be a positive number, not {:?}", arg.map_or("", |a| a))),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).map_or("", String::as_str);
    let fail = |e: &dyn std::fmt::Display| -> ! {
        eprintln!("peer_ratio: {e}\n{USAGE}");
        std::process::exit(2)
    };
    if arg(1) == "all" {
        let rounds = rounds(args.get(2), 51).unwrap_or_else(|e| fail(&e));
        for row in ROWS {
            for &kind in row.kinds() {
                let name =
                    if kind == Kind::Plain { "alpha-beta / Negamax" } else { "ID + table / IterativeSearch" };
                measure(&format!("{} {name}", row.group()), &row.pair(kind), rounds);
            }
        }
        return;
    }
    let pair = Pair::parse(arg(1), arg(2), arg(3), arg(4)).unwrap_or_else(|e| fail(&e));
    let rounds = rounds(args.get(5), 101).unwrap_or_else(|e| fail(&e));
    measure(&format!("{} {} {} depth {}", arg(1), arg(2), arg(4), pair.depth), &pair, rounds);
}
