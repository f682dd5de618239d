//! Runs one engine N times on the same search, for instruction counting
//! with callgrind:
//! `peer_one ours|theirs plain|iterative terni|petteia|morris [N] [depth] [start|mid|flying|dux]`
//! (`plain`: our alpha-beta with move ordering against their `Negamax`;
//! `iterative`: iterative deepening with a 4 MiB table on both sides), as
//! the peers benchmark runs them ([`Pair`]; defaults: Terni Lapilli, 20
//! searches, depth 8, the start).
use lapilli_peers::Pair;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let their_side = arg(1, "ours") == "theirs";
    let n: usize = arg(4, "20").parse().unwrap_or(20);
    let pair = match Pair::parse(&arg(3, "terni"), &arg(2, "iterative"), &arg(5, "8"), &arg(6, "start")) {
        Ok(pair) => pair,
        Err(e) => {
            eprintln!("peer_one: {e}");
            std::process::exit(2);
        }
    };
    for _ in 0..n {
        if their_side {
            std::hint::black_box(pair.theirs());
        } else {
            std::hint::black_box(pair.ours());
        }
    }
}
