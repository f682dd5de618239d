//! The program's errors: a kind and a message, printed as text on standard
//! error and, under `--json`, as a JSON object on standard output.

use lapilli_board_graph::notation::{excerpt, EXCERPT_CHARS};
use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// What went wrong, as the JSON `kind` key names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The command line does not parse: an unknown option, a missing
    /// argument, a value out of range (clap's errors).
    Usage,
    /// A game, variant or side option that does not fit the chosen game.
    Option,
    /// A `--position` text that is no position of the chosen variant.
    Position,
    /// A move (of `--moves`) that does not read or is illegal.
    Move,
    /// A move given after the game ended, by the rules or by a draw rule.
    GameOver,
    /// A strong solution asked of a variant that has none.
    Unsolvable,
    /// Memory or threads the machine would not give.
    Resources,
    /// Reading the input or writing the output failed.
    Io,
}

impl Kind {
    /// The kind as the JSON error object names it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Usage => "usage",
            Kind::Option => "option",
            Kind::Position => "position",
            Kind::Move => "move",
            Kind::GameOver => "game-over",
            Kind::Unsolvable => "unsolvable",
            Kind::Resources => "resources",
            Kind::Io => "io",
        }
    }

    /// The exit status: 2 for what the user gave (the command line, the
    /// position, the moves), 1 for what the machine refused.
    pub fn exit_code(self) -> u8 {
        match self {
            Kind::Resources | Kind::Io => 1,
            _ => 2,
        }
    }
}

/// A failure of a command, in the user's words.
#[derive(Debug)]
pub struct CliError {
    /// What went wrong.
    pub kind: Kind,
    /// The message, without the `error: ` prefix.
    pub message: String,
    /// The full text for standard error, when it says more than the
    /// message (clap's usage and tips).
    detail: Option<String>,
    /// The reader of the output went away (`| head`): not worth a word.
    broken_pipe: bool,
}

impl CliError {
    /// An error of `kind` saying `message`.
    pub fn new(kind: Kind, message: impl Into<String>) -> CliError {
        CliError { kind, message: message.into(), detail: None, broken_pipe: false }
    }

    /// A command line clap refused, with every long value it quotes cut to
    /// an excerpt ([`excerpt`]).
    pub fn usage(e: &clap::Error) -> CliError {
        let mut text = e.render().to_string();
        for (_, value) in e.context() {
            let values = match value {
                clap::error::ContextValue::String(s) => std::slice::from_ref(s),
                clap::error::ContextValue::Strings(v) => v.as_slice(),
                _ => &[],
            };
            for v in values.iter().filter(|v| v.chars().nth(EXCERPT_CHARS).is_some()) {
                text = text.replace(v.as_str(), &excerpt(v));
            }
        }
        let text = text.trim_end();
        let first = text.lines().next().unwrap_or_default();
        let message = match e.kind() {
            // clap shows the help: say what is missing instead.
            clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                "a command or argument is missing (see --help)"
            }
            _ => first.strip_prefix("error: ").unwrap_or(first),
        };
        CliError { detail: Some(text.to_string()), ..CliError::new(Kind::Usage, message) }
    }

    /// The JSON object printed for this error under `--json`.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({ "error": { "kind": self.kind.name(), "message": self.message } })
    }

    /// Prints the error (as text on standard error, and as JSON on standard
    /// output with `json`) and returns the exit status.
    pub fn report(&self, json: bool) -> ExitCode {
        if self.broken_pipe {
            // Stop quietly, as Unix tools do.
            return ExitCode::SUCCESS;
        }
        match &self.detail {
            Some(detail) => eprintln!("{detail}"),
            None => eprintln!("error: {}", self.message),
        }
        if json {
            // Nothing more to do if standard output is gone as well.
            let _ = writeln!(io::stdout().lock(), "{}", self.json());
        }
        ExitCode::from(self.kind.exit_code())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        let broken_pipe = e.kind() == io::ErrorKind::BrokenPipe;
        CliError { broken_pipe, ..CliError::new(Kind::Io, e.to_string()) }
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> CliError {
        CliError::new(Kind::Io, e.to_string())
    }
}

/// Builds an error of `kind` from any message.
pub fn fail<T>(kind: Kind, message: impl Into<String>) -> Result<T, CliError> {
    Err(CliError::new(kind, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_names_and_exit_codes() {
        assert_eq!(Kind::GameOver.name(), "game-over");
        assert_eq!(Kind::Usage.exit_code(), 2);
        assert_eq!(Kind::Resources.exit_code(), 1);
        let e = CliError::new(Kind::Move, "bad");
        assert_eq!(e.json(), serde_json::json!({"error": {"kind": "move", "message": "bad"}}));
    }
}
