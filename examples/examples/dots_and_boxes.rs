//! Add your own game, in one file: Dots and Boxes, written against the public
//! API of lapilli-board-graph, lapilli-symmetry, lapilli-game (the rules
//! contract), lapilli-search (the engine), lapilli-tablebase (the solvers)
//! and lapilli-conformance. Run it with
//! `cargo run --release -p lapilli-examples --example dots_and_boxes`.
//!
//! The rules: two sides take turns drawing a segment between neighbouring dots,
//! White first. Whoever completes a box takes it and draws again, so a side may
//! play several plies in a row: turn-aware search asks every position whose turn
//! it is. More boxes wins, equal boxes draw. Play stops once a side holds more
//! than half of the boxes (the winner is then known), so the distance to the
//! end (DTM) means something.
//!
//! In file order: 1. the board and its symmetry group, found from the dots;
//! 2. `Game`, what search needs; 3. `CheckedGame`, checked play, move text and
//! endings; 4. `Indexed`, for the solver; 5. `Symmetric`, `MapMove` and
//! `Canonicalize`; 6. position text for the harness; 7. `main`: the harness,
//! perft, both solvers, the engine, and an independent brute force.

use lapilli_board_graph::grid::{Grid, GridError};
use lapilli_board_graph::{bits::bits, notation, zobrist::splitmix64, Colour, Point};
use lapilli_game::arrayvec::ArrayVec;
use lapilli_game::{perft, Canonicalize, CheckedGame, Game, History, Indexed, Outcome, ScoreKind, Value};
use lapilli_search::{Engine, Limits};
use lapilli_symmetry::{automorphisms, Group, MapMove, Permutation, Symmetric};
use lapilli_tablebase::{solve, solve_reduced};
use std::collections::HashMap;
use std::{fmt, str::FromStr, sync::OnceLock};
use thiserror::Error;

// 1. The board ------------------------------------------------------------------

/// The most legal plies: the empty board of 3x3 boxes (the largest this file
/// accepts, so that the drawn segments fit a `u32`) has 24 segments.
const MAX_MOVES: usize = 24;

/// A ply: the segment joining two neighbouring dots, the lower point first.
/// Dots are named like grid squares (files `a..` from the left, ranks `1..`
/// from the bottom), and a segment by its dots: `a1-b1` is the bottom-left one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Segment(Point, Point);

impl Segment {
    fn new(a: Point, b: Point) -> Segment {
        Segment(a.min(b), a.max(b))
    }
}

/// What the board size fixes, shared by every position on it.
struct Layout {
    dots: Grid,
    /// Segment `i` is bit `i` of a position's drawn set: the board's edges, sorted.
    segments: Vec<Segment>,
    /// Per box, the set of its four sides.
    boxes: Vec<u32>,
    group: Group,
}

impl Layout {
    fn new(width: usize, height: usize) -> Layout {
        // The dots form a grid whose lines are its rows and columns; the
        // board's edges (pairs of neighbouring dots) are the segments.
        let dots = Grid::new(width + 1, height + 1).expect("1 to 3 boxes a side");
        let board = dots.board().expect("at most 16 dots");
        let segments = board.edges().into_iter().map(|(a, b)| Segment::new(a, b)).collect();
        // Symmetry is found, not listed: the relabellings of the dots that
        // map rows and columns onto rows and columns.
        let group = automorphisms(&board).expect("a grid has at most 8 symmetries");
        let mut layout = Layout { dots, segments, boxes: Vec::new(), group };
        let dot = |f, r| Point::new(dots.point(f, r).expect("on the grid"));
        for (f, r) in (0..height).flat_map(|r| (0..width).map(move |f| (f, r))) {
            let (sw, se, nw, ne) = (dot(f, r), dot(f + 1, r), dot(f, r + 1), dot(f + 1, r + 1));
            let sides = [(sw, se), (nw, ne), (sw, nw), (se, ne)].map(|(a, b)| Segment::new(a, b));
            let sides = sides.iter().map(|&m| 1 << layout.index_of(m).expect("a side is a segment")).sum();
            layout.boxes.push(sides);
        }
        layout
    }

    /// The bit of `m`, or `None` if its dots are not neighbours here.
    fn index_of(&self, m: Segment) -> Option<usize> {
        self.segments.binary_search(&m).ok()
    }

    fn all_drawn(&self) -> u32 {
        u32::MAX >> (32 - self.segments.len())
    }

    /// How many boxes drawing segment `s` completes when `drawn` are drawn.
    fn completed_by(&self, s: usize, drawn: u32) -> u8 {
        self.boxes.iter().filter(|&&b| b >> s & 1 == 1 && (drawn | 1 << s) & b == b).count() as u8
    }
}

/// A position: the drawn segments, the side to move, and the boxes each side
/// holds. The boxes are not a function of the segments (who took a box is
/// history) and they decide the game, so they are part of key and index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Position {
    size: (usize, usize),
    drawn: u32,
    side: Colour,
    boxes: [u8; 2],
}

impl Position {
    fn new(width: usize, height: usize) -> Position {
        Position { size: (width, height), drawn: 0, side: Colour::White, boxes: [0, 0] }
    }

    /// The layout of the board (1 to 3 boxes a side), built on first use.
    fn layout(&self) -> &'static Layout {
        static LAYOUTS: [OnceLock<Layout>; 9] = [const { OnceLock::new() }; 9];
        let (w, h) = self.size;
        LAYOUTS[(w - 1) * 3 + h - 1].get_or_init(|| Layout::new(w, h))
    }

    /// Boxes of the side to move minus the opponent's.
    fn margin(&self) -> i32 {
        i32::from(self.boxes[self.side.index()]) - i32::from(self.boxes[self.side.opponent().index()])
    }
}

// 2. Game: what search needs ------------------------------------------------------

impl Game for Position {
    type Move = Segment;
    type Side = Colour;
    /// `ArrayVec` is re-exported by search: no version to pin.
    type Moves = ArrayVec<Segment, MAX_MOVES>;

    fn side_to_move(&self) -> Colour {
        self.side
    }

    /// The contract: a position without legal moves must be decided. Ours
    /// has none exactly when it has an ending.
    fn outcome(&self) -> Option<Outcome> {
        self.ending()?;
        Some(match self.margin().signum() {
            1 => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        })
    }

    /// The undrawn segments in bit order: deterministic, as search requires.
    fn legal_moves(&self, moves: &mut Self::Moves) {
        moves.clear();
        if self.outcome().is_none() {
            let layout = self.layout();
            moves.extend(bits(layout.all_drawn() & !self.drawn).map(|s| layout.segments[s]));
        }
    }

    /// Completing a box keeps the turn: the side to move does not change.
    fn play_unchecked(&mut self, m: Segment) {
        let s = self.layout().index_of(m).expect("a segment of this board");
        match self.layout().completed_by(s, self.drawn) {
            0 => self.side = self.side.opponent(),
            n => self.boxes[self.side.index()] += n,
        }
        self.drawn |= 1 << s;
    }

    /// The identity in the transposition table: it must cover everything
    /// that decides the game, box counts included. The dense index does, and
    /// SplitMix64 spreads it over the low bits the table uses.
    fn zobrist(&self) -> u64 {
        splitmix64(self.index() as u64)
    }

    /// A segment stays drawn: no position repeats.
    fn is_irreversible(&self, _: Segment) -> bool {
        true
    }

    /// Search tries the plies that take boxes first.
    fn move_order_hint(&self, m: Segment) -> i32 {
        self.layout().index_of(m).map_or(0, |s| i32::from(self.layout().completed_by(s, self.drawn)))
    }
}

// 3. CheckedGame: what players, front ends and the harness need ------------------

/// Why a ply is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
enum Illegal {
    #[error("the game is over")]
    GameOver,
    #[error("the dots are not neighbours on this board")]
    NotASegment,
    #[error("the segment is already drawn")]
    AlreadyDrawn,
}

/// Why a move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
enum MoveError {
    #[error("\"{0}\" is not a segment: write two dot names joined by '-', such as a1-b1")]
    Shape(String),
    #[error(transparent)]
    Dot(#[from] GridError),
    #[error("{0} does not join neighbouring dots")]
    NotNeighbours(String),
}

/// How a game ended: a sentence for people (`Display`), a word for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Majority,
    Level,
}

impl Ending {
    fn words(self) -> (&'static str, &'static str) {
        match self {
            Ending::Majority => ("a side holds more than half of the boxes", "majority"),
            Ending::Level => ("every box is taken, shared equally", "level"),
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words().0)
    }
}

impl lapilli_game::Ending for Ending {
    fn name(&self) -> &'static str {
        self.words().1
    }
}

impl CheckedGame for Position {
    type Illegal = Illegal;
    type MoveError = MoveError;
    type Ending = Ending;

    /// Legality written apart from move generation: the harness compares them.
    fn check(&self, m: Segment) -> Result<(), Illegal> {
        match self.layout().index_of(m) {
            _ if self.outcome().is_some() => Err(Illegal::GameOver),
            None => Err(Illegal::NotASegment),
            Some(s) if self.drawn >> s & 1 == 1 => Err(Illegal::AlreadyDrawn),
            Some(_) => Ok(()),
        }
    }

    /// Reads `a1-b1` (either dot first) with this board's dot names.
    fn parse_move(&self, text: &str) -> Result<Segment, MoveError> {
        let (a, b) = text.split_once('-').ok_or_else(|| MoveError::Shape(notation::excerpt(text)))?;
        let dots = &self.layout().dots;
        let m = Segment::new(Point::new(dots.parse_square(a)?), Point::new(dots.parse_square(b)?));
        self.layout().index_of(m).map(|_| m).ok_or_else(|| MoveError::NotNeighbours(notation::excerpt(text)))
    }

    fn move_text(&self, m: Segment) -> String {
        let dots = &self.layout().dots;
        format!("{}-{}", dots.square_name(m.0.index()), dots.square_name(m.1.index()))
    }

    fn ending(&self) -> Option<Ending> {
        if self.boxes.iter().any(|&b| 2 * usize::from(b) > self.layout().boxes.len()) {
            Some(Ending::Majority)
        } else {
            (self.drawn == self.layout().all_drawn()).then_some(Ending::Level)
        }
    }

    fn winner(&self) -> Option<Colour> {
        self.ending()?;
        Colour::BOTH.into_iter().find(|c| self.boxes[c.index()] > self.boxes[c.opponent().index()])
    }

    /// The move universe: every segment of the board.
    fn candidate_moves(&self) -> Vec<Segment> {
        self.layout().segments.clone()
    }
}

// 4. Indexed: drawn set x side to move x White's boxes ------------------------------

impl Indexed for Position {
    fn index_bound(&self) -> usize {
        (self.layout().all_drawn() as usize + 1) * 2 * (self.layout().boxes.len() + 1)
    }
    fn index(&self) -> usize {
        let per_side = self.layout().boxes.len() + 1;
        (self.drawn as usize * 2 + self.side.index()) * per_side + usize::from(self.boxes[0])
    }
}

// 5. Symmetry: the group permutes dots, hence segments, hence positions -------------

impl MapMove for Segment {
    fn map_move(self, g: &Permutation) -> Segment {
        Segment::new(g.apply(self.0), g.apply(self.1))
    }
}

impl Symmetric for Position {
    type Key = usize;
    fn map(&self, g: &Permutation) -> Position {
        let layout = self.layout();
        let image = |s: usize| layout.index_of(layout.segments[s].map_move(g)).expect("edges map to edges");
        Position { drawn: bits(self.drawn).fold(0, |d, s| d | 1 << image(s)), ..*self }
    }
    /// Injective, as canonical forms require: the dense index.
    fn key(&self) -> usize {
        self.index()
    }
}

/// What search's reduced solver and `SymmetryKeyed` tables call.
impl Canonicalize for Position {
    fn canonicalize(&self) -> Position {
        self.canonical(&self.layout().group).position
    }
    fn orbit_len(&self) -> usize {
        self.orbit_size(&self.layout().group)
    }
}

// 6. Position text: size, drawn segments (or `-`), side to move, White's and
// Black's boxes, e.g. `2x2 a1-b1,a1-a2 w 0 0` ---------------------------------------

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let drawn: Vec<String> =
            bits(self.drawn).map(|s| self.move_text(self.layout().segments[s])).collect();
        let drawn = if drawn.is_empty() { "-".to_string() } else { drawn.join(",") };
        let ((w, h), [white, black]) = (self.size, self.boxes);
        write!(f, "{w}x{h} {drawn} {} {white} {black}", self.side.char())
    }
}

impl FromStr for Position {
    type Err = String;
    fn from_str(text: &str) -> Result<Position, String> {
        let bad = |why: &dyn fmt::Display| format!("\"{}\": {why}", notation::excerpt(text));
        let [size, drawn, side, white, black] = notation::fields(text)[..] else {
            return Err(bad(&"expected size, segments, side to move, White's and Black's boxes"));
        };
        let mut pos = match size.as_bytes() {
            &[w @ b'1'..=b'3', b'x', h @ b'1'..=b'3'] => Position::new((w - b'0').into(), (h - b'0').into()),
            _ => return Err(bad(&"the size is 1x1 to 3x3 boxes")),
        };
        for m in drawn.split(',').filter(|_| drawn != "-") {
            let m = pos.parse_move(m).map_err(|e| bad(&e))?;
            pos.drawn |= 1 << pos.layout().index_of(m).expect("parse_move checked it");
        }
        pos.side = match side {
            "w" => Colour::White,
            "b" => Colour::Black,
            _ => return Err(bad(&"the side to move is w or b")),
        };
        let number = |n| notation::parse_decimal(n, 9).map_err(|e| bad(&e));
        pos.boxes = [number(white)? as u8, number(black)? as u8];
        let taken = pos.layout().boxes.iter().filter(|&&b| pos.drawn & b == b).count();
        if usize::from(pos.boxes[0] + pos.boxes[1]) != taken {
            return Err(bad(&format!("the boxes held must add up to the {taken} complete ones")));
        }
        Ok(pos)
    }
}

// 7. Putting it to work -------------------------------------------------------------

/// A line of plies as text, each after its side (`w:`, `b:`); `+` marks a box taken.
fn line_text(start: &Position, line: &[Segment]) -> String {
    let mut pos = *start;
    let plies = line.iter().map(|&m| {
        let (text, before) = (format!("{}:{}", pos.side.char(), pos.move_text(m)), pos.boxes);
        pos.play(m).expect("a line of legal plies");
        text + if pos.boxes == before { "" } else { "+" }
    });
    plies.collect::<Vec<_>>().join(" ")
}

/// The independent check, sharing nothing with the code above but the rules:
/// the best margin the side to move can still make (its boxes minus the
/// other's, from here to the end), by plain negamax over drawn sets, memoised.
/// Its own segment numbering: bit `2d` (east) or `2d + 1` (north) from dot `d`.
fn brute_margin(boxes: &[u32], drawn: u32, memo: &mut HashMap<u32, i32>) -> i32 {
    let all = boxes.iter().fold(0, |a, b| a | b);
    if drawn == all {
        return 0;
    }
    if let Some(&m) = memo.get(&drawn) {
        return m;
    }
    let mut best = i32::MIN;
    for s in (0..32).filter(|s| (all & !drawn) >> s & 1 == 1) {
        let after = drawn | 1 << s;
        let taken = boxes.iter().filter(|&&b| b >> s & 1 == 1 && after & b == b).count() as i32;
        let rest = brute_margin(boxes, after, memo);
        best = best.max(if taken > 0 { taken + rest } else { -rest });
    }
    memo.insert(drawn, best);
    best
}

fn study(width: usize, height: usize, segments: usize, group_order: usize, start_value: Value) {
    let start = Position::new(width, height);
    let (group, depth_to_end) = (&start.layout().group, segments as u32);
    assert_eq!((start.layout().segments.len(), group.len()), (segments, group_order));
    println!("== {width}x{height} boxes: {segments} segments, symmetry group of order {group_order} ==");

    // The harness: generation against `check`, move and position text round
    // trips, keys, endings and the group's action, over random games.
    let checked = lapilli_conformance::check_random_games_with_symmetry(&start, group, 200, 40, 9);
    println!("conformance: {checked} positions checked");

    // Checked play and move text, as a front end uses them.
    let mut pos = start;
    pos.play(pos.parse_move("b1-a1").expect("either dot may come first")).expect("legal");
    assert_eq!(pos.to_string(), format!("{width}x{height} a1-b1 b 0 0"));
    let again = pos.play(Segment::new(Point::new(0), Point::new(1))).unwrap_err();
    assert_eq!(again.to_string(), "a1-b1 is illegal: the segment is already drawn");
    assert_eq!(pos.parse_move("a1-b2").unwrap_err().to_string(), "a1-b2 does not join neighbouring dots");

    // Within 4 plies no box is complete: every undrawn segment stays legal.
    for depth in 1..=4 {
        let count = perft(&start, depth);
        assert_eq!(count, (0..u64::from(depth)).map(|i| segments as u64 - i).product());
        println!("perft {depth}: {count}");
    }

    // Both solvers: the same values and counts, one stored per orbit or not.
    let (full, reduced) = (solve(&start), solve_reduced(&start));
    let value = full.probe(&start).expect("the root is reachable");
    let counts = full.counts(|_| true);
    assert_eq!((reduced.probe(&start), reduced.counts(|_| true)), (Some(value), counts));
    assert!(full.entries().all(|(pos, v, _)| reduced.probe(pos) == Some(v)));
    let (total, orbits) = (counts.total, reduced.len());
    println!(
        "reachable: {total} positions ({} won, {} drawn, {} lost), {orbits} orbits",
        counts.win, counts.draw, counts.loss
    );
    println!("start: {value} for White");
    println!("perfect play: {}", line_text(&start, &full.principal_variation(&start, segments)));
    assert_eq!(value, start_value);

    // The engine, evaluating by the box margin: depth-limited, then to the
    // end of the game, where it must agree with the solver, distance included.
    let solved = match value {
        Value::Win(k) => ScoreKind::WinIn(k),
        Value::Loss(k) => ScoreKind::LossIn(k),
        Value::Draw => ScoreKind::Heuristic(0),
    };
    let box_margin = |p: &Position| 100 * p.margin();
    for depth in [1, 3, 5, depth_to_end] {
        let a = Engine::new().search(&start, &History::default(), &Limits::depth(depth), &box_margin);
        println!("engine depth {depth}: {:?}, pv {}", ScoreKind::of(a.score), line_text(&start, &a.pv));
        assert!(depth < depth_to_end || ScoreKind::of(a.score) == solved, "engine and solver disagree");
    }

    // The brute force agrees on every reachable position: the sign of the
    // margin so far plus the best margin to come.
    let brute = |f: usize, r: usize, north: usize| 1 << (2 * (r * (width + 1) + f) + north);
    let boxes: Vec<u32> = (0..width * height)
        .map(|i| (i % width, i / width))
        .map(|(f, r)| brute(f, r, 0) | brute(f, r, 1) | brute(f, r + 1, 0) | brute(f + 1, r, 1))
        .collect();
    let mut memo = HashMap::new();
    let renumber = |m: Segment| 1 << (2 * m.0.index() + usize::from(m.1.index() > m.0.index() + 1));
    for (pos, v, _) in full.entries() {
        let drawn = bits(pos.drawn).fold(0, |d, s| d | renumber(pos.layout().segments[s]));
        let margin = pos.margin() + brute_margin(&boxes, drawn, &mut memo);
        let wdl = ["loss", "draw", "win"][(margin.signum() + 1) as usize];
        assert_eq!(wdl, v.wdl(), "brute force and solver disagree on {pos}");
    }
    let margin = brute_margin(&boxes, 0, &mut memo);
    println!("brute force: start margin {margin:+}, agrees on all {total} positions\n");
}

fn main() {
    // The values found here, and by the brute force: White takes 3 boxes of
    // 4 on 2x2, at the last segment; on 2x3 Black takes 4 of 6.
    study(2, 2, 12, 8, Value::Win(12));
    study(2, 3, 17, 4, Value::Loss(17));
}
