//! The Terni Lapilli commands.

use crate::ai::{self, AiSpec};
use crate::analyze;
use crate::commands::{self, AnalyzeArgs, Commands, PerftArgs, PlayArgs, Result, SelfplayArgs};
use crate::perft;
use crate::play::{self, TerminalGame};
use crate::report::SolveJson;
use crate::selfplay;
use crate::Human;
use lapilli_board_graph::wheel;
use lapilli_search::{PerfectPlayer, Player, Tablebase};
use lapilli_terni_lapilli::eval::Heuristic;
use lapilli_terni_lapilli::{solve as tl, Colour, Move, Position, Rules};
use std::io::Write;
use std::time::Instant;

/// Terni Lapilli under the chosen rules.
pub struct Terni {
    /// The rules in force.
    pub rules: Rules,
}

impl Terni {
    fn variant_text(&self) -> &'static str {
        rules_text(self.rules)
    }

    fn tablebase_if(&self, ai: AiSpec) -> Option<Tablebase<Position>> {
        (ai == AiSpec::Perfect).then(|| tl::solve(self.rules))
    }
}

/// The rules in words.
fn rules_text(rules: Rules) -> &'static str {
    if rules.centre_first {
        "centre allowed on the first placement"
    } else {
        "centre forbidden on the first placement (no-centre-first)"
    }
}

impl TerminalGame for Position {
    fn variant_mismatch(&self, chosen: &Position) -> Option<String> {
        (self.rules() != chosen.rules()).then(|| {
            format!(
                "the position has the {} but the command chose the {}",
                rules_text(self.rules()),
                rules_text(chosen.rules())
            )
        })
    }

    fn diagram(&self) -> String {
        Position::diagram(self)
    }

    fn parse_move(&self, text: &str) -> std::result::Result<Move, String> {
        let m: Move = text.parse().map_err(|e| format!("cannot read {text:?}: {e}"))?;
        self.check(m).map_err(|e| format!("illegal move {m}: {e}"))?;
        Ok(m)
    }

    fn move_text(&self, m: Move) -> String {
        m.to_string()
    }

    fn side_name(side: Colour) -> String {
        side.to_string()
    }

    fn ending_kind(&self) -> &'static str {
        match self.winner() {
            Some(w) if self.has_three(w) => "line",
            Some(_) => "blocked",
            None => "draw",
        }
    }

    fn winner_index(&self, first: Colour) -> Option<usize> {
        self.winner().map(|w| usize::from(w != first))
    }

    fn result_text(&self) -> String {
        match self.winner() {
            Some(w) if self.has_three(w) => format!("{w} wins: three in a line"),
            Some(w) => format!("{w} wins: {} cannot move", w.opponent()),
            None => "draw".into(),
        }
    }
}

fn make_player<'t>(
    spec: AiSpec,
    seed: u64,
    tb: Option<&'t Tablebase<Position>>,
) -> Box<dyn Player<Position> + 't> {
    match spec {
        AiSpec::Perfect => Box::new(PerfectPlayer::new(tb.expect("tablebase built for perfect play"))),
        _ => ai::player(spec, seed, Heuristic),
    }
}

impl Commands for Terni {
    fn solve(&self, json: bool, out: &mut dyn Write) -> Result<()> {
        let rules = self.rules;
        let group = tl::group();
        let t = Instant::now();
        let tb = tl::solve(rules);
        let elapsed = t.elapsed().as_secs_f64() * 1e3;
        let s = tl::summarise(&tb, rules);
        let pv: Vec<String> =
            tb.principal_variation(&Position::start(rules), 200).iter().map(Move::to_string).collect();
        if json {
            let report = SolveJson {
                game: "terni-lapilli",
                variant: self.variant_text().into(),
                value: s.value.wdl(),
                plies: s.value.plies(),
                reachable: s.reachable.into(),
                movement: s.movement.into(),
                orbits: s.orbits,
                automorphisms: group.len(),
                millis: elapsed,
                principal_variation: pv,
            };
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        let c = |c: lapilli_search::Counts| {
            format!("{} (win {}, loss {}, draw {})", c.total, c.win, c.loss, c.draw)
        };
        writeln!(out, "Terni Lapilli, {}", self.variant_text())?;
        writeln!(out, "value of the start for Black (first player): {}", s.value.wdl())?;
        match s.value.plies() {
            Some(n) => writeln!(out, "distance to mate (DTM): {n} plies")?,
            None => writeln!(out, "distance to mate (DTM): none (neither side can force a win)")?,
        }
        writeln!(out, "reachable positions:      {}", c(s.reachable))?;
        writeln!(out, "movement-phase positions: {}", c(s.movement))?;
        writeln!(out, "  (win/loss/draw for the side to move; finished games count as losses)")?;
        writeln!(out, "orbits stored under the {} automorphisms: {}", group.len(), s.orbits)?;
        writeln!(out, "time: {elapsed:.3} ms")?;
        writeln!(out, "principal line ({} plies, until the play repeats): {}", pv.len(), pv.join(" "))?;
        Ok(())
    }

    fn play(&self, args: &PlayArgs, out: &mut dyn Write) -> Result<()> {
        let tb = self.tablebase_if(args.ai);
        let intro = format!(
            "Terni Lapilli, {}. Black moves first.\n\
             Place with a point number (0-7 round the ring, 8 or c the centre); move with from-to, e.g. 0-8.\n",
            self.variant_text()
        );
        let sides = [(Human::Black, Colour::Black), (Human::White, Colour::White)];
        let make_ai = |seed| make_player(args.ai, seed, tb.as_ref());
        play::in_terminal(args, Position::start(self.rules), sides, make_ai, &intro, out)
    }

    fn info(&self, json: bool, out: &mut dyn Write) -> Result<()> {
        let heading = format!(
            "Terni Lapilli: the wheel board (8 ring points 0-7 and the centre 8)\n{}\n",
            Position::default().diagram()
        );
        commands::board_info("terni-lapilli", &wheel::wheel(), tl::group(), &heading, "", json, out)
    }

    fn perft(&self, args: &PerftArgs, out: &mut dyn Write) -> Result<()> {
        perft::command(Position::start(self.rules), args, out)
    }

    fn analyze(&self, args: &AnalyzeArgs, out: &mut dyn Write) -> Result<()> {
        analyze::command(Position::start(self.rules), args, &Heuristic, out)
    }

    fn selfplay(&self, args: &SelfplayArgs, out: &mut dyn Write) -> Result<()> {
        let tb = self.tablebase_if(args.ai);
        let make = |seed| make_player(args.ai, seed, tb.as_ref());
        selfplay::run(&Position::start(self.rules), Colour::Black, args, make, out)
    }
}
