//! `lapilli tablebase plan`: the tier graph of a game's tablebases, its
//! totals and its critical path, without building anything.

use super::*;
use lapilli_game::alloc::byte_size;
use lapilli_tablebase::CostModel;

/// `lapilli tablebase plan` with its options.
pub struct Plan<'o> {
    /// The endgame tables to this many pieces a side; `None` for the
    /// whole game.
    pub max_pieces: Option<u8>,
    /// The numbers of machines to cost the plan on (none: no cost).
    pub machines: Vec<u32>,
    /// Indices a machine solves a second.
    pub rate: f64,
    /// The most indices of a chunk of a tier's first pass (0:
    /// every tier whole).
    pub chunk_indices: u64,
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
    /// The most indices of a chunk (`--chunk-indices`; 0: whole tiers).
    pub chunk_indices: u64,
    /// The total indices over the critical path's: the most the plan's
    /// jobs can speed the build up, whatever the number of workers.
    pub speedup_bound: f64,
    /// The critical path and speed-up bound with every tier whole.
    pub whole_tiers: WholeTiers,
    /// The plan costed on each number of machines asked for (absent when
    /// none was).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cost: Vec<lapilli_tablebase::Cost>,
}

/// The critical path of a plan whose every tier is one job.
#[derive(Serialize, Debug)]
pub struct WholeTiers {
    /// Its indices, share of the work and tiers.
    pub critical_path: lapilli_tablebase::CriticalPath,
    /// The total indices over the critical path's.
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
        let whole = (support.plan)(self.max_pieces).map_err(tablebase_error)?;
        let plan = whole.chunked(self.chunk_indices);
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
            chunk_indices: self.chunk_indices,
            speedup_bound: plan.speedup_bound(),
            whole_tiers: WholeTiers {
                critical_path: whole.critical_path.clone(),
                speedup_bound: whole.speedup_bound(),
            },
            cost: self
                .machines
                .iter()
                .map(|&m| {
                    let model = CostModel { machines: m as usize, indices_per_second: self.rate };
                    lapilli_tablebase::cost(&plan, model)
                })
                .collect(),
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
        writeln!(
            out,
            "{:<12} {:>14} {:>6} {:>16} {:>16}  dependencies",
            "tier", "indices", "chunks", "start", "to end"
        )?;
        for t in &plan.tiers {
            writeln!(
                out,
                "{:<12} {:>14} {:>6} {:>16} {:>16}  {}",
                t.name,
                t.size,
                t.chunks,
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
        let jobs = match self.chunk_indices {
            0 => "whole-tier jobs".to_string(),
            n => format!("each tier's first pass in chunks of at most {n} indices"),
        };
        writeln!(
            out,
            "critical path: {}, {} indices ({}), {:.1}% of the work: at most {:.2}x faster with {jobs} on \
             any number of workers",
            crate::report::count(c.tiers.len() as u64, "tier", "tiers"),
            c.indices,
            short(c.indices),
            100.0 * c.share,
            report.speedup_bound
        )?;
        writeln!(out, "  {}", c.tiers.join(" "))?;
        if self.chunk_indices != 0 {
            let w = &report.whole_tiers;
            writeln!(
                out,
                "with whole-tier jobs (--chunk-indices 0): {}, {} indices ({}), {:.1}% of the work, at most \
                 {:.2}x",
                crate::report::count(w.critical_path.tiers.len() as u64, "tier", "tiers"),
                w.critical_path.indices,
                short(w.critical_path.indices),
                100.0 * w.critical_path.share,
                w.speedup_bound
            )?;
        }
        write_cost(out, &report.cost)
    }
}

/// The text of a plan's costs: a line per number of machines.
fn write_cost(out: &mut dyn Write, cost: &[lapilli_tablebase::Cost]) -> Result<()> {
    let Some(first) = cost.first() else { return Ok(()) };
    writeln!(
        out,
        "costed at {} indices a second a machine (--rate), one job at a time a machine, longest path first:",
        first.indices_per_second
    )?;
    writeln!(
        out,
        "  memory a machine {} (tier {}), largest file {}, files in all {}, through the shared folder {}",
        byte_size(first.memory_per_machine),
        first.memory_tier,
        bytes(first.largest_file),
        bytes(first.storage),
        bytes(first.traffic)
    )?;
    writeln!(out, "{:>9} {:>10} {:>9} {:>10} {:>6}", "machines", "time", "speed-up", "at best", "busy")?;
    for c in cost {
        writeln!(
            out,
            "{:>9} {:>10} {:>8.2}x {:>10} {:>5.0}%",
            c.machines,
            duration(c.seconds),
            c.one_machine_seconds / c.seconds.max(f64::MIN_POSITIVE),
            duration(c.bound_seconds),
            100.0 * c.utilisation
        )?;
    }
    Ok(())
}

/// A span of seconds in the unit that reads best: `45 s`, `12.5 min`,
/// `13.1 h`.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.1} min", s / 60.0),
        s => format!("{:.1} h", s / 3600.0),
    }
}

/// A range of bytes: `81.2-146.6 GiB`.
fn bytes(b: lapilli_tablebase::Bytes) -> String {
    format!("{} to {}", byte_size(b.least), byte_size(b.most))
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
        assert_eq!(duration(45.2), "45 s");
        assert_eq!(duration(750.0), "12.5 min");
        assert_eq!(duration(47_160.0), "13.1 h");
    }
}
