//! The morris commands: Nine Men's Morris and its relatives.

use crate::ai::{self, AiSpec};
use crate::analyze;
use crate::commands::{self, AnalyzeArgs, Commands, PerftArgs, PlayArgs, Result, SelfplayArgs};
use crate::perft;
use crate::play::{self, TerminalGame};
use crate::selfplay;
use crate::{GameName, Human, VariantArgs};
use lapilli_morris::eval::Evaluation;
use lapilli_morris::{Colour, Ending, Move, Position, Rules, Variant};
use lapilli_search::Player;
use std::io::Write;

/// Why morris has no `--ai perfect` (see [`ai::refuse_perfect`]).
const NO_PERFECT: &str = "a solved game, and the morris games are not solved here";

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

fn make_player(spec: AiSpec, seed: u64) -> Box<dyn Player<Position>> {
    ai::player(spec, seed, Evaluation::default())
}

/// One side's state in words: `white: 7 in hand, 2 on board (placing)`.
fn side_status(pos: &Position, c: Colour) -> String {
    format!("{c}: {} in hand, {} on board ({})", pos.in_hand(c), pos.on_board(c), pos.phase(c))
}

/// A variant and its flying rule in words.
fn rules_text(rules: lapilli_morris::Rules) -> String {
    let flying = if rules.flying { "flying with three pieces" } else { "no flying" };
    format!("{} ({flying})", rules.variant)
}

impl TerminalGame for Position {
    fn variant_mismatch(&self, chosen: &Position) -> Option<String> {
        (self.rules() != chosen.rules()).then(|| {
            format!(
                "the position is {} but the command chose {}",
                rules_text(self.rules()),
                rules_text(chosen.rules())
            )
        })
    }

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
                let shown = self.move_text(*m);
                self.check(*m).map_err(|e| format!("illegal move {shown}: {e}"))?;
                Ok(*m)
            }
            _ => Err(format!("{text:?} is a ply and its removal: give them as two moves, e.g. `g4-g7 xb6`")),
        }
    }

    /// A ply and the removal typed with it (`g4-g7xb6`), the removal
    /// checked in the position after the ply; or one ply.
    fn parse_plies(&self, typed: &str) -> std::result::Result<Vec<Move>, String> {
        let plies = self.variant().parse_plies(typed).map_err(|e| format!("cannot read {typed:?}: {e}"))?;
        let first = plies[0];
        self.check(first).map_err(|e| format!("illegal move {}: {e}", self.move_text(first)))?;
        let Some(&removal) = plies.get(1) else {
            return Ok(vec![first]);
        };
        let mut after = *self;
        after.play_unchecked(first);
        if !after.pending_removal() {
            return Err(format!("{} closes no mill, so there is nothing to remove", self.move_text(first)));
        }
        after.check(removal).map_err(|e| format!("illegal removal {}: {e}", after.move_text(removal)))?;
        Ok(vec![first, removal])
    }

    fn move_text(&self, m: Move) -> String {
        self.variant().move_text(m)
    }

    /// The removal prompt after a mill, or the side and its phase.
    fn prompt(&self) -> String {
        let side = self.side_to_move();
        if self.pending_removal() {
            let r = self.removable().first_point().expect("a removable piece");
            format!(
                "{side} closed a mill: remove a {} piece (e.g. x{})",
                side.opponent(),
                self.variant().point_names()[r.index()]
            )
        } else {
            format!("{side} to move ({})", self.phase(side))
        }
    }

    fn queued_text(&self, m: Move) -> String {
        format!("{} removes {}", self.side_to_move(), self.move_text(m))
    }

    fn move_examples(&self) -> &'static str {
        "d7 or a1-a4"
    }

    fn no_progress_text(&self) -> String {
        "draw by the no-progress rule (100 plies without a placement or removal)".into()
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

impl Commands for Morris {
    fn solve(&self, _json: bool, _out: &mut dyn Write) -> Result<()> {
        Err(format!(
            "solve {}: the morris games are not solved here; try `analyze` or `perft`",
            self.rules.variant
        )
        .into())
    }

    fn play(&self, args: &PlayArgs, out: &mut dyn Write) -> Result<()> {
        ai::refuse_perfect(args.ai, NO_PERFECT)?;
        let intro = format!(
            "{}. White moves first.\n\
             Type a point to place (d7, or its index 1), from-to to slide or fly (a1-a4), x and a point to \
             remove after a mill (xg7), or a ply and its removal together (g4-g7xb6).\n",
            self.title()
        );
        let sides = [(Human::White, Colour::White), (Human::Black, Colour::Black)];
        play::in_terminal(args, self.start(), sides, |seed| make_player(args.ai, seed), &intro, out)
    }

    fn info(&self, json: bool, out: &mut dyn Write) -> Result<()> {
        let variant = self.rules.variant;
        let names: Vec<String> =
            variant.point_names().iter().enumerate().map(|(i, n)| format!("{i}={n}")).collect();
        let heading = format!(
            "{}\n{}\npoint names: {}\n",
            self.title(),
            Position::diagram(&self.start()),
            names.join(" ")
        );
        let footer = format!("start: {}\n", self.start());
        commands::board_info(variant.name(), &variant.board(), variant.group(), &heading, &footer, json, out)
    }

    fn perft(&self, args: &PerftArgs, out: &mut dyn Write) -> Result<()> {
        let pos = commands::checked_position(args.position.as_deref(), self.start())?;
        // The rules crate's perft (bulk counting with popcounts) unless
        // the count per root move is asked for.
        perft::run_counting(&pos, args, lapilli_morris::perft, out)
    }

    fn analyze(&self, args: &AnalyzeArgs, out: &mut dyn Write) -> Result<()> {
        analyze::command(self.start(), args, &Evaluation::default(), out)
    }

    fn selfplay(&self, args: &SelfplayArgs, out: &mut dyn Write) -> Result<()> {
        ai::refuse_perfect(args.ai, NO_PERFECT)?;
        let make = |seed| make_player(args.ai, seed);
        selfplay::run(&self.start(), Colour::White, args, make, out)
    }
}
