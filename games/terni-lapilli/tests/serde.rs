//! Positions and moves as their text through `serde` (the `serde`
//! feature).
#![cfg(feature = "serde")]

use lapilli_terni_lapilli::{Move, Position};

#[test]
fn positions_and_moves_serialize_as_their_text() {
    let pos: Position = "B.......W b no-centre-first".parse().unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, r#""B.......W b no-centre-first""#);
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);

    let m: Move = "0-c".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), r#""0-8""#);
    assert_eq!(serde_json::from_str::<Move>(r#""0-8""#).unwrap(), m);
    let pair: (Position, Vec<Move>) = serde_json::from_str(r#"["......... b", ["8", "0"]]"#).unwrap();
    assert_eq!(pair.0, Position::default());
    assert_eq!(pair.1.len(), 2);
}

#[test]
fn grid_positions_serialize_with_their_game() {
    let pos: Position = "B...W.... b achi no-centre-first".parse().unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, r#""B...W.... b achi no-centre-first""#);
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
}

#[test]
fn bad_text_is_a_deserialization_error() {
    let err = serde_json::from_str::<Position>(r#""BBBB..... w""#).unwrap_err();
    assert!(err.to_string().contains("black has 4 pieces"), "{err}");
    let err = serde_json::from_str::<Move>(r#""9""#).unwrap_err();
    assert!(err.to_string().contains("is not a point"), "{err}");
    assert!(serde_json::from_str::<Move>("3").is_err(), "a number is not move text");
}
