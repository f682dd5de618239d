//! Adapters that let the `minimax` crate (0.6.0) search our games, so that
//! both engines search the same trees in one criterion run.
//!
//! The `minimax` crate's `Game` trait assumes the sides alternate and
//! scores in `i16`; these adapters implement it over our position types
//! with our move generation, hashing and evaluation (clamped into `i16`,
//! which the heuristics here never exceed). Its mate scores are
//! `±i16::MAX` after its `root_value`; [`same_value`] compares a root value
//! of ours with one of theirs on that basis.
#![deny(missing_docs)]

use lapilli_game::{Evaluate, Game, MoveList, Outcome, ScoreKind};
use minimax::{Evaluation, Winner};

pub mod pair;
pub use pair::{Pair, PairError};

/// Their winner for a finished position of ours (outcome for the side to
/// move).
fn winner(outcome: Option<Outcome>) -> Option<Winner> {
    outcome.map(|o| match o {
        Outcome::Loss => Winner::PlayerJustMoved,
        Outcome::Win => Winner::PlayerToMove,
        Outcome::Draw => Winner::Draw,
    })
}

/// Any of our games whose sides alternate strictly, as a `minimax::Game`:
/// our move generation, play, outcome and Zobrist hash.
pub struct Alternating<G>(std::marker::PhantomData<G>);

impl<G: Game> minimax::Game for Alternating<G> {
    type S = G;
    type M = G::Move;

    fn generate_moves(state: &G, moves: &mut Vec<G::Move>) -> Option<Winner> {
        if let Some(w) = Self::get_winner(state) {
            return Some(w);
        }
        let mut list = G::Moves::default();
        state.legal_moves(&mut list);
        moves.extend_from_slice(list.as_slice());
        None
    }

    fn apply(state: &mut G, m: G::Move) -> Option<G> {
        let mut next = state.clone();
        next.play_unchecked(m);
        Some(next)
    }

    fn get_winner(state: &G) -> Option<Winner> {
        winner(state.outcome())
    }

    fn zobrist_hash(state: &G) -> u64 {
        state.zobrist()
    }
}

/// Terni Lapilli as a `minimax::Game` (the sides alternate strictly).
pub type TerniLapilli = Alternating<lapilli_terni_lapilli::Position>;

/// Seed 000's heuristic as a `minimax::Evaluator`, the same numbers our
/// engine uses.
pub struct TerniEval;

impl minimax::Evaluator for TerniEval {
    type G = TerniLapilli;
    fn evaluate(&self, s: &lapilli_terni_lapilli::Position) -> Evaluation {
        to_i16(lapilli_terni_lapilli::eval::Heuristic.evaluate(s))
    }
}

/// An evaluation clamped into `minimax`'s `i16`, away from its mate range.
pub fn to_i16(v: i32) -> Evaluation {
    v.clamp(-30_000, 30_000) as Evaluation
}

/// Whether a root score of ours and a root value of theirs say the same:
/// both a win, both a loss, or the same heuristic value.
pub fn same_value(ours: i32, theirs: Evaluation) -> bool {
    match ScoreKind::of(ours) {
        ScoreKind::WinIn(_) => theirs == minimax::BEST_EVAL,
        ScoreKind::LossIn(_) => theirs == minimax::WORST_EVAL,
        ScoreKind::Heuristic(v) => i32::from(theirs) == v,
    }
}

/// Petteia as a `minimax::Game` (the sides alternate strictly).
pub type Petteia = Alternating<lapilli_petteia::Position>;

/// Our Petteia heuristic, clamped into `i16`, for both engines.
pub fn petteia_eval(s: &lapilli_petteia::Position) -> i32 {
    i32::from(to_i16(lapilli_petteia::eval::Heuristic::default().evaluate(s)))
}

/// [`petteia_eval`] as a `minimax::Evaluator`.
pub struct PetteiaEval;

impl minimax::Evaluator for PetteiaEval {
    type G = Petteia;
    fn evaluate(&self, s: &lapilli_petteia::Position) -> Evaluation {
        petteia_eval(s) as Evaluation
    }
}

/// A Nine Men's Morris ply with its removal folded in: the sides then
/// alternate strictly, as the `minimax` crate's trait assumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FoldedMove {
    /// The placement, slide or flight.
    pub ply: lapilli_morris::Move,
    /// The removal it earns by closing a mill, if any.
    pub removal: Option<lapilli_morris::Move>,
}

/// The benchmark's flying endgame, as position text: White's three
/// pieces fly, against Black's five (the flying row of
/// `benches/time-to-depth.sh`; not lost or won within 8 plies).
pub const FLYING: &str = "W...B.B./..W.B.../W..B.B.. w 0 0 -";

/// A morris position seen through folded moves: never with a removal
/// pending at a node. Both engines search this same tree (ours through the
/// [`Game`] impl below), with no repetition or no-progress draws (the
/// `minimax` crate has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoldedMorris(pub lapilli_morris::Position);

/// Folded plies: at most 63 plies, each closing a mill with at most 12
/// removals, bounded by the flying case (3 pieces x 21 targets with a
/// removal each of at most 9 pieces); 640 is ample.
type FoldedMoves = arrayvec::ArrayVec<FoldedMove, 640>;

impl FoldedMorris {
    #[inline]
    fn generate(&self, mut push: impl FnMut(FoldedMove)) {
        for ply in self.0.legal_moves() {
            let mut after = self.0;
            after.play_unchecked(ply);
            if after.pending_removal() {
                for removal in after.legal_moves() {
                    push(FoldedMove { ply, removal: Some(removal) });
                }
            } else {
                push(FoldedMove { ply, removal: None });
            }
        }
    }

    #[inline]
    fn apply(&mut self, m: FoldedMove) {
        self.0.play_unchecked(m.ply);
        if let Some(r) = m.removal {
            self.0.play_unchecked(r);
        }
    }
}

impl Game for FoldedMorris {
    type Move = FoldedMove;
    type Side = lapilli_morris::Colour;
    type Moves = FoldedMoves;

    #[inline]
    fn side_to_move(&self) -> Self::Side {
        self.0.side_to_move()
    }
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    /// Empty when the game is over, as the position's own plies are.
    #[inline]
    fn legal_moves(&self, moves: &mut FoldedMoves) {
        MoveList::clear(moves);
        self.generate(|m| moves.push(m));
    }
    #[inline]
    fn play_unchecked(&mut self, m: FoldedMove) {
        self.apply(m);
    }
    #[inline]
    fn zobrist(&self) -> u64 {
        self.0.zobrist()
    }
    /// The key after the whole turn ([`Position::zobrist_after_turn`]).
    ///
    /// [`Position::zobrist_after_turn`]: lapilli_morris::Position::zobrist_after_turn
    #[inline]
    fn zobrist_after(&self, m: FoldedMove) -> Option<u64> {
        Some(self.0.zobrist_after_turn(m.ply, m.removal))
    }
    #[inline]
    fn is_irreversible(&self, m: FoldedMove) -> bool {
        self.0.is_irreversible(m.ply) || m.removal.is_some()
    }
    /// The game's own hint for the ply: 2 for closing a mill (a ply with
    /// a removal; a mill closed with nothing to remove, which only set-up
    /// positions allow, counts as quiet) plus the removal's
    /// [`RemovalOrder::rank`](lapilli_morris::RemovalOrder::rank) after
    /// the ply, 1 for blocking one of the opponent's.
    #[inline]
    fn move_order_hint(&self, m: FoldedMove) -> i32 {
        match m.removal {
            Some(removal) => 2 + removal_rank(&self.0.removal_order_after(m.ply), removal),
            None => i32::from(self.0.blocks_mill(m.ply)),
        }
    }
    /// [`Game::move_order_hint`] for a whole list: the points where the
    /// opponent would close a mill are found once
    /// (`Position::mill_completions`), and a ply without a removal blocks
    /// when it lands on one; the removal order after a ply
    /// (`Position::removal_order_after`) is found once, at its first
    /// removal (a ply's removals are listed together).
    #[inline]
    fn move_order_hints(&self, moves: &[FoldedMove], hints: &mut Vec<i32>) {
        let blocking = self.0.mill_completions(self.0.side_to_move().opponent());
        // The last ply with a removal, and the order after it.
        let mut removals: Option<(lapilli_morris::Move, lapilli_morris::RemovalOrder)> = None;
        hints.clear();
        hints.extend(moves.iter().map(|m| match (m.removal, m.ply) {
            (Some(removal), ply) => {
                let order = match removals {
                    Some((last, order)) if last == ply => order,
                    _ => {
                        let order = self.0.removal_order_after(ply);
                        removals = Some((ply, order));
                        order
                    }
                };
                2 + removal_rank(&order, removal)
            }
            (None, lapilli_morris::Move::Place(to) | lapilli_morris::Move::Slide { to, .. }) => {
                i32::from(blocking.contains(to))
            }
            (None, lapilli_morris::Move::Remove(_)) => 0,
        }));
    }
    /// The ply's own key (below 608 for a placement or slide) times 25,
    /// plus the removed point (24 for none): below 16,384, one number a
    /// folded move.
    #[inline]
    fn move_key(&self, m: FoldedMove) -> Option<u32> {
        let removal = match m.removal {
            Some(lapilli_morris::Move::Remove(p)) => p.index() as u32,
            _ => 24,
        };
        Some(self.0.move_key(m.ply)? * 25 + removal)
    }
    /// The ply by its own key ([`Game::move_with_key`] of the position,
    /// `None` when the game is over), then the removal it needs or none,
    /// among the pieces it may take (`Position::removals_after`, found
    /// without playing the ply; empty when it owes no removal).
    #[inline]
    fn move_with_key(&self, key: u32) -> Option<FoldedMove> {
        let ply = self.0.move_with_key(key / 25)?;
        let removals = self.0.removals_after(ply);
        let removal = match (key % 25, removals.is_empty()) {
            (24, true) => None,
            (24, false) | (_, true) => return None,
            (point, false) => {
                let p = lapilli_board_graph::Point::new(point as usize);
                if !removals.contains(p) {
                    return None;
                }
                Some(lapilli_morris::Move::Remove(p))
            }
        };
        Some(FoldedMove { ply, removal })
    }
}

/// The [`RemovalOrder::rank`](lapilli_morris::RemovalOrder::rank) of a
/// folded removal (0 for a ply that is not a removal, which a folded move
/// never holds there).
#[inline]
fn removal_rank(order: &lapilli_morris::RemovalOrder, removal: lapilli_morris::Move) -> i32 {
    match removal {
        lapilli_morris::Move::Remove(p) => order.rank(p),
        _ => 0,
    }
}

/// Nine Men's Morris with folded removals as a `minimax::Game`.
pub struct Morris;

impl minimax::Game for Morris {
    type S = FoldedMorris;
    type M = FoldedMove;

    #[inline]
    fn generate_moves(state: &Self::S, moves: &mut Vec<Self::M>) -> Option<Winner> {
        if let Some(w) = Self::get_winner(state) {
            return Some(w);
        }
        state.generate(|m| moves.push(m));
        None
    }

    #[inline]
    fn apply(state: &mut Self::S, m: Self::M) -> Option<Self::S> {
        let mut next = *state;
        next.apply(m);
        Some(next)
    }

    #[inline]
    fn get_winner(state: &Self::S) -> Option<Winner> {
        winner(state.0.outcome())
    }

    #[inline]
    fn zobrist_hash(state: &Self::S) -> u64 {
        state.0.zobrist()
    }
}

/// Our morris evaluation, clamped into `i16`, for both engines.
#[inline]
pub fn morris_eval(s: &FoldedMorris) -> i32 {
    i32::from(to_i16(lapilli_morris::eval::Heuristic::default().evaluate(&s.0)))
}

/// [`morris_eval`] for our engine, with the hint the morris heuristic
/// gives it: iterative deepening by its step
/// ([`Evaluate::deepening_step`], 2: `Weights::deepening_step`). Their
/// `IterativeSearch` gets the same scores ([`MorrisEval`]) and deepens by
/// the same step ([`their_iterative_options`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct FoldedEval;

impl Evaluate<FoldedMorris> for FoldedEval {
    #[inline]
    fn evaluate(&self, s: &FoldedMorris) -> i32 {
        morris_eval(s)
    }

    #[inline]
    fn deepening_step(&self) -> u32 {
        lapilli_morris::eval::Heuristic::default().deepening_step()
    }
}

/// [`morris_eval`] as a `minimax::Evaluator`.
pub struct MorrisEval;

impl minimax::Evaluator for MorrisEval {
    type G = Morris;
    #[inline]
    fn evaluate(&self, s: &FoldedMorris) -> Evaluation {
        morris_eval(s) as Evaluation
    }
}

/// The benchmark's Terni Lapilli mid-game position.
pub const TERNI_MID: &str = "BW.B.W... b";
/// Plies from the start to the benchmark's Petteia mid-game ([`midgame`]).
pub const PETTEIA_MID_PLIES: usize = 12;
/// Plies (folded turns) from the start to the benchmark's Nine Men's
/// Morris mid-game ([`midgame`]).
pub const MORRIS_MID_PLIES: usize = 14;

/// A fixed mid-game position: `plies` plies from `start`, each the
/// `(7 * ply) mod n`-th of the `n` legal moves (stopping if the game ends).
pub fn midgame<G: Game>(start: &G, plies: usize) -> G {
    let mut pos = start.clone();
    let mut moves = G::Moves::default();
    for ply in 0..plies {
        pos.legal_moves(&mut moves);
        let list = lapilli_game::MoveList::as_slice(&moves);
        if list.is_empty() {
            break;
        }
        let m = list[(7 * ply) % list.len()];
        pos.play_unchecked(m);
    }
    pos
}

/// The transposition-table budget of both engines' iterative searches: 4
/// MiB.
pub const TT_BYTES: usize = 4 << 20;

/// Our fixed-depth alpha-beta with move ordering
/// ([`lapilli_search::Options::alpha_beta`]) from a fresh engine: the root
/// score.
pub fn ours_alpha_beta<G, E>(pos: &G, depth: u8, eval: &E) -> i32
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    ours(lapilli_search::Options::alpha_beta(), pos, depth, eval)
}

/// Our iterative deepening with a [`TT_BYTES`] table and repetition
/// detection off (theirs has none) from a fresh engine: the root score.
pub fn ours_iterative<G, E>(pos: &G, depth: u8, eval: &E) -> i32
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    ours(our_iterative_options(), pos, depth, eval)
}

/// Our options in the iterative pairs: the defaults with a [`TT_BYTES`]
/// table and repetition detection off (theirs has none).
pub fn our_iterative_options() -> lapilli_search::Options {
    lapilli_search::Options::default().with_table_bytes(TT_BYTES).with_repetition(false)
}

/// Their options in the iterative pairs: `IterativeSearch` with a
/// [`TT_BYTES`] table, deepening by `step` plies as ours does
/// ([`Evaluate::deepening_step`]): 2 turns on their
/// `with_double_step_increment`, which searches the same depths as ours
/// (2, 4, 6 to an even depth; 1, 3, 5, 7 to an odd one).
///
/// # Panics
/// If `step` is not 1 or 2, the steps their engine has.
pub fn their_iterative_options(step: u32) -> minimax::IterativeOptions {
    let options = minimax::IterativeOptions::new().with_table_byte_size(TT_BYTES);
    match step {
        1 => options,
        2 => options.with_double_step_increment(),
        _ => panic!("their IterativeSearch deepens by 1 or 2 plies, not {step}"),
    }
}

fn ours<G, E>(options: lapilli_search::Options, pos: &G, depth: u8, eval: &E) -> i32
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: Evaluate<G> + Sync,
{
    let limits = lapilli_search::Limits::depth(depth.into());
    lapilli_search::Engine::with_options(options)
        .search(pos, &lapilli_game::History::default(), &limits, eval)
        .score
}

/// Which of their searches [`theirs`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theirs {
    /// `Negamax`: fixed-depth alpha-beta, no table.
    Negamax,
    /// `IterativeSearch` with a [`TT_BYTES`] table, deepening by `step`
    /// plies ([`their_iterative_options`]).
    Iterative {
        /// 1 or 2: our evaluation's [`Evaluate::deepening_step`].
        step: u32,
    },
}

/// Their search `which` to `depth` with `eval`: its root value.
pub fn theirs<T: minimax::Evaluator>(
    which: Theirs,
    eval: T,
    pos: &<T::G as minimax::Game>::S,
    depth: u8,
) -> Evaluation
where
    <T::G as minimax::Game>::S: Clone,
    <T::G as minimax::Game>::M: Copy + Eq,
{
    match which {
        Theirs::Negamax => {
            let mut negamax = minimax::Negamax::new(eval, depth);
            minimax::Strategy::choose_move(&mut negamax, pos);
            negamax.root_value()
        }
        Theirs::Iterative { step } => {
            let mut search = minimax::IterativeSearch::new(eval, their_iterative_options(step));
            minimax::Strategy::set_max_depth(&mut search, depth);
            minimax::Strategy::choose_move(&mut search, pos);
            search.root_value()
        }
    }
}
