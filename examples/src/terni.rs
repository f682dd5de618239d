//! The Terni Lapilli commands.

use crate::ai::AiSpec;
use crate::analyze;
use crate::play::{self, Seat, TerminalGame};
use crate::report::{InfoJson, PerftJson, SolveJson};
use crate::Human;
use lapilli_board_graph::wheel;
use lapilli_search::{
    perft as count_leaves, perft_divide, Engine, Limits, PerfectPlayer, Player, RandomPlayer, SearchPlayer,
    Tablebase,
};
use lapilli_terni_lapilli::eval::Heuristic;
use lapilli_terni_lapilli::{solve as tl, Colour, Move, Position, Rules};
use std::error::Error;
use std::io::{self, Write};
use std::time::Instant;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

fn rules(no_centre_first: bool) -> Rules {
    Rules { centre_first: !no_centre_first }
}

fn variant_text(rules: Rules) -> String {
    if rules.centre_first {
        "centre allowed on the first placement".into()
    } else {
        "centre forbidden on the first placement".into()
    }
}

fn millis(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// `lapilli solve terni-lapilli`.
pub fn solve(no_centre_first: bool, json: bool, out: &mut dyn Write) -> Result<()> {
    let rules = rules(no_centre_first);
    let group = tl::group();
    let t = Instant::now();
    let tb = tl::solve(rules);
    let elapsed = millis(t);
    let s = tl::summarise(&tb, rules);
    let pv: Vec<String> =
        tb.principal_variation(&Position::start(rules), 200).iter().map(Move::to_string).collect();
    if json {
        let report = SolveJson {
            game: "terni-lapilli",
            variant: variant_text(rules),
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
    let c =
        |c: lapilli_search::Counts| format!("{} (win {}, loss {}, draw {})", c.total, c.win, c.loss, c.draw);
    writeln!(out, "Terni Lapilli, {}", variant_text(rules))?;
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

/// `lapilli play terni-lapilli`.
pub fn play(
    ai: AiSpec,
    human: Human,
    no_centre_first: bool,
    seed: u64,
    max_plies: usize,
    out: &mut dyn Write,
) -> Result<()> {
    let rules = rules(no_centre_first);
    let tb = (ai == AiSpec::Perfect).then(|| tl::solve(rules));
    let seat = |side: Colour, offset: u64| -> Seat<'_, Position> {
        let is_human = matches!((human, side), (Human::Black, Colour::Black) | (Human::White, Colour::White));
        if is_human {
            Seat::Human
        } else {
            Seat::Ai(make_player(ai, seed.wrapping_add(offset), tb.as_ref()))
        }
    };
    let mut seats = [(Colour::Black, seat(Colour::Black, 0)), (Colour::White, seat(Colour::White, 1))];
    writeln!(out, "Terni Lapilli, {}. Black moves first.", variant_text(rules))?;
    writeln!(
        out,
        "Place with a point number (0-7 round the ring, 8 or c the centre); move with from-to, e.g. 0-8."
    )?;
    writeln!(out, "Type `moves` for the legal moves, `quit` to leave.")?;
    let stdin = io::stdin();
    play::run(Position::start(rules), &mut seats, max_plies, &mut stdin.lock(), out)?;
    Ok(())
}

/// `lapilli info terni-lapilli`.
pub fn info(json: bool, out: &mut dyn Write) -> Result<()> {
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

fn parse_position(position: Option<&str>) -> Result<Position> {
    match position {
        Some(text) => Ok(text.parse::<Position>().map_err(|e| format!("--position {text:?}: {e}"))?),
        None => Ok(Position::default()),
    }
}

/// `lapilli analyze terni-lapilli`.
pub fn analyze(
    position: Option<&str>,
    moves: &str,
    engine: Engine<Position>,
    limits: Limits,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let record = analyze::record_after(parse_position(position)?, moves)?;
    analyze::run(&record, engine, limits, &Heuristic, json, out)
}

/// `lapilli perft terni-lapilli`.
pub fn perft(
    depth: u32,
    position: Option<&str>,
    divide: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let pos = match position {
        Some(text) => text.parse::<Position>().map_err(|e| format!("--position {text:?}: {e}"))?,
        None => Position::default(),
    };
    let t = Instant::now();
    let split: Option<Vec<(String, u64)>> =
        divide.then(|| perft_divide(&pos, depth).into_iter().map(|(m, n)| (m.to_string(), n)).collect());
    let nodes = match &split {
        Some(s) if depth > 0 => s.iter().map(|(_, n)| n).sum(),
        _ => count_leaves(&pos, depth),
    };
    let elapsed = millis(t);
    if json {
        let report = PerftJson { depth, nodes, millis: elapsed, divide: split };
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    if let Some(split) = split {
        for (m, n) in split {
            writeln!(out, "{m}: {n}")?;
        }
    }
    writeln!(out, "perft({depth}) = {nodes}  ({elapsed:.3} ms) from {pos}")?;
    Ok(())
}
