//! Colour folding of the movement phase, from the outside: a position and
//! its colour twin share a tier, an index and a value; the conformance
//! harness catches a space whose twins are wrong; tables of the index
//! scheme before folding are refused with a message that says what to do,
//! a rebuild replaces them, and a cache folder holding them is cleared of
//! them and built again.

use lapilli_board_graph::Colour;
use lapilli_conformance::check_tier_space;
use lapilli_game::Game;
use lapilli_morris::tablebase::{MorrisTiers, Tier};
use lapilli_morris::{Position, Rules, Variant};
use lapilli_tablebase::{build, remove_stale, solve_in_memory, BuildOptions, Silent, TablebaseError};
use lapilli_tablebase::{Tablebases, TierSpace, MANIFEST_FILE};
use std::path::PathBuf;

mod temp;
use temp::TempDir;

fn six() -> MorrisTiers {
    MorrisTiers::new(Rules::new(Variant::SixMensMorris)).unwrap()
}

/// The morris space with one thing altered: the index scheme it names,
/// or a colour twin that keeps the side to move (another position, with
/// another value, at another index).
struct Altered {
    space: MorrisTiers,
    scheme: Option<&'static str>,
    wrong_twin: bool,
}

impl TierSpace for Altered {
    type Game = Position;
    type Tier = Tier;
    fn variant_name(&self) -> String {
        self.space.variant_name()
    }
    fn scheme(&self) -> String {
        self.scheme.map_or_else(|| self.space.scheme(), str::to_owned)
    }
    fn tier_name(&self, tier: Tier) -> String {
        self.space.tier_name(tier)
    }
    fn parse_tier(&self, name: &str) -> Option<Tier> {
        self.space.parse_tier(name)
    }
    fn tier_of(&self, pos: &Position) -> Option<Tier> {
        self.space.tier_of(pos)
    }
    fn size(&self, tier: Tier) -> u64 {
        self.space.size(tier)
    }
    fn index(&self, pos: &Position) -> u64 {
        self.space.index(pos)
    }
    fn position(&self, tier: Tier, index: u64) -> Option<Position> {
        self.space.position(tier, index)
    }
    fn dependencies(&self, tier: Tier) -> Vec<Tier> {
        self.space.dependencies(tier)
    }
    fn has_internal_plies(&self, tier: Tier) -> bool {
        self.space.has_internal_plies(tier)
    }
    fn predecessors(&self, pos: &Position, out: &mut Vec<Position>) {
        self.space.predecessors(pos, out)
    }
    fn orbit_len(&self, pos: &Position) -> u64 {
        self.space.orbit_len(pos)
    }
    fn colour_twin(&self, pos: &Position) -> Option<Position> {
        let twin = self.space.colour_twin(pos)?;
        if !self.wrong_twin {
            return Some(twin);
        }
        let pieces = Colour::BOTH.map(|c| twin.pieces(c));
        Position::from_parts(self.space.rules(), pieces, [0, 0], pos.side_to_move(), false, 0).ok()
    }
}

#[test]
fn a_position_and_its_colour_twin_share_tier_index_and_value() {
    let space = six();
    let tables = solve_in_memory(&space, &space.movement_tiers(4), &Silent).unwrap();
    // White 3 against Black 4, Black to move; its twin is White 4 against
    // Black 3, White to move: both in w4b3.
    let pos: Position = "WBB.B.../W..W.B.. b 0 0 - six-mens-morris".parse().unwrap();
    let twin = space.colour_twin(&pos).unwrap();
    assert_eq!(twin.to_string(), "BWW.W.../B..B.W.. w 0 0 - six-mens-morris");
    assert_eq!(space.colour_twin(&twin), Some(pos));
    assert_eq!((space.tier(&pos), space.tier(&twin)), ("w4b3".parse().unwrap(), "w4b3".parse().unwrap()));
    assert_eq!(space.index(&pos), space.index(&twin));
    assert!(tables.probe(&pos).is_some());
    assert_eq!(tables.probe(&pos), tables.probe(&twin));
    // Every ply of either leads to the children's twins: the best values
    // agree move for move, the colours exchanged.
    assert_eq!(tables.best_move(&pos).map(|(_, v)| v), tables.best_move(&twin).map(|(_, v)| v));
    let children = |p: Position| -> Vec<_> {
        let probe = |m| {
            let mut child = p;
            child.play_unchecked(m);
            tables.probe(&child)
        };
        p.legal_moves().iter().map(|&m| probe(m)).collect()
    };
    let (mut values, mut twins) = (children(pos), children(twin));
    values.sort();
    twins.sort();
    assert_eq!(values, twins);
    // Placement is not folded: the hands' alternation is White's first.
    assert_eq!(space.colour_twin(&Position::start(Rules::new(Variant::SixMensMorris))), None);
}

#[test]
#[should_panic(expected = "the colour twin")]
fn a_wrong_colour_twin_fails_the_space_check() {
    let altered = Altered { space: six(), scheme: None, wrong_twin: true };
    check_tier_space(&altered, &["w4b3".parse().unwrap()], 10, 17);
}

#[test]
fn tables_of_the_scheme_before_folding_are_refused_then_cleared_from_a_cache() {
    let dir = TempDir::new("stale");
    let old = Altered { space: six(), scheme: Some("morris-pair-index/1"), wrong_twin: false };
    build(&old, &six().movement_tiers(3), &dir.0, &BuildOptions::default(), &Silent).unwrap();
    let e = Tablebases::open(six(), &dir.0).unwrap_err();
    assert!(matches!(&e, TablebaseError::OtherScheme { found, .. } if found == "morris-pair-index/1"), "{e}");
    assert!(e.to_string().contains("build the tables again (`tablebase build ... --rebuild`"), "{e}");
    let e = build(&six(), &six().movement_tiers(3), &dir.0, &BuildOptions::default(), &Silent).unwrap_err();
    assert!(matches!(e, TablebaseError::OtherScheme { .. }), "{e}");
    // A rebuild replaces them (another folder of them, built the same way).
    let again = TempDir::new("stale-rebuild");
    build(&old, &six().movement_tiers(3), &again.0, &BuildOptions::default(), &Silent).unwrap();
    let rebuild = BuildOptions { rebuild: true, ..BuildOptions::default() };
    let reports = build(&six(), &six().movement_tiers(3), &again.0, &rebuild, &Silent).unwrap();
    assert_eq!(reports.len(), 2);
    Tablebases::open_verified(six(), &again.0).unwrap();

    // A file of another game beside them is not this variant's to clear.
    let nine = MorrisTiers::new(Rules::default()).unwrap();
    let foreign = TempDir::new("stale-foreign");
    build(&nine, &nine.movement_tiers(3), &foreign.0, &BuildOptions::default(), &Silent).unwrap();
    std::fs::copy(foreign.join("w3b3x.ltb"), dir.join("nine.ltb")).unwrap();
    let removed = remove_stale(&dir.0, &six()).unwrap();
    let expected: Vec<PathBuf> =
        ["w3b3.ltb", "w3b3x.ltb", MANIFEST_FILE].iter().map(|f| dir.0.join(f)).collect();
    assert_eq!(removed, expected);
    assert!(dir.join("nine.ltb").is_file());
    std::fs::remove_file(dir.join("nine.ltb")).unwrap();
    let reports = build(&six(), &six().movement_tiers(3), &dir.0, &BuildOptions::default(), &Silent).unwrap();
    assert!(reports.iter().all(|r| !r.reused));
    assert_eq!(remove_stale(&dir.0, &six()).unwrap(), Vec::<PathBuf>::new());
    Tablebases::open_verified(six(), &dir.0).unwrap();
}
