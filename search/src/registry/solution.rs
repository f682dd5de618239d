//! What a variant reports of its board and of its strong solution, as plain
//! data, and perfect play from the solution.

use crate::game::{CheckedGame, Game, Indexed};
use crate::player::Player;
use crate::retrograde::{Counts, Tablebase};
use crate::score::Value;
use std::fmt;

/// The figures of a board, as plain data: filled by the game crate from its
/// board graph and symmetry group (search knows no board type).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardInfo {
    /// The board in words, e.g. "the wheel board (8 ring points 0-7 and the
    /// centre 8)".
    pub description: String,
    /// The names of the points by index; empty when points go by their
    /// index alone or the description explains the names.
    pub point_names: Vec<String>,
    /// Number of points.
    pub points: usize,
    /// Number of edges (pairs of points adjacent on a line).
    pub edges: usize,
    /// The lines, as point indices.
    pub lines: Vec<Vec<usize>>,
    /// Order of the symmetry group the game uses.
    pub automorphisms: usize,
    /// How that group was found, e.g. "found by search over relabellings
    /// that preserve the lines".
    pub group_origin: String,
    /// The point orbits under the group.
    pub orbits: Vec<Vec<usize>>,
}

/// What a strong solution says about a variant, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// The value of the start for its side to move (the first player).
    pub value: Value,
    /// Every position reachable from the start, by value for its side to
    /// move (finished games count as losses).
    pub reachable: Counts,
    /// The reachable positions of the moving phase (every piece placed), for
    /// games that begin by placing pieces.
    pub movement: Option<Counts>,
    /// Entries the tablebase stores: orbits when it was reduced by the
    /// symmetry group, positions otherwise.
    pub orbits: usize,
    /// Order of the symmetry group the solve used (1 when not reduced).
    pub automorphisms: usize,
    /// Perfect play from the start, each ply in the notation of the position
    /// it is played in, until the game ends or a position repeats.
    pub principal_variation: Vec<String>,
}

/// The plies a principal variation is cut at (a drawn line repeats long
/// before).
const PV_PLIES: usize = 200;

/// The perfect ply of a position, read from a tablebase.
type BestMove<G> = Box<dyn Fn(&G) -> Option<<G as Game>::Move> + Send + Sync>;
/// The value of a position, read from a tablebase.
type ValueOf<G> = Box<dyn Fn(&G) -> Option<Value> + Send + Sync>;

/// A solved variant: its [`SolveReport`] and perfect play
/// ([`Solution::best_move`], [`Solution::player`]). It owns its tablebase,
/// so a front end needs no `Indexed` bound to play from it.
pub struct Solution<G: Game> {
    report: SolveReport,
    best: BestMove<G>,
    value: ValueOf<G>,
}

impl<G: Game> fmt::Debug for Solution<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solution").field("report", &self.report).finish_non_exhaustive()
    }
}

impl<G: Game> Solution<G> {
    /// The solution read from `tablebase`, solved from `start`:
    /// `automorphisms` is the order of the group it was reduced by (1 if
    /// not), `moving` picks the positions of the moving phase for
    /// [`SolveReport::movement`] (`None` for games without a placing
    /// phase).
    ///
    /// # Panics
    /// If `start` is not in the tablebase (it was solved from elsewhere).
    pub fn new(
        tablebase: Tablebase<G>,
        start: &G,
        automorphisms: usize,
        moving: Option<fn(&G) -> bool>,
    ) -> Solution<G>
    where
        G: CheckedGame + Indexed + Send + Sync + 'static,
    {
        let mut pos = start.clone();
        let mut principal_variation = Vec::new();
        for m in tablebase.principal_variation(start, PV_PLIES) {
            principal_variation.push(pos.move_text(m));
            pos.play_unchecked(m);
        }
        let report = SolveReport {
            value: tablebase.probe(start).expect("the start is in its own tablebase"),
            reachable: tablebase.counts(|_| true),
            movement: moving.map(|f| tablebase.counts(f)),
            orbits: tablebase.len(),
            automorphisms: if tablebase.is_reduced() { automorphisms } else { 1 },
            principal_variation,
        };
        let tablebase = std::sync::Arc::new(tablebase);
        let probe = tablebase.clone();
        let best = Box::new(move |pos: &G| tablebase.best_move(pos).map(|(m, _)| m));
        Solution { report, best, value: Box::new(move |pos: &G| probe.probe(pos)) }
    }

    /// The solution read from tier tables ([`crate::tablebase`]) that cover
    /// every position reachable from `start`: the report counts the
    /// reachable positions ([`crate::tablebase::reachable`]), `moving` picks
    /// the positions of the moving phase, `automorphisms` is the order of
    /// the group the tables are reduced by.
    pub fn from_tablebases<S>(
        tables: crate::tablebase::Tablebases<S>,
        start: &G,
        automorphisms: usize,
        moving: Option<fn(&G) -> bool>,
    ) -> Solution<G>
    where
        S: crate::tablebase::TierSpace<Game = G> + Send + 'static,
        G: CheckedGame + Send + Sync + 'static,
    {
        let reach = crate::tablebase::reachable(&tables, start, |p| moving.is_some_and(|f| f(p)));
        let mut pos = start.clone();
        let mut principal_variation = Vec::new();
        for m in tables.principal_variation(start, PV_PLIES) {
            principal_variation.push(pos.move_text(m));
            pos.play_unchecked(m);
        }
        let report = SolveReport {
            value: tables.probe(start).unwrap_or(Value::Draw),
            reachable: reach.positions,
            movement: moving.map(|_| reach.picked),
            orbits: reach.classes as usize,
            automorphisms,
            principal_variation,
        };
        let tables = std::sync::Arc::new(tables);
        let probe = tables.clone();
        Solution {
            report,
            best: Box::new(move |pos: &G| tables.best_move(pos).map(|(m, _)| m)),
            value: Box::new(move |pos: &G| probe.probe(pos)),
        }
    }

    /// The value of `pos` (WDL and DTM in plies, for its side to move);
    /// `None` when it is not covered (not reachable from the start).
    pub fn value(&self, pos: &G) -> Option<Value> {
        (self.value)(pos)
    }

    /// The figures of the solution.
    pub fn report(&self) -> &SolveReport {
        &self.report
    }

    /// The perfect ply in `pos` (fastest win, else a draw, else the slowest
    /// loss); `None` when the game is over or `pos` is not reachable from
    /// the start.
    pub fn best_move(&self, pos: &G) -> Option<G::Move> {
        (self.best)(pos)
    }

    /// A player that plays [`Solution::best_move`], named `perfect`.
    pub fn player(&self) -> SolutionPlayer<'_, G> {
        SolutionPlayer { solution: self }
    }
}

/// Perfect play from a [`Solution`] (see [`Solution::player`]).
#[derive(Debug)]
pub struct SolutionPlayer<'s, G: Game> {
    solution: &'s Solution<G>,
}

impl<G: Game> Player<G> for SolutionPlayer<'_, G> {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        self.solution.best_move(pos)
    }
}
