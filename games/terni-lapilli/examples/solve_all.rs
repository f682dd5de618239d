//! Solves every game of the family under both centre-first options and
//! prints the figures with the solve times (the median of 21 runs, the
//! symmetry group built beforehand): `cargo run --release -p
//! lapilli-terni-lapilli --example solve_all`.

use lapilli_game::Value;
use lapilli_terni_lapilli::{solution, Rules};
use std::time::{Duration, Instant};

/// The median wall time of 21 runs of `f`.
fn median(mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..21)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn main() {
    println!(
        "{:<18} {:<16} {:>8} {:>9} {:>6} {:>6} {:>6} {:>8} {:>7} {:>12} {:>14}",
        "game",
        "option",
        "value",
        "reachable",
        "win",
        "loss",
        "draw",
        "movement",
        "orbits",
        "reduced ms",
        "unreduced ms"
    );
    for rules in Rules::all() {
        let _ = rules.group();
        let tb = solution::solve(rules);
        let s = solution::summarise(&tb, rules);
        let reduced = median(|| drop(solution::solve(rules)));
        let unreduced = median(|| drop(solution::solve_unreduced(rules)));
        let value = match s.value {
            Value::Draw => "draw".to_string(),
            v => format!("{} {}", v.wdl(), v.plies().unwrap_or(0)),
        };
        let option = if rules.centre_first { "" } else { "no-centre-first" };
        let r = s.reachable;
        println!(
            "{:<18} {option:<16} {value:>8} {:>9} {:>6} {:>6} {:>6} {:>8} {:>7} {:>12.3} {:>14.3}",
            rules.variant.name(),
            r.total,
            r.win,
            r.loss,
            r.draw,
            s.movement.total,
            s.orbits,
            reduced.as_secs_f64() * 1e3,
            unreduced.as_secs_f64() * 1e3
        );
    }
}
