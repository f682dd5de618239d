//! An engine process that speaks Sanmill's UCI-like protocol: started with
//! its handshake, sent commands, its lines read on a thread with time
//! limits, and ended (with its process reaped) when dropped.
//!
//! An engine runs in a process group of its own, and the whole group is
//! ended when the engine is dropped (when it is started again for the next
//! game, and when the match ends, also on an error or a signal): `quit`,
//! then SIGTERM to the group, then SIGKILL. So an engine started by a
//! wrapper script that does not `exec` it goes too, and a terminal's Ctrl-C
//! reaches only the match, which ends its engines itself. There is no
//! parent-death signal (setting one needs unsafe code, which the workspace
//! forbids): if the match itself is killed outright (SIGKILL), each engine
//! sees its standard input end, and an engine that quits at the end of its
//! input, as `lapilli uci` does, ends then.
//!
//! Standard output is read line by line on a thread that stamps each line
//! with the time it was read, so that a move's time is measured from the
//! `go` to the line, not to the moment the referee looks at it. Standard
//! error is read on another thread that keeps its last lines for messages
//! (the engine's own log is not shown otherwise). Nothing ever waits on the
//! engine without a deadline.

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How many of the engine's last lines (standard output and standard error
/// apart) an error message quotes.
const TAIL_LINES: usize = 12;

/// How long a dropped engine has to end after `quit` before its process
/// group is sent SIGTERM.
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// How long the group has after SIGTERM before SIGKILL.
const TERM_GRACE: Duration = Duration::from_millis(200);

/// What the referee needs to start one of the two engines.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// `first` or `second`: how messages name the engine.
    pub label: &'static str,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// Options sent as `setoption name N value V` after the handshake, in
    /// order.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// The command line as it could be typed (words with spaces quoted).
    pub fn command_line(&self) -> String {
        shell_words::join(&self.command)
    }
}

/// A line of the engine's standard output and when it was read.
#[derive(Clone, Debug)]
pub struct Line {
    /// When the reader thread got it.
    pub at: Instant,
    /// The line, without its line break (invalid UTF-8 replaced).
    pub text: String,
}

/// Why the engine did not give what was waited for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Its output ended or its input closed: the process ended (with this
    /// status, when known) or closed its standard output.
    Died(Option<String>),
    /// Nothing that was waited for came within the time allowed.
    Timeout(Duration),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Died(Some(status)) => write!(f, "the engine ended ({status})"),
            Failure::Died(None) => f.write_str("the engine closed its output"),
            Failure::Timeout(d) => write!(f, "no answer within {} ms", d.as_millis()),
        }
    }
}

/// A running engine: the child process, its input and its output read on
/// threads (not the search engine of `lapilli-search`).
pub struct EngineProcess {
    /// The `id name` it reported, if any.
    pub id_name: Option<String>,
    /// The names of the options it listed (`option name N type ...`).
    pub option_names: Vec<String>,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// The last lines of standard output, for messages.
    recent: VecDeque<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
}

impl fmt::Debug for EngineProcess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EngineProcess")
            .field("id_name", &self.id_name)
            .field("pid", &self.child.id())
            .finish()
    }
}

/// The longest line of an engine's output kept, in bytes: the rest of a
/// longer line is dropped (a UCI line, a long principal variation
/// included, is far shorter), so that an engine printing one endless
/// line cannot fill the match's memory.
const MAX_LINE: u64 = 64 << 10;

/// The most lines of output kept while waiting for one answer (the lines
/// after it are read and dropped until the answer or the deadline), and
/// the most lines queued between the reader thread and the match (the
/// reader then waits): an engine that floods its output is bounded.
const MAX_LINES: usize = 10_000;

/// Reads `input` line by line (invalid UTF-8 replaced, `\r` dropped, a
/// line cut at [`MAX_LINE`] bytes) and hands each line to `each` until the
/// input ends or `each` says stop.
fn read_lines(input: impl Read, mut each: impl FnMut(String) -> bool) {
    let mut reader = BufReader::new(input);
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match reader.by_ref().take(MAX_LINE).read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if bytes.last() != Some(&b'\n') && bytes.len() as u64 == MAX_LINE {
                    // Drop the rest of the line.
                    let mut rest = Vec::new();
                    loop {
                        rest.clear();
                        match reader.by_ref().take(MAX_LINE).read_until(b'\n', &mut rest) {
                            Ok(0) | Err(_) => break,
                            Ok(_) if rest.last() == Some(&b'\n') => break,
                            Ok(_) => {}
                        }
                    }
                }
                let text = String::from_utf8_lossy(&bytes);
                if !each(text.trim_end_matches(['\n', '\r']).to_string()) {
                    return;
                }
            }
        }
    }
}

fn push_tail(tail: &mut VecDeque<String>, line: String) {
    if tail.len() == TAIL_LINES {
        tail.pop_front();
    }
    tail.push_back(line);
}

impl EngineProcess {
    /// Starts the engine and goes through the handshake: `uci` answered by
    /// `uciok` (the `id name` and `option name` lines read on the way), the
    /// options of `spec` (each must be one the engine listed; any line the
    /// engine prints in answer to them is taken as a refusal), then
    /// `isready` answered by `readyok`. Each step has `timeout`.
    ///
    /// # Errors
    /// What went wrong in words, with what the engine printed (its last
    /// lines of standard output and standard error).
    pub fn start(spec: &EngineSpec, timeout: Duration) -> Result<EngineProcess, String> {
        let (program, args) = spec.command.split_first().ok_or("the command line is empty")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // Its own process group, ended whole when it is dropped.
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot run {program:?}: {e}"))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("standard output is piped");
        let stderr = child.stderr.take().expect("standard error is piped");
        let (send, lines) = sync_channel(MAX_LINES);
        std::thread::spawn(move || {
            read_lines(stdout, |text| send.send(Line { at: Instant::now(), text }).is_ok());
        });
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        std::thread::spawn(move || {
            read_lines(stderr, |text| {
                push_tail(&mut tail.lock().unwrap_or_else(|e| e.into_inner()), text);
                true
            });
        });
        let mut engine = EngineProcess {
            id_name: None,
            option_names: Vec::new(),
            child,
            stdin,
            lines,
            recent: VecDeque::new(),
            stderr_tail,
        };
        engine.handshake(spec, timeout).map_err(|e| engine.with_output(&e))?;
        Ok(engine)
    }

    fn handshake(&mut self, spec: &EngineSpec, timeout: Duration) -> Result<(), String> {
        let step = |f: Failure, what: &str| match f {
            Failure::Timeout(_) => format!("no `{what}` within {} s", timeout.as_secs_f64()),
            died => format!("{died} before `{what}`"),
        };
        self.send("uci").map_err(|f| step(f, "uciok"))?;
        let lines = self.read_until(Instant::now() + timeout, |l| l.text.trim() == "uciok");
        for line in lines.0.iter() {
            let words: Vec<&str> = line.text.split_whitespace().collect();
            match words.as_slice() {
                ["id", "name", name @ ..] if self.id_name.is_none() => self.id_name = Some(name.join(" ")),
                ["option", "name", rest @ ..] => {
                    let end = rest.iter().position(|w| *w == "type").unwrap_or(rest.len());
                    self.option_names.push(rest[..end].join(" "));
                }
                _ => {}
            }
        }
        if let Some(f) = lines.1 {
            return Err(step(f, "uciok"));
        }
        for (name, value) in &spec.options {
            if !self.option_names.iter().any(|o| o.eq_ignore_ascii_case(name)) {
                let listed = if self.option_names.is_empty() {
                    "it lists none".to_string()
                } else {
                    format!("its options are {}", self.option_names.join(", "))
                };
                return Err(format!("it has no option {name:?} ({listed})"));
            }
            self.send(&format!("setoption name {name} value {value}")).map_err(|f| step(f, "readyok"))?;
        }
        let (answers, failure) = self.barrier(timeout);
        if let Some(f) = failure {
            return Err(step(f, "readyok"));
        }
        if let Some(answer) = answers.iter().map(|l| l.text.trim()).find(|t| !t.is_empty()) {
            return Err(format!("it answered the options with {answer:?}"));
        }
        Ok(())
    }

    /// `message`, then the engine's last lines of output and of standard
    /// error, if any.
    pub fn with_output(&self, message: &str) -> String {
        let mut text = message.to_string();
        if !self.recent.is_empty() {
            let recent: Vec<&str> = self.recent.iter().map(String::as_str).collect();
            text.push_str(&format!("; its last lines: {}", recent.join(" | ")));
        }
        let stderr = self.stderr_tail();
        if !stderr.is_empty() {
            text.push_str(&format!("; on standard error: {}", stderr.join(" | ")));
        }
        text
    }

    /// The last lines the engine wrote on standard error.
    pub fn stderr_tail(&self) -> Vec<String> {
        self.stderr_tail.lock().unwrap_or_else(|e| e.into_inner()).iter().cloned().collect()
    }

    /// Sends one command line.
    ///
    /// # Errors
    /// [`Failure::Died`] when the engine's input is closed.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        let Some(stdin) = self.stdin.as_mut() else { return Err(self.died()) };
        if writeln!(stdin, "{line}").and_then(|()| stdin.flush()).is_err() {
            self.stdin = None;
            return Err(self.died());
        }
        Ok(())
    }

    /// The next line, waiting until `deadline` at most.
    ///
    /// # Errors
    /// [`Failure::Timeout`] at the deadline, [`Failure::Died`] when the
    /// output has ended.
    pub fn next_line(&mut self, deadline: Instant) -> Result<Line, Failure> {
        let now = Instant::now();
        if now >= deadline {
            // An engine that never stops printing still meets its deadline.
            return Err(Failure::Timeout(Duration::ZERO));
        }
        match self.lines.recv_timeout(deadline.saturating_duration_since(now)) {
            Ok(line) => {
                push_tail(&mut self.recent, line.text.clone());
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout(deadline.saturating_duration_since(now))),
            Err(RecvTimeoutError::Disconnected) => Err(self.died()),
        }
    }

    /// The lines up to the first for which `done` holds (included), and
    /// why it did not come if it did not (the lines read are kept).
    pub fn read_until(
        &mut self,
        deadline: Instant,
        mut done: impl FnMut(&Line) -> bool,
    ) -> (Vec<Line>, Option<Failure>) {
        let mut seen = Vec::new();
        loop {
            match self.next_line(deadline) {
                Ok(line) => {
                    let last = done(&line);
                    if seen.len() < MAX_LINES || last {
                        seen.push(line);
                    }
                    if last {
                        return (seen, None);
                    }
                }
                Err(f) => return (seen, Some(f)),
            }
        }
    }

    /// Sends `isready` and reads the lines before `readyok` (not
    /// included), within `timeout`: everything the engine answered to the
    /// commands sent before.
    pub fn barrier(&mut self, timeout: Duration) -> (Vec<Line>, Option<Failure>) {
        if let Err(f) = self.send("isready") {
            return (Vec::new(), Some(f));
        }
        let (mut lines, failure) = self.read_until(Instant::now() + timeout, |l| l.text.trim() == "readyok");
        if failure.is_none() {
            lines.pop();
        }
        (lines, failure)
    }

    /// [`Failure::Died`] with the exit status, waiting a little for the
    /// process to end (its output may end just before it does).
    fn died(&mut self) -> Failure {
        let deadline = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Failure::Died(Some(status.to_string())),
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
                _ => return Failure::Died(None),
            }
        }
    }
}

impl EngineProcess {
    /// Whether the engine's standard output ends (every process that holds
    /// it, the engine and what it started, has closed it) by `deadline`;
    /// the lines still coming are dropped.
    fn output_ends_by(&mut self, deadline: Instant) -> bool {
        loop {
            match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(_) => {}
                Err(RecvTimeoutError::Disconnected) => return true,
                Err(RecvTimeoutError::Timeout) => return false,
            }
        }
    }
}

impl Drop for EngineProcess {
    /// Sends `quit` and closes the engine's input, gives it a moment to
    /// end (its output to end), then sends its process group SIGTERM and,
    /// if the output has not ended a moment later, SIGKILL; then reaps the
    /// engine. The engine is reaped last, so that its pid, the group's id,
    /// cannot go to another process while the group is signalled.
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit").and_then(|()| stdin.flush());
        }
        let group = i32::try_from(self.child.id()).ok().map(Pid::from_raw);
        let quit = self.output_ends_by(Instant::now() + QUIT_GRACE);
        if let Some(group) = group {
            // What is left of the group: a process that closed its output
            // but lives on, or the whole group if the engine did not quit.
            // (An error means no process is left.)
            let _ = killpg(group, Signal::SIGTERM);
            if !quit && !self.output_ends_by(Instant::now() + TERM_GRACE) {
                let _ = killpg(group, Signal::SIGKILL);
            }
        }
        let deadline = Instant::now() + TERM_GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
                Ok(None) => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
