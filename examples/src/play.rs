//! A game in the terminal, for any game that can draw itself.

use lapilli_search::{Game, History, MoveList, Player};
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
}

/// Who plays a side.
pub enum Seat<'a, G: Game> {
    /// Moves typed at the prompt.
    Human,
    /// A computer player.
    Ai(Box<dyn Player<G> + 'a>),
}

/// Plays from `start` until the game ends, a position occurs for the third
/// time (draw), `max_plies` plies pass (draw) or the human types `quit` or
/// closes the input. `seat` says who plays the side to move.
pub fn run<G, R, W>(
    start: G,
    seats: &mut [(G::Side, Seat<'_, G>)],
    max_plies: usize,
    input: &mut R,
    out: &mut W,
) -> io::Result<()>
where
    G: TerminalGame,
    R: BufRead,
    W: Write,
{
    let mut pos = start;
    let mut history = History::new(pos.hash());
    let mut plies = 0;
    loop {
        writeln!(out, "\n{}position: {pos}", pos.diagram())?;
        if pos.outcome().is_some() {
            writeln!(out, "game over: {}", pos.result_text())?;
            return Ok(());
        }
        if history.occurrences(pos.hash()) >= 3 {
            writeln!(out, "game over: draw by threefold repetition")?;
            return Ok(());
        }
        if plies >= max_plies {
            writeln!(out, "game over: draw after {max_plies} plies (--max-plies)")?;
            return Ok(());
        }
        let side = pos.side_to_move();
        let name = G::side_name(side);
        let seat = &mut seats
            .iter_mut()
            .find(|(s, _)| *s == side)
            .expect("every side has a seat")
            .1;
        let m = match seat {
            Seat::Ai(player) => {
                let m = player
                    .choose(&pos)
                    .expect("an unfinished game has a legal move");
                writeln!(out, "{name} ({}) plays {}", player.name(), G::move_text(m))?;
                m
            }
            Seat::Human => loop {
                write!(out, "{name} to move> ")?;
                out.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 {
                    writeln!(out, "\nend of input: game abandoned")?;
                    return Ok(());
                }
                let text = line.trim();
                match text {
                    "quit" | "exit" => {
                        writeln!(out, "game abandoned")?;
                        return Ok(());
                    }
                    "moves" | "?" | "help" => {
                        let mut list = G::Moves::default();
                        pos.legal_moves(&mut list);
                        let moves: Vec<String> =
                            list.as_slice().iter().map(|&m| G::move_text(m)).collect();
                        writeln!(out, "legal moves: {}", moves.join(" "))?;
                    }
                    _ => match pos.parse_move(text) {
                        Ok(m) => break m,
                        Err(e) => writeln!(out, "{e} (type `moves` for the legal moves)")?,
                    },
                }
            },
        };
        let irreversible = pos.is_irreversible(m);
        pos.play(m);
        history.push(pos.hash(), irreversible);
        plies += 1;
    }
}
