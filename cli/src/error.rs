//! The program's errors: a kind and a message, printed as text on standard
//! error and, under `--json`, as a JSON object on standard output.

use crate::interrupt::Signal;
use lapilli_board_graph::notation::{excerpt, EXCERPT_CHARS};
use lapilli_registry::SolveError;
use lapilli_tablebase::TablebaseError;
use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// What went wrong, as the JSON `kind` key names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The command line does not parse: an unknown option, a missing
    /// argument, a value the option never takes whatever the game, such as
    /// a number out of its fixed range (`--depth 0`); clap's errors.
    Usage,
    /// A game, variant or side option that does not fit the chosen game,
    /// or a value of a known option that the chosen game does not allow
    /// (`--max-pieces 6` for nine-mens-morris, `--size 20x20`, `--human
    /// red`).
    Option,
    /// A `--position` text that is no position of the chosen variant.
    Position,
    /// A move (of `--moves`) that does not read or is illegal.
    Move,
    /// A move given after the game ended, by the rules or by a draw rule.
    GameOver,
    /// A strong solution asked of a variant that has none.
    Unsolvable,
    /// A tablebase folder or file that cannot serve: a folder that does
    /// not exist or holds no tables, a file of another game or variant,
    /// truncated or corrupted.
    Tablebase,
    /// Memory or threads the machine would not give.
    Resources,
    /// Reading the input or writing the output failed, or the file system
    /// refused (a tablebase folder that cannot be created).
    Io,
    /// An engine of `match` failed: it did not start or answer its
    /// handshake, broke the protocol, or disagreed with the rules.
    Engine,
    /// A long command (`match`, `analyze`, `selfplay`) stopped by a
    /// signal, after reporting what it had finished.
    Interrupted(Signal),
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
            Kind::Engine => "engine",
            Kind::Interrupted(_) => "interrupted",
        }
    }

    /// The kind a JSON error object names ([`Kind::name`]'s inverse),
    /// but `interrupted`, whose signal the name does not say.
    pub fn named(name: &str) -> Option<Kind> {
        [
            Kind::Usage,
            Kind::Option,
            Kind::Position,
            Kind::Move,
            Kind::GameOver,
            Kind::Unsolvable,
            Kind::Tablebase,
            Kind::Resources,
            Kind::Io,
            Kind::Engine,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }

    /// The exit status: 2 for what the user gave (the command line, the
    /// position, the moves), 1 for what the machine refused, 3 for an
    /// engine that failed, 128 + the signal's number for a command a
    /// signal interrupted (130 SIGINT, 143 SIGTERM, 129 SIGHUP).
    pub fn exit_code(self) -> u8 {
        match self {
            Kind::Resources | Kind::Io => 1,
            Kind::Engine => 3,
            Kind::Interrupted(signal) => signal.exit_code(),
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
    /// The command's JSON report so far, printed with the error under
    /// `--json`.
    report: Option<serde_json::Value>,
}

impl CliError {
    /// An error of `kind` saying `message`.
    pub fn new(kind: Kind, message: impl Into<String>) -> CliError {
        CliError { kind, message: message.into(), detail: None, broken_pipe: false, report: None }
    }

    /// This error after the command reported `report` (a JSON object):
    /// under `--json` the error is printed as that object with the key
    /// `error` added, so that standard output holds one object.
    pub fn with_report(self, report: serde_json::Value) -> CliError {
        CliError { report: Some(report), ..self }
    }

    /// A command line clap refused, with every long value it quotes cut to
    /// an excerpt ([`excerpt`]). The message is clap's whole message on one
    /// line ([`usage_message`]); standard error gets clap's text as it is.
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
        let (message, detail) = match e.kind() {
            // clap shows the help: say what is missing, and show the help.
            clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                (missing_command(text), text.to_string())
            }
            // The message, then clap's usage line and pointer to --help.
            _ => {
                let (message, usage) = usage_message(text);
                let detail = format!("error: {message}");
                (message, if usage.is_empty() { detail } else { format!("{detail}\n\n{usage}") })
            }
        };
        CliError { detail: Some(detail), ..CliError::new(Kind::Usage, message) }
    }

    /// The JSON object printed for this error under `--json`.
    pub fn json(&self) -> serde_json::Value {
        let error = serde_json::json!({ "kind": self.kind.name(), "message": self.message });
        match &self.report {
            Some(serde_json::Value::Object(report)) => {
                let mut report = report.clone();
                report.insert("error".into(), error);
                serde_json::Value::Object(report)
            }
            _ => serde_json::json!({ "error": error }),
        }
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

/// The message of a clap error on one line, from its rendered text, and
/// the usage paragraphs it leaves out. The message is the `error: ` line
/// without its prefix, the lines under it (the missing arguments, the
/// possible values) after it, separated by commas after a colon, and
/// clap's tips after a semicolon; the usage line and the "For more
/// information" line are left out of it and returned apart (standard
/// error prints them after the message).
///
/// ```text
/// error: the following required arguments were not provided:
///   --out <DIR>
///
/// Usage: ...
/// ```
/// gives `the following required arguments were not provided: --out <DIR>`.
pub fn usage_message(text: &str) -> (String, String) {
    let mut message = String::new();
    let mut usage: Vec<&str> = Vec::new();
    for paragraph in text.split("\n\n") {
        let mut lines = paragraph.lines().map(str::trim).filter(|l| !l.is_empty());
        let Some(first) = lines.next() else { continue };
        if first.starts_with("Usage:") || first.starts_with("For more information") {
            usage.push(paragraph.trim_end());
            continue;
        }
        let first = first.strip_prefix("error: ").unwrap_or(first);
        let rest: Vec<&str> = lines.collect();
        let mut part = first.to_string();
        if !rest.is_empty() {
            let joiner = if first.ends_with(':') { ", " } else { " " };
            part.push(' ');
            part.push_str(&rest.join(joiner));
        }
        if !message.is_empty() {
            message.push_str("; ");
        }
        message.push_str(&part);
    }
    (message, usage.join("\n\n"))
}

/// The message for a command given without its subcommand or arguments,
/// when clap shows the help instead: the commands the help lists, if any.
fn missing_command(help: &str) -> String {
    let commands: Vec<&str> = help
        .split("\n\n")
        .filter_map(|p| p.strip_prefix("Commands:"))
        .flat_map(str::lines)
        // A command's line is indented by two spaces; its wrapped help by
        // more.
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    if commands.is_empty() {
        "an argument is missing (see --help)".to_string()
    } else {
        format!("a command is missing: one of {} (see --help)", commands.join(", "))
    }
}

/// Builds an error of `kind` from any message.
pub fn fail<T>(kind: Kind, message: impl Into<String>) -> Result<T, CliError> {
    Err(CliError::new(kind, message))
}

/// A tablebase failure as the program reports it: kind `tablebase` (exit
/// status 2) for what is wrong with the folder's files (a file that is not
/// a tier file, of another format version, game, variant or index scheme,
/// truncated, corrupted, a tier or dependency missing, dependencies in a
/// cycle, a file the folder's manifest lists missing, a file it does not
/// list, a file of another variant than it records); kind `io` (exit 1)
/// for every failure of the file system (a folder that cannot be created,
/// permissions, a full disk) and for a folder or tier another build is
/// writing; kind `option` for a tier name the game does not know;
/// kind
/// `resources` (exit 1) for the memory budget, a tier too large for one
/// table, memory the system refused (the size asked for is named) and
/// threads the system would not start. The message is the
/// error's own, naming the file. (A folder given to read that does not
/// exist is refused before the tables are opened, as kind `tablebase`.)
pub fn tablebase_error(e: TablebaseError) -> CliError {
    // A failed probe is of the kind of its cause, with the position said.
    let mut cause = &e;
    while let TablebaseError::ProbeFailed { source, .. } = cause {
        cause = source;
    }
    let kind = match cause {
        TablebaseError::Io { .. } | TablebaseError::Locked { .. } | TablebaseError::TierLocked { .. } => {
            Kind::Io
        }
        TablebaseError::UnknownTier { .. } => Kind::Option,
        TablebaseError::MemoryBudget { .. } => {
            return CliError::new(
                Kind::Resources,
                format!("{e}; give a larger --memory or fewer --max-pieces"),
            );
        }
        TablebaseError::TierTooLarge { .. }
        | TablebaseError::Threads(_)
        | TablebaseError::OutOfMemory { .. } => Kind::Resources,
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
    fn usage_messages_keep_clap_s_whole_message_on_one_line() {
        let text = "error: the following required arguments were not provided:\n  --max-pieces <N>\n  \
                    --out <DIR>\n\nUsage: lapilli tablebase build --max-pieces <N> --out <DIR> <GAME>\n\n\
                    For more information, try '--help'.";
        assert_eq!(
            usage_message(text),
            (
                "the following required arguments were not provided: --max-pieces <N>, --out <DIR>".into(),
                "Usage: lapilli tablebase build --max-pieces <N> --out <DIR> <GAME>\n\nFor more information, \
                 try '--help'."
                    .into()
            )
        );
        let text = "error: unrecognized subcommand 'frob'\n\n  tip: a similar subcommand exists: 'probe'\n\n\
                    Usage: lapilli tablebase <COMMAND>\n\nFor more information, try '--help'.";
        assert_eq!(
            usage_message(text).0,
            "unrecognized subcommand 'frob'; tip: a similar subcommand exists: 'probe'"
        );
        let text =
            "error: invalid value 'x' for '<GAME>'\n  [possible values: a, b]\n\nFor more information, \
                    try '--help'.";
        assert_eq!(usage_message(text).0, "invalid value 'x' for '<GAME>' [possible values: a, b]");
        let help =
            "About\n\nUsage: lapilli tablebase <COMMAND>\n\nCommands:\n  build  Build the tables\n    \
                    wrapped help\n  stats  Report\n  help   Print this message\n\nOptions:\n  -h, --help  \
                    Print help";
        assert_eq!(missing_command(help), "a command is missing: one of build, stats (see --help)");
        assert_eq!(missing_command("Usage: lapilli x <A>"), "an argument is missing (see --help)");
    }

    #[test]
    fn every_clap_error_gives_its_message_without_the_boilerplate() {
        use clap::Parser;
        let cases: &[(&[&str], &str)] = &[
            (&["lapilli", "tablebase", "build", "nine-mens-morris", "--max-pieces", "3"], "--out <DIR>"),
            (&["lapilli", "info"], "not provided: <GAME>"),
            (
                &["lapilli", "analyze", "terni-lapilli", "--bogus"],
                "unexpected argument '--bogus' found; tip:",
            ),
            (&["lapilli", "analyze", "terni-lapilli", "--depth", "0"], "0 is not in 1..=200"),
            (&["lapilli", "perft", "chess", "1"], "[possible values: terni-lapilli,"),
            (
                &["lapilli", "analyze", "terni-lapilli", "--depth", "3", "--depth", "4"],
                "cannot be used multiple",
            ),
            (&["lapilli", "analyze", "terni-lapilli", "--split-root=yes"], "unexpected value 'yes'"),
            (&["lapilli", "tablebase", "frob"], "unrecognized subcommand 'frob'; tip:"),
            (&["lapilli", "tablebase"], "a command is missing: one of build, plan, stats, probe"),
            (&["lapilli"], "a command is missing: one of solve, tablebase, play"),
        ];
        for &(args, words) in cases {
            let e = crate::Cli::try_parse_from(args).unwrap_err();
            let c = CliError::usage(&e);
            assert_eq!(c.kind, Kind::Usage, "{args:?}");
            assert!(c.message.contains(words), "{args:?}: {}", c.message);
            assert!(!c.message.contains('\n'), "{args:?}: {}", c.message);
            for boilerplate in ["Usage:", "For more information", "error:"] {
                assert!(!c.message.contains(boilerplate), "{args:?}: {}", c.message);
            }
            // Standard error: the same message, then clap's usage; or the
            // help, when clap shows it.
            let detail = c.detail.as_deref().unwrap();
            if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                assert!(detail.contains("Commands:"), "{detail}");
            } else {
                assert!(detail.starts_with(&format!("error: {}\n\n", c.message)), "{detail}");
                assert!(detail.ends_with("For more information, try '--help'."), "{detail}");
            }
        }
    }

    #[test]
    fn kinds_are_found_by_their_names() {
        for kind in
            [Kind::Usage, Kind::Option, Kind::GameOver, Kind::Tablebase, Kind::Resources, Kind::Engine]
        {
            assert_eq!(Kind::named(kind.name()), Some(kind));
        }
        assert_eq!(Kind::named("game-over"), Some(Kind::GameOver));
        assert_eq!(Kind::named("interrupted"), None);
        assert_eq!(Kind::named("frob"), None);
    }

    #[test]
    fn tablebase_errors_split_between_the_files_and_the_machine() {
        use std::path::PathBuf;
        let path = PathBuf::from("t/w3b3.ltb");
        let io = |kind| TablebaseError::Io { path: path.clone(), source: std::io::Error::from(kind) };
        let cases = [
            (io(std::io::ErrorKind::NotFound), "io", 1),
            (io(std::io::ErrorKind::PermissionDenied), "io", 1),
            (TablebaseError::BadMagic { path: path.clone() }, "tablebase", 2),
            (
                TablebaseError::Checksum { path: path.clone(), part: "file", found: 1, computed: 2 },
                "tablebase",
                2,
            ),
            (TablebaseError::Truncated { path: path.clone(), found: 1, expected: 2 }, "tablebase", 2),
            (
                TablebaseError::MemoryBudget { tier: "w5b5".into(), needed: 3 << 20, budget: 1 << 20 },
                "resources",
                1,
            ),
            (TablebaseError::Threads("no".into()), "resources", 1),
            (TablebaseError::Locked { dir: "t".into() }, "io", 1),
            (TablebaseError::TierLocked { dir: "t".into(), tier: "w3b3".into() }, "io", 1),
            (
                TablebaseError::UnknownTier { name: "w1".into(), variant: "v".into(), hint: String::new() },
                "option",
                2,
            ),
            (
                TablebaseError::MissingDependencies {
                    dir: "t".into(),
                    tier: "w3b3".into(),
                    missing: vec!["w3b3x.ltb".into()],
                },
                "tablebase",
                2,
            ),
            (TablebaseError::ListedMissing { path: path.clone(), tier: "w3b3".into() }, "tablebase", 2),
            (
                TablebaseError::NotListed { path: path.clone(), variant: "v".into(), tier: "w3b3".into() },
                "tablebase",
                2,
            ),
            (
                TablebaseError::Foreign { path: path.clone(), found: "a".into(), expected: "b".into() },
                "tablebase",
                2,
            ),
            (
                TablebaseError::ProbeFailed {
                    position: "p".into(),
                    source: Box::new(io(std::io::ErrorKind::NotFound)),
                },
                "io",
                1,
            ),
            (
                TablebaseError::ProbeFailed {
                    position: "p".into(),
                    source: Box::new(TablebaseError::BadMagic { path: path.clone() }),
                },
                "tablebase",
                2,
            ),
        ];
        for (e, kind, code) in cases {
            let text = e.to_string();
            let c = tablebase_error(e);
            assert_eq!((c.kind.name(), c.kind.exit_code()), (kind, code), "{text}");
            assert!(c.message.starts_with(&text), "{} / {text}", c.message);
        }
        // The budget's message (the library's figures) says what to change.
        let e = TablebaseError::MemoryBudget { tier: "w5b5".into(), needed: 3 << 20, budget: 1 << 20 };
        let text = e.to_string();
        let c = tablebase_error(e);
        assert_eq!(c.message, format!("{text}; give a larger --memory or fewer --max-pieces"));
    }
}
