//! The `lapilli` program's tablebase commands, as a user runs them:
//! `tablebase build`, `stats` and `probe`, damaged and foreign files, and
//! play that consults the tables. Bad builds and folders are refused in
//! `tablebase_refusals.rs`; `solve` is in `solve_cli.rs`.

mod common;

use common::{json, json_error, lapilli, stdout};
use lapilli_game::{CheckedGame, Value};
use lapilli_morris::tablebase::MorrisTiers;
use lapilli_morris::{Colour, Position, Rules};
use lapilli_tablebase::{Tablebases, TierSpace};
use serde_json::Value as Json;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A folder under the system's temporary folder, unique to this process
/// and call, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("lapilli-tablebase-cli-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn text(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A copy of the tier files of `from` in a new folder.
fn copy_of(from: &TempDir, name: &str) -> TempDir {
    let to = TempDir::new(name);
    for entry in std::fs::read_dir(from.path()).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, to.join(path.file_name().unwrap().to_str().unwrap())).unwrap();
    }
    to
}

/// `n` choose `k`.
fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The tiers of a build or stats report, by name.
fn by_tier(report: &Json) -> std::collections::BTreeMap<String, Json> {
    report["tiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["tier"].as_str().unwrap().to_string(), t.clone()))
        .collect()
}

/// The WDL class of a value: 1 win, 0 draw, -1 loss.
fn class(v: Value) -> i32 {
    match v {
        Value::Win(_) => 1,
        Value::Draw => 0,
        Value::Loss(_) => -1,
    }
}

#[test]
fn nine_mens_3_piece_tables_build_stats_probe_and_refuse_damage() {
    let dir = TempDir::new("nine3");
    let build =
        json(&["tablebase", "build", "nine-mens-morris", "--max-pieces", "3", "--out", dir.text(), "--json"]);
    assert_eq!(build["variant"], "nine-mens-morris");
    // Dependencies first: the pending-removal tier, then the tier whose
    // mills lead into it.
    let names: Vec<&str> =
        build["tiers"].as_array().unwrap().iter().map(|t| t["tier"].as_str().unwrap()).collect();
    assert_eq!(names, ["w3b3x", "w3b3"]);
    assert_eq!((build["built"].as_u64(), build["reused"].as_u64()), (Some(2), Some(0)));
    let tiers = by_tier(&build);
    for t in tiers.values() {
        let n = |k: &str| t[k].as_u64().unwrap();
        assert_eq!(n("positions"), n("win") + n("loss") + n("draw"), "{t}");
        // A class stands for at most 16 positions (the automorphisms) and
        // as many colour twins.
        assert!(n("classes") <= n("entries") && n("classes") * 32 >= n("positions"), "{t}");
        assert_eq!(t["reused"], false);
        assert!(n("memory_bytes") >= 2 * n("entries"), "{t}");
    }
    // Every placement of 3 White and 3 Black pieces on the 24 points,
    // either side to move.
    let all = 2 * choose(24, 3) * choose(21, 3);
    assert_eq!(tiers["w3b3"]["positions"], all);
    // A removal is pending only where the mover's three pieces form one
    // of the 16 mills; the removal leaves the opponent two pieces: every
    // such position is won in 1 ply.
    let pending = 2 * 16 * choose(21, 3);
    let x = &tiers["w3b3x"];
    assert_eq!(
        (x["positions"].as_u64(), x["win"].as_u64(), x["max_dtm"].as_u64()),
        (Some(pending), Some(pending), Some(1))
    );
    assert!(build["millis"].as_u64().is_some());
    assert!(build["peak_memory_bytes"].as_u64().is_some_and(|b| b > 1 << 20), "{build}");

    // Built again: the files are kept, the counts are the same.
    let again =
        json(&["tablebase", "build", "nine-mens-morris", "--max-pieces", "3", "--out", dir.text(), "--json"]);
    assert_eq!((again["built"].as_u64(), again["reused"].as_u64()), (Some(0), Some(2)));
    for (name, t) in by_tier(&again) {
        assert_eq!(t["reused"], true);
        for key in ["entries", "positions", "classes", "win", "loss", "draw", "max_dtm"] {
            assert_eq!(t[key], tiers[&name][key], "{name} {key}");
        }
    }

    // Stats agree with the build report, tier by tier.
    let stats = json(&["tablebase", "stats", dir.text(), "--json"]);
    assert_eq!(
        (stats["game"].as_str(), stats["variant"].as_str()),
        (Some("nine-mens-morris"), Some("nine-mens-morris"))
    );
    let stat_tiers = by_tier(&stats);
    assert_eq!(stat_tiers.len(), 2);
    for (name, t) in &stat_tiers {
        for key in ["entries", "positions", "classes", "win", "loss", "draw", "max_dtm"] {
            assert_eq!(t[key], tiers[name][key], "{name} {key}");
        }
    }
    let total: u64 = tiers.values().map(|t| t["positions"].as_u64().unwrap()).sum();
    assert_eq!(stats["totals"]["positions"], total);
    let text = stdout(&["tablebase", "stats", dir.text()], "");
    assert!(text.contains("w3b3x") && text.contains(&all.to_string()), "{text}");

    // Probes. White to move slides g4-g7, closing a7-d7-g7, and the
    // removal that follows leaves Black two pieces: a win in 2 plies, and
    // no other ply wins as fast (no other White ply closes a mill).
    let won = "WW.W..../B...B.../B....... w 0 0 -";
    let p = json(&["tablebase", "probe", dir.text(), "--position", won, "--json"]);
    assert_eq!((p["value"].as_str(), p["dtm"].as_u64()), (Some("win"), Some(2)), "{p}");
    assert_eq!(p["side_to_move"], "white");
    let best = p["best_move"].as_str().unwrap();
    assert_eq!(best, "g4-g7");
    let pos: Position = won.parse().unwrap();
    let plies = pos.parse_plies(best).unwrap();
    let mut after = pos;
    after.play(plies[0]).unwrap();
    assert!(after.pending_removal() && after.side_to_move() == Colour::White);
    // Every ply is listed with its value; only the best one wins in 2.
    let moves = p["moves"].as_array().unwrap();
    assert_eq!(moves.len() as u64, lapilli_game::perft(&pos, 1));
    let fastest: Vec<&Json> = moves.iter().filter(|m| m["value"] == "win" && m["dtm"] == 2).collect();
    assert_eq!(fastest.len(), 1);
    // The example of the longest DTM has it.
    let example = stat_tiers["w3b3"]["example"].as_str().unwrap().to_string();
    let p = json(&["tablebase", "probe", dir.text(), "--position", &example, "--json"]);
    assert_eq!(p["dtm"], stat_tiers["w3b3"]["max_dtm"], "{p}");
    let p = json(&[
        "tablebase",
        "probe",
        dir.text(),
        "--position",
        "WWWBBB../......../........ w 0 0 x",
        "--json",
    ]);
    assert_eq!((p["value"].as_str(), p["dtm"].as_u64()), (Some("win"), Some(1)), "{p}");
    let text = stdout(&["tablebase", "probe", dir.text(), "--position", won], "");
    assert!(text.contains("win in 2 plies") && text.contains("best ply: g4-g7"), "{text}");
    // The plies' values are the mover's, their DTM counted from the probed
    // position: g4-g7 wins in 2 plies, itself and the removal.
    assert!(
        text.contains(
            "every ply by the value it gives white (the mover), the DTM counted from this position:\n"
        ) && text.contains("\n  win in 2 plies: g4-g7\n"),
        "{text}"
    );
    // After g4-g7 White owes the removal: a win in 1 ply, said so.
    let text =
        stdout(&["tablebase", "probe", dir.text(), "--position", "WWW...../B...B.../B....... w 0 0 x"], "");
    assert!(text.contains("value for white (to move): win in 1 ply\n"), "{text}");
    assert!(text.contains("distance to mate (DTM): 1 ply\n"), "{text}");
    // The folder chose the variant, not the command.
    let (kind, message) = json_error(
        &[
            "tablebase",
            "probe",
            dir.text(),
            "--position",
            "WW.W..../B.B.B... w 0 0 - six-mens-morris",
            "--json",
        ],
        2,
    );
    assert_eq!(kind, "position");
    assert!(
        message.contains(&format!(
            "the position is six-mens-morris (no flying) but the tables in {} are of nine-mens-morris",
            dir.text()
        )) && !message.contains("the command chose"),
        "{message}"
    );
    // Four White pieces: no table.
    let (kind, message) = json_error(
        &["tablebase", "probe", dir.text(), "--position", "WW.W..W./B...B.../B....... w 0 0 -", "--json"],
        2,
    );
    assert_eq!(kind, "tablebase");
    assert!(message.contains("no table covers"), "{message}");

    // Perfect play against perfect play from the longest loss ends after
    // exactly its DTM, won by the side the table says.
    let longest = stat_tiers["w3b3"]["max_dtm"].as_u64().unwrap() as usize;
    let game = stdout(
        &["play", "nine-mens-morris", "--human", "none", "--position", &example, "--tablebase", dir.text()],
        "",
    );
    let played = game.lines().filter(|l| l.contains(" plays ")).count();
    assert_eq!(played, longest, "{game}");
    assert!(game.lines().all(|l| !l.contains(" plays ") || l.contains("(tablebase: ")), "{game}");
    // The winner's last ply, the removal, wins in 1 ply.
    assert!(game.contains("(tablebase: win in 1 ply)\n") && !game.contains(" 1 plies"), "{game}");
    let loser = json(&["tablebase", "probe", dir.text(), "--position", &example, "--json"]);
    let winner = if loser["value"] == "loss" { "black" } else { "white" };
    assert_eq!(loser["side_to_move"], "white");
    assert!(game.contains(&format!("game over: {winner} wins")), "{game}");

    // analyze reports the tables' value and searches with them.
    let a = json(&[
        "analyze",
        "nine-mens-morris",
        "--position",
        won,
        "--tablebase",
        dir.text(),
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(a["tablebase"], serde_json::json!({"value": "win", "dtm": 2, "best_move": "g4-g7"}));
    assert_eq!(a["best"], "g4-g7");
    let a = json(&["analyze", "nine-mens-morris", "--tablebase", dir.text(), "--depth", "1", "--json"]);
    assert!(a.get("tablebase").is_none(), "{a}");
    // Every line ends in the tables after one ply: the search stops there
    // whatever the depth asked, and says that the tables decided.
    let args = ["analyze", "nine-mens-morris", "--position", won, "--tablebase", dir.text(), "--depth", "6"];
    let text = stdout(&args, "");
    assert!(
        text.contains(
            "depth: 1 ply (the tables decide every line: each ends in a position they value or a finished \
             game"
        ),
        "{text}"
    );
    let a = json(&[&args[..], &["--json"]].concat());
    assert_eq!((a["depth"].as_u64(), a["stop_reason"].as_str()), (Some(1), Some("exhausted")), "{a}");
    // Without the tables the same search is cut by the depth.
    let text = stdout(&[&args[..4], &args[6..]].concat(), "");
    assert!(text.contains("depth: 2 plies (a win or loss was proven)"), "{text}");
    // The perfect AI needs a solved game: the endgame tables are consulted
    // by the search AI instead, and the message says how.
    let (kind, message) = json_error(
        &["selfplay", "nine-mens-morris", "--ai", "perfect", "--tablebase", dir.text(), "--json"],
        2,
    );
    assert_eq!(kind, "unsolvable");
    assert!(message.contains("use --ai search:N --tablebase DIR"), "{message}");
    assert!(
        message.contains("lapilli tablebase build nine-mens-morris --max-pieces N --out DIR"),
        "{message}"
    );

    // Damaged and foreign files.
    let corrupted = copy_of(&dir, "corrupted");
    let file = corrupted.join("w3b3.ltb");
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&file, bytes).unwrap();
    for args in [
        vec!["tablebase", "stats", corrupted.text(), "--json"],
        vec!["tablebase", "probe", corrupted.text(), "--position", won, "--json"],
        vec!["analyze", "nine-mens-morris", "--tablebase", corrupted.text(), "--json", "--depth", "1"],
    ] {
        let (kind, message) = json_error(&args, 2);
        assert_eq!(kind, "tablebase", "{args:?}");
        assert!(message.contains("corrupted") && message.contains("w3b3.ltb"), "{message}");
    }
    let truncated = copy_of(&dir, "truncated");
    let file = truncated.join("w3b3x.ltb");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 100]).unwrap();
    let (kind, message) = json_error(&["tablebase", "stats", truncated.text(), "--json"], 2);
    assert_eq!(kind, "tablebase");
    assert!(message.contains("truncated") && message.contains("w3b3x.ltb"), "{message}");
    let six = TempDir::new("six3");
    json(&["tablebase", "build", "six-mens-morris", "--max-pieces", "3", "--out", six.text(), "--json"]);
    let mixed = copy_of(&dir, "mixed");
    std::fs::copy(six.join("w3b3.ltb"), mixed.join("six-w3b3.ltb")).unwrap();
    for args in [
        vec!["tablebase", "stats", mixed.text(), "--json"],
        vec!["selfplay", "nine-mens-morris", "--tablebase", mixed.text(), "--games", "1", "--json"],
    ] {
        let (kind, message) = json_error(&args, 2);
        assert_eq!(kind, "tablebase", "{args:?}");
        assert!(message.contains("six-mens-morris") && message.contains("six-w3b3.ltb"), "{message}");
    }
    // The six men's tables are not the nine men's.
    let (kind, message) =
        json_error(&["analyze", "nine-mens-morris", "--tablebase", six.text(), "--json"], 2);
    assert_eq!(kind, "tablebase");
    assert!(
        message.contains("w3b3.ltb")
            && message.find("six-mens-morris") < message.find("nine-mens-morris")
            && message.contains("six-mens-morris"),
        "{message}"
    );

    // Seeded games: the side that consults the tables never loses a
    // position they value as won or drawn, against the alpha-beta AI and
    // against random play.
    tablebase_side_keeps_its_value(&dir, &example);
}

/// Self-play from 3-against-3 positions, the tables consulted by one side:
/// each of its plies keeps the value of the position it is played in (a
/// win stays a win, a draw a draw), and a game it faced as won it wins.
fn tablebase_side_keeps_its_value(dir: &TempDir, longest: &str) {
    let space = MorrisTiers::new(Rules::default()).unwrap();
    let tables = Tablebases::open(MorrisTiers::new(Rules::default()).unwrap(), dir.path()).unwrap();
    // A drawn position, found through the index.
    let tier = "w3b3".parse().unwrap();
    let drawn = (0..space.size(tier))
        .filter_map(|i| space.position(tier, i))
        .find(|p| tables.probe(p) == Some(Value::Draw))
        .expect("the tier has drawn positions");
    let starts = [longest.to_string(), drawn.to_string(), "WW.W..../B...B.../B....... w 0 0 -".to_string()];
    let mut checked = [0usize; 3];
    for start in &starts {
        for (side, colour) in [("white", Colour::White), ("black", Colour::Black)] {
            for (ai, random_plies) in [("minimax:2", "0"), ("minimax:2", "1"), ("random", "2")] {
                let report = json(&[
                    "selfplay",
                    "nine-mens-morris",
                    "--position",
                    start.as_str(),
                    "--ai",
                    ai,
                    "--random-plies",
                    random_plies,
                    "--tablebase",
                    dir.text(),
                    "--tablebase-side",
                    side,
                    "--games",
                    "4",
                    "--seed",
                    "7",
                    "--list",
                    "--json",
                ]);
                assert_eq!(report["tablebase_sides"], serde_json::json!([side]));
                let random_plies: usize = random_plies.parse().unwrap();
                for game in report["list"].as_array().unwrap() {
                    let mut pos: Position = start.parse().unwrap();
                    let mut faced: Option<Value> = None;
                    for (i, ply) in game["moves"].as_array().unwrap().iter().enumerate() {
                        let m = pos.parse_plies(ply.as_str().unwrap()).unwrap()[0];
                        let mut child = pos;
                        child.play(m).unwrap();
                        if i >= random_plies && pos.side_to_move() == colour {
                            let before = tables.probe(&pos).unwrap();
                            let kept =
                                tables.probe(&child).unwrap().before_ply(child.side_to_move() != colour);
                            faced.get_or_insert(before);
                            if class(before) >= 0 {
                                assert_eq!(class(kept), class(before), "{start}: {ply} in {pos} ({game})");
                                checked[class(before) as usize] += 1;
                            }
                        }
                        pos = child;
                    }
                    let first = if colour == Colour::White { "first" } else { "second" };
                    match faced.map(class) {
                        Some(1) => assert_eq!(game["result"], first, "{start}: {game}"),
                        Some(0) => assert!(game["result"] == first || game["result"] == "draw", "{game}"),
                        _ => {}
                    }
                }
            }
        }
    }
    // Both kinds of value were put to the test.
    assert!(checked[0] > 0 && checked[1] > 0, "{checked:?}");
}

#[test]
fn flying_six_mens_tables_are_found_from_their_files() {
    let dir = TempDir::new("six-flying");
    let build = json(&[
        "tablebase",
        "build",
        "six-mens-morris",
        "--flying",
        "--max-pieces",
        "3",
        "--out",
        dir.text(),
        "--json",
    ]);
    assert_eq!(build["variant"], "six-mens-morris+flying");
    // 3 against 3 on 16 points, either side to move.
    let tiers = by_tier(&build);
    assert_eq!(tiers["w3b3"]["positions"], 2 * choose(16, 3) * choose(13, 3));
    // stats and probe read the game and its flying rule from the files.
    let stats = json(&["tablebase", "stats", dir.text(), "--json"]);
    assert_eq!(
        (stats["game"].as_str(), stats["variant"].as_str()),
        (Some("six-mens-morris"), Some("six-mens-morris+flying"))
    );
    for (name, t) in by_tier(&stats) {
        assert_eq!(t["positions"], tiers[&name]["positions"], "{name}");
    }
    let pos = "WW.W..../B.B.B... w 0 0 - six-mens-morris flying";
    let p = json(&["tablebase", "probe", dir.text(), "--position", pos, "--json"]);
    assert!(p["value"].is_string() && p["moves"].as_array().is_some_and(|m| !m.is_empty()), "{p}");
    // Without flying, the position is of another variant.
    let (kind, _) = json_error(
        &[
            "tablebase",
            "probe",
            dir.text(),
            "--position",
            "WW.W..../B.B.B... w 0 0 - six-mens-morris",
            "--json",
        ],
        2,
    );
    assert_eq!(kind, "position");
    // The tables of the flying variant are not those of the plain one.
    let (kind, message) = json_error(&["analyze", "six-mens-morris", "--tablebase", dir.text(), "--json"], 2);
    assert_eq!(kind, "tablebase");
    assert!(message.contains("six-mens-morris+flying"), "{message}");
}

#[test]
fn the_help_documents_the_cache_and_the_tablebase_commands() {
    let help = stdout(&["solve", "--help"], "");
    for words in ["LAPILLI_CACHE", "XDG_CACHE_HOME", ".cache/lapilli", "--tablebase <DIR>", "--position"] {
        assert!(help.contains(words), "{words}: {help}");
    }
    let help = stdout(&["tablebase", "--help"], "");
    for words in ["build", "stats", "probe"] {
        assert!(help.contains(words), "{words}: {help}");
    }
    let help = stdout(&["tablebase", "build", "--help"], "");
    for words in ["--max-pieces <N>", "--out <DIR>", "--threads", "--memory <MIB>", "--rebuild", "--json"] {
        assert!(help.contains(words), "{words}: {help}");
    }
    for command in ["play", "analyze", "selfplay"] {
        let help = stdout(&[command, "--help"], "");
        assert!(help.contains("--tablebase <DIR>"), "{command}: {help}");
    }
    // Without a terminal on standard error, a build draws no bar.
    let dir = TempDir::new("quiet");
    let out =
        lapilli(&["tablebase", "build", "six-mens-morris", "--max-pieces", "3", "--out", dir.text()], "");
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("w3b3x") && text.contains("peak memory"), "{text}");
}
