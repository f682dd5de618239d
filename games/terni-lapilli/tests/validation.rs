//! Position validation (issue 10, item 3) and the messages of refused
//! position text (item 8): each impossible position is refused with the
//! error that names its fault, and each message says what is wrong.

use lapilli_board_graph::{Bitboard, Colour, Point};
use lapilli_game::{CheckedGame, Game, Outcome};
use lapilli_terni_lapilli::{Ending, ParsePositionError, Position, PositionError, Rules, Variant};

fn refused(text: &str) -> ParsePositionError {
    text.parse::<Position>().expect_err(text)
}

fn message(text: &str) -> String {
    refused(text).to_string()
}

#[test]
fn both_sides_with_a_line_are_refused() {
    // Black 0-1-2 and White 3-4-5: whoever completed a line first ended
    // the game, so the other line was never completed.
    for side in ["b", "w"] {
        let text = format!("BBBWWW... {side}");
        assert_eq!(refused(&text), PositionError::BothHaveLines.into(), "{text}");
        assert_eq!(message(&text), "both sides have three in a line: the game ends at the first");
    }
}

#[test]
fn a_line_of_the_side_to_move_is_refused() {
    assert_eq!(refused("BBBWW.W.. b"), PositionError::MoverHasLine(Colour::Black).into());
    assert_eq!(
        message("BBBWW.W.. b"),
        "black to move already has three in a line: the game would have ended before"
    );
    // White's line 3-4-5 with White to move in the moving phase.
    assert_eq!(refused("B.BWWWB.. w"), PositionError::MoverHasLine(Colour::White).into());
}

#[test]
fn a_line_of_the_side_that_moved_last_is_a_finished_game() {
    let pos: Position = "BBBWW.... w".parse().unwrap();
    assert_eq!(pos.ending(), Some(Ending::Line));
    assert_eq!(pos.winner(), Some(Colour::Black));
    assert_eq!(pos.outcome(), Some(Outcome::Loss));
}

#[test]
fn counts_and_side_to_move_follow_alternate_placement() {
    // Black places first: as many pieces as White or one more.
    assert_eq!(refused("WW....... b"), PositionError::Counts { black: 0, white: 2 }.into());
    assert_eq!(refused("BBB...... w"), PositionError::Counts { black: 3, white: 0 }.into());
    assert_eq!(
        message("BBB...... w"),
        "black has 3 and white 0 pieces: black, placing first, has as many as white or one more"
    );
    // While placing, the counts fix the side to move.
    assert_eq!(
        refused("B........ b"),
        PositionError::SideToMove { black: 1, white: 0, expected: Colour::White }.into()
    );
    assert_eq!(
        refused("B.......W w"),
        PositionError::SideToMove { black: 1, white: 1, expected: Colour::Black }.into()
    );
    assert_eq!(message("B.......W w"), "with 1 black and 1 white pieces it is black to move");
    // With all six placed, either side may be to move.
    for side in ["b", "w"] {
        assert!(format!("BB.WWB.W. {side}").parse::<Position>().is_ok());
    }
    assert_eq!(
        refused("BBBB..... w"),
        PositionError::TooManyPieces { colour: Colour::Black, count: 4, variant: Variant::TerniLapilli }
            .into()
    );
    assert_eq!(message("BBBB..... w"), "black has 4 pieces; each side has 3");
}

#[test]
fn piece_counts_follow_each_game() {
    // Four a side is achi's full count and too many elsewhere.
    let full = "BWBWBWWB.";
    for side in ["b", "w"] {
        assert!(format!("{full} {side} achi").parse::<Position>().is_ok());
    }
    for variant in [Variant::ThreeMensMorris, Variant::Tapatan, Variant::NineHoles] {
        let text = format!("{full} b {variant}");
        assert_eq!(
            refused(&text),
            PositionError::TooManyPieces { colour: Colour::Black, count: 4, variant }.into(),
            "{text}"
        );
        assert_eq!(message(&text), format!("black has 4 pieces; each side has 3 in {variant}"));
    }
    assert_eq!(message("BBBBBWWWW w achi"), "black has 5 pieces; each side has 4 in achi");
    // In achi the placements last eight plies: with 7 pieces placed it is
    // White's turn, with 6 Black's.
    assert_eq!(
        refused("BBWW.WBB. b achi"),
        PositionError::SideToMove { black: 4, white: 3, expected: Colour::White }.into()
    );
    assert!("BBW.W.BW. w tapatan".parse::<Position>().is_ok(), "three a side: the moving phase");
    assert!("BBW.W.BW. b achi".parse::<Position>().is_ok());
    assert_eq!(
        refused("BBW.W.BW. w achi"),
        PositionError::SideToMove { black: 3, white: 3, expected: Colour::Black }.into()
    );
    // Lines are the game's: the diagonal a1 b2 c3 wins only on the board
    // that draws it.
    assert_eq!(refused("B...B...B b tapatan"), PositionError::Counts { black: 3, white: 0 }.into());
    assert_eq!(refused("BW..BW.WB b tapatan"), PositionError::MoverHasLine(Colour::Black).into());
    assert!("BW..BW.WB b three-mens-morris".parse::<Position>().is_ok());
    assert!("BW..BW.WB b nine-holes".parse::<Position>().is_ok());
}

#[test]
fn points_off_the_wheel_or_doubly_occupied_are_refused() {
    let rules = Rules::default();
    let off = Point::new(9).bit();
    assert_eq!(
        Position::from_parts(rules, [Bitboard::EMPTY, off], Colour::White),
        Err(PositionError::OffBoard(Point::new(9)))
    );
    let both = Point::new(4).bit();
    assert_eq!(
        Position::from_parts(rules, [both, both], Colour::Black),
        Err(PositionError::Overlap(Point::new(4)))
    );
}

#[test]
fn no_centre_first_refuses_a_lone_black_piece_on_the_centre() {
    assert_eq!(refused("........B w no-centre-first"), PositionError::CentreFirst.into());
    assert_eq!(
        message("........B w no-centre-first"),
        "black's only piece stands on the centre, where no-centre-first forbids the first placement"
    );
    // Under the default rules it is Black's opening on the centre.
    assert!("........B w".parse::<Position>().is_ok());
    // Once Black has a second piece, its first may have been elsewhere.
    assert!("B......WB w no-centre-first".parse::<Position>().is_ok());
    // On the 3x3 boards the centre is b2, point 4.
    assert_eq!(refused("....B.... w tapatan no-centre-first"), PositionError::CentreFirst.into());
    assert!("........B w tapatan no-centre-first".parse::<Position>().is_ok());
    assert!("....B.... w achi".parse::<Position>().is_ok());
}

#[test]
fn malformed_text_is_named() {
    let wheel = Variant::TerniLapilli;
    assert_eq!(refused("........ b"), ParsePositionError::PointCount { found: 8, variant: wheel });
    assert_eq!(
        message("........ b"),
        "8 points written; the wheel has 9 (the ring 0-7, then the centre 8), each B, W or ."
    );
    assert_eq!(refused(".......... b"), ParsePositionError::PointCount { found: 10, variant: wheel });
    assert_eq!(
        message(".......... b nine-holes"),
        "10 points written; the 3x3 board of nine-holes has 9 (a1 b1 c1 a2 b2 c2 a3 b3 c3), each B, W or ."
    );
    // A variant word other than no-centre-first, quoted (cut when long).
    assert_eq!(
        refused("......... b no-center-first"),
        ParsePositionError::BadVariant("no-center-first".into())
    );
    assert_eq!(
        message("......... b no-center-first"),
        "unknown variant word \"no-center-first\": after the side to move come the game (three-mens-morris, tapatan, nine-holes or achi; terni-lapilli is the default) and no-centre-first (the centre forbidden on the first placement)"
    );
    assert_eq!(
        refused("......... b three-mans-morris"),
        ParsePositionError::BadVariant("three-mans-morris".into())
    );
    assert_eq!(
        message("......... b no-centre-first achi"),
        "\"achi\" is out of place: the game's name comes before no-centre-first, each at most once"
    );
    let long = "x".repeat(1000);
    let e = refused(&format!("......... b {long}"));
    assert_eq!(e, ParsePositionError::BadVariant(format!("{}…", "x".repeat(24))));
    // The side to move left out before the variant word.
    assert_eq!(refused("......... no-centre-first"), ParsePositionError::MissingSide);
    assert_eq!(
        message("......... no-centre-first"),
        "the side to move (b or w) is missing: it comes after the points and before the game's name and no-centre-first"
    );
    assert_eq!(refused("......... achi"), ParsePositionError::MissingSide);
    assert_eq!(refused("......... b no-centre-first x"), ParsePositionError::BadVariant("x".into()));
    assert!(matches!(refused("......... b achi no-centre-first x"), ParsePositionError::Shape(_)));
}
