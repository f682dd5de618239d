//! The JSON of the API: what the routes read and what they answer. Keys
//! are the command line's `--json` keys where they overlap (`position`,
//! `side_to_move`, `value`, `plies`, `best_move`, `game_over`, `ending`,
//! `best`, `score`, `score_text`, `pv`, `depth`, `nodes`, `millis`).

use serde::{Deserialize, Serialize};

/// `GET /api/games`: every game of the registry.
#[derive(Clone, Debug, Serialize)]
pub struct GamesJson {
    /// The games, in the registry's order.
    pub games: Vec<GameJson>,
}

/// One game name with its options and the variants its flags give.
#[derive(Clone, Debug, Serialize)]
pub struct GameJson {
    /// The name, e.g. `nine-mens-morris`.
    pub name: &'static str,
    /// What the game is, in one line.
    pub about: &'static str,
    /// The variant options of its family.
    pub options: Vec<OptionJson>,
    /// The default variant and each one flag gives: id and title.
    pub variants: Vec<VariantJson>,
    /// The position text in words.
    pub position_format: &'static str,
}

/// A variant option.
#[derive(Clone, Debug, Serialize)]
pub struct OptionJson {
    /// Its name, e.g. `no-flying` or `size`.
    pub name: &'static str,
    /// What it does.
    pub help: &'static str,
    /// `flag` or `value`.
    pub kind: &'static str,
    /// For a value, what it is (e.g. `WxH`); `null` for a flag.
    pub placeholder: Option<&'static str>,
}

/// A variant: its id (`GET /api/position?game=<id>`) and title.
#[derive(Clone, Debug, Serialize)]
pub struct VariantJson {
    /// The variant id, e.g. `six-mens-morris+flying`.
    pub id: String,
    /// The game and its rules in one line.
    pub title: String,
}

/// `GET /api/board`: the board's drawing and the variant's words.
#[derive(Clone, Debug, Serialize)]
pub struct BoardJson {
    /// The variant id.
    pub game: String,
    /// The game's name.
    pub name: &'static str,
    /// The game and its rules in one line.
    pub title: String,
    /// The move notation in words.
    pub notation: String,
    /// The board in words.
    pub description: String,
    /// The two sides' names, in the order of play.
    pub sides: [&'static str; 2],
    /// The points, by index.
    pub points: Vec<PointJson>,
    /// The lines, as point indices in order (drawn as polylines).
    pub lines: Vec<Vec<usize>>,
    /// The start position's text.
    pub start: String,
    /// Whether a solution or tablebase gives values here (at the start).
    pub solved: bool,
    /// Whether `POST /api/solve` (and `lapilli solve`) solves this
    /// variant ([`lapilli_registry::VariantDescriptor::solvable`]).
    pub solvable: bool,
    /// Whether `GET /api/eval` gives the evaluation term by term here
    /// (rather than an error).
    pub evaluation: bool,
    /// What `POST /api/setup` takes for this variant; `null` when it
    /// offers no set-up.
    pub setup: Option<SetupOfferJson>,
}

/// What a set-up of a variant may hold.
#[derive(Clone, Debug, Serialize)]
pub struct SetupOfferJson {
    /// The kinds a piece may have, e.g. `["piece"]` or `["piece", "dux"]`.
    pub kinds: Vec<&'static str>,
    /// Whether the pieces in hand are part of a set-up (morris).
    pub in_hand: bool,
    /// Whether a pending removal can be set up (morris).
    pub removal: bool,
}

/// A point of the board, where it is drawn and what it is called.
#[derive(Clone, Debug, Serialize)]
pub struct PointJson {
    /// Its index.
    pub index: usize,
    /// Its name in the notation (its index when the game names none).
    pub name: String,
    /// Across, to the right.
    pub x: i32,
    /// Up.
    pub y: i32,
}

/// The query of `GET /api/position` and `GET /api/board`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionQuery {
    /// The variant id.
    pub game: String,
    /// The position text; the start when absent.
    pub position: Option<String>,
    /// Moves played from it, separated by spaces.
    pub moves: Option<String>,
}

/// `GET /api/position`: a position after a list of moves, with its legal
/// moves and their values.
#[derive(Clone, Debug, Serialize)]
pub struct PositionJson {
    /// The variant id.
    pub game: String,
    /// The position's text (reads back through `position=`).
    pub position: String,
    /// The plies played from the given position, each in the notation of
    /// the position it was played in.
    pub played: Vec<String>,
    /// The last ply played, with its points; `null` before any.
    pub last_move: Option<MoveJson>,
    /// The side to move's name.
    pub side_to_move: &'static str,
    /// What the side to move is asked to do, e.g. "white to move".
    pub prompt: String,
    /// How the game ended in words; `null` while it goes on.
    pub game_over: Option<String>,
    /// How it ended in one word (`line`, `blocked`, `reduction`,
    /// `repetition`, `no-progress`, ...); `null` while it goes on.
    pub ending: Option<&'static str>,
    /// The winner's name; `null` while the game goes on and for a draw.
    pub winner: Option<&'static str>,
    /// The position's solved value for the side to move (`win`, `draw`,
    /// `loss`), where a solution or tablebase covers it.
    pub value: Option<&'static str>,
    /// Plies to the end with perfect play, for a win or a loss.
    pub plies: Option<u32>,
    /// The perfect ply, where covered.
    pub best_move: Option<String>,
    /// The points of the line that ended the game (three in a row, or the
    /// mill whose removal won), when it ended by one; `null` otherwise.
    pub winning_line: Option<Vec<usize>>,
    /// What stands on each point: `null` or `{side, kind}`.
    pub occupants: Vec<Option<OccupantJson>>,
    /// The board drawn as text, with what the drawing leaves out (pieces
    /// in hand).
    pub diagram: String,
    /// Every legal move, best first where values are known.
    pub moves: Vec<MoveJson>,
}

/// A piece on a point.
#[derive(Clone, Debug, Serialize)]
pub struct OccupantJson {
    /// Its side's name.
    pub side: &'static str,
    /// `piece`, or a kind of its own such as `dux`.
    pub kind: &'static str,
}

/// A move in the game's notation, with the points it names and, where
/// covered, its value for the side that makes it.
#[derive(Clone, Debug, Serialize)]
pub struct MoveJson {
    /// The move's text.
    #[serde(rename = "move")]
    pub text: String,
    /// The points the text names, in order (from, to; the point taken).
    pub points: Vec<usize>,
    /// `win`, `draw` or `loss` for the mover, where covered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<&'static str>,
    /// Plies to the end after this move, for a win or a loss.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
}

/// The body of `POST /api/ai`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiRequest {
    /// The variant id.
    pub game: String,
    /// The position text; the start when absent.
    pub position: Option<String>,
    /// Moves played from it, separated by spaces.
    pub moves: Option<String>,
    /// The player: `random`, `minimax:N` (or `search:N`, N 1-30, default
    /// 4 for plain `minimax`), `engine:MS` (100-10000 ms a move),
    /// `perfect` or `perfect-variety`.
    pub side: String,
    /// Seed of the random choices (random, perfect-variety) and of the
    /// engine's variety (an irreversible ply played as one of its images
    /// of the same value under the automorphisms that fix the position);
    /// from the clock when absent.
    pub seed: Option<u64>,
}

/// The answer of `POST /api/ai`.
#[derive(Clone, Debug, Serialize)]
pub struct AiJson {
    /// The position the move is chosen in.
    pub position: String,
    /// The player, as the request named it.
    pub side: String,
    /// The chosen move in the game's notation.
    pub best: String,
    /// The points the move names.
    pub points: Vec<usize>,
    /// The engine's score for the side to move (a search).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// The score in words (a search).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_text: Option<String>,
    /// The principal variation (a search).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pv: Option<Vec<String>>,
    /// The deepest completed iteration, in plies (a search).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Nodes searched (a search).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// The move's solved value for the mover (perfect play).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<&'static str>,
    /// Plies to the end after it (perfect play, a win or a loss).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
    /// Time taken, in milliseconds.
    pub millis: f64,
}
