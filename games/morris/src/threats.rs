//! Continuous-threat search: wins by a chain of mill threats, where one
//! mill ends the game.
//!
//! When the opponent has three pieces on the board and none in hand, the
//! next mill the side to move closes wins: its removal leaves the opponent
//! two pieces (seed 001, `docs/design.md`). There wins are forced by
//! threats: a ply that leaves a mill to close next, answered by the one
//! ply that blocks it, then another threat, until two threats stand at
//! once or the threat cannot be blocked. Nine Men's Morris' tier `w3b3` has
//! 83% of its positions won for the side to move, the longest in 27 plies
//! (`docs/design.md`, "Three against three, both flying"), and a
//! fixed-depth search at 100 ms sees 9-10 plies of them. This search
//! follows threats alone, as a continuous-threat (victory by continuous
//! force) search does in other connection games: the attacker tries every
//! ply that makes a threat, the defender every ply that blocks it.
//!
//! Against the solved tables (`tests/threats.rs`): with `n` threats it
//! finds every win of `w3b3` of up to `2n + 2` plies, and none longer. With
//! 12 threats a sweep of all 339,252 classes of `w3b3` found every win but
//! 138 of the 34,208 longer than 8 plies (3 minutes on one thread; 4
//! seconds with 6 threats, 17 with 8).
//!
//! A win found here is a proof under the rules of the position alone: the
//! defender can never close a mill of its own on the way (a line where it
//! could is given up), and the win ends before the no-progress count
//! reaches [`crate::NO_PROGRESS_LIMIT`]. A repetition of a position played
//! before the search started is not seen.

use crate::position::{Phase, Position};
use crate::rules::Tables;
use crate::NO_PROGRESS_LIMIT;
use lapilli_board_graph::bits::bits;
use lapilli_game::Game;
use std::cell::RefCell;

/// The largest number of threats [`forced_mill`] follows.
pub const MAX_THREATS: u32 = 12;

/// The plies to the end of a win the side to move forces with at most
/// `threats` mill threats in a row (counting every ply, removals too), or
/// `None` when it finds none.
///
/// It applies only where a mill ends the game: no removal pending, no
/// pieces in hand on either side, and three opponent pieces on the board.
/// A mill to close at once wins in 2 plies (the closing ply and its
/// removal); two threats at once, or a threat the opponent cannot block,
/// in 4; each blocked threat before them adds 2. The count is that of the
/// first chain found with the fewest threats, not always the shortest win.
/// `threats` above [`MAX_THREATS`] is read as [`MAX_THREATS`].
///
/// ```
/// use lapilli_morris::{threats::forced_mill, Position};
/// // White (to move, flying) holds d7 and g7 and flies a1-a7: a mill, and
/// // the removal leaves Black two pieces.
/// let pos: Position = ".WW...W./..B..B../.......B w 0 0 -".parse().unwrap();
/// assert_eq!(forced_mill(&pos, 0), Some(2));
/// // Black to move has no threat that wins first.
/// let pos: Position = ".WW...W./..B..B../.......B b 0 0 -".parse().unwrap();
/// assert_eq!(forced_mill(&pos, 3), None);
/// ```
pub fn forced_mill(pos: &Position, threats: u32) -> Option<u32> {
    let me = pos.side_to_move();
    let opp = me.opponent();
    if pos.pending_removal() || pos.in_hand(me) > 0 || pos.in_hand(opp) > 0 || pos.on_board(opp) != 3 {
        return None;
    }
    if pos.outcome().is_some() {
        return None;
    }
    let (a, d) = (pos.piece_bits(me), pos.piece_bits(opp));
    let found = CACHE.with(|cell| {
        // A cache in use (which no caller can reach from here) or one
        // that could not be allocated: search without one.
        let mut own = cell.try_borrow_mut().ok();
        let mut none: [Entry; 0] = [];
        let cache = match own.as_mut() {
            Some(cache) => {
                if cache.is_empty() && cache.try_reserve_exact(CACHE_ENTRIES).is_ok() {
                    cache.resize(CACHE_ENTRIES, Entry::default());
                }
                cache.as_mut_slice()
            }
            None => &mut none[..],
        };
        let mut chase = Chase {
            t: pos.tables(),
            attacker_flies: pos.phase(me) == Phase::Flying,
            defender_flies: pos.phase(opp) == Phase::Flying,
            variant: pos.variant() as u64,
            cache,
        };
        // The fewest threats first, so that the chain found shortens ply
        // by ply along the line it plays.
        (0..=threats.min(MAX_THREATS)).find_map(|n| chase.attack(a, d, n))
    });
    let (plies, _) = found?;
    (pos.no_progress_count() + plies < NO_PROGRESS_LIMIT).then_some(plies)
}

/// The entries of each thread's cache of results (16 bytes each: 1 MiB a
/// thread, allocated on its first search).
const CACHE_ENTRIES: usize = 1 << 16;

/// One cached result: a win of `plies` plies with `threats` threats, or
/// no win with up to `threats` threats.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The attacker's and defender's points, who flies and the variant;
    /// 0 for an empty entry.
    key: u64,
    /// Whether the entry is a win.
    win: bool,
    /// The threats of the win, or the most threats tried without one.
    threats: u8,
    /// The plies of the win.
    plies: u8,
}

thread_local! {
    /// This thread's cache: the results depend on the points alone, so
    /// they stay valid from search to search.
    static CACHE: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// The fixed facts of one search: the board's masks and who flies (the
/// piece counts do not change along a chain of threats).
struct Chase<'c> {
    t: &'static Tables,
    attacker_flies: bool,
    defender_flies: bool,
    /// The variant, part of the cache's key.
    variant: u64,
    /// The cache (empty: none).
    cache: &'c mut [Entry],
}

impl Chase<'_> {
    /// The empty points where `own` closes a mill with its next ply: a
    /// line through the point holds two of its pieces, and a third can
    /// move there (from anywhere when it flies, else from a neighbour off
    /// that line).
    fn closings(&self, own: u32, empty: u32, flies: bool) -> u32 {
        let t = self.t;
        let targets = t.completions(own) & empty;
        if flies || targets == 0 {
            return targets;
        }
        bits(targets).filter(|&q| t.mill_sliders(own, q) != 0).fold(0, |out, q| out | 1 << q)
    }

    /// The win of the attacker (`a`, to move) over the defender (`d`)
    /// with at most `n` threats before the last ply's mill: its plies to
    /// the end and its threats, or `None`.
    fn attack(&mut self, a: u32, d: u32, n: u32) -> Option<(u32, u32)> {
        let key = 1 << 63
            | self.variant << 52
            | u64::from(self.defender_flies) << 49
            | u64::from(self.attacker_flies) << 48
            | u64::from(d) << 24
            | u64::from(a);
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize;
        if let Some(e) = self.cache.get(slot).filter(|e| e.key == key) {
            if e.win && u32::from(e.threats) <= n {
                return Some((u32::from(e.plies), u32::from(e.threats)));
            }
            if !e.win && u32::from(e.threats) >= n {
                return None;
            }
        }
        let found = self.search(a, d, n);
        if let Some(e) = self.cache.get_mut(slot) {
            *e = match found {
                Some((plies, threats)) => {
                    Entry { key, win: true, threats: threats as u8, plies: plies as u8 }
                }
                None => Entry { key, win: false, threats: n as u8, plies: 0 },
            };
        }
        found
    }

    /// [`Chase::attack`] without the cache.
    fn search(&mut self, a: u32, d: u32, n: u32) -> Option<(u32, u32)> {
        let all = self.t.all;
        let empty = all & !(a | d);
        if self.closings(a, empty, self.attacker_flies) != 0 {
            return Some((2, 0));
        }
        if n == 0 {
            return None;
        }
        for from in bits(a) {
            let targets = if self.attacker_flies { empty } else { self.t.neighbours[from] & empty };
            for to in bits(targets) {
                let a2 = (a & !(1 << from)) | 1 << to;
                let empty2 = all & !(a2 | d);
                // A line where the defender could close a mill is given up.
                if self.closings(d, empty2, self.defender_flies) != 0 {
                    continue;
                }
                let threats = self.closings(a2, empty2, self.attacker_flies);
                if threats == 0 {
                    continue;
                }
                let p = threats.trailing_zeros() as usize;
                let blockers = if self.defender_flies { d } else { self.t.neighbours[p] & d };
                if threats.count_ones() >= 2 || blockers == 0 {
                    return Some((4, 1));
                }
                if let Some(win) = self.after_blocks(a2, d, p, blockers, n - 1) {
                    return Some(win);
                }
            }
        }
        None
    }

    /// The win when every block of the threat at `p` (a defender's piece
    /// of `blockers` moving there) still loses to `n` more threats: the
    /// longest of them plus the threat and the block, and the most threats
    /// of them plus this one.
    fn after_blocks(&mut self, a: u32, d: u32, p: usize, blockers: u32, n: u32) -> Option<(u32, u32)> {
        let (mut plies, mut threats) = (0, 0);
        for b in bits(blockers) {
            let d2 = (d & !(1 << b)) | 1 << p;
            let (pl, th) = self.attack(a, d2, n)?;
            plies = plies.max(pl);
            threats = threats.max(th);
        }
        Some((plies + 2, threats + 1))
    }
}
