//! Sanmill's FEN texts for the tests: games of matches against Sanmill,
//! the FENs its engines printed after them (the captured vectors), and a
//! FEN's text with a point or a field changed.

// Each test file uses its own subset of these helpers.
#![allow(dead_code)]

use lapilli_game::CheckedGame;
use lapilli_morris::sanmill_fen::Dialect;
use lapilli_morris::Position;

/// A game of a match between lapilli and Sanmill: Black blocks White at
/// the last ply.
const BLOCKED_GAME: &str = "d1 c4 e5 d6 e3 e4 d3 d2 c3 xd2 d2 d5 f6 b6 b4 a4 g4 f4 f2 d1-a1 b4-b2 xf4 a4-b4 \
     f2-f4 xa1 b4-a4 f4-f2 xb6 a4-b4 f2-f4 xb4 d5-c5 d6-d5";
/// A game White wins by reducing Black to two pieces; Black flies from
/// `e5-a4` on.
const REDUCTION_GAME: &str = "b6 d5 a4 e3 b4 c4 b2 xc4 c4 e5 d6 d7 f4 a7 g7 a1 xg7 g7 g1 f2 e5-e4 d6-f6 xg1 \
     b6-d6 e3-d3 a1-d1 f2-d2 d6-b6 xf4 g7-g4 e4-f4 d3-c3 d1-a1 xc4 c3-c4 a1-d1 f6-d6 a4-a1 c4-c5 b4-a4 xc5 \
     d5-e5 a4-b4 xg4 e5-a4 f4-g4 a4-g7 b4-a4 xg7";
/// A game that repeats a position a third time at its last ply.
const THREEFOLD_GAME: &str = "e4 a1 d6 d5 f4 g4 f6 f2 b6 xg4 g4 d2 b4 a4 d3 g7 d7 c5 d1 c5-c4 d3-c3 e4-e5 \
     c3-d3 e5-e4 d3-e3 c4-c3 e3-d3 c3-c4";

/// A random game whose 100th ply without a placement or removal closes
/// a mill (White's `g1-g4`): the C++ engine declares its N-move draw at
/// the removal that follows; lapilli and the Rust engine play on.
const NO_PROGRESS_GAME: &str = "a7 d2 d7 e5 e3 c5 d3 f6 g7 xd2 f4 b2 g4 d1 \
     e4 xb2 d6 b6 f2 g1 d3-d2 b6-b4 d6-b6 f6-d6 e3-d3 xb4 c5-d5 d3-e3 \
     d6-f6 d2-b2 f6-d6 e3-d3 f4-f6 a7-a4 g4-f4 a4-a1 d5-c5 b2-d2 xg1 c5-c4 d3-c3 c4-b4 \
     d2-d3 e5-d5 a1-a4 d5-c5 f2-d2 xc5 f4-f2 g7-g4 e4-e3 d2-b2 d6-d5 d1-a1 d5-d6 d7-g7 \
     d6-d7 d3-d2 f6-d6 g4-g1 d6-d5 g1-d1 d5-d6 d2-d3 f2-d2 g7-g4 d6-f6 d1-g1 d2-d1 d3-d2 \
     d7-a7 g4-g7 a7-d7 d2-d3 d1-d2 g1-d1 d7-a7 b6-d6 e3-e4 d6-d7 b4-c4 d3-e3 d2-d3 a4-b4 \
     e4-f4 b4-b6 f4-f2 b6-d6 f6-f4 e3-e4 f4-g4 a1-a4 c4-c5 e4-e5 c5-d5 b2-b4 d5-c5 d6-f6 \
     f2-d2 b4-c4 g4-f4 c4-b4 c5-d5 b4-c4 d5-d6 c4-c5 f4-g4 d1-g1 d6-d5 d7-d6 d2-f2 a4-b4 \
     d3-e3 c3-d3 a7-a4 b4-c4 a4-a1 f6-f4 a1-a4 e5-e4 f2-d2 c4-b4 d2-f2 d6-f6 a4-a7 d3-d2 \
     d5-e5 c5-c4 e5-d5 b4-a4 d5-c5 g7-d7 g4-g7 e4-e5 e3-d3 d7-d6 c5-d5 e5-e4 d3-e3 a4-b4 \
     a7-d7 d2-d3 d5-e5 b4-a4 g7-g4 c4-b4 g4-g7 g1-g4 xe3";

/// What Sanmill's engines printed after `position startpos moves <moves>`:
/// the C++ engine's `Fen:` line of `d` and the Rust engine's `fen` answer.
pub struct Vector {
    pub what: &'static str,
    /// The moves: a prefix of `game` of `plies` plies (all of it if `None`).
    pub game: &'static str,
    pub plies: Option<usize>,
    /// The engine whose FEN ends the game by a draw rule where lapilli's
    /// position goes on.
    pub draw_in: Option<Dialect>,
    pub cpp: &'static str,
    pub rust: &'static str,
}

pub const VECTORS: [Vector; 13] = [
    Vector {
        what: "the start",
        game: "",
        plies: None,
        draw_in: None,
        cpp: "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1",
        rust: "********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes",
    },
    Vector {
        what: "three placements",
        game: "d6 d5 f4",
        plies: None,
        draw_in: None,
        cpp: "@*******/O*O*****/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0 2",
        rust: "@*******/O*O*****/******** b p p 2 7 1 8 0 0 -1 -1 -1 -1 0 0 2 ids:nodes",
    },
    Vector {
        what: "a removal pending after a placement",
        game: "a7 b6 d7 d6 g7",
        plies: None,
        draw_in: None,
        cpp: "********/@******@/OO*****O w p r 3 6 2 7 1 0 0 0 0 0 0 0 3",
        rust: "********/@******@/OO*****O w p r 3 6 2 7 1 0 -1 -1 -1 -1 0 0 3 ids:nodes",
    },
    Vector {
        what: "the removal made",
        game: "a7 b6 d7 d6 g7 xb6",
        plies: None,
        draw_in: None,
        cpp: "********/@*******/OO*****O b p p 3 6 1 7 0 0 0 0 0 0 0 0 3",
        rust: "********/@*******/OO*****O b p p 3 6 1 7 0 0 -1 -1 -1 -1 0 0 3 ids:nodes",
    },
    Vector {
        what: "Black's last placement closes a mill (phase p, both hands empty)",
        game: "g4 f4 a4 b6 e5 c3 f6 g1 e4 a1 e3 xb6 a7 b6 c5 f2 b4 b2 c4",
        plies: None,
        draw_in: None,
        cpp: "*OOO*@@@/*O@O*O@O/**O@*@O@ b p r 9 0 8 0 0 1 0 0 0 0 0 0 10",
        rust: "*OOO*@@@/*O@O*O@O/**O@*@O@ b p r 9 0 8 0 0 1 -1 -1 -1 -1 0 0 9 ids:nodes",
    },
    Vector {
        what: "the first slide",
        game: THREEFOLD_GAME,
        plies: Some(20),
        draw_in: None,
        cpp: "@*O*@*O*/OOO@O*@O/@O@*@@O* b m s 9 0 8 0 0 0 0 0 0 0 0 1 10",
        rust: "@*O*@*O*/OOO@O*@O/@O@*@@O* b m s 9 0 8 0 0 0 -1 -1 -1 -1 0 1 10 ids:nodes",
    },
    Vector {
        what: "a removal pending after a slide",
        game: REDUCTION_GAME,
        plies: Some(22),
        draw_in: None,
        cpp: "@*O@**@*/*@@@*OOO/O@*O*OOO b m r 9 0 7 0 0 1 0 0 0 0 0 2 11",
        rust: "@*O@**@*/*@@@*OOO/O@*O*OOO b m r 9 0 7 0 0 1 -1 -1 -1 -1 0 2 10 ids:nodes",
    },
    Vector {
        what: "Black has flown e5-a4",
        game: REDUCTION_GAME,
        plies: Some(45),
        draw_in: None,
        cpp: "********/@*O*@OOO/O***OO@O w m s 8 0 3 0 0 0 0 0 0 0 0 1 23",
        rust: "********/@*O*@OOO/O***OO@O w m s 8 0 3 0 0 0 -1 -1 -1 -1 0 1 20 ids:nodes",
    },
    Vector {
        what: "White has reduced Black to two pieces",
        game: REDUCTION_GAME,
        plies: None,
        draw_in: None,
        cpp: "********/@***@O*O/O*O*OOOO w o r 8 0 2 0 1 0 0 0 0 0 0 0 25",
        rust: "********/@***@O*O/O*O*OOOO w o r 8 0 2 0 0 0 -1 -1 -1 -1 0 0 21 ids:nodes",
    },
    Vector {
        what: "White cannot move",
        game: BLOCKED_GAME,
        plies: None,
        draw_in: None,
        cpp: "@O@OOO@O/*@@*@@**/**@***** w o s 5 0 8 0 0 0 0 0 0 0 0 2 17",
        rust: "@O@OOO@O/*@@*@@**/**@***** w o ? 5 0 8 0 0 0 -1 -1 -1 -1 0 2 15 ids:nodes",
    },
    Vector {
        what: "the third repetition (the Rust engine ends the game)",
        game: THREEFOLD_GAME,
        plies: None,
        draw_in: Some(Dialect::Nodes),
        cpp: "@*O*@*O*/OOO@O*@O/@O@*@@O* b m s 9 0 8 0 0 0 0 0 0 0 0 9 14",
        rust: "@*O*@*O*/OOO@O*@O/@O@*@@O* w o ? 9 0 8 0 0 0 -1 -1 -1 -1 0 9 14 ids:nodes",
    },
    Vector {
        what: "the 100th ply without progress closes a mill",
        game: NO_PROGRESS_GAME,
        plies: Some(148),
        draw_in: None,
        cpp: "*@O@O***/OOO@**O*/@@O***O* w m r 8 0 5 0 1 0 0 0 0 0 0 100 75",
        rust: "*@O@O***/OOO@**O*/@@O***O* w m r 8 0 5 0 1 0 -1 -1 -1 -1 0 100 72 ids:nodes",
    },
    Vector {
        what: "the removal after it (the C++ engine ends the game)",
        game: NO_PROGRESS_GAME,
        plies: None,
        draw_in: Some(Dialect::Squares),
        cpp: "*@O*O***/OOO@**O*/@@O***O* b o s 8 0 4 0 0 0 0 0 0 0 0 0 75",
        rust: "*@O*O***/OOO@**O*/@@O***O* b m s 8 0 4 0 0 0 -1 -1 -1 -1 0 0 72 ids:nodes",
    },
];

pub const THREEFOLD_VECTOR: usize = 10;

impl Vector {
    /// The moves and the position lapilli reaches with them.
    pub fn play(&self) -> (String, Position) {
        let all: Vec<&str> = self.game.split_whitespace().collect();
        let moves = &all[..self.plies.unwrap_or(all.len())];
        let mut pos = Position::default();
        for m in moves {
            pos.play(pos.parse_move(m).unwrap()).unwrap_or_else(|e| panic!("{}: {m}: {e}", self.what));
        }
        (moves.join(" "), pos)
    }
}

/// `text` with the FEN board point `i` (in [`FEN_POINTS`] order) set to
/// `symbol`, and the counts on the board fixed.
pub fn with_point(text: &str, i: usize, symbol: char) -> String {
    let mut fields: Vec<String> = text.split(' ').map(String::from).collect();
    let mut cells: Vec<char> = fields[0].chars().filter(|&c| c != '/').collect();
    cells[i] = symbol;
    let rings: Vec<String> = cells.chunks(8).map(|r| r.iter().collect()).collect();
    fields[0] = rings.join("/");
    fields[4] = cells.iter().filter(|&&c| c == 'O').count().to_string();
    fields[6] = cells.iter().filter(|&&c| c == '@').count().to_string();
    fields.join(" ")
}

/// `text` with field `n` (from 0) replaced.
pub fn with_field(text: &str, n: usize, value: &str) -> String {
    let mut fields: Vec<&str> = text.split(' ').collect();
    fields[n] = value;
    fields.join(" ")
}
