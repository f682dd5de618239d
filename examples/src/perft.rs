//! `lapilli perft`: leaf counts of the legal-ply tree, for any game.

use crate::commands::{checked_position, PerftArgs, Result};
use crate::play::TerminalGame;
use crate::report::PerftJson;
use lapilli_search::{perft, perft_divide};
use std::io::Write;
use std::time::Instant;

/// Counts the leaves `args.depth` plies below `pos` and prints them, per
/// root move too with `args.divide`.
///
/// # Errors
/// Only output errors.
pub fn run<G: TerminalGame>(pos: &G, args: &PerftArgs, out: &mut dyn Write) -> Result<()> {
    run_counting(pos, args, perft, out)
}

/// [`run`], counting the whole tree (without `--divide`) with `count`,
/// e.g. a rules crate's faster perft.
///
/// # Errors
/// Only output errors.
pub fn run_counting<G: TerminalGame>(
    pos: &G,
    args: &PerftArgs,
    count: impl Fn(&G, u32) -> u64,
    out: &mut dyn Write,
) -> Result<()> {
    let depth = args.depth;
    let t = Instant::now();
    let split: Option<Vec<(String, u64)>> = args
        .divide
        .then(|| perft_divide(pos, depth).into_iter().map(|(m, n)| (pos.move_text(m), n)).collect());
    let nodes = match &split {
        Some(s) if depth > 0 => s.iter().map(|(_, n)| n).sum(),
        _ => count(pos, depth),
    };
    let millis = t.elapsed().as_secs_f64() * 1e3;
    if args.json {
        let report = PerftJson { depth, nodes, millis, divide: split };
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    if let Some(split) = split {
        for (m, n) in split {
            writeln!(out, "{m}: {n}")?;
        }
    }
    writeln!(out, "perft({depth}) = {nodes}  ({millis:.3} ms) from {pos}")?;
    Ok(())
}

/// `lapilli perft` from the position of `args`, or `start`.
///
/// # Errors
/// A position that does not parse, and output errors.
pub fn command<G>(start: G, args: &PerftArgs, out: &mut dyn Write) -> Result<()>
where
    G: TerminalGame + std::str::FromStr,
    G::Err: std::fmt::Display,
{
    run(&checked_position(args.position.as_deref(), start)?, args, out)
}
