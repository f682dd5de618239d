//! `lapilli tablebase probe`: a position's value, DTM and perfect ply, and the value of every ply.

use super::*;

/// A ply with the value it leads to, for the side that plays it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PlyValueJson {
    /// The ply in the game's notation.
    pub ply: String,
    /// `win`, `loss` or `draw` for the side playing it; null when the
    /// tables do not cover the position it leads to.
    pub value: Option<&'static str>,
    /// The DTM from the position the ply is played in, plies (null for a
    /// draw or when not covered).
    pub dtm: Option<u32>,
}

/// `lapilli tablebase probe --json`.
#[derive(Serialize, Debug)]
pub struct ProbeJson {
    /// The position's text.
    pub position: String,
    /// The side to move, by name.
    pub side_to_move: &'static str,
    /// `win`, `loss` or `draw` for the side to move.
    pub value: &'static str,
    /// Distance to mate, plies (null for a draw).
    pub dtm: Option<u32>,
    /// The perfect ply (fastest win, else a draw, else the slowest loss);
    /// null when the game is over or a successor is not covered.
    pub best_move: Option<String>,
    /// Every legal ply with its value, in generation order.
    pub moves: Vec<PlyValueJson>,
}

/// `lapilli tablebase probe` with its options.
pub struct Probe<'o> {
    /// The folder of tables, listed.
    pub folder: &'o TablebaseFolder,
    /// The position's text.
    pub position: String,
    /// JSON output.
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

impl GameVisitor for Probe<'_> {
    type Output = Result<()>;

    /// The position's value, DTM and perfect ply, and every ply's value.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let tables = open_folder(&support(&v, "tablebase probe")?, self.folder, "tablebase probe")?;
        let chooser = format!("the tables in {} are of", self.folder.dir().display());
        let pos = read_position(&v, &self.position, &chooser)?;
        let Some(value) = tables.probe(&pos) else {
            let held: Vec<String> = tables.summaries().into_iter().map(|s| s.tier).collect();
            let tier = tables
                .tier_name_of(&pos)
                .map_or_else(|| "its material".to_owned(), |t| format!("its tier, {t},"));
            let range = match held.as_slice() {
                [] => String::new(),
                [one] => format!(": {one}"),
                [first, .., last] => format!(", {first} to {last}"),
            };
            return Err(CliError::new(
                Kind::Tablebase,
                format!(
                    "{}: no table covers the position: {tier} is not among the folder's {} tiers{range}",
                    self.folder.dir().display(),
                    held.len()
                ),
            ));
        };
        let best: Option<MoveOf<V>> = tables.best_move(&pos).map(|(m, _)| m);
        let moves: Vec<PlyValueJson> = tables
            .move_values(&pos)
            .into_iter()
            .map(|(m, value)| PlyValueJson {
                ply: pos.move_text(m),
                value: value.map(Value::wdl),
                dtm: value.and_then(Value::plies),
            })
            .collect();
        let report = ProbeJson {
            position: pos.to_string(),
            side_to_move: v.side_name(pos.side_to_move()),
            value: value.wdl(),
            dtm: value.plies(),
            best_move: best.map(|m| pos.move_text(m)),
            moves,
        };
        let out = self.out;
        if self.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        writeln!(out, "{}position: {}", v.diagram(&pos, None), report.position)?;
        if pos.outcome().is_some() {
            writeln!(out, "game over: {}", v.result_text(&pos))?;
        }
        writeln!(out, "value for {} (to move): {}", report.side_to_move, value_text(value))?;
        match report.dtm {
            Some(n) => writeln!(out, "distance to mate (DTM): {}", plies(n))?,
            None => writeln!(out, "distance to mate (DTM): none (a draw with perfect play)")?,
        }
        writeln!(out, "best ply: {}", report.best_move.as_deref().unwrap_or("none"))?;
        if !report.moves.is_empty() {
            writeln!(
                out,
                "every ply by the value it gives {} (the mover), the DTM counted from this position:",
                report.side_to_move
            )?;
        }
        let mut by_value: BTreeMap<(u8, u32), Vec<&str>> = BTreeMap::new();
        for p in &report.moves {
            // Best first: the fastest wins, draws, the slowest losses, then
            // the plies the tables do not cover.
            let key = match (p.value, p.dtm) {
                (Some("win"), Some(d)) => (0, d),
                (Some("draw"), _) => (1, 0),
                (Some(_), Some(d)) => (2, u32::MAX - d),
                _ => (3, 0),
            };
            by_value.entry(key).or_default().push(&p.ply);
        }
        for ((rank, d), listed) in by_value {
            let what = match rank {
                0 => format!("win in {}", plies(d)),
                1 => "draw".to_string(),
                2 => format!("loss in {}", plies(u32::MAX - d)),
                _ => "not covered".to_string(),
            };
            writeln!(out, "  {what}: {}", listed.join(" "))?;
        }
        Ok(())
    }
}
