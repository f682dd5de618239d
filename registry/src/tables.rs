//! What a variant offers of tier tablebases and how a solve keeps them:
//! [`TablebaseSupport`], [`TableStore`], [`SolveError`].

use crate::Unsolvable;
use lapilli_game::Game;
use lapilli_tablebase::{
    BuildOptions, Job, Oracle, Plan, Progress, TablebaseError, TablebaseFolder, TierReport, TierVerification,
};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a solve failed.
#[derive(Debug, Error)]
pub enum SolveError {
    /// The variant has no strong solution here.
    #[error(transparent)]
    Unsolvable(#[from] Unsolvable),
    /// Its tables could not be built, written or read.
    #[error(transparent)]
    Tablebase(#[from] TablebaseError),
}

/// Where a solve keeps its tier tables and how it builds them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableStore {
    /// The folder of the variant's tables; `None`: the variant's default
    /// (games solved in memory ignore it).
    pub dir: Option<PathBuf>,
    /// Threads, memory budget, rebuild.
    pub build: BuildOptions,
}

/// Builds a variant's tables into a folder, one process: `Some(n)` the
/// endgame tables to `n` pieces a side, `None` every tier of the whole
/// game from its start (the tiers of [`TablebaseSupport::plan`]).
pub type EndgameBuild = Box<
    dyn Fn(Option<u8>, &Path, &BuildOptions, &dyn Progress) -> Result<Vec<TierReport>, TablebaseError>
        + Send
        + Sync,
>;

/// The plan of a variant's tier graph ([`lapilli_tablebase::plan`]):
/// `None` for the whole game from its start, `Some(n)` for the endgame
/// tables to `n` pieces a side (the tiers
/// [`TablebaseSupport::build_endgames`] builds).
pub type PlanTiers = Box<dyn Fn(Option<u8>) -> Result<Plan, TablebaseError> + Send + Sync>;

/// Builds one job, a tier or a chunk of one, named by its tier's name,
/// into a folder that holds the files of the tier's dependencies
/// ([`lapilli_tablebase::build_tier`], [`lapilli_tablebase::build_chunk`]).
pub type TierBuild = Box<
    dyn Fn(&Job, &Path, &BuildOptions, &dyn Progress) -> Result<TierReport, TablebaseError> + Send + Sync,
>;

/// The name of the tier that holds the positions of a tier name the
/// variant's tier space folds away (`TierSpace::stored_in`: for morris,
/// `w3b5`'s positions are in `w5b3`); `None` for any other name.
pub type StoredIn = Box<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// Verifies a folder of a variant's tables one ply deep
/// ([`lapilli_tablebase::verify_folder`]): every tier, or the one named,
/// on the given number of threads (0: one per core).
pub type VerifyTiers = Box<
    dyn Fn(&Path, Option<&str>, usize, &dyn Progress) -> Result<Vec<TierVerification>, TablebaseError>
        + Send
        + Sync,
>;

/// Opens a folder of a variant's tables, listed once by the caller
/// ([`TablebaseFolder::open`]), every file checked.
pub type OpenTables<G> =
    Box<dyn Fn(&TablebaseFolder) -> Result<Box<dyn Oracle<G>>, TablebaseError> + Send + Sync>;

/// What a variant offers of tier tablebases ([`lapilli_tablebase`]). The
/// tables' file headers name the variant by its id
/// ([`VariantDescriptor::id`](crate::VariantDescriptor::id)): the game's `TierSpace::variant_name` must
/// give the same text.
pub struct TablebaseSupport<G: Game> {
    /// The fewest pieces a side has in an endgame table (for morris 3: a
    /// side with two has lost).
    pub min_pieces: u8,
    /// The most pieces a side of the endgame tables the project builds
    /// and checks as a matter of course (for Nine Men's Morris 5: larger
    /// sets take hours; [`TablebaseSupport::build_endgames`] builds to
    /// [`TablebaseSupport::pieces`]).
    pub max_pieces: u8,
    /// Builds the movement-phase endgame tables with at most the given
    /// number of pieces a side, or every tier of the whole game, into a
    /// folder (dependencies first; files already there are reused),
    /// returning a report per tier.
    pub build_endgames: EndgameBuild,
    /// The index scheme of the variant's tier files
    /// (`TierSpace::scheme`, e.g. `morris-pair-index/2`): a folder of
    /// another scheme is another version's.
    pub scheme: String,
    /// The pieces a side has in the whole game: the most a plan of the
    /// endgame tables takes ([`TablebaseSupport::plan`]; planning needs no
    /// memory, building may not fit).
    pub pieces: u8,
    /// The plan of the whole game's tier graph or of the endgame tables.
    pub plan: PlanTiers,
    /// Builds one tier, or one chunk of a tier, from the files of its
    /// dependencies.
    pub build_tier: TierBuild,
    /// Where the positions of a folded tier name are stored.
    pub stored_in: StoredIn,
    /// Opens a folder of the variant's tables (any tier set).
    pub open: OpenTables<G>,
    /// Verifies a folder of the variant's tables one ply deep.
    pub verify: VerifyTiers,
}

impl<G: Game> std::fmt::Debug for TablebaseSupport<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TablebaseSupport")
            .field("min_pieces", &self.min_pieces)
            .field("max_pieces", &self.max_pieces)
            .finish_non_exhaustive()
    }
}
