//! `lapilli solve`: the strong solution of a variant, where there is one.

use crate::analyze::position_or_start;
use crate::error::{solve_error, CliError, Kind};
use crate::play::capitalised;
use crate::progress::BuildProgress;
use crate::report::plies;
use crate::report::{PositionValueJson, SolveJson};
use crate::tablebase::{build_note, store_dir};
use crate::Result;
use lapilli_game::{CheckedGame, Game};
use lapilli_registry::SolveSummary;
use lapilli_registry::{GameVisitor, TableStore, VariantDescriptor};
use lapilli_tablebase::Counts;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// `lapilli solve` with its options.
pub struct Solve<'o> {
    /// JSON output.
    pub json: bool,
    /// A position to value, besides the start.
    pub position: Option<String>,
    /// The folder of the solved tables, instead of the cache folder.
    pub tablebase: Option<PathBuf>,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

impl GameVisitor for Solve<'_> {
    type Output = Result<()>;

    /// Solves the variant (reading its tables back from the store when a
    /// previous run built them) and prints the value of the start, the
    /// position counts, the orbits, the time and the principal line, and
    /// the value and perfect ply of `--position`.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let position = match &self.position {
            Some(text) => Some(position_or_start(&v, Some(text))?),
            None => None,
        };
        let t = Instant::now();
        let store = TableStore { dir: store_dir(&v, self.tablebase.as_deref()), ..TableStore::default() };
        let progress = BuildProgress::new(self.json).with_note(build_note(&v, store.dir.as_deref()));
        let solution = v.solve_stored(&store, &progress).map_err(|e| {
            solve_error(e, |reason| {
                let instead = match v.tablebases() {
                    Some(_) => format!(
                        "use analyze, perft or selfplay; its endgame tables are built by `lapilli tablebase \
                         build {} --max-pieces N --out DIR` and consulted with --tablebase DIR",
                        v.name()
                    ),
                    None => "use analyze, perft or selfplay".to_string(),
                };
                format!("solve {}: {reason}; {instead}", v.name())
            })
        })?;
        progress.finish();
        let millis = t.elapsed().as_secs_f64() * 1e3;
        let position = match position {
            Some(pos) => {
                let value = solution.value(&pos).ok_or_else(|| {
                    CliError::new(
                        Kind::Position,
                        format!(
                            "--position: the solution does not value {pos}: it is not reachable from the start \
                             of {}",
                            v.name()
                        ),
                    )
                })?;
                Some(PositionValueJson {
                    text: pos.to_string(),
                    side_to_move: v.side_name(pos.side_to_move()),
                    value: value.wdl(),
                    plies: value.plies(),
                    best_move: solution.best_move(&pos).map(|m| pos.move_text(m)),
                })
            }
            None => None,
        };
        let s = solution.report();
        let pv = &s.principal_variation;
        let out = self.out;
        if self.json {
            let report = SolveJson { solve: SolveSummary::of(&v, s, millis), position };
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        let c = |c: Counts| format!("{} (win {}, loss {}, draw {})", c.total, c.win, c.loss, c.draw);
        let first = capitalised(v.sides()[0].1);
        writeln!(out, "{}", v.title())?;
        writeln!(out, "value of the start for {first} (first player): {}", s.value.wdl())?;
        match s.value.plies() {
            Some(n) => writeln!(out, "distance to mate (DTM): {}", plies(n))?,
            None => writeln!(out, "distance to mate (DTM): none (neither side can force a win)")?,
        }
        writeln!(out, "reachable positions:      {}", c(s.reachable))?;
        if let Some(movement) = s.movement {
            writeln!(out, "movement-phase positions: {}", c(movement))?;
        }
        writeln!(out, "  (win/loss/draw for the side to move; finished games count as losses)")?;
        writeln!(out, "orbits stored under the {} automorphisms: {}", s.automorphisms, s.orbits)?;
        writeln!(out, "time: {millis:.3} ms")?;
        writeln!(
            out,
            "principal line ({}, until the play repeats): {}",
            plies(pv.len() as u64),
            pv.join(" ")
        )?;
        if let Some(p) = position {
            writeln!(out, "position: {}", p.text)?;
            let dtm = p.plies.map_or(String::new(), |n| format!(" in {}", plies(n)));
            writeln!(out, "value for {} (to move): {}{dtm}", p.side_to_move, p.value)?;
            match p.plies {
                Some(n) => writeln!(out, "distance to mate (DTM): {}", plies(n))?,
                None => writeln!(out, "distance to mate (DTM): none (neither side can force a win)")?,
            }
            writeln!(out, "best ply: {}", p.best_move.as_deref().unwrap_or("none (the game is over)"))?;
        }
        Ok(())
    }
}
