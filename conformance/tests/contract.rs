//! The game contract is enforced: a position with no legal moves must have
//! an outcome (`lapilli_game::Game`). `Stuck` breaks it: state 0 has one
//! ply, to state 1, which has no legal moves and no outcome.
//!
//! In debug builds the engine, minimax, the solver and perft stop at such a
//! position with a `debug_assert!` saying "Game contract broken" (`.ci/run`
//! runs this file in a debug build); in release builds they fall back as
//! documented: the engine, minimax and the solver score it as a draw and
//! perft counts no leaves below it.

use lapilli_game::{Game, History, Indexed, Outcome};

/// A two-state game that breaks the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stuck(u8);

impl Game for Stuck {
    type Move = u8;
    type Side = bool;
    type Moves = Vec<u8>;
    fn side_to_move(&self) -> bool {
        self.0 == 1
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.0 == 0 {
            moves.push(1);
        }
    }
    fn play_unchecked(&mut self, m: u8) {
        self.0 = m;
    }
    fn zobrist(&self) -> u64 {
        lapilli_board_graph::zobrist::splitmix64(u64::from(self.0))
    }
    fn is_irreversible(&self, _: u8) -> bool {
        true
    }
}

impl Indexed for Stuck {
    fn index_bound(&self) -> usize {
        2
    }
    fn index(&self) -> usize {
        usize::from(self.0)
    }
}

fn eval(_: &Stuck) -> i32 {
    5
}

fn engine_score(pos: &Stuck) -> i32 {
    let mut engine = lapilli_search::Engine::new();
    engine.search(pos, &History::default(), &lapilli_search::Limits::depth(3), &eval).score
}

#[cfg(debug_assertions)]
mod debug {
    use super::*;

    #[test]
    #[should_panic(expected = "Game contract broken")]
    fn the_engine_refuses_a_position_without_moves_or_outcome() {
        engine_score(&Stuck(0));
    }

    #[test]
    #[should_panic(expected = "Game contract broken")]
    fn minimax_refuses_a_position_without_moves_or_outcome() {
        lapilli_search::minimax(&Stuck(0), 3, &eval);
    }

    #[test]
    #[should_panic(expected = "Game contract broken")]
    fn the_solver_refuses_a_position_without_moves_or_outcome() {
        lapilli_tablebase::solve(&Stuck(0));
    }

    #[test]
    #[should_panic(expected = "Game contract broken")]
    fn perft_refuses_a_position_without_moves_or_outcome() {
        lapilli_game::perft(&Stuck(0), 2);
    }
}

#[cfg(not(debug_assertions))]
mod release {
    use super::*;
    use lapilli_game::Value;

    #[test]
    fn the_engine_scores_it_as_a_draw() {
        // Without the fallback the leaf evaluation (5, negated) would show.
        assert_eq!(engine_score(&Stuck(1)), 0);
        assert_eq!(engine_score(&Stuck(0)), 0);
    }

    #[test]
    fn minimax_scores_it_as_a_draw() {
        assert_eq!(lapilli_search::minimax(&Stuck(1), 3, &eval).score, 0);
        assert_eq!(lapilli_search::minimax(&Stuck(0), 3, &eval).score, 0);
    }

    #[test]
    fn the_solver_says_draw() {
        let tb = lapilli_tablebase::solve(&Stuck(0));
        assert_eq!(tb.len(), 2);
        assert_eq!(tb.probe(&Stuck(0)), Some(Value::Draw));
        assert_eq!(tb.probe(&Stuck(1)), Some(Value::Draw));
    }

    #[test]
    fn perft_counts_no_leaves_below_it() {
        assert_eq!(lapilli_game::perft(&Stuck(1), 1), 0);
        assert_eq!(lapilli_game::perft(&Stuck(0), 1), 1);
        assert_eq!(lapilli_game::perft(&Stuck(0), 2), 0);
        assert_eq!(lapilli_game::perft(&Stuck(0), 3), 0);
    }
}
