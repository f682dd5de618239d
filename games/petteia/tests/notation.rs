//! Position and move text: round trips on every visited position, error
//! messages, and robustness against arbitrary text.

use lapilli_petteia::{MoveText, Position, Rules, Setup, Variant};
use lapilli_search::Game;
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
            assert_eq!(parsed.hash(), pos.hash());
            assert_eq!(parsed.no_progress_counter(), pos.no_progress_counter());
            let moves = pos.legal_moves();
            for &m in &moves {
                assert_eq!(pos.parse_move(&m.to_string()), Ok(m));
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
    assert_eq!(e, "illegal move a2-a5xa6: this move captures nothing, not a6");
    let e = Position::default().parse_move("a1-a3").unwrap_err().to_string();
    assert_eq!(e, "illegal move a1-a3: the way is blocked at a2");
    let e = "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w".parse::<Position>().unwrap_err().to_string();
    assert!(e.starts_with("expected ranks separated by /"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_text_never_panics(s in ".{0,80}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<MoveText>();
        let _ = Position::default().parse_move(&s);
        let _ = lapilli_petteia::parse_size(&s);
    }

    /// Text close to valid: the right alphabet and shape, random content.
    /// Whatever parses prints back unchanged, and its moves are legal.
    #[test]
    fn near_valid_text_parses_or_errs(
        ranks in proptest::collection::vec("[mMdD1-9.]{1,10}", 1..14),
        side in "[wbx]",
        counter in "[0-9]{1,3}",
        tail in "( anvil)?( corners)?( no-progress=(none|[0-9]{1,3}))?",
    ) {
        let text = format!("{} {side} {counter}{tail}", ranks.join("/"));
        if let Ok(pos) = text.parse::<Position>() {
            prop_assert_eq!(pos.to_string(), text);
            for m in pos.legal_moves() {
                prop_assert!(pos.is_legal(m));
            }
        }
    }

    #[test]
    fn near_valid_moves_never_panic(s in "[a-jx0-9-]{0,12}") {
        let pos = Position::default();
        if let Ok(m) = pos.parse_move(&s) {
            prop_assert!(pos.is_legal(m));
        }
        let big = Setup::new(Variant::Dux).size(9, 10).unwrap().start();
        if let Ok(m) = big.parse_move(&s) {
            prop_assert!(big.is_legal(m));
        }
    }
}
