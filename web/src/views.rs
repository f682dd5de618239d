//! What each route answers, computed on the variant a request names
//! through the registry's visitors: every rule comes from the rules crates
//! ([`CheckedGame`], [`VariantDescriptor`]), none is written here.

use crate::api::{
    AiJson, BoardJson, GameJson, GamesJson, MoveJson, OccupantJson, OptionJson, PointJson, PositionJson,
    SetupOfferJson, VariantJson,
};
use crate::cover::Covers;
use crate::error::{excerpt_all, ApiError, Kind};
use crate::sides::{choose, SideSpec};
use lapilli_game::{score_text, Adjudication, CheckedGame, Ending, Game, GameRecord};
use lapilli_registry::{
    ending_text, families, with_game, GameVisitor, GivenOptions, OptionKind, PositionTextError, Registry,
    ReplayFault, VariantDescriptor,
};
use lapilli_tablebase::move_values;
use std::time::Instant;

/// The title and id of a variant.
struct Title;
impl GameVisitor for Title {
    type Output = VariantJson;
    fn visit<V: VariantDescriptor>(self, v: V) -> VariantJson {
        VariantJson { id: v.id(), title: v.title() }
    }
}

/// `GET /api/games`: every game of `R` with its options and the variants
/// its flags give one at a time, each id once, titled by its descriptor
/// ([`VariantDescriptor::title`]).
pub fn games<R: Registry>() -> GamesJson {
    let mut games = Vec::new();
    for family in families::<R>() {
        let options: Vec<OptionJson> = family
            .options
            .iter()
            .map(|o| {
                let (kind, placeholder) = match o.kind {
                    OptionKind::Flag => ("flag", None),
                    OptionKind::Value { placeholder } => ("value", Some(placeholder)),
                };
                OptionJson { name: o.name, help: o.help, kind, placeholder }
            })
            .collect();
        for game in family.games {
            let flags = family.options.iter().filter(|o| o.kind == OptionKind::Flag);
            let sets = std::iter::once(GivenOptions::default())
                .chain(flags.map(|o| GivenOptions::default().with_flag(o.name)));
            // A flag that gives the default (flying where the game flies
            // anyway) is the same variant: each id once.
            let mut variants: Vec<VariantJson> = Vec::new();
            for variant in sets.filter_map(|given| with_game::<R, _>(game.name, &given, Title).ok()) {
                if variants.iter().all(|v| v.id != variant.id) {
                    variants.push(variant);
                }
            }
            games.push(GameJson {
                name: game.name,
                about: game.about,
                options: options.clone(),
                variants,
                position_format: family.position_format,
            });
        }
    }
    GamesJson { games }
}

/// The names of a variant's points: the board's names, or the indices
/// when it names none.
pub fn point_names<V: VariantDescriptor>(v: &V) -> Vec<String> {
    let board = v.board();
    if board.point_names.len() == board.points {
        board.point_names
    } else {
        (0..board.points).map(|p| p.to_string()).collect()
    }
}

/// The points a move's text names, in order: at each place the longest
/// point name that is not followed by more of a number (so that `a1` is
/// not read in `a10`), e.g. `a1-a4` gives a1 and a4, `xb6` gives b6.
pub fn named_points(text: &str, names: &[String]) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut points = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        let found = names
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.is_empty() && rest.starts_with(n.as_str()))
            .filter(|(_, n)| !rest.as_bytes().get(n.len()).is_some_and(u8::is_ascii_digit))
            .filter(|(_, n)| i == 0 || !n.as_bytes()[0].is_ascii_digit() || !bytes[i - 1].is_ascii_digit())
            .max_by_key(|(_, n)| n.len());
        match found {
            Some((p, n)) => {
                points.push(p);
                i += n.len();
            }
            None => i += rest.chars().next().map_or(1, char::len_utf8),
        }
    }
    points
}

/// `GET /api/board`.
pub struct Board<'a> {
    /// The solutions and tables.
    pub covers: &'a Covers,
}

impl GameVisitor for Board<'_> {
    type Output = Result<BoardJson, ApiError>;
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<BoardJson, ApiError> {
        let board = v.board();
        let names = point_names(&v);
        let points = names
            .into_iter()
            .enumerate()
            .map(|(index, name)| {
                let (x, y) = board.coords.get(index).copied().unwrap_or((index as i32, 0));
                PointJson { index, name, x, y }
            })
            .collect();
        let [(_, first), (_, second)] = v.sides();
        Ok(BoardJson {
            game: v.id(),
            name: v.name(),
            title: v.title(),
            notation: v.notation(),
            description: board.description,
            sides: [first, second],
            points,
            lines: board.lines,
            start: v.start().to_string(),
            solved: self.covers.of(&v)?.is_something(),
            solvable: v.solvable(),
            evaluation: v.evaluation_terms(&v.start()).is_some(),
            setup: v.setup_offer().map(|o| SetupOfferJson {
                kinds: o.kinds,
                in_hand: o.in_hand,
                removal: o.removal,
            }),
        })
    }
}

/// The position of the text `position` in `v`, or its start.
///
/// # Errors
/// Kind `position` for a text that is no position of `v`.
pub fn start_of<V: VariantDescriptor>(v: &V, position: Option<&str>) -> Result<V::Position, ApiError> {
    match position {
        None => Ok(v.start()),
        Some(text) => v.parse_position(text).map_err(|e| {
            let why = match e {
                PositionTextError::Unreadable(e) => e.to_string(),
                PositionTextError::OtherVariant(m) => m.to_string(),
            };
            ApiError::new(Kind::Position, excerpt_all(&format!("position {text:?}: {why}")))
        }),
    }
}

/// The game record of `moves` (words separated by spaces, each one or
/// several plies of one side) played from `position` (or the start), with
/// the text of each ply played.
///
/// # Errors
/// Kind `position` for a text that is no position of `v`; kind `move` for
/// a move that does not read or is illegal, kind `game-over` for one after
/// the game ended, named with its number, the words played before it in
/// [`ApiError::at`].
pub fn replay<V: VariantDescriptor>(
    v: &V,
    position: Option<&str>,
    moves: Option<&str>,
) -> Result<(GameRecord<V::Position>, Vec<String>), ApiError> {
    let start = start_of(v, position)?;
    let done =
        lapilli_registry::replay(v, start, moves.unwrap_or_default().split_whitespace()).map_err(|e| {
            let kind = match e.fault {
                ReplayFault::Unreadable(_) | ReplayFault::Illegal(_) => Kind::Move,
                ReplayFault::Over { .. } => Kind::GameOver,
            };
            ApiError::new(kind, excerpt_all(&e.to_string())).at(e.number - 1)
        })?;
    Ok((done.record, done.played))
}

/// `GET /api/position`.
pub struct Position<'a> {
    /// The position text, or the start.
    pub position: Option<&'a str>,
    /// The moves played from it.
    pub moves: Option<&'a str>,
    /// The solutions and tables.
    pub covers: &'a Covers,
}

impl GameVisitor for Position<'_> {
    type Output = Result<PositionJson, ApiError>;
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<PositionJson, ApiError> {
        let (record, played) = replay(&v, self.position, self.moves)?;
        let cover = self.covers.of(&v)?;
        let names = point_names(&v);
        let pos = record.position();
        let status = record.status();
        let (game_over, ending, winner) = match status {
            None => (None, None, None),
            Some(s @ Adjudication::Finished(_)) => (
                Some(ending_text(&v, pos, s)),
                Some(pos.ending().map_or("finished", |e| e.name())),
                pos.winner().map(|w| v.side_name(w)),
            ),
            Some(draw) => (Some(draw.to_string()), Some(draw.name()), None),
        };
        let winning_line = status.and_then(|_| v.winning_line(pos, record.moves()));
        let mut moves: Vec<(MoveJson, Option<lapilli_game::Value>)> = if status.is_some() {
            Vec::new()
        } else {
            move_values(pos, |p| cover.probe(p))
                .into_iter()
                .map(|(m, value)| {
                    let text = pos.move_text(m);
                    let points = named_points(&text, &names);
                    let json = MoveJson {
                        text,
                        points,
                        value: value.map(|v| v.wdl()),
                        plies: value.and_then(|v| v.plies()),
                    };
                    (json, value)
                })
                .collect()
        };
        // Best first where values are known (stable: generation order
        // among equals and where none is known).
        moves.sort_by_key(|m| std::cmp::Reverse(m.1));
        let value = cover.probe(pos);
        let best_move = if status.is_none() { cover.best_move(pos).map(|m| pos.move_text(m)) } else { None };
        let last_move = played.last().map(|text| MoveJson {
            text: text.clone(),
            points: named_points(text, &names),
            value: None,
            plies: None,
        });
        let occupants = v
            .occupants(pos)
            .into_iter()
            .map(|o| o.map(|(side, kind)| OccupantJson { side: v.side_name(side), kind }))
            .collect();
        Ok(PositionJson {
            game: v.id(),
            position: pos.to_string(),
            played,
            last_move,
            side_to_move: v.side_name(pos.side_to_move()),
            prompt: v.prompt(pos),
            game_over,
            ending,
            winner,
            value: value.map(|v| v.wdl()),
            plies: value.and_then(|v| v.plies()),
            best_move,
            winning_line,
            occupants,
            diagram: v.diagram(pos, record.moves().last().copied()),
            moves: moves.into_iter().map(|(m, _)| m).collect(),
        })
    }
}

/// `POST /api/ai`.
pub struct Ai<'a> {
    /// The position text, or the start.
    pub position: Option<&'a str>,
    /// The moves played from it.
    pub moves: Option<&'a str>,
    /// The player.
    pub side: SideSpec,
    /// The side as the request spelled it.
    pub side_text: &'a str,
    /// Seed of random choices.
    pub seed: u64,
    /// The solutions and tables.
    pub covers: &'a Covers,
}

impl GameVisitor for Ai<'_> {
    type Output = Result<AiJson, ApiError>;
    fn visit<V: VariantDescriptor>(self, v: V) -> Result<AiJson, ApiError> {
        let started = Instant::now();
        let (record, _) = replay(&v, self.position, self.moves)?;
        if let Some(status) = record.status() {
            let why = ending_text(&v, record.position(), status);
            return Err(ApiError::new(
                Kind::GameOver,
                format!("the game is over ({why}): no move to choose"),
            ));
        }
        // Perfect play reads the cover; the engine probes its tables.
        let cover = if self.side == SideSpec::Random { None } else { Some(self.covers.of(&v)?) };
        let nothing = crate::cover::Cover::Nothing;
        let pos = record.position();
        let choice = choose(
            self.side,
            pos,
            record.history(),
            &v.heuristic(),
            cover.as_deref().unwrap_or(&nothing),
            self.seed,
        )?;
        let best = pos.move_text(choice.mv);
        let a = choice.analysis.as_ref();
        Ok(AiJson {
            position: pos.to_string(),
            side: self.side_text.to_string(),
            points: named_points(&best, &point_names(&v)),
            best,
            score: a.map(|a| a.score),
            score_text: a.map(|a| score_text(a.score)),
            pv: a.map(|a| pos.line_text(&a.pv)),
            depth: a.map(|a| a.depth),
            nodes: a.map(|a| a.stats.nodes),
            value: choice.value.map(|v| v.wdl()),
            plies: choice.value.and_then(|v| v.plies()),
            millis: started.elapsed().as_secs_f64() * 1e3,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::named_points;

    #[test]
    fn points_are_read_from_move_texts() {
        let names: Vec<String> =
            ["a1", "a4", "a10", "b6", "1", "8", "18"].iter().map(|s| s.to_string()).collect();
        assert_eq!(named_points("a1-a4", &names), [0, 1]);
        assert_eq!(named_points("a10-a1", &names), [2, 0]);
        assert_eq!(named_points("xb6", &names), [3]);
        assert_eq!(named_points("1-8", &names), [4, 5]);
        assert_eq!(named_points("18", &names), [6]);
        assert!(named_points("zz", &names).is_empty());
    }
}
