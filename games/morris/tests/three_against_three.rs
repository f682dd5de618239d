//! The settled score of an ending of three against three just entered
//! (`Weights::three_against_three`, `Evaluate::settled`): which positions
//! it scores and how, and the search that no longer takes the fourth piece
//! of a side while it has three itself.

use lapilli_game::{CheckedGame, Evaluate, History};
use lapilli_morris::eval::{Heuristic, Weights};
use lapilli_morris::Position;
use lapilli_search::{Engine, Limits};

/// The settled score of `text`, the same for either side the search
/// plays for (checked).
fn settled(text: &str) -> Option<i32> {
    let pos: Position = text.parse().unwrap();
    let score = Heuristic::playing().settled(&pos, true);
    assert_eq!(Heuristic::playing().settled(&pos, false), score, "{text}");
    score
}

#[test]
fn only_an_ending_of_three_against_three_just_entered_is_settled() {
    // Black a7 a4 a1 (a closed mill), White d6 g1 d3, White to move, just
    // after Black's removal: 62.6% of the score (won 76.2%, lost 13.6%)
    // against the side the search plays for, whichever it is.
    let removed: Position = "B...W.BB/.W....../.....W.. w 0 0 - 0".parse().unwrap();
    assert_eq!(Heuristic::playing().settled(&removed, true), Some(-313));
    assert_eq!(Heuristic::playing().settled(&removed, false), Some(313));
    // Black a7 a4 f6: an open mill (a1 empty): the side to move loses most.
    assert_eq!(settled("B...W..B/.WB...../.....W.. w 0 0 - 0"), Some(-253));
    // Black a7 f6 e4: neither side has a mill nor an open one: a win.
    assert_eq!(settled("B...W.../.WB...../...B.W.. w 0 0 - 0"), Some(500));
    // The side to move can close a mill (g1 d1, a1 empty): the search
    // finds the win, nothing is settled.
    assert_eq!(settled("B...WW../..B...../...B.W.. w 0 0 - 0"), None);
    // Entered a ply before: the search goes on as usual.
    assert_eq!(settled("B...W.../.WB...../...B.W.. w 0 0 - 1"), None);
    // Four against three: not the ending.
    assert_eq!(settled("B...W.BB/.W....../.W...W.. w 0 0 - 0"), None);
    // The rule turned off.
    let off = Heuristic {
        weights: Weights { three_against_three: 0, ..Weights::default() },
        ..Heuristic::playing()
    };
    assert_eq!(off.settled(&"B...W.../.WB...../...B.W.. w 0 0 - 0".parse().unwrap(), true), None);
}

#[test]
fn three_against_four_does_not_take_the_fourth_piece() {
    // From a game against the perfect player: Black flies with g7 g1 f6,
    // White slides with a7 d7 b6 f4, Black to move. f6-g4 closes
    // the mill g7-g4-g1 and takes a piece: three against three with White
    // to move, lost for Black in 26 plies by the tables; every other ply
    // draws. Without the rule the engine takes the piece.
    let pos: Position = "WWB.B.../W.BW..../........ b 0 0 - 7".parse().unwrap();
    let capture = pos.parse_move("f6-g4").unwrap();
    let search =
        |h: &Heuristic| Engine::new().search(&pos, &History::default(), &Limits::depth(8), h).best_move;
    let off = Heuristic {
        weights: Weights { three_against_three: 0, ..Weights::default() },
        ..Heuristic::playing()
    };
    assert_eq!(search(&off), Some(capture));
    assert_ne!(search(&Heuristic::playing()), Some(capture));
}
