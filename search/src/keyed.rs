//! Keying the transposition table by canonical forms.

use crate::game::{Game, Outcome};
use lapilli_symmetry::{Group, Symmetric};

/// A position whose [`Game::hash`] is the hash of its canonical form under
/// a symmetry group, so that the engine's transposition table treats
/// symmetric positions as one (a symmetry-reduced table).
///
/// Everything else is delegated to the wrapped position. The group must
/// consist of symmetries of the rules (as for [`crate::solve`]). A stored
/// best move is then only an ordering hint: it may be the index of a move
/// of a symmetric twin (the engine checks it is in range and otherwise
/// ignores it). Canonicalising costs one pass over the group at every
/// node, so this pays only when transpositions through symmetry are
/// frequent.
///
/// ```
/// use lapilli_search::{Engine, Limits, SymmetryKeyed, doc_game::Nim};
/// use lapilli_symmetry::{Group, Permutation};
/// let trivial = Group::from_elements(vec![Permutation::identity(1)]).unwrap();
/// let pos = SymmetryKeyed::new(Nim::new(5), &trivial);
/// let a = Engine::new().search(&pos, &[], &Limits::depth(8), &|p: &SymmetryKeyed<'_, Nim>| 0);
/// assert_eq!(a.score, lapilli_search::WIN - 3); // take 2, then win
/// ```
#[derive(Clone, Debug)]
pub struct SymmetryKeyed<'g, G> {
    /// The wrapped position.
    pub position: G,
    group: &'g Group,
}

impl<'g, G> SymmetryKeyed<'g, G> {
    /// Wraps `position`, keying it by its canonical form under `group`.
    pub fn new(position: G, group: &'g Group) -> SymmetryKeyed<'g, G> {
        SymmetryKeyed { position, group }
    }
}

impl<G: Game + Symmetric> Game for SymmetryKeyed<'_, G> {
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
    fn play(&mut self, m: G::Move) {
        self.position.play(m)
    }
    fn hash(&self) -> u64 {
        self.position.canonical(self.group).position.hash()
    }
    fn is_irreversible(&self, m: G::Move) -> bool {
        self.position.is_irreversible(m)
    }
    fn no_progress_limit(&self) -> Option<u32> {
        self.position.no_progress_limit()
    }
    fn move_order_hint(&self, m: G::Move) -> i32 {
        self.position.move_order_hint(m)
    }
}
