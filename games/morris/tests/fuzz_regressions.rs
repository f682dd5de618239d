//! Robustness of every text reader against arbitrary input, beside the
//! fuzz targets (`fuzz/`, `morris_position` and `morris_moves`): each
//! reader gets a proptest here so that the normal test suite checks it
//! too, and every input a fuzz target found crashing becomes a test here.
//!
//! Covered elsewhere (`tests/notation.rs`): `Position::from_str` and
//! `Move::from_str` on arbitrary and position-shaped text, and moves read
//! at the start of each variant. Here: moves read through positions in
//! every phase (sliding, flying, a removal pending) of every variant,
//! variant names, and position text read through the game registry for
//! each variant, with and without flying.

use lapilli_game::{CheckedGame, Game};
use lapilli_morris::descriptor::Games;
use lapilli_morris::{Position, Rules, Variant};
use lapilli_registry::{Descriptor, GivenOptions, VariantDescriptor};
use proptest::prelude::*;

/// The start of every variant with and without flying, and positions in
/// the later phases.
fn positions() -> Vec<Position> {
    let mut all = Vec::new();
    for v in Variant::ALL {
        all.push(Position::start(Rules::new(v)));
        all.push(Position::start(Rules { flying: !v.flying_by_default(), ..Rules::new(v) }));
    }
    for text in [
        "WW.W..../B.....W./B...B... w 0 0 -",
        "WW.W..../B.....W./B...B... w 0 0 - 99",
        "WWW..B../.B....../........ w 6 7 x",
        "W.W...../..B...B./.B..B..W w 0 0 - 37",
        "W.W...../.B.B.B.W b 0 0 - six-mens-morris",
        "W......./......../.......B w 9 9 - lasker-morris",
        "WBWBWB../BWBWBW../WBWBWB.. w 3 3 - twelve-mens-morris",
    ] {
        all.push(text.parse().unwrap_or_else(|e| panic!("{text}: {e}")));
    }
    all
}

/// Reads `text` as a ply and as a line of plies of `pos`: a ply read is
/// written back to itself and is legal exactly when generated; a line read
/// plays legally (`parse_plies` checks each ply) and a refused play leaves
/// the position unchanged.
fn read_moves(pos: &Position, text: &str) -> Result<(), TestCaseError> {
    if let Ok(m) = pos.parse_move(text) {
        prop_assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
        prop_assert_eq!(pos.is_legal(m), pos.legal_moves().contains(&m));
        let mut copy = *pos;
        if copy.play(m).is_err() {
            prop_assert_eq!(copy, *pos);
            prop_assert_eq!(copy.zobrist(), pos.zobrist());
        }
    }
    if let Ok(plies) = pos.parse_plies(text) {
        prop_assert!(matches!(plies.len(), 1 | 2), "{:?}", plies);
        let mut line = *pos;
        for m in plies {
            prop_assert!(line.play(m).is_ok(), "{}: {:?} reads as {:?}, not playable", pos, text, m);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Arbitrary text read as plies in every phase never panics.
    #[test]
    fn moves_read_through_positions_never_panic(s in "\\PC{0,40}") {
        for pos in positions() {
            read_moves(&pos, &s)?;
        }
    }

    /// Text shaped like plies: point names and indices, `x` and `-`.
    #[test]
    fn move_shaped_text_reads_or_errs(s in "[a-g1-7x0-9-]{0,10}") {
        for pos in positions() {
            read_moves(&pos, &s)?;
        }
    }

    /// Variant names read back exactly.
    #[test]
    fn variant_names_read_or_err(s in "(\\PC{0,30}|(nine|six|twelve|lasker)-mens?-morris)") {
        if let Ok(v) = s.parse::<Variant>() {
            prop_assert_eq!(v.name(), s);
        }
    }

    /// The registry reads position text for each variant exactly as the
    /// position parser does, refusing other variants' positions.
    #[test]
    fn registry_reads_position_text(s in "(\\PC{0,40}|[WB.]{8}/[WB.]{8}(/[WB.]{8})? [wb] [0-9]{1,2} [0-9]{1,2} [-x]( [0-9]{1,3})?( six-mens-morris| twelve-mens-morris| lasker-morris)?( no-flying| flying)?)") {
        let parsed = s.parse::<Position>();
        for name in ["nine-mens-morris", "six-mens-morris", "twelve-mens-morris", "lasker-morris"] {
            for options in [GivenOptions::default(), GivenOptions::default().with_flag("no-flying")] {
                let variant = Games.variant(name, &options).unwrap();
                match (variant.parse_position(&s), &parsed) {
                    (Ok(read), Ok(parsed)) => {
                        prop_assert_eq!(read, *parsed);
                        let _ = (variant.diagram(&read, None), variant.result_text(&read), variant.prompt(&read));
                    }
                    (Ok(read), Err(e)) => prop_assert!(false, "the registry reads {} but the parser says {}", read, e),
                    (Err(_), Ok(parsed)) => prop_assert!(variant.mismatch(parsed).is_some()),
                    (Err(_), Err(_)) => {}
                }
            }
        }
    }
}
