//! Petteia and Ludus Latrunculorum in the game registry
//! (`lapilli_registry`): the options `variant` and `size`.

use crate::eval::Heuristic;
use crate::position::{Ending, Piece, Position};
use crate::rules::{parse_size, Rules, Setup, Variant, NO_PROGRESS_LIMIT};
use crate::Move;
use lapilli_board_graph::Colour;
use lapilli_game::{CheckedGame, Game};
use lapilli_registry as registry;
use lapilli_registry::{
    BoardInfo, GameName, GivenOptions, Mismatch, OptionError, OptionKind, Solution, Unsolvable, VariantOption,
};
use std::collections::HashSet;

/// The petteia family's entry in a registry: `petteia` (with the option
/// `variant`, `standard` or `dux`) and `latrunculi` (Petteia with the Dux),
/// both with the option `size` (`WxH`, 8x8 by default).
///
/// ```
/// use lapilli_petteia::descriptor::Games;
/// use lapilli_registry::{Descriptor, GivenOptions, VariantDescriptor};
/// let big = Games.variant("latrunculi", &GivenOptions::default().with_value("size", "9x10")).unwrap();
/// let board = big.board();
/// assert_eq!((board.points, board.edges, board.lines.len(), board.automorphisms), (90, 161, 19, 1));
/// assert!(Games.variant("latrunculi", &GivenOptions::default().with_value("variant", "standard")).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Games;

/// Petteia under a chosen [`Setup`], with the name it was chosen by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameVariant {
    /// Size, variant and rules.
    pub setup: Setup,
    /// `"petteia"` or `"latrunculi"`.
    pub name: &'static str,
}

impl registry::Descriptor for Games {
    type Variant = GameVariant;

    fn games(&self) -> &'static [GameName] {
        &[
            GameName {
                name: "petteia",
                about: "Petteia: custodian capture on a grid (variant standard or dux)",
            },
            GameName { name: "latrunculi", about: "Ludus Latrunculorum: Petteia with the Dux" },
        ]
    }

    fn options(&self) -> &'static [VariantOption] {
        &[
            VariantOption {
                name: "variant",
                help: "standard or dux",
                kind: OptionKind::Value { placeholder: "VARIANT" },
            },
            VariantOption {
                name: "size",
                help: "board size WxH, e.g. 8x12 (default 8x8)",
                kind: OptionKind::Value { placeholder: "WxH" },
            },
        ]
    }

    fn position_format(&self) -> &'static str {
        "the ranks from the top separated by / (M and m White's and Black's men, D and d the Duxes, \
         digits for runs of empty squares), the side to move and the no-progress count; the start is \
         \"mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0\""
    }

    fn variant(&self, name: &str, options: &GivenOptions) -> Result<GameVariant, OptionError> {
        let invalid =
            |option, e: &dyn std::fmt::Display| OptionError::Invalid { option, reason: e.to_string() };
        let (name, latrunculi) = match name {
            "latrunculi" => ("latrunculi", true),
            "petteia" => ("petteia", false),
            _ => return Err(OptionError::UnknownGame(name.into())),
        };
        let variant = match options.value("variant") {
            Some(text) => text.parse::<Variant>().map_err(|e| invalid("variant", &e))?,
            None if latrunculi => Variant::Dux,
            None => Variant::Standard,
        };
        if latrunculi && variant == Variant::Standard {
            let reason = "latrunculi is petteia with the Dux: the standard game is petteia".into();
            return Err(OptionError::Invalid { option: "variant", reason });
        }
        let mut setup = Setup::new(variant);
        if let Some(text) = options.value("size") {
            let (w, h) = parse_size(text).map_err(|e| invalid("size", &e))?;
            setup = setup.size(w, h).map_err(|e| invalid("size", &e))?;
        }
        Ok(GameVariant { setup, name })
    }
}

/// Rule options other than the defaults, in words.
fn rules_text(rules: Rules) -> String {
    let mut words = Vec::new();
    if rules.edge_anvil {
        words.push("edge captures".to_string());
    }
    if rules.corner_capture {
        words.push("corner captures".to_string());
    }
    match rules.no_progress_limit {
        Some(NO_PROGRESS_LIMIT) => {}
        Some(n) => words.push(format!("a draw after {n} plies without a capture")),
        None => words.push("no no-progress draw".into()),
    }
    if words.is_empty() {
        "the default rules".into()
    } else {
        words.join(", ")
    }
}

/// Whether either side has a Dux.
fn has_dux(pos: &Position) -> bool {
    Colour::BOTH.into_iter().any(|c| pos.dux(c).is_some())
}

impl registry::VariantDescriptor for GameVariant {
    type Position = Position;
    type Heuristic = Heuristic;

    fn given_options(&self) -> GivenOptions {
        let mut options = GivenOptions::default();
        let default_variant = if self.name == "latrunculi" { Variant::Dux } else { Variant::Standard };
        if self.setup.variant != default_variant {
            options = options.with_value("variant", &self.setup.variant.to_string());
        }
        if (self.setup.width(), self.setup.height()) != (8, 8) {
            options = options.with_value("size", &format!("{}x{}", self.setup.width(), self.setup.height()));
        }
        options
    }

    fn name(&self) -> &'static str {
        self.name
    }

    fn title(&self) -> String {
        let name = match self.setup.variant {
            Variant::Standard => "Petteia",
            Variant::Dux => "Ludus Latrunculorum (Petteia with the Dux)",
        };
        format!("{name} on {}x{}", self.setup.width(), self.setup.height())
    }

    fn rules_text(&self) -> String {
        let s = &self.setup;
        format!("{} on {}x{}, {}", s.variant, s.width(), s.height(), rules_text(s.rules))
    }

    fn notation(&self) -> String {
        "A piece moves like a rook, from-to, e.g. a2-a5; captures may be added (a2-a5xb5) and are checked.\n\
         M/m are White's/Black's men, D/d the Duxes; [ ] marks the piece just moved, x a piece just captured."
            .into()
    }

    fn start(&self) -> Position {
        self.setup.start()
    }

    fn sides(&self) -> [(Colour, &'static str); 2] {
        [(Colour::White, "white"), (Colour::Black, "black")]
    }

    fn mismatch(&self, pos: &Position) -> Option<Mismatch> {
        let start = self.start();
        let size = |p: &Position| format!("{}x{}", p.width(), p.height());
        let with = |d: bool| if d { "with the Dux" } else { "without a Dux" };
        let (position, chosen) = if size(pos) != size(&start) {
            (format!("on a {} board", size(pos)), format!("a {} board", size(&start)))
        } else if has_dux(pos) != has_dux(&start) {
            (with(has_dux(pos)).to_string(), format!("the game {}", with(has_dux(&start))))
        } else if pos.rules() != start.rules() {
            (format!("under {}", rules_text(pos.rules())), rules_text(start.rules()))
        } else {
            return None;
        };
        Some(Mismatch { position, chosen })
    }

    fn heuristic(&self) -> Heuristic {
        Heuristic::default()
    }

    /// The grid with the last move marked, the piece counts and the
    /// no-progress count ([`Position::diagram`]).
    fn diagram(&self, pos: &Position, last: Option<Move>) -> String {
        pos.diagram(last)
    }

    /// The grid's rows and columns as lines; edges are the pairs of squares
    /// next to each other on a line. Boards over 64 squares use the trivial
    /// group.
    fn occupants(&self, pos: &Position) -> Vec<Option<(Colour, &'static str)>> {
        let on = |c: Colour, p: usize| pos.pieces(c) >> p & 1 == 1;
        (0..pos.grid().point_count())
            .map(|p| {
                let side = Colour::BOTH.into_iter().find(|&c| on(c, p))?;
                Some((side, if pos.dux(side) == Some(p) { "dux" } else { "piece" }))
            })
            .collect()
    }

    /// Men, and Duxes in the Dux variant; nothing in hand, no removal.
    fn setup_offer(&self) -> Option<registry::SetupOffer> {
        let kinds = match self.setup.variant {
            Variant::Standard => vec!["piece"],
            Variant::Dux => vec!["piece", "dux"],
        };
        Some(registry::SetupOffer { kinds, in_hand: false, removal: false })
    }

    /// The set-up's text (the ranks from the top, the side to move, no
    /// progress yet, the rules of the start) read by the position parser;
    /// a set-up of the Dux variant without a Dux is refused in set-up
    /// words.
    fn setup_position(&self, setup: &registry::Setup) -> Result<Position, registry::SetupError> {
        let offer = registry::VariantDescriptor::setup_offer(self).ok_or(registry::SetupError::NotOffered)?;
        let start = self.start();
        let (w, h) = (start.width(), start.height());
        setup.check_shape(w * h, &offer)?;
        let sides = self.sides();
        let mut board = String::new();
        for r in (0..h).rev() {
            let mut run = 0;
            for file in 0..w {
                match &setup.occupants[r * w + file] {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            board.push_str(&run.to_string());
                            run = 0;
                        }
                        board.push(Piece { colour: sides[p.side].0, dux: p.kind == "dux" }.char());
                    }
                }
            }
            if run > 0 {
                board.push_str(&run.to_string());
            }
            if r > 0 {
                board.push('/');
            }
        }
        let side = sides[setup.side_to_move].0.char();
        let text = format!("{board} {side} 0{}", registry::text_tail(&start.to_string(), 3));
        match registry::VariantDescriptor::parse_position(self, &text) {
            // The set-up fits the board and keeps the start's rules: only a
            // missing Dux makes it another variant's.
            Err(registry::PositionTextError::OtherVariant(_)) if has_dux(&start) => {
                Err(registry::SetupError::Rules(format!(
                    "no Dux on the board: {} is played with one, so give a side its Dux",
                    self.name
                )))
            }
            result => Ok(result?),
        }
    }

    fn board(&self) -> BoardInfo {
        let start = self.start();
        let grid = start.grid();
        let lines = grid.lines();
        let edges: HashSet<(usize, usize)> =
            lines.iter().flat_map(|l| l.windows(2).map(|w| (w[0].min(w[1]), w[0].max(w[1])))).collect();
        let group = start.group();
        let points = grid.point_count();
        let (orbits, group_origin) = if group.len() == 1 {
            let why = if points > 64 {
                "only the identity: boards over 64 squares are not searched for symmetries"
            } else {
                "found by search over relabellings that preserve the lines"
            };
            ((0..points).map(|p| vec![p]).collect(), why)
        } else {
            let orbits = group.point_orbits().iter().map(|o| o.iter().map(|p| p.index()).collect()).collect();
            (orbits, "found by search over relabellings that preserve the lines")
        };
        BoardInfo {
            description: "a grid, rows and columns as lines (squares a1.., numbered from a1 = 0)".into(),
            point_names: (0..points).map(|p| grid.square_name(p)).collect(),
            coords: grid.drawing_coords(),
            points,
            edges: edges.len(),
            lines,
            automorphisms: group.len(),
            group_origin: group_origin.into(),
            orbits,
        }
    }

    fn solve(&self) -> Result<Solution<Position>, Unsolvable> {
        Err(Unsolvable {
            reason: format!(
                "{} cannot be solved here: its game tree is far too large for retrograde analysis \
                 (perft(4) from the 8x8 start of Petteia alone is 1,446,216)",
                self.name
            ),
        })
    }

    /// The winner and why the loser lost, named.
    fn result_text(&self, pos: &Position) -> String {
        let loser = pos.side_to_move();
        match pos.ending() {
            Some(Ending::Reduction) => {
                format!("{} wins: {loser} is down to {} piece(s)", loser.opponent(), pos.piece_count(loser))
            }
            Some(Ending::Blocked) => format!("{} wins: {loser} cannot move", loser.opponent()),
            None if pos.outcome().is_some() => "draw".into(),
            None => "the game goes on".into(),
        }
    }
}
