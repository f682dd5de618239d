//! The tier checks: a [`TierSpace`] keeps the contract the tier solver
//! relies on, and the tier solver agrees with two independent references.
//!
//! The tier solver ([`solve_tier`]) trusts the space without checking it:
//! an index that is not the same on every member of an orbit reads another
//! orbit's value, a missing un-move leaves a position drawn that is won, a
//! dependency left out is never solved. [`check_tier_space`] checks the
//! contract position by position, with [`Canonicalize`] (the game's own
//! canonical form, computed independently of the space's index) as the
//! judge of orbits; [`check_tier_solver`] solves tiers and compares every
//! value with the naive fixpoint ([`naive_values`]) and the in-memory
//! solver ([`solve_keyed`]).
//!
//! [`TierSpace`]: lapilli_tablebase::TierSpace
//! [`solve_tier`]: lapilli_tablebase::solve_tier
//! [`Canonicalize`]: lapilli_game::Canonicalize
//! [`naive_values`]: lapilli_tablebase::naive_values
//! [`solve_keyed`]: lapilli_tablebase::solve_keyed

mod solver;
mod space;

pub use solver::{check_tier_solver, TierSolverCheck};
pub use space::{check_tier_space, TierSpaceCheck};
