//! The Terni Lapilli commands.

use crate::ai::AiSpec;
use crate::analyze;
use crate::commands::{position_or, AnalyzeArgs, Commands, PlayArgs, Result, SelfplayArgs};
use crate::perft;
use crate::play::{self, Seat, TerminalGame};
use crate::report::{InfoJson, SolveJson};
use crate::selfplay;
use crate::Human;
use lapilli_board_graph::wheel;
use lapilli_search::{Engine, PerfectPlayer, Player, RandomPlayer, SearchPlayer, Tablebase};
use lapilli_terni_lapilli::eval::Heuristic;
use lapilli_terni_lapilli::{solve as tl, Colour, Move, Position, Rules};
use std::io::{self, Write};
use std::time::Instant;

/// Terni Lapilli under the chosen rules.
pub struct Terni {
    /// The rules in force.
    pub rules: Rules,
}

impl Terni {
    fn variant_text(&self) -> &'static str {
        if self.rules.centre_first {
            "centre allowed on the first placement"
        } else {
            "centre forbidden on the first placement"
        }
    }

    fn tablebase_if(&self, ai: AiSpec) -> Option<Tablebase<Position>> {
        (ai == AiSpec::Perfect).then(|| tl::solve(self.rules))
    }
}

impl TerminalGame for Position {
    fn diagram(&self) -> String {
        Position::diagram(self)
    }

    fn parse_move(&self, text: &str) -> std::result::Result<Move, String> {
        let m: Move = text.parse().map_err(|e| format!("cannot read {text:?}: {e}"))?;
        self.check(m).map_err(|e| format!("illegal move {m}: {e}"))?;
        Ok(m)
    }

    fn move_text(m: Move) -> String {
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
        AiSpec::Random => Box::new(RandomPlayer::new(seed)),
        AiSpec::Minimax(d) => Box::new(SearchPlayer::new(d, Heuristic)),
        AiSpec::Perfect => Box::new(PerfectPlayer::new(tb.expect("tablebase built for perfect play"))),
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
        let seat = |side: Colour, offset: u64| -> Seat<'_, Position> {
            let human =
                matches!((args.human, side), (Human::Black, Colour::Black) | (Human::White, Colour::White));
            if human {
                Seat::Human
            } else {
                Seat::Ai(make_player(args.ai, args.seed.wrapping_add(offset), tb.as_ref()))
            }
        };
        let mut seats = [(Colour::Black, seat(Colour::Black, 0)), (Colour::White, seat(Colour::White, 1))];
        writeln!(out, "Terni Lapilli, {}. Black moves first.", self.variant_text())?;
        writeln!(
            out,
            "Place with a point number (0-7 round the ring, 8 or c the centre); move with from-to, e.g. 0-8."
        )?;
        writeln!(out, "Type `moves` for the legal moves, `quit` to leave.")?;
        let stdin = io::stdin();
        play::run(Position::start(self.rules), &mut seats, args.max_plies, &mut stdin.lock(), out)?;
        Ok(())
    }

    fn info(&self, json: bool, out: &mut dyn Write) -> Result<()> {
        let board = wheel::wheel();
        let group = tl::group();
        let orbits: Vec<Vec<usize>> =
            group.point_orbits().iter().map(|o| o.iter().map(|p| p.index()).collect()).collect();
        let lines: Vec<Vec<usize>> =
            board.lines().iter().map(|l| l.iter().map(|p| p.index()).collect()).collect();
        if json {
            let report = InfoJson {
                game: "terni-lapilli",
                points: board.point_count(),
                edges: board.edge_count(),
                lines: board.line_count(),
                automorphisms: group.len(),
                orbits,
                line_list: lines,
            };
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        writeln!(out, "Terni Lapilli: the wheel board (8 ring points 0-7 and the centre 8)")?;
        writeln!(out, "{}", Position::default().diagram())?;
        writeln!(out, "points: {}", board.point_count())?;
        writeln!(out, "edges: {}", board.edge_count())?;
        writeln!(out, "lines: {}  {:?}", board.line_count(), lines)?;
        writeln!(
            out,
            "automorphisms: {} (found by search over relabellings that preserve the lines)",
            group.len()
        )?;
        writeln!(out, "point orbits: {orbits:?}")?;
        Ok(())
    }

    fn perft(
        &self,
        depth: u32,
        position: Option<&str>,
        divide: bool,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<()> {
        let pos = position_or(position, Position::start(self.rules))?;
        perft::run(&pos, depth, divide, json, out)
    }

    fn analyze(&self, args: &AnalyzeArgs, out: &mut dyn Write) -> Result<()> {
        let start = position_or(args.position.as_deref(), Position::start(self.rules))?;
        let record = analyze::record_after(start, &args.moves)?;
        let engine = Engine::new().transposition_table(args.tt_bytes).threads(args.threads);
        analyze::run(&record, engine, args.limits, &Heuristic, args.json, out)
    }

    fn selfplay(&self, args: &SelfplayArgs, out: &mut dyn Write) -> Result<()> {
        let tb = self.tablebase_if(args.ai);
        let seed = args.seed;
        let make = |game: u64, side: usize| {
            make_player(args.ai, seed.wrapping_add(2 * game).wrapping_add(side as u64), tb.as_ref())
        };
        let start = Position::start(self.rules);
        selfplay::run(
            &start,
            Colour::Black,
            make,
            args.ai.to_string(),
            args.games,
            args.max_plies,
            args.json,
            out,
        )
    }
}
