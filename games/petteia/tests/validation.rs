//! Position validation (issue 10, item 3) and the messages of refused
//! position text (item 8): each impossible position is refused with the
//! error that names its fault, and each message says what is wrong.

use lapilli_game::{CheckedGame, Game, Outcome};
use lapilli_petteia::{
    Colour, Ending, ParsePositionError, Position, PositionError, Setup, SetupError, Square, Variant,
};

fn refused(text: &str) -> ParsePositionError {
    text.parse::<Position>().expect_err(text)
}

fn message(text: &str) -> String {
    refused(text).to_string()
}

// ---- item 3: impossible positions ----

#[test]
fn with_the_dux_each_side_has_exactly_one() {
    // The example: Black has no Dux.
    let text = "mmmmmmmm/8/8/8/8/8/4D3/MMMMMMMM w 0";
    assert_eq!(refused(text), PositionError::MissingDux(Colour::Black).into());
    assert_eq!(
        message(text),
        "black has no Dux: with the Dux, each side has exactly one, and it is never captured"
    );
    assert_eq!(
        refused("mmmmmmmm/3d4/8/8/8/8/8/MMMMMMMM b 0"),
        PositionError::MissingDux(Colour::White).into()
    );
    assert_eq!(refused("dd6/8/8/8/8/8/8/MM6 w 0"), PositionError::TwoDuxes(Colour::Black).into());
    assert_eq!(message("dd6/8/8/8/8/8/8/MM6 w 0"), "black has more than one Dux");
    // One each, or none, is a position.
    assert!("mmmmmmmm/3d4/8/8/8/8/4D3/MMMMMMMM w 0".parse::<Position>().is_ok());
    assert!("mmmmmmmm/8/8/8/8/8/8/MMMMMMMM w 0".parse::<Position>().is_ok());
    // The same rules from parts: the setup's variant is read.
    let (white, black) = (0b11u128, 0b11u128 << 62);
    let dux = Setup::new(Variant::Dux);
    assert_eq!(
        Position::from_parts(dux, [white, black], 0, Colour::White, 0),
        Err(PositionError::MissingDux(Colour::White))
    );
    assert!(Position::from_parts(dux, [white, black], 1 | 1 << 63, Colour::White, 0).is_ok());
    assert_eq!(
        Position::from_parts(Setup::default(), [white, black], 1 | 1 << 63, Colour::White, 0),
        Err(PositionError::DuxInStandard(Square::new(0, 0)))
    );
    assert_eq!(
        PositionError::DuxInStandard(Square::new(0, 0)).to_string(),
        "a Dux stands on a1, but standard petteia has no Dux"
    );
    // A Dux mark where no piece stands.
    assert_eq!(
        Position::from_parts(dux, [white, black], 1 | 1 << 40, Colour::White, 0),
        Err(PositionError::DuxWithoutPiece(Square::new(0, 5)))
    );
}

#[test]
fn more_pieces_than_a_side_starts_with_are_refused() {
    // Standard: two ranks of men.
    assert_eq!(
        refused("mmmmmmmm/mmmmmmmm/m7/8/8/8/MMMMMMMM/MMMMMMMM w 0"),
        PositionError::TooManyPieces { colour: Colour::Black, count: 17, most: 16 }.into()
    );
    assert_eq!(
        message("mmmmmmmm/mmmmmmmm/m7/8/8/8/MMMMMMMM/MMMMMMMM w 0"),
        "black has 17 pieces; a side starts with at most 16 on this board"
    );
    // The Dux variant: one rank of men and the Dux.
    assert_eq!(
        refused("mmmmmmmm/3d4/8/8/8/M7/4D3/MMMMMMMM w 0"),
        PositionError::TooManyPieces { colour: Colour::White, count: 10, most: 9 }.into()
    );
    // On a 9x10 board the counts grow with the width.
    assert!("mmmmmmmmm/mmmmmmmmm/9/9/9/9/9/9/MMMMMMMMM/MMMMMMMMM w 0".parse::<Position>().is_ok());
}

#[test]
fn the_side_not_to_move_cannot_be_reduced() {
    assert_eq!(refused("m7/8/8/8/8/8/8/MM6 w 0"), PositionError::OpponentReduced(Colour::Black).into());
    assert_eq!(
        message("m7/8/8/8/8/8/8/MM6 w 0"),
        "black, not to move, has fewer than two pieces: the game would have ended before"
    );
    // With the reduced side to move it is a finished game.
    let finished: Position = "m7/8/8/8/8/8/8/MM6 b 0".parse().unwrap();
    assert_eq!(finished.ending(), Some(Ending::Reduction));
    assert_eq!(finished.outcome(), Some(Outcome::Loss));
    // A lone Dux is one piece.
    assert_eq!(refused("d7/8/8/8/8/8/8/MD6 w 0"), PositionError::OpponentReduced(Colour::Black).into());
}

// ---- item 8: messages ----

#[test]
fn board_sizes_are_reported_as_written() {
    // 27 ranks of 8: the width is the rank's, not 0.
    let ranks = vec!["8"; 27].join("/");
    let e = refused(&format!("{ranks} w 0"));
    assert_eq!(e, PositionError::Size(SetupError::BadSize { width: 8, height: 27 }).into());
    assert_eq!(e.to_string(), "a board has 3 to 26 files, 5 to 26 ranks and at most 128 squares; got 8x27");
    // 30 files: the whole rank is counted, not the first 27 squares.
    let wide = vec!["m".repeat(30); 8].join("/");
    assert_eq!(
        refused(&format!("{wide} w 0")),
        PositionError::Size(SetupError::BadSize { width: 30, height: 8 }).into()
    );
    // 20x20 within the rank limits but over 128 squares (a shift overflow
    // before the size was checked first).
    let square = vec!["m19"; 20].join("/");
    assert_eq!(
        refused(&format!("{square} w 0")),
        PositionError::Size(SetupError::BadSize { width: 20, height: 20 }).into()
    );
    assert_eq!(
        refused("mmmmmmmm/8/8/MMMMMMMM w 0"),
        PositionError::Size(SetupError::BadSize { width: 8, height: 4 }).into()
    );
}

#[test]
fn variant_and_size_words_are_explained() {
    for word in ["dux", "latrunculi", "standard", "8x12"] {
        let text = format!("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0 {word}");
        assert_eq!(refused(&text), ParsePositionError::NotAWord(word.into()), "{text}");
        let text = format!("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w {word}");
        assert_eq!(refused(&text), ParsePositionError::NotAWord(word.into()), "{text}");
    }
    assert_eq!(
        message("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0 dux"),
        "\"dux\" is not written as a word: the ranks give the board size, and the Duxes (D and d) the \
         variant (with them the Dux variant, without them standard petteia)"
    );
}

#[test]
fn a_missing_counter_is_named() {
    let e = refused("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w anvil");
    assert_eq!(e, ParsePositionError::MissingCounter("anvil".into()));
    assert_eq!(
        e.to_string(),
        "the no-progress count is missing: \"anvil\" stands where it goes, after the side to move (write 0 \
         for a fresh count)"
    );
    assert_eq!(
        refused("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w no-progress=50"),
        ParsePositionError::MissingCounter("no-progress=50".into())
    );
    // Not a rule word either: a bad counter, quoted as written.
    assert_eq!(
        refused("mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 1x"),
        ParsePositionError::BadCounter("1x".into())
    );
}
