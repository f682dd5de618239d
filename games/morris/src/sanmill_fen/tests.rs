//! Unit tests of the private helpers: the board order, the dialects' ids,
//! the number fields.

use super::fen::number;
use super::*;
use lapilli_board_graph::morris::NAMES;

#[test]
fn fen_order_matches_the_point_names() {
    for (i, name) in FEN_POINTS.iter().enumerate() {
        assert_eq!(NAMES[point_of_fen(i).index()], *name, "index {i}");
        assert_eq!(fen_of_point(point_of_fen(i)), i);
    }
}

#[test]
fn dialect_ids() {
    let d5 = Some(Point::new(17));
    assert_eq!(Dialect::Squares.id(d5), 8);
    assert_eq!(Dialect::Nodes.id(d5), 0);
    assert_eq!(Dialect::Squares.id(None), 0);
    assert_eq!(Dialect::Nodes.id(None), -1);
    for d in [Dialect::Squares, Dialect::Nodes] {
        for i in 0..POINTS {
            let p = Some(point_of_fen(i));
            assert_eq!(d.point(d.id(p)), Some(p));
        }
        assert_eq!(d.point(d.id(None)), Some(None));
    }
    assert_eq!(Dialect::Squares.point(7), None);
    assert_eq!(Dialect::Squares.point(32), None);
    assert_eq!(Dialect::Nodes.point(24), None);
    assert_eq!(Dialect::Nodes.point(-2), None);
}

#[test]
fn numbers() {
    assert_eq!(number(Field::NoProgress, "0", 0, 5), Ok(0));
    assert_eq!(number(Field::NoProgress, "-3", -3, 5), Ok(-3));
    assert!(number(Field::NoProgress, "-4", -3, 5).is_err());
    assert!(number(Field::NoProgress, "6", -3, 5).is_err());
    assert!(number(Field::NoProgress, "-", -3, 5).is_err());
    assert!(number(Field::NoProgress, "-1", 0, 5).is_err());
    assert!(number(Field::NoProgress, "+1", 0, 5).is_err());
    assert!(number(Field::NoProgress, "", 0, 5).is_err());
}
