//! The strong solution.

use crate::position::{Phase, Position, Rules};
use lapilli_board_graph::wheel;
use lapilli_search::{Counts, Tablebase, Value};
use lapilli_symmetry::{automorphisms, Group};
use std::sync::OnceLock;

/// The automorphism group of the wheel board, found by search (16
/// elements: 8 rotations and 8 reflections). The rules are invariant under
/// it: the centre, the only point the rules single out, is fixed.
pub fn group() -> &'static Group {
    static GROUP: OnceLock<Group> = OnceLock::new();
    GROUP.get_or_init(|| automorphisms(&wheel::wheel()))
}

/// Solves Terni Lapilli under `rules` by retrograde analysis over every
/// position reachable from the empty board, both phases, reduced by the
/// wheel's 16 symmetries. Every reachable position can then be probed for
/// its WDL and DTM (plies).
///
/// ```
/// use lapilli_terni_lapilli::{solve, Position, Rules};
/// let tb = solve::solve(Rules::default());
/// let start = Position::default();
/// assert!(tb.probe(&start).is_some());
/// ```
pub fn solve(rules: Rules) -> Tablebase<Position> {
    lapilli_search::solve(&Position::start(rules), Some(group()))
}

/// Solves without symmetry reduction: one entry per reachable position.
/// Slower; kept as a cross-check of the reduced solve.
pub fn solve_unreduced(rules: Rules) -> Tablebase<Position> {
    lapilli_search::solve(&Position::start(rules), None)
}

/// What `lapilli solve terni-lapilli` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The start position's value for Black, the first player.
    pub value: Value,
    /// Reachable positions by value (finished games count as losses for
    /// the side to move).
    pub reachable: Counts,
    /// The reachable positions with all six pieces placed.
    pub movement: Counts,
    /// Orbits (canonical forms) the solver stored.
    pub orbits: usize,
}

/// Summarises a tablebase built by [`solve`] or [`solve_unreduced`].
pub fn summarise(tb: &Tablebase<Position>, rules: Rules) -> Summary {
    Summary {
        value: tb.probe(&Position::start(rules)).expect("the start is reachable"),
        reachable: tb.counts(|_| true),
        movement: tb.counts(|p| p.piece_count() == 6),
        orbits: tb.len(),
    }
}

/// Whether the position is in the movement phase with all pieces placed.
pub fn is_movement(p: &Position) -> bool {
    p.phase() == Phase::Movement
}
