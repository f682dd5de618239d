//! Position and move text: round trips on every visited position, error
//! messages, and robustness against arbitrary text.

use lapilli_game::{CheckedGame, Game};
use lapilli_petteia::{
    Colour, ParsePositionError, Position, PositionError, Rules, Setup, SetupError, Variant,
};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn every_visited_position_round_trips() {
    let mut rng = StdRng::seed_from_u64(9);
    let mut visited = 0;
    let rules = [
        Rules::default(),
        Rules { edge_anvil: true, corner_capture: false, no_progress_limit: Some(30) },
        Rules { edge_anvil: false, corner_capture: true, no_progress_limit: None },
    ];
    for game in 0..60 {
        let variant = if game % 2 == 0 { Variant::Standard } else { Variant::Dux };
        let (w, h) = [(8, 8), (8, 12), (9, 10), (3, 5), (16, 8)][game % 5];
        let mut pos = Setup::new(variant).size(w, h).unwrap().rules(rules[game % 3]).start();
        for _ in 0..150 {
            let text = pos.to_string();
            let parsed: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(parsed, pos);
            assert_eq!(parsed.to_string(), text);
            assert_eq!(parsed.zobrist(), pos.zobrist());
            assert_eq!(parsed.no_progress_count(), pos.no_progress_count());
            let moves = pos.legal_moves();
            for &m in &moves {
                assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
                let bare = format!("{}-{}", pos.square_name(m.from()), pos.square_name(m.to()));
                assert_eq!(pos.parse_move(&bare), Ok(m));
            }
            visited += 1;
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.gen_range(0..moves.len())]).unwrap();
        }
    }
    assert!(visited > 60 * 100, "{visited}");
}

#[test]
fn error_messages_are_short_and_specific() {
    use lapilli_petteia::PositionError;
    let too_many = "mmmmmmmm/mmmmmmmm/mmmmmmmm/8/8/8/MMMMMMMM/MMMMMMMM w 0".parse::<Position>().unwrap_err();
    assert_eq!(
        too_many,
        PositionError::TooManyPieces { colour: lapilli_petteia::Colour::Black, count: 24, most: 16 }.into()
    );
    let dux_and_15 = "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMD w 0".parse::<Position>().unwrap_err();
    assert_eq!(
        dux_and_15,
        PositionError::TooManyPieces { colour: lapilli_petteia::Colour::White, count: 16, most: 9 }.into()
    );
    let long = "m".repeat(10_000);
    let message = long.parse::<Position>().unwrap_err().to_string();
    assert!(message.len() < 300, "{message}");
    let message = Position::default().parse_move(&long).unwrap_err().to_string();
    assert!(message.len() < 200, "{message}");
    let e = Position::default().parse_move("a2-a5xa6").unwrap_err().to_string();
    assert_eq!(e, "this move captures nothing, not a6");
    let mut pos = Position::default();
    let e = pos.play(pos.parse_move("a1-a3").unwrap()).unwrap_err().to_string();
    assert_eq!(e, "a1-a3 is illegal: the way is blocked at a2");
    let e = "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w".parse::<Position>().unwrap_err().to_string();
    assert!(e.starts_with("expected ranks separated by /"), "{e}");
}

// ---- moved from the unit tests of src/notation.rs ----

#[test]
fn errors_name_the_fault() {
    let p = |s: &str| s.parse::<Position>();
    assert!(matches!(p(""), Err(ParsePositionError::Shape(_))));
    assert!(matches!(p("8/8 w"), Err(ParsePositionError::Shape(_))));
    assert_eq!(
        p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMX w 0"),
        Err(ParsePositionError::BadPiece { rank: 1, found: 'X' })
    );
    // One number policy: leading zeros are read (and not printed).
    let start = "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0";
    assert_eq!(
        p("mmmmmmmm/mmmmmmmm/08/8/8/8/MMMMMMMM/MMMMMMMM w 0").map(|pos| pos.to_string()),
        Ok(start.into())
    );
    assert_eq!(
        p("mmmmmmmm/mmmmmmmm/0m7/8/8/8/MMMMMMMM/MMMMMMMM w 0"),
        Err(ParsePositionError::BadCount { rank: 6, count: "0".into() })
    );
    assert_eq!(
        p("mmmmmmmm/mmmmmmmm/44/8/8/8/MMMMMMMM/MMMMMMMM w 0"),
        Err(ParsePositionError::BadCount { rank: 6, count: "44".into() })
    );
    assert_eq!(
        p("mmmmmmmm/mmmmmmmm/7/8/8/8/MMMMMMMM/MMMMMMMM w 0"),
        Err(ParsePositionError::RankWidth { rank: 6, found: 7, expected: 8 })
    );
    assert_eq!(
        p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM x 0"),
        Err(ParsePositionError::BadSide("x".into()))
    );
    assert_eq!(
        p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 01").map(|pos| pos.no_progress_count()),
        Ok(1)
    );
    assert_eq!(
        p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 1x"),
        Err(ParsePositionError::BadCounter("1x".into()))
    );
    assert_eq!(
        p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 4294967296"),
        Err(ParsePositionError::BadCounter("4294967296".into()))
    );
    // One whitespace policy: runs of whitespace separate the fields.
    assert_eq!(
        p("  mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM  w\t0 ").map(|pos| pos.to_string()),
        Ok(start.into())
    );
    assert_eq!(
        p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0 corners anvil"),
        Err(ParsePositionError::BadRule("anvil".into()))
    );
    assert_eq!(
        p("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0 no-progress=100"),
        Err(ParsePositionError::BadRule("no-progress=100".into()))
    );
    assert_eq!(
        p("mmmmmmmm/8/8/MMMMMMMM w 0"),
        Err(ParsePositionError::Position(PositionError::Size(SetupError::BadSize { width: 8, height: 4 })))
    );
    assert_eq!(p("m7/8/8/8/8/8/8/MM6 w 0"), Err(PositionError::OpponentReduced(Colour::Black).into()));
    assert_eq!(p("dd6/8/8/8/8/8/8/MM6 w 0"), Err(PositionError::TwoDuxes(Colour::Black).into()));
}

#[test]
fn rules_round_trip() {
    for text in [
        "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0 anvil",
        "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM b 7 anvil corners no-progress=50",
        "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 65535 no-progress=none",
        "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 4294967295 no-progress=4294967295",
        "mmmmmmmmm/mmmmmmmmm/9/9/9/9/9/9/MMMMMMMMM/MMMMMMMMM w 0",
    ] {
        let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.to_string(), text);
    }
    let pos: Position =
        "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM b 7 anvil corners no-progress=50".parse().unwrap();
    assert_eq!(pos.rules(), Rules { edge_anvil: true, corner_capture: true, no_progress_limit: Some(50) });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_text_never_panics(s in ".{0,80}") {
        let _ = s.parse::<Position>();
        let _ = Position::default().parse_move(&s);
        let _ = Setup::default().size(8, 12).unwrap().start().parse_move(&s);
        let _ = lapilli_petteia::parse_size(&s);
    }

    /// Text close to valid: the right alphabet and shape, random content.
    /// Whatever parses prints back unchanged (once numbers written with
    /// leading zeros are printed without), and its moves are legal.
    #[test]
    fn near_valid_text_parses_or_errs(
        ranks in proptest::collection::vec("[mMdD1-9.]{1,10}", 1..14),
        side in "[wbx]",
        counter in "[0-9]{1,3}",
        tail in "( anvil)?( corners)?( no-progress=(none|[0-9]{1,3}))?",
    ) {
        let text = format!("{} {side} {counter}{tail}", ranks.join("/"));
        if let Ok(pos) = text.parse::<Position>() {
            let leading_zero = |n: &str| n.len() > 1 && n.starts_with('0');
            let limit = tail.split_once("no-progress=").map_or("", |(_, n)| n);
            if leading_zero(&counter) || leading_zero(limit) {
                let printed = pos.to_string();
                let again: Position = printed.parse().unwrap();
                prop_assert_eq!(again, pos);
                prop_assert_eq!(again.to_string(), printed);
                prop_assert_eq!(again.no_progress_count(), counter.parse::<u32>().unwrap());
            } else {
                prop_assert_eq!(pos.to_string(), text);
            }
            for m in pos.legal_moves() {
                prop_assert!(pos.is_legal(m));
            }
        }
    }

    /// Reading never panics; whatever reads as a move is written back to
    /// the same move, and the legality check accepts it exactly when move
    /// generation lists it (reading leaves legality to the check).
    #[test]
    fn near_valid_moves_never_panic(s in "[a-jx0-9-]{0,12}") {
        let big = Setup::new(Variant::Dux).size(9, 10).unwrap().start();
        for pos in [Position::default(), big] {
            if let Ok(m) = pos.parse_move(&s) {
                prop_assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
                prop_assert_eq!(pos.is_legal(m), pos.legal_moves().contains(&m));
            }
        }
    }
}

/// With the `serde` feature, positions travel as their text and moves as
/// their squares.
#[cfg(feature = "serde")]
#[test]
fn serde_round_trips() {
    let pos: Position = "8/8/3M4/3m4/1Mm1mM2/8/8/3M4 w 7 anvil".parse().unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, "\"8/8/3M4/3m4/1Mm1mM2/8/8/3M4 w 7 anvil\"");
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!((back, back.no_progress_count()), (pos, 7));
    assert!(serde_json::from_str::<Position>("\"8/8 w 0\"").is_err());
    let m = pos.parse_move("d1-d4").unwrap();
    let json = serde_json::to_string(&m).unwrap();
    assert_eq!(serde_json::from_str::<lapilli_petteia::Move>(&json).unwrap(), m);
}
