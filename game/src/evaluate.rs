//! The static evaluation a search scores its leaves with, and the hints
//! it gives the engine (a tablebase probe, settled scores, the futility
//! margin, the aspiration window, the deepening step).

/// A static evaluation: a score for the side to move, in the units of the
/// game's heuristic, strictly inside `±MAX_EVAL`
/// ([`crate::score::MAX_EVAL`]); search clamps anything outside.
///
/// The score must depend only on what [`Game::position_key`](crate::Game::position_key) covers (the
/// pieces, the side to move, what decides the legal plies): not on
/// counters such as the no-progress clock, nor on state of the evaluator
/// that changes between calls. The engine caches evaluations by that key
/// (`lapilli_search::Options::with_eval_cache`), as its table already
/// caches search scores by [`Game::zobrist`](crate::Game::zobrist).
pub trait Evaluate<G> {
    /// The score of `pos` for its side to move.
    fn evaluate(&self, pos: &G) -> i32;

    /// The exact value of `pos` when known without search (a tablebase hit,
    /// `lapilli_tablebase::Probing`): the engine then scores the position
    /// by it (a win in `d` plies at ply `p` scores `WIN - p - d`) instead of
    /// searching below it. `None` (the default): search as usual.
    fn probe(&self, _pos: &G) -> Option<crate::score::Value> {
        None
    }

    /// A heuristic score of `pos` for its side to move that the engine
    /// takes as final below the root: it scores the position by it (a leaf
    /// or not) and searches nothing below it, as for [`Evaluate::probe`]
    /// (asked first), but the score is knowledge, not a proven value (the
    /// search result is marked as cut by the depth limit). For what a
    /// search of the engine's depth sees worse than a rule learned from
    /// solved positions (the morris heuristic: an ending of three against
    /// three, both flying, just entered). The score must be the rule's
    /// value for either side: a rule pessimistic for the side the search
    /// plays for (where the opponent chooses to enter a family of positions
    /// won on average, a perfect opponent enters only the ones it wins)
    /// was tried and replaced by knowing which ones those are
    /// (`docs/design.md`, the morris long chains).
    ///
    /// Unlike [`Evaluate::evaluate`], the answer may depend on how the
    /// position was entered (its counters, such as the no-progress clock):
    /// the engine asks it again at every node and does not cache it. It
    /// must give one answer for the positions of one key that a search from
    /// one root can reach. `None` (the default): evaluate and search as
    /// usual.
    fn settled(&self, _pos: &G) -> Option<i32> {
        None
    }

    /// The margin of reverse futility pruning, in evaluation units per ply
    /// to go, when this evaluation has one: how far the score of a quiet
    /// position can move in one ply, so that a position whose static
    /// evaluation exceeds beta by `margin * depth` at a shallow depth is
    /// taken as a cutoff without a search (`lapilli_search::Options`'s
    /// `with_futility_pruning`). `None` (the default): no such pruning.
    fn futility_margin(&self) -> Option<i32> {
        None
    }

    /// The half-width of the aspiration window at the root, in evaluation
    /// units, when this evaluation has one: how far the score usually moves
    /// from one iteration of iterative deepening to the next, so that the
    /// next one can search a window that wide around the last score and
    /// search again wider only when the score falls outside it
    /// (`lapilli_search::Options`'s `with_evaluation_aspiration`). `None`
    /// (the default): the full window.
    fn aspiration_window(&self) -> Option<i32> {
        None
    }

    /// The plies between two iterations of iterative deepening (0 is taken
    /// as 1): the engine searches the depths `max, max - step, max - 2 × step`
    /// and so on down to the first (`lapilli_search::Options`'s
    /// `with_deepening_step` can override it). An evaluation whose scores
    /// swing with the side to move at the leaves (a bonus for the side to
    /// move, such as the morris heuristic's for a pending removal or a
    /// mill it can close) gives an iteration a move order that suits the
    /// iteration two plies deeper better than the next one: with a step of
    /// 2 the engine skips the iterations of the other parity. 1 (the
    /// default): every depth.
    fn deepening_step(&self) -> u32 {
        1
    }
}

impl<G, F: Fn(&G) -> i32> Evaluate<G> for F {
    fn evaluate(&self, pos: &G) -> i32 {
        self(pos)
    }
}
