//! `lapilli play`: a game in the terminal.

use crate::ai::{Ai, AiPlayer, AiSpec};
use crate::analyze::position_or_start;
use crate::error::{fail, Kind};
use crate::tablebase::{open_tables, store_dir};
use crate::Result;
use lapilli_board_graph::notation::excerpt;
use lapilli_game::{Adjudication, CheckedGame, Game, GameRecord, MoveList, TurnError};
use lapilli_registry::{GameVisitor, SideOf, TableStore, VariantDescriptor};
use lapilli_tablebase::Oracle;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The transposition table of a search AI in `play`.
const PLAY_TABLE_BYTES: usize = 16 << 20;

/// `lapilli play` with its options.
pub struct Play<'o> {
    /// The computer player.
    pub ai: AiSpec,
    /// The side the human plays, by name, or `both` or `none`.
    pub human: String,
    /// Seed of random players.
    pub seed: u64,
    /// Draw after this many plies.
    pub max_plies: usize,
    /// The longest a search AI thinks per move.
    pub time: Duration,
    /// Position text to start from, or the start.
    pub position: Option<String>,
    /// The folder of tablebases the AI consults (for `perfect`: where the
    /// solved game's tables are kept).
    pub tablebase: Option<PathBuf>,
    /// Where the game is shown.
    pub out: &'o mut dyn Write,
}

/// Tables opened from a folder, for a variant's positions.
pub type Tables<V> = Box<dyn Oracle<<V as VariantDescriptor>::Position>>;

/// The AI's players and the tables they consult: `spec`'s players for
/// `v` (its solution kept in `tablebase` or the cache folder for
/// `perfect`), and the tables of `tablebase` opened for the others.
///
/// # Errors
/// As [`Ai::new`] and [`open_tables`].
pub fn ai_and_tables<V: VariantDescriptor>(
    v: &V,
    spec: AiSpec,
    tablebase: Option<&Path>,
    quiet: bool,
) -> Result<(Ai<V>, Option<Tables<V>>)> {
    let store = TableStore { dir: store_dir(v, tablebase), ..TableStore::default() };
    let ai = Ai::new(spec, v, &store, quiet)?;
    let tables = match tablebase {
        Some(dir) if spec != AiSpec::Perfect => Some(open_tables(v, dir, "--tablebase")?),
        _ => None,
    };
    Ok((ai, tables))
}

impl GameVisitor for Play<'_> {
    type Output = Result<()>;

    /// Prints the title, who moves first, the notation and how to list the
    /// moves or leave, then plays from the start (or `--position`), reading
    /// the human's moves from standard input.
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<()> {
        let sides = v.sides();
        let humans: Vec<SideOf<V>> = match sides.iter().find(|(_, name)| *name == self.human) {
            Some(&(side, _)) => vec![side],
            None if self.human == "none" => vec![],
            None if self.human == "both" => sides.iter().map(|&(side, _)| side).collect(),
            None => {
                let names: Vec<&str> = sides.iter().map(|(_, n)| *n).collect();
                return fail(
                    Kind::Option,
                    format!(
                        "--human {:?}: {} has the sides {}; give one of them, both or none",
                        excerpt(&self.human),
                        v.name(),
                        names.join(" and ")
                    ),
                );
            }
        };
        let start = position_or_start(&v, self.position.as_deref())?;
        let (ai, tables) = ai_and_tables(&v, self.ai, self.tablebase.as_deref(), false)?;
        let mut seats: Vec<(SideOf<V>, Seat<'_, V>)> = Vec::new();
        for (&(side, _), i) in sides.iter().zip(0u64..) {
            let seat = if humans.contains(&side) {
                Seat::Human
            } else {
                let seed = self.seed.wrapping_add(i);
                Seat::Ai(ai.player(seed, Some(self.time), PLAY_TABLE_BYTES, tables.as_deref())?)
            };
            seats.push((side, seat));
        }
        let first = capitalised(sides[0].1);
        writeln!(self.out, "{}. {first} moves first.\n{}", v.title(), v.notation())?;
        writeln!(self.out, "Type `moves` for the legal moves, `quit` to leave.")?;
        let stdin = io::stdin();
        run(&v, start, &mut seats, self.max_plies, &mut stdin.lock(), self.out)?;
        Ok(())
    }
}

/// `name` with its first letter in upper case.
pub fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Who plays a side.
pub enum Seat<'a, V: VariantDescriptor> {
    /// Moves typed at the prompt.
    Human,
    /// A computer player.
    Ai(AiPlayer<'a, V>),
}

/// Why a game is over, in words: the result of the rules or the draw rule
/// that ended it.
pub fn game_over_text<V: VariantDescriptor>(v: &V, pos: &V::Position, status: Adjudication) -> String {
    lapilli_registry::ending_text(v, pos, status)
}

/// Plays from `start` until the game ends, the record adjudicates a draw
/// (threefold repetition, no progress), `max_plies` plies pass (draw) or
/// the human types `quit` or closes the input. `seats` say who plays each
/// side.
pub fn run<V, R>(
    v: &V,
    start: V::Position,
    seats: &mut [(SideOf<V>, Seat<'_, V>)],
    max_plies: usize,
    input: &mut R,
    out: &mut dyn Write,
) -> io::Result<()>
where
    V: VariantDescriptor,
    R: BufRead,
{
    let reversible_before = start.no_progress_count();
    let mut record = GameRecord::new(start, reversible_before);
    // Plies the human typed ahead (e.g. a morris removal with its ply).
    let mut queued: VecDeque<<V::Position as Game>::Move> = VecDeque::new();
    loop {
        let pos = record.position().clone();
        writeln!(out, "\n{}position: {pos}", v.diagram(&pos, record.moves().last().copied()))?;
        if let Some(status) = record.status() {
            writeln!(out, "game over: {}", game_over_text(v, &pos, status))?;
            return Ok(());
        }
        if record.moves().len() >= max_plies {
            writeln!(out, "game over: draw after {} (--max-plies)", crate::report::plies(max_plies as u64))?;
            return Ok(());
        }
        let side = pos.side_to_move();
        let seat = &mut seats.iter_mut().find(|(s, _)| *s == side).expect("every side has a seat").1;
        let m = match seat {
            Seat::Ai(player) => {
                queued.clear();
                let name = v.side_name(side);
                if let Some(time) = player.time_limit() {
                    // Show that the AI is thinking before it thinks.
                    let ai = player.name();
                    writeln!(out, "{name} ({ai}) is thinking, for at most {:.1} s...", time.as_secs_f64())?;
                    out.flush()?;
                }
                let (m, thought) =
                    player.choose(&pos, record.history()).expect("an unfinished game has a legal move");
                match thought {
                    Some(t) => writeln!(out, "{name} plays {} ({t})", pos.move_text(m))?,
                    None => writeln!(out, "{name} ({}) plays {}", player.name(), pos.move_text(m))?,
                }
                m
            }
            Seat::Human => match queued.pop_front().filter(|&m| pos.is_legal(m)) {
                Some(m) => {
                    writeln!(out, "{} plays {}", v.side_name(side), pos.move_text(m))?;
                    m
                }
                None => {
                    queued.clear();
                    let Some(plies) = read_plies(v, &pos, input, out)? else {
                        return Ok(());
                    };
                    queued.extend(plies.iter().skip(1));
                    plies[0]
                }
            },
        };
        record.play(m).expect("the ply was checked in this position");
    }
}

/// Reads `text` as the plies the side to move plays in a row
/// ([`CheckedGame::parse_plies`]), each checked in the position the
/// previous ones lead to.
///
/// # Errors
/// The text in words: unreadable, an illegal ply, or a ply after the turn
/// passed.
pub fn checked_plies<G: CheckedGame>(pos: &G, text: &str) -> std::result::Result<Vec<G::Move>, String> {
    pos.parse_turn(text).map_err(|e| match e {
        TurnError::Unreadable(e) => format!("cannot read {:?}: {e}", excerpt(text)),
        e => e.to_string(),
    })
}

/// Prompts until the human types a legal ply (and the plies typed with
/// it); `None` when the human quits or the input ends.
fn read_plies<V, R>(
    v: &V,
    pos: &V::Position,
    input: &mut R,
    out: &mut dyn Write,
) -> io::Result<Option<Vec<<V::Position as Game>::Move>>>
where
    V: VariantDescriptor,
    R: BufRead,
{
    let mut legal = <V::Position as Game>::Moves::default();
    pos.legal_moves(&mut legal);
    let moves: Vec<String> = legal.as_slice().iter().map(|&m| pos.move_text(m)).collect();
    loop {
        write!(out, "{}> ", v.prompt(pos))?;
        out.flush()?;
        let mut bytes = Vec::new();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            writeln!(out, "\nend of input: game abandoned")?;
            return Ok(None);
        }
        let Ok(line) = String::from_utf8(bytes) else {
            let example = moves.first().map_or("", String::as_str);
            writeln!(out, "that line is not UTF-8 text; type a move such as {example}")?;
            continue;
        };
        match line.trim() {
            "quit" | "exit" => {
                writeln!(out, "game abandoned")?;
                return Ok(None);
            }
            "moves" | "?" | "help" => writeln!(out, "legal moves: {}", moves.join(" "))?,
            text => match checked_plies(pos, text) {
                Ok(plies) if !plies.is_empty() => return Ok(Some(plies)),
                Ok(_) => writeln!(out, "{:?} is no move (type `moves` for the legal moves)", excerpt(text))?,
                Err(e) => writeln!(out, "{e} (type `moves` for the legal moves)")?,
            },
        }
    }
}
