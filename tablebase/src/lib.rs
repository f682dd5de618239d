//! Solving by retrograde analysis: in memory for small games, tier by tier
//! into files for large ones, and probing what was solved.
//!
//! | item | what it does |
//! |---|---|
//! | [`solve`], [`solve_reduced`], [`solve_keyed`] → [`Solved`] | retrograde analysis in memory: WDL and DTM of every reachable position |
//! | [`PerfectPlayer`] | perfect play from an in-memory solution |
//! | [`TierSpace`], [`solve_tier`], [`build`] | tiers with perfect indices, the tier solver, a build into files |
//! | [`build_tier`] | one tier from the files of its dependencies, beside builds of other tiers |
//! | [`Chunk`], [`Job`], [`build_chunk`], [`solve_tier_chunk`] → [`TierChunk`], [`resolve_tier`] | a tier's first pass split into index ranges solved at once, then joined and finished |
//! | [`plan`] → [`Plan`], [`Schedule`] | the tier graph: sizes, dependencies, the critical path in indices; the order workers take ready tiers in |
//! | [`TierFile`], [`TablebaseFolder`], [`Manifest`], [`Tablebases`] | the tier file format; a folder of tier files listed once; what a build wrote there; the set opened and probed |
//! | [`verify_folder`], [`verify_tier`] → [`TierVerification`] | a finished folder checked one ply deep: every stored value re-derived from its successors' (Malom's check) |
//! | [`Oracle`], [`Probing`] | perfect-play answers for front ends; tables inside the engine's evaluation |
//!
//! ```
//! use lapilli_game::{doc_game::Nim, Value};
//! use lapilli_tablebase::solve;
//! // Nim, take 1 or 2, last stone wins: multiples of 3 are lost.
//! let tb = solve(&Nim::new(7));
//! assert_eq!(tb.probe(&Nim::new(7)), Some(Value::Win(5)));
//! assert_eq!(tb.probe(&Nim::new(6)), None); // not reachable with the first side to move
//! ```
//!
//! The in-memory solver ([`solve`]) enumerates every reachable
//! position and every ply at once; it is right for games of thousands of
//! positions. The tier solver solves games of hundreds of millions, in the
//! manner of Gasser's Nine Men's Morris solution (R. Gasser, "Solving Nine
//! Men's Morris", *Games of No Chance*, 1996) and Gévay and Danner's Malom
//! (2015):
//!
//! - The positions are split into **tiers** ([`TierSpace::Tier`]): for
//!   morris, a material signature (pieces on the board and in hand for each
//!   side, and the pending-removal flag). A ply either stays inside its tier
//!   (a slide or a flight) or leaves it for a tier that does not lead back
//!   (a placement, a mill, a removal): the tiers form a DAG, solved in
//!   dependency order ([`TierSpace::dependencies`]).
//! - Each tier has a **perfect index** ([`TierSpace::index`],
//!   [`TierSpace::position`]): dense up to a small slack, reduced by the
//!   board's automorphism group, so one entry stands for an orbit.
//! - Inside a tier the solver runs **retrograde analysis by predecessor
//!   generation** ([`TierSpace::predecessors`], the un-moves) with a counter
//!   of unresolved successors per position, level by level in order of
//!   distance to the end, so that the first win found is the fastest and
//!   the last successor resolved of a lost position is its slowest loss
//!   ([`solve_tier`]). Plies that leave the tier are looked up in the
//!   tiers already solved.
//! - Each tier is one job whose inputs and output are files ([`build`],
//!   [`TierFile`]): WDL at 2 bits per entry and DTM in plies (a removal is a
//!   ply) in a separate section, under a versioned, checksummed header. A
//!   tier's first pass, most of its work, can be split into index ranges
//!   solved at once ([`Chunk`], [`build_chunk`]), then joined and finished
//!   into the same file.
//! - [`Tablebases`] opens a directory of tier files and answers
//!   [`Tablebases::probe`] and [`Tablebases::best_move`] for perfect play
//!   (fastest win, slowest loss, holding draws); the engine consults it
//!   through [`lapilli_game::Evaluate::probe`] ([`Probing`]); front ends hold it
//!   as an [`Oracle`] trait object.
//!
//! Values are game-theoretic: the repetition and no-progress draws of play
//! are not part of them (a tablebase win may need more than the 100 plies
//! a no-progress rule allows between removals; perfect play still follows
//! the DTM and the game record adjudicates the draw if it comes first).
//!
//! The generic machinery lives here; each game crate implements
//! [`TierSpace`] (its tiers, index and un-moves).

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod build;
mod chunk;
mod cost;
mod error;
mod file;
mod folder;
mod job;
mod lock;
mod manifest;
mod naive;
mod oracle;
mod plan;
mod player;
mod probe;
mod reach;
mod retrograde;
mod schedule;
mod solver;
mod table;
mod verify;

pub use build::{build, ordered_tiers, solve_in_memory, BuildOptions, Progress, Silent, TierReport};
pub use chunk::{Chunk, Job, TierChunk, CHUNK_EXTENSION, CHUNK_MAGIC};
pub use cost::{cost, working_set, Bytes, Cost, CostModel};
pub use error::TablebaseError;
pub use file::{TierFile, FORMAT_VERSION, MAGIC};
pub use folder::{remove_damaged, remove_stale, FolderFile, ManifestState, TablebaseFolder, EXTENSION};
pub use job::{build_chunk, build_tier, stored_in_hint, tier_named};
pub use lock::{tier_lock_file, LOCK_FILE};
pub use manifest::{Manifest, ManifestEntry, MANIFEST_FILE};
pub use naive::naive_values;
pub use oracle::{move_values, successor_values, Oracle, Probing, TierSummary};
pub use plan::{plan, CriticalPath, Plan, PlannedTier};
pub use player::PerfectPlayer;
pub use probe::Tablebases;
pub use reach::{reachable, Reachable};
pub use retrograde::{solve, solve_keyed, solve_reduced, Counts, Solved};
pub use schedule::Schedule;
pub use solver::{resolve_tier, solve_tier, solve_tier_chunk};
pub use table::{TierCounts, TierTable};
pub use verify::{verify_folder, verify_tier, Mismatch, TierVerification, MISMATCHES_KEPT};

use lapilli_game::Game;
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A game's positions split into tiers, each with a perfect index: what
/// the tier solver needs beside the [`Game`] rules.
///
/// Contract (checked by `lapilli_conformance::check_tier_space`):
/// - every non-finished position the game can reach belongs to exactly one
///   tier ([`TierSpace::tier_of`]) whose [`TierSpace::index`] is below
///   [`TierSpace::size`];
/// - `index` is the same for all positions of an orbit of the symmetry
///   group the space reduces by, and `position(tier, index(p))` is a member
///   of `p`'s orbit (the canonical form); `position` gives `None` for the
///   slack indices no canonical form uses and for impossible positions;
/// - a ply from a position of tier `t` leads into `t` itself, into one of
///   [`TierSpace::dependencies`]`(t)`, or to a finished position; a ply that
///   stays in `t` hands the move to the opponent;
/// - [`TierSpace::predecessors`] of `p` are exactly the positions of `p`'s
///   tier with a ply leading to `p` (up to symmetry: at least one member
///   of every predecessor orbit; duplicates are allowed);
/// - colour folding (optional; Malom's storage from the mover's side):
///   where [`TierSpace::colour_twin`] of `p` is a position `q` (the colours
///   exchanged, so the other side to move), `q` is in `p`'s tier at `p`'s
///   index, has the same value for its side to move, and its orbit is not
///   `p`'s: the index stands for both orbits, and `position(tier, index)`
///   is a member of one of them.
pub trait TierSpace: Sync {
    /// The positions.
    type Game: Game + Display + Send + Sync;
    /// A tier: for morris, the material signature.
    type Tier: Copy + Eq + Ord + Hash + Debug + Send + Sync;

    /// The game and variant the tables belong to, written into every file
    /// header and checked on load, e.g. `"nine-mens-morris"`.
    fn variant_name(&self) -> String;
    /// The index scheme, written into every file header and checked on
    /// load, e.g. `"morris-pair-index/2"`: a file indexed another way is
    /// refused.
    fn scheme(&self) -> String;
    /// The tier's name: stable, short, usable in a file name (e.g.
    /// `"w5b4-h0-0"`).
    fn tier_name(&self, tier: Self::Tier) -> String;
    /// The tier named `name` ([`TierSpace::tier_name`]'s inverse), if any.
    fn parse_tier(&self, name: &str) -> Option<Self::Tier>;
    /// The tier of a position; `None` if the space does not cover it.
    fn tier_of(&self, pos: &Self::Game) -> Option<Self::Tier>;
    /// The number of indices of `tier` (slack included).
    fn size(&self, tier: Self::Tier) -> u64;
    /// The index of `pos` in its tier: equal for symmetric positions.
    fn index(&self, pos: &Self::Game) -> u64;
    /// The canonical position at `index` of `tier`, or `None` for a slack
    /// index, an impossible position, or an index at or beyond the size.
    fn position(&self, tier: Self::Tier, index: u64) -> Option<Self::Game>;
    /// The tiers the plies from `tier` lead to, `tier` itself excluded.
    fn dependencies(&self, tier: Self::Tier) -> Vec<Self::Tier>;
    /// Whether any ply stays inside `tier` (so the tier needs retrograde
    /// iterations; without, one pass over the entries solves it).
    fn has_internal_plies(&self, tier: Self::Tier) -> bool;
    /// Pushes onto `out` the positions of `pos`'s tier that have a ply
    /// leading to `pos` (the un-moves).
    fn predecessors(&self, pos: &Self::Game, out: &mut Vec<Self::Game>);
    /// The number of positions in `pos`'s orbit (1 without symmetry
    /// reduction), so that counts can be given in positions: at most 255
    /// (groups of up to 255 elements).
    fn orbit_len(&self, pos: &Self::Game) -> u64;
    /// The colour twin of `pos` when the space folds colours there: the
    /// same position with the colours exchanged (and so the other side to
    /// move), stored at `pos`'s own tier and index because its value for
    /// its side to move is `pos`'s. `None`, the default, where the space
    /// stores `pos`'s orbit alone.
    fn colour_twin(&self, _pos: &Self::Game) -> Option<Self::Game> {
        None
    }
    /// Whether the index of `pos` stores it through its colour twin
    /// ([`TierSpace::colour_twin`]): the position at that index
    /// ([`TierSpace::position`]) is a member of the twin's orbit, not of
    /// `pos`'s. Of a position and its twin, exactly one is; false, the
    /// default, without colour folding.
    fn stored_as_twin(&self, _pos: &Self::Game) -> bool {
        false
    }
    /// The tier that holds the positions of `name` when `name` names
    /// material the space folds away (with colour folding: the colour
    /// twin's tier), so that a refusal of the name can say where they are;
    /// `None`, the default, for any other name.
    fn stored_in(&self, _name: &str) -> Option<Self::Tier> {
        None
    }
    /// The positions the index of `pos` stands for: its orbit
    /// ([`TierSpace::orbit_len`]) and, with colour folding, its colour
    /// twin's ([`TierSpace::colour_twin`]); at most 255.
    fn positions_at(&self, pos: &Self::Game) -> u64 {
        self.orbit_len(pos) + self.colour_twin(pos).map_or(0, |twin| self.orbit_len(&twin))
    }
}
