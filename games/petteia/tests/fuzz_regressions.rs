//! Robustness of every text reader against arbitrary input, beside the
//! fuzz targets (`fuzz/`, `petteia_position` and `petteia_moves`): each
//! reader gets a proptest here so that the normal test suite checks it
//! too, and every input a fuzz target found crashing becomes a test here.
//!
//! Covered elsewhere (`tests/notation.rs`): `Position::from_str` on
//! arbitrary and near-valid text, `parse_size`, and moves read on the 8x8
//! and 8x12 standard starts and the 9x10 Dux start. Here: moves read
//! through positions of both variants on every shape of board (narrow,
//! wide, tall) and under each rule option, variant names, and the
//! registry's readers (position text for each variant, the `variant` and
//! `size` option values).

use lapilli_game::{CheckedGame, Game};
use lapilli_petteia::descriptor::Games;
use lapilli_petteia::{Position, Rules, Setup, Variant};
use lapilli_registry::{Descriptor, GivenOptions, VariantDescriptor};
use proptest::prelude::*;

/// Both variants on boards of several shapes and under each rule option,
/// and two middle games.
fn positions() -> Vec<Position> {
    let anvil = Rules { edge_anvil: true, corner_capture: true, no_progress_limit: Some(12) };
    let mut all = Vec::new();
    for (w, h) in [(8, 8), (3, 5), (25, 5), (5, 25), (11, 11)] {
        for variant in [Variant::Standard, Variant::Dux] {
            let setup = Setup::new(variant).size(w, h).unwrap();
            all.push(setup.start());
            all.push(setup.rules(anvil).start());
        }
    }
    for text in ["8/8/3M4/3m4/1Mm1mM2/8/8/3M4 w 7 anvil", "3d4/m7/8/2m5/8/5M2/7M/4D3 b 3"] {
        all.push(text.parse().unwrap_or_else(|e| panic!("{text}: {e}")));
    }
    all
}

/// Reads `text` as a move of `pos` in both ways; a move read is written
/// back to itself and is legal exactly when generated, and a refused play
/// leaves the position unchanged.
fn read_moves(pos: &Position, text: &str) -> Result<(), TestCaseError> {
    if let Ok(m) = pos.parse_move(text) {
        prop_assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
        prop_assert_eq!(pos.is_legal(m), pos.legal_moves().contains(&m));
        let mut copy = *pos;
        if copy.play(m).is_err() {
            prop_assert_eq!(&copy, pos);
            prop_assert_eq!(copy.zobrist(), pos.zobrist());
        }
    }
    if let Ok(plies) = pos.parse_plies(text) {
        prop_assert_eq!(plies.len(), 1);
        prop_assert_eq!(pos.parse_move(text), Ok(plies[0]));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Arbitrary text read as a move on every board never panics.
    #[test]
    fn moves_read_through_positions_never_panic(s in "\\PC{0,40}") {
        for pos in positions() {
            read_moves(&pos, &s)?;
        }
    }

    /// Text shaped like a move: squares up to file y and rank 25, `-`
    /// and captures.
    #[test]
    fn move_shaped_text_reads_or_errs(s in "[a-y]{1,2}[0-9]{1,3}(-[a-y][0-9]{1,2})?(x[a-y][0-9]{1,2}){0,4}") {
        for pos in positions() {
            read_moves(&pos, &s)?;
        }
    }

    /// Variant names: `standard`, `petteia`, `dux`, `latrunculi` only.
    #[test]
    fn variant_names_read_or_err(s in "(\\PC{0,20}|standard|petteia|dux|latrunculi)") {
        let read = s.parse::<Variant>();
        let known = matches!(s.as_str(), "standard" | "petteia" | "dux" | "latrunculi");
        prop_assert_eq!(read.is_ok(), known);
    }

    /// The registry's option values (`variant`, `size`) never panic, and a
    /// size it accepts is the size of its start.
    #[test]
    fn registry_reads_option_values(s in "(\\PC{0,20}|[0-9]{1,3}[xX][0-9]{1,3})") {
        for name in ["petteia", "latrunculi"] {
            let _ = Games.variant(name, &GivenOptions::default().with_value("variant", &s));
            if let Ok(variant) = Games.variant(name, &GivenOptions::default().with_value("size", &s)) {
                let start = variant.start();
                prop_assert_eq!(lapilli_petteia::parse_size(&s), Ok((start.width(), start.height())));
            }
        }
    }

    /// The registry reads position text for each variant exactly as the
    /// position parser does, refusing other variants' positions.
    #[test]
    fn registry_reads_position_text(s in "(\\PC{0,40}|[mMdD1-9]{1,9}(/[mMdD1-9]{1,9}){4,9} [wb] [0-9]{1,3}( anvil)?( corners)?)") {
        let parsed = s.parse::<Position>();
        for (name, options) in [
            ("petteia", GivenOptions::default()),
            ("latrunculi", GivenOptions::default()),
            ("petteia", GivenOptions::default().with_value("size", "9x10")),
        ] {
            let variant = Games.variant(name, &options).unwrap();
            match (variant.parse_position(&s), &parsed) {
                (Ok(read), Ok(parsed)) => {
                    prop_assert_eq!(&read, parsed);
                    let _ = (variant.diagram(&read, None), variant.result_text(&read), variant.prompt(&read));
                }
                (Ok(read), Err(e)) => prop_assert!(false, "the registry reads {} but the parser says {}", read, e),
                (Err(_), Ok(parsed)) => prop_assert!(variant.mismatch(parsed).is_some()),
                (Err(_), Err(_)) => {}
            }
        }
    }
}
