//! The rules checks: what every [`CheckedGame`] must satisfy in every
//! position, whatever its board.

use crate::identity::Identities;
use crate::random::{legal_moves, play_random_ply, random_games};
use lapilli_game::{CheckedGame, Ending, Game, History, Outcome, WIN};
use lapilli_search::{Engine, Limits, Options};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashSet;
use std::fmt::Display;
use std::str::FromStr;

/// The depth of the searches whose principal variations are checked.
pub(crate) const PV_DEPTH: u32 = 3;
/// The transposition table of those searches: small, cleared before each.
const PV_TABLE_BYTES: usize = 1 << 16;
/// The length of the random continuation that samples
/// [`Game::is_irreversible`].
const IRREVERSIBLE_PLIES: usize = 20;

/// Runs every rules check on one position.
///
/// The checks, in this order:
/// - **the game contract**: a position without legal moves has an
///   outcome, and a finished game has no legal moves;
///   [`CheckedGame::ending`] is `Some` exactly when [`Game::outcome`] is,
///   and its [`Ending::name`] is one lower-case word (letters, digits,
///   inner hyphens); [`CheckedGame::winner`] is the side to move after a
///   [`Outcome::Win`], another side after a [`Outcome::Loss`], and `None`
///   for a draw or a game that goes on;
/// - **generation against the legality check**: [`Game::legal_moves`] has
///   no duplicates; every legal move is in [`CheckedGame::candidate_moves`]
///   (which lists each move once); over the candidates,
///   [`CheckedGame::check`] (and [`CheckedGame::is_legal`]) accepts exactly
///   the legal moves;
/// - **refusals**: a checked [`CheckedGame::play`] of every candidate that
///   is not legal fails, its error names that move (and, for the first
///   such candidate, quotes its [`CheckedGame::move_text`]), and the
///   position, its [`Game::zobrist`] key and its no-progress count are
///   unchanged;
/// - **text**: `parse_move(move_text(m)) == Ok(m)` for every legal move;
///   the position text (`Display`) parses back (`FromStr`) to an equal
///   position that prints the same text and carries the same
///   [`CheckedGame::no_progress_count`]; the key equals the key of the
///   re-parsed position, which is computed from scratch;
/// - **plies**: playing each legal move on a copy leaves the original (its
///   text and key) unchanged and changes the copy and its key; the checked
///   and the unchecked play agree; the child's key equals the key of its
///   re-parsed text;
/// - **keys as identities**: no two unequal positions (`PartialEq`, which
///   like the key ignores counters) among the position and its children
///   share a [`Game::zobrist`] key;
/// - **irreversible plies**, sampled: for one legal move (picked with a
///   generator seeded by the key) for which [`Game::is_irreversible`]
///   holds, the position does not recur (by key) in a random continuation
///   of 20 plies;
/// - **principal variations**: a depth-3 [`Engine`] search (one thread,
///   a fresh table, no repetition draws, a coarse evaluation made from the
///   key) returns a best move while the game goes on, and no variation in
///   a finished game; its principal variation starts with the best move,
///   is a sequence of legal plies (each played with the checked play) and
///   is principal: it reaches the depth searched or a finished game, and
///   the value of the position it ends at, seen from the root, is the
///   reported score.
///
/// # Panics
/// On the first broken property, with the position's text and what broke.
///
/// # Examples
/// See the [crate-level example](crate).
pub fn check_position<G>(pos: &G)
where
    G: CheckedGame + Display + FromStr + PartialEq,
{
    check_rules(pos, &mut pv_engine(), &mut Identities::new());
}

/// Plays `games` seeded random games of at most `max_plies` plies from
/// `start` and runs [`check_position`] on every position met (the start
/// and the final position of each game included). Across the whole run,
/// no two unequal positions met (the positions checked and their
/// children) share a [`Game::zobrist`] key: a key that forgets part of the
/// position (the side to move, say) fails here, though every single
/// position passes. Returns the number of positions checked. The same
/// seed gives the same games.
///
/// # Panics
/// On the first broken property, with the position's text and what broke.
///
/// # Examples
/// See the [crate-level example](crate).
pub fn check_random_games<G>(start: &G, games: usize, max_plies: usize, seed: u64) -> usize
where
    G: CheckedGame + Display + FromStr + PartialEq,
{
    let (mut engine, mut identities) = (pv_engine(), Identities::new());
    random_games(start, games, max_plies, seed, |pos| check_rules(pos, &mut engine, &mut identities))
}

/// The engine the principal-variation checks search with: every technique
/// of the default options on one thread, with a small table, but without
/// repetition draws, so that every principal variation ends at a leaf or a
/// finished game, and without the evaluation cache, so that a key two
/// positions share is reported by the identity checks as such, not as a
/// principal variation whose leaf took the other position's evaluation
/// (the search sweeps, [`crate::search_configurations`], run the cache).
pub(crate) fn pv_engine<S: Game>() -> Engine<S> {
    Engine::with_options(
        Options::default()
            .with_table_bytes(PV_TABLE_BYTES)
            .with_threads(1)
            .with_repetition(false)
            .with_eval_cache(false),
    )
}

/// Every check of [`check_position`], searching with `engine`; the
/// position and its children are met in `identities`.
pub(crate) fn check_rules<G>(pos: &G, engine: &mut Engine<G>, identities: &mut Identities<G>)
where
    G: CheckedGame + Display + FromStr + PartialEq,
{
    let text = pos.to_string();
    let moves = legal_moves(pos);
    check_contract(pos, &text, &moves);
    check_moves(pos, &text, &moves);
    check_text(pos, &text, &moves);
    identities.meet(pos, &text, None);
    check_plies(pos, &text, &moves, identities);
    check_irreversible(pos, &text, &moves);
    check_pv(pos, pos, engine, &text, "");
}

/// The game contract: outcome iff no moves, the bulk count and the list
/// hints agree with the list and with the move-by-move hints, ending iff
/// outcome, the ending's name, the winner.
fn check_contract<G: CheckedGame>(pos: &G, text: &str, moves: &[G::Move]) {
    let outcome = pos.outcome();
    match outcome {
        None => assert!(!moves.is_empty(), "{text}: Game contract broken: no legal moves and no outcome"),
        Some(o) => {
            assert!(moves.is_empty(), "{text}: the game is over ({o:?}) but has legal moves {moves:?}")
        }
    }
    assert_eq!(
        pos.legal_move_count(),
        moves.len(),
        "{text}: legal_move_count() disagrees with the length of legal_moves()"
    );
    let mut hints = Vec::new();
    pos.move_order_hints(moves, &mut hints);
    let one_by_one: Vec<i32> = moves.iter().map(|&m| pos.move_order_hint(m)).collect();
    assert_eq!(hints, one_by_one, "{text}: move_order_hints() disagrees with move_order_hint() move by move");
    let ending = pos.ending();
    assert_eq!(
        ending.is_some(),
        outcome.is_some(),
        "{text}: ending() is {ending:?} but outcome() is {outcome:?}"
    );
    if let Some(ending) = ending {
        let name = ending.name();
        let word = !name.is_empty()
            && !name.starts_with('-')
            && !name.ends_with('-')
            && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        assert!(word, "{text}: the ending name {name:?} of {ending:?} is not one lower-case word");
        assert!(!ending.to_string().is_empty(), "{text}: the ending {ending:?} displays as nothing");
    }
    let winner = pos.winner();
    let side = pos.side_to_move();
    let consistent = match outcome {
        Some(Outcome::Win) => winner == Some(side),
        Some(Outcome::Loss) => winner.is_some() && winner != Some(side),
        Some(Outcome::Draw) | None => winner.is_none(),
    };
    assert!(consistent, "{text}: winner() is {winner:?} but outcome() is {outcome:?} with {side:?} to move");
}

/// Generation against `check` over the move universe, and refused plays.
fn check_moves<G: CheckedGame + Display + PartialEq>(pos: &G, text: &str, moves: &[G::Move]) {
    let legal: FxHashSet<G::Move> = moves.iter().copied().collect();
    if legal.len() != moves.len() {
        let twice = moves.iter().enumerate().find(|&(i, m)| moves[..i].contains(m)).map(|(_, m)| m);
        panic!("{text}: legal_moves generated {twice:?} twice");
    }
    let candidates = pos.candidate_moves();
    let universe: FxHashSet<G::Move> = candidates.iter().copied().collect();
    assert_eq!(universe.len(), candidates.len(), "{text}: candidate_moves() lists a move twice");
    for m in moves {
        assert!(universe.contains(m), "{text}: the legal move {m:?} is not in candidate_moves()");
    }
    check_move_with_key(pos, text, &legal, &candidates);
    let key = pos.zobrist();
    let mut first_refusal = true;
    for &m in &candidates {
        let is_legal = legal.contains(&m);
        match pos.check(m) {
            Ok(()) => assert!(is_legal, "{text}: check accepts {m:?}, which legal_moves does not generate"),
            Err(reason) => assert!(!is_legal, "{text}: check refuses the legal move {m:?}: {reason}"),
        }
        assert_eq!(pos.is_legal(m), is_legal, "{text}: is_legal disagrees with check on {m:?}");
        if is_legal {
            continue;
        }
        let mut copy = pos.clone();
        let Err(error) = copy.play(m) else {
            panic!("{text}: the checked play of the illegal move {m:?} succeeded");
        };
        assert!(error.mv == m, "{text}: the refusal of {m:?} names the move {:?}", error.mv);
        if first_refusal {
            // Once a position: move texts cost an allocation each.
            assert_eq!(error.text, pos.move_text(m), "{text}: the refusal of {m:?} quotes another move text");
            first_refusal = false;
        }
        assert!(copy == *pos, "{text}: the refused play of {m:?} changed the position to {copy}");
        assert_eq!(copy.zobrist(), key, "{text}: the refused play of {m:?} changed the key");
        assert_eq!(
            copy.no_progress_count(),
            pos.no_progress_count(),
            "{text}: the refused play of {m:?} changed the no-progress count"
        );
    }
}

/// [`Game::move_with_key`] against generation: for a game that gives it,
/// the key of each legal move finds that move and the key of an illegal
/// candidate nothing or a legal move with that key; every key below
/// [`KEYS_SWEPT`] finds nothing or a legal move with that key.
fn check_move_with_key<G: CheckedGame>(
    pos: &G,
    text: &str,
    legal: &FxHashSet<G::Move>,
    candidates: &[G::Move],
) {
    // `of`: the illegal candidate whose key this is, if any.
    let found_legal = |key: u32, of: Option<G::Move>| {
        if let Some(found) = pos.move_with_key(key) {
            assert!(
                legal.contains(&found),
                "{text}: move_with_key({key}) (the key of {of:?}) gives the illegal {found:?}"
            );
            assert_eq!(
                pos.move_key(found),
                Some(key),
                "{text}: move_with_key({key}) gives {found:?}, keyed otherwise"
            );
        }
    };
    // The default (no ply for any key) is allowed: then only the sweep.
    let gives = legal.iter().any(|&m| pos.move_key(m).is_some_and(|k| pos.move_with_key(k).is_some()));
    for &m in candidates.iter().filter(|_| gives) {
        let Some(key) = pos.move_key(m) else { continue };
        if legal.contains(&m) {
            assert_key_finds(pos, key, m, format_args!("{text}"));
        } else {
            found_legal(key, Some(m));
        }
    }
    for key in 0..KEYS_SWEPT {
        found_legal(key, None);
    }
}

/// For a game that gives [`Game::move_with_key`] (the harness's own check
/// also accepts the default, which finds nothing): on every position of
/// `games` seeded random games of at most `max_plies` plies from `start`,
/// every legal ply is found by its key. Returns the plies checked.
///
/// # Panics
/// When a legal ply has no key or its key does not find it.
pub fn check_move_with_key_given<G: Game>(start: &G, games: usize, max_plies: usize, seed: u64) -> usize {
    let mut plies = 0;
    random_games(start, games, max_plies, seed, |pos| {
        for m in legal_moves(pos) {
            let key = pos.move_key(m).unwrap_or_else(|| panic!("{pos:?}: the legal {m:?} has no key"));
            assert_key_finds(pos, key, m, format_args!("{pos:?}"));
            plies += 1;
        }
    });
    plies
}

/// Panics unless `key`, the key of the legal `m`, finds `m` (`at` names
/// the position).
fn assert_key_finds<G: Game>(pos: &G, key: u32, m: G::Move, at: std::fmt::Arguments<'_>) {
    assert_eq!(pos.move_with_key(key), Some(m), "{at}: move_with_key({key}) misses the legal {m:?}");
}

/// The keys [`check_move_with_key`] tries on every position, past those of
/// the candidate moves (all of morris' and Terni Lapilli's keys; Petteia's
/// go to 16,383, and each of its keys that names a ray is a candidate's).
const KEYS_SWEPT: u32 = 2048;

/// Reads `text` back, or panics naming the position.
fn reparse<G: FromStr>(text: &str, context: &str) -> G {
    match text.parse() {
        Ok(parsed) => parsed,
        Err(_) => panic!("{context}: the position text {text:?} does not parse"),
    }
}

/// Move texts and the position text round-trip; the key is the key of the
/// re-parsed position.
fn check_text<G: CheckedGame + Display + FromStr + PartialEq>(pos: &G, text: &str, moves: &[G::Move]) {
    for &m in moves {
        let move_text = pos.move_text(m);
        assert_eq!(
            pos.parse_move(&move_text),
            Ok(m),
            "{text}: parse_move(move_text({m:?})), parse_move({move_text:?}), is not {m:?}"
        );
    }
    let parsed: G = reparse(text, text);
    assert!(parsed == *pos, "{text}: the text parses to a different position, {parsed}");
    assert_eq!(parsed.to_string(), text, "{text}: the re-parsed position prints differently");
    assert_eq!(
        parsed.no_progress_count(),
        pos.no_progress_count(),
        "{text}: the re-parsed position has another no-progress count"
    );
    assert!(
        parsed.zobrist() == pos.zobrist(),
        "{text}: the key {:#x} differs from the key of the re-parsed position, {:#x} (computed from scratch)",
        pos.zobrist(),
        parsed.zobrist()
    );
}

/// Plies on copies: the original unchanged, the child and its key changed,
/// checked and unchecked play agree, the child's key matches its re-parsed
/// text; each child is met in `identities`.
fn check_plies<G: CheckedGame + Display + FromStr + PartialEq>(
    pos: &G,
    text: &str,
    moves: &[G::Move],
    identities: &mut Identities<G>,
) {
    let key = pos.zobrist();
    for &m in moves {
        let mut child = pos.clone();
        child.play_unchecked(m);
        assert!(
            pos.to_string() == text && pos.zobrist() == key,
            "{text}: playing {m:?} on a copy changed the original to {pos}"
        );
        assert!(child != *pos, "{text}: {m:?} left the position unchanged");
        let mut checked = pos.clone();
        if let Err(error) = checked.play(m) {
            panic!("{text}: the checked play of the legal move {m:?} failed: {error}");
        }
        assert!(checked == child, "{text}: the checked and the unchecked play of {m:?} differ");
        let child_text = child.to_string();
        let parsed: G = reparse(&child_text, text);
        assert!(
            parsed.zobrist() == child.zobrist(),
            "{text}: after {m:?} the key {:#x} differs from the key of the re-parsed position {child_text}, {:#x} (computed from scratch)",
            child.zobrist(),
            parsed.zobrist()
        );
        assert!(
            child.zobrist() != key,
            "{text}: {m:?} changes the position to {child_text} but not its key {key:#x} (Game::zobrist)"
        );
        if let Some(told) = pos.zobrist_after(m) {
            assert!(
                told == child.zobrist(),
                "{text}: the key after {m:?} told without playing it, {told:#x} (Game::zobrist_after), is not the key of {child_text}, {:#x}",
                child.zobrist()
            );
        }
        identities.meet(&child, text, Some(m));
    }
}

/// One sampled irreversible ply: the position must not recur after it.
fn check_irreversible<G: Game + Display>(pos: &G, text: &str, moves: &[G::Move]) {
    let irreversible: Vec<G::Move> = moves.iter().copied().filter(|&m| pos.is_irreversible(m)).collect();
    if irreversible.is_empty() {
        return;
    }
    let key = pos.zobrist();
    let mut rng = StdRng::seed_from_u64(key);
    let m = irreversible[rng.gen_range(0..irreversible.len())];
    let mut line = pos.clone();
    line.play_unchecked(m);
    let mut list = G::Moves::default();
    for ply in 0..=IRREVERSIBLE_PLIES {
        assert!(
            line.zobrist() != key,
            "{text}: {m:?} is irreversible, but the position recurs {ply} plies later, after {line}"
        );
        if !play_random_ply(&mut line, &mut list, &mut rng) {
            break;
        }
    }
}

/// Searches `searched` (the position `pos` itself, or a wrapper of it) to
/// depth 3, plays the principal variation on `pos` with the checked play
/// and checks that it is principal: it ends where the search ended (at the
/// depth searched, or earlier at a finished game), at a position whose
/// value, seen from the root, is the reported score. `label` names the
/// search in messages.
pub(crate) fn check_pv<G, S>(pos: &G, searched: &S, engine: &mut Engine<S>, text: &str, label: &str)
where
    G: CheckedGame,
    S: Game<Move = G::Move>,
{
    engine.clear();
    // Coarse, so that ties happen, and a function of the searched key, so
    // that a symmetry-keyed search sees the same value for twins.
    let eval = |p: &S| (p.zobrist() % 7) as i32 - 3;
    let history = History::new(searched.zobrist(), pos.no_progress_count());
    let analysis = engine.search_single(searched, &history, &Limits::depth(PV_DEPTH), &eval);
    let pv = &analysis.pv;
    if pos.outcome().is_some() {
        assert!(
            pv.is_empty(),
            "{text}: the {label}search gives the principal variation {pv:?} in a finished game"
        );
        return;
    }
    let Some(best) = analysis.best_move else {
        panic!("{text}: the {label}search found no move in a game that goes on");
    };
    assert_eq!(
        pv.first(),
        Some(&best),
        "{text}: the {label}principal variation {pv:?} does not start with {best:?}"
    );
    let mut line = pos.clone();
    let mut leaf = searched.clone();
    for (i, &m) in pv.iter().enumerate() {
        if let Err(error) = line.play(m) {
            panic!("{text}: ply {} of the {label}principal variation {pv:?} is illegal: {error}", i + 1);
        }
        leaf.play_unchecked(m);
    }
    let plies = pv.len() as i32;
    let value = match leaf.outcome() {
        Some(Outcome::Win) => WIN - plies,
        Some(Outcome::Loss) => -(WIN - plies),
        Some(Outcome::Draw) => 0,
        None => {
            assert_eq!(
                pv.len() as u32,
                analysis.depth,
                "{text}: the {label}principal variation {pv:?} stops short of the depth searched"
            );
            eval(&leaf)
        }
    };
    let value = if leaf.side_to_move() == searched.side_to_move() { value } else { -value };
    assert_eq!(
        value, analysis.score,
        "{text}: the {label}principal variation {pv:?} ends at a position worth {value}, not the score"
    );
}
