//! The figures behind the morris heuristic's settled score of an ending of
//! three against three (`Weights::three_against_three`): every position of
//! the given tiers of a folder of Nine Men's Morris endgame tables (default
//! `w3b3`, both flying; `w4b3`, `w5b3` for a flying side against a sliding
//! one), grouped by each side's phase and whether it can close a mill at
//! once or by a chain of threats (`threats::forced_mill` with `--threats`,
//! by default the engine's 3, else by one of `long_chains`), with the share
//! the side to move wins, draws and loses.
//!
//! ```text
//! lapilli tablebase build nine-mens-morris --max-pieces 5 --out tables
//! cargo run --release -p lapilli-morris --example three_against_three -- tables w3b3 w4b3
//! ```

use lapilli_game::{Game, Value};
use lapilli_morris::eval::Heuristic;
use lapilli_morris::long_chains::wins_by_long_chain;
use lapilli_morris::tablebase::{MorrisTiers, Tier};
use lapilli_morris::threats::forced_mill;
use lapilli_morris::Rules;
use lapilli_tablebase::{Tablebases, TierSpace};
use std::collections::BTreeMap;
use std::error::Error;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn Error>> {
    let usage = "usage: three_against_three TABLES [--threats N] [TIER...]";
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut threats = Heuristic::PLAYING_THREATS;
    if let Some(i) = args.iter().position(|a| a == "--threats") {
        threats = args.get(i + 1).ok_or(usage)?.parse()?;
        args.drain(i..i + 2);
    }
    let mut args = args.into_iter();
    let dir = PathBuf::from(args.next().ok_or(usage)?);
    let mut names: Vec<String> = args.collect();
    if names.is_empty() {
        names.push("w3b3".into());
    }
    let tables = Tablebases::open(MorrisTiers::new(Rules::default())?, &dir)?;
    let space = tables.space();
    for name in names {
        let tier: Tier = name.parse()?;
        // (mover's phase and whether it can close, the opponent's) -> positions won, drawn, lost.
        let mut tally: BTreeMap<String, [u64; 3]> = BTreeMap::new();
        for index in 0..space.size(tier) {
            let Some(pos) = space.position(tier, index) else { continue };
            if pos.outcome().is_some() || pos.pending_removal() {
                continue;
            }
            let me = pos.side_to_move();
            let (mine, theirs) = (Heuristic::features(&pos, me), Heuristic::features(&pos, me.opponent()));
            let group = format!(
                "{tier} mover {:?} {}{}{} / opponent {:?} {}{}{}",
                mine.phase,
                mine.material,
                if mine.can_close_mill() { " can close" } else { "" },
                if mine.can_close_mill() {
                    ""
                } else if forced_mill(&pos, threats).is_some() {
                    " threats win"
                } else if wins_by_long_chain(&pos) {
                    " long chain wins"
                } else {
                    ""
                },
                theirs.phase,
                theirs.material,
                if theirs.can_close_mill() { " can close" } else { "" },
                if theirs.mills > 0 { " in a mill" } else { "" },
            );
            let slot = match tables.try_probe(&pos)? {
                Some(Value::Win(_)) => 0,
                Some(Value::Draw) => 1,
                Some(Value::Loss(_)) => 2,
                None => return Err(format!("tier {tier} is not in {}", dir.display()).into()),
            };
            tally.entry(group).or_default()[slot] += space.orbit_len(&pos);
        }
        for (group, [w, d, l]) in tally {
            let n = w + d + l;
            let pc = |x: u64| 100.0 * x as f64 / n as f64;
            println!(
                "{group:58} {n:>11} positions: won {:5.1}%, drawn {:5.1}%, lost {:5.1}%",
                pc(w),
                pc(d),
                pc(l)
            );
        }
    }
    Ok(())
}
