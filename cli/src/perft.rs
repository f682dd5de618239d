//! `lapilli perft`: leaf counts of the legal-ply tree.

use crate::analyze::position_or_start;
use crate::report::PerftJson;
use crate::Result;
use lapilli_game::perft_divide;
use lapilli_game::CheckedGame;
use lapilli_registry::{GameVisitor, VariantDescriptor};
use std::io::Write;
use std::time::Instant;

/// `lapilli perft` with its options.
pub struct Perft<'o> {
    /// Depth in plies.
    pub depth: u32,
    /// Position text, or the start.
    pub position: Option<String>,
    /// Counts per root move too.
    pub divide: bool,
    /// JSON output.
    pub json: bool,
    /// Where the counts go.
    pub out: &'o mut dyn Write,
}

impl GameVisitor for Perft<'_> {
    type Output = Result<()>;

    /// Counts the leaves `depth` plies below the position (the variant's
    /// own count unless `--divide` asks for the count per root move).
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let pos = position_or_start(&v, self.position.as_deref())?;
        let depth = self.depth;
        let t = Instant::now();
        let split: Option<Vec<(String, u64)>> = self
            .divide
            .then(|| perft_divide(&pos, depth).into_iter().map(|(m, n)| (pos.move_text(m), n)).collect());
        let nodes = match &split {
            Some(s) if depth > 0 => s.iter().map(|(_, n)| n).sum(),
            _ => v.perft(&pos, depth),
        };
        let millis = t.elapsed().as_secs_f64() * 1e3;
        if self.json {
            let report = PerftJson { depth, nodes, millis, divide: split };
            writeln!(self.out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        if let Some(split) = split {
            for (m, n) in split {
                writeln!(self.out, "{m}: {n}")?;
            }
        }
        writeln!(self.out, "perft({depth}) = {nodes}  ({millis:.3} ms) from {pos}")?;
        Ok(())
    }
}
