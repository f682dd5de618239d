//! Position and move text: round trips and robustness.

use lapilli_search::{CheckedGame, Game};
use lapilli_terni_lapilli::{solution, Move, Position, Rules};
use proptest::prelude::*;

#[test]
fn every_reachable_position_round_trips() {
    let mut n = 0;
    for rules in [Rules::default(), Rules { centre_first: false }] {
        for (pos, _, _) in solution::solve_unreduced(rules).entries() {
            let text = pos.to_string();
            let parsed: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(parsed, *pos);
            assert_eq!(parsed.to_string(), text);
            assert_eq!(parsed.zobrist(), pos.zobrist());
            for m in pos.legal_moves() {
                assert_eq!(m.to_string().parse::<Move>(), Ok(m));
                assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
            }
            n += 1;
        }
    }
    assert_eq!(n, 5230 + 5221);
}

#[test]
fn move_errors_are_specific_and_short() {
    use lapilli_terni_lapilli::ParseMoveError;
    assert_eq!("-".parse::<Move>(), Err(ParseMoveError::MissingPoint("-".into())));
    assert_eq!("1-".parse::<Move>(), Err(ParseMoveError::MissingPoint("1-".into())));
    assert_eq!("08".parse::<Move>(), Err(ParseMoveError::BadPoint("08".into())));
    assert_eq!("0--1".parse::<Move>(), Err(ParseMoveError::Malformed("0--1".into())));
    let long = "9".repeat(10_000);
    let message = long.parse::<Move>().unwrap_err().to_string();
    assert!(message.len() < 200, "{message}");
    let message = long.parse::<Position>().unwrap_err().to_string();
    assert!(message.len() < 300, "{message}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(s in ".{0,40}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<Move>();
    }

    /// Text close to valid: the right alphabet and shape, random content.
    /// Whatever parses prints back unchanged.
    #[test]
    fn near_valid_text_parses_or_errs(points in "[BW.x]{8,10}", side in "[bwx]", tail in "( no-centre-first)?") {
        let text = format!("{points} {side}{tail}");
        if let Ok(pos) = text.parse::<Position>() {
            prop_assert_eq!(pos.to_string(), text);
        }
    }

    #[test]
    fn near_valid_moves(s in "[0-9c-]{0,5}") {
        if let Ok(m) = s.parse::<Move>() {
            prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
    }
}
