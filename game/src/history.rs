//! The game's history: repetitions and the no-progress count since the
//! last irreversible ply.

/// Keys of the positions of a game since its last irreversible ply, and the
/// number of reversible plies played since then, for repetition and
/// no-progress rules. It lives beside the position, never inside it, so
/// positions stay comparable and transposable.
///
/// The count can start above zero: a game that begins from a position given
/// with a no-progress counter of 37 (morris and petteia position texts carry
/// one) starts with `History::new(key, 37)`; the 37 earlier plies' positions
/// are unknown and so cannot repeat.
///
/// ```
/// use lapilli_game::History;
/// let mut h = History::new(10, 5);
/// h.push(20, false);
/// h.push(10, false);
/// assert_eq!(h.occurrences(10), 2);
/// assert_eq!(h.plies_since_irreversible(), 7);
/// h.push(30, true); // irreversible: earlier positions cannot recur
/// assert_eq!(h.occurrences(10), 0);
/// assert_eq!(h.plies_since_irreversible(), 0);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    keys: Vec<u64>,
    before: u32,
}

impl History {
    /// A history at a position with key `start`, after `reversible_before`
    /// reversible plies whose positions are not known (0 for a game from
    /// its start).
    pub fn new(start: u64, reversible_before: u32) -> History {
        History { keys: vec![start], before: reversible_before }
    }

    /// Records the position with key `key` reached by a ply that was
    /// `irreversible` or not.
    pub fn push(&mut self, key: u64, irreversible: bool) {
        if irreversible {
            self.keys.clear();
            self.before = 0;
        }
        self.keys.push(key);
    }

    /// How often the position with key `key` occurred since the last
    /// irreversible ply (the current position included).
    pub fn occurrences(&self, key: u64) -> usize {
        self.keys.iter().filter(|&&h| h == key).count()
    }

    /// The keys before the current position, oldest first.
    pub fn earlier(&self) -> &[u64] {
        &self.keys[..self.keys.len().saturating_sub(1)]
    }

    /// The key of the current position, if the history has one (`None` for
    /// [`History::default`]).
    pub fn current(&self) -> Option<u64> {
        self.keys.last().copied()
    }

    /// Reversible plies played since the last irreversible ply (or since the
    /// start), the plies before the history began included.
    pub fn plies_since_irreversible(&self) -> u32 {
        self.before + self.keys.len().saturating_sub(1) as u32
    }

    /// The reversible plies before the first known position.
    pub fn plies_before_known(&self) -> u32 {
        self.before
    }
}
