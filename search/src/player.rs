//! The engine's player.

use crate::engine::{Analysis, Engine, Limits, Options, StopHandle};
use crate::tt::TableError;
use lapilli_game::{Evaluate, Game, History, Player};
use std::fmt;

/// Plays the best ply of a search under a static evaluation: the
/// [`Engine`] with the given [`Options`] and [`Limits`] (one thread: the
/// player searches with [`Engine::search_single`], so its games are
/// reproducible from a seed).
///
/// Given the game history ([`Player::choose_in_game`]) it sees repetitions
/// as draws, as the game record adjudicates them.
pub struct SearchPlayer<G: Game, E> {
    engine: Engine<G>,
    limits: Limits,
    eval: E,
}

impl<G: Game, E: Evaluate<G>> SearchPlayer<G, E> {
    /// A player searching `depth` plies (at least 1) with `eval` at the
    /// leaves, with a 1 MiB transposition table.
    pub fn new(depth: u32, eval: E) -> SearchPlayer<G, E> {
        SearchPlayer {
            engine: Engine::with_options(Options::default().with_table_bytes(1 << 20)),
            limits: Limits::depth(depth.max(1)),
            eval,
        }
    }

    /// A player searching with the engine `options` within `limits`.
    ///
    /// ```
    /// use lapilli_game::{doc_game::Nim, Player};
    /// use lapilli_search::{Limits, Options, SearchPlayer};
    /// let options = Options::default().with_table_bytes(1 << 16).with_late_move_reductions(true);
    /// let mut p = SearchPlayer::with(options, Limits::depth(8), |_: &Nim| 0).unwrap();
    /// // From 7 stones the winning ply takes 1, leaving a multiple of 3.
    /// assert_eq!(p.choose(&Nim::new(7)), Some(1));
    /// assert_eq!(p.name(), "alpha-beta to 8 plies");
    /// ```
    ///
    /// # Errors
    /// [`TableError`] when the transposition table cannot be allocated.
    pub fn with(options: Options, limits: Limits, eval: E) -> Result<SearchPlayer<G, E>, TableError> {
        Ok(SearchPlayer { engine: Engine::try_with_options(options)?, limits, eval })
    }

    /// The limits each choice searches within.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The handle that stops this player's searches from another thread
    /// ([`Engine::stop_handle`]): a choice stopped so returns the deepest
    /// iteration it completed.
    pub fn stop_handle(&self) -> StopHandle {
        self.engine.stop_handle()
    }

    /// The whole search behind a choice in `pos` after `history`: the best
    /// ply with its score, principal variation, depth and statistics.
    pub fn analyse(&mut self, pos: &G, history: &History) -> Analysis<G::Move> {
        self.engine.search_single(pos, history, &self.limits, &self.eval)
    }
}

impl<G: Game, E: Evaluate<G>> Player<G> for SearchPlayer<G, E> {
    fn name(&self) -> String {
        format!("alpha-beta to {} plies", self.limits.depth)
    }
    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        self.choose_in_game(pos, &History::default())
    }

    /// Searches with the game history, so repetitions count as draws.
    fn choose_in_game(&mut self, pos: &G, history: &History) -> Option<G::Move> {
        self.analyse(pos, history).best_move
    }
}

impl<G: Game, E> fmt::Debug for SearchPlayer<G, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchPlayer").field("limits", &self.limits).finish_non_exhaustive()
    }
}
