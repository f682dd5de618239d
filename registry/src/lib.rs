//! A registry of games for generic front ends, on the model of OpenSpiel's
//! `GameType` and `REGISTER_SPIEL_GAME`.
//!
//! Each game crate describes its games once, with a [`Descriptor`]: the
//! names it answers to, its variant options and how they choose a
//! [`VariantDescriptor`] (the rules in force). The variant gives a front end
//! everything it needs beside the rules traits: the start, position text
//! checked against the variant, the evaluation, a diagram, the board's
//! figures ([`BoardInfo`]) and the strong solution where there is one
//! ([`Solution`]).
//!
//! A front end lists its games in one [`Registry`] (one
//! [`FamilyVisitor::family`] call per game crate) and runs its generic code
//! on the variant a user names with [`with_game`] and a [`GameVisitor`]:
//!
//! ```ignore
//! struct Games;
//! impl Registry for Games {
//!     fn families<F: FamilyVisitor>(f: &mut F) {
//!         f.family(&lapilli_terni_lapilli::descriptor::Games);
//!         f.family(&lapilli_morris::descriptor::Games);
//!     }
//! }
//! struct Title;
//! impl GameVisitor for Title {
//!     type Output = String;
//!     fn visit<V: VariantDescriptor>(self, variant: V) -> String {
//!         variant.title()
//!     }
//! }
//! let title = with_game::<Games, _>("six-mens-morris", &GivenOptions::default(), Title)?;
//! ```
//!
//! The crate's `tests/registry.rs` registers a toy game end to end.

use lapilli_game::{Canonicalize, CheckedGame, Evaluate, Game};
use lapilli_tablebase::Progress;
use std::error::Error;
use std::fmt::Display;
use std::str::FromStr;
use thiserror::Error;

mod cache;
mod eval;
mod foreign;
mod id;
mod replay;
mod setup;
mod solution;
mod tables;

pub use cache::{cache_root, store_dir, CACHE_ENV};
pub use eval::{EvalBreakdown, EvalTerm};
pub use foreign::ForeignFormat;
pub use id::{parse_variant_id, variant_id, with_game_id, ID_SEPARATOR};
pub use replay::{ending_text, replay, ReplayError, ReplayFault, Replayed};
pub use setup::{text_tail, Setup, SetupError, SetupOffer, SetupPiece};
pub use solution::{BoardInfo, Solution, SolutionPlayer, SolveReport, SolveSummary};
pub use tables::{
    EndgameBuild, OpenTables, PlanTiers, SolveError, StoredIn, TableStore, TablebaseSupport, TierBuild,
    VerifyTiers,
};

/// A name a game family answers to, with a one-line description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameName {
    /// The name, lower case and hyphenated, e.g. `"nine-mens-morris"`.
    pub name: &'static str,
    /// What the game is, in one line.
    pub about: &'static str,
}

/// How a variant option is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A switch: given or not.
    Flag,
    /// An option with a value.
    Value {
        /// What the value is, for help texts, e.g. `"WxH"`.
        placeholder: &'static str,
    },
}

/// A variant option of a game family, e.g. `no-flying` or `size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantOption {
    /// The name, lower case and hyphenated.
    pub name: &'static str,
    /// What it does, in one line.
    pub help: &'static str,
    /// A flag or a value.
    pub kind: OptionKind,
}

/// The variant options given for a game: flags, and values by option name.
///
/// ```
/// use lapilli_registry::GivenOptions;
/// let given = GivenOptions::default().with_flag("no-flying").with_value("size", "8x12");
/// assert!(given.flag("no-flying") && !given.flag("size"));
/// assert_eq!(given.value("size"), Some("8x12"));
/// assert_eq!(given.names().collect::<Vec<_>>(), ["no-flying", "size"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GivenOptions {
    given: Vec<(String, Option<String>)>,
}

impl GivenOptions {
    /// These options and the flag `name`.
    #[must_use]
    pub fn with_flag(mut self, name: &str) -> GivenOptions {
        self.given.push((name.to_string(), None));
        self
    }

    /// These options and the option `name` with `value`.
    #[must_use]
    pub fn with_value(mut self, name: &str, value: &str) -> GivenOptions {
        self.given.push((name.to_string(), Some(value.to_string())));
        self
    }

    /// Whether the flag `name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.given.iter().any(|(n, v)| n == name && v.is_none())
    }

    /// The value given for `name`, if any (the last one if given twice).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.given.iter().rev().find(|(n, _)| n == name).and_then(|(_, v)| v.as_deref())
    }

    /// The names of the options given, in the order given.
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.given.iter().map(|(n, _)| n.as_str())
    }

    /// Whether no option was given.
    pub fn is_empty(&self) -> bool {
        self.given.is_empty()
    }

    /// The options given, in the order given: each name with its value
    /// (`None` for a flag).
    pub fn entries(&self) -> impl Iterator<Item = (&str, Option<&str>)> + '_ {
        self.given.iter().map(|(n, v)| (n.as_str(), v.as_deref()))
    }
}

/// Why a game name and its options choose no variant.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No registered family answers to the name.
    #[error("unknown game {0:?}")]
    UnknownGame(String),
    /// An option the game's family does not declare.
    #[error("option {option} does not apply to {game}")]
    NotApplicable {
        /// The option.
        option: String,
        /// The game it was given for.
        game: &'static str,
    },
    /// A declared option with a value that is wrong, or wrong for this game.
    #[error("option {option}: {reason}")]
    Invalid {
        /// The option.
        option: &'static str,
        /// What is wrong, in words.
        reason: String,
    },
    /// A variant id ([`variant_id`]) that cannot be read.
    #[error("variant id {id:?}: {reason}")]
    BadId {
        /// The id.
        id: String,
        /// What is wrong, in words.
        reason: String,
    },
}

/// Why a position text was refused for a variant.
#[derive(Debug, Error)]
pub enum PositionTextError {
    /// The text is not a position of the game (the rules crate's parse
    /// error).
    #[error(transparent)]
    Unreadable(Box<dyn Error + Send + Sync>),
    /// A position of another variant than the one chosen.
    #[error(transparent)]
    OtherVariant(Mismatch),
}

/// A position that belongs to another variant than the one chosen: both in
/// words, each completing "the position is ...".
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("the position is {position} but the variant is {chosen}")]
pub struct Mismatch {
    /// What the position is, e.g. `"on a 8x12 board"`.
    pub position: String,
    /// What the chosen variant is, e.g. `"on a 8x8 board"`.
    pub chosen: String,
}

/// Why a variant has no strong solution here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct Unsolvable {
    /// The reason, a sentence without a final full stop.
    pub reason: String,
}

/// The side type of a variant's positions.
pub type SideOf<V> = <<V as VariantDescriptor>::Position as Game>::Side;

/// The move type of a variant's positions.
pub type MoveOf<V> = <<V as VariantDescriptor>::Position as Game>::Move;

/// A game with its variant chosen: what a generic front end needs beside
/// the rules traits ([`Game`], [`CheckedGame`]).
///
/// No rule logic belongs in a front end: plies are read with
/// [`CheckedGame::parse_plies`] and played with [`CheckedGame::play`] or a
/// game record, endings are named by [`CheckedGame::ending`] and winners by
/// [`CheckedGame::winner`].
pub trait VariantDescriptor: Sized {
    /// The positions, with their text (`Display` and `FromStr`) and their
    /// symmetries ([`Canonicalize`]: the plies of equal value by symmetry).
    type Position: CheckedGame<Move: Send + Sync>
        + Canonicalize
        + Display
        + FromStr<Err: Error + Send + Sync + 'static>
        + Send
        + Sync
        + 'static;
    /// The static evaluation search uses.
    type Heuristic: Evaluate<Self::Position> + Clone + Send + Sync + 'static;

    /// The name the game was chosen by (one of its family's
    /// [`Descriptor::games`]).
    fn name(&self) -> &'static str;

    /// The options that choose this variant of its game beyond the game's
    /// defaults, as [`Descriptor::variant`] reads them back to this
    /// variant (only options that differ from the defaults, in the order
    /// of [`Descriptor::options`]).
    fn given_options(&self) -> GivenOptions;

    /// The variant id ([`variant_id`] of [`VariantDescriptor::name`] and
    /// [`VariantDescriptor::given_options`]): one text for this variant
    /// that [`with_game_id`] reads back to it, e.g. `six-mens-morris+flying`.
    fn id(&self) -> String {
        variant_id(self.name(), &self.given_options())
    }

    /// The game and its rules in one line, e.g. "Terni Lapilli, centre
    /// allowed on the first placement".
    fn title(&self) -> String;

    /// The variant's rules in words, e.g. "centre allowed on the first
    /// placement".
    fn rules_text(&self) -> String;

    /// The move notation in a sentence or two, with examples.
    fn notation(&self) -> String;

    /// The start position.
    fn start(&self) -> Self::Position;

    /// The two sides in the order of play, each with its name (e.g.
    /// `"black"`).
    fn sides(&self) -> [(SideOf<Self>, &'static str); 2];

    /// Why `pos` belongs to another variant than this one, or `None` when it
    /// is one of this variant's positions.
    fn mismatch(&self, pos: &Self::Position) -> Option<Mismatch>;

    /// The evaluation for search.
    fn heuristic(&self) -> Self::Heuristic;

    /// The board with `pos`'s pieces drawn over several lines (ending with a
    /// line break); `last` is the ply that led to `pos`, if known, for games
    /// that mark it.
    fn diagram(&self, pos: &Self::Position, last: Option<MoveOf<Self>>) -> String;

    /// The board's figures.
    fn board(&self) -> BoardInfo;

    /// What stands on each point of `pos`, by point index (as in
    /// [`BoardInfo`]): the side of the piece there and its kind in one
    /// lower-case word (`"piece"`, or e.g. `"dux"` for a piece with
    /// powers of its own), `None` on an empty point. What a front end
    /// draws the position with. Empty by default: a game that does not
    /// say is drawn without pieces.
    fn occupants(&self, pos: &Self::Position) -> Vec<Option<(SideOf<Self>, &'static str)>> {
        let _ = pos;
        Vec::new()
    }

    /// What a set-up of this variant may hold (the kinds of pieces, pieces
    /// in hand, a pending removal), or `None` when it offers no set-up
    /// ([`VariantDescriptor::setup_position`] then refuses every one).
    /// `None` by default.
    fn setup_offer(&self) -> Option<SetupOffer> {
        None
    }

    /// The position `setup` describes, checked by the game's rules as its
    /// position text is. By default none: [`SetupError::NotOffered`].
    ///
    /// # Errors
    /// [`SetupError::Shape`] for a set-up that does not fit the board,
    /// [`SetupError::Position`] for a position the rules refuse.
    fn setup_position(&self, setup: &Setup) -> Result<Self::Position, SetupError> {
        let _ = setup;
        Err(SetupError::NotOffered)
    }

    /// Whether [`VariantDescriptor::solve_stored`] solves this variant
    /// (given a table store with a folder), without solving it: what a
    /// front end asks before it offers a solve. By default whether
    /// [`VariantDescriptor::solve`] succeeds; a game whose solve is costly
    /// answers from its rules.
    fn solvable(&self) -> bool {
        self.solve().is_ok()
    }

    /// The points of the line that ended the game in `pos`, when it ended
    /// by a line: three in a row on the alignment boards, or the mill
    /// whose removal won; `moves` are the plies that led to `pos`, the
    /// last one last (empty when unknown). `None` by default, and while
    /// the game goes on.
    fn winning_line(&self, pos: &Self::Position, moves: &[MoveOf<Self>]) -> Option<Vec<usize>> {
        let _ = (pos, moves);
        None
    }

    /// The strong solution.
    ///
    /// # Errors
    /// [`Unsolvable`] for a variant too large for the retrograde solver.
    fn solve(&self) -> Result<Solution<Self::Position>, Unsolvable>;

    /// The strong solution, its tables kept in `store` where the variant
    /// solves by tier tables (built on the first call, read back after),
    /// reporting the build's progress. By default [`VariantDescriptor::solve`].
    ///
    /// # Errors
    /// [`SolveError::Unsolvable`] as [`VariantDescriptor::solve`];
    /// [`SolveError::Tablebase`] when the tables cannot be built or read.
    fn solve_stored(
        &self,
        store: &TableStore,
        progress: &dyn Progress,
    ) -> Result<Solution<Self::Position>, SolveError> {
        let _ = (store, progress);
        Ok(self.solve()?)
    }

    /// The position formats of other programs the variant reads and
    /// writes ([`ForeignFormat`]), e.g. Sanmill's FEN for morris; none by
    /// default.
    fn foreign_formats(&self) -> Vec<Box<dyn ForeignFormat<Self::Position>>> {
        Vec::new()
    }

    /// The static evaluation of `pos` for its side to move, term by term
    /// (the patterns that score and their points), for games whose
    /// heuristic is such a sum; `None` by default.
    fn evaluation_terms(&self, pos: &Self::Position) -> Option<EvalBreakdown> {
        let _ = pos;
        None
    }

    /// The variant's tier tablebases, if it has them.
    fn tablebases(&self) -> Option<TablebaseSupport<Self::Position>> {
        None
    }

    /// The name of `side`.
    fn side_name(&self, side: SideOf<Self>) -> &'static str {
        let [(first, first_name), (_, second_name)] = self.sides();
        if side == first {
            first_name
        } else {
            second_name
        }
    }

    /// What a player is asked to do in `pos`, e.g. "black to move"; games
    /// with turns of several plies say more (a pending removal).
    fn prompt(&self, pos: &Self::Position) -> String {
        format!("{} to move", self.side_name(pos.side_to_move()))
    }

    /// Reads a position of this variant.
    ///
    /// # Errors
    /// [`PositionTextError::Unreadable`] for text that is no position,
    /// [`PositionTextError::OtherVariant`] for a position of another
    /// variant ([`VariantDescriptor::mismatch`]).
    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionTextError> {
        let pos: Self::Position = text.parse().map_err(|e| PositionTextError::Unreadable(Box::new(e)))?;
        match self.mismatch(&pos) {
            Some(m) => Err(PositionTextError::OtherVariant(m)),
            None => Ok(pos),
        }
    }

    /// The number of leaves `depth` plies below `pos` ([`lapilli_game::perft()`]
    /// unless the game has a faster count).
    fn perft(&self, pos: &Self::Position, depth: u32) -> u64 {
        lapilli_game::perft(pos, depth)
    }

    /// How a finished game ended, in words: "black wins: three in a line",
    /// "draw: the placements filled the board"; "the game goes on" while
    /// it does.
    fn result_text(&self, pos: &Self::Position) -> String {
        match (pos.winner(), pos.ending()) {
            (Some(w), Some(e)) => format!("{} wins: {e}", self.side_name(w)),
            (Some(w), None) => format!("{} wins", self.side_name(w)),
            (None, Some(e)) => format!("draw: {e}"),
            (None, None) if pos.outcome().is_some() => "draw".into(),
            (None, None) => "the game goes on".into(),
        }
    }
}

/// A game crate's description of its games, implemented once per crate
/// (on a unit struct) and registered with one line in a front end's
/// [`Registry`].
pub trait Descriptor {
    /// The chosen variant.
    type Variant: VariantDescriptor;

    /// The names the family answers to, each with its description.
    fn games(&self) -> &'static [GameName];

    /// The variant options; [`with_game`] refuses any other.
    fn options(&self) -> &'static [VariantOption];

    /// The position text in words, with the start as an example.
    fn position_format(&self) -> &'static str;

    /// The variant that `name` (one of [`Descriptor::games`]) and `options`
    /// (declared ones only, of the right kind) choose.
    ///
    /// # Errors
    /// [`OptionError::Invalid`] for a value that is wrong, or wrong for
    /// this name.
    fn variant(&self, name: &str, options: &GivenOptions) -> Result<Self::Variant, OptionError>;
}

/// Runs generic code on a chosen variant: the type erasure between a front
/// end's commands and the registered games (see [`with_game`]).
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on `variant`.
    fn visit<V: VariantDescriptor>(self, variant: V) -> Self::Output;
}

/// Visits every registered family (see [`Registry`]).
pub trait FamilyVisitor {
    /// Visits one family.
    fn family<D: Descriptor>(&mut self, descriptor: &D);
}

/// A front end's list of game families: one [`FamilyVisitor::family`] call
/// per game crate, in the order they are listed.
pub trait Registry {
    /// Calls `visitor.family` on each family.
    fn families<F: FamilyVisitor>(visitor: &mut F);
}

/// One family of a registry as plain data, for listings and help.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyInfo {
    /// Its names.
    pub games: &'static [GameName],
    /// Its variant options.
    pub options: &'static [VariantOption],
    /// Its position text in words.
    pub position_format: &'static str,
}

/// Every family of the registry `R`, in order.
pub fn families<R: Registry>() -> Vec<FamilyInfo> {
    struct Collect(Vec<FamilyInfo>);
    impl FamilyVisitor for Collect {
        fn family<D: Descriptor>(&mut self, d: &D) {
            self.0.push(FamilyInfo {
                games: d.games(),
                options: d.options(),
                position_format: d.position_format(),
            });
        }
    }
    let mut c = Collect(Vec::new());
    R::families(&mut c);
    c.0
}

/// Every game name of the registry `R`, in order.
pub fn game_names<R: Registry>() -> Vec<GameName> {
    families::<R>().iter().flat_map(|f| f.games.iter().copied()).collect()
}

/// The names of the games of the registry `R` that have tier tablebases
/// under their default options ([`VariantDescriptor::tablebases`]), in
/// order: what a front end offers when asked for tables of another game.
pub fn games_with_tablebases<R: Registry>() -> Vec<&'static str> {
    struct HasTables;
    impl GameVisitor for HasTables {
        type Output = bool;
        fn visit<V: VariantDescriptor>(self, variant: V) -> bool {
            variant.tablebases().is_some()
        }
    }
    game_names::<R>()
        .into_iter()
        .filter(|g| with_game::<R, _>(g.name, &GivenOptions::default(), HasTables).unwrap_or(false))
        .map(|g| g.name)
        .collect()
}

/// Chooses the variant that `name` and `options` name in the registry `R`
/// and runs `visitor` on it.
///
/// # Errors
/// [`OptionError::UnknownGame`] if no family answers to `name`;
/// [`OptionError::NotApplicable`] for an option the family does not
/// declare; [`OptionError::Invalid`] for a flag given a value or a value
/// option given none, and whatever the family's
/// [`Descriptor::variant`] refuses.
pub fn with_game<R: Registry, V: GameVisitor>(
    name: &str,
    options: &GivenOptions,
    visitor: V,
) -> Result<V::Output, OptionError> {
    struct Find<'a, V: GameVisitor> {
        name: &'a str,
        options: &'a GivenOptions,
        visitor: Option<V>,
        result: Option<Result<V::Output, OptionError>>,
    }
    impl<V: GameVisitor> FamilyVisitor for Find<'_, V> {
        fn family<D: Descriptor>(&mut self, d: &D) {
            let Some(game) = d.games().iter().find(|g| g.name == self.name) else {
                return;
            };
            let Some(visitor) = self.visitor.take() else {
                return; // an earlier family answered to the same name
            };
            self.result = Some(
                check_options(game.name, d.options(), self.options)
                    .and_then(|()| d.variant(game.name, self.options))
                    .map(|variant| visitor.visit(variant)),
            );
        }
    }
    let mut find = Find { name, options, visitor: Some(visitor), result: None };
    R::families(&mut find);
    find.result.unwrap_or_else(|| Err(OptionError::UnknownGame(name.to_string())))
}

/// Refuses options the family does not declare, and flags or values given
/// the wrong way.
fn check_options(
    game: &'static str,
    declared: &'static [VariantOption],
    given: &GivenOptions,
) -> Result<(), OptionError> {
    for (name, value) in &given.given {
        let Some(option) = declared.iter().find(|o| o.name == name) else {
            return Err(OptionError::NotApplicable { option: name.clone(), game });
        };
        match (option.kind, value) {
            (OptionKind::Flag, Some(_)) => {
                return Err(OptionError::Invalid { option: option.name, reason: "takes no value".into() });
            }
            (OptionKind::Value { placeholder }, None) => {
                let reason = format!("needs a value ({placeholder})");
                return Err(OptionError::Invalid { option: option.name, reason });
            }
            _ => {}
        }
    }
    Ok(())
}
