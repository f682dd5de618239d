//! Position text and move notation: round trips and robustness.

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
                    if moves.is_empty() || pos.no_progress() > 120 {
                        break;
                    }
                    let m = moves[rng.gen_range(0..moves.len())];
                    // moves in names and in indices parse back to the ply
                    let plies = variant.parse_plies(&variant.move_text(m)).unwrap();
                    assert_eq!(plies.as_slice(), &[m]);
                    assert_eq!(variant.parse_plies(&m.to_string()).unwrap().as_slice(), &[m]);
                    pos.play(m).unwrap();
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn combined_ply_and_removal() {
    let v = Variant::NineMensMorris;
    let plies = v.parse_plies("d7xg7").unwrap();
    assert_eq!(plies.as_slice(), &["d7".parse::<Move>().unwrap(), "xg7".parse().unwrap()]);
    let plies = v.parse_plies("a1-a4xg7").unwrap();
    assert_eq!(plies.len(), 2);
    assert!(v.parse_plies("xg7xa1").is_err());
    assert!(v.parse_plies("x").is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary text never panics the parsers.
    #[test]
    fn arbitrary_strings_never_panic(s in "\\PC{0,80}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<Move>();
        for v in Variant::ALL {
            let _ = v.parse_plies(&s);
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
