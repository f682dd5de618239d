//! `lapilli info`: a variant's board, its figures and symmetries.

use crate::report::InfoJson;
use crate::Result;
use lapilli_registry::{GameVisitor, VariantDescriptor};
use std::io::Write;

/// `lapilli info` with its options.
pub struct Info<'o> {
    /// JSON output.
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

impl GameVisitor for Info<'_> {
    type Output = Result<()>;

    /// The JSON report, or the title, the board and the start drawn, the
    /// point names, and the counts (points, edges, lines, automorphisms,
    /// orbits).
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let board = v.board();
        let out = self.out;
        if self.json {
            let report = InfoJson {
                game: v.name(),
                points: board.points,
                edges: board.edges,
                lines: board.lines.len(),
                automorphisms: board.automorphisms,
                orbits: board.orbits,
                line_list: board.lines,
            };
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        let start = v.start();
        writeln!(out, "{}: {}", v.title(), board.description)?;
        writeln!(out, "{}", v.diagram(&start, None))?;
        writeln!(out, "start: {start}")?;
        if !board.point_names.is_empty() {
            let names: Vec<String> =
                board.point_names.iter().enumerate().map(|(i, n)| format!("{i}={n}")).collect();
            writeln!(out, "point names: {}", names.join(" "))?;
        }
        writeln!(out, "points: {}", board.points)?;
        writeln!(out, "edges: {}", board.edges)?;
        writeln!(out, "lines: {}  {:?}", board.lines.len(), board.lines)?;
        writeln!(out, "automorphisms: {} ({})", board.automorphisms, board.group_origin)?;
        writeln!(out, "point orbits: {:?}", board.orbits)?;
        Ok(())
    }
}
