//! A game in the terminal, for any game that can draw itself.

use lapilli_search::{Adjudication, Game, GameRecord, MoveList, Player};
use std::fmt::Display;
use std::io::{self, BufRead, Write};

/// What the terminal loop needs from a game beyond [`Game`].
pub trait TerminalGame: Game + Display {
    /// The board drawn over several lines.
    fn diagram(&self) -> String;
    /// Parses a typed move and checks it is legal here; the error says
    /// what is wrong.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
    /// A move in the game's notation.
    fn move_text(m: Self::Move) -> String;
    /// The name of a side, e.g. "black".
    fn side_name(side: Self::Side) -> String;
    /// How a finished game ended, e.g. "black wins: three in a line".
    fn result_text(&self) -> String;
    /// A short kind for a finished game's ending, e.g. `line`, `blocked`.
    fn ending_kind(&self) -> &'static str;
    /// For a finished game: 0 if the side `first` (the side that moved
    /// first) won, 1 if the other side won, `None` for a draw.
    fn winner_index(&self, first: Self::Side) -> Option<usize>;
}

/// Who plays a side.
pub enum Seat<'a, G: Game> {
    /// Moves typed at the prompt.
    Human,
    /// A computer player.
    Ai(Box<dyn Player<G> + 'a>),
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
                writeln!(out, "game over: draw by the no-progress rule")?;
                return Ok(());
            }
            None => {}
        }
        if record.moves().len() >= max_plies {
            writeln!(out, "game over: draw after {max_plies} plies (--max-plies)")?;
            return Ok(());
        }
        let side = pos.side_to_move();
        let name = G::side_name(side);
        let seat = &mut seats.iter_mut().find(|(s, _)| *s == side).expect("every side has a seat").1;
        let m = match seat {
            Seat::Ai(player) => {
                let m = player.choose(&pos).expect("an unfinished game has a legal move");
                writeln!(out, "{name} ({}) plays {}", player.name(), G::move_text(m))?;
                m
            }
            Seat::Human => loop {
                write!(out, "{name} to move> ")?;
                out.flush()?;
                let mut bytes = Vec::new();
                if input.read_until(b'\n', &mut bytes)? == 0 {
                    writeln!(out, "\nend of input: game abandoned")?;
                    return Ok(());
                }
                let Ok(line) = String::from_utf8(bytes) else {
                    writeln!(out, "that line is not UTF-8 text; type a move such as 4 or 0-8")?;
                    continue;
                };
                let text = line.trim();
                match text {
                    "quit" | "exit" => {
                        writeln!(out, "game abandoned")?;
                        return Ok(());
                    }
                    "moves" | "?" | "help" => {
                        let mut list = G::Moves::default();
                        pos.legal_moves(&mut list);
                        let moves: Vec<String> = list.as_slice().iter().map(|&m| G::move_text(m)).collect();
                        writeln!(out, "legal moves: {}", moves.join(" "))?;
                    }
                    _ => match pos.parse_move(text) {
                        Ok(m) => break m,
                        Err(e) => writeln!(out, "{e} (type `moves` for the legal moves)")?,
                    },
                }
            },
        };
        record.play(m);
    }
}
