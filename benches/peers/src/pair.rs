//! One pair of the peers benchmark by name, for the example programs
//! (`peer_one` for callgrind, `peer_ratio` for paired timing): a game, a
//! position, a depth and which pair, each side searched as the benchmark
//! searches it.

use crate::{midgame, ours_alpha_beta, ours_iterative, petteia_eval, theirs, Theirs, FLYING};
use crate::{FoldedEval, FoldedMorris, MorrisEval, PetteiaEval, TerniEval};
use crate::{MORRIS_MID_PLIES, PETTEIA_MID_PLIES, TERNI_MID};
use lapilli_game::Evaluate;
use lapilli_terni_lapilli::eval::Heuristic;

/// Which two searches a [`Pair`] compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Our fixed-depth alpha-beta with move ordering ([`ours_alpha_beta`])
    /// against their `Negamax`.
    Plain,
    /// Our iterative deepening with a table ([`ours_iterative`]) against
    /// their `IterativeSearch`, both deepening by our evaluation's step.
    Iterative,
}

/// A position of the benchmark.
#[derive(Clone, Debug)]
pub enum Position {
    /// Terni Lapilli.
    Terni(lapilli_terni_lapilli::Position),
    /// Petteia (either variant).
    Petteia(lapilli_petteia::Position),
    /// Nine Men's Morris, a removal folded into the ply that owes it.
    Morris(FoldedMorris),
}

/// One pair of the benchmark: both searches to `depth` from `position`.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The position searched.
    pub position: Position,
    /// The depth, in plies (a folded morris turn counts one).
    pub depth: u8,
    /// Which searches.
    pub kind: Kind,
}

/// A row of the peers benchmark: a game (`terni`, `petteia`, `morris`),
/// a position ([`Pair::parse`]) and a depth; its iterative pair is
/// measured, and its plain pair too when `plain` (elsewhere their
/// `Negamax` is too slow to repeat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The game's word for [`Pair::parse`].
    pub game: &'static str,
    /// The position's word for [`Pair::parse`].
    pub position: &'static str,
    /// The depth in plies.
    pub depth: u8,
    /// Whether the plain pair is measured as well.
    pub plain: bool,
}

/// The rows of the peers benchmark, in its order.
pub const ROWS: [Row; 12] = {
    const fn row(game: &'static str, position: &'static str, depth: u8, plain: bool) -> Row {
        Row { game, position, depth, plain }
    }
    [
        row("terni", "start", 6, true),
        row("terni", "mid", 6, true),
        row("terni", "start", 8, true),
        row("terni", "mid", 8, true),
        row("petteia", "start", 3, true),
        row("petteia", "start", 5, false),
        row("petteia", "mid", 4, false),
        row("petteia", "dux", 4, false),
        row("morris", "start", 4, true),
        row("morris", "start", 6, false),
        row("morris", "mid", 6, false),
        row("morris", "flying", 8, false),
    ]
};

impl Row {
    /// The row's pair of kind `kind`.
    pub fn pair(&self, kind: Kind) -> Pair {
        Pair::new(self.game, kind, self.depth, self.position).expect("every row of the benchmark is a pair")
    }

    /// The row's kinds of pair: plain (if measured) and iterative.
    pub fn kinds(&self) -> &'static [Kind] {
        if self.plain {
            &[Kind::Plain, Kind::Iterative]
        } else {
            &[Kind::Iterative]
        }
    }

    /// The criterion group of the row: `terni_lapilli/start/depth_6`,
    /// `petteia/dux_start/depth_4`, `nine_mens_morris/midgame/depth_6`.
    pub fn group(&self) -> String {
        let game = match self.game {
            "terni" => "terni_lapilli",
            "morris" => "nine_mens_morris",
            other => other,
        };
        let position = match self.position {
            "mid" => "midgame",
            "dux" => "dux_start",
            other => other,
        };
        format!("{game}/{position}/depth_{}", self.depth)
    }
}

/// A pair that the benchmark does not have, with what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairError {
    /// Not `terni`, `petteia` or `morris`.
    #[error("unknown game {0:?} (terni, petteia or morris)")]
    Game(String),
    /// Not `plain` or `iterative`.
    #[error("unknown pair {0:?} (plain or iterative)")]
    Kind(String),
    /// Not a number of plies from 1 to 20.
    #[error("bad depth {0:?} (1 to 20 plies)")]
    Depth(String),
    /// A position the game has no benchmark position for.
    #[error("no position {position:?} for {game} (start, mid; flying for morris, dux for petteia)")]
    Position {
        /// The game.
        game: String,
        /// The position asked for.
        position: String,
    },
}

/// `Ok` if `game` is one of the benchmark's games' words.
fn known_game(game: &str) -> Result<(), PairError> {
    match game {
        "terni" | "petteia" | "morris" => Ok(()),
        _ => Err(PairError::Game(game.into())),
    }
}

impl Pair {
    /// The pair named by the words `game` (`terni`, `petteia`, `morris`),
    /// `kind` (`plain`, `iterative`), `depth` (1 to 20) and `position`, as
    /// for [`Pair::new`].
    ///
    /// # Errors
    /// [`PairError`] naming the first word, in that order, that is not one
    /// of those.
    pub fn parse(game: &str, kind: &str, depth: &str, position: &str) -> Result<Pair, PairError> {
        known_game(game)?;
        let kind = match kind {
            "plain" => Kind::Plain,
            "iterative" => Kind::Iterative,
            _ => return Err(PairError::Kind(kind.into())),
        };
        let depth = depth.parse().map_err(|_| PairError::Depth(depth.into()))?;
        Pair::new(game, kind, depth, position)
    }

    /// The pair of `kind` to `depth` plies (1 to 20) from `game`'s
    /// (`terni`, `petteia`, `morris`) position named `position`: `start`,
    /// `mid` (the benchmark's mid-game: [`midgame`] [`PETTEIA_MID_PLIES`]
    /// or [`MORRIS_MID_PLIES`] plies in, Terni Lapilli's [`TERNI_MID`]),
    /// `flying` (morris: [`FLYING`]) or `dux` (Petteia's Dux variant from
    /// the start).
    ///
    /// # Errors
    /// [`PairError`] for an unknown game, a depth out of range, or a
    /// position the game has none of, in that order.
    pub fn new(game: &str, kind: Kind, depth: u8, position: &str) -> Result<Pair, PairError> {
        known_game(game)?;
        if !(1..=20).contains(&depth) {
            return Err(PairError::Depth(depth.to_string()));
        }
        let missing = || PairError::Position { game: game.into(), position: position.into() };
        let position = match (game, position) {
            ("terni", "start") => Position::Terni(Default::default()),
            ("terni", "mid") => {
                Position::Terni(TERNI_MID.parse().expect("the benchmark's position is valid"))
            }
            ("petteia", "start") => Position::Petteia(Default::default()),
            ("petteia", "mid") => {
                Position::Petteia(midgame(&lapilli_petteia::Position::default(), PETTEIA_MID_PLIES))
            }
            ("petteia", "dux") => {
                Position::Petteia(lapilli_petteia::Setup::new(lapilli_petteia::Variant::Dux).start())
            }
            ("morris", "start") => Position::Morris(FoldedMorris(Default::default())),
            ("morris", "mid") => {
                Position::Morris(midgame(&FoldedMorris(Default::default()), MORRIS_MID_PLIES))
            }
            ("morris", "flying") => {
                Position::Morris(FoldedMorris(FLYING.parse().expect("the benchmark's position is valid")))
            }
            _ => return Err(missing()),
        };
        Ok(Pair { position, depth, kind })
    }

    /// Our search of the pair: its root value.
    pub fn ours(&self) -> i32 {
        let (d, plain) = (self.depth, self.kind == Kind::Plain);
        let petteia = |p: &lapilli_petteia::Position| petteia_eval(p);
        match &self.position {
            Position::Terni(p) if plain => ours_alpha_beta(p, d, &Heuristic),
            Position::Terni(p) => ours_iterative(p, d, &Heuristic),
            Position::Petteia(p) if plain => ours_alpha_beta(p, d, &petteia),
            Position::Petteia(p) => ours_iterative(p, d, &petteia),
            Position::Morris(p) if plain => ours_alpha_beta(p, d, &FoldedEval),
            Position::Morris(p) => ours_iterative(p, d, &FoldedEval),
        }
    }

    /// Their search of the pair: its root value.
    pub fn theirs(&self) -> minimax::Evaluation {
        let d = self.depth;
        let petteia = |p: &lapilli_petteia::Position| petteia_eval(p);
        let which = |step| match self.kind {
            Kind::Plain => Theirs::Negamax,
            Kind::Iterative => Theirs::Iterative { step },
        };
        match &self.position {
            Position::Terni(p) => theirs(which(Heuristic.deepening_step()), TerniEval, p, d),
            Position::Petteia(p) => theirs(which(petteia.deepening_step()), PetteiaEval, p, d),
            Position::Morris(p) => theirs(which(FoldedEval.deepening_step()), MorrisEval, p, d),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_that_is_not_a_pair_is_named() {
        assert_eq!(Pair::parse("chess", "plain", "3", "start").unwrap_err(), PairError::Game("chess".into()));
        // The first wrong word is the one named.
        assert_eq!(Pair::parse("chess", "fast", "0", "moon").unwrap_err(), PairError::Game("chess".into()));
        assert_eq!(Pair::parse("", "", "", "").unwrap_err(), PairError::Game("".into()));
        assert_eq!(Pair::parse("terni", "fast", "3", "start").unwrap_err(), PairError::Kind("fast".into()));
        assert_eq!(Pair::parse("terni", "plain", "0", "start").unwrap_err(), PairError::Depth("0".into()));
        assert_eq!(Pair::parse("terni", "plain", "x", "start").unwrap_err(), PairError::Depth("x".into()));
        assert_eq!(
            Pair::parse("terni", "plain", "300", "start").unwrap_err(),
            PairError::Depth("300".into())
        );
        assert_eq!(Pair::new("terni", Kind::Plain, 21, "start").unwrap_err(), PairError::Depth("21".into()));
        assert_eq!(Pair::new("go", Kind::Plain, 0, "start").unwrap_err(), PairError::Game("go".into()));
        let flying = Pair::parse("terni", "plain", "3", "flying").unwrap_err();
        assert_eq!(flying, PairError::Position { game: "terni".into(), position: "flying".into() });
    }

    #[test]
    fn every_row_is_a_pair_named_as_its_criterion_group() {
        // The names criterion keeps its baselines under, in the benchmark's
        // order: they must not change.
        let groups: Vec<String> = ROWS.iter().map(Row::group).collect();
        let names = [
            "terni_lapilli/start/depth_6",
            "terni_lapilli/midgame/depth_6",
            "terni_lapilli/start/depth_8",
            "terni_lapilli/midgame/depth_8",
            "petteia/start/depth_3",
            "petteia/start/depth_5",
            "petteia/midgame/depth_4",
            "petteia/dux_start/depth_4",
            "nine_mens_morris/start/depth_4",
            "nine_mens_morris/start/depth_6",
            "nine_mens_morris/midgame/depth_6",
            "nine_mens_morris/flying/depth_8",
        ];
        assert_eq!(groups, names);
        let plain: Vec<&str> = ROWS.iter().filter(|r| r.plain).map(|r| r.position).collect();
        assert_eq!(plain, ["start", "mid", "start", "mid", "start", "start"]);
        for row in ROWS {
            for &kind in row.kinds() {
                let pair = row.pair(kind);
                assert_eq!((pair.kind, pair.depth), (kind, row.depth));
            }
        }
        assert_eq!(ROWS.iter().map(|r| r.kinds().len()).sum::<usize>(), 18, "the 18 folded pairs");
    }

    #[test]
    fn both_sides_of_a_pair_find_the_same_root_value() {
        for (game, kind, depth, position) in [
            ("terni", "plain", "4", "start"),
            ("petteia", "iterative", "2", "mid"),
            ("morris", "iterative", "3", "mid"),
        ] {
            let pair = Pair::parse(game, kind, depth, position).unwrap();
            let (ours, theirs) = (pair.ours(), pair.theirs());
            assert!(crate::same_value(ours, theirs), "{game} {position}: {ours} vs {theirs}");
        }
    }
}
