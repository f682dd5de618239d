//! A game in the terminal, for any game that can draw itself.

use crate::commands::{PlayArgs, Result};
use crate::Human;
use lapilli_search::{Adjudication, Game, GameRecord, MoveList, Player};
use std::collections::VecDeque;
use std::fmt::Display;
use std::io::{self, BufRead, Write};

/// What the terminal loop needs from a game beyond [`Game`].
pub trait TerminalGame: Game + Display {
    /// The board drawn over several lines.
    fn diagram(&self) -> String;
    /// Parses a typed move and checks it is legal here; the error says
    /// what is wrong.
    fn parse_move(&self, text: &str) -> std::result::Result<Self::Move, String>;
    /// Parses a line typed at the `play` prompt: the ply to play now and
    /// any plies typed with it, which the same side plays next (each
    /// checked again when its turn comes). The default reads one ply with
    /// [`TerminalGame::parse_move`].
    fn parse_plies(&self, text: &str) -> std::result::Result<Vec<Self::Move>, String> {
        self.parse_move(text).map(|m| vec![m])
    }
    /// A move in the notation of this position's game and variant (e.g.
    /// the point names of its board). Only the game's setup counts, so a
    /// later move of the same game, e.g. of a principal variation, is
    /// named right too.
    fn move_text(&self, m: Self::Move) -> String;
    /// The name of a side, e.g. "black".
    fn side_name(side: Self::Side) -> String;
    /// The prompt for the human to move here (`> ` is added).
    fn prompt(&self) -> String {
        format!("{} to move", Self::side_name(self.side_to_move()))
    }
    /// What the loop prints when it plays a ply the human typed earlier
    /// (see [`TerminalGame::parse_plies`]).
    fn queued_text(&self, m: Self::Move) -> String {
        format!("{} plays {}", Self::side_name(self.side_to_move()), self.move_text(m))
    }
    /// Moves to show after a line that is not text, e.g. "4 or 0-8".
    fn move_examples(&self) -> &'static str {
        "4 or 0-8"
    }
    /// How the play loop names a draw by the no-progress rule.
    fn no_progress_text(&self) -> String {
        "draw by the no-progress rule".into()
    }
    /// How a finished game ended, e.g. "black wins: three in a line".
    fn result_text(&self) -> String;
    /// A short kind for a finished game's ending, e.g. `line`, `blocked`.
    fn ending_kind(&self) -> &'static str;
    /// For a finished game: 0 if the side `first` (the side that moved
    /// first) won, 1 if the other side won, `None` for a draw.
    fn winner_index(&self, first: Self::Side) -> Option<usize>;

    /// Why a position given on the command line does not belong to the
    /// game and variant chosen there (`chosen` is that game's start), or
    /// `None` when it does. The default accepts every position.
    fn variant_mismatch(&self, chosen: &Self) -> Option<String> {
        let _ = chosen;
        None
    }
}

/// The legal plies of `pos`.
fn legal_moves<G: Game>(pos: &G) -> G::Moves {
    let mut list = G::Moves::default();
    pos.legal_moves(&mut list);
    list
}

/// Who plays a side.
pub enum Seat<'a, G: Game> {
    /// Moves typed at the prompt.
    Human,
    /// A computer player.
    Ai(Box<dyn Player<G> + 'a>),
}

/// The seats of a two-player game: `sides` in the order of play, each
/// with the `--human` value that names it. The side the human chose is
/// typed at the prompt; the others get `make_ai(seed + i)`, `i` the
/// side's place in `sides`.
pub fn seats<'a, G: Game>(
    human: Human,
    sides: [(Human, G::Side); 2],
    mut make_ai: impl FnMut(u64) -> Box<dyn Player<G> + 'a>,
    seed: u64,
) -> [(G::Side, Seat<'a, G>); 2] {
    let mut seat = |name: Human, offset: u64| {
        if name == human {
            Seat::Human
        } else {
            Seat::Ai(make_ai(seed.wrapping_add(offset)))
        }
    };
    let [(first_name, first), (second_name, second)] = sides;
    [(first, seat(first_name, 0)), (second, seat(second_name, 1))]
}

/// `lapilli play`: prints `intro` (the game's lines: who moves first,
/// the notation) and how to list the moves or leave, then plays from
/// `start` at the terminal, reading the human's moves from standard
/// input, with the seats of [`seats`] (`sides` in the order of play).
///
/// # Errors
/// Input and output errors.
pub fn in_terminal<'a, G: TerminalGame>(
    args: &PlayArgs,
    start: G,
    sides: [(Human, G::Side); 2],
    make_ai: impl FnMut(u64) -> Box<dyn Player<G> + 'a>,
    intro: &str,
    out: &mut dyn Write,
) -> Result<()> {
    let mut seats = seats(args.human, sides, make_ai, args.seed);
    write!(out, "{intro}")?;
    writeln!(out, "Type `moves` for the legal moves, `quit` to leave.")?;
    let stdin = io::stdin();
    run(start, &mut seats, args.max_plies, &mut stdin.lock(), out)?;
    Ok(())
}

/// Plays from `start` until the game ends, the record adjudicates a draw
/// (threefold repetition, no progress), `max_plies` plies pass (draw) or
/// the human types `quit` or closes the input. `seats` say who plays each
/// side.
pub fn run<G, R>(
    start: G,
    seats: &mut [(G::Side, Seat<'_, G>)],
    max_plies: usize,
    input: &mut R,
    out: &mut dyn Write,
) -> io::Result<()>
where
    G: TerminalGame,
    R: BufRead,
{
    let mut record = GameRecord::new(start);
    // Plies the human typed ahead (e.g. a morris removal with its ply).
    let mut queued: VecDeque<G::Move> = VecDeque::new();
    loop {
        let pos = record.position().clone();
        writeln!(out, "\n{}position: {pos}", pos.diagram())?;
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
                writeln!(out, "game over: {}", pos.no_progress_text())?;
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
                queued.clear();
                let m = player
                    .choose_in_game(&pos, record.history())
                    .expect("an unfinished game has a legal move");
                writeln!(out, "{} ({}) plays {}", G::side_name(side), player.name(), pos.move_text(m))?;
                m
            }
            Seat::Human => match queued.pop_front().filter(|m| legal_moves(&pos).as_slice().contains(m)) {
                Some(m) => {
                    writeln!(out, "{}", pos.queued_text(m))?;
                    m
                }
                None => {
                    queued.clear();
                    let Some(plies) = read_plies(&pos, input, out)? else {
                        return Ok(());
                    };
                    queued.extend(plies.iter().skip(1));
                    plies[0]
                }
            },
        };
        record.play(m);
    }
}

/// Prompts until the human types a legal ply (and the plies typed with
/// it); `None` when the human quits or the input ends.
fn read_plies<G, R>(pos: &G, input: &mut R, out: &mut dyn Write) -> io::Result<Option<Vec<G::Move>>>
where
    G: TerminalGame,
    R: BufRead,
{
    loop {
        write!(out, "{}> ", pos.prompt())?;
        out.flush()?;
        let mut bytes = Vec::new();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            writeln!(out, "\nend of input: game abandoned")?;
            return Ok(None);
        }
        let Ok(line) = String::from_utf8(bytes) else {
            writeln!(out, "that line is not UTF-8 text; type a move such as {}", pos.move_examples())?;
            continue;
        };
        match line.trim() {
            "quit" | "exit" => {
                writeln!(out, "game abandoned")?;
                return Ok(None);
            }
            "moves" | "?" | "help" => {
                let moves: Vec<String> =
                    legal_moves(pos).as_slice().iter().map(|&m| pos.move_text(m)).collect();
                writeln!(out, "legal moves: {}", moves.join(" "))?;
            }
            text => match pos.parse_plies(text) {
                Ok(plies) if !plies.is_empty() => return Ok(Some(plies)),
                Ok(_) => writeln!(out, "{text:?} is no move (type `moves` for the legal moves)")?,
                Err(e) => writeln!(out, "{e} (type `moves` for the legal moves)")?,
            },
        }
    }
}
