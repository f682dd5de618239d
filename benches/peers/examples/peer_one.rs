//! Runs one engine N times on the same search, for instruction counting
//! with callgrind:
//! `peer_one ours|theirs plain|iterative terni|petteia|morris [N] [depth] [start|mid|flying|dux]`
//! (`plain`: our alpha-beta with move ordering against their `Negamax`;
//! `iterative`: iterative deepening with a 4 MiB table on both sides), as
//! the peers benchmark runs them ([`Pair`]: Terni Lapilli's `mid` is the
//! benchmark's mid-game, `dux` Petteia's Dux start; defaults: iterative,
//! Terni Lapilli, 20 searches, depth 8, the start). A word that is not
//! one of those, or an N that is not a number, exits with status 2.
use lapilli_peers::Pair;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let their_side = arg(1, "ours") == "theirs";
    let Ok(n) = arg(4, "20").parse::<usize>() else {
        eprintln!("peer_one: N must be a number of searches, not {:?}", arg(4, ""));
        std::process::exit(2);
    };
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
