//! The settled score of an ending of three against three just entered
//! (`Weights::three_against_three`, `Evaluate::settled`): which positions
//! it scores and how, and the search that takes the fourth piece of a side
//! while it has three itself where that wins, and not where it loses.

use lapilli_game::{CheckedGame, Evaluate, Game, History, Value};
use lapilli_morris::eval::{Heuristic, Weights};
use lapilli_morris::long_chains::wins_by_long_chain;
use lapilli_morris::tablebase::{MorrisTiers, Tier};
use lapilli_morris::threats::{forced_mill, MAX_THREATS};
use lapilli_morris::{Position, Rules};
use lapilli_search::{Engine, Limits};
use lapilli_tablebase::{solve_in_memory, Silent, TierSpace};

/// The settled score of `text`.
fn settled(text: &str) -> Option<i32> {
    let pos: Position = text.parse().unwrap();
    Heuristic::playing().settled(&pos)
}

#[test]
fn only_an_ending_of_three_against_three_just_entered_is_settled() {
    // Black a7 a4 a1 (a closed mill), White d6 g1 d3, White to move, just
    // after Black's removal, and no chain of threats wins for White: 57.2%
    // of the score against White (lost in 25 plies by the tables).
    assert_eq!(settled("B...W.BB/.W....../.....W.. w 0 0 - 0"), Some(-286));
    // Black in the mill a7 d7 g7, White g4 g1 d6 to move: a chain of 11
    // threats wins (in 24 plies by the tables), which the probe's 3 do not
    // see: the full score.
    let long = "BBBWW.../.W....../........ w 0 0 - 0";
    assert_eq!(settled(long), Some(500));
    let long: Position = long.parse().unwrap();
    assert_eq!(Heuristic::playing().probe(&long), None);
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
    assert_eq!(off.settled(&"B...W.../.WB...../...B.W.. w 0 0 - 0".parse().unwrap()), None);
}

/// Every ending of three against three just entered by a removal (the
/// remover's three in a mill, the other side to move and unable to close
/// one), against the tables solved here: the side to move wins exactly
/// where a chain of 3 threats wins or the position is one of the long
/// chains listed, which 12 threats prove and 3 do not.
#[test]
fn the_long_chains_listed_are_the_wins_that_three_threats_miss() {
    let space = MorrisTiers::new(Rules::default()).unwrap();
    let tables = solve_in_memory(&space, &space.movement_tiers(3), &Silent).unwrap();
    let tier: Tier = "w3b3".parse().unwrap();
    // Positions (every member of each symmetry class) in the group, won
    // by the side to move, listed.
    let (mut positions, mut won, mut listed) = (0, 0, 0);
    for index in 0..space.size(tier) {
        let Some(pos) = space.position(tier, index) else { continue };
        let me = pos.side_to_move();
        let (mine, theirs) = (Heuristic::features(&pos, me), Heuristic::features(&pos, me.opponent()));
        let long = wins_by_long_chain(&pos);
        if pos.outcome().is_some() || mine.can_close_mill() || theirs.mills == 0 {
            assert!(!long, "{pos}");
            continue;
        }
        let n = space.orbit_len(&pos);
        positions += n;
        let short = forced_mill(&pos, Heuristic::PLAYING_THREATS).is_some();
        let wins = matches!(tables.probe(&pos), Some(Value::Win(_)));
        assert_eq!(wins, short || long, "{pos}");
        won += if wins { n } else { 0 };
        if long {
            listed += n;
            assert!(!short, "{pos}");
            assert_eq!(forced_mill(&pos, MAX_THREATS), Some(24), "{pos}");
        }
    }
    assert_eq!((positions, won, listed), (11_872, 9_048, 408));
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

#[test]
fn three_against_four_takes_the_fourth_piece_where_that_wins() {
    // Black flies with g4 g1 c4, White slides with a7 d7 f6 a1, Black to
    // move. c4-g7 closes the mill g7-g4-g1 and takes a piece: won for
    // Black in 27 plies by the tables, every other ply draws. After the
    // removal no chain of threats wins for White, so the rule scores it
    // for Black (57.2% of those are lost for White, none won).
    let pos: Position = "WW.BBW../......../W......B b 0 0 - 5".parse().unwrap();
    let capture = pos.parse_move("c4-g7").unwrap();
    let search = |h: &Heuristic| Engine::new().search(&pos, &History::default(), &Limits::depth(8), h);
    let on = search(&Heuristic::playing());
    assert_eq!(on.best_move, Some(capture));
    assert!(on.score >= 250, "{}", on.score);
    let off = Heuristic {
        weights: Weights { three_against_three: 0, ..Weights::default() },
        ..Heuristic::playing()
    };
    assert!(search(&off).score < 100);
}
