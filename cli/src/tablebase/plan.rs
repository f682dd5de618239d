//! `lapilli tablebase plan`: the tier graph of a game's tablebases, its
//! totals and its critical path, without building anything.

use super::*;

/// `lapilli tablebase plan` with its options.
pub struct Plan<'o> {
    /// The endgame tables to this many pieces a side; `None` for the
    /// whole game.
    pub max_pieces: Option<u8>,
    /// JSON output.
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

/// `lapilli tablebase plan --json`: the plan, and what it is of.
#[derive(Serialize, Debug)]
pub struct PlanJson<'p> {
    /// The game's name.
    pub game: &'static str,
    /// The variant as the files name it.
    pub variant: String,
    /// The endgame tables' most pieces a side; null for the whole game.
    pub max_pieces: Option<u8>,
    /// Tiers, totals and critical path.
    #[serde(flatten)]
    pub plan: &'p lapilli_tablebase::Plan,
    /// The indices of the plan's tiers that the endgame tables to the
    /// game's every piece cover (for morris, the movement phase).
    pub endgame_indices: u64,
    /// The names of the largest tiers.
    pub largest: Vec<&'p str>,
    /// The total indices over the critical path's: the most whole-tier
    /// jobs can speed the build up, whatever the number of workers.
    pub speedup_bound: f64,
}

/// `n` as a short figure: `71.2 G`, `424.2 k`, `812`.
fn short(n: u64) -> String {
    let x = n as f64;
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1} k", x / 1e3),
        1_000_000..1_000_000_000 => format!("{:.1} M", x / 1e6),
        _ => format!("{:.1} G", x / 1e9),
    }
}

/// `part` over `whole` in percent, 0 for nothing.
fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

impl GameVisitor for Plan<'_> {
    type Output = Result<()>;

    /// Plans the variant's tier graph and reports it.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let support = support(&v, "tablebase plan")?;
        check_max_pieces(self.max_pieces, v.name(), support.min_pieces, support.pieces)?;
        let plan = (support.plan)(self.max_pieces).map_err(tablebase_error)?;
        let endgames = (support.plan)(Some(support.pieces)).map_err(tablebase_error)?;
        let endgame_indices =
            plan.tiers.iter().filter(|t| endgames.tier(&t.name).is_some()).map(|t| t.size).sum();
        let largest = plan.largest().iter().map(|t| t.name.as_str()).collect();
        let report = PlanJson {
            game: v.name(),
            variant: v.id(),
            max_pieces: self.max_pieces,
            plan: &plan,
            endgame_indices,
            largest,
            speedup_bound: plan.speedup_bound(),
        };
        let out = self.out;
        if self.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        match self.max_pieces {
            Some(n) => {
                writeln!(out, "{}: the tier graph of the endgame tables to {n} pieces a side", v.title())?
            }
            None => writeln!(out, "{}: the tier graph of the whole game from its start", v.title())?,
        }
        writeln!(out, "{:<12} {:>14} {:>16} {:>16}  dependencies", "tier", "indices", "start", "to end")?;
        for t in &plan.tiers {
            writeln!(
                out,
                "{:<12} {:>14} {:>16} {:>16}  {}",
                t.name,
                t.size,
                t.earliest_start,
                t.path_to_end,
                if t.dependencies.is_empty() { "-".to_string() } else { t.dependencies.join(" ") }
            )?;
        }
        let total = plan.total_indices;
        writeln!(
            out,
            "{}, {total} indices ({})",
            crate::report::count(plan.tiers.len() as u64, "tier", "tiers"),
            short(total)
        )?;
        if self.max_pieces.is_none() {
            writeln!(
                out,
                "endgame tables (--max-pieces {}): {endgame_indices} indices ({}, {:.1}% of the work)",
                support.pieces,
                short(endgame_indices),
                percent(endgame_indices, total)
            )?;
        }
        if let Some(first) = plan.largest().first() {
            writeln!(
                out,
                "largest tier{}: {} ({} indices{})",
                if report.largest.len() > 1 { "s" } else { "" },
                report.largest.join(", "),
                first.size,
                if report.largest.len() > 1 { " each" } else { "" }
            )?;
        }
        let c = &plan.critical_path;
        writeln!(
            out,
            "critical path: {}, {} indices ({}), {:.1}% of the work: at most {:.2}x faster with whole-tier \
             jobs on any number of workers",
            crate::report::count(c.tiers.len() as u64, "tier", "tiers"),
            c.indices,
            short(c.indices),
            100.0 * c.share,
            report.speedup_bound
        )?;
        writeln!(out, "  {}", c.tiers.join(" "))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_shortened_by_thousands() {
        assert_eq!(short(812), "812");
        assert_eq!(short(424_206), "424.2 k");
        assert_eq!(short(1_183_453_380), "1.2 G");
        assert_eq!(short(71_247_833_657), "71.2 G");
        assert_eq!(percent(1, 4), 25.0);
        assert_eq!(percent(1, 0), 0.0);
    }
}
