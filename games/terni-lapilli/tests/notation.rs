//! Position and move text: round trips and robustness.

use lapilli_game::{CheckedGame, Game};
use lapilli_terni_lapilli::{solution, Move, Position, Rules};
use proptest::prelude::*;

#[test]
fn every_reachable_position_round_trips() {
    let mut n = 0;
    for rules in Rules::all() {
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
    // The reachable positions of the 10 rule sets (tests/solve.rs).
    let expected = [5230, 5221, 5466, 5457, 5390, 5381, 5470, 5461, 5716, 5707];
    assert_eq!(n, expected.iter().sum::<usize>());
}

#[test]
fn grid_moves_read_square_names_and_numbers() {
    use lapilli_terni_lapilli::{BoardKind, ParseMoveError, Variant};
    let pos = Position::start(Rules::new(Variant::Tapatan));
    let centre = pos.parse_move("b2").unwrap();
    assert_eq!(pos.parse_move("4"), Ok(centre));
    assert_eq!(pos.parse_move("B2"), Ok(centre));
    assert_eq!(pos.move_text(centre), "b2");
    assert_eq!(centre.to_string(), "4", "Display uses the numbers");
    assert_eq!(pos.parse_move("c"), Err(ParseMoveError::BadSquare("c".into())));
    assert_eq!(pos.parse_move("a4"), Err(ParseMoveError::BadSquare("a4".into())));
    assert_eq!(pos.parse_move("a1-"), Err(ParseMoveError::MissingPoint("a1-".into())));
    assert_eq!(
        pos.parse_move("z9").unwrap_err().to_string(),
        "\"z9\" is not a point of the 3x3 board: name it a1-c3 (files a-c from the left, ranks 1-3 from the bottom) or number it 0-8"
    );
    let slide = Move::parse_on("a1 - c3", BoardKind::Grid).unwrap();
    assert_eq!(slide.text_on(BoardKind::Grid), "a1-c3");
    assert_eq!(slide.text_on(BoardKind::Wheel), "0-8");
    // The wheel keeps its numbers and c for the centre.
    let wheel = Position::default();
    assert_eq!(wheel.parse_move("c"), Ok(Move::parse_on("8", BoardKind::Wheel).unwrap()));
    assert!(matches!(wheel.parse_move("b2"), Err(ParseMoveError::BadPoint(_))));
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
    fn near_valid_text_parses_or_errs(
        points in "[BW.x]{8,10}",
        side in "[bwx]",
        tail in "( (three-mens-morris|tapatan|nine-holes|achi))?( no-centre-first)?",
    ) {
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

    /// Square-name moves on the 3x3 boards print back to what they read.
    #[test]
    fn near_valid_grid_moves(s in "[a-d0-9 -]{0,7}") {
        use lapilli_terni_lapilli::BoardKind;
        if let Ok(m) = Move::parse_on(&s, BoardKind::Grid) {
            prop_assert_eq!(Move::parse_on(&m.text_on(BoardKind::Grid), BoardKind::Grid), Ok(m));
        }
    }
}
