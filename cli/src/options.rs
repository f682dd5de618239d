//! The command line's game names and variant options, read from the
//! registry.

use crate::error::{CliError, Kind};
use crate::play::capitalised;
use crate::Games;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Command};
use lapilli_board_graph::notation::excerpt;
use lapilli_registry as registry;
use lapilli_registry::{GivenOptions, OptionError, OptionKind, VariantOption};
use std::ffi::OsStr;

/// The `<game>` argument: one of the registry's names, each with its
/// description in `--help`, or a variant id that starts with one
/// (`six-mens-morris+flying`, [`registry::variant_id`]).
pub fn game_names() -> GameIdParser {
    let names = registry::game_names::<Games>();
    GameIdParser(PossibleValuesParser::new(
        names.into_iter().map(|g| PossibleValue::new(g.name).help(g.about)),
    ))
}

/// Reads a game name or a variant id: the name is checked against the
/// registry's names (clap's own message lists them), the options of an id
/// by [`registry::parse_variant_id`].
#[derive(Clone, Debug)]
pub struct GameIdParser(PossibleValuesParser);

impl TypedValueParser for GameIdParser {
    type Value = String;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<String, clap::Error> {
        let text = value.to_string_lossy();
        let name = text.split(registry::ID_SEPARATOR).next().unwrap_or_default();
        self.0.parse_ref(cmd, arg, OsStr::new(name))?;
        registry::parse_variant_id(&text)
            .map_err(|e| cmd.clone().error(clap::error::ErrorKind::InvalidValue, e.to_string()))?;
        Ok(text.into_owned())
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        self.0.possible_values()
    }
}

/// The game name and options that a `<game>` argument (a name or a variant
/// id) and the variant flags choose together: the id's options, then the
/// flags'.
///
/// # Errors
/// [`OptionError::BadId`] for an id that does not read.
pub fn with_flags(game: &str, flags: &GivenOptions) -> Result<(String, GivenOptions), OptionError> {
    let (name, mut given) = registry::parse_variant_id(game)?;
    for (option, value) in flags.entries() {
        given = match value {
            Some(value) => given.with_value(option, value),
            None => given.with_flag(option),
        };
    }
    Ok((name, given))
}

/// The `--position` help: each family's position text.
pub fn position_help() -> String {
    let mut help = String::from(
        "Start from this position text instead of the start. It must belong to the chosen game and variant.",
    );
    for family in registry::families::<Games>() {
        let names: Vec<&str> = family.games.iter().map(|g| g.name).collect();
        help.push_str(&format!("\n\n{}: {}", names.join(", "), family.position_format));
    }
    help
}

/// Every variant option of the registry once, with the games it applies
/// to (an option declared by several families is one command-line option).
fn all_options() -> Vec<(VariantOption, Vec<&'static str>)> {
    let mut all: Vec<(VariantOption, Vec<&'static str>)> = Vec::new();
    for family in registry::families::<Games>() {
        let games = family.games.iter().map(|g| g.name);
        for option in family.options {
            match all.iter_mut().find(|(o, _)| o.name == option.name) {
                Some((_, applies)) => applies.extend(games.clone()),
                None => all.push((*option, games.clone().collect())),
            }
        }
    }
    all
}

/// The variant options given on the command line (clap reads the options
/// the registry declares).
#[derive(Debug, Clone, Default)]
pub struct VariantArgs(GivenOptions);

impl VariantArgs {
    /// The options given.
    pub fn given(&self) -> &GivenOptions {
        &self.0
    }
}

impl clap::FromArgMatches for VariantArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<VariantArgs, clap::Error> {
        let mut given = GivenOptions::default();
        for (option, _) in all_options() {
            match option.kind {
                OptionKind::Flag if matches.get_flag(option.name) => given = given.with_flag(option.name),
                OptionKind::Flag => {}
                OptionKind::Value { .. } => {
                    if let Some(value) = matches.get_one::<String>(option.name) {
                        given = given.with_value(option.name, value);
                    }
                }
            }
        }
        Ok(VariantArgs(given))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = VariantArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for VariantArgs {
    fn augment_args(mut cmd: Command) -> Command {
        for (option, applies) in all_options() {
            let help = format!("{} ({})", capitalised(option.help), applies.join(", "));
            let arg = Arg::new(option.name).long(option.name).help(help);
            cmd = cmd.arg(match option.kind {
                OptionKind::Flag => arg.action(ArgAction::SetTrue),
                OptionKind::Value { placeholder } => arg.action(ArgAction::Set).value_name(placeholder),
            });
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        VariantArgs::augment_args(cmd)
    }
}

/// A refused game or option in the command line's words (kind `option`).
pub fn refusal(e: &OptionError) -> CliError {
    let message = match e {
        OptionError::UnknownGame(name) => format!("unknown game {:?}", excerpt(name)),
        OptionError::NotApplicable { option, game } => {
            let applies = all_options()
                .into_iter()
                .find(|(o, _)| o.name == option)
                .map(|(_, games)| games.join(", "))
                .unwrap_or_default();
            format!("--{option} does not apply to {game}; it applies to {applies} only")
        }
        OptionError::Invalid { option, reason } => format!("--{option}: {reason}"),
        OptionError::BadId { id, reason } => format!("variant id {:?}: {reason}", excerpt(id)),
    };
    CliError::new(Kind::Option, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lapilli_registry::{with_game, with_game_id, GameVisitor, VariantDescriptor};

    /// A variant's id and rules text.
    struct IdOf;
    impl GameVisitor for IdOf {
        type Output = (String, String);
        fn visit<V: VariantDescriptor>(self, v: V) -> (String, String) {
            (v.id(), v.rules_text())
        }
    }

    #[test]
    fn every_variant_id_reads_back_to_its_variant() {
        let sets = [
            GivenOptions::default(),
            GivenOptions::default().with_flag("no-flying"),
            GivenOptions::default().with_flag("flying"),
            GivenOptions::default().with_flag("no-centre-first"),
            GivenOptions::default().with_value("variant", "dux"),
            GivenOptions::default().with_value("variant", "standard"),
            GivenOptions::default().with_value("size", "6x7"),
            GivenOptions::default().with_value("size", "8x8"),
            GivenOptions::default().with_value("variant", "dux").with_value("size", "10x10"),
        ];
        let mut ids = std::collections::BTreeSet::new();
        for game in lapilli_registry::game_names::<Games>() {
            for options in &sets {
                let Ok((id, rules)) = with_game::<Games, _>(game.name, options, IdOf) else { continue };
                assert!(id.starts_with(game.name), "{id}");
                // The id chooses the same rules, and reads back to itself.
                assert_eq!(with_game_id::<Games, _>(&id, IdOf).unwrap(), (id.clone(), rules), "{id}");
                ids.insert(id);
            }
        }
        for id in ["six-mens-morris+flying", "nine-mens-morris+no-flying", "petteia+variant=dux+size=10x10"] {
            assert!(ids.contains(id), "{id} in {ids:?}");
        }
        // Defaults are not spelled: the plain name is the default variant.
        assert!(!ids.iter().any(|id| id.contains("size=8x8") || id.contains("variant=standard")));
        assert!(!ids.contains("latrunculi+variant=dux"));
    }
}
