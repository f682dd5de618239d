//! The family in the game registry (`lapilli_registry`): the names
//! of its games, their one option and their strong solutions.

use crate::eval::Heuristic;
use crate::position::Position;
use crate::rules::{BoardKind, Movement, Rules, Variant, POINTS};
use crate::{solution, Move};
use lapilli_board_graph::{Colour, Point};
use lapilli_game::CheckedGame;
use lapilli_registry as registry;
use lapilli_registry::{
    text_tail, BoardInfo, GameName, GivenOptions, Mismatch, OptionError, OptionKind, Setup, SetupError,
    SetupOffer, Solution, Unsolvable, VariantOption,
};

/// The family's entry in a registry: the games `terni-lapilli`,
/// `three-mens-morris`, `tapatan`, `nine-holes` and `achi`, and the option
/// `no-centre-first` of each.
///
/// ```
/// use lapilli_registry::{Descriptor, GivenOptions, VariantDescriptor};
/// use lapilli_terni_lapilli::descriptor::Games;
/// let chosen = Games.variant("terni-lapilli", &GivenOptions::default().with_flag("no-centre-first")).unwrap();
/// assert_eq!(chosen.start().to_string(), "......... b no-centre-first");
/// let report = chosen.solve().unwrap().report().clone();
/// assert_eq!((report.reachable.total, report.orbits), (5221, 366));
/// let achi = Games.variant("achi", &GivenOptions::default()).unwrap();
/// assert_eq!(achi.start().to_string(), "......... b achi");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Games;

/// A game of the family under chosen [`Rules`].
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
        &[
            GameName { name: "terni-lapilli", about: "Terni Lapilli on the wheel board (solved)" },
            GameName {
                name: "three-mens-morris",
                about: "Three Men's Morris: 3x3 grid, 3 pieces each, steps along rows and columns (solved)",
            },
            GameName {
                name: "tapatan",
                about: "Tapatan: 3x3 grid with diagonals, 3 pieces each, steps along the lines (solved)",
            },
            GameName {
                name: "nine-holes",
                about: "Nine Holes: 3x3 grid, 3 pieces each, a piece moves to any empty point (solved)",
            },
            GameName {
                name: "achi",
                about: "Achi: 3x3 grid with diagonals, 4 pieces each, steps along the lines (solved)",
            },
        ]
    }

    fn options(&self) -> &'static [VariantOption] {
        &[VariantOption {
            name: NO_CENTRE_FIRST,
            help: "forbid the centre on Black's first placement",
            kind: OptionKind::Flag,
        }]
    }

    fn position_format(&self) -> &'static str {
        "nine characters for points 0-8 (B, W or .; on the 3x3 boards a1 b1 c1 a2 b2 c2 a3 b3 c3), the \
         side to move (b or w), the game's name unless terni-lapilli, then no-centre-first under that \
         rule; the start is \"......... b\", tapatan's \"......... b tapatan\""
    }

    /// The game `name` names, with the centre-first option.
    ///
    /// # Errors
    /// [`OptionError::UnknownGame`] for a name that is none of
    /// [`registry::Descriptor::games`] (the registry asks only for those).
    fn variant(&self, name: &str, options: &GivenOptions) -> Result<GameVariant, OptionError> {
        let variant: Variant = name.parse().map_err(|_| OptionError::UnknownGame(name.into()))?;
        let rules = Rules::new(variant);
        Ok(GameVariant { rules: if options.flag(NO_CENTRE_FIRST) { rules.no_centre_first() } else { rules } })
    }
}

/// The centre-first rule in words.
fn centre_text(rules: Rules) -> &'static str {
    if rules.centre_first {
        "centre allowed on the first placement"
    } else {
        "centre forbidden on the first placement (no-centre-first)"
    }
}

/// The rules in words: the game's name, board, pieces and movement, then
/// the centre-first rule.
fn rules_text(rules: Rules) -> String {
    let v = rules.variant;
    let board = match v.board_kind() {
        BoardKind::Wheel => "the wheel",
        BoardKind::Grid => "3x3 grid, rows and columns",
        BoardKind::DiagonalGrid => "3x3 grid with both diagonals",
    };
    let moves = match v.movement() {
        Movement::Step => "steps along the lines",
        Movement::Anywhere => "moves to any empty point",
    };
    format!("{v}: {board}, {} pieces each, {moves}; {}", v.pieces(), centre_text(rules))
}

impl registry::VariantDescriptor for GameVariant {
    type Position = Position;
    type Heuristic = Heuristic;

    fn given_options(&self) -> GivenOptions {
        if self.rules.centre_first {
            GivenOptions::default()
        } else {
            GivenOptions::default().with_flag(NO_CENTRE_FIRST)
        }
    }

    fn name(&self) -> &'static str {
        self.rules.variant.name()
    }

    fn title(&self) -> String {
        let v = self.rules.variant;
        if v == Variant::default() {
            return format!("{}, {}", v.title(), centre_text(self.rules));
        }
        let board = if v.board_kind() == BoardKind::Grid { "3x3 grid" } else { "3x3 grid with diagonals" };
        let moves = match v.movement() {
            Movement::Step => "stepping along the lines",
            Movement::Anywhere => "moving to any empty point",
        };
        format!("{} ({board}, {} pieces each, {moves}), {}", v.title(), v.pieces(), centre_text(self.rules))
    }

    fn rules_text(&self) -> String {
        rules_text(self.rules)
    }

    fn notation(&self) -> String {
        let v = self.rules.variant;
        match (v.board_kind(), v.movement()) {
            (BoardKind::Wheel, _) => {
                "Place with a point number (0-7 round the ring, 8 or c the centre); move with from-to, e.g. 0-8."
                    .into()
            }
            (_, Movement::Step) => "Place with a square name (a1-c3: files a-c from the left, ranks 1-3 from \
                                    the bottom; or the number 0-8); move with from-to along a line, e.g. a1-b1."
                .into(),
            (_, Movement::Anywhere) => "Place with a square name (a1-c3: files a-c from the left, ranks 1-3 \
                                        from the bottom; or the number 0-8); move with from-to to any empty \
                                        point, e.g. a1-c3."
                .into(),
        }
    }

    fn start(&self) -> Position {
        Position::start(self.rules)
    }

    fn sides(&self) -> [(Colour, &'static str); 2] {
        [(Colour::Black, "black"), (Colour::White, "white")]
    }

    /// A position of another game, or of the other centre-first option.
    fn mismatch(&self, pos: &Position) -> Option<Mismatch> {
        let (theirs, ours) = (pos.rules(), self.rules);
        if theirs == ours {
            return None;
        }
        Some(if theirs.variant == ours.variant {
            Mismatch {
                position: format!("under the rules with the {}", centre_text(theirs)),
                chosen: format!("the rules with the {}", centre_text(ours)),
            }
        } else {
            let of = |r: Rules| format!("{} with the {}", r.variant, centre_text(r));
            Mismatch { position: of(theirs), chosen: of(ours) }
        })
    }

    fn heuristic(&self) -> Heuristic {
        Heuristic
    }

    /// The seed's line heuristic term by term ([`crate::eval::breakdown`]).
    fn evaluation_terms(&self, pos: &Position) -> Option<registry::EvalBreakdown> {
        Some(crate::eval::breakdown(pos))
    }

    fn diagram(&self, pos: &Position, _last: Option<Move>) -> String {
        pos.diagram()
    }

    fn occupants(&self, pos: &Position) -> Vec<Option<(Colour, &'static str)>> {
        (0..POINTS).map(|p| pos.piece_at(Point::new(p)).map(|c| (c, "piece"))).collect()
    }

    /// Pieces of one kind; nothing in hand (the pieces not on the board
    /// are the ones still to place, counted from the board) and no removal.
    fn setup_offer(&self) -> Option<SetupOffer> {
        Some(SetupOffer { kinds: vec!["piece"], in_hand: false, removal: false })
    }

    /// The set-up's text (`B`, `W` or `.` per point, the side to move, the
    /// rules of the start) read by the position parser.
    fn setup_position(&self, setup: &Setup) -> Result<Position, SetupError> {
        let offer = registry::VariantDescriptor::setup_offer(self).ok_or(SetupError::NotOffered)?;
        setup.check_shape(POINTS, &offer)?;
        let sides = self.sides();
        let board: String = setup
            .occupants
            .iter()
            .map(|o| match o.as_ref().map(|p| sides[p.side].0) {
                None => '.',
                Some(Colour::Black) => 'B',
                Some(Colour::White) => 'W',
            })
            .collect();
        let side = sides[setup.side_to_move].0.char();
        let text = format!("{board} {side}{}", text_tail(&self.start().to_string(), 2));
        Ok(registry::VariantDescriptor::parse_position(self, &text)?)
    }

    /// Every game of the family is solved in memory.
    fn solvable(&self) -> bool {
        true
    }

    /// The winner's three in a line, for a game won by a line: the line
    /// through the last ply's point when `moves` gives it (Achi's four
    /// pieces may stand on two lines), else the board's first.
    fn winning_line(&self, pos: &Position, moves: &[Move]) -> Option<Vec<usize>> {
        if CheckedGame::ending(pos) != Some(crate::position::Ending::Line) {
            return None;
        }
        let winner = CheckedGame::winner(pos)?;
        let last = moves.last().map(|m| match *m {
            Move::Place(p) | Move::Slide { to: p, .. } => p.index(),
        });
        let board = self.rules.variant.board_kind().board();
        let won: Vec<Vec<usize>> = board
            .lines()
            .iter()
            .filter(|l| l.iter().all(|&p| pos.piece_at(p) == Some(winner)))
            .map(|l| l.iter().map(|p| p.index()).collect())
            .collect();
        let through_last = won.iter().find(|l: &&Vec<usize>| last.is_some_and(|p| l.contains(&p)));
        through_last.or(won.first()).cloned()
    }

    fn board(&self) -> BoardInfo {
        let kind = self.rules.variant.board_kind();
        let board = kind.board();
        let group = self.rules.group();
        let description = match kind {
            BoardKind::Wheel => "the wheel board (8 ring points 0-7 and the centre 8)".into(),
            BoardKind::Grid => "the 3x3 grid of rows and columns (points a1-c3)".to_string(),
            BoardKind::DiagonalGrid => "the 3x3 grid with both diagonals drawn (points a1-c3)".to_string(),
        };
        let description = match self.rules.variant.movement() {
            Movement::Step => description,
            Movement::Anywhere => {
                format!("{description}; a piece moves to any empty point, not along the edges")
            }
        };
        BoardInfo {
            description,
            point_names: if kind.is_grid() {
                (0..POINTS).map(|p| kind.point_name(Point::new(p))).collect()
            } else {
                Vec::new()
            },
            coords: kind.coords(),
            points: board.point_count(),
            edges: board.edge_count(),
            lines: board.lines().iter().map(|l| l.iter().map(|p| p.index()).collect()).collect(),
            automorphisms: group.len(),
            group_origin: "found by search over relabellings that preserve the lines".into(),
            orbits: group.point_orbits().iter().map(|o| o.iter().map(|p| p.index()).collect()).collect(),
        }
    }

    /// The reduced solve of [`solution::solve`], with the positions of the
    /// moving phase (every piece placed) counted apart.
    fn solve(&self) -> Result<Solution<Position>, Unsolvable> {
        let moving: fn(&Position) -> bool = |p| p.piece_count() == 2 * p.rules().variant.pieces();
        let start = self.start();
        Ok(Solution::new(solution::solve(self.rules), &start, self.rules.group().len(), Some(moving)))
    }
}
