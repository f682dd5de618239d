//! The `Game` trait (what search needs to know of a game's rules) and the
//! `CheckedGame` trait (what players and front ends need).

use arrayvec::ArrayVec;
use std::fmt::{self, Debug};
use std::hash::Hash;
use thiserror::Error;

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
/// instance, gives the same side the next ply (the removal). Negamax assumes
/// two sides and a zero-sum result: what one side wins the other loses.
///
/// # The contract search relies on
/// - **Every position without legal moves is decided.** If
///   [`Game::legal_moves`] is empty, [`Game::outcome`] must be `Some` (in
///   every game of this workspace a side that cannot move loses). A game
///   that breaks this trips a `debug_assert!` in `lapilli_search::Engine`,
///   `lapilli_search::minimax()`, `lapilli_tablebase::solve()` and [`crate::perft()`] in debug
///   builds; release builds score such a position as a draw (the engine,
///   minimax and the solver) and count no leaves below it (perft).
/// - **The key is the position's identity.** [`Game::zobrist`] is what the
///   transposition table and the repetition history compare: two positions
///   with the same key are treated as the same position, with no further
///   check. Distinct positions must get distinct keys with overwhelming
///   probability (Zobrist hashing over everything that decides the legal
///   plies and the outcome: pieces, side to move, pieces in hand, pending
///   flags; never counters), and the low bits must be well mixed (the
///   table picks buckets with them). A 64-bit collision costs at most a
///   wrong score or ordering in one search; the table stores a check word
///   and the engine checks a table move is in range before it plays it.
/// - **Move generation is deterministic**: the same position always yields
///   the same moves in the same order, because the table stores the best
///   move as an index into that order.
/// - **Equality** (`Eq`, if implemented) means "the same for repetition
///   purposes": counters and history are not part of it, exactly as for the
///   key.
pub trait Game: Clone + Debug {
    /// A ply. Small and `Copy`; hashed for the history heuristic.
    type Move: Copy + Eq + Hash + Debug;
    /// Who is to move.
    type Side: Copy + Eq + Debug;
    /// The list type that move generation fills.
    type Moves: MoveList<Self::Move>;

    /// The side to move.
    fn side_to_move(&self) -> Self::Side;

    /// `Some` if the game is over in this position (from the side to move's
    /// view), `None` while it goes on. A side with no legal move must be
    /// decided here by the rules (see the contract above).
    fn outcome(&self) -> Option<Outcome>;

    /// Fills `moves` (cleared first) with the legal plies, in a
    /// deterministic order. Empty when the game is over.
    fn legal_moves(&self, moves: &mut Self::Moves);

    /// The number of legal plies, the length of [`Game::legal_moves`]'s
    /// list: what [`crate::perft`] counts at its last ply (bulk counting).
    /// The default builds the list; a game may count without building it
    /// (the conformance harness checks that both agree).
    fn legal_move_count(&self) -> usize {
        let mut moves = Self::Moves::default();
        self.legal_moves(&mut moves);
        moves.as_slice().len()
    }

    /// Plays a ply that [`Game::legal_moves`] produced, without checking
    /// it.
    ///
    /// An illegal ply never causes undefined behaviour, but it may panic or
    /// leave a corrupt position (wrong key, impossible piece counts).
    /// [`CheckedGame::play`] is the checked version.
    fn play_unchecked(&mut self, m: Self::Move);

    /// The position's 64-bit key (Zobrist hashing in the rules crates): its
    /// identity in the transposition table and in the repetition history
    /// (see the contract above). Counters and history are not part of it.
    fn zobrist(&self) -> u64;

    /// The [`Game::zobrist`] key of the position after the legal ply `m`,
    /// told without playing it (from the keys the ply toggles): what the
    /// engine's enhanced transposition cutoffs look up for every ply of a
    /// node before they search one. A game gives it for every ply or for
    /// none: `None`, the default, for a game that cannot tell it more
    /// cheaply than by playing the ply (the engine then does without those
    /// cutoffs, from the first ply that has none). A game that gives it
    /// must agree with the key of the ply played exactly (the conformance
    /// harness checks every ply it meets).
    ///
    /// ```
    /// use lapilli_game::{doc_game::Nim, Game};
    /// let nim = Nim::new(5);
    /// let mut after = nim.clone();
    /// after.play_unchecked(2);
    /// assert_eq!(nim.zobrist_after(2), Some(after.zobrist()));
    /// ```
    fn zobrist_after(&self, _m: Self::Move) -> Option<u64> {
        None
    }

    /// The key of this very position, never merged with a symmetric twin:
    /// what the engine's evaluation cache is keyed by, since an evaluation
    /// need not be the same for twins. [`Game::zobrist`] by default, so a
    /// game whose [`Game::zobrist`] is the key of a canonical form must
    /// override it, as [`crate::SymmetryKeyed`] does (it gives its wrapped
    /// position's own key).
    fn position_key(&self) -> u64 {
        self.zobrist()
    }

    /// Whether playing `m` from this position can never be undone by later
    /// plies (placements, captures): repetition history restarts after it,
    /// and so does the no-progress count.
    fn is_irreversible(&self, m: Self::Move) -> bool;

    /// The no-progress rule: the game is drawn after this many consecutive
    /// reversible plies (no ply for which [`Game::is_irreversible`] holds).
    /// A constant of the rules (of the variant), never of the position's
    /// counters or history: plies played before a search or a record began
    /// are passed to [`crate::History::new`] and
    /// [`crate::GameRecord::new`]. `None` (the default) when the rules have
    /// no such limit.
    fn no_progress_limit(&self) -> Option<u32> {
        None
    }

    /// Whether the draw rules (repetition, no progress) may end the game
    /// here. `false` in the middle of a turn: a Morris turn that closes a
    /// mill ends with its removal, so no draw limit is adjudicated while a
    /// removal is pending (docs/design.md). The default is `true`.
    fn draw_rules_apply(&self) -> bool {
        true
    }

    /// A cheap move-ordering hint: search tries moves with a larger hint
    /// first (after the transposition-table move). Rules crates return a
    /// positive value for forcing plies (captures, removals, mill-closing
    /// moves) and 0 for quiet ones; killer moves and the history heuristic
    /// order only the quiet ones. The default is 0 for every move.
    fn move_order_hint(&self, _m: Self::Move) -> i32 {
        0
    }

    /// A number naming `m` for the engine's killer-move and history
    /// tables, which compare plies across positions: it depends on the ply
    /// alone (not the position), and different plies of one position get
    /// different numbers. `None`, the default, lets the engine hash the
    /// ply. A game whose plies fit a small number (a kind, a from and a to
    /// point) gives it here: cheaper than hashing, and below 16,384 it
    /// never shares a slot of the history table.
    fn move_key(&self, _m: Self::Move) -> Option<u32> {
        None
    }

    /// The legal ply of this position whose [`Game::move_key`] is `key`,
    /// found without generating the others, or `None` if no legal ply has
    /// that key. The engine uses it to try a killer move (kept as a key)
    /// before it generates a node's plies. A game that gives it must agree
    /// with [`Game::legal_moves`] exactly: the default, `None` for every
    /// key, keeps killers among the generated plies.
    fn move_with_key(&self, _key: u32) -> Option<Self::Move> {
        None
    }

    /// [`Game::move_order_hint`] for every move of a list at once, into
    /// `hints` (cleared first), so that a game can share work between the
    /// moves of one position. The default asks move by move.
    fn move_order_hints(&self, moves: &[Self::Move], hints: &mut Vec<i32>) {
        hints.clear();
        hints.extend(moves.iter().map(|&m| self.move_order_hint(m)));
    }

    /// Every legal ply in generation order with the position it leads to
    /// and whether the side to move changed there: the one "play each ply
    /// on a copy" loop of the solvers' and the reference minimax's
    /// per-move values (not of the engine's hot path).
    ///
    /// ```
    /// use lapilli_game::{doc_game::Nim, Game};
    /// let next: Vec<(u32, u32, bool)> = Nim::new(5).successors().into_iter().map(|(m, p, c)| (m, p.0, c)).collect();
    /// assert_eq!(next, [(1, 4, true), (2, 3, true)]);
    /// ```
    fn successors(&self) -> Vec<(Self::Move, Self, bool)> {
        let mut moves = Self::Moves::default();
        self.legal_moves(&mut moves);
        let side = self.side_to_move();
        moves
            .as_slice()
            .iter()
            .map(|&m| {
                let mut child = self.clone();
                child.play_unchecked(m);
                let changed = child.side_to_move() != side;
                (m, child, changed)
            })
            .collect()
    }
}

/// A ply refused by [`CheckedGame::play`]: the move, its text in the
/// position's notation and the reason. The same shape in every game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text} is illegal: {reason}")]
pub struct IllegalMove<M, R> {
    /// The refused move.
    pub mv: M,
    /// The move in the notation of the position it was refused in.
    pub text: String,
    /// Why it was refused.
    pub reason: R,
}

/// Why [`CheckedGame::parse_turn`] refused a line of plies.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TurnError<E, R> {
    /// The text does not read as plies ([`CheckedGame::parse_plies`]).
    #[error("{0}")]
    Unreadable(E),
    /// A ply is illegal in the position the plies before it lead to.
    #[error("illegal move {text}: {reason}")]
    Illegal {
        /// The ply in the notation of the position it was refused in.
        text: String,
        /// Why ([`CheckedGame::check`]).
        reason: R,
    },
    /// A ply comes after the turn passed to the other side.
    #[error("{text} is not a ply of the side to move: the turn has passed")]
    TurnPassed {
        /// The ply in the notation of the position it would be played in.
        text: String,
    },
}

/// How a finished game ended, with a short machine-readable name.
///
/// `Display` gives the sentence for people (e.g. "three in a line"),
/// [`Ending::name`] the one-word kind for reports and JSON (e.g. `line`,
/// `blocked`, `reduction`).
pub trait Ending: Copy + Eq + Debug + fmt::Display {
    /// The kind of ending as one lower-case word (hyphenated if needed).
    fn name(&self) -> &'static str;
}

/// The rules as a player or a front end needs them: checked play, move
/// text, endings and winners, beside the unchecked [`Game`] that search
/// uses. Every game crate implements it; the conformance harness and the
/// `lapilli` program work through it alone.
///
/// The API triad (as in shakmaty and cozy-chess): [`CheckedGame::check`]
/// says why a ply is illegal, [`CheckedGame::is_legal`] asks, and
/// [`CheckedGame::play`] plays only legal plies; [`Game::play_unchecked`]
/// trusts the caller.
///
/// ```
/// use lapilli_game::{CheckedGame, Game, doc_game::Nim};
/// let mut pos = Nim::new(4);
/// assert!(pos.play(3).is_err()); // at most 2 stones
/// assert_eq!(pos.play(3).unwrap_err().to_string(), "take 3 is illegal: at most 2 stones may be taken");
/// pos.play(pos.parse_move("take 2").unwrap()).unwrap();
/// assert_eq!(pos, Nim(2, true));
/// ```
pub trait CheckedGame: Game {
    /// Why a ply is illegal here.
    type Illegal: std::error::Error + Clone + Eq + Send + Sync + 'static;
    /// Why a move text could not be read in this position.
    type MoveError: std::error::Error + Clone + Eq + Send + Sync + 'static;
    /// How a finished game ended.
    type Ending: Ending;

    /// `Ok` if `m` is a legal ply here.
    ///
    /// # Errors
    /// The reason `m` is illegal, including "the game is over".
    fn check(&self, m: Self::Move) -> Result<(), Self::Illegal>;

    /// Whether `m` is a legal ply here.
    fn is_legal(&self, m: Self::Move) -> bool {
        self.check(m).is_ok()
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] with the reason from [`CheckedGame::check`]; the
    /// position (and its key) is then unchanged.
    fn play(&mut self, m: Self::Move) -> Result<(), IllegalMove<Self::Move, Self::Illegal>> {
        match self.check(m) {
            Ok(()) => {
                self.play_unchecked(m);
                Ok(())
            }
            Err(reason) => Err(IllegalMove { mv: m, text: self.move_text(m), reason }),
        }
    }

    /// Reads a move written in this position's notation (e.g. with the
    /// point names of its board). Reading does not check legality.
    ///
    /// # Errors
    /// [`CheckedGame::MoveError`] saying what is wrong with the text.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;

    /// Reads a line of several plies that the side to move plays in a row
    /// (a Morris slide with its removal, `g4-g7xb6`); each must be legal
    /// in turn. The default reads one ply with
    /// [`CheckedGame::parse_move`].
    ///
    /// # Errors
    /// [`CheckedGame::MoveError`] saying what is wrong with the text.
    fn parse_plies(&self, text: &str) -> Result<Vec<Self::Move>, Self::MoveError> {
        self.parse_move(text).map(|m| vec![m])
    }

    /// Reads a line of plies the side to move plays in a row
    /// ([`CheckedGame::parse_plies`]) and guarantees what such a line
    /// promises: every ply legal in the position the ones before it lead
    /// to, and every ply the same side's. What players and front ends read
    /// typed plies with.
    ///
    /// ```
    /// use lapilli_game::{doc_game::Nim, CheckedGame, TurnError};
    /// assert_eq!(Nim::new(3).parse_turn("take 2"), Ok(vec![2]));
    /// let e = Nim::new(1).parse_turn("take 2").unwrap_err();
    /// assert!(matches!(e, TurnError::Illegal { .. }));
    /// assert_eq!(e.to_string(), "illegal move take 2: the heap holds fewer stones");
    /// assert!(matches!(Nim::new(3).parse_turn("seven"), Err(TurnError::Unreadable(_))));
    /// ```
    ///
    /// # Errors
    /// [`TurnError::Unreadable`], [`TurnError::Illegal`] and
    /// [`TurnError::TurnPassed`].
    #[allow(clippy::type_complexity)]
    fn parse_turn(&self, text: &str) -> Result<Vec<Self::Move>, TurnError<Self::MoveError, Self::Illegal>> {
        let plies = self.parse_plies(text).map_err(TurnError::Unreadable)?;
        let side = self.side_to_move();
        let mut after = self.clone();
        for &m in &plies {
            if after.side_to_move() != side {
                return Err(TurnError::TurnPassed { text: after.move_text(m) });
            }
            after.check(m).map_err(|reason| TurnError::Illegal { text: after.move_text(m), reason })?;
            after.play_unchecked(m);
        }
        Ok(plies)
    }

    /// `m` in this position's notation; [`CheckedGame::parse_move`] reads
    /// it back to `m`.
    fn move_text(&self, m: Self::Move) -> String;

    /// The text of each ply of `line` played in turn from this position
    /// (a principal variation, a game): [`CheckedGame::move_text`] in the
    /// position before each ply. The plies are not checked: they must be
    /// legal in turn, as a search's principal variation is.
    ///
    /// ```
    /// use lapilli_game::{doc_game::Nim, CheckedGame};
    /// assert_eq!(Nim::new(5).line_text(&[2, 1]), ["take 2", "take 1"]);
    /// ```
    fn line_text(&self, line: &[Self::Move]) -> Vec<String> {
        let mut at = self.clone();
        line.iter()
            .map(|&m| {
                let text = at.move_text(m);
                at.play_unchecked(m);
                text
            })
            .collect()
    }

    /// How the game ended, `Some` exactly when [`Game::outcome`] is.
    fn ending(&self) -> Option<Self::Ending>;

    /// The side that won a finished game; `None` while it goes on and for a
    /// draw.
    fn winner(&self) -> Option<Self::Side>;

    /// The move universe: every move that could be legal in some position
    /// of this game and variant (each once), so that a harness can check
    /// that [`CheckedGame::check`] agrees with [`Game::legal_moves`].
    ///
    /// A superset is welcome: the harness refuses every candidate that is
    /// not legal, so moves that are never legal are tested too. Ideally this
    /// lists every move [`CheckedGame::parse_move`] can return (a placement
    /// on every point, a slide between any two points, not only between
    /// neighbours): then the refusals of moves a user can type but no
    /// position allows are checked as well.
    fn candidate_moves(&self) -> Vec<Self::Move>;

    /// The no-progress count the position carries (consecutive reversible
    /// plies before it, as its text gives it); 0 by default. Pass it to
    /// [`crate::History::new`] or [`crate::GameRecord::new`] when a game
    /// starts from this position.
    fn no_progress_count(&self) -> u32 {
        0
    }
}

/// Positions that know their board's symmetry group: the canonical form
/// (one representative per orbit) for symmetry-reduced tablebases
/// (`lapilli_tablebase::solve_reduced`) and transposition tables
/// ([`crate::SymmetryKeyed`]). Game crates implement it with the
/// `lapilli-symmetry` crate (the group found from the board's lines); search
/// itself knows nothing of boards.
///
/// The group must consist of symmetries of the rules: a position and its
/// images have the same legal plies (mapped), outcome and value.
pub trait Canonicalize: Game {
    /// The representative of the position's orbit: the same position for
    /// every member of the orbit.
    fn canonicalize(&self) -> Self;
    /// The number of distinct positions in the orbit (a divisor of the
    /// group's order).
    fn orbit_len(&self) -> usize;

    /// The images of `line` (plies played in order from this position)
    /// under the group's elements that fix this position: lines of the same
    /// value through images of the same positions, one for each distinct
    /// first ply, `line` itself first. The default, for a game that does
    /// not enumerate them: `[line]`. The game crates give every image
    /// (`lapilli_symmetry::Symmetric::symmetric_lines`).
    fn equivalent_lines(&self, line: &[Self::Move]) -> Vec<Vec<Self::Move>> {
        vec![line.to_vec()]
    }
}

/// Dense indices of positions, for tablebases: every position of the game
/// gets an index below a common bound, distinct positions distinct indices.
///
/// The solver (`lapilli_tablebase::solve()`, `lapilli_tablebase::solve_reduced()`) tells
/// positions apart by their index alone: it is the position's identity, as
/// the key ([`Game::zobrist`]) is for search. Two positions that differ in
/// anything that decides the legal plies or the outcome (pieces, side to
/// move, pieces in hand, pending flags, the rules when they vary) must get
/// different indices, or the solver merges them and gives a wrong solution
/// with no error (debug builds assert that a position found at a taken
/// index has the stored position's key). As for the key, counters are not
/// part of it. The conformance harness checks both properties over random
/// games (`lapilli_conformance::check_random_games_indexed`).
pub trait Indexed {
    /// One more than the largest index of any position of this game
    /// (variant) reachable from this one. The solver takes the root's bound
    /// and allocates a slot per index below it (`O(index_bound)` memory),
    /// so it panics, naming the position, on an index at or beyond it.
    fn index_bound(&self) -> usize;
    /// The position's index, `< index_bound()` of any position it is
    /// reachable from; different for positions that are not equal.
    fn index(&self) -> usize;
}

/// A 64-bit mix (SplitMix64's step and finaliser, a bijection): spreads
/// any integer encoding over all 64 bits, for games whose key is an
/// encoding rather than Zobrist keys (the transposition table picks
/// buckets with the low bits), and for the engine's evaluation cache,
/// which picks slots with the high bits of any key.
///
/// ```
/// use lapilli_game::mix64;
/// assert_ne!(mix64(1) >> 52, mix64(2) >> 52);
/// ```
pub fn mix64(x: u64) -> u64 {
    let mut x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
