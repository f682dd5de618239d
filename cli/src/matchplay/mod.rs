//! `lapilli match`: two engines that speak Sanmill's UCI-like protocol play
//! each other over a set of openings, each opening with both colours; the
//! rules referee every ply, and the result is reported with its Elo
//! interval and, optionally, a sequential probability ratio test.
//!
//! [`args`] reads the command line, [`run`] runs the games on worker
//! threads (each with its own pair of engine processes), [`report`]
//! reports them in game order and sums them up. [`engine`] drives an
//! engine process, [`openings`] makes or reads the openings, [`referee`]
//! plays one game, [`stats`] scores the match, [`perfect`] measures the
//! first engine against perfect play (`--against-perfect`), [`resume`]
//! goes on from a match's log (`--resume`).

mod args;
pub mod engine;
pub mod openings;
mod perfect;
pub mod referee;
mod report;
mod resume;
mod run;
pub mod stats;

pub use args::{MatchArgs, HELP};
pub use run::Match;
