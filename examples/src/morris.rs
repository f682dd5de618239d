//! The morris commands: Nine Men's Morris and its relatives.

use crate::ai::AiSpec;
use crate::analyze;
use crate::commands::{position_or, AnalyzeArgs, Commands, PlayArgs, Result, SelfplayArgs};
use crate::perft;
use crate::play::{Seat, TerminalGame};
use crate::report::{InfoJson, PerftJson};
use crate::selfplay;
use crate::{GameName, Human, VariantArgs};
use lapilli_morris::eval::Evaluation;
use lapilli_morris::{Colour, Ending, Move, Position, Rules, Variant};
use lapilli_search::{Adjudication, Engine, GameRecord, Player, RandomPlayer, SearchPlayer};
use std::io::{self, BufRead, Write};
use std::sync::OnceLock;
use std::time::Instant;

/// The variant whose point names [`TerminalGame::move_text`] prints (a
/// move does not know its board; the program plays one game per run).
static NAMES_OF: OnceLock<Variant> = OnceLock::new();

/// The commands of a morris game under the variant options.
///
/// # Errors
/// A game that is not a morris game (the caller never passes one).
pub fn commands(name: GameName, variant: &VariantArgs) -> Result<Box<dyn Commands>> {
    let v = match name {
        GameName::NineMensMorris => Variant::NineMensMorris,
        GameName::SixMensMorris => Variant::SixMensMorris,
        GameName::TwelveMensMorris => Variant::TwelveMensMorris,
        GameName::LaskerMorris => Variant::LaskerMorris,
        _ => return Err(format!("{name:?} is not a morris game").into()),
    };
    let rules = if variant.no_flying { Rules::new(v).no_flying() } else { Rules::new(v) };
    // One game per run: the names moves are printed with (see `move_text`).
    let _ = NAMES_OF.set(v);
    Ok(Box::new(Morris { rules }))
}

/// A morris game under the chosen rules.
pub struct Morris {
    rules: Rules,
}

impl Morris {
    fn title(&self) -> String {
        let flying = if self.rules.flying { "flying with three pieces" } else { "no flying" };
        format!("{} ({} pieces each, {flying})", self.rules.variant, self.rules.variant.pieces())
    }

    fn start(&self) -> Position {
        Position::start(self.rules)
    }
}

fn refuse_perfect(ai: AiSpec) -> Result<()> {
    if ai == AiSpec::Perfect {
        return Err(
            "--ai perfect needs a solved game, and morris solving is not available yet (a later issue); \
                    use minimax:N or random"
                .into(),
        );
    }
    Ok(())
}

fn make_player(spec: AiSpec, seed: u64) -> Box<dyn Player<Position>> {
    match spec {
        AiSpec::Minimax(d) => Box::new(SearchPlayer::new(d, Evaluation::default())),
        // `perfect` is refused before any player is made
        AiSpec::Random | AiSpec::Perfect => Box::new(RandomPlayer::new(seed)),
    }
}

/// One side's state in words: `white: 7 in hand, 2 on board (placing)`.
fn side_status(pos: &Position, c: Colour) -> String {
    format!("{c}: {} in hand, {} on board ({})", pos.in_hand(c), pos.on_board(c), pos.phase(c))
}

impl TerminalGame for Position {
    fn diagram(&self) -> String {
        format!(
            "{}{}; {}\n",
            Position::diagram(self),
            side_status(self, Colour::White),
            side_status(self, Colour::Black)
        )
    }

    /// One ply, as a name (`a1`, `a1-a4`, `xg7`) or indices (`6`, `6-7`,
    /// `x2`); a combined ply and removal is refused here (the `play`
    /// prompt takes it).
    fn parse_move(&self, text: &str) -> std::result::Result<Move, String> {
        let plies = self.variant().parse_plies(text).map_err(|e| format!("cannot read {text:?}: {e}"))?;
        match plies.as_slice() {
            [m] => {
                let shown = self.variant().move_text(*m);
                self.check(*m).map_err(|e| format!("illegal move {shown}: {e}"))?;
                Ok(*m)
            }
            _ => Err(format!("{text:?} is a ply and its removal: give them as two moves, e.g. `g4-g7 xb6`")),
        }
    }

    fn move_text(m: Move) -> String {
        NAMES_OF.get().copied().unwrap_or_default().move_text(m)
    }

    fn side_name(side: Colour) -> String {
        side.to_string()
    }

    fn result_text(&self) -> String {
        let loser = self.side_to_move();
        match self.ending() {
            Some(Ending::Reduction) => format!("{} wins: {loser} is down to two pieces", loser.opponent()),
            Some(Ending::Blocked) => format!("{} wins: {loser} cannot move", loser.opponent()),
            Some(Ending::FullBoard) => "draw: the placements filled the board".into(),
            None => "the game goes on".into(),
        }
    }

    fn ending_kind(&self) -> &'static str {
        self.ending().map_or("none", Ending::name)
    }

    fn winner_index(&self, first: Colour) -> Option<usize> {
        self.winner().map(|w| usize::from(w != first))
    }
}

/// The move in the variant's point names.
fn text(pos: &Position, m: Move) -> String {
    pos.variant().move_text(m)
}

impl Morris {
    /// The terminal game: like `play::run`, with the removal prompt and
    /// combined input (`g4-g7xb6` plays the slide and the removal).
    fn play_loop<R: BufRead>(
        &self,
        seats: &mut [(Colour, Seat<'_, Position>); 2],
        max_plies: usize,
        input: &mut R,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let mut record = GameRecord::new(self.start());
        let mut queued: Option<Move> = None;
        loop {
            let pos = *record.position();
            writeln!(out, "\n{}position: {pos}", TerminalGame::diagram(&pos))?;
            match record.status() {
                Some(Adjudication::Finished(_)) => {
                    writeln!(out, "game over: {}", pos.result_text())?;
                    return Ok(());
                }
                Some(Adjudication::Repetition) => {
                    writeln!(out, "game over: draw by threefold repetition")?;
                    return Ok(());
                }
                Some(Adjudication::NoProgress) => {
                    writeln!(
                        out,
                        "game over: draw by the no-progress rule (100 plies without a placement or removal)"
                    )?;
                    return Ok(());
                }
                None => {}
            }
            if record.moves().len() >= max_plies {
                writeln!(out, "game over: draw after {max_plies} plies (--max-plies)")?;
                return Ok(());
            }
            let side = pos.side_to_move();
            let seat = &mut seats.iter_mut().find(|(s, _)| *s == side).expect("every side has a seat").1;
            let m = match seat {
                Seat::Ai(player) => {
                    let m = player.choose(&pos).expect("an unfinished game has a legal move");
                    writeln!(out, "{side} ({}) plays {}", player.name(), text(&pos, m))?;
                    m
                }
                Seat::Human => match queued.take().filter(|&m| pos.is_legal(m)) {
                    Some(m) => {
                        writeln!(out, "{side} removes {}", text(&pos, m))?;
                        m
                    }
                    None => loop {
                        if pos.pending_removal() {
                            write!(
                                out,
                                "{side} closed a mill: remove a {} piece (e.g. x{})> ",
                                side.opponent(),
                                {
                                    let r = pos.removable().first_point().expect("a removable piece");
                                    &pos.variant().point_names()[r.index()]
                                }
                            )?;
                        } else {
                            write!(out, "{side} to move ({})> ", pos.phase(side))?;
                        }
                        out.flush()?;
                        let mut bytes = Vec::new();
                        if input.read_until(b'\n', &mut bytes)? == 0 {
                            writeln!(out, "\nend of input: game abandoned")?;
                            return Ok(());
                        }
                        let Ok(line) = String::from_utf8(bytes) else {
                            writeln!(out, "that line is not UTF-8 text; type a move such as d7 or a1-a4")?;
                            continue;
                        };
                        match line.trim() {
                            "quit" | "exit" => {
                                writeln!(out, "game abandoned")?;
                                return Ok(());
                            }
                            "moves" | "?" | "help" => {
                                let moves: Vec<String> =
                                    pos.legal_moves().iter().map(|&m| text(&pos, m)).collect();
                                writeln!(out, "legal moves: {}", moves.join(" "))?;
                            }
                            typed => match self.read_plies(&pos, typed) {
                                Ok((m, then)) => {
                                    queued = then;
                                    break m;
                                }
                                Err(e) => writeln!(out, "{e} (type `moves` for the legal moves)")?,
                            },
                        }
                    },
                },
            };
            record.play(m);
        }
    }

    /// A typed ply, and the removal typed with it (checked after the ply).
    fn read_plies(&self, pos: &Position, typed: &str) -> std::result::Result<(Move, Option<Move>), String> {
        let plies =
            self.rules.variant.parse_plies(typed).map_err(|e| format!("cannot read {typed:?}: {e}"))?;
        let first = plies[0];
        pos.check(first).map_err(|e| format!("illegal move {}: {e}", text(pos, first)))?;
        let Some(&removal) = plies.get(1) else {
            return Ok((first, None));
        };
        let mut after = *pos;
        after.play_unchecked(first);
        if !after.pending_removal() {
            return Err(format!("{} closes no mill, so there is nothing to remove", text(pos, first)));
        }
        after.check(removal).map_err(|e| format!("illegal removal {}: {e}", text(&after, removal)))?;
        Ok((first, Some(removal)))
    }
}

impl Commands for Morris {
    fn solve(&self, _json: bool, _out: &mut dyn Write) -> Result<()> {
        Err(format!(
            "solve {}: morris solving is not available yet (it comes with a later issue); try `analyze` or `perft`",
            self.rules.variant
        )
        .into())
    }

    fn play(&self, args: &PlayArgs, out: &mut dyn Write) -> Result<()> {
        refuse_perfect(args.ai)?;
        let seat = |side: Colour, offset: u64| -> Seat<'_, Position> {
            let human =
                matches!((args.human, side), (Human::Black, Colour::Black) | (Human::White, Colour::White));
            if human {
                Seat::Human
            } else {
                Seat::Ai(make_player(args.ai, args.seed.wrapping_add(offset)))
            }
        };
        let mut seats = [(Colour::White, seat(Colour::White, 0)), (Colour::Black, seat(Colour::Black, 1))];
        writeln!(out, "{}. White moves first.", self.title())?;
        writeln!(
            out,
            "Type a point to place (d7, or its index 1), from-to to slide or fly (a1-a4), x and a point to \
             remove after a mill (xg7), or a ply and its removal together (g4-g7xb6)."
        )?;
        writeln!(out, "Type `moves` for the legal moves, `quit` to leave.")?;
        let stdin = io::stdin();
        self.play_loop(&mut seats, args.max_plies, &mut stdin.lock(), out)?;
        Ok(())
    }

    fn info(&self, json: bool, out: &mut dyn Write) -> Result<()> {
        let variant = self.rules.variant;
        let board = variant.board();
        let group = variant.group();
        let orbits: Vec<Vec<usize>> =
            group.point_orbits().iter().map(|o| o.iter().map(|p| p.index()).collect()).collect();
        let lines: Vec<Vec<usize>> =
            board.lines().iter().map(|l| l.iter().map(|p| p.index()).collect()).collect();
        if json {
            let report = InfoJson {
                game: variant.name(),
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
        writeln!(out, "{}", self.title())?;
        writeln!(out, "{}", Position::diagram(&self.start()))?;
        let names: Vec<String> =
            variant.point_names().iter().enumerate().map(|(i, n)| format!("{i}={n}")).collect();
        writeln!(out, "point names: {}", names.join(" "))?;
        writeln!(out, "points: {}", board.point_count())?;
        writeln!(out, "edges: {}", board.edge_count())?;
        writeln!(out, "lines: {}  {:?}", board.line_count(), lines)?;
        writeln!(
            out,
            "automorphisms: {} (found by search over relabellings that preserve the lines)",
            group.len()
        )?;
        writeln!(out, "point orbits: {orbits:?}")?;
        writeln!(out, "start: {}", self.start())?;
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
        let pos = position_or(position, self.start())?;
        if pos.rules() != self.rules {
            return Err(
                format!("--position is {} but the game is {}", pos.rules().variant, self.title()).into()
            );
        }
        if divide {
            return perft::run(&pos, depth, divide, json, out);
        }
        // The rules crate's perft: bulk counting with popcounts.
        let t = Instant::now();
        let nodes = lapilli_morris::perft(&pos, depth);
        let millis = t.elapsed().as_secs_f64() * 1e3;
        if json {
            writeln!(out, "{}", serde_json::to_string(&PerftJson { depth, nodes, millis, divide: None })?)?;
        } else {
            writeln!(out, "perft({depth}) = {nodes}  ({millis:.3} ms) from {pos}")?;
        }
        Ok(())
    }

    fn analyze(&self, args: &AnalyzeArgs, out: &mut dyn Write) -> Result<()> {
        let start = position_or(args.position.as_deref(), self.start())?;
        let record = analyze::record_after(start, &args.moves)?;
        let engine = Engine::new().transposition_table(args.tt_bytes).threads(args.threads);
        analyze::run(&record, engine, args.limits, &Evaluation::default(), args.json, out)
    }

    fn selfplay(&self, args: &SelfplayArgs, out: &mut dyn Write) -> Result<()> {
        refuse_perfect(args.ai)?;
        let seed = args.seed;
        let make = |game: u64, side: usize| {
            make_player(args.ai, seed.wrapping_add(2 * game).wrapping_add(side as u64))
        };
        selfplay::run(
            &self.start(),
            Colour::White,
            make,
            args.ai.to_string(),
            args.games,
            args.max_plies,
            args.json,
            out,
        )
    }
}
