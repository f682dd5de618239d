//! The morris games in the game registry (`lapilli_search::registry`):
//! one name per [`Variant`] and the `no-flying` option.

use crate::eval::Heuristic;
use crate::position::{Ending, Position};
use crate::rules::{Rules, Variant};
use crate::Move;
use lapilli_board_graph::Colour;
use lapilli_search::registry::{
    self, BoardInfo, GameName, GivenOptions, Mismatch, OptionError, OptionKind, Solution, Unsolvable,
    VariantOption,
};
use lapilli_search::{CheckedGame, Game};

/// The morris family's entry in a registry: `nine-mens-morris`,
/// `six-mens-morris`, `twelve-mens-morris` and `lasker-morris`, each with
/// the option `no-flying`.
///
/// ```
/// use lapilli_morris::descriptor::Games;
/// use lapilli_search::registry::{Descriptor, GivenOptions, VariantDescriptor};
/// let six = Games.variant("six-mens-morris", &GivenOptions::default()).unwrap();
/// assert_eq!(six.board().points, 16);
/// assert!(six.solve().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Games;

/// A morris game under chosen [`Rules`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameVariant {
    /// The rules in force.
    pub rules: Rules,
}

/// The option that turns flying off.
const NO_FLYING: &str = "no-flying";

impl registry::Descriptor for Games {
    type Variant = GameVariant;

    fn games(&self) -> &'static [GameName] {
        &[
            GameName { name: "nine-mens-morris", about: "Nine Men's Morris" },
            GameName { name: "six-mens-morris", about: "Six Men's Morris (16 points, 6 pieces, no flying)" },
            GameName { name: "twelve-mens-morris", about: "Twelve Men's Morris (diagonals, 12 pieces)" },
            GameName { name: "lasker-morris", about: "Lasker Morris (10 pieces, place or slide)" },
        ]
    }

    fn options(&self) -> &'static [VariantOption] {
        &[VariantOption {
            name: NO_FLYING,
            help: "no flying when a side is down to three pieces",
            kind: OptionKind::Flag,
        }]
    }

    fn position_format(&self) -> &'static str {
        "the three squares in groups of 8 points (W, B or .), the side to move, the pieces in hand of \
         White and Black, x if a removal is pending (else -), then optionally the no-progress count, \
         the variant and no-flying; the start is \"......../......../........ w 9 9 -\""
    }

    fn variant(&self, name: &str, options: &GivenOptions) -> Result<GameVariant, OptionError> {
        let variant = Variant::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .ok_or_else(|| OptionError::UnknownGame(name.into()))?;
        let rules = Rules::new(variant);
        Ok(GameVariant { rules: if options.flag(NO_FLYING) { rules.no_flying() } else { rules } })
    }
}

/// A variant and its flying rule in words.
fn rules_text(rules: Rules) -> String {
    let flying = if rules.flying { "flying with three pieces" } else { "no flying" };
    format!("{} ({flying})", rules.variant)
}

/// One side's state in words: `white: 7 in hand, 2 on board (placing)`.
fn side_status(pos: &Position, c: Colour) -> String {
    format!("{c}: {} in hand, {} on board ({})", pos.in_hand(c), pos.on_board(c), pos.phase(c))
}

impl registry::VariantDescriptor for GameVariant {
    type Position = Position;
    type Heuristic = Heuristic;

    fn name(&self) -> &'static str {
        self.rules.variant.name()
    }

    fn title(&self) -> String {
        let flying = if self.rules.flying { "flying with three pieces" } else { "no flying" };
        format!("{} ({} pieces each, {flying})", self.rules.variant, self.rules.variant.pieces())
    }

    fn rules_text(&self) -> String {
        rules_text(self.rules)
    }

    fn notation(&self) -> String {
        "A placement is a point (d7, or its index 1), a slide or flight from-to (a1-a4), a removal after a \
         mill x and a point (xg7); a ply and its removal may be written together (g4-g7xb6)."
            .into()
    }

    fn start(&self) -> Position {
        Position::start(self.rules)
    }

    fn sides(&self) -> [(Colour, &'static str); 2] {
        [(Colour::White, "white"), (Colour::Black, "black")]
    }

    fn mismatch(&self, pos: &Position) -> Option<Mismatch> {
        (pos.rules() != self.rules)
            .then(|| Mismatch { position: rules_text(pos.rules()), chosen: rules_text(self.rules) })
    }

    fn heuristic(&self) -> Heuristic {
        Heuristic::default()
    }

    /// The board, then each side's pieces in hand and on the board and its
    /// phase.
    fn diagram(&self, pos: &Position, _last: Option<Move>) -> String {
        format!("{}{}; {}\n", pos.diagram(), side_status(pos, Colour::White), side_status(pos, Colour::Black))
    }

    fn board(&self) -> BoardInfo {
        let variant = self.rules.variant;
        let board = variant.board();
        let group = variant.group();
        BoardInfo {
            description: match variant.points() {
                16 => "two nested squares, points named a1..e5 (files a..e, ranks 1..5)".into(),
                _ => "three nested squares, points named a1..g7 (files a..g, ranks 1..7)".into(),
            },
            point_names: variant.point_names().iter().map(|n| n.to_string()).collect(),
            points: board.point_count(),
            edges: board.edge_count(),
            lines: board.lines().iter().map(|l| l.iter().map(|p| p.index()).collect()).collect(),
            automorphisms: group.len(),
            group_origin: "found by search over relabellings that preserve the lines".into(),
            orbits: group.point_orbits().iter().map(|o| o.iter().map(|p| p.index()).collect()).collect(),
        }
    }

    fn solve(&self) -> Result<Solution<Position>, Unsolvable> {
        Err(Unsolvable {
            reason: "the morris games are not solved here: their state spaces are far too large for the \
                     in-memory retrograde solver"
                .into(),
        })
    }

    /// The removal owed after a mill, or the side to move and its phase.
    fn prompt(&self, pos: &Position) -> String {
        let side = pos.side_to_move();
        if pos.pending_removal() {
            let example =
                pos.removable().first_point().map(|p| format!(" (e.g. {})", pos.move_text(Move::Remove(p))));
            format!("{side} closed a mill: remove a {} piece{}", side.opponent(), example.unwrap_or_default())
        } else {
            format!("{side} to move ({})", pos.phase(side))
        }
    }

    /// The rules crate's bulk count.
    fn perft(&self, pos: &Position, depth: u32) -> u64 {
        crate::perft(pos, depth)
    }

    /// The winner and why the loser lost, named.
    fn result_text(&self, pos: &Position) -> String {
        let loser = pos.side_to_move();
        match pos.ending() {
            Some(Ending::Reduction) => format!("{} wins: {loser} is down to two pieces", loser.opponent()),
            Some(Ending::Blocked) => format!("{} wins: {loser} cannot move", loser.opponent()),
            Some(Ending::FullBoard) => "draw: the placements filled the board".into(),
            None if pos.outcome().is_some() => "draw".into(),
            None => "the game goes on".into(),
        }
    }
}
