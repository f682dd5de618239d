//! The morris games in the game registry (`lapilli_registry`):
//! one name per [`Variant`] and the `no-flying` and `flying` options, with
//! their tier tablebases ([`crate::tablebase`]): endgame tables for Nine,
//! Six and Twelve Men's Morris and the strong solution of Six Men's Morris
//! ([`registry::VariantDescriptor::solve_stored`]).

use crate::eval::Heuristic;
use crate::position::{Ending, Position};
use crate::rules::{Rules, Variant};
use crate::tablebase::{MorrisTiers, Tier};
use crate::Move;
use lapilli_board_graph::Colour;
use lapilli_game::{CheckedGame, Game};
use lapilli_registry as registry;
use lapilli_registry::{
    BoardInfo, GameName, GivenOptions, Mismatch, OptionError, OptionKind, Solution, SolveError, TableStore,
    TablebaseSupport, Unsolvable, VariantOption,
};
use lapilli_tablebase as tablebase;
use lapilli_tablebase::TierSpace as _;
use lapilli_tablebase::{Oracle, Progress, Tablebases};

/// The morris family's entry in a registry: `nine-mens-morris`,
/// `six-mens-morris`, `twelve-mens-morris` and `lasker-morris`, each with
/// the options `no-flying` and `flying` (flying where the variant has none
/// by default: Six Men's Morris).
///
/// ```
/// use lapilli_morris::descriptor::Games;
/// use lapilli_registry::{Descriptor, GivenOptions, VariantDescriptor};
/// let six = Games.variant("six-mens-morris", &GivenOptions::default()).unwrap();
/// assert_eq!(six.board().points, 16);
/// // Six Men's Morris is solved by tier tables kept on disk
/// // (`solve_stored`), not in memory.
/// assert!(six.solve().is_err());
/// let flying = Games.variant("six-mens-morris", &GivenOptions::default().with_flag("flying")).unwrap();
/// assert!(flying.rules.flying);
/// assert_eq!(flying.id(), "six-mens-morris+flying");
/// // The tables' headers name the variant by the same id.
/// let space = lapilli_morris::tablebase::MorrisTiers::new(flying.rules).unwrap();
/// assert_eq!(lapilli_tablebase::TierSpace::variant_name(&space), flying.id());
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
/// The option that turns flying on (Six Men's Morris has none by default).
const FLYING: &str = "flying";

/// The most pieces a side may have in the endgame tables that
/// [`TablebaseSupport::build_endgames`] builds for Nine and Twelve Men's
/// Morris: 5, the bound of the movement tablebases this project targets
/// (every material up to 5 against 5). The tier space itself indexes every
/// material up to the variant's pieces; larger sets are a matter of time
/// and memory (on the Nine Men's board the 6-against-6 tier has about 5
/// times the indices of the 5-against-5 one: C(24,6) C(18,6) against
/// C(24,5) C(19,5)).
pub const MAX_ENDGAME_PIECES: u8 = 5;

/// The fewest pieces a side has in an endgame table: 3, since a side
/// reduced to two has lost (seed 001).
pub const MIN_ENDGAME_PIECES: u8 = 3;

/// The order of the board's automorphism group the morris tables are
/// reduced by (16 for every morris board).
fn automorphisms(rules: Rules) -> usize {
    rules.variant.group().len()
}

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
        &[
            VariantOption {
                name: NO_FLYING,
                help: "no flying when a side is down to three pieces",
                kind: OptionKind::Flag,
            },
            VariantOption {
                name: FLYING,
                help: "flying when a side is down to three pieces, where the variant has none \
                       (six-mens-morris)",
                kind: OptionKind::Flag,
            },
        ]
    }

    fn position_format(&self) -> &'static str {
        "the three squares in groups of 8 points (W, B or .), the side to move, the pieces in hand of \
         White and Black, x if a removal is pending (else -), then optionally the no-progress count, \
         the variant and no-flying (or flying); the start is \"......../......../........ w 9 9 -\""
    }

    fn variant(&self, name: &str, options: &GivenOptions) -> Result<GameVariant, OptionError> {
        let variant = Variant::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .ok_or_else(|| OptionError::UnknownGame(name.into()))?;
        let rules = Rules::new(variant);
        let rules = match (options.flag(NO_FLYING), options.flag(FLYING)) {
            (true, true) => {
                return Err(OptionError::Invalid {
                    option: FLYING,
                    reason: "give flying or no-flying, not both".into(),
                })
            }
            (true, false) => rules.no_flying(),
            (false, true) => Rules { flying: true, ..rules },
            (false, false) => rules,
        };
        Ok(GameVariant { rules })
    }
}

/// The options that choose `rules` beyond its variant's defaults: the
/// flying rule when it is not the variant's default (`flying` or
/// `no-flying`). The one writer of a morris variant id, in the registry
/// and in every tier file header ([`crate::tablebase::MorrisTiers`]).
pub fn given_options(rules: Rules) -> GivenOptions {
    match (rules.flying, rules.variant.flying_by_default()) {
        (true, false) => GivenOptions::default().with_flag(FLYING),
        (false, true) => GivenOptions::default().with_flag(NO_FLYING),
        _ => GivenOptions::default(),
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

    fn given_options(&self) -> GivenOptions {
        given_options(self.rules)
    }

    fn name(&self) -> &'static str {
        self.rules.variant.name()
    }

    fn title(&self) -> String {
        let flying = if self.rules.flying { "flying with three pieces" } else { "no flying" };
        format!("{} ({} pieces each, {flying})", self.rules.variant.title(), self.rules.variant.pieces())
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
        Heuristic::playing()
    }

    /// The board, then each side's pieces in hand and on the board and its
    /// phase.
    fn diagram(&self, pos: &Position, _last: Option<Move>) -> String {
        format!("{}{}; {}\n", pos.diagram(), side_status(pos, Colour::White), side_status(pos, Colour::Black))
    }

    fn occupants(&self, pos: &Position) -> Vec<Option<(Colour, &'static str)>> {
        let points = self.rules.variant.points();
        (0..points).map(|p| pos.piece_at(lapilli_board_graph::Point::new(p)).map(|c| (c, "piece"))).collect()
    }

    /// Pieces of one kind, the pieces in hand of each side and a pending
    /// removal.
    fn setup_offer(&self) -> Option<registry::SetupOffer> {
        Some(registry::SetupOffer { kinds: vec!["piece"], in_hand: true, removal: true })
    }

    /// The set-up's pieces, hands and pending removal checked by
    /// [`Position::from_parts`], as the position parser checks them (no
    /// progress yet), its refusals worded for a set-up.
    fn setup_position(&self, setup: &registry::Setup) -> Result<Position, registry::SetupError> {
        use registry::SetupError;
        let offer = registry::VariantDescriptor::setup_offer(self).ok_or(SetupError::NotOffered)?;
        setup.check_shape(self.rules.variant.points(), &offer)?;
        let sides = self.sides();
        let mut pieces = [lapilli_board_graph::Bitboard::EMPTY; 2];
        for (p, piece) in setup.occupants.iter().enumerate() {
            if let Some(piece) = piece {
                let c = sides[piece.side].0.index();
                pieces[c] = pieces[c].with(lapilli_board_graph::Point::new(p));
            }
        }
        let variant = self.rules.variant;
        let max = variant.pieces();
        let given = setup.in_hand.unwrap_or([0, 0]);
        let mut hand = [0; 2];
        for (i, &n) in given.iter().enumerate() {
            let c = sides[i].0;
            hand[c.index()] = u8::try_from(n).ok().filter(|&n| n <= max).ok_or_else(|| {
                SetupError::Rules(format!(
                    "{c} has {n} pieces in hand; at most {max}, the pieces a side has in {}",
                    variant.title()
                ))
            })?;
        }
        let to_move = sides[setup.side_to_move].0;
        Position::from_parts(self.rules, pieces, hand, to_move, setup.pending_removal, 0).map_err(|e| {
            SetupError::Rules(match e {
                crate::position::PositionError::TooManyPieces { colour, on_board, in_hand, pieces } => format!(
                    "{colour} has {on_board} on the board and {in_hand} in hand, {} pieces; a side has {pieces} \
                     in {}",
                    on_board + in_hand,
                    variant.title()
                ),
                e => e.to_string(),
            })
        })
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
            coords: variant.coords(),
            points: board.point_count(),
            edges: board.edge_count(),
            lines: board.lines().iter().map(|l| l.iter().map(|p| p.index()).collect()).collect(),
            automorphisms: group.len(),
            group_origin: "found by search over relabellings that preserve the lines".into(),
            orbits: group.point_orbits().iter().map(|o| o.iter().map(|p| p.index()).collect()).collect(),
        }
    }

    /// Six Men's Morris only, by [`registry::VariantDescriptor::solve_stored`].
    fn solvable(&self) -> bool {
        self.rules.variant == Variant::SixMensMorris
    }

    /// The mill closed by the ply before the last, when the last was the
    /// removal it allowed and that removal won the game (the opponent
    /// reduced to two pieces or blocked).
    fn winning_line(&self, pos: &Position, moves: &[Move]) -> Option<Vec<usize>> {
        let winner = CheckedGame::winner(pos)?;
        let [.., closing, Move::Remove(_)] = moves else { return None };
        let to = match *closing {
            Move::Place(p) | Move::Slide { to: p, .. } => p,
            Move::Remove(_) => return None,
        };
        let board = self.rules.variant.board();
        let mill = board
            .lines_through(to)
            .iter()
            .map(|&i| &board.lines()[i])
            .find(|line| line.iter().all(|&p| pos.piece_at(p) == Some(winner)))?;
        Some(mill.iter().map(|p| p.index()).collect())
    }

    /// Refused: Six Men's Morris is solved by tier tables kept on disk
    /// ([`registry::VariantDescriptor::solve_stored`]), the other morris
    /// games are not solved here.
    fn solve(&self) -> Result<Solution<Position>, Unsolvable> {
        let reason = if self.rules.variant == Variant::SixMensMorris {
            "six-mens-morris is solved by tier tablebases kept in a folder: use solve_stored with a table store \
             (the lapilli program's solve keeps them in its cache folder)"
        } else {
            "the morris games are not solved here, six-mens-morris aside: their state spaces are far too large \
             for the in-memory retrograde solver (build their endgame tablebases instead)"
        };
        Err(Unsolvable { reason: reason.into() })
    }

    /// Six Men's Morris: every tier of the whole game from the empty board
    /// ([`MorrisTiers::game_tiers`], placement included) built into
    /// `store.dir` (files already there are checked and reused; those of
    /// another index scheme, from an older version, are removed and built
    /// again: [`tablebase::remove_stale`]), then the
    /// solution read from them ([`Solution::from_tablebases`]: every
    /// reachable position counted, the movement phase being the positions
    /// with both hands empty). The other variants: as
    /// [`registry::VariantDescriptor::solve`].
    ///
    /// # Errors
    /// [`SolveError::Unsolvable`] for the other variants and when
    /// `store.dir` is `None`; [`SolveError::Tablebase`] when a table cannot
    /// be built, written or read (a foreign or damaged file in the folder,
    /// the memory budget, memory the system refused).
    fn solve_stored(
        &self,
        store: &TableStore,
        progress: &dyn Progress,
    ) -> Result<Solution<Position>, SolveError> {
        if !registry::VariantDescriptor::solvable(self) {
            return Ok(self.solve()?);
        }
        let Some(dir) = &store.dir else {
            return Err(Unsolvable {
                reason:
                    "six-mens-morris is solved by tier tablebases kept in a folder, and no folder was given"
                        .into(),
            }
            .into());
        };
        let space = MorrisTiers::new(self.rules).expect("Six Men's Morris places before it slides");
        // Two solves of the cache folder at once: the second waits for the
        // first's build and reads its tables.
        let options = lapilli_tablebase::BuildOptions { wait: true, ..store.build };
        // Tables of an older index scheme (an older version's cache) are
        // of no use to this one: built again.
        tablebase::remove_stale(dir, &space)?;
        tablebase::build(&space, &space.game_tiers(), dir, &options, progress)?;
        let tables = Tablebases::open(space, dir)?;
        Ok(Solution::from_tablebases(
            tables,
            &self.start(),
            automorphisms(self.rules),
            Some(Position::is_movement),
        )?)
    }

    /// Sanmill's FEN ([`crate::sanmill_fen::SanmillFenFormat`]).
    fn foreign_formats(&self) -> Vec<Box<dyn registry::ForeignFormat<Position>>> {
        vec![Box::new(crate::sanmill_fen::SanmillFenFormat)]
    }

    /// Nine, Six and Twelve Men's Morris under their flying rule (Lasker
    /// Morris has none: its sides may slide with pieces in hand): endgame
    /// tables of the movement phase up to [`MAX_ENDGAME_PIECES`] pieces a
    /// side (Six Men's Morris: all 6), built with
    /// [`MorrisTiers::movement_tiers`]; plans of the whole game
    /// ([`MorrisTiers::game_tiers`]) or of the movement phase to any count
    /// up to the variant's pieces; a build of any one tier of the space by
    /// its name; `open` reads any set of the variant's tiers, checking
    /// every file's checksum first; `verify` checks a folder one ply deep.
    fn tablebases(&self) -> Option<TablebaseSupport<Position>> {
        let rules = self.rules;
        // A variant without a tier space (Lasker Morris) has no tables.
        MorrisTiers::new(rules).ok()?;
        let max_pieces = match rules.variant {
            Variant::SixMensMorris => rules.variant.pieces(),
            _ => MAX_ENDGAME_PIECES,
        };
        let new_space = move || MorrisTiers::new(rules).expect("the rules were accepted above");
        Some(TablebaseSupport {
            min_pieces: MIN_ENDGAME_PIECES,
            max_pieces,
            build_endgames: Box::new(move |n, dir, options, progress| {
                let space = new_space();
                let tiers = match n {
                    Some(n) => space.movement_tiers(n),
                    None => space.game_tiers(),
                };
                tablebase::build(&space, &tiers, dir, options, progress)
            }),
            scheme: new_space().scheme(),
            pieces: rules.variant.pieces(),
            plan: Box::new(move |n| {
                let space = new_space();
                let tiers = match n {
                    Some(n) => space.movement_tiers(n),
                    None => space.game_tiers(),
                };
                tablebase::plan(&space, &tiers)
            }),
            build_tier: Box::new(move |job, dir, options, progress| {
                let space = new_space();
                let tier = tablebase::tier_named(&space, &job.tier, Tier::movement(3, 3, false))?;
                match job.chunk {
                    Some(chunk) => tablebase::build_chunk(&space, tier, chunk, dir, options, progress),
                    None => tablebase::build_tier(&space, tier, dir, options, progress),
                }
            }),
            stored_in: Box::new(move |name| {
                let space = new_space();
                space.stored_in(name).map(|t| space.tier_name(t))
            }),
            open: Box::new(move |folder| {
                let tables: Box<dyn Oracle<Position>> =
                    Box::new(Tablebases::from_verified_folder(new_space(), folder)?);
                Ok(tables)
            }),
            verify: Box::new(move |dir, tier, threads, progress| {
                let space = new_space();
                let tier = tier
                    .map(|name| tablebase::tier_named(&space, name, Tier::movement(3, 3, false)))
                    .transpose()?;
                tablebase::verify_folder(&space, dir, tier, threads, progress)
            }),
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

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_game::Value;
    use lapilli_registry::{Descriptor, VariantDescriptor};
    use lapilli_tablebase::{BuildOptions, Silent};

    fn variant(name: &str, flags: &[&str]) -> GameVariant {
        let options = flags.iter().fold(GivenOptions::default(), |o, f| o.with_flag(f));
        Games.variant(name, &options).unwrap()
    }

    #[test]
    fn tablebases_exist_for_every_variant_but_lasker() {
        // The variant as the tables' headers name it, which is its id.
        let support = |name, flags: &[&str]| {
            let v = variant(name, flags);
            v.tablebases().map(|s| {
                let header = lapilli_tablebase::TierSpace::variant_name(&MorrisTiers::new(v.rules).unwrap());
                assert_eq!(header, v.id());
                (header, s.max_pieces)
            })
        };
        assert_eq!(support("nine-mens-morris", &[]), Some(("nine-mens-morris".into(), 5)));
        assert_eq!(
            support("nine-mens-morris", &["no-flying"]),
            Some(("nine-mens-morris+no-flying".into(), 5))
        );
        assert_eq!(support("twelve-mens-morris", &[]), Some(("twelve-mens-morris".into(), 5)));
        assert_eq!(support("six-mens-morris", &[]), Some(("six-mens-morris".into(), 6)));
        assert_eq!(support("six-mens-morris", &["flying"]), Some(("six-mens-morris+flying".into(), 6)));
        assert_eq!(support("lasker-morris", &[]), None);
        // Flying where the variant flies anyway changes nothing.
        assert_eq!(variant("nine-mens-morris", &["flying"]).rules, Rules::default());
        let both = GivenOptions::default().with_flag("flying").with_flag("no-flying");
        assert!(matches!(
            Games.variant("six-mens-morris", &both),
            Err(OptionError::Invalid { option: "flying", .. })
        ));
    }

    #[test]
    fn six_mens_solve_needs_a_folder_and_the_others_refuse() {
        let six = variant("six-mens-morris", &[]);
        let Err(SolveError::Unsolvable(u)) = six.solve_stored(&TableStore::default(), &Silent) else {
            panic!("a solve without a folder")
        };
        assert!(u.reason.contains("no folder was given"), "{}", u.reason);
        assert!(six.solve().unwrap_err().reason.contains("solve_stored"));
        let nine = variant("nine-mens-morris", &[]);
        let store = TableStore { dir: Some(std::env::temp_dir()), ..TableStore::default() };
        let Err(SolveError::Unsolvable(u)) = nine.solve_stored(&store, &Silent) else {
            panic!("nine men's solved")
        };
        assert!(u.reason.contains("not solved here"), "{}", u.reason);
    }

    #[test]
    fn endgame_tables_build_and_open_through_the_registry() {
        let dir = std::env::temp_dir().join(format!("lapilli-morris-descriptor-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let six = variant("six-mens-morris", &[]);
        let support = six.tablebases().unwrap();
        let reports = (support.build_endgames)(Some(3), &dir, &BuildOptions::default(), &Silent).unwrap();
        let names: Vec<&str> = reports.iter().map(|r| r.tier.as_str()).collect();
        assert_eq!(names, ["w3b3x", "w3b3"]);
        let folder = lapilli_tablebase::TablebaseFolder::open(&dir).unwrap();
        assert_eq!(folder.variant(), Some(six.id().as_str()));
        let tables = (support.open)(&folder).unwrap();
        let summaries = tables.summaries();
        assert_eq!(summaries.len(), 2);
        // Every placement of 3 against 3 on the 16 points, either side to
        // move: 2 C(16,3) C(13,3).
        let w3b3 = summaries.iter().find(|s| s.tier == "w3b3").unwrap();
        assert_eq!(w3b3.positions(), 2 * 560 * 286);
        // White slides c4-c5, closing the top row a5-c5-e5 of the outer
        // square, and the removal leaves Black two pieces: a win in 2
        // plies, and no other White ply closes a mill.
        let pos: Position = "W.W.BB../.W....B. w 0 0 - six-mens-morris".parse().unwrap();
        let value = tables.probe(&pos).unwrap();
        let (best, kept) = tables.best_move(&pos).unwrap();
        assert_eq!((value, kept), (Value::Win(2), Value::Win(2)));
        assert_eq!(pos.move_text(best), "c4-c5");
        // The tables of the plain variant do not open for the flying one.
        let flying = variant("six-mens-morris", &["flying"]).tablebases().unwrap();
        assert!(matches!((flying.open)(&folder), Err(lapilli_tablebase::TablebaseError::Mismatch { .. })));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
