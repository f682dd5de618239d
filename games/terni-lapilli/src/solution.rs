//! The strong solution: every reachable position with its value.

use crate::position::Position;
use crate::rules::Rules;
use lapilli_game::Value;
use lapilli_tablebase::{Counts, Solved};

/// Solves the game of `rules` by retrograde analysis over every position
/// reachable from the empty board, both phases, reduced by the board's
/// symmetries ([`Rules::group`]: 16 on the wheel, 8 on the 3x3 boards,
/// through [`lapilli_game::Canonicalize`]). Every reachable position can
/// then be probed for its WDL and DTM (plies). The values are
/// game-theoretic: a position neither side can force is a draw, whatever
/// repetition rule play uses.
///
/// Time and memory are small: at most a few tens of thousands of
/// positions, solved in milliseconds (the figures of each game are in
/// [`crate::Variant`]'s documentation).
///
/// ```
/// use lapilli_game::Value;
/// use lapilli_terni_lapilli::{solution, Position, Rules};
/// let tb = solution::solve(Rules::default());
/// assert_eq!(tb.probe(&Position::default()), Some(Value::Draw));
/// assert_eq!(tb.len(), 368); // orbits
/// ```
pub fn solve(rules: Rules) -> Solved<Position> {
    lapilli_tablebase::solve_reduced(&Position::start(rules))
}

/// Solves without symmetry reduction: one entry per reachable position.
/// Slower; kept as a cross-check of the reduced solve.
pub fn solve_unreduced(rules: Rules) -> Solved<Position> {
    lapilli_tablebase::solve(&Position::start(rules))
}

/// The figures of a strong solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The start position's value for Black, the first player.
    pub value: Value,
    /// Reachable positions by value (finished games count as losses for
    /// the side to move).
    pub reachable: Counts,
    /// The reachable positions of the moving phase (every piece placed:
    /// six, or eight in achi).
    pub movement: Counts,
    /// Entries the tablebase stores: orbits (canonical forms) for [`solve`],
    /// positions for [`solve_unreduced`].
    pub orbits: usize,
}

/// Summarises a tablebase built by [`solve`] or [`solve_unreduced`].
///
/// # Panics
/// If the tablebase was solved under other rules than `rules` (the start
/// is then not in it).
///
/// ```
/// use lapilli_terni_lapilli::{solution, Rules};
/// let rules = Rules::default();
/// let s = solution::summarise(&solution::solve(rules), rules);
/// assert_eq!((s.reachable.total, s.movement.total, s.orbits), (5230, 2880, 368));
/// ```
pub fn summarise(tb: &Solved<Position>, rules: Rules) -> Summary {
    let placed = 2 * rules.variant.pieces();
    Summary {
        value: tb.probe(&Position::start(rules)).expect("the start is reachable"),
        reachable: tb.counts(|_| true),
        movement: tb.counts(|p| p.piece_count() == placed),
        orbits: tb.len(),
    }
}
