//! `--mpi` in a lapilli built without the cargo feature `mpi`: refused,
//! with how to build a lapilli that has it.

use super::build::Build;
use super::verify::Verify;
use super::*;
use crate::interrupt::Interrupt;
use lapilli_tablebase::Plan;
use std::sync::Arc;

/// The error of `--mpi` in this lapilli: kind `option`.
fn refused() -> CliError {
    CliError::new(
        Kind::Option,
        "--mpi: this lapilli was built without MPI; build it with the cargo feature `mpi` (`cargo build --release \
         --features mpi`, which needs an MPI library and libclang: on Debian, `apt-get install libopenmpi-dev \
         openmpi-bin libclang-dev clang`), or use --workers N",
    )
}

/// An MPI job, which this lapilli cannot start: no value of it exists.
pub enum World {}

impl World {
    /// Refuses `--mpi`: this lapilli was built without MPI.
    ///
    /// # Errors
    /// Always, kind `option`.
    pub(super) fn start() -> Result<World> {
        Err(refused())
    }

    /// This rank's number (no value of the type exists).
    pub(super) fn rank(&self) -> i32 {
        match *self {}
    }
}

/// The end of a command: its result (no MPI job ran).
pub(super) fn told_by_rank_0(_rank: i32, result: Result<()>) -> Result<()> {
    result
}

/// Refuses `build --mpi` (never reached: [`World::start`] refuses first).
///
/// # Errors
/// Always, kind `option`.
pub(super) fn build<V: VariantDescriptor>(
    _build: Build<'_>,
    _v: &V,
    _support: &TablebaseSupport<V::Position>,
    _plan: &Plan,
    _stop: &Arc<Interrupt>,
    _progress: &BuildProgress,
    _started: Instant,
) -> Result<()> {
    Err(refused())
}

/// Refuses `verify --mpi` (never reached: [`World::start`] refuses first).
///
/// # Errors
/// Always, kind `option`.
pub(super) fn verify<V: VariantDescriptor>(
    _verify: Verify<'_>,
    _v: &V,
    _support: &TablebaseSupport<V::Position>,
) -> Result<()> {
    Err(refused())
}
