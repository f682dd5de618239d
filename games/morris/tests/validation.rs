//! Position validation (issue 10, item 3) and the messages of refused
//! position text (item 8): each impossible position is refused with the
//! error that names its fault, and each message says what is wrong.

use lapilli_board_graph::{Bitboard, Point};
use lapilli_game::{CheckedGame, Game, Outcome};
use lapilli_morris::{Colour, Ending, ParsePositionError, Position, PositionError, Rules, Variant};

fn refused(text: &str) -> ParsePositionError {
    text.parse::<Position>().expect_err(text)
}

fn message(text: &str) -> String {
    refused(text).to_string()
}

fn points(list: &[usize]) -> Bitboard {
    list.iter().map(|&p| Point::new(p)).collect()
}

// ---- item 3: impossible positions ----

#[test]
fn more_pieces_than_the_variant_gives_are_refused() {
    // Board and hand together: 3 + 9 in Nine Men's Morris.
    assert_eq!(
        refused("WWW...../......../........ w 9 9 - nine-mens-morris"),
        PositionError::TooManyPieces { colour: Colour::White, on_board: 3, in_hand: 9, pieces: 9 }.into()
    );
    assert_eq!(
        message("WWW...../......../........ w 9 9 - nine-mens-morris"),
        "white has 3 pieces on the board and 9 in hand; a side has 9"
    );
    // A hand above the variant's count.
    assert_eq!(
        refused("......../........ w 7 7 - six-mens-morris"),
        PositionError::TooManyPieces { colour: Colour::White, on_board: 0, in_hand: 7, pieces: 6 }.into()
    );
    // Ten on the board in Nine Men's Morris.
    assert_eq!(
        refused("WWWWWWWW/WW....../BBB..... b 0 0 - nine-mens-morris"),
        PositionError::TooManyPieces { colour: Colour::White, on_board: 10, in_hand: 0, pieces: 9 }.into()
    );
    // Lasker Morris gives 10: the same hands are fine there.
    assert!("......../......../........ w 10 10 - lasker-morris".parse::<Position>().is_ok());
}

#[test]
fn hands_follow_alternate_placement() {
    assert_eq!(
        refused("W......./......../........ w 8 9 -"),
        PositionError::HandCounts { white: 8, black: 9, to_move: Colour::White, pending: false }.into()
    );
    assert_eq!(
        message("W......./......../........ w 8 9 -"),
        "white has 8 and black 9 in hand: impossible with white to move"
    );
    // White has just placed and closed a mill: one fewer in hand than Black.
    assert!("WWW...../B......./........ w 6 7 x".parse::<Position>().is_ok());
    assert_eq!(
        refused("WWW...../B......./........ w 6 8 x"),
        PositionError::HandCounts { white: 6, black: 8, to_move: Colour::White, pending: true }.into()
    );
    assert_eq!(
        message("WWW...../B......./........ w 6 8 x"),
        "white has 6 and black 8 in hand: impossible with white to move and a removal pending"
    );
    // Lasker Morris: a side may slide instead of placing, so any hands.
    assert!("W......./......../........ w 8 10 - lasker-morris".parse::<Position>().is_ok());
}

#[test]
fn a_pending_removal_needs_a_mill_and_something_to_remove() {
    // No mill of the side to move: it cannot have just closed one.
    assert_eq!(
        refused("WW.B..../......../........ w 7 8 x"),
        PositionError::PendingWithoutMill(Colour::White).into()
    );
    assert_eq!(
        message("WW.B..../......../........ w 7 8 x"),
        "a removal is pending but white has no mill on the board"
    );
    // Nothing of the opponent's on the board.
    assert_eq!(
        refused("WWW...../......../........ w 6 7 x"),
        PositionError::NothingToRemove(Colour::Black).into()
    );
    assert_eq!(
        message("WWW...../......../........ w 6 7 x"),
        "a removal is pending but black has no piece on the board to remove"
    );
    // Black's mill on the inner square, Black to move, pieces of White's
    // all in mills: the removal is still possible (any piece may go).
    let pos: Position = "WWW...../......../BBB..... b 0 0 x".parse().unwrap();
    assert_eq!(pos.legal_moves().len(), 3);
}

#[test]
fn the_side_not_to_move_cannot_be_reduced() {
    // Refused, not accepted as a finished game: the removal that leaves a
    // side two pieces hands it the move, so the finished game is the
    // position with the reduced side to move.
    assert_eq!(
        refused("WWW.BB../......../........ w 0 0 -"),
        PositionError::OpponentReduced(Colour::Black).into()
    );
    assert_eq!(
        message("WWW.BB../......../........ w 0 0 -"),
        "black has fewer than three pieces but is not to move: the game ended before"
    );
    let finished: Position = "WWW.BB../......../........ b 0 0 -".parse().unwrap();
    assert_eq!(finished.ending(), Some(Ending::Reduction));
    assert_eq!(finished.winner(), Some(Colour::White));
    assert_eq!(finished.outcome(), Some(Outcome::Loss));
    // Pieces in hand count: two on the board and one in hand is three.
    assert!("WWW.BB../......../........ w 0 1 -".parse::<Position>().is_err());
    assert!("WWW.BB../......../....W... b 0 1 - lasker-morris".parse::<Position>().is_ok());
}

#[test]
fn counters_up_to_255_are_accepted_and_above_refused() {
    let rules = Rules::default();
    let (white, black) = (points(&[0, 1, 3]), points(&[8, 9, 11]));
    let at = |n| Position::from_parts(rules, [white, black], [0, 0], Colour::White, false, n);
    assert_eq!(at(255).map(|p| p.no_progress_count()), Ok(255));
    assert_eq!(at(256), Err(PositionError::CounterTooLarge(256)));
    assert_eq!(at(256).unwrap_err().to_string(), "no-progress counter 256 is above 255");
    // From text, a counter of any length is quoted as written.
    assert_eq!(
        message("WW.W..../WW.W..../........ w 0 0 - 4294967296"),
        "no-progress counter: 4294967296 is above 255"
    );
    assert_eq!(message("WW.W..../WW.W..../........ w 0 0 - 0256"), "no-progress counter: 0256 is above 255");
}

#[test]
fn points_off_the_board_or_doubly_occupied_are_refused() {
    let six = Rules::new(Variant::SixMensMorris);
    let off = Position::from_parts(six, [points(&[16]), Bitboard::EMPTY], [5, 6], Colour::Black, false, 0);
    assert_eq!(off, Err(PositionError::BadPoint(Point::new(16))));
    let both =
        Position::from_parts(Rules::default(), [points(&[4]), points(&[4])], [8, 8], Colour::White, false, 0);
    assert_eq!(both, Err(PositionError::BadPoint(Point::new(4))));
}

// ---- item 8: messages ----

#[test]
fn a_position_of_another_variant_without_its_word_says_so() {
    // 16 points: Six Men's Morris.
    let six = refused("......../........ w 6 6 -");
    assert_eq!(
        six,
        ParsePositionError::MissingVariant {
            error: Box::new(ParsePositionError::BoardLength {
                expected: 24,
                found: 16,
                variant: Variant::NineMensMorris
            }),
            fits: vec![Variant::SixMensMorris],
        }
    );
    assert_eq!(
        six.to_string(),
        "read as nine-mens-morris, since no variant word was given: the board has 16 points written; \
         nine-mens-morris has 24, in groups of 8 separated by /; a six-mens-morris position needs the \
         word six-mens-morris after the pending flag and the counter"
    );
    // 12 in hand: Twelve Men's Morris.
    let twelve = refused("......../......../........ w 12 12 -");
    assert!(
        matches!(&twelve, ParsePositionError::MissingVariant { fits, .. } if fits == &[Variant::TwelveMensMorris]),
        "{twelve:?}"
    );
    assert!(twelve.to_string().ends_with(
        "a twelve-mens-morris position needs the word twelve-mens-morris after the pending flag and the counter"
    ));
    // 10 in hand: Twelve Men's or Lasker Morris.
    let ten = refused("......../......../........ w 10 10 -");
    assert!(
        matches!(&ten, ParsePositionError::MissingVariant { fits, .. }
            if fits == &[Variant::TwelveMensMorris, Variant::LaskerMorris]),
        "{ten:?}"
    );
    assert_eq!(
        ten.to_string(),
        "read as nine-mens-morris, since no variant word was given: white has 0 pieces on the board and \
         10 in hand; a side has 9; a twelve-mens-morris or lasker-morris position needs its name after \
         the pending flag and the counter"
    );
    // A mill only on a diagonal (a7 b6 c5): Twelve Men's Morris.
    let diagonal = refused("W...B.../W...B.../W....... w 6 7 x");
    assert!(
        matches!(&diagonal, ParsePositionError::MissingVariant { error, fits }
            if **error == PositionError::PendingWithoutMill(Colour::White).into()
                && fits == &[Variant::TwelveMensMorris]),
        "{diagonal:?}"
    );
    let with_word: Position = "W...B.../W...B.../W....... w 6 7 x twelve-mens-morris".parse().unwrap();
    assert!(with_word.pending_removal());
    // Six Men's Morris with its flying option.
    assert!(matches!(refused("......../........ w 6 6 - flying"), ParsePositionError::MissingVariant { .. }));
    // With a variant word given, the fault is reported as it is.
    assert_eq!(
        refused("......../......../........ w 6 6 - six-mens-morris"),
        ParsePositionError::BoardLength { expected: 16, found: 24, variant: Variant::SixMensMorris }
    );
    // Faults no variant mends get no hint.
    assert_eq!(
        refused("......../......../....... w 9 9 -"),
        ParsePositionError::BoardLength { expected: 24, found: 23, variant: Variant::NineMensMorris }
    );
}

#[test]
fn the_default_variant_word_and_redundant_flying_words_are_accepted() {
    let nine: Position = "......../......../........ w 9 9 - nine-mens-morris".parse().unwrap();
    assert_eq!(nine, Position::default());
    assert_eq!(nine.to_string(), "......../......../........ w 9 9 -");
    let counted: Position = "......../......../........ w 9 9 - 0 nine-mens-morris flying".parse().unwrap();
    assert_eq!(counted.to_string(), "......../......../........ w 9 9 -");
    let six: Position = "......../........ w 6 6 - six-mens-morris no-flying".parse().unwrap();
    assert_eq!(six.to_string(), "......../........ w 6 6 - six-mens-morris");
    let no_flying: Position =
        "......../......../........ w 9 9 - nine-mens-morris no-flying".parse().unwrap();
    assert!(!no_flying.rules().flying);
    assert_eq!(no_flying.to_string(), "......../......../........ w 9 9 - no-flying");
}

#[test]
fn trailing_fields_out_of_order_are_named() {
    let e = refused("......../........ w 6 6 - six-mens-morris 12");
    assert_eq!(e, ParsePositionError::Misplaced { field: "12".into(), after: "six-mens-morris".into() });
    assert_eq!(
        e.to_string(),
        "\"12\" after \"six-mens-morris\": after the pending flag come the no-progress counter, the variant \
         and no-flying or flying, in that order, each at most once"
    );
    assert_eq!(
        refused("......../......../........ w 9 9 - 5 5"),
        ParsePositionError::Misplaced { field: "5".into(), after: "5".into() }
    );
    assert_eq!(
        refused("......../......../........ w 9 9 - no-flying lasker-morris"),
        ParsePositionError::Misplaced { field: "lasker-morris".into(), after: "no-flying".into() }
    );
    let e = refused("......../......../........ w 9 9 - chess");
    assert_eq!(e, ParsePositionError::BadField("chess".into()));
    assert_eq!(
        e.to_string(),
        "unknown field \"chess\": after the pending flag come the no-progress counter, the variant \
         (six-mens-morris, twelve-mens-morris, lasker-morris or nine-mens-morris) and no-flying or flying"
    );
    // Quoted input is cut to the workspace's excerpt.
    let long = "q".repeat(10_000);
    let e = refused(&format!("......../......../........ w 9 9 - {long}"));
    assert_eq!(e, ParsePositionError::BadField(format!("{}…", "q".repeat(24))));
}

#[test]
fn a_board_in_the_wrong_groups_is_named() {
    let e = refused("......../................ w 9 9 -");
    assert_eq!(
        e,
        ParsePositionError::BoardLength { expected: 24, found: 24, variant: Variant::NineMensMorris }
    );
    assert_eq!(e.to_string(), "the board's 24 points are not in 3 groups of 8 separated by /");
}
