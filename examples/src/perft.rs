//! `lapilli perft`: leaf counts of the legal-ply tree, for any game.

use crate::commands::Result;
use crate::play::TerminalGame;
use crate::report::PerftJson;
use lapilli_search::{perft, perft_divide};
use std::io::Write;
use std::time::Instant;

/// Counts the leaves `depth` plies below `pos` and prints them, per root
/// move too with `divide`.
///
/// # Errors
/// Only output errors.
pub fn run<G: TerminalGame>(
    pos: &G,
    depth: u32,
    divide: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let t = Instant::now();
    let split: Option<Vec<(String, u64)>> =
        divide.then(|| perft_divide(pos, depth).into_iter().map(|(m, n)| (G::move_text(m), n)).collect());
    let nodes = match &split {
        Some(s) if depth > 0 => s.iter().map(|(_, n)| n).sum(),
        _ => perft(pos, depth),
    };
    let millis = t.elapsed().as_secs_f64() * 1e3;
    if json {
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
