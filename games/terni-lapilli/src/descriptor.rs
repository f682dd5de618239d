//! Terni Lapilli in the game registry (`lapilli_search::registry`): its
//! name, its one option and the strong solution.

use crate::eval::Heuristic;
use crate::position::Position;
use crate::rules::Rules;
use crate::{solution, Move};
use lapilli_board_graph::{wheel, Colour};
use lapilli_search::registry::{
    self, BoardInfo, GameName, GivenOptions, Mismatch, OptionError, OptionKind, Solution, Unsolvable,
    VariantOption,
};

/// Terni Lapilli's entry in a registry: the game `terni-lapilli` and its
/// option `no-centre-first`.
///
/// ```
/// use lapilli_search::registry::{Descriptor, GivenOptions, VariantDescriptor};
/// use lapilli_terni_lapilli::descriptor::Games;
/// let chosen = Games.variant("terni-lapilli", &GivenOptions::default().with_flag("no-centre-first")).unwrap();
/// assert_eq!(chosen.start().to_string(), "......... b no-centre-first");
/// let report = chosen.solve().unwrap().report().clone();
/// assert_eq!((report.reachable.total, report.orbits), (5221, 366));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Games;

/// Terni Lapilli under chosen [`Rules`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameVariant {
    /// The rules in force.
    pub rules: Rules,
}

/// The option that forbids the centre on the first placement.
const NO_CENTRE_FIRST: &str = "no-centre-first";

impl registry::Descriptor for Games {
    type Variant = GameVariant;

    fn games(&self) -> &'static [GameName] {
        &[GameName { name: "terni-lapilli", about: "Terni Lapilli on the wheel board (solved)" }]
    }

    fn options(&self) -> &'static [VariantOption] {
        &[VariantOption {
            name: NO_CENTRE_FIRST,
            help: "forbid the centre on Black's first placement",
            kind: OptionKind::Flag,
        }]
    }

    fn position_format(&self) -> &'static str {
        "nine characters for points 0-8 (B, W or .), the side to move (b or w), then no-centre-first \
         under that rule; the start is \"......... b\""
    }

    fn variant(&self, _name: &str, options: &GivenOptions) -> Result<GameVariant, OptionError> {
        Ok(GameVariant { rules: Rules { centre_first: !options.flag(NO_CENTRE_FIRST) } })
    }
}

/// The rules in words.
fn rules_text(rules: Rules) -> &'static str {
    if rules.centre_first {
        "centre allowed on the first placement"
    } else {
        "centre forbidden on the first placement (no-centre-first)"
    }
}

impl registry::VariantDescriptor for GameVariant {
    type Position = Position;
    type Heuristic = Heuristic;

    fn name(&self) -> &'static str {
        "terni-lapilli"
    }

    fn title(&self) -> String {
        format!("Terni Lapilli, {}", rules_text(self.rules))
    }

    fn rules_text(&self) -> String {
        rules_text(self.rules).into()
    }

    fn notation(&self) -> String {
        "Place with a point number (0-7 round the ring, 8 or c the centre); move with from-to, e.g. 0-8."
            .into()
    }

    fn start(&self) -> Position {
        Position::start(self.rules)
    }

    fn sides(&self) -> [(Colour, &'static str); 2] {
        [(Colour::Black, "black"), (Colour::White, "white")]
    }

    fn mismatch(&self, pos: &Position) -> Option<Mismatch> {
        (pos.rules() != self.rules).then(|| Mismatch {
            position: format!("under the rules with the {}", rules_text(pos.rules())),
            chosen: format!("the rules with the {}", rules_text(self.rules)),
        })
    }

    fn heuristic(&self) -> Heuristic {
        Heuristic
    }

    fn diagram(&self, pos: &Position, _last: Option<Move>) -> String {
        pos.diagram()
    }

    fn board(&self) -> BoardInfo {
        let board = wheel::wheel();
        let group = self.rules.group();
        BoardInfo {
            description: "the wheel board (8 ring points 0-7 and the centre 8)".into(),
            point_names: Vec::new(),
            points: board.point_count(),
            edges: board.edge_count(),
            lines: board.lines().iter().map(|l| l.iter().map(|p| p.index()).collect()).collect(),
            automorphisms: group.len(),
            group_origin: "found by search over relabellings that preserve the lines".into(),
            orbits: group.point_orbits().iter().map(|o| o.iter().map(|p| p.index()).collect()).collect(),
        }
    }

    /// The reduced solve of [`solution::solve`], with the positions of the
    /// moving phase (all six pieces placed) counted apart.
    fn solve(&self) -> Result<Solution<Position>, Unsolvable> {
        let moving: fn(&Position) -> bool = |p| p.piece_count() == 6;
        let start = self.start();
        Ok(Solution::new(solution::solve(self.rules), &start, self.rules.group().len(), Some(moving)))
    }
}
