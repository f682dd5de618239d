//! `lapilli uci`: the Sanmill-like protocol driven through pipes, as a
//! match harness drives it.

mod common;

use lapilli_game::{CheckedGame, Game};
use lapilli_morris::{Position, Rules};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A nine men's morris position that threefold repetition ends with the
/// moves [`REPETITION`].
const MORRIS: &str = "WW.W..../B.....W./B...B... w 0 0 -";
const REPETITION: &str = "g4-g1 b6-a1 g1-g4 a1-b6 g4-g1 b6-a1 g1-g4 a1-b6";

/// A running `lapilli uci`, its output lines read on a thread.
struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Uci {
    fn start(args: &[&str]) -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lapilli"))
            .arg("uci")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the program starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                if send.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Uci { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The lines up to the first that starts with `prefix` (included),
    /// within `timeout`.
    fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no {prefix:?} within {timeout:?}; saw {seen:?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the program ended before {prefix:?}; saw {seen:?}")
                }
            }
        }
    }

    /// The move of the `bestmove` line among `lines`.
    fn best(lines: &[String]) -> String {
        lines.last().unwrap().strip_prefix("bestmove ").unwrap().to_string()
    }

    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(Instant::now() < deadline, "quit did not end the program");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// The nine men's morris position after `moves` (each a word of plies).
fn after(moves: &str) -> Position {
    let mut pos = Position::start(Rules::default());
    for word in moves.split_whitespace() {
        for m in pos.parse_plies(word).unwrap() {
            pos.check(m).unwrap();
            pos.play_unchecked(m);
        }
    }
    pos
}

/// Whether `text` is one legal ply in `pos`.
fn is_legal(pos: &Position, text: &str) -> bool {
    matches!(pos.parse_plies(text).as_deref(), Ok([m]) if pos.check(*m).is_ok())
}

#[test]
fn handshake_and_a_depth_search_answer_a_legal_move() {
    let mut uci = Uci::start(&[]);
    uci.send("uci");
    let lines = uci.until("uciok", Duration::from_secs(5));
    assert!(lines[0].starts_with("id name lapilli "), "{lines:?}");
    for option in ["option name Hash type spin default 16", "option name Threads type spin default 1"] {
        assert!(lines.iter().any(|l| l.starts_with(option)), "{option}: {lines:?}");
    }
    uci.send("isready");
    assert_eq!(uci.until("readyok", Duration::from_secs(1)), ["readyok"]);
    uci.send("ucinewgame");
    uci.send("position startpos moves d7 d6");
    uci.send("go depth 4");
    let lines = uci.until("bestmove", Duration::from_secs(5));
    let info = lines.iter().find(|l| l.starts_with("info depth 4 score ")).expect("an info line at depth 4");
    assert!(info.contains(" nodes ") && info.contains(" time ") && info.contains(" pv "), "{info}");
    let best = Uci::best(&lines);
    let pos = after("d7 d6");
    assert!(is_legal(&pos, &best), "{best} in {pos}");
    // The line's first ply is the best move.
    assert_eq!(info.split(" pv ").nth(1).unwrap().split(' ').next(), Some(best.as_str()), "{info}");

    // The same process searches again, from another position: the engine
    // is reused.
    uci.send(&format!("position startpos moves d7 d6 {best}"));
    uci.send("go nodes 3000");
    let lines = uci.until("bestmove", Duration::from_secs(5));
    let next = Uci::best(&lines);
    let pos = after(&format!("d7 d6 {best}"));
    assert!(is_legal(&pos, &next), "{next} in {pos}");
    uci.quit();
}

#[test]
fn stop_and_movetime_answer_in_time() {
    let mut uci = Uci::start(&["nine-mens-morris"]);
    uci.send("position startpos");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    // isready is answered while the search runs.
    uci.send("isready");
    assert_eq!(uci.until("readyok", Duration::from_millis(500)), ["readyok"]);
    let stopped = Instant::now();
    uci.send("stop");
    let lines = uci.until("bestmove", Duration::from_secs(1));
    assert!(stopped.elapsed() < Duration::from_secs(1), "{:?}", stopped.elapsed());
    assert!(is_legal(&after(""), &Uci::best(&lines)), "{lines:?}");

    uci.send("position startpos moves d7");
    let started = Instant::now();
    uci.send("go movetime 150");
    let lines = uci.until("bestmove", Duration::from_millis(1500));
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(150), "{took:?}");
    assert!(is_legal(&after("d7"), &Uci::best(&lines)), "{lines:?}");
    uci.quit();
}

#[test]
fn illegal_moves_and_finished_games_are_reported() {
    let mut uci = Uci::start(&[]);
    // d7 is taken: the position stays after d7 alone.
    uci.send("position startpos moves d7 d7 a1");
    let lines = uci.until("info string", Duration::from_secs(1));
    assert!(lines[0].starts_with("info string illegal move d7: "), "{lines:?}");
    uci.send("d");
    let lines = uci.until("Fen: ", Duration::from_secs(1));
    assert_eq!(lines.last().unwrap(), &format!("Fen: {}", after("d7")));
    uci.send("position startpos moves zz9");
    let lines = uci.until("info string", Duration::from_secs(1));
    assert!(lines[0].starts_with("info string illegal move zz9: "), "{lines:?}");

    // Threefold repetition from the moves given.
    uci.send(&format!("position fen {MORRIS} moves {REPETITION}"));
    uci.send("go depth 3");
    let lines = uci.until("bestmove", Duration::from_secs(2));
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("info string game over: ") && lines[0].contains("repetition"), "{lines:?}");
    assert_eq!(lines[1], "bestmove none");
    // A move after the end is refused.
    uci.send(&format!("position fen {MORRIS} moves {REPETITION} g4-g1"));
    let lines = uci.until("info string", Duration::from_secs(1));
    assert!(lines[0].starts_with("info string illegal move g4-g1: the game is over"), "{lines:?}");
    // The no-progress rule, from the position's own count.
    uci.send(&format!("position fen {MORRIS} 100"));
    uci.send("go");
    let lines = uci.until("bestmove", Duration::from_secs(2));
    assert_eq!(lines[1], "bestmove none", "{lines:?}");
    // The same position before the repetition is searched.
    uci.send(&format!("position fen {MORRIS}"));
    uci.send("go depth 2");
    let lines = uci.until("bestmove", Duration::from_secs(2));
    let pos: Position = MORRIS.parse().unwrap();
    assert!(is_legal(&pos, &Uci::best(&lines)), "{lines:?}");
    uci.quit();
}

#[test]
fn options_are_set_or_refused_in_words() {
    let mut uci = Uci::start(&[]);
    uci.send("setoption name Hash value 32");
    uci.send("setoption name Threads value 2");
    uci.send("setoption name SkillLevel value 30");
    let lines = uci.until("info string", Duration::from_secs(2));
    assert_eq!(lines.len(), 1, "Hash and Threads are accepted silently: {lines:?}");
    assert!(lines[0].contains("unknown option \"SkillLevel\""), "{lines:?}");
    uci.send("setoption name Threads value 0");
    let lines = uci.until("info string", Duration::from_secs(1));
    assert!(lines[0].contains("Threads") && lines[0].contains("from 1 to 64"), "{lines:?}");
    uci.send("setoption name Hash value lots");
    let lines = uci.until("info string", Duration::from_secs(1));
    assert!(lines[0].contains("Hash"), "{lines:?}");
    uci.send("frobnicate");
    let lines = uci.until("info string", Duration::from_secs(1));
    assert!(lines[0].contains("unknown command"), "{lines:?}");
    // The engine with the new table and two threads searches.
    uci.send("position startpos moves d7 d6");
    uci.send("go depth 3");
    let lines = uci.until("bestmove", Duration::from_secs(5));
    assert!(is_legal(&after("d7 d6"), &Uci::best(&lines)), "{lines:?}");
    uci.quit();
}

#[test]
fn the_end_of_the_input_waits_for_a_search_with_limits() {
    let out = Command::new(env!("CARGO_BIN_EXE_lapilli"))
        .args(["uci", "terni-lapilli"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(b"position startpos moves 4\ngo depth 5\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    // Depth 5 was completed, not cut short by the end of the input.
    assert!(lines[0].starts_with("info depth 5 score "), "{text}");
    let best = lines[1].strip_prefix("bestmove ").unwrap();
    let mut pos = lapilli_terni_lapilli::Position::start(lapilli_terni_lapilli::Rules::default());
    pos.play_unchecked(pos.parse_plies("4").unwrap()[0]);
    assert!(pos.parse_plies(best).is_ok_and(|m| m.len() == 1 && pos.check(m[0]).is_ok()), "{best}");
}

#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_engine_lives_on() {
    // One byte 0xff between two isready: both answered, the bad line too,
    // and a search started after it still ends with its bestmove.
    let mut child = Command::new(env!("CARGO_BIN_EXE_lapilli"))
        .args(["uci", "terni-lapilli"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"isready\n\xff\xfe\r\nisready\nposition startpos\ngo depth 3\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.iter().filter(|l| **l == "readyok").count(), 2, "{text}");
    assert!(lines.contains(&"info string a line that is not UTF-8 text; ignored"), "{text}");
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove ")), "{text}");
}

#[test]
fn a_stop_at_once_after_go_still_answers_a_searched_move() {
    // `go` and `stop` in one write, and a 1 ms movetime: each answer comes
    // after an `info depth D` line with D at least 1, never the unsearched
    // first legal move at depth 0.
    for (game, go) in [
        ("nine-mens-morris", "go infinite\nstop"),
        ("nine-mens-morris", "go movetime 1"),
        ("petteia", "go wtime 1 btime 1"),
        ("terni-lapilli", "go infinite\nstop"),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lapilli"))
            .args(["uci", game])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the program starts");
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "position startpos\n{go}").unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let depths: Vec<u32> = text
            .lines()
            .filter_map(|l| l.strip_prefix("info depth "))
            .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
            .collect();
        assert!(text.lines().last().is_some_and(|l| l.starts_with("bestmove ")), "{game} {go:?}: {text}");
        assert!(depths.last().is_some_and(|&d| d >= 1), "{game} {go:?}: {text}");
    }
}

/// A reproducible stream of protocol noise: commands with random words,
/// bytes that are not UTF-8, NUL, CR, long lines; seeded xorshift.
fn noise(seed: u64) -> Vec<u8> {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    const WORDS: [&str; 16] = [
        "position",
        "startpos",
        "fen",
        "moves",
        "go movetime 3",
        "depth",
        "movetime",
        "nodes",
        "setoption",
        "name",
        "value",
        "Hash",
        "Threads",
        "ucinewgame",
        "d",
        "stop",
    ];
    let mut out = Vec::new();
    for _ in 0..(next() % 40) {
        match next() % 4 {
            0 => (0..next() % 300).for_each(|_| out.push(next() as u8)),
            1 => out.extend_from_slice(&vec![b'x'; (next() % 100_000) as usize]),
            _ => {
                for _ in 0..=(next() % 6) {
                    let word = WORDS[(next() % 16) as usize];
                    out.extend_from_slice(word.as_bytes());
                    out.push(b' ');
                    if next() % 3 == 0 {
                        // Small numbers, so that every search is short.
                        out.extend_from_slice((next() % 6).to_string().as_bytes());
                        out.push(b' ');
                    }
                }
            }
        }
        out.extend_from_slice(if next() % 5 == 0 { b"\r\n" } else { b"\n" });
    }
    out.extend_from_slice(b"\nisready\n");
    out
}

#[test]
fn protocol_noise_never_ends_the_engine() {
    // Forty streams of noise, each ended by isready: the engine answers
    // readyok (then at most a running search's answer), exits 0, and
    // never panics.
    for seed in 0..40 {
        let input = noise(seed);
        let mut child = Command::new(env!("CARGO_BIN_EXE_lapilli"))
            .args(["uci", ["nine-mens-morris", "terni-lapilli", "petteia"][seed as usize % 3]])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the program starts");
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "seed {seed}: {:?} {stderr}", out.status);
        assert!(!stderr.contains("panicked"), "seed {seed}: {stderr}");
        // After the final readyok only a search still running may answer.
        let tail: Vec<&str> = text.lines().skip_while(|l| *l != "readyok").skip(1).collect();
        assert!(text.lines().any(|l| l == "readyok"), "seed {seed}: {text}");
        assert!(
            tail.iter().all(|l| l.starts_with("info ") || l.starts_with("bestmove ") || *l == "readyok"),
            "seed {seed}: {tail:?}"
        );
    }
}

#[test]
fn a_line_longer_than_any_command_is_dropped_and_the_engine_lives_on() {
    // 3 MiB without a newline, then isready: the long line is answered
    // with info string (not read into memory whole), isready is answered.
    let mut child = Command::new(env!("CARGO_BIN_EXE_lapilli"))
        .args(["uci", "nine-mens-morris"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut input = vec![b'p'; 3 << 20];
        input.extend_from_slice(b"\nisready\n");
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines, ["info string a line longer than 1024 KiB; ignored", "readyok"], "{text}");
}

/// `--tablebase DIR` without `--perfect`: the engine plays from the tables
/// where they cover the root, so a won 3-against-3 position shows its exact
/// value, where the engine alone sees its heuristic at depth 1; a folder
/// that cannot be read is an error before the protocol starts.
#[test]
fn the_engine_probes_endgame_tables_inside_its_search() {
    let dir = common::TempDir::new("uci-tables");
    let built = common::lapilli(
        &["tablebase", "build", "nine-mens-morris", "--max-pieces", "3", "--out", dir.text(), "--json"],
        "",
    );
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    // White mills at d7 with g4-g7 and then removes: a win in 2 plies.
    let won = "position fen WW.W..../B...B.../B....... w 0 0 -";
    for (args, score) in [
        (vec!["nine-mens-morris", "--tablebase", dir.text()], "score mate 2 "),
        (vec!["nine-mens-morris"], "score cp "),
    ] {
        let mut uci = Uci::start(&args);
        uci.send(won);
        uci.send("go depth 1");
        let lines = uci.until("bestmove", Duration::from_secs(20));
        let info = lines.iter().find(|l| l.starts_with("info depth ")).expect("an info line");
        assert!(info.contains(score), "{args:?}: {lines:?}");
        assert_eq!(Uci::best(&lines), "g4-g7");
        uci.quit();
    }
    // A root the tables cover, with every ply from it, is played from the
    // tables whatever the budget: at `go nodes 1`, where the search alone
    // plays the first legal ply (d6-d7, a loss in 7; a4-g7, a loss), the
    // shortest win, or the one drawing ply; a loss with two plies of the
    // longest DTM searches those two alone. Values from `tablebase probe`.
    let mut uci = Uci::start(&["nine-mens-morris", "--tablebase", dir.text()]);
    for (fen, go, best, score) in [
        ("W.W...../.B..B.../B...W... b 0 0 -", "go nodes 1", &["c5-d7"][..], "score mate 10 "),
        ("BB.....W/....W.../BW...... w 0 0 -", "go nodes 1", &["f2-g7"], "score cp 0 "),
        ("WW....../B...B.../B...W... b 0 0 -", "go depth 3", &["b6-g7", "f2-g7"], "score mate -17 "),
    ] {
        uci.send(&format!("position fen {fen}"));
        uci.send(go);
        let lines = uci.until("bestmove", Duration::from_secs(20));
        let info = lines.iter().find(|l| l.starts_with("info depth ")).expect("an info line");
        assert!(info.contains(score), "{fen}: {lines:?}");
        assert!(best.contains(&Uci::best(&lines).as_str()), "{fen}: {lines:?}");
    }
    uci.quit();
    let empty = common::TempDir::new("uci-no-tables");
    let stderr = common::error(&["uci", "--tablebase", empty.text()]);
    assert!(stderr.contains("--tablebase: ") && stderr.contains("holds no tablebase files"), "{stderr}");
}

/// The answer of `lapilli uci nine-mens-morris [--seed S]` to `go depth 6`
/// in `position`: the best move and the info line without its time, node
/// rate and principal variation.
fn seeded(seed: Option<u64>, position: &str) -> (String, String) {
    let seed = seed.map(|s| s.to_string());
    let mut args = vec!["nine-mens-morris"];
    args.extend(seed.iter().flat_map(|s| ["--seed", s.as_str()]));
    let mut uci = Uci::start(&args);
    uci.send(&format!("position {position}"));
    uci.send("go depth 6");
    let lines = uci.until("bestmove", Duration::from_secs(60));
    uci.quit();
    let info = lines.iter().find(|l| l.starts_with("info depth 6 ")).expect("an info line");
    (Uci::best(&lines), info.split(" time ").next().unwrap().to_string())
}

/// The image of a ply's text under the mirror in the d file.
fn mirrored(ply: &str) -> String {
    ply.chars().map(|c| if ('a'..='g').contains(&c) { (b'a' + b'g' - c as u8) as char } else { c }).collect()
}

/// `--seed S` without `--perfect` plays an image of the searched ply under
/// the automorphisms that fix the position when the ply is irreversible:
/// from the start the seeds pick among the searched placement's orbit (the
/// same search: score and node count), and where White removes from a
/// position the mirror in the d file fixes, between a removal and its
/// mirror image; one seed picks the same ply each time.
#[test]
fn a_seed_plays_images_of_an_irreversible_ply() {
    let orbits = ["a1 a7 c3 c5 e3 e5 g1 g7", "a4 c4 d1 d3 d5 d7 e4 g4", "b2 b6 f2 f6", "b4 d2 d6 f4"];
    let (best, plain) = seeded(None, "startpos");
    let orbit = orbits.iter().find(|o| o.split(' ').any(|p| p == best)).expect("a placement");
    let mut picks = std::collections::BTreeSet::new();
    for seed in 1..=6 {
        let (pick, search) = seeded(Some(seed), "startpos");
        assert_eq!(search, plain, "seed {seed}");
        assert!(
            orbit.split(' ').any(|p| p == pick),
            "seed {seed}: {pick} is not in the orbit {orbit} of {best}"
        );
        picks.insert(pick);
    }
    assert!(picks.len() >= 2, "{picks:?}");
    assert_eq!(seeded(Some(3), "startpos"), seeded(Some(3), "startpos"));
    let removal = "fen WWW.B.B./......../.W..B.B. w 0 0 x";
    let (best, plain) = seeded(None, removal);
    let picks: std::collections::BTreeSet<String> = (1..=8)
        .map(|seed| {
            let (pick, search) = seeded(Some(seed), removal);
            assert_eq!(search, plain, "seed {seed}");
            pick
        })
        .collect();
    assert_eq!(picks, [best.clone(), mirrored(&best)].into(), "{best}");
}

/// A reversible ply is played as searched whatever the seed (the history
/// is not mapped, so its image could repeat a position the ply does not):
/// in a position the mirror in the d file fixes, the searched slide and
/// not its image.
#[test]
fn a_seed_leaves_reversible_plies_as_searched() {
    let slides = "fen W.W.B.B./......../B.B.W.W. w 0 0 -";
    let plain = seeded(None, slides);
    assert_ne!(mirrored(&plain.0), plain.0, "the slide is not its own image");
    for seed in 1..=6 {
        assert_eq!(seeded(Some(seed), slides), plain, "seed {seed}");
    }
}

/// `--perfect` on a game that is neither solved nor has endgame tables
/// (Petteia) says so, and does not suggest building tables it cannot have.
#[test]
fn the_perfect_player_of_a_game_without_tables_says_so() {
    let stderr = common::error(&["uci", "petteia", "--perfect"]);
    assert!(stderr.contains("petteia is not solved here and has no endgame tables"), "{stderr}");
    assert!(!stderr.contains("tablebase build"), "{stderr}");
}
