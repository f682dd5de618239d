//! The program's errors: a kind and a message, printed as text on standard
//! error and, under `--json`, as a JSON object on standard output.

use lapilli_board_graph::notation::{excerpt, EXCERPT_CHARS};
use lapilli_search::registry::SolveError;
use lapilli_search::tablebase::TablebaseError;
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
    /// A tablebase folder or file that cannot serve: missing, without
    /// tables, of another game or variant, truncated or corrupted.
    Tablebase,
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
            Kind::Tablebase => "tablebase",
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

/// A tablebase failure as the program reports it: kind `tablebase` (exit
/// status 2) for what is wrong with the folder or its files (a folder or
/// file that does not exist, a file that is not a tier file, of another
/// format version, game, variant or index scheme, truncated, corrupted, a
/// tier or dependency missing, dependencies in a cycle); kind `io` (exit 1)
/// for the other file-system failures (permissions, a full disk); kind
/// `resources` (exit 1) for the memory budget, a tier too large for one
/// table and threads the system would not start. The message is the
/// error's own, naming the file.
pub fn tablebase_error(e: TablebaseError) -> CliError {
    let kind = match &e {
        TablebaseError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => Kind::Tablebase,
        TablebaseError::Io { .. } => Kind::Io,
        TablebaseError::MemoryBudget { .. } => {
            return CliError::new(
                Kind::Resources,
                format!("{e}; give a larger --memory or fewer --max-pieces"),
            );
        }
        TablebaseError::TierTooLarge { .. } | TablebaseError::Threads(_) => Kind::Resources,
        _ => Kind::Tablebase,
    };
    CliError::new(kind, e.to_string())
}

/// A failed solve: [`tablebase_error`] for its tables, kind `unsolvable`
/// with `context` before the reason otherwise.
pub fn solve_error(e: SolveError, context: impl FnOnce(String) -> String) -> CliError {
    match e {
        SolveError::Unsolvable(u) => CliError::new(Kind::Unsolvable, context(u.reason)),
        SolveError::Tablebase(t) => tablebase_error(t),
    }
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

    #[test]
    fn tablebase_errors_split_between_the_files_and_the_machine() {
        use std::path::PathBuf;
        let path = PathBuf::from("t/w3b3.ltb");
        let io = |kind| TablebaseError::Io { path: path.clone(), source: std::io::Error::from(kind) };
        let cases = [
            (io(std::io::ErrorKind::NotFound), "tablebase", 2),
            (io(std::io::ErrorKind::PermissionDenied), "io", 1),
            (TablebaseError::BadMagic { path: path.clone() }, "tablebase", 2),
            (TablebaseError::Checksum { path: path.clone(), found: 1, computed: 2 }, "tablebase", 2),
            (TablebaseError::Truncated { path: path.clone(), found: 1, expected: 2 }, "tablebase", 2),
            (
                TablebaseError::MemoryBudget { tier: "w5b5".into(), needed: 3 << 20, budget: 1 << 20 },
                "resources",
                1,
            ),
            (TablebaseError::Threads("no".into()), "resources", 1),
        ];
        for (e, kind, code) in cases {
            let text = e.to_string();
            let c = tablebase_error(e);
            assert_eq!((c.kind.name(), c.kind.exit_code()), (kind, code), "{text}");
            assert!(c.message.starts_with(&text), "{} / {text}", c.message);
        }
        let c = tablebase_error(TablebaseError::MemoryBudget {
            tier: "w5b5".into(),
            needed: 3 << 20,
            budget: 1 << 20,
        });
        assert!(
            c.message.contains("needs about 3 MiB, over the budget of 1 MiB; give a larger --memory"),
            "{}",
            c.message
        );
    }
}
