//! A static evaluation for the search.
//!
//! Most games of Nine Men's Morris between engines are decided by blockade
//! (a side to slide without a legal slide loses, seed 001), and the
//! blockade is built while the pieces are still being placed. So the
//! evaluation counts each side's room to slide in every phase but flying,
//! not only once the side slides. Every weight was accepted by a match
//! (`lapilli match` with an SPRT against the previous weights), except
//! [`Weights::deepening_step`], which is a search setting used only at
//! full width (its SPRT in play was rejected); the changes and their
//! results are listed in `docs/design.md`.

use crate::position::{Phase, Position};
use lapilli_board_graph::bits::bits;
use lapilli_board_graph::Colour;
use lapilli_game::{Evaluate, Value};

/// Weights of [`Heuristic`], in evaluation units (a piece is 100; the
/// deepening step and the aspiration window's search settings aside). Each
/// multiplies one of the [`Features`] of a side; "placing" weights apply
/// while the side has pieces in hand, "sliding" ones once it slides, and
/// none of the room-to-slide weights apply to a flying side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per piece (board plus hand).
    pub material: i32,
    /// Per closed mill (three own pieces on a line).
    pub mill: i32,
    /// Per open mill (two own pieces and an empty point on a line) while
    /// the side is placing or flying, when a third piece can arrive from
    /// anywhere.
    pub open_mill_placing: i32,
    /// Per open mill while sliding.
    pub open_mill_sliding: i32,
    /// Per (own piece, empty neighbour) pair while placing: the slides the
    /// side would have if placing ended now.
    pub mobility_placing: i32,
    /// Per legal slide while sliding.
    pub mobility_sliding: i32,
    /// Per own piece without an empty neighbour while placing (negative).
    pub blocked_placing: i32,
    /// Per own piece that cannot slide while sliding (negative).
    pub blocked_sliding: i32,
    /// Per empty point next to an own piece while placing.
    pub liberty_placing: i32,
    /// Per empty point into which a slide of the side closes a mill, while
    /// sliding.
    pub mill_threat: i32,
    /// Per slide of a piece out of a closed mill that closes another mill
    /// (a "running mill": the piece can shuttle and close a mill every
    /// other move), while sliding.
    pub running_mill: i32,
    /// For a pending removal (the side to move is about to take a piece).
    pub pending: i32,
    /// For the side to move when it can close a mill with its next
    /// placement, slide or flight (an open mill while placing or flying, a
    /// mill threat while sliding) and no removal is pending: a leaf of the
    /// search where the mover takes a piece next ply is worth more than
    /// one where the opponent does.
    pub tempo_mill: i32,
    /// Per ply to go: the margin of reverse futility pruning
    /// ([`Evaluate::futility_margin`]); 0 for none.
    pub futility: i32,
    /// The settled score ([`Evaluate::settled`]) of an ending of three
    /// against three, both flying, just entered (by the removal or the
    /// placement just played: the no-progress clock at 0, no removal
    /// pending) where the side to move cannot close a mill at once; 0 for
    /// no such rule. The score of a certain win, scaled by the share of
    /// such positions the side to move wins minus the share it loses, in
    /// the <= 5-against-5 Nine Men's Morris tables
    /// (`examples/three_against_three.rs`): it wins 100.0% of the
    /// 1,019,452 positions where neither side has an open mill nor the
    /// opponent a closed one (it flies a piece to threaten two mills,
    /// however long that takes: up to 27 plies), so the full score; 24.5%
    /// and loses 75.1% of the 604,500 where the opponent can close a mill
    /// (-50.6%).
    ///
    /// Where the opponent stands in a closed mill, as after the removal
    /// that enters the ending, the side to move wins 76.2% and loses 13.6%
    /// of the 11,872 positions: all 9,048 it wins by a chain of up to 12
    /// threats ([`crate::threats::forced_mill`]), 8,640 in up to 3, which
    /// [`Evaluate::probe`] finds first, and 408 in 11 or 12, which
    /// [`crate::long_chains`] lists (26 orbits): the full score for those;
    /// none of the other 2,824 (57.2% lost, 42.8% drawn): -57.2% of it,
    /// the same for either side.
    ///
    /// Against the perfect player from the seeded starts of seed 2024
    /// (`docs/design.md`): without the rule the engine took the fourth
    /// piece of a side while it had three itself and lost 3 of 134 drawn
    /// starts so; scoring every removal into the ending as -62.6% for the
    /// side the search plays for (v10, before the long chains were known)
    /// lost none but no longer made the removals that win (7 of 133 won
    /// starts not won); v11, with the long chains, both.
    pub three_against_three: i32,
    /// The half-width of the root's aspiration window
    /// ([`Evaluate::aspiration_window`]); 0 for the full window. 50, half
    /// a piece: accepted by SPRT against the full window (v9,
    /// `docs/design.md`).
    pub aspiration: i32,
    /// In plies: the step of iterative deepening
    /// ([`Evaluate::deepening_step`]); 1 for every depth. 2: the bonuses
    /// for the side to move ([`Weights::pending`], [`Weights::tempo_mill`])
    /// make the scores of one iteration swing against the next, and an
    /// iteration orders the one two plies deeper better. Used at full
    /// width only (`Options::default`, `analyze --full-width`): the
    /// folded morris searches of the peers benchmark to depths 4 to 7 take
    /// 9% to 50% fewer instructions (2026-12-06, `benches/README.md`). The
    /// program's own search (`Options::playing`, with reductions) deepens a
    /// ply at a time: with this step its searches to a depth were mostly
    /// smaller (the middle game to depth 18 447 k nodes instead of 855 k)
    /// but some grew (the late placement to depth 17 1.29 M instead of
    /// 484 k), and it lost its SPRT for no loss in play (seed 56, -39 Elo,
    /// `docs/design.md`).
    pub deepening_step: u32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            material: 100,
            mill: 20,
            open_mill_placing: 30,
            open_mill_sliding: 12,
            mobility_placing: 20,
            mobility_sliding: 12,
            blocked_placing: -20,
            blocked_sliding: -15,
            liberty_placing: 5,
            mill_threat: 15,
            running_mill: 25,
            pending: 90,
            tempo_mill: 60,
            futility: 60,
            aspiration: 50,
            three_against_three: 500,
            deepening_step: 2,
        }
    }
}

/// The counts the evaluation weighs for one side, in its current phase.
/// The room-to-slide counts are 0 for a flying side, and the sliding
/// threats are 0 for a side that does not slide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// The side's phase.
    pub phase: Phase,
    /// Pieces on the board plus pieces in hand.
    pub material: i32,
    /// Closed mills.
    pub mills: i32,
    /// Open mills: lines with two own pieces and an empty point.
    pub open_mills: i32,
    /// (Own piece, empty neighbour) pairs: the side's legal slides when it
    /// slides.
    pub mobility: i32,
    /// Own pieces without an empty neighbour.
    pub blocked: i32,
    /// Empty points next to an own piece.
    pub liberties: i32,
    /// Empty points into which a slide of the side closes a mill.
    pub mill_threats: i32,
    /// Slides that close a mill with a piece that stands in a closed mill.
    pub running_mills: i32,
}

impl Features {
    /// Whether the side can close a mill with its next ply: an open mill
    /// while placing or flying, a mill threat while sliding.
    pub fn can_close_mill(&self) -> bool {
        match self.phase {
            Phase::Sliding => self.mill_threats > 0,
            Phase::Placing | Phase::Flying => self.open_mills > 0,
        }
    }
}

/// A phase-aware static evaluation for the side to move: material (board
/// plus hand), closed and open mills, room to slide (mobility, blocked
/// pieces and liberties, counted while placing as well as sliding), mill
/// threats and running mills while sliding, and a bonus for a pending
/// removal or, without one, for a mill the side to move can close with
/// its next ply. Mobility and blocked pieces decide most games, because a
/// blocked side loses (seed 001); open mills matter most while placing.
///
/// ```
/// use lapilli_morris::{eval::Heuristic, Position};
/// use lapilli_game::Evaluate;
/// // The start is symmetric between the sides.
/// assert_eq!(Heuristic::default().evaluate(&Position::default()), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Heuristic {
    /// The weights.
    pub weights: Weights,
    /// The most threats in a row the continuous-threat search
    /// ([`crate::threats::forced_mill`]) follows when the engine asks for
    /// a proven value ([`Evaluate::probe`]) where a mill ends the game; 0
    /// (the default) never searches. The program plays with
    /// [`Heuristic::PLAYING_THREATS`].
    pub threats: u32,
}

impl Heuristic {
    /// The threats the program's engine follows ([`Heuristic::threats`]):
    /// wins of up to 8 plies at every node where a mill ends the game.
    /// Chosen against the perfect player from 3-against-3 starts at 100 ms
    /// a move (`docs/design.md`, "Three against three, both flying"): 3
    /// threats converted 119 of 120 won starts and lost 14 of 120 drawn
    /// ones (without: 84 and 28); 4 lost more drawn starts, 6 more again
    /// (the search reaches fewer plies).
    pub const PLAYING_THREATS: u32 = 3;

    /// The default weights with the continuous-threat search on, as the
    /// program plays.
    pub fn playing() -> Heuristic {
        Heuristic { threats: Heuristic::PLAYING_THREATS, ..Heuristic::default() }
    }

    /// The counts of `colour`'s features in `pos`.
    ///
    /// ```
    /// use lapilli_morris::{eval::Heuristic, Colour, Phase, Position};
    /// // White: d7 g7 (an open mill with a7 empty) and a1; Black: f2 b2.
    /// let pos: Position = ".WW...W./....B.B./........ b 6 7 -".parse().unwrap();
    /// let f = Heuristic::features(&pos, Colour::White);
    /// assert_eq!((f.phase, f.material, f.open_mills), (Phase::Placing, 9, 1));
    /// ```
    pub fn features(pos: &Position, colour: Colour) -> Features {
        let t = pos.tables();
        let own = pos.piece_bits(colour);
        let opp = pos.piece_bits(colour.opponent());
        let empty = t.all & !(own | opp);
        let phase = pos.phase(colour);
        let mut f = Features {
            phase,
            material: (own.count_ones() + u32::from(pos.in_hand(colour))) as i32,
            mills: 0,
            open_mills: 0,
            mobility: 0,
            blocked: 0,
            liberties: 0,
            mill_threats: 0,
            running_mills: 0,
        };
        let lines = t.shifts.lines(own, empty);
        f.mills = lines.mills as i32;
        f.open_mills = lines.open_mills as i32;
        if phase == Phase::Flying {
            return f;
        }
        let room = t.shifts.room(own, empty);
        f.mobility = room.mobility as i32;
        f.blocked = room.blocked as i32;
        f.liberties = room.liberties as i32;
        if phase == Phase::Sliding {
            // Slides into q close a mill when a line through q holds two
            // own pieces and the slider comes from off that line: only
            // the liberties that complete a line are looked at.
            let targets = room.free & t.completions(own);
            if targets != 0 {
                let in_mills = t.in_mills(own);
                for q in bits(targets) {
                    let movers = t.mill_sliders(own, q);
                    if movers != 0 {
                        f.mill_threats += 1;
                        f.running_mills += (movers & in_mills).count_ones() as i32;
                    }
                }
            }
        }
        f
    }

    /// The score of `colour`'s features alone (the evaluation is the side
    /// to move's minus the opponent's, plus the bonus of
    /// [`Weights::pending`] or [`Weights::tempo_mill`]).
    pub fn side_score(&self, pos: &Position, colour: Colour) -> i32 {
        self.score_of(&Heuristic::features(pos, colour))
    }

    /// Both sides' features (the side to move's first) when `pos` is an
    /// ending of three against three, both flying, just entered: by the
    /// removal or the placement just played (the no-progress clock at 0),
    /// no removal pending. The check that most positions fail comes first:
    /// the engine asks at every node.
    fn three_against_three_entered(pos: &Position) -> Option<(Features, Features)> {
        if pos.no_progress_count() != 0 || pos.pending_removal() {
            return None;
        }
        let me = pos.side_to_move();
        if pos.phase(me) != Phase::Flying || pos.phase(me.opponent()) != Phase::Flying {
            return None;
        }
        Some((Heuristic::features(pos, me), Heuristic::features(pos, me.opponent())))
    }

    /// The score of one side's features.
    fn score_of(&self, f: &Features) -> i32 {
        let w = &self.weights;
        let base = w.material * f.material + w.mill * f.mills;
        match f.phase {
            Phase::Placing => {
                base + w.open_mill_placing * f.open_mills
                    + w.mobility_placing * f.mobility
                    + w.blocked_placing * f.blocked
                    + w.liberty_placing * f.liberties
            }
            Phase::Sliding => {
                base + w.open_mill_sliding * f.open_mills
                    + w.mobility_sliding * f.mobility
                    + w.blocked_sliding * f.blocked
                    + w.mill_threat * f.mill_threats
                    + w.running_mill * f.running_mills
            }
            Phase::Flying => base + w.open_mill_placing * f.open_mills,
        }
    }
}

impl Evaluate<Position> for Heuristic {
    fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.side_to_move();
        let mine = Heuristic::features(pos, me);
        let bonus = if pos.pending_removal() {
            self.weights.pending
        } else if mine.can_close_mill() {
            self.weights.tempo_mill
        } else {
            0
        };
        self.score_of(&mine) - self.side_score(pos, me.opponent()) + bonus
    }

    fn futility_margin(&self) -> Option<i32> {
        (self.weights.futility > 0).then_some(self.weights.futility)
    }

    fn aspiration_window(&self) -> Option<i32> {
        (self.weights.aspiration > 0).then_some(self.weights.aspiration)
    }

    fn deepening_step(&self) -> u32 {
        self.weights.deepening_step
    }

    /// [`Weights::three_against_three`] at an ending of three against
    /// three, both flying, just entered, unless the side to move can close
    /// a mill (the search, or [`Evaluate::probe`], then finds the win);
    /// the same for either side the search plays for.
    fn settled(&self, pos: &Position) -> Option<i32> {
        let w = self.weights.three_against_three;
        if w == 0 {
            return None;
        }
        let (mine, theirs) = Heuristic::three_against_three_entered(pos)?;
        if mine.open_mills > 0 {
            return None;
        }
        // Per mille of the score: the share won minus the share lost.
        let share = if theirs.open_mills > 0 {
            -506
        } else if theirs.mills > 0 {
            // Entered by a removal.
            if crate::long_chains::wins_by_long_chain(pos) {
                1000
            } else {
                -572
            }
        } else {
            1000
        };
        Some(w * share / 1000)
    }

    /// A win the continuous-threat search proves, when
    /// [`Heuristic::threats`] is above 0.
    fn probe(&self, pos: &Position) -> Option<Value> {
        if self.threats == 0 {
            return None;
        }
        crate::threats::forced_mill(pos, self.threats).map(Value::Win)
    }
}
