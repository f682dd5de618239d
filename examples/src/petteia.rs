//! The petteia commands: Petteia and Ludus Latrunculorum (the Dux variant).

use crate::ai::{self, AiSpec};
use crate::analyze;
use crate::commands::{AnalyzeArgs, Commands, PerftArgs, PlayArgs, Result, SelfplayArgs};
use crate::perft;
use crate::play::{self, TerminalGame};
use crate::report::InfoJson;
use crate::selfplay;
use crate::{GameName, Human, VariantArgs};
use lapilli_petteia::eval::Heuristic;
use lapilli_petteia::{parse_size, Colour, Ending, Move, Position, Setup, Variant};
use lapilli_search::Player;
use std::io::Write;

/// Why petteia has no `--ai perfect` (see [`ai::refuse_perfect`]).
const NO_PERFECT: &str = "a tablebase, and petteia is far too large to solve here";

/// The commands of a petteia game under the variant options: `petteia`
/// takes `--variant standard|dux` (default standard), `latrunculi` is
/// petteia with the Dux; both take `--size WxH` (default 8x8).
///
/// # Errors
/// An unknown variant, `latrunculi --variant standard`, or a bad size.
pub fn commands(name: GameName, variant: &VariantArgs) -> Result<Box<dyn Commands>> {
    let latrunculi = name == GameName::Latrunculi;
    let chosen = match &variant.variant {
        Some(text) => text.parse::<Variant>().map_err(|e| format!("--variant: {e}"))?,
        None if latrunculi => Variant::Dux,
        None => Variant::Standard,
    };
    if latrunculi && chosen == Variant::Standard {
        return Err("latrunculi is petteia with the Dux: use `petteia` for the standard game".into());
    }
    let mut setup = Setup::new(chosen);
    if let Some(size) = &variant.size {
        let (w, h) = parse_size(size).map_err(|e| format!("--size: {e}"))?;
        setup = setup.size(w, h).map_err(|e| format!("--size: {e}"))?;
    }
    Ok(Box::new(Petteia { setup, game: if latrunculi { "latrunculi" } else { "petteia" } }))
}

/// Petteia under a setup.
pub struct Petteia {
    /// Size, variant and rules.
    pub setup: Setup,
    /// The name the game was called by.
    pub game: &'static str,
}

impl Petteia {
    fn title(&self) -> String {
        let name = match self.setup.variant {
            Variant::Standard => "Petteia",
            Variant::Dux => "Ludus Latrunculorum (Petteia with the Dux)",
        };
        format!("{name} on {}x{}", self.setup.width(), self.setup.height())
    }
}

impl TerminalGame for Position {
    fn variant_mismatch(&self, chosen: &Position) -> Option<String> {
        let size = |p: &Position| format!("{}x{}", p.width(), p.height());
        let has_dux = |p: &Position| p.dux(Colour::White).is_some() || p.dux(Colour::Black).is_some();
        if size(self) != size(chosen) {
            Some(format!("the position is on a {} board but the command chose {}", size(self), size(chosen)))
        } else if has_dux(self) != has_dux(chosen) {
            let with = |d: bool| if d { "with the Dux" } else { "without a Dux" };
            Some(format!(
                "the position is {} but the command chose the game {} (--variant, latrunculi)",
                with(has_dux(self)),
                with(has_dux(chosen))
            ))
        } else if self.rules() != chosen.rules() {
            Some("the position's rule options (anvil, corners, no-progress) differ from the command's".into())
        } else {
            None
        }
    }

    fn diagram(&self) -> String {
        Position::diagram(self)
    }

    fn parse_move(&self, text: &str) -> std::result::Result<Move, String> {
        Position::parse_move(self, text).map_err(|e| e.to_string())
    }

    fn move_text(&self, m: Move) -> String {
        m.to_string()
    }

    fn side_name(side: Colour) -> String {
        side.to_string()
    }

    fn result_text(&self) -> String {
        let loser = self.side_to_move();
        match self.ending() {
            Some(Ending::Reduction) => {
                format!("{} wins: {loser} is down to {} piece(s)", loser.opponent(), self.piece_count(loser))
            }
            Some(Ending::Blocked) => format!("{} wins: {loser} cannot move", loser.opponent()),
            None => "draw".into(),
        }
    }

    fn ending_kind(&self) -> &'static str {
        match self.ending() {
            Some(Ending::Reduction) => "reduction",
            Some(Ending::Blocked) => "blocked",
            None => "draw",
        }
    }

    fn winner_index(&self, first: Colour) -> Option<usize> {
        self.winner().map(|w| usize::from(w != first))
    }
}

fn make_player(spec: AiSpec, seed: u64) -> Box<dyn Player<Position>> {
    ai::player(spec, seed, Heuristic::default())
}

impl Commands for Petteia {
    fn solve(&self, _json: bool, _out: &mut dyn Write) -> Result<()> {
        Err(format!(
            "{} cannot be solved here: the game tree is far too large for retrograde analysis \
             (perft(4) from the 8x8 start of Petteia alone is 1,446,216); use analyze, perft or selfplay",
            self.game
        )
        .into())
    }

    fn play(&self, args: &PlayArgs, out: &mut dyn Write) -> Result<()> {
        ai::refuse_perfect(args.ai, NO_PERFECT)?;
        let intro = format!(
            "{}. White moves first.\n\
             Move a piece like a rook with from-to, e.g. a2-a5; captures may be added (a2-a5xb5) and are checked.\n\
             M/m are White's/Black's men, D/d the Duxes; [ ] marks the piece just moved, x a piece just captured.\n",
            self.title()
        );
        let sides = [(Human::White, Colour::White), (Human::Black, Colour::Black)];
        play::in_terminal(args, self.setup.start(), sides, |seed| make_player(args.ai, seed), &intro, out)
    }

    fn info(&self, json: bool, out: &mut dyn Write) -> Result<()> {
        let start = self.setup.start();
        let grid = start.grid();
        let (w, h) = (grid.width(), grid.height());
        let group = start.group();
        let line_list = grid.lines();
        let edges = 2 * w * h - w - h;
        let orbits: Vec<Vec<usize>> = if group.elements()[0].len() == grid.point_count() {
            group.point_orbits().iter().map(|o| o.iter().map(|p| p.index()).collect()).collect()
        } else {
            (0..grid.point_count()).map(|p| vec![p]).collect()
        };
        if let Ok(board) = grid.board() {
            assert_eq!((board.edge_count(), board.line_count()), (edges, line_list.len()));
        }
        if json {
            let report = InfoJson {
                game: self.game,
                points: grid.point_count(),
                edges,
                lines: line_list.len(),
                automorphisms: group.len(),
                orbits,
                line_list,
            };
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        writeln!(out, "{}: a grid, rows and columns as lines (squares numbered from a1 = 0)", self.title())?;
        writeln!(out, "{}", start.diagram())?;
        writeln!(out, "start: {start}")?;
        writeln!(out, "points: {}", grid.point_count())?;
        writeln!(out, "edges: {edges}")?;
        writeln!(out, "lines: {} ({h} rows, {w} columns)", line_list.len())?;
        if grid.point_count() <= 64 {
            writeln!(
                out,
                "automorphisms: {} (found by search over relabellings that preserve the lines)",
                group.len()
            )?;
        } else {
            writeln!(
                out,
                "automorphisms: only the identity is used: permutations cover at most 64 points, this board has {}",
                grid.point_count()
            )?;
        }
        writeln!(out, "point orbits: {}", orbits.len())?;
        Ok(())
    }

    fn perft(&self, args: &PerftArgs, out: &mut dyn Write) -> Result<()> {
        perft::command(self.setup.start(), args, out)
    }

    fn analyze(&self, args: &AnalyzeArgs, out: &mut dyn Write) -> Result<()> {
        analyze::command(self.setup.start(), args, &Heuristic::default(), out)
    }

    fn selfplay(&self, args: &SelfplayArgs, out: &mut dyn Write) -> Result<()> {
        ai::refuse_perfect(args.ai, NO_PERFECT)?;
        let make = |seed| make_player(args.ai, seed);
        selfplay::run(&self.setup.start(), Colour::White, args, make, out)
    }
}
