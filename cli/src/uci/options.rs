//! The words of the commands that set how `lapilli uci` searches:
//! `setoption`'s options (Hash, Threads, MoveTime, LateMoveReductions) and
//! the limits of `go`.

use super::Session;
use lapilli_board_graph::notation::excerpt;
use lapilli_registry::VariantDescriptor;
use lapilli_search::{Limits, MAX_DEPTH};
use std::time::Duration;

impl<V: VariantDescriptor> Session<V> {
    /// `setoption name <name> value <value>`.
    pub(super) fn set_option(&mut self, words: &[&str]) {
        let (name, value) = match words {
            ["name", rest @ ..] => match rest.iter().position(|w| *w == "value") {
                Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
                None => (rest.join(" "), None),
            },
            _ => return self.info("setoption: expected `setoption name <name> value <value>`"),
        };
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            let value = value.as_deref().ok_or_else(|| format!("option {name}: no value given"))?;
            match value.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(format!(
                    "option {name}: value {:?} is not a whole number from {min} to {max}",
                    excerpt(value)
                )),
            }
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "hash" => spin(1, 65536).map(|mib| {
                self.halt();
                self.rebuild_engine(mib as usize, self.threads, self.reductions);
            }),
            "threads" => spin(1, 64).map(|threads| {
                self.halt();
                self.rebuild_engine(self.hash_mib, threads as usize, self.reductions);
            }),
            "movetime" => spin(1, 3600).map(|s| self.move_seconds = s),
            "latemovereductions" => match value.as_deref().map(str::to_ascii_lowercase).as_deref() {
                Some("true") => Ok(true),
                Some("false") => Ok(false),
                Some(other) => Err(format!("option {name}: value {:?} is not true or false", excerpt(other))),
                None => Err(format!("option {name}: no value given")),
            }
            .map(|on| {
                self.halt();
                self.rebuild_engine(self.hash_mib, self.threads, on);
            }),
            _ => Err(format!(
                "unknown option {:?}: the options are Hash, Threads, MoveTime and LateMoveReductions",
                excerpt(&name)
            )),
        };
        if let Err(e) = result {
            self.info(&e);
        }
    }

    /// The limits of `go`'s words, and whether the search is infinite.
    pub(super) fn limits(&self, words: &[&str]) -> (Limits, bool) {
        let mut limits = Limits::depth(MAX_DEPTH);
        let (mut given, mut infinite) = (false, false);
        let mut i = 0;
        while i < words.len() {
            let value = words.get(i + 1).map(|w| w.parse::<u64>());
            match (words[i], value) {
                ("infinite", _) => {
                    infinite = true;
                    i += 1;
                    continue;
                }
                ("movetime", Some(Ok(ms))) => limits = limits.with_time(Duration::from_millis(ms.max(1))),
                ("depth", Some(Ok(d))) => limits = limits.with_depth(d.clamp(1, u64::from(MAX_DEPTH)) as u32),
                ("nodes", Some(Ok(n))) => limits = limits.with_nodes(n.max(1)),
                (word @ ("movetime" | "depth" | "nodes"), _) => {
                    self.info(&format!("go: {word} needs a whole number; ignored"));
                    i += 1;
                    continue;
                }
                (word, _) => {
                    self.info(&format!("go: {:?} is not supported; ignored", excerpt(word)));
                    i += 1;
                    continue;
                }
            }
            given = true;
            i += 2;
        }
        if !given && !infinite {
            limits = limits.with_time(Duration::from_secs(self.move_seconds));
        }
        (limits, infinite)
    }
}
