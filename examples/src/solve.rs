//! `lapilli solve`: the strong solution of a variant, where there is one.

use crate::error::{CliError, Kind};
use crate::play::capitalised;
use crate::report::SolveJson;
use crate::Result;
use lapilli_search::registry::{GameVisitor, VariantDescriptor};
use lapilli_search::Counts;
use std::io::Write;
use std::time::Instant;

/// `lapilli solve` with its options.
pub struct Solve<'o> {
    /// JSON output.
    pub json: bool,
    /// Where the report goes.
    pub out: &'o mut dyn Write,
}

impl GameVisitor for Solve<'_> {
    type Output = Result<()>;

    /// Solves the variant and prints the value of the start, the position
    /// counts, the orbits, the time and the principal line.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let t = Instant::now();
        let solution = v.solve().map_err(|e| {
            CliError::new(
                Kind::Unsolvable,
                format!("solve {}: {e}; use analyze, perft or selfplay", v.name()),
            )
        })?;
        let millis = t.elapsed().as_secs_f64() * 1e3;
        let s = solution.report();
        let pv = &s.principal_variation;
        let out = self.out;
        if self.json {
            let report = SolveJson {
                game: v.name(),
                variant: v.rules_text(),
                value: s.value.wdl(),
                plies: s.value.plies(),
                reachable: s.reachable.into(),
                movement: s.movement.map(Into::into),
                orbits: s.orbits,
                automorphisms: s.automorphisms,
                millis,
                principal_variation: pv.clone(),
            };
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        let c = |c: Counts| format!("{} (win {}, loss {}, draw {})", c.total, c.win, c.loss, c.draw);
        let first = capitalised(v.sides()[0].1);
        writeln!(out, "{}", v.title())?;
        writeln!(out, "value of the start for {first} (first player): {}", s.value.wdl())?;
        match s.value.plies() {
            Some(n) => writeln!(out, "distance to mate (DTM): {n} plies")?,
            None => writeln!(out, "distance to mate (DTM): none (neither side can force a win)")?,
        }
        writeln!(out, "reachable positions:      {}", c(s.reachable))?;
        if let Some(movement) = s.movement {
            writeln!(out, "movement-phase positions: {}", c(movement))?;
        }
        writeln!(out, "  (win/loss/draw for the side to move; finished games count as losses)")?;
        writeln!(out, "orbits stored under the {} automorphisms: {}", s.automorphisms, s.orbits)?;
        writeln!(out, "time: {millis:.3} ms")?;
        writeln!(out, "principal line ({} plies, until the play repeats): {}", pv.len(), pv.join(" "))?;
        Ok(())
    }
}
