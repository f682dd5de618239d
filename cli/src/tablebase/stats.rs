//! `lapilli tablebase stats`: each tier of a folder with its counts.

use super::*;

/// `lapilli tablebase stats` with its options.
pub struct Stats<'o> {
    /// The folder of tables, listed.
    pub folder: &'o TablebaseFolder,
    /// JSON output.
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

/// One tier of `lapilli tablebase stats --json`.
#[derive(Serialize, Debug)]
pub struct TierStatsJson {
    /// The tier's name.
    pub tier: String,
    /// Indices of the tier (one per orbit, slack included).
    pub entries: u64,
    /// Positions valued: every member of every orbit.
    pub positions: u64,
    /// Orbits valued.
    pub classes: u64,
    /// Positions won for the side to move.
    pub win: u64,
    /// Positions lost for the side to move.
    pub loss: u64,
    /// Positions drawn.
    pub draw: u64,
    /// The longest DTM, plies.
    pub max_dtm: u32,
    /// A position with that DTM, in position text (null when no position
    /// of the tier is decided).
    pub example: Option<String>,
}

/// The totals of `lapilli tablebase stats --json`.
#[derive(Serialize, Debug, Default)]
pub struct TotalsJson {
    /// Tiers.
    pub tiers: usize,
    /// Positions valued.
    pub positions: u64,
    /// Orbits valued.
    pub classes: u64,
    /// Won for the side to move.
    pub win: u64,
    /// Lost for the side to move.
    pub loss: u64,
    /// Drawn.
    pub draw: u64,
    /// The longest DTM of all tiers, plies.
    pub max_dtm: u32,
}

/// `lapilli tablebase stats --json`.
#[derive(Serialize, Debug)]
pub struct StatsJson {
    /// The game's name.
    pub game: &'static str,
    /// The variant as the files name it.
    pub variant: String,
    /// The folder.
    pub dir: String,
    /// Each tier, in tier order.
    pub tiers: Vec<TierStatsJson>,
    /// The sums.
    pub totals: TotalsJson,
    /// The folder's manifest (every file it lists checked), null when the
    /// folder has none (a build interrupted or under way, or an older
    /// one: a missing tier cannot be told).
    pub manifest: Option<ManifestJson>,
}

/// The manifest of `lapilli tablebase stats --json`.
#[derive(Serialize, Debug)]
pub struct ManifestJson {
    /// The program that wrote it.
    pub tool: String,
    /// The tier files it lists.
    pub tiers: usize,
}

impl GameVisitor for Stats<'_> {
    type Output = Result<()>;

    /// Opens the folder's tables (every file checked) and reports each
    /// tier's counts.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let support = support(&v, "tablebase stats")?;
        let tables = open_folder(&support, self.folder, "tablebase stats")?;
        let variant = v.id();
        let tiers: Vec<TierStatsJson> = tables
            .summaries()
            .into_iter()
            .map(|s| TierStatsJson {
                positions: s.positions(),
                tier: s.tier,
                entries: s.entries,
                classes: s.classes,
                win: s.win,
                loss: s.loss,
                draw: s.draw,
                max_dtm: s.max_dtm,
                example: s.example,
            })
            .collect();
        let mut totals = TotalsJson { tiers: tiers.len(), ..TotalsJson::default() };
        for t in &tiers {
            totals.positions += t.positions;
            totals.classes += t.classes;
            totals.win += t.win;
            totals.loss += t.loss;
            totals.draw += t.draw;
            totals.max_dtm = totals.max_dtm.max(t.max_dtm);
        }
        let report = StatsJson {
            game: v.name(),
            variant,
            dir: self.folder.dir().display().to_string(),
            tiers,
            totals,
            manifest: match self.folder.manifest() {
                ManifestState::Present(m) => {
                    Some(ManifestJson { tool: m.tool.clone(), tiers: m.tiers.len() })
                }
                _ => None,
            },
        };
        let out = self.out;
        if self.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        writeln!(out, "{}: {} tiers in {}", v.title(), report.totals.tiers, report.dir)?;
        writeln!(
            out,
            "{:<10} {:>12} {:>11} {:>12} {:>12} {:>12} {:>7}  example of the longest DTM",
            "tier", "positions", "classes", "win", "loss", "draw", "max DTM"
        )?;
        for t in &report.tiers {
            writeln!(
                out,
                "{:<10} {:>12} {:>11} {:>12} {:>12} {:>12} {:>7}  {}",
                t.tier,
                t.positions,
                t.classes,
                t.win,
                t.loss,
                t.draw,
                t.max_dtm,
                t.example.as_deref().unwrap_or("-")
            )?;
        }
        let s = &report.totals;
        writeln!(
            out,
            "{:<10} {:>12} {:>11} {:>12} {:>12} {:>12} {:>7}",
            "total", s.positions, s.classes, s.win, s.loss, s.draw, s.max_dtm
        )?;
        writeln!(out, "(positions count every member of every orbit; win/loss/draw for the side to move)")?;
        match &report.manifest {
            Some(m) => writeln!(out, "manifest: {} tier files, as {} wrote them", m.tiers, m.tool)?,
            None => writeln!(out, "warning: {}", manifest_warning(self.folder).unwrap_or_default())?,
        }
        Ok(())
    }
}
