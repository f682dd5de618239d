//! Tiers, a symmetry-reduced perfect index and un-moves for the morris
//! games: [`MorrisTiers`] implements
//! [`lapilli_tablebase::TierSpace`], so the generic tier solver
//! ([`lapilli_tablebase::build`]) builds and probes morris
//! tablebases, in the manner of Gasser's Nine Men's Morris solution
//! (R. Gasser, "Solving Nine Men's Morris", *Games of No Chance*, 1996).
//!
//! # Tiers
//! A [`Tier`] is a material signature: pieces on the board and in hand for
//! each side, and the pending-removal flag. Plies between tiers:
//!
//! | tier | ply | leads to |
//! |---|---|---|
//! | placement, no removal pending | a placement | one fewer in hand, one more on the board; pending when it closes a mill and the opponent has a piece on the board |
//! | removal pending | the removal | the opponent has one fewer on the board, no removal pending |
//! | movement (hands empty), no removal pending | a slide or flight | the same tier, or its pending twin when it closes a mill |
//! | movement, removal pending | the removal | either side one piece fewer (whichever was removed) |
//!
//! So the tiers form a DAG; only movement tiers without a pending removal
//! have plies inside them ([`TierSpace::has_internal_plies`]), solved by
//! retrograde analysis with the un-moves ([`TierSpace::predecessors`]: a
//! slide or flight that closes no mill, inverted). A removal that leaves
//! the opponent fewer than three pieces (board and hand) ends the game
//! ([`Ending::Reduction`](crate::Ending::Reduction)); the solver values
//! such positions by their outcome, so their tiers are not dependencies.
//!
//! # Index
//! The two colours' point sets are ranked by
//! [`lapilli_symmetry::PairIndex`] (the combinatorial number system over
//! the free points, reduced by the board's 16 automorphisms,
//! [`Variant::group`](crate::Variant::group)): one index per orbit of
//! point-set pairs. In a placement tier the hands and the pending flag fix
//! the side to move ([`Tier::side_to_move`]), and the index is the pair
//! index.
//!
//! The movement phase is folded by colour, as Malom stores positions from
//! the mover's side: the rules of movement treat both colours alike, so a
//! position and its colour twin (colours exchanged, the other side to
//! move; [`TierSpace::colour_twin`]) have the same value for the side to
//! move, and one index stands for both. A movement tier has White at
//! least as many pieces on the board as Black ([`Tier::folded`]: the
//! positions of `w3b5` are stored in `w5b3` as their twins). With unequal
//! numbers its index is `side · N + pair index`, `N` the pair index's
//! size, `side` [`Colour::index`](lapilli_board_graph::Colour::index)
//! (White 0); with equal numbers it is the pair index, White to move (a
//! position with Black to move is stored as its twin). That is half the
//! indices of the movement phase without folding. The scheme's name in
//! tier files is [`SCHEME`].
//!
//! Unused indices are those of impossible positions
//! ([`Position::from_parts`] refuses them): in a pending tier every pair
//! where the side to move has no mill (at 3 against 3 on the nine men's
//! board, 1,413 of the 169,626 indices of `w3b3x` are used), and in
//! placement tiers pairs that leave the side not to move below three
//! pieces. Tiers without a pending removal and with three pieces a side
//! or more use every index.
//!
//! Lasker Morris is refused ([`TierError::PlaceOrSlide`]): a side with
//! pieces in hand may slide there, so placement tiers would have plies
//! inside them, which this scheme does not generate un-moves for.
//!
//! ```
//! use lapilli_morris::tablebase::{MorrisTiers, Tier};
//! use lapilli_morris::{Position, Rules};
//! use lapilli_tablebase::TierSpace;
//! let space = MorrisTiers::new(Rules::default()).unwrap();
//! let pos: Position = "WW.W..../B.....W./B...B... w 0 0 -".parse().unwrap();
//! let tier = space.tier(&pos);
//! assert_eq!(tier.to_string(), "w4b3");
//! let canonical = space.position(tier, space.index(&pos)).unwrap();
//! assert_eq!(space.index(&canonical), space.index(&pos));
//! ```

mod tier;
mod unmove;

pub use tier::{ParseTierError, Tier};

use crate::position::Position;
use crate::rules::{Rules, Variant};
use lapilli_board_graph::{Bitboard, Colour};
use lapilli_symmetry::PairIndex;
use lapilli_tablebase::TierSpace;
use std::collections::BTreeSet;
use std::fmt;
use std::sync::OnceLock;
use thiserror::Error;

/// The index scheme's name, written into every tier file: a file indexed
/// another way is refused on load. Version 2 folds the movement phase by
/// colour (version 1, before 2026-12-05, stored both colours' tiers).
pub const SCHEME: &str = "morris-pair-index/2";

/// Why a [`MorrisTiers`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TierError {
    /// The variant lets a side with pieces in hand slide (Lasker Morris),
    /// so placement tiers would have plies inside them.
    #[error(
        "{0}: a side with pieces in hand may slide instead of placing, so placement tiers would have plies \
         inside them; tablebases cover nine-mens-morris, six-mens-morris and twelve-mens-morris"
    )]
    PlaceOrSlide(Variant),
}

/// The tiers and the symmetry-reduced index of one morris variant under
/// its [`Rules`] (see the module documentation).
///
/// Memory: one [`PairIndex`] per pair of piece counts on the board, built
/// on first use and kept: mostly 6 bytes per set of White's pieces,
/// `C(points, white)` of them (0.25 MiB at 5 of 24 points, 7.5 MiB at 9).
pub struct MorrisTiers {
    rules: Rules,
    /// The most pieces a side has (the variant's).
    max: u8,
    /// `pairs[white * (max + 1) + black]`: the index of `white` against
    /// `black` pieces on the board.
    pairs: Vec<OnceLock<PairIndex>>,
}

impl fmt::Debug for MorrisTiers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let built = self.pairs.iter().filter(|p| p.get().is_some()).count();
        f.debug_struct("MorrisTiers").field("rules", &self.rules).field("pair_indices_built", &built).finish()
    }
}

impl MorrisTiers {
    /// The tier space of `rules` (no index is built yet).
    ///
    /// # Errors
    /// [`TierError::PlaceOrSlide`] for Lasker Morris.
    pub fn new(rules: Rules) -> Result<MorrisTiers, TierError> {
        if rules.variant.place_or_slide() {
            return Err(TierError::PlaceOrSlide(rules.variant));
        }
        let max = rules.variant.pieces();
        let slots = usize::from(max + 1) * usize::from(max + 1);
        Ok(MorrisTiers { rules, max, pairs: (0..slots).map(|_| OnceLock::new()).collect() })
    }

    /// The rules the space indexes.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The tier that stores `pos` (whatever its rules;
    /// [`TierSpace::tier_of`] also checks them): its material signature,
    /// [folded](Tier::folded) in the movement phase (a position where White
    /// has fewer pieces on the board than Black is stored as its colour
    /// twin).
    pub fn tier(&self, pos: &Position) -> Tier {
        Tier {
            on_board: [pos.on_board(Colour::White), pos.on_board(Colour::Black)],
            in_hand: [pos.in_hand(Colour::White), pos.in_hand(Colour::Black)],
            pending: pos.pending_removal(),
        }
        .folded()
    }

    /// Whether `tier` is a tier of this space: no side has more pieces
    /// than the variant gives it, the hands are empty or ones that
    /// alternate placement produces ([`Tier::side_to_move`]), and it is
    /// its own [folded](Tier::folded) tier (in the movement phase White
    /// has at least as many pieces on the board as Black: `w3b5`'s
    /// positions are stored in `w5b3`).
    pub fn contains(&self, tier: Tier) -> bool {
        Colour::BOTH.into_iter().all(|c| tier.pieces(c) <= self.max)
            && (tier.is_movement() || tier.side_to_move().is_some())
            && tier.folded() == tier
    }

    /// The index of `white` against `black` pieces on the board, built on
    /// first use.
    ///
    /// # Panics
    /// If either count is above the variant's pieces (never for a position
    /// of the variant, nor for a tier the space [contains](Self::contains)).
    pub fn pair_index(&self, white: u8, black: u8) -> &PairIndex {
        assert!(
            white <= self.max && black <= self.max,
            "{white} against {black} pieces in {}",
            self.rules.variant
        );
        self.pairs[usize::from(white) * usize::from(self.max + 1) + usize::from(black)].get_or_init(|| {
            PairIndex::new(self.rules.variant.group(), u32::from(white), u32::from(black))
                .expect("two sides' pieces fit on every morris board, and its group is small")
        })
    }

    /// Every movement-phase tier (both hands empty) with 3 to `max_pieces`
    /// pieces a side on the board (capped at the variant's pieces), with
    /// and without a pending removal, in increasing order: the folded ones
    /// (White at least as many as Black), which hold every such position.
    ///
    /// ```
    /// use lapilli_morris::{tablebase::MorrisTiers, Rules};
    /// let space = MorrisTiers::new(Rules::default()).unwrap();
    /// let names: Vec<String> = space.movement_tiers(4).iter().map(|t| t.to_string()).collect();
    /// assert_eq!(names, ["w3b3", "w3b3x", "w4b3", "w4b3x", "w4b4", "w4b4x"]);
    /// ```
    pub fn movement_tiers(&self, max_pieces: u8) -> Vec<Tier> {
        let top = max_pieces.min(self.max);
        let mut out = Vec::new();
        for w in 3..=top {
            for b in 3..=w {
                for pending in [false, true] {
                    out.push(Tier::movement(w, b, pending));
                }
            }
        }
        out
    }

    /// The tier of the start position: the empty board, every piece in
    /// hand, White to move.
    pub fn start_tier(&self) -> Tier {
        Tier { on_board: [0, 0], in_hand: [self.max, self.max], pending: false }
    }

    /// Every tier of the whole game, placement included: the tiers the
    /// start tier reaches through [`TierSpace::dependencies`], start
    /// included, in increasing order.
    ///
    /// ```
    /// use lapilli_morris::{tablebase::MorrisTiers, Rules, Variant};
    /// let space = MorrisTiers::new(Rules::new(Variant::SixMensMorris)).unwrap();
    /// let tiers = space.game_tiers();
    /// assert!(tiers.contains(&space.start_tier()));
    /// assert!(tiers.contains(&"w6b6".parse().unwrap()));
    /// assert!(!tiers.contains(&"w2b6".parse().unwrap()));
    /// ```
    pub fn game_tiers(&self) -> Vec<Tier> {
        let mut seen = BTreeSet::from([self.start_tier()]);
        let mut stack = vec![self.start_tier()];
        while let Some(t) = stack.pop() {
            for d in self.dependencies(t) {
                if seen.insert(d) {
                    stack.push(d);
                }
            }
        }
        seen.into_iter().collect()
    }

    /// The pair index of `tier` and the number of sides to move it holds.
    fn layout(&self, tier: Tier) -> (&PairIndex, u64) {
        let pair = self.pair_index(tier.on_board[0], tier.on_board[1]);
        (pair, sides(tier))
    }
}

/// The sides to move a tier's index holds: 2 in a movement tier with
/// unequal numbers of pieces on the board (the colour twins of the mirror
/// tier are among them), 1 in one with equal numbers (Black to move is
/// stored as its colour twin, White to move) and in placement tiers (the
/// hands fix the side).
fn sides(tier: Tier) -> u64 {
    if tier.is_movement() && tier.on_board[0] != tier.on_board[1] {
        2
    } else {
        1
    }
}

impl TierSpace for MorrisTiers {
    type Game = Position;
    type Tier = Tier;

    /// The variant id (`lapilli_registry::variant_id`): the variant's
    /// name ([`Variant::name`]), with `+flying` or `+no-flying` when the
    /// flying rule is not the variant's default, e.g.
    /// `six-mens-morris+flying`.
    fn variant_name(&self) -> String {
        lapilli_registry::variant_id(self.rules.variant.name(), &crate::descriptor::given_options(self.rules))
    }

    /// [`SCHEME`].
    fn scheme(&self) -> String {
        SCHEME.to_string()
    }

    /// The tier's name ([`Tier`]'s [`fmt::Display`]).
    fn tier_name(&self, tier: Tier) -> String {
        tier.to_string()
    }

    /// The tier of that name, if the space [contains](MorrisTiers::contains)
    /// it.
    fn parse_tier(&self, name: &str) -> Option<Tier> {
        name.parse().ok().filter(|&t| self.contains(t))
    }

    /// The tier of `pos`, or `None` for a position of other rules.
    fn tier_of(&self, pos: &Position) -> Option<Tier> {
        (pos.rules() == self.rules).then(|| self.tier(pos))
    }

    /// The pair index's size, twice that in a movement tier with unequal
    /// numbers of pieces on the board (both sides to move); 0 for a tier
    /// the space does not contain. An index not built yet is not
    /// built for this: its size is the number of orbits of its pairs
    /// ([`Group::pair_orbits`](lapilli_symmetry::Group::pair_orbits),
    /// Burnside's lemma; the index is dense), so that a plan of every tier
    /// takes no memory and milliseconds.
    fn size(&self, tier: Tier) -> u64 {
        if !self.contains(tier) {
            return 0;
        }
        let sides = sides(tier);
        let [w, b] = tier.on_board;
        let slot = usize::from(w) * usize::from(self.max + 1) + usize::from(b);
        let pairs = match self.pairs[slot].get() {
            Some(pair) => pair.len(),
            None => self.rules.variant.group().pair_orbits(usize::from(w), usize::from(b)),
        };
        sides * pairs
    }

    /// `pos` must be a position of this space's rules (as
    /// [`TierSpace::tier_of`] checks).
    #[inline]
    fn index(&self, pos: &Position) -> u64 {
        debug_assert_eq!(pos.rules(), self.rules);
        let (mut w, mut b) = (pos.piece_bits(Colour::White), pos.piece_bits(Colour::Black));
        if !pos.is_movement() {
            return self.pair_index(w.count_ones() as u8, b.count_ones() as u8).index(w, b);
        }
        // Folded: the colour twin where White has fewer pieces, or as
        // many with Black to move.
        let mut side = pos.side_to_move().index() as u64;
        if self.stored_as_twin(pos) {
            std::mem::swap(&mut w, &mut b);
            side ^= 1;
        }
        let pair = self.pair_index(w.count_ones() as u8, b.count_ones() as u8);
        side * pair.len() + pair.index(w, b)
    }

    /// The canonical position at `index`, built through
    /// [`Position::from_parts`] (no-progress counter 0).
    fn position(&self, tier: Tier, index: u64) -> Option<Position> {
        if !self.contains(tier) {
            return None;
        }
        let (pair, sides) = self.layout(tier);
        let (side, i) = match tier.side_to_move() {
            Some(side) => (side, index),
            None => {
                let n = pair.len();
                match index / n {
                    0 => (Colour::White, index),
                    1 if sides == 2 => (Colour::Black, index - n),
                    _ => return None,
                }
            }
        };
        let (w, b) = pair.sets(i)?;
        let pieces = [Bitboard(u64::from(w)), Bitboard(u64::from(b))];
        Position::from_parts(self.rules, pieces, tier.in_hand, side, tier.pending, 0).ok()
    }

    /// The tiers the plies from `tier` lead to (the module documentation's
    /// table, [folded](Tier::folded), in increasing order), leaving out those where the side then to move has fewer
    /// than three pieces (finished games) and pending tiers whose mover
    /// could not have closed a mill (fewer than three on the board) or has
    /// nothing to remove. Empty for a tier the space does not contain and
    /// for one where a side has fewer than three pieces (its positions are
    /// finished or impossible).
    fn dependencies(&self, tier: Tier) -> Vec<Tier> {
        let mut out = Vec::new();
        let alive = |t: Tier, c: Colour| t.pieces(c) >= 3;
        // With a side below three pieces every position is finished (that
        // side to move) or impossible (the other): no plies.
        if !self.contains(tier) || !Colour::BOTH.into_iter().all(|c| alive(tier, c)) {
            return out;
        }
        let removals = |t: Tier, movers: &[Colour], out: &mut Vec<Tier>| {
            for &s in movers {
                let o = s.opponent();
                if t.on_board[o.index()] == 0 {
                    continue;
                }
                let mut after = Tier { pending: false, ..t };
                after.on_board[o.index()] -= 1;
                if alive(after, o) {
                    out.push(after);
                }
            }
        };
        match (tier.side_to_move(), tier.pending) {
            (None, false) => out.push(Tier { pending: true, ..tier }),
            (None, true) => removals(tier, &[Colour::Black, Colour::White], &mut out),
            (Some(s), true) => removals(tier, &[s], &mut out),
            (Some(s), false) => {
                let (me, o) = (s.index(), s.opponent().index());
                let mut placed = tier;
                placed.in_hand[me] -= 1;
                placed.on_board[me] += 1;
                out.push(placed);
                if placed.on_board[me] >= 3 && placed.on_board[o] > 0 {
                    out.push(Tier { pending: true, ..placed });
                }
            }
        }
        for t in &mut out {
            *t = t.folded();
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Movement tiers without a pending removal: slides and flights that
    /// close no mill stay inside them.
    fn has_internal_plies(&self, tier: Tier) -> bool {
        tier.is_movement() && !tier.pending
    }

    /// The un-moves of a movement-phase position without a pending
    /// removal; positions of other tiers have none (no ply stays inside
    /// their tiers).
    ///
    /// The rule inverts the plies exactly as the position plays them
    /// (seed 001: a piece arriving on a point where it completes a line of
    /// three closes a mill, and the mover then removes): the previous mover
    /// is the opponent `o` of the side to move. It slid a piece from an
    /// empty point `p` to a point `q` it now holds, `p` adjacent to `q`,
    /// or flew it from any empty `p` when it has exactly three pieces and
    /// the rules allow flying. If `o`'s pieces hold a whole mill through
    /// `q`, that ply closed a mill and left a removal pending (another
    /// tier), so `q` has no un-moves. Each parent has `o` to move and no
    /// removal pending. One parent per (`q`, `p`): no duplicates, no
    /// allocation beyond `out`'s growth.
    fn predecessors(&self, pos: &Position, out: &mut Vec<Position>) {
        unmove::unmoves(pos, out);
    }

    /// From the pair index: the group's order divided by the number of
    /// elements that fix both colours' point sets.
    fn orbit_len(&self, pos: &Position) -> u64 {
        let (w, b) = (pos.piece_bits(Colour::White), pos.piece_bits(Colour::Black));
        self.pair_index(w.count_ones() as u8, b.count_ones() as u8).orbit_len(w, b)
    }

    /// In the movement phase (both hands empty), `pos` with the colours
    /// exchanged: the other side to move, the same removal pending and
    /// no-progress count. The movement rules (sliding, flying at three,
    /// mills, removals, the ends of the game) treat both colours alike, so
    /// its value for its side to move is `pos`'s. `None` while placing
    /// (the hands' alternation is White's first: the exchanged hands are
    /// not a position of the game).
    /// In the movement phase, where White has fewer pieces on the board
    /// than Black, or as many with Black to move (the index module's
    /// folding).
    fn stored_as_twin(&self, pos: &Position) -> bool {
        let (w, b) = (pos.on_board(Colour::White), pos.on_board(Colour::Black));
        pos.is_movement() && (w < b || (w == b && pos.side_to_move() == Colour::Black))
    }

    /// For a movement tier where White has fewer pieces on the board than
    /// Black (`w3b5`), its [folded](Tier::folded) tier (`w5b3`).
    fn stored_in(&self, name: &str) -> Option<Tier> {
        let tier: Tier = name.parse().ok()?;
        let folded = tier.folded();
        (folded != tier && self.contains(folded)).then_some(folded)
    }

    /// The orbit's positions, twice in the movement phase (the colour
    /// twin's orbit has as many).
    fn positions_at(&self, pos: &Position) -> u64 {
        self.orbit_len(pos) * if pos.is_movement() { 2 } else { 1 }
    }

    fn colour_twin(&self, pos: &Position) -> Option<Position> {
        if !pos.is_movement() {
            return None;
        }
        let pieces =
            [pos.piece_bits(Colour::Black), pos.piece_bits(Colour::White)].map(|p| Bitboard(u64::from(p)));
        let side = pos.side_to_move().opponent();
        Position::from_parts(self.rules, pieces, [0, 0], side, pos.pending_removal(), pos.no_progress_count())
            .ok()
    }
}
