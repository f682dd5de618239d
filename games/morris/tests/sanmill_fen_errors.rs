//! Sanmill's FEN refused with typed errors: malformed text, what a
//! lapilli position cannot express, and the messages, which name the
//! field.

use lapilli_board_graph::{Colour, Point};
use lapilli_morris::sanmill_fen::{Dialect, Field, Ring, SanmillFen, SanmillFenError};
use lapilli_morris::{Position, PositionError, Rules, Variant};

mod sanmill_texts;
use sanmill_texts::{with_field, with_point, THREEFOLD_VECTOR, VECTORS};

fn parse(text: &str) -> Result<SanmillFen, SanmillFenError> {
    text.parse()
}

#[test]
fn malformed_fens_give_typed_errors() {
    let good = VECTORS[1].cpp; // @*******/O*O*****/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0 2
    assert!(matches!(parse(""), Err(SanmillFenError::FieldCount { found: 0, .. })));
    assert!(matches!(
        parse("@*******/O*O*****/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0"),
        Err(SanmillFenError::FieldCount { found: 16, .. })
    ));
    assert!(matches!(
        parse(&with_field(good, 0, "@*******/O*O*****")),
        Err(SanmillFenError::RingCount { found: 2, .. })
    ));
    assert!(matches!(
        parse(&with_field(good, 0, "@*******/O*O*****/********/********")),
        Err(SanmillFenError::RingCount { found: 4, .. })
    ));
    assert_eq!(
        parse(&with_field(good, 0, "@*******/O*O******/*******")),
        Err(SanmillFenError::RingLength { ring: Ring::Middle, found: 9 })
    );
    assert_eq!(
        parse(&with_field(good, 0, "@*******/O*O*****/*******")),
        Err(SanmillFenError::RingLength { ring: Ring::Outer, found: 7 })
    );
    assert_eq!(
        parse(&with_field(good, 0, "@*******/O*O*****/***.****")),
        Err(SanmillFenError::Symbol { point: "g1", found: '.' })
    );
    assert_eq!(
        parse(&with_field(good, 0, "W*******/O*O*****/********")),
        Err(SanmillFenError::Symbol { point: "d5", found: 'W' })
    );
    assert_eq!(parse(&with_field(good, 1, "x")), Err(SanmillFenError::Side("x".into())));
    assert_eq!(parse(&with_field(good, 1, "white")), Err(SanmillFenError::Side("white".into())));
    assert_eq!(parse(&with_field(good, 2, "q")), Err(SanmillFenError::Phase("q".into())));
    assert_eq!(parse(&with_field(good, 3, "x")), Err(SanmillFenError::Action("x".into())));
    // counts
    let number = |field| move |e: Result<SanmillFen, SanmillFenError>| matches!(e, Err(SanmillFenError::Number { field: f, .. }) if f == field);
    assert!(number(Field::OnBoard(Colour::White))(parse(&with_field(good, 4, "two"))));
    assert!(number(Field::OnBoard(Colour::White))(parse(&with_field(good, 4, "-2"))));
    assert!(number(Field::OnBoard(Colour::White))(parse(&with_field(good, 4, "25"))));
    assert!(number(Field::InHand(Colour::White))(parse(&with_field(good, 5, "13"))));
    assert!(number(Field::InHand(Colour::Black))(parse(&with_field(good, 7, "99999999999999999999999"))));
    assert!(number(Field::ToRemove(Colour::Black))(parse(&with_field(good, 9, "-25"))));
    assert!(number(Field::ToRemove(Colour::Black))(parse(&with_field(good, 9, "1.5"))));
    assert!(number(Field::NoProgress)(parse(&with_field(good, 15, "-1"))));
    assert!(number(Field::MoveNumber)(parse(&with_field(good, 16, "4294967296"))));
    assert!(number(Field::FormedMills)(parse(&with_field(good, 14, "18446744073709551615"))));
    assert_eq!(
        parse(&with_field(good, 4, "3")),
        Err(SanmillFenError::OnBoard { colour: Colour::White, count: 3, board: 2 })
    );
    assert_eq!(
        parse(&with_field(good, 6, "0")),
        Err(SanmillFenError::OnBoard { colour: Colour::Black, count: 0, board: 1 })
    );
    assert_eq!(
        parse(&with_field(good, 5, "11")),
        Err(SanmillFenError::TooManyPieces { colour: Colour::White, on_board: 2, in_hand: 11 })
    );
    // point ids of the dialect
    assert_eq!(
        parse(&with_field(good, 10, "7")),
        Err(SanmillFenError::PointId {
            field: Field::LastMillFrom(Colour::White),
            text: "7".into(),
            dialect: Dialect::Squares
        })
    );
    assert!(matches!(
        parse(&with_field(good, 13, "-1")),
        Err(SanmillFenError::PointId { dialect: Dialect::Squares, .. })
    ));
    let rust = VECTORS[1].rust;
    assert!(matches!(
        parse(&with_field(rust, 11, "24")),
        Err(SanmillFenError::PointId { dialect: Dialect::Nodes, .. })
    ));
    assert_eq!(
        parse(&with_field(rust, 12, "0")).unwrap().last_mill(Colour::Black),
        [Some(Point::new(17)), None]
    ); // d5
    assert!(matches!(parse(&with_field(good, 12, "32")), Err(SanmillFenError::PointId { .. })));
    // formed mills: bits 0..7 name no square; bits 24.. no node
    assert!(matches!(
        parse(&with_field(good, 14, "1")),
        Err(SanmillFenError::MillsMask { dialect: Dialect::Squares, .. })
    ));
    assert_eq!(
        parse(&with_field(good, 14, "256")).unwrap().formed_mills(Colour::Black),
        Point::new(17).bit()
    ); // d5
    assert!(matches!(
        parse(&with_field(rust, 14, "16777216")),
        Err(SanmillFenError::MillsMask { dialect: Dialect::Nodes, .. })
    ));
    assert_eq!(parse(&with_field(rust, 14, "1")).unwrap().formed_mills(Colour::Black), Point::new(17).bit()); // d5
                                                                                                              // extensions
    for ext in [
        "q:1",
        "nonsense",
        "s:3",
        "c:w-1-9",
        "c:b-0-|w-0-",
        "c:w-1-7|b-0-",
        "p:0",
        "s:1 ids:nodes",
        "s:1 p:9",
        "s:1 s:2",
    ] {
        let text = format!("{good} {ext}");
        assert!(
            matches!(parse(&text), Err(SanmillFenError::Extension(_) | SanmillFenError::PointId { .. })),
            "{text}"
        );
    }
    assert!(matches!(
        parse(&format!("{good} c:w-25-|b-0-")),
        Err(SanmillFenError::Number { field: Field::CaptureCount, .. })
    ));
    // the wrong dialect: a Rust FEN's -1 without the marker
    assert!(matches!(
        parse(rust.trim_end_matches(" ids:nodes")),
        Err(SanmillFenError::PointId { dialect: Dialect::Squares, .. })
    ));
}

#[test]
fn to_position_refuses_what_lapilli_cannot_express() {
    let start = VECTORS[0].cpp;
    let pending = VECTORS[2].cpp; // ********/@******@/OO*****O w p r 3 6 2 7 1 0 ...
    let rules = Rules::default();
    let to = |text: &str| parse(text).unwrap().to_position(rules);
    assert_eq!(
        parse(start).unwrap().to_position(Rules::new(Variant::SixMensMorris)),
        Err(SanmillFenError::Variant(Variant::SixMensMorris))
    );
    assert_eq!(
        SanmillFen::of_position(&Position::start(Rules::new(Variant::LaskerMorris))),
        Err(SanmillFenError::Variant(Variant::LaskerMorris))
    );
    // without flying the FEN is the same
    assert_eq!(to(start).unwrap(), Position::default());
    assert_eq!(
        parse(start).unwrap().to_position(rules.no_flying()).unwrap(),
        Position::start(rules.no_flying())
    );
    assert_eq!(to(&with_point(start, 3, 'X')), Err(SanmillFenError::Marked("e3")));
    assert_eq!(to(&with_field(pending, 8, "-1")), Err(SanmillFenError::RemoveOwn(Colour::White)));
    assert_eq!(
        to(&with_field(pending, 8, "2")),
        Err(SanmillFenError::Removals { colour: Colour::White, count: 2 })
    );
    assert_eq!(to(&with_field(pending, 9, "1")), Err(SanmillFenError::RemovalNotToMove(Colour::Black)));
    // the action alone marks the removal (Sanmill reads it so)
    let by_action = with_field(pending, 8, "0");
    assert_eq!(to(&by_action).unwrap(), VECTORS[2].play().1);
    // a count without the action contradicts the phase and action
    assert_eq!(
        to(&with_field(pending, 3, "p")),
        Err(SanmillFenError::PhaseAction { found: "p p".into(), expected: "p r".into() })
    );
    assert_eq!(
        to(&with_field(start, 2, "m")),
        Err(SanmillFenError::PhaseAction { found: "m p".into(), expected: "p p".into() })
    );
    assert_eq!(
        to(&with_field(start, 2, "r")),
        Err(SanmillFenError::PhaseAction { found: "r p".into(), expected: "p p".into() })
    );
    // a removal with no mill
    assert_eq!(
        to(&with_field(&with_field(&with_field(start, 3, "r"), 8, "1"), 5, "8")),
        Err(SanmillFenError::Position(PositionError::PendingWithoutMill(Colour::White)))
    );
    // hands alternate placement
    assert!(matches!(
        to(&with_field(start, 5, "8")),
        Err(SanmillFenError::Position(PositionError::HandCounts { .. }))
    ));
    // a finished game lapilli's position does not end
    assert_eq!(to(&with_field(start, 2, "o")), Err(SanmillFenError::NoEnding));
    assert_eq!(to(VECTORS[THREEFOLD_VECTOR].rust), Err(SanmillFenError::NoEnding));
    // the Rust engine's finished games: the loser is found from the pieces
    for i in [8, 9] {
        assert_eq!(to(VECTORS[i].rust).unwrap(), VECTORS[i].play().1, "{}", VECTORS[i].what);
    }
}

#[test]
fn error_messages_name_the_field() {
    let good = VECTORS[1].cpp;
    let msg = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        msg(&with_field(good, 5, "x")),
        "White's pieces in hand (field 6): \"x\" is not a whole number from 0 to 12"
    );
    assert_eq!(
        msg(&with_field(good, 6, "2")),
        "Black's pieces on the board (field 7): the count says 2, the board shows 1"
    );
    assert_eq!(
        msg(&with_field(good, 0, "@*******/O*O*****/*******")),
        "the outer (third) ring of the board has 7 points; a ring has 8"
    );
    assert_eq!(
        msg(&with_field(good, 11, "40")),
        "White's last mill, to (field 12): \"40\" is not a square id 8..=31, or 0 for none"
    );
}
