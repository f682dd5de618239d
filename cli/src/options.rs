//! The command line's game names and variant options, read from the
//! registry.

use crate::error::{CliError, Kind};
use crate::play::capitalised;
use crate::Games;
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Arg, ArgAction, ArgMatches, Command};
use lapilli_board_graph::notation::excerpt;
use lapilli_registry as registry;
use lapilli_registry::{GivenOptions, OptionError, OptionKind, VariantOption};

/// The `<game>` argument: one of the registry's names, each with its
/// description in `--help`.
pub fn game_names() -> PossibleValuesParser {
    let names = registry::game_names::<Games>();
    PossibleValuesParser::new(names.into_iter().map(|g| PossibleValue::new(g.name).help(g.about)))
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
