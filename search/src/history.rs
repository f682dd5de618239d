//! The game record's history: repetitions since the last irreversible ply.

/// Hashes of the positions of a game since its last irreversible ply, for
/// repetition and no-progress rules. It lives beside the position, never
/// inside it, so positions stay comparable and transposable.
///
/// ```
/// use lapilli_search::History;
/// let mut h = History::new(10);
/// h.push(20, false);
/// h.push(10, false);
/// assert_eq!(h.occurrences(10), 2);
/// h.push(30, true); // irreversible: earlier positions cannot recur
/// assert_eq!(h.occurrences(10), 0);
/// assert_eq!(h.plies_since_irreversible(), 0);
/// ```
#[derive(Clone, Debug, Default)]
pub struct History {
    hashes: Vec<u64>,
}

impl History {
    /// A history starting at a position with hash `start`.
    pub fn new(start: u64) -> History {
        History { hashes: vec![start] }
    }

    /// Records the position with hash `hash` reached by a ply that was
    /// `irreversible` or not.
    pub fn push(&mut self, hash: u64, irreversible: bool) {
        if irreversible {
            self.hashes.clear();
        }
        self.hashes.push(hash);
    }

    /// How often the position with hash `hash` occurred since the last
    /// irreversible ply (the current position included).
    pub fn occurrences(&self, hash: u64) -> usize {
        self.hashes.iter().filter(|&&h| h == hash).count()
    }

    /// The hashes before the current position, oldest first.
    pub fn earlier(&self) -> &[u64] {
        &self.hashes[..self.hashes.len().saturating_sub(1)]
    }

    /// Plies played since the last irreversible ply (or since the start).
    pub fn plies_since_irreversible(&self) -> usize {
        self.hashes.len().saturating_sub(1)
    }
}
