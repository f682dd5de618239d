//! One variant id that round-trips, on the model of OpenSpiel's
//! `Game::ToString()` and `LoadGame(string)`: the game's name, then each
//! option that differs from the game's default, `+flag` for a flag and
//! `+name=value` for a valued option, e.g. `six-mens-morris+flying`,
//! `nine-mens-morris+no-flying`, `petteia+variant=dux+size=8x12`.
//!
//! The id names tablebase folders and files (every tier file header
//! carries it), the program's child command lines and the web API; game
//! crates give it through [`crate::VariantDescriptor::id`], and
//! [`with_game_id`] reads it back.

use crate::{with_game, GameVisitor, GivenOptions, OptionError, Registry};

/// The separator between the name and each option of a variant id.
pub const ID_SEPARATOR: char = '+';

/// The variant id of the game `name` under `options` (the options that
/// differ from the game's defaults, in the order given).
///
/// ```
/// use lapilli_registry::{parse_variant_id, variant_id, GivenOptions};
/// let options = GivenOptions::default().with_value("variant", "dux").with_flag("x");
/// let id = variant_id("petteia", &options);
/// assert_eq!(id, "petteia+variant=dux+x");
/// assert_eq!(parse_variant_id(&id).unwrap(), ("petteia".to_string(), options));
/// assert_eq!(variant_id("six-mens-morris", &GivenOptions::default()), "six-mens-morris");
/// ```
pub fn variant_id(name: &str, options: &GivenOptions) -> String {
    let mut id = name.to_string();
    for (option, value) in options.entries() {
        id.push(ID_SEPARATOR);
        id.push_str(option);
        if let Some(value) = value {
            id.push('=');
            id.push_str(value);
        }
    }
    id
}

/// The game name and options of a variant id ([`variant_id`]'s inverse).
///
/// # Errors
/// [`OptionError::BadId`] for an empty name or option, or a value that is
/// empty or holds `=`.
pub fn parse_variant_id(id: &str) -> Result<(String, GivenOptions), OptionError> {
    let bad = |reason: &str| OptionError::BadId { id: id.to_string(), reason: reason.to_string() };
    let mut parts = id.split(ID_SEPARATOR);
    let name = parts.next().unwrap_or_default();
    if name.is_empty() {
        return Err(bad("the game's name is empty"));
    }
    let mut options = GivenOptions::default();
    for part in parts {
        options = match part.split_once('=') {
            None if part.is_empty() => return Err(bad("an option is empty")),
            None => options.with_flag(part),
            Some(("", _)) => return Err(bad("an option's name is empty")),
            Some((_, value)) if value.is_empty() || value.contains('=') => {
                return Err(bad("an option's value is empty or holds '='"))
            }
            Some((option, value)) => options.with_value(option, value),
        };
    }
    Ok((name.to_string(), options))
}

/// Chooses the variant a variant id names in the registry `R` and runs
/// `visitor` on it: [`parse_variant_id`], then [`with_game`].
///
/// # Errors
/// Those of [`parse_variant_id`] and [`with_game`].
pub fn with_game_id<R: Registry, V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output, OptionError> {
    let (name, options) = parse_variant_id(id)?;
    with_game::<R, V>(&name, &options, visitor)
}
