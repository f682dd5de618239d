//! Position text and move notation: round trips and robustness.

use lapilli_game::CheckedGame;
use lapilli_morris::{Move, Position, Rules, Variant};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn every_visited_position_prints_back_unchanged() {
    let mut rng = StdRng::seed_from_u64(4);
    let mut checked = 0;
    for variant in Variant::ALL {
        for flying in [true, false] {
            let rules = Rules { variant, flying };
            for _ in 0..30 {
                let mut pos = Position::start(rules);
                loop {
                    let text = pos.to_string();
                    let back: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert_eq!(back, pos);
                    assert_eq!(back.to_string(), text);
                    checked += 1;
                    let moves = pos.legal_moves();
                    if moves.is_empty() || pos.no_progress_count() > 120 {
                        break;
                    }
                    let m = moves[rng.gen_range(0..moves.len())];
                    // moves in names and in indices parse back to the ply
                    let plies = pos.parse_plies(&pos.move_text(m)).unwrap();
                    assert_eq!(plies.as_slice(), &[m]);
                    assert_eq!(pos.parse_plies(&m.to_string()).unwrap().as_slice(), &[m]);
                    assert_eq!(m.to_string().parse::<Move>(), Ok(m));
                    pos.play(m).unwrap();
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn combined_ply_and_removal() {
    // White a7 g7 places d7 and closes a7-d7-g7; Black a1 a4 stand loose.
    let placing: Position = "W.W...BB/......../........ w 7 7 -".parse().unwrap();
    let plies = placing.parse_plies("d7xa1").unwrap();
    assert_eq!(plies, [placing.parse_move("d7").unwrap(), placing.parse_move("xa1").unwrap()]);
    // White slides g4-g7 and closes a7-d7-g7.
    let sliding: Position = "WW.W..../B.....W./B...B... w 0 0 -".parse().unwrap();
    let plies = sliding.parse_plies("g4-g7xb6").unwrap();
    assert_eq!(plies.len(), 2);
    assert!(sliding.parse_plies("xg7xa1").is_err());
    assert!(sliding.parse_plies("x").is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary text never panics the parsers.
    #[test]
    fn arbitrary_strings_never_panic(s in "\\PC{0,80}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<Move>();
        for v in Variant::ALL {
            let pos = Position::start(Rules::new(v));
            let _ = pos.parse_move(&s);
            let _ = pos.parse_plies(&s);
        }
    }

    /// Text shaped like a position, with arbitrary fields, never panics and
    /// either fails or prints back to a text that parses to the same.
    #[test]
    fn position_shaped_text(board in "[WB./]{16,30}", side in "[wbx]", w in 0u8..14, b in 0u8..14,
                            pending in "[-x]", counter in proptest::option::of(0u32..300),
                            variant in proptest::option::of("(six-mens-morris|twelve-mens-morris|lasker-morris)"),
                            flying in proptest::option::of("(no-flying|flying)")) {
        let mut text = format!("{board} {side} {w} {b} {pending}");
        for extra in [counter.map(|c| c.to_string()), variant, flying].into_iter().flatten() {
            text.push(' ');
            text.push_str(&extra);
        }
        if let Ok(pos) = text.parse::<Position>() {
            let printed = pos.to_string();
            prop_assert_eq!(printed.parse::<Position>().unwrap(), pos);
        }
    }
}

/// Every candidate ply of every board reads back from its text, in point
/// names and in indices.
#[test]
fn move_text_reads_back_on_every_board() {
    for v in Variant::ALL {
        let pos = Position::start(Rules::new(v));
        let candidates = pos.candidate_moves();
        assert_eq!(candidates.len(), v.points() * (v.points() + 1), "{v}");
        for m in candidates {
            assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m), "{v}");
            assert_eq!(pos.parse_move(&m.to_string()), Ok(m), "{v}");
        }
    }
}
