//! The `Game` trait: what search needs to know of a game's rules.

use arrayvec::ArrayVec;
use std::fmt::Debug;
use std::hash::Hash;

/// A reusable list that move generation fills.
///
/// Implemented for `Vec<M>` and for `ArrayVec<M, N>`; a game picks the
/// latter with `N` at its maximal branching factor.
pub trait MoveList<M>: Default {
    /// Empties the list, keeping its storage.
    fn clear(&mut self);
    /// Appends a move.
    ///
    /// # Panics
    /// An `ArrayVec` panics when full: the game's `N` was too small.
    fn push(&mut self, m: M);
    /// The moves in generation order.
    fn as_slice(&self) -> &[M];
}

impl<M> MoveList<M> for Vec<M> {
    fn clear(&mut self) {
        Vec::clear(self)
    }
    fn push(&mut self, m: M) {
        Vec::push(self, m)
    }
    fn as_slice(&self) -> &[M] {
        self
    }
}

impl<M, const N: usize> MoveList<M> for ArrayVec<M, N> {
    fn clear(&mut self) {
        ArrayVec::clear(self)
    }
    fn push(&mut self, m: M) {
        ArrayVec::push(self, m)
    }
    fn as_slice(&self) -> &[M] {
        self
    }
}

/// How a finished game ended, seen from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move has won.
    Win,
    /// The side to move has lost (the opponent completed a line, or the side
    /// to move is blocked, ...).
    Loss,
    /// The game is drawn.
    Draw,
}

impl Outcome {
    /// The same outcome seen from the other side.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

/// A game position as search sees it: turn-aware, copy-make.
///
/// Search never assumes that sides alternate: after every ply it asks the
/// child for its side to move and negates the child's score only when the
/// side changed (docs/design.md, "search is turn-aware"). A Morris mill, for
/// instance, gives the same side the next ply (the removal).
///
/// Equality of positions (`Eq`, if implemented) and [`Game::hash`] describe
/// the position for repetition purposes: counters and history are not part
/// of it.
pub trait Game: Clone {
    /// A ply. Small and `Copy`; hashed for the history heuristic.
    type Move: Copy + Eq + Hash + Debug;
    /// Who is to move.
    type Side: Copy + Eq + Debug;
    /// The list type that move generation fills.
    type Moves: MoveList<Self::Move>;

    /// The side to move.
    fn side_to_move(&self) -> Self::Side;

    /// `Some` if the game is over in this position (from the side to move's
    /// view), `None` while it goes on. A side with no legal move is decided
    /// here by the rules (in every game of this workspace it loses).
    fn outcome(&self) -> Option<Outcome>;

    /// Fills `moves` (cleared first) with the legal plies. Empty when the
    /// game is over.
    fn legal_moves(&self, moves: &mut Self::Moves);

    /// Plays a ply that [`Game::legal_moves`] produced. Playing anything else
    /// has no undefined behaviour but may panic or leave a meaningless
    /// position; rules crates offer a checked `play` beside this.
    fn play(&mut self, m: Self::Move);

    /// A 64-bit hash of the position (Zobrist-style in the rules crates):
    /// equal positions hash equally.
    fn hash(&self) -> u64;

    /// Whether playing `m` from this position can never be undone by later
    /// plies (placements, captures): repetition history restarts after it,
    /// and so does the no-progress count.
    fn is_irreversible(&self, m: Self::Move) -> bool;

    /// The no-progress rule: the game is drawn after this many consecutive
    /// reversible plies (no ply for which [`Game::is_irreversible`] holds).
    /// `None` (the default) when the rules have no such limit.
    fn no_progress_limit(&self) -> Option<u32> {
        None
    }

    /// A cheap move-ordering hint: search tries moves with a larger hint
    /// first (after the transposition-table move). Rules crates return a
    /// positive value for forcing plies (captures, removals, mill-closing
    /// moves) and 0 for quiet ones; killer moves and the history heuristic
    /// order only the quiet ones. The default is 0 for every move.
    fn move_order_hint(&self, _m: Self::Move) -> i32 {
        0
    }

    /// [`Game::move_order_hint`] for every move of a list at once, into
    /// `hints` (cleared first), so that a game can share work between the
    /// moves of one position. The default asks move by move.
    fn move_order_hints(&self, moves: &[Self::Move], hints: &mut Vec<i32>) {
        hints.clear();
        hints.extend(moves.iter().map(|&m| self.move_order_hint(m)));
    }
}

/// A static evaluation: a score for the side to move, in the units of the
/// game's heuristic, strictly inside `±MAX_EVAL`
/// ([`crate::score::MAX_EVAL`]); search clamps anything outside.
pub trait Evaluate<G> {
    /// The score of `pos` for its side to move.
    fn evaluate(&self, pos: &G) -> i32;
}

impl<G, F: Fn(&G) -> i32> Evaluate<G> for F {
    fn evaluate(&self, pos: &G) -> i32 {
        self(pos)
    }
}

/// Dense indices of positions, for tablebases: every position of the game
/// gets an index below a common bound, distinct positions distinct indices.
pub trait Indexed {
    /// One more than the largest index of any position of this game
    /// (variant).
    fn index_bound(&self) -> usize;
    /// The position's index, `< index_bound()`.
    fn index(&self) -> usize;
}
