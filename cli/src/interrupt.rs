//! SIGINT, SIGTERM and SIGHUP caught by the long commands (`match`,
//! `analyze`, `selfplay`), so that they end in order: a command that
//! catches them stops its work, reports what it finished and exits with
//! 128 + the signal's number (130 for SIGINT, 143 for SIGTERM, 129 for
//! SIGHUP), the status a shell gives a program the signal killed.
//!
//! [`Interrupt::catch`] starts a thread that waits for the signals
//! (signal-hook's iterator: the handler itself only wakes that thread). The
//! first signal is recorded ([`Interrupt::caught`]) and the command's
//! reaction (stop a search, abandon the games in play) is run on that
//! thread; a second signal, while the command is still cleaning up, ends
//! the program at once with 128 + its own number, as does any signal once the
//! [`Interrupt`] is dropped.

use crate::error::{CliError, Kind};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::Arc;

/// A signal that interrupts a long command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// SIGINT (Ctrl-C), number 2.
    Int,
    /// SIGTERM, number 15.
    Term,
    /// SIGHUP (the terminal closed), number 1.
    Hup,
}

impl Signal {
    /// The signal of the number `n`, if it is one of the three.
    fn of(n: i32) -> Option<Signal> {
        match n {
            SIGINT => Some(Signal::Int),
            SIGTERM => Some(Signal::Term),
            SIGHUP => Some(Signal::Hup),
            _ => None,
        }
    }

    /// The signal's number (2, 15, 1).
    pub fn number(self) -> i32 {
        match self {
            Signal::Int => SIGINT,
            Signal::Term => SIGTERM,
            Signal::Hup => SIGHUP,
        }
    }

    /// Its name, as JSON reports it: `SIGINT`, `SIGTERM`, `SIGHUP`.
    pub fn name(self) -> &'static str {
        match self {
            Signal::Int => "SIGINT",
            Signal::Term => "SIGTERM",
            Signal::Hup => "SIGHUP",
        }
    }

    /// The exit status of a command it interrupted: 128 + its number (130,
    /// 143, 129).
    pub fn exit_code(self) -> u8 {
        // The numbers are 1, 2 and 15: the sum fits.
        128 + self.number() as u8
    }
}

impl fmt::Display for Signal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the signal thread and the command share.
#[derive(Debug, Default)]
struct State {
    /// The number of the first signal caught; 0 before any.
    caught: AtomicI32,
    /// Set when the command no longer catches: a signal then ends the
    /// program at once.
    released: AtomicBool,
}

/// The three signals caught for one command, while it lives.
#[derive(Debug)]
pub struct Interrupt {
    state: Arc<State>,
}

impl Interrupt {
    /// Catches SIGINT, SIGTERM and SIGHUP from now on: the first runs
    /// `on_signal` (on the signal thread, once), the next ends the program
    /// with status 128 + its number.
    ///
    /// # Errors
    /// The system refused the handlers or the thread (kind `resources`).
    pub fn catch(on_signal: impl FnOnce(Signal) + Send + 'static) -> crate::Result<Interrupt> {
        let refused = |e: std::io::Error| {
            CliError::new(Kind::Resources, format!("cannot catch SIGINT, SIGTERM and SIGHUP: {e}"))
        };
        let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP]).map_err(refused)?;
        let state = Arc::new(State::default());
        let shared = Arc::clone(&state);
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                let mut on_signal = Some(on_signal);
                for n in signals.forever() {
                    let Some(signal) = Signal::of(n) else { continue };
                    let first = shared.caught.compare_exchange(0, n, Ordering::SeqCst, Ordering::SeqCst);
                    if first.is_err() || shared.released.load(Ordering::SeqCst) {
                        // A second signal, or one after the command: end now.
                        std::process::exit(i32::from(signal.exit_code()));
                    }
                    if let Some(react) = on_signal.take() {
                        react(signal);
                    }
                }
            })
            .map_err(refused)?;
        Ok(Interrupt { state })
    }

    /// The first signal caught, if any.
    pub fn caught(&self) -> Option<Signal> {
        Signal::of(self.state.caught.load(Ordering::SeqCst))
    }

    /// [`Interrupt::caught`] as the error the command ends with: kind
    /// `interrupted`, the message "interrupted by SIGINT" followed by
    /// `what` (" after 4 of 10 games").
    pub fn error(&self, what: &str) -> Option<CliError> {
        self.caught()
            .map(|signal| CliError::new(Kind::Interrupted(signal), format!("interrupted by {signal}{what}")))
    }
}

impl Drop for Interrupt {
    /// From now on a signal ends the program at once (with 128 + its
    /// number), as if it were not caught.
    fn drop(&mut self) {
        self.state.released.store(true, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_have_their_numbers_names_and_statuses() {
        for (signal, n, name, status) in [
            (Signal::Int, 2, "SIGINT", 130),
            (Signal::Term, 15, "SIGTERM", 143),
            (Signal::Hup, 1, "SIGHUP", 129),
        ] {
            assert_eq!((signal.number(), signal.name(), signal.exit_code()), (n, name, status));
            assert_eq!(Signal::of(n), Some(signal));
            let e = CliError::new(Kind::Interrupted(signal), "x");
            assert_eq!((e.kind.name(), e.kind.exit_code()), ("interrupted", status));
        }
        assert_eq!(Signal::of(9), None);
    }
}
