//! The Terni Lapilli commands.

use crate::ai::AiSpec;
use crate::play::{self, Seat, TerminalGame};
use crate::report::{InfoJson, PerftJson, SolveJson};
use crate::Human;
use lapilli_board_graph::wheel;
use lapilli_search::{
    perft as count_leaves, perft_divide, PerfectPlayer, Player, RandomPlayer, SearchPlayer,
    Tablebase,
};
use lapilli_terni_lapilli::eval::Heuristic;
use lapilli_terni_lapilli::{solve as tl, Colour, Move, Position, Rules};
use std::error::Error;
use std::io;
use std::time::Instant;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

fn rules(no_centre_first: bool) -> Rules {
    Rules {
        centre_first: !no_centre_first,
    }
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
pub fn solve(no_centre_first: bool, json: bool) -> Result<()> {
    let rules = rules(no_centre_first);
    let group = tl::group();
    let t = Instant::now();
    let tb = tl::solve(rules);
    let elapsed = millis(t);
    let s = tl::summarise(&tb, rules);
    let pv: Vec<String> = tb
        .principal_variation(&Position::start(rules), 200)
        .iter()
        .map(Move::to_string)
        .collect();
    if json {
        let out = SolveJson {
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
        println!("{}", serde_json::to_string(&out)?);
        return Ok(());
    }
    let c = |c: lapilli_search::Counts| {
        format!(
            "{} (win {}, loss {}, draw {})",
            c.total, c.win, c.loss, c.draw
        )
    };
    println!("Terni Lapilli, {}", variant_text(rules));
    println!(
        "value of the start for Black (first player): {}",
        s.value.wdl()
    );
    match s.value.plies() {
        Some(n) => println!("distance to mate (DTM): {n} plies"),
        None => println!("distance to mate (DTM): none (neither side can force a win)"),
    }
    println!("reachable positions:      {}", c(s.reachable));
    println!("movement-phase positions: {}", c(s.movement));
    println!("  (win/loss/draw for the side to move; finished games count as losses)");
    println!(
        "orbits stored under the {} automorphisms: {}",
        group.len(),
        s.orbits
    );
    println!("time: {elapsed:.3} ms");
    println!(
        "principal line ({} plies, until the play repeats): {}",
        pv.len(),
        pv.join(" ")
    );
    Ok(())
}

impl TerminalGame for Position {
    fn diagram(&self) -> String {
        Position::diagram(self)
    }

    fn parse_move(&self, text: &str) -> std::result::Result<Move, String> {
        let m: Move = text
            .parse()
            .map_err(|e| format!("cannot read {text:?}: {e}"))?;
        self.check(m)
            .map_err(|e| format!("illegal move {m}: {e}"))?;
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
        AiSpec::Perfect => Box::new(PerfectPlayer::new(
            tb.expect("tablebase built for perfect play"),
        )),
    }
}

/// `lapilli play terni-lapilli`.
pub fn play(
    ai: AiSpec,
    human: Human,
    no_centre_first: bool,
    seed: u64,
    max_plies: usize,
) -> Result<()> {
    let rules = rules(no_centre_first);
    let tb = (ai == AiSpec::Perfect).then(|| tl::solve(rules));
    let seat = |side: Colour, offset: u64| -> Seat<'_, Position> {
        let is_human = matches!(
            (human, side),
            (Human::Black, Colour::Black) | (Human::White, Colour::White)
        );
        if is_human {
            Seat::Human
        } else {
            Seat::Ai(make_player(ai, seed + offset, tb.as_ref()))
        }
    };
    let mut seats = [
        (Colour::Black, seat(Colour::Black, 0)),
        (Colour::White, seat(Colour::White, 1)),
    ];
    println!("Terni Lapilli, {}. Black moves first.", variant_text(rules));
    println!("Place with a point number (0-7 round the ring, 8 or c the centre); move with from-to, e.g. 0-8.");
    println!("Type `moves` for the legal moves, `quit` to leave.");
    let stdin = io::stdin();
    play::run(
        Position::start(rules),
        &mut seats,
        max_plies,
        &mut stdin.lock(),
        &mut io::stdout(),
    )?;
    Ok(())
}

/// `lapilli info terni-lapilli`.
pub fn info(json: bool) -> Result<()> {
    let board = wheel::wheel();
    let group = tl::group();
    let orbits: Vec<Vec<usize>> = group
        .point_orbits()
        .iter()
        .map(|o| o.iter().map(|p| p.index()).collect())
        .collect();
    let lines: Vec<Vec<usize>> = board
        .lines()
        .iter()
        .map(|l| l.iter().map(|p| p.index()).collect())
        .collect();
    if json {
        let out = InfoJson {
            game: "terni-lapilli",
            points: board.point_count(),
            edges: board.edge_count(),
            lines: board.line_count(),
            automorphisms: group.len(),
            orbits,
            line_list: lines,
        };
        println!("{}", serde_json::to_string(&out)?);
        return Ok(());
    }
    println!("Terni Lapilli: the wheel board (8 ring points 0-7 and the centre 8)");
    println!("{}", Position::default().diagram());
    println!("points: {}", board.point_count());
    println!("edges: {}", board.edge_count());
    println!("lines: {}  {:?}", board.line_count(), lines);
    println!(
        "automorphisms: {} (found by search over relabellings that preserve the lines)",
        group.len()
    );
    println!("point orbits: {orbits:?}");
    Ok(())
}

/// `lapilli perft terni-lapilli`.
pub fn perft(depth: u32, position: Option<&str>, divide: bool, json: bool) -> Result<()> {
    let pos = match position {
        Some(text) => text
            .parse::<Position>()
            .map_err(|e| format!("--position {text:?}: {e}"))?,
        None => Position::default(),
    };
    let t = Instant::now();
    let split: Option<Vec<(String, u64)>> = divide.then(|| {
        perft_divide(&pos, depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect()
    });
    let nodes = match &split {
        Some(s) if depth > 0 => s.iter().map(|(_, n)| n).sum(),
        _ => count_leaves(&pos, depth),
    };
    let elapsed = millis(t);
    if json {
        let out = PerftJson {
            depth,
            nodes,
            millis: elapsed,
            divide: split,
        };
        println!("{}", serde_json::to_string(&out)?);
        return Ok(());
    }
    if let Some(split) = split {
        for (m, n) in split {
            println!("{m}: {n}");
        }
    }
    println!("perft({depth}) = {nodes}  ({elapsed:.3} ms) from {pos}");
    Ok(())
}
