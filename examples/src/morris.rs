//! The morris commands.

use crate::commands::{Commands, Result};
use crate::{GameName, VariantArgs};

/// The commands of a morris game under the variant options.
///
/// # Errors
/// Until the rules crate is wired in, every morris game is refused.
pub fn commands(name: GameName, _variant: &VariantArgs) -> Result<Box<dyn Commands>> {
    Err(format!("{name:?}: not available in this build yet").into())
}
