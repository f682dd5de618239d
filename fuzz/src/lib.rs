//! The checks shared by the fuzz targets, written against the public rules
//! traits only (`lapilli_game::CheckedGame`, `Display`, `FromStr`), so
//! that one function checks every game.
//!
//! A fuzz input is refused (any `Err`) or accepted; either is fine. A panic
//! is a bug: in the parsers, in the rules, or a broken property asserted
//! here (every assertion message starts with the position text).

use lapilli_registry::VariantDescriptor;
use lapilli_game::{CheckedGame, Ending, Game, GameRecord, MoveList, Outcome, RecordError};
use std::fmt::Display;
use std::str::FromStr;

/// The bytes as text: invalid UTF-8 is read lossily, so that every input
/// reaches the parsers.
pub fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// The legal moves of `pos`.
pub fn legal_moves<G: Game>(pos: &G) -> Vec<G::Move> {
    let mut list = G::Moves::default();
    pos.legal_moves(&mut list);
    list.as_slice().to_vec()
}

/// Everything a parsed position must satisfy: its text prints back and
/// reads back to an equal position with the same key and count; the game
/// contract (outcome iff no legal moves, ending iff outcome, the winner);
/// generation agrees with the legality check on every candidate move;
/// every legal move's text reads back to it and plays on a copy (checked
/// and unchecked alike) to a position whose text reads back with the same
/// key; a refused play leaves the position unchanged.
pub fn check_position<G>(pos: &G)
where
    G: CheckedGame + Display + FromStr + PartialEq,
{
    let text = pos.to_string();
    let back: G = match text.parse() {
        Ok(back) => back,
        Err(_) => panic!("{text}: the printed text does not parse"),
    };
    assert!(back == *pos, "{text}: the printed text parses to another position, {back}");
    assert_eq!(back.to_string(), text, "{text}: prints differently once re-parsed");
    assert_eq!(back.zobrist(), pos.zobrist(), "{text}: the key differs from the re-parsed key");
    assert_eq!(back.no_progress_count(), pos.no_progress_count(), "{text}: the count differs");

    let moves = legal_moves(pos);
    let outcome = pos.outcome();
    assert_eq!(
        outcome.is_some(),
        moves.is_empty(),
        "{text}: outcome {outcome:?} with {} legal moves",
        moves.len()
    );
    let ending = pos.ending();
    assert_eq!(ending.is_some(), outcome.is_some(), "{text}: ending {ending:?}, outcome {outcome:?}");
    if let Some(e) = ending {
        assert!(!e.name().is_empty() && !e.to_string().is_empty(), "{text}: ending {e:?} has no name");
    }
    let (winner, side) = (pos.winner(), pos.side_to_move());
    let consistent = match outcome {
        Some(Outcome::Win) => winner == Some(side),
        Some(Outcome::Loss) => winner.is_some() && winner != Some(side),
        Some(Outcome::Draw) | None => winner.is_none(),
    };
    assert!(consistent, "{text}: winner {winner:?}, outcome {outcome:?}, {side:?} to move");
    let _ = pos.no_progress_limit();
    let _ = pos.draw_rules_apply();

    let key = pos.zobrist();
    for m in pos.candidate_moves() {
        let legal = moves.contains(&m);
        assert_eq!(pos.check(m).is_ok(), legal, "{text}: check and generation disagree on {m:?}");
        if !legal {
            let mut copy = pos.clone();
            assert!(copy.play(m).is_err(), "{text}: the illegal {m:?} was played");
            assert!(copy == *pos && copy.zobrist() == key, "{text}: a refused {m:?} changed the position");
        }
    }
    for &m in &moves {
        let move_text = pos.move_text(m);
        assert!(pos.parse_move(&move_text) == Ok(m), "{text}: {move_text:?} does not read back as {m:?}");
        let mut checked = pos.clone();
        if let Err(e) = checked.play(m) {
            panic!("{text}: the legal {m:?} was refused: {e}");
        }
        let mut unchecked = pos.clone();
        unchecked.play_unchecked(m);
        assert!(checked == unchecked, "{text}: checked and unchecked {m:?} differ");
        let child = checked.to_string();
        let parsed: G = match child.parse() {
            Ok(parsed) => parsed,
            Err(_) => panic!("{text}: after {m:?}, the text {child:?} does not parse"),
        };
        assert!(parsed == checked, "{text}: after {m:?}, {child:?} parses to another position");
        assert_eq!(parsed.zobrist(), checked.zobrist(), "{text}: after {m:?}, the key of {child:?} differs");
    }
    let _ = GameRecord::new(pos.clone(), pos.no_progress_count()).status();
}

/// Reads `text` with a registry variant: it is accepted exactly when it is
/// a position (`parsed`) and of this variant; an accepted position's
/// diagram, prompt and result text do not panic, and a perft of depth 1
/// counts the legal moves.
pub fn check_variant<V>(variant: &V, text: &str, parsed: Option<&V::Position>)
where
    V: VariantDescriptor,
    V::Position: PartialEq,
{
    match (variant.parse_position(text), parsed) {
        (Ok(pos), Some(parsed)) => {
            assert!(pos == *parsed, "{text}: the registry reads another position");
            assert!(variant.mismatch(&pos).is_none(), "{text}: accepted with a mismatch");
            let _ = variant.diagram(&pos, None);
            let _ = variant.prompt(&pos);
            let _ = variant.result_text(&pos);
            let moves = legal_moves(&pos).len() as u64;
            assert_eq!(variant.perft(&pos, 1), moves, "{text}: perft 1 differs from the legal moves");
        }
        (Ok(_), None) => panic!("{text}: the registry reads text that is no position"),
        (Err(e), _) => {
            let _ = e.to_string();
        }
    }
}

/// Reads the words of `moves` (split on ASCII whitespace) one at a time in
/// the current position, with [`CheckedGame::parse_move`] and
/// [`CheckedGame::parse_plies`], and plays each ply read with
/// [`GameRecord::play`] beside the position's own checked
/// [`CheckedGame::play`]. Errors are fine (an unreadable word is skipped, a
/// refused ply ends its word); every position reached is checked with
/// [`check_after_ply`], and the record and the checked play must agree.
pub fn play_words<G>(start: G, moves: &str)
where
    G: CheckedGame + Display + FromStr + PartialEq,
{
    let mut record = GameRecord::new(start.clone(), start.no_progress_count());
    for word in moves.split_ascii_whitespace() {
        let pos = record.position().clone();
        let text = pos.to_string();
        if let Ok(m) = pos.parse_move(word) {
            let move_text = pos.move_text(m);
            assert!(
                pos.parse_move(&move_text) == Ok(m),
                "{text}: {word:?} reads as {m:?}, written {move_text:?}, which does not read back"
            );
            let legal = legal_moves(&pos).contains(&m);
            assert_eq!(pos.is_legal(m), legal, "{text}: is_legal and generation disagree on {word:?}");
        }
        let Ok(plies) = pos.parse_plies(word) else {
            continue;
        };
        for m in plies {
            let before = record.position().clone();
            let before_text = before.to_string();
            let key = before.zobrist();
            let mut checked = before.clone();
            let played = checked.play(m);
            if played.is_err() {
                assert!(
                    checked == before && checked.zobrist() == key,
                    "{before_text}: the refused {m:?} ({word:?}) changed the position"
                );
            }
            let status = record.status();
            match record.play(m) {
                Ok(()) => {
                    assert!(
                        status.is_none(),
                        "{before_text}: the record played {word:?} after the end ({status:?})"
                    );
                    assert!(
                        played.is_ok(),
                        "{before_text}: the record played {word:?}, which the position refuses"
                    );
                    assert!(
                        *record.position() == checked,
                        "{before_text}: the record and the position differ after {word:?}"
                    );
                    check_after_ply(record.position());
                }
                Err(RecordError::Finished(a)) => {
                    assert_eq!(status, Some(a), "{before_text}: the record ended without saying so");
                    let _ = a.to_string();
                    break;
                }
                Err(RecordError::Illegal(e)) => {
                    assert!(
                        played.is_err(),
                        "{before_text}: the record refused {word:?}, which the position plays"
                    );
                    assert!(*record.position() == before, "{before_text}: a refused ply changed the record");
                    let _ = e.to_string();
                    break;
                }
            }
        }
    }
    let _ = record.status();
}

/// The cheap checks on a position reached by play: its text reads back to
/// it with the same key, and the game contract holds.
pub fn check_after_ply<G>(pos: &G)
where
    G: CheckedGame + Display + FromStr + PartialEq,
{
    let text = pos.to_string();
    let back: G = match text.parse() {
        Ok(back) => back,
        Err(_) => panic!("{text}: the text of a position reached by play does not parse"),
    };
    assert!(back == *pos, "{text}: reads back as another position");
    assert_eq!(back.zobrist(), pos.zobrist(), "{text}: the incremental key differs from the key read back");
    assert_eq!(back.no_progress_count(), pos.no_progress_count(), "{text}: the count differs once read back");
    let moves = legal_moves(pos);
    assert_eq!(pos.outcome().is_some(), moves.is_empty(), "{text}: outcome and legal moves disagree");
    assert_eq!(pos.ending().is_some(), pos.outcome().is_some(), "{text}: ending and outcome disagree");
}

/// Picks the start a moves target plays from: the first byte indexes
/// `starts` (wrapping); the rest is the move text.
pub fn split_start<'a, T>(data: &'a [u8], starts: &'a [T]) -> Option<(&'a T, &'a [u8])> {
    let (&first, rest) = data.split_first()?;
    Some((&starts[usize::from(first) % starts.len()], rest))
}

/// Starts for `terni_moves`: every game of the family with both centre
/// rules, and Terni Lapilli positions in the placing and the sliding phase.
pub fn terni_starts() -> Vec<lapilli_terni_lapilli::Position> {
    use lapilli_terni_lapilli::{Position, Rules};
    let mut starts: Vec<Position> =
        Rules::all().into_iter().flat_map(|r| [Position::start(r), Position::start(r.no_centre_first())]).collect();
    starts.extend(parse_all::<Position>(&[
        "B.......W b",
        "B.......W b no-centre-first",
        "BB.W.BW.W w",
        "B.W.B.W.. b",
        "BW.B..W.. b",
        "BWB.W.W.B b",
        ".WBWB.B.W w no-centre-first",
    ]));
    starts
}

/// Morris starts for `morris_moves`: every variant with and without flying,
/// and positions with a removal pending, in the sliding and flying phases,
/// and with the no-progress counter near its limit (issue 10, item 2).
pub fn morris_starts() -> Vec<lapilli_morris::Position> {
    use lapilli_morris::{Position, Rules, Variant};
    let mut starts = Vec::new();
    for v in Variant::ALL {
        let rules = Rules::new(v);
        starts.push(Position::start(rules));
        starts.push(Position::start(Rules { flying: !rules.flying, ..rules }));
    }
    starts.extend(parse_all::<Position>(&[
        "WW.W..../B.....W./B...B... w 0 0 - 99",
        "WW.W..../B.....W./B...B... w 0 0 - 98",
        "WW.W..../B.....W./B...B... w 0 0 -",
        "WW.W..../B.....W./B...B... w 0 0 - 97 no-flying",
        "WWW..B../.B....../........ w 6 7 x",
        "WWW..B../.B....../........ w 6 7 x 7",
        "WWW.BBB./W...BB../....B... w 0 0 x",
        "W.W...../..B...B./.B..B..W w 0 0 - 37",
        "W.W...../..B...B./.B..B..W b 0 0 -",
        "W.W...../.B.B.B.W b 0 0 - six-mens-morris",
        "W.W...../.B.B.B.W b 0 0 - six-mens-morris flying",
        ".W....B./.WB.B... w 3 3 - six-mens-morris",
        "BB..B.W./B..W.W.W/BWB.W... w 0 0 -",
        "WW....../B......./B....... w 7 7 -",
        "W......./......../.......B w 9 9 - lasker-morris",
        "WW.W..../B.....W./B...B... w 6 7 - 90 lasker-morris",
        "W......./......../.......B w 11 11 - twelve-mens-morris",
        "WBWBWB../BWBWBW../WBWBWB.. w 3 3 - twelve-mens-morris",
    ]));
    starts
}

/// Petteia starts for `petteia_moves`: the standard game and the Dux
/// variant on several board sizes, under each rule option, and endgames,
/// some with the no-progress count near its limit.
pub fn petteia_starts() -> Vec<lapilli_petteia::Position> {
    use lapilli_petteia::{DuxPlacement, Position, Rules, Setup, Variant};
    let rules = [
        Rules::default(),
        Rules { edge_anvil: true, corner_capture: true, no_progress_limit: Some(12) },
        Rules { edge_anvil: false, corner_capture: true, no_progress_limit: None },
        Rules { edge_anvil: true, corner_capture: false, no_progress_limit: Some(1) },
    ];
    let mut starts = Vec::new();
    for (i, (w, h)) in
        [(8, 8), (8, 12), (9, 10), (3, 5), (16, 8), (25, 5), (5, 25), (11, 11)].into_iter().enumerate()
    {
        for variant in [Variant::Standard, Variant::Dux] {
            let setup =
                Setup::new(variant).size(w, h).expect("a supported size").rules(rules[i % rules.len()]);
            starts.push(setup.start());
            if i == 0 {
                for r in &rules[1..] {
                    starts.push(setup.rules(*r).start());
                }
                starts.push(setup.dux_placement(DuxPlacement::SameFile).start());
            }
        }
    }
    starts.extend(parse_all::<Position>(&[
        "3d4/m7/8/2m5/8/5M2/7M/4D3 b 3",
        "m6m/8/8/8/8/8/8/M6M w 98",
        "m6m/8/8/8/8/8/8/M6M w 99 corners",
        "8/8/3M4/3m4/1Mm1mM2/8/8/3M4 w 7 anvil",
        "m3m3/8/8/8/8/8/8/M3M3 w 0 anvil corners no-progress=30",
        "7m/8/8/8/2m1m3/8/M7/8 w 0",
        "7m/8/8/8/8/8/mm6/MMm5 w 0",
        "8/8/M7/m7/8/8/8/M6m w 0",
        "mM5M/m2M2M1/M4M2/2M4M/4M3/M5M1/1M3M2/M2M3M w 0",
        "m5mm/8/8/8/8/8/8/MM3MMM w 0",
        "d2m4/8/8/8/8/8/8/3MD3 w 0",
        "dm6/m7/8/8/8/8/7M/6MD b 40 anvil corners",
    ]));
    starts
}

/// Parses each text, panicking on one that is no position (the start lists
/// are fixed: `cargo test` in this crate checks them).
fn parse_all<G: FromStr<Err: Display>>(texts: &[&str]) -> Vec<G> {
    let mut bad = Vec::new();
    let mut starts = Vec::new();
    for t in texts {
        match t.parse() {
            Ok(pos) => starts.push(pos),
            Err(e) => bad.push(format!("{t:?}: {e}")),
        }
    }
    assert!(bad.is_empty(), "starts that are no position:\n{}", bad.join("\n"));
    starts
}

/// The move words of a random game of at most `plies` plies from `start`
/// (a small xorshift generator seeded with `seed`), as `play_words` reads
/// them: the seed inputs of the moves targets (`write_seeds`).
pub fn random_game_words<G: CheckedGame>(start: &G, plies: usize, seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut pos = start.clone();
    let mut words = Vec::new();
    for _ in 0..plies {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let m = moves[(state % moves.len() as u64) as usize];
        words.push(pos.move_text(m));
        pos.play_unchecked(m);
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes the seed corpus under `seeds/` (run by hand:
    /// `cargo test --lib -- --ignored write_seeds`): position texts for
    /// the position targets, and a start byte and a random game for the
    /// moves targets.
    #[test]
    #[ignore]
    fn write_seeds() {
        fn write<G: CheckedGame + Display>(name: &str, game: &str, starts: &[G]) {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
            let (positions, moves) =
                (dir.join(format!("{game}_position")), dir.join(format!("{game}_moves")));
            std::fs::create_dir_all(&positions).unwrap();
            std::fs::create_dir_all(&moves).unwrap();
            for (i, start) in starts.iter().enumerate() {
                std::fs::write(positions.join(format!("{i:02}")), start.to_string()).unwrap();
                let mut input = vec![i as u8];
                input.extend(random_game_words(start, 60, i as u64 + 1).bytes());
                std::fs::write(moves.join(format!("{i:02}")), input).unwrap();
            }
            let _ = name;
        }
        write("Terni Lapilli", "terni", &terni_starts());
        write("morris", "morris", &morris_starts());
        write("petteia", "petteia", &petteia_starts());
    }

    #[test]
    fn starts_parse_and_pass_the_checks() {
        for pos in terni_starts() {
            check_position(&pos);
        }
        for pos in morris_starts() {
            check_position(&pos);
        }
        for pos in petteia_starts() {
            check_position(&pos);
        }
        assert!(morris_starts().len() > 20 && petteia_starts().len() > 20);
    }
}
