//! Keying the transposition table by canonical forms.

use crate::game::{Canonicalize, Game, Outcome};

/// A position whose [`Game::zobrist`] key is the key of its canonical form
/// ([`Canonicalize`]), so that the engine's transposition table treats
/// symmetric positions as one (a symmetry-reduced table).
///
/// Everything else is delegated to the wrapped position but
/// [`Game::zobrist_after`], which keeps its default (`None`): the wrapped
/// position's key after a ply is not the key of its canonical form, so the
/// engine's enhanced transposition cutoffs stay off. A stored best move
/// is then only an ordering hint: it may be the index of a move of a
/// symmetric twin (the engine checks it is in range and legal there). The
/// engine never follows table moves to build a principal variation: the
/// variation it reports is the one the search itself collected, so it is
/// legal and principal under keying too. Canonicalising costs one pass over the group at every node,
/// so this pays only when transpositions through symmetry are frequent.
///
/// ```
/// use lapilli_game::{doc_game::Nim, Canonicalize, Game, SymmetryKeyed};
/// let pos = SymmetryKeyed::new(Nim::new(5));
/// // Keyed by the canonical form; the rules are the wrapped position's.
/// assert_eq!(pos.zobrist(), Nim::new(5).canonicalize().zobrist());
/// // Its own key, for what must not merge twins (the evaluation cache).
/// assert_eq!(pos.position_key(), Nim::new(5).zobrist());
/// assert_eq!(pos.outcome(), None);
/// // The engine takes it as any game (`lapilli_search::Engine::search`).
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetryKeyed<G> {
    /// The wrapped position.
    pub position: G,
}

impl<G> SymmetryKeyed<G> {
    /// Wraps `position`, keying it by its canonical form.
    pub fn new(position: G) -> SymmetryKeyed<G> {
        SymmetryKeyed { position }
    }
}

impl<G: Canonicalize> Game for SymmetryKeyed<G> {
    type Move = G::Move;
    type Side = G::Side;
    type Moves = G::Moves;
    fn side_to_move(&self) -> G::Side {
        self.position.side_to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }
    fn legal_moves(&self, moves: &mut G::Moves) {
        self.position.legal_moves(moves)
    }
    fn play_unchecked(&mut self, m: G::Move) {
        self.position.play_unchecked(m)
    }
    fn zobrist(&self) -> u64 {
        self.position.canonicalize().zobrist()
    }
    /// The wrapped position's own key (not its canonical form's).
    fn position_key(&self) -> u64 {
        self.position.position_key()
    }
    fn is_irreversible(&self, m: G::Move) -> bool {
        self.position.is_irreversible(m)
    }
    fn no_progress_limit(&self) -> Option<u32> {
        self.position.no_progress_limit()
    }
    fn draw_rules_apply(&self) -> bool {
        self.position.draw_rules_apply()
    }
    fn move_order_hint(&self, m: G::Move) -> i32 {
        self.position.move_order_hint(m)
    }
    fn move_order_hints(&self, moves: &[G::Move], hints: &mut Vec<i32>) {
        self.position.move_order_hints(moves, hints)
    }
}
