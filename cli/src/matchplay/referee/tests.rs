//! Tests of the referee: the parsing of engine lines, the read-back check
//! and the `position` command.

use super::*;

#[test]
fn bestmove_is_found_anywhere_on_its_line() {
    assert_eq!(bestmove_of("bestmove d6"), Some("d6"));
    assert_eq!(bestmove_of("bestmove a1-a4 ponder d7"), Some("a1-a4"));
    assert_eq!(bestmove_of("info score -12 bestmove xg7"), Some("xg7"));
    assert_eq!(bestmove_of("info depth 3 score cp 5 nodes 10 bestmove draw"), Some("draw"));
    assert_eq!(bestmove_of("bestmove"), Some(""));
    assert_eq!(bestmove_of("info string no bestmoves here"), None);
}

#[test]
fn info_lines_give_depth_and_score() {
    assert_eq!(info_of("info depth 12 score cp -35 nodes 5 pv d6 d5"), (Some(12), Some("cp -35".into())));
    assert_eq!(info_of("info depth 7 score mate -4 nodes 1"), (Some(7), Some("mate -4".into())));
    assert_eq!(info_of("info score 17 bestmove d6"), (None, Some("cp 17".into())));
    assert_eq!(info_of("info depth 9 score cp 0 nodes 3 bestmove a1"), (Some(9), Some("cp 0".into())));
    assert_eq!(info_of("info string depth 3 score cp 5"), (None, None));
    assert_eq!(info_of("bestmove d6"), (None, None));
    assert_eq!(info_of("info depth x"), (None, None));
}

/// Engine output lines.
fn lines(texts: &[&str]) -> Vec<Line> {
    texts.iter().map(|t| Line { at: Instant::now(), text: t.to_string() }).collect()
}

fn morris() -> lapilli_morris::descriptor::GameVariant {
    use lapilli_registry::{Descriptor, GivenOptions};
    lapilli_morris::descriptor::Games.variant("nine-mens-morris", &GivenOptions::default()).unwrap()
}

/// The nine men's morris position after `moves`.
fn after(moves: &[&str]) -> lapilli_morris::Position {
    let mut pos = morris().start();
    for m in moves {
        pos.play(pos.parse_move(m).unwrap()).unwrap();
    }
    pos
}

fn verdict(c: Check) -> (&'static str, String) {
    match c {
        Check::Agrees => ("agrees", String::new()),
        Check::Differs(what) => ("differs", what),
        Check::Fatal(what) => ("fatal", what),
    }
}

#[test]
fn read_backs_are_compared_with_the_rules_position() {
    let v = morris();
    let pos = after(&["d6", "d5", "f4"]);
    let check = |mode, texts: &[&str], pos: &lapilli_morris::Position| {
        verdict(check_answer(&v, mode, &lines(texts), pos, false))
    };
    // Without a read-back only refusals count.
    assert_eq!(check(Readback::None, &["info string hello"], &pos).0, "agrees");
    let (v1, what) = check(Readback::None, &["info string illegal move ignored: f4"], &pos);
    assert_eq!(v1, "differs");
    assert!(what.contains("refused the history") && what.contains("f4"), "{what}");
    // lapilli's text after `d`, exactly.
    let text = format!("Fen: {pos}");
    assert_eq!(check(Readback::D, &["7 diagram", &text], &pos).0, "agrees");
    let (v2, what) = check(Readback::D, &[&text], &after(&["d6", "d5"]));
    assert_eq!(v2, "differs");
    assert!(what.contains("the rules give"), "{what}");
    // The C++ Sanmill's FEN after `d`, and the Rust one's after `fen`.
    let cpp = "Fen: @*******/O*O*****/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0 2";
    assert_eq!(check(Readback::D, &[cpp, "Key: 0"], &pos).0, "agrees");
    let (v3, what) = check(Readback::D, &[cpp], &after(&["d6", "d5", "f4", "a1"]));
    assert_eq!(v3, "differs");
    assert!(what.contains("a1: Sanmill has empty, lapilli has Black"), "{what}");
    let rust = "fen @*******/O*O*****/******** b p p 2 7 1 8 0 0 -1 -1 -1 -1 0 0 2 ids:nodes";
    assert_eq!(check(Readback::Fen, &["info string x", rust], &pos).0, "agrees");
    assert_eq!(check(Readback::Fen, &[rust], &after(&["d6"])).0, "differs");
    let (v4, what) = check(Readback::Fen, &["fen garbage"], &pos);
    assert_eq!(v4, "differs");
    assert!(what.contains("does not read"), "{what}");
    // No read-back line: the engine does not answer the command.
    let (v5, what) = check(Readback::Fen, &["info string unknown command \"fen\""], &pos);
    assert_eq!(v5, "fatal");
    assert!(what.contains("unknown command"), "{what}");
    // After a draw the record adjudicated, a Sanmill FEN is not
    // compared (the Rust Sanmill marks such games over); lapilli's text is.
    let over = "fen @*******/O*O*****/******** w o ? 2 7 1 8 0 0 -1 -1 -1 -1 0 0 2 ids:nodes";
    assert_eq!(verdict(check_answer(&v, Readback::Fen, &lines(&[over]), &pos, true)).0, "agrees");
    assert_eq!(verdict(check_answer(&v, Readback::Fen, &lines(&[over]), &pos, false)).0, "differs");
    let wrong = "Fen: ......../......../........ w 9 9 -";
    assert_eq!(verdict(check_answer(&v, Readback::D, &lines(&[wrong]), &pos, true)).0, "differs");
    // A Sanmill FEN means nothing for another game.
    assert!(readback_fits(&v, Readback::Fen));
    use lapilli_registry::{Descriptor, GivenOptions};
    let terni =
        lapilli_terni_lapilli::descriptor::Games.variant("terni-lapilli", &GivenOptions::default()).unwrap();
    assert!(!readback_fits(&terni, Readback::Fen) && readback_fits(&terni, Readback::D));
    let start = terni.start();
    let (v6, what) = verdict(check_answer(&terni, Readback::D, &lines(&[cpp]), &start, false));
    assert_eq!(v6, "differs");
    assert!(what.contains("does not read as a position of the game"), "{what}");
}

#[test]
fn the_position_command_carries_the_whole_history() {
    assert_eq!(position_command(None, &[]), "position startpos");
    assert_eq!(position_command(None, &["d1".into(), "xg7".into()]), "position startpos moves d1 xg7");
    assert_eq!(position_command(Some("a b"), &["d1".into()]), "position fen a b moves d1");
}
