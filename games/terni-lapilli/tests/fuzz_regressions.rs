//! Robustness of every text reader against arbitrary input, beside the
//! fuzz targets (`fuzz/`, `terni_position` and `terni_moves`): each reader
//! gets a proptest here so that the normal test suite checks it too, and
//! every input a fuzz target found crashing becomes a test here.
//!
//! Covered elsewhere: `Position::from_str` and `Move::from_str` on
//! arbitrary and near-valid text (`tests/notation.rs`). Here: moves read
//! through positions (`CheckedGame::parse_move`, `parse_plies`) in every
//! phase under both rule options, and position text read through the game
//! registry for each variant.

use lapilli_game::{CheckedGame, Game};
use lapilli_registry::{Descriptor, GivenOptions, VariantDescriptor};
use lapilli_terni_lapilli::descriptor::Games;
use lapilli_terni_lapilli::{Position, Rules};
use proptest::prelude::*;

/// Positions in every phase, under both rule options of every game.
fn positions() -> Vec<Position> {
    let mut all: Vec<Position> = Rules::all().map(Position::start).collect();
    for text in [
        "B.......W b",
        "B.......W b no-centre-first",
        "BB.W.BW.W w",
        "BWB.W.W.B b",
        "B.......W b three-mens-morris",
        "WBWW.BB.. b tapatan",
        "WBWW.BB.. w nine-holes no-centre-first",
        "BWBWBWWB. w achi",
        ".WBWWBBBW b achi",
    ] {
        all.push(text.parse().unwrap_or_else(|e| panic!("{text}: {e}")));
    }
    all
}

/// Reads `text` as a move of `pos` in both ways; whatever reads is a
/// candidate move written back to itself, and legal exactly when
/// generated.
fn read_moves(pos: &Position, text: &str) -> Result<(), TestCaseError> {
    if let Ok(m) = pos.parse_move(text) {
        prop_assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
        prop_assert_eq!(pos.is_legal(m), pos.legal_moves().contains(&m));
    }
    if let Ok(plies) = pos.parse_plies(text) {
        prop_assert_eq!(plies.len(), 1);
        prop_assert_eq!(pos.parse_move(text), Ok(plies[0]));
        let mut copy = *pos;
        if copy.play(plies[0]).is_err() {
            prop_assert_eq!(copy, *pos);
            prop_assert_eq!(copy.zobrist(), pos.zobrist());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Arbitrary text read as a move in every phase never panics.
    #[test]
    fn moves_read_through_positions_never_panic(s in "\\PC{0,40}") {
        for pos in positions() {
            read_moves(&pos, &s)?;
        }
    }

    /// Text shaped like a move (point digits, `c`, square names, dashes,
    /// spaces).
    #[test]
    fn move_shaped_text_reads_or_errs(s in "[0-9a-dA-C -]{0,6}") {
        for pos in positions() {
            read_moves(&pos, &s)?;
        }
    }

    /// The registry reads position text for each game and option exactly
    /// as the position parser does, refusing the other variants' positions.
    #[test]
    fn registry_reads_position_text(
        s in "(\\PC{0,30}|[BW.]{9} [bw]( (terni-lapilli|three-mens-morris|tapatan|nine-holes|achi))?( no-centre-first)?)"
    ) {
        let games = Games.games().iter().map(|g| g.name);
        let options = [GivenOptions::default(), GivenOptions::default().with_flag("no-centre-first")];
        for (name, options) in games.flat_map(|g| options.clone().map(|o| (g, o))) {
            let variant = Games.variant(name, &options).unwrap();
            match (variant.parse_position(&s), s.parse::<Position>()) {
                (Ok(read), Ok(parsed)) => {
                    prop_assert_eq!(read, parsed);
                    let _ = (variant.diagram(&read, None), variant.result_text(&read));
                }
                (Ok(read), Err(e)) => prop_assert!(false, "the registry reads {} but the parser says {}", read, e),
                (Err(_), Ok(parsed)) => prop_assert!(variant.mismatch(&parsed).is_some()),
                (Err(_), Err(_)) => {}
            }
        }
    }
}
