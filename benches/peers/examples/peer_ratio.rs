//! The ratio of their time to ours for one pair of the peers benchmark,
//! measured paired:
//! `peer_ratio terni|petteia|morris plain|iterative DEPTH start|mid|flying|dux [ROUNDS]`
//! (the pair as in `peer_one`, [`Pair`]; 101 rounds by default).
//!
//! Each round times a batch of our searches and a batch of theirs, one
//! right after the other (which side goes first alternates), and takes the
//! ratio of the two; the median over the rounds is printed with its
//! quartiles, and each side's median time a search. A burst of load on the
//! machine falls on both halves of a round, or on one round among many,
//! where in a criterion run it falls on one side's whole benchmark. A
//! batch is as many searches as take about 50 ms on our side (the
//! first search of a batch finds the caches as the other side left them).
use lapilli_peers::Pair;
use std::time::{Duration, Instant};

/// The time a batch of our searches is sized to take.
const BATCH_TIME: Duration = Duration::from_millis(50);

/// The time a search of `search` takes on average over `n` searches.
fn time(n: u32, mut search: impl FnMut() -> i32) -> Duration {
    let start = Instant::now();
    for _ in 0..n {
        std::hint::black_box(search());
    }
    start.elapsed() / n
}

/// The value at quantile `q` (0 to 1) of `sorted`.
fn quantile<T: Copy>(sorted: &[T], q: f64) -> T {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).map_or("", String::as_str);
    let pair = match Pair::parse(arg(1), arg(2), arg(3), arg(4)) {
        Ok(pair) => pair,
        Err(e) => {
            eprintln!("peer_ratio: {e}");
            eprintln!(
                "usage: peer_ratio terni|petteia|morris plain|iterative DEPTH start|mid|flying|dux [ROUNDS]"
            );
            std::process::exit(2);
        }
    };
    let rounds: usize = match args.get(5).map(|r| r.parse()) {
        None => 101,
        Some(Ok(r)) if r > 0 => r,
        Some(_) => {
            eprintln!("peer_ratio: ROUNDS must be a positive number, not {:?}", arg(5));
            std::process::exit(2);
        }
    };
    // Warm up both sides, then size the batch on ours.
    time(1, || pair.ours());
    time(1, || pair.theirs());
    let once = time(3, || pair.ours());
    let batch = (BATCH_TIME.as_nanos() / once.as_nanos().max(1)).clamp(1, 100_000) as u32;
    let (mut ratios, mut ours, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (a, b) = if round % 2 == 0 {
            let a = time(batch, || pair.ours());
            (a, time(batch, || pair.theirs()))
        } else {
            let b = time(batch, || pair.theirs());
            (time(batch, || pair.ours()), b)
        };
        ratios.push(b.as_secs_f64() / a.as_secs_f64());
        ours.push(a);
        theirs.push(b);
    }
    ratios.sort_by(f64::total_cmp);
    ours.sort();
    theirs.sort();
    println!(
        "{} {:?} depth {}: ratio {:.3} (quartiles {:.3} to {:.3}, {} rounds of {} searches); ours {:?}, theirs {:?} a search",
        arg(1),
        arg(4),
        pair.depth,
        quantile(&ratios, 0.5),
        quantile(&ratios, 0.25),
        quantile(&ratios, 0.75),
        rounds,
        batch,
        quantile(&ours, 0.5),
        quantile(&theirs, 0.5),
    );
}
