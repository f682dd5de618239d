//! The page in a real browser: headless Chromium driven through
//! chromedriver by fantoccini (WebDriver), against the server started in
//! this process on a free loopback port.
//!
//! Opt-in: the test is ignored unless asked for, so `cargo test
//! --workspace` lists it as ignored and does not run it. It needs Debian's
//! `chromium` and `chromium-driver` packages:
//!
//! ```sh
//! apt-get install -y chromium chromium-driver
//! cargo test -p lapilli-web --release --test browser -- --ignored
//! ```
//!
//! (`.ci/run` runs it so, with `--workspace` in place of `-p lapilli-web`
//! to reuse the builds of its test step; a debug build works too.) Asked
//! for, a missing browser or driver fails the test: it never passes
//! without having run. `LAPILLI_CHROMIUM` and `LAPILLI_CHROMEDRIVER` name
//! other binaries than `/usr/bin/chromium` and `/usr/bin/chromedriver`.
//!
//! It loads the page; plays a whole Terni Lapilli game as a person against
//! the perfect player, reading the solved-value labels of the moves, to the
//! end and its reason; plays Nine Men's Morris through a mill, a removal and
//! an undo, checking the board after each; makes a Petteia custodian
//! capture and checks the captured man is gone; types a move; has a
//! malformed position and an illegal move refused with their kinds shown;
//! loads a position and a move list from the text fields. On the way it
//! checks the marks drawn above the pieces (the chosen piece's ring, the
//! red rings of the pieces a mill may take, the winning line at the end),
//! undo, redo and Resume against a computer, the seats kept across a game
//! switch, and links: one with an illegal move (its legal prefix loads,
//! the error says where it stops), an unknown game, a variant not in the
//! menu. Screenshots go to `target/browser/*.png`.

mod page;

use fantoccini::{Client, ClientBuilder, Locator};
use lapilli_registry::{FamilyVisitor, Registry};
use lapilli_web::{router, Config};
use page::{
    click, click_point, error_shown, marks, open, page, piece, play, plies, point_names, screenshot, settled,
    shown, submit, until, value_of, Result, SETTLE,
};
use serde_json::{json, Value};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Games;
impl Registry for Games {
    fn families<F: FamilyVisitor>(f: &mut F) {
        f.family(&lapilli_terni_lapilli::descriptor::Games);
        f.family(&lapilli_morris::descriptor::Games);
        f.family(&lapilli_petteia::descriptor::Games);
    }
}

/// A process this test started, ended (by its id) when dropped.
struct Started(Child);
impl Drop for Started {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A loopback port free a moment ago.
fn free_port() -> Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// Serves the page on a free loopback port, on this test's runtime.
async fn serve() -> Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let app = router::<Games>(&Config { tablebase: None, engine_jobs: 2, body_limit: 64 << 10 });
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(addr)
}

/// chromedriver on a free port, once it answers.
fn chromedriver() -> Result<(Started, u16)> {
    let binary = std::env::var("LAPILLI_CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
    let port = free_port()?;
    let child = Command::new(&binary)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {binary} (apt-get install -y chromium chromium-driver): {e}"))?;
    let driver = Started(child);
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > deadline {
            return Err(format!("{binary} does not answer on port {port}").into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok((driver, port))
}

/// A headless Chromium session with a fresh profile, and that profile's
/// folder.
async fn browser(driver_port: u16) -> Result<(Client, PathBuf)> {
    let binary = std::env::var("LAPILLI_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let profile = std::env::temp_dir().join(format!("lapilli-browser-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile)?;
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=1000,760",
        &format!("--user-data-dir={}", profile.display()),
    ];
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), json!({ "binary": binary, "args": args }));
    let client = ClientBuilder::rustls()?
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{driver_port}"))
        .await
        .map_err(|e| format!("no browser session through chromedriver ({binary}): {e}"))?;
    Ok((client, profile))
}

/// A whole Terni Lapilli game as black, a person, against white, the
/// perfect player: every move is labelled win, draw or loss; black plays a
/// losing move as soon as one is offered (so the game ends), white wins.
async fn terni_lapilli(c: &Client, base: &str) -> Result {
    let mut p = open(c, base, "terni-lapilli", &[("white", "perfect")]).await?;
    assert_eq!(p["played"].as_array().map(Vec::len), Some(0), "{p}");
    let mut shot = false;
    for _ in 0..40 {
        if p["state"] == "over" {
            break;
        }
        let moves = p["moves"].as_array().cloned().unwrap_or_default();
        assert!(!moves.is_empty(), "no moves offered: {p}");
        for m in &moves {
            let value = m["value"].as_str().ok_or_else(|| format!("a move without a value: {m}"))?;
            assert!(["win", "draw", "loss"].contains(&value), "{m}");
            // The label a person reads says the value too.
            assert!(m["label"].as_str().unwrap_or_default().contains(value), "{m}");
        }
        let values: Vec<&str> = moves.iter().filter_map(|m| m["value"].as_str()).collect();
        if !shot && values.contains(&"draw") && values.contains(&"loss") {
            screenshot(c, "terni-lapilli-values").await?;
            shot = true;
        }
        let pick = moves.iter().find(|m| m["value"] == "loss").unwrap_or(&moves[0]);
        let played = p["played"].as_array().map_or(0, Vec::len);
        p = play(c, pick["move"].as_str().unwrap_or_default(), played + 1).await?;
    }
    assert_eq!(p["state"], "over", "the game did not end: {p}");
    let status = p["status"].as_str().unwrap_or_default();
    assert!(status.starts_with("Game over:") && status.contains("white"), "{status}");
    assert!(status.contains("three in a row") || status.contains("line"), "the reason: {status}");
    assert!(shot, "no position offered both a draw and a loss");
    // The winning line is marked: three white pieces ringed and joined.
    let m = marks(c, "").await?;
    let line: Vec<&str> = m["line"].as_str().unwrap_or_default().split(' ').collect();
    assert_eq!(line.len(), 3, "the winning line is drawn: {m}");
    for point in &line {
        assert_eq!(piece(&p, point), "white piece", "{point} on the winning line: {m}");
    }
    let mut sorted = line.clone();
    sorted.sort_unstable();
    assert_eq!(m["win"], json!(sorted), "each point of the line is ringed: {m}");
    assert!(
        status.contains(&format!("winning line: {}", line.join(" "))),
        "the status names the line: {status}"
    );
    screenshot(c, "terni-lapilli-end").await
}

/// Nine Men's Morris, a person on each side: white closes the mill a1 a4
/// a7, removes g7, then takes the removal back.
async fn nine_mens_morris(c: &Client, base: &str) -> Result {
    open(c, base, "nine-mens-morris", &[("white", "person"), ("black", "person")]).await?;
    let mut p = Value::Null;
    for (i, point) in ["a1", "g7", "a4", "g4", "a7"].iter().enumerate() {
        p = play(c, point, i + 1).await?;
    }
    assert!(p["status"].as_str().unwrap_or_default().contains("mill"), "{p}");
    assert_eq!((piece(&p, "a7"), piece(&p, "g7")), ("white piece", "black piece"), "{p}");
    // Black's two pieces may be taken: each has a red ring drawn above
    // it; the last move (a7) keeps its own mark.
    let m = marks(c, "g7").await?;
    assert_eq!(m["removable"], json!(["g4", "g7"]), "the pieces that may be taken are ringed: {m}");
    assert_eq!((&m["ring"], &m["above"]), (&json!(true), &json!(true)), "the ring on g7 shows above it: {m}");
    assert_eq!(m["last"], json!(["a7"]), "{m}");
    p = play(c, "xg7", 6).await?;
    assert_eq!((piece(&p, "g7"), piece(&p, "g4")), ("", "black piece"), "the removal: {p}");
    screenshot(c, "nine-mens-morris-removal").await?;
    c.find(Locator::Id("undo")).await?.click().await?;
    let deadline = Instant::now() + SETTLE;
    while page(c).await?["played"].as_array().map_or(0, Vec::len) != 5 {
        if Instant::now() > deadline {
            return Err(format!("undo did not take the removal back: {}", page(c).await?).into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    p = settled(c, 5).await?;
    assert_eq!(piece(&p, "g7"), "black piece", "g7 is back after the undo: {p}");
    assert_eq!(piece(&p, "a7"), "white piece", "{p}");
    assert!(p["status"].as_str().unwrap_or_default().contains("mill"), "the removal is to play again: {p}");
    // On, for a picture of the game in play: remove g4 instead, place more.
    let more = ["xg4", "d7", "b4", "f6", "f4", "d2", "e3", "c5", "g1", "e5"];
    for (i, m) in more.iter().enumerate() {
        p = play(c, m, 6 + i).await?;
    }
    assert_eq!(piece(&p, "g4"), "", "{p}");
    screenshot(c, "nine-mens-morris").await
}

/// Petteia, a person on each side: a2-a4, b7-b4, then c2-c4 takes b4
/// between a4 and c4 (a custodian capture).
async fn petteia(c: &Client, base: &str) -> Result {
    open(c, base, "petteia", &[("white", "person"), ("black", "person")]).await?;
    play(c, "a2-a4", 1).await?;
    let p = play(c, "b7-b4", 2).await?;
    assert_eq!(piece(&p, "b4"), "black piece", "{p}");
    let p = play(c, "c2-c4xb4", 3).await?;
    assert_eq!(p["played"][2], "c2-c4xb4", "{p}");
    assert_eq!(piece(&p, "b4"), "", "b4 is captured: {p}");
    assert_eq!((piece(&p, "a4"), piece(&p, "c4")), ("white piece", "white piece"), "{p}");
    screenshot(c, "petteia-capture").await?;
    keyboard_and_text(c).await
}

/// Petteia after the capture: black types a move; a malformed position and
/// an illegal move typed are refused with their kind shown, the game kept;
/// a start position and a move list put in the text fields load.
async fn keyboard_and_text(c: &Client) -> Result {
    submit(c, "move-input", "d7-d5").await?;
    let p = settled(c, 4).await?;
    assert_eq!((piece(&p, "d7"), piece(&p, "d5")), ("", "black piece"), "the typed move: {p}");
    submit(c, "move-input", "a1-a8").await?;
    let message = error_shown(c, "move").await?;
    assert!(message.starts_with("move:"), "{message}");
    submit(c, "start-text", "mmmmmmmm/8/8 w 0").await?;
    let message = error_shown(c, "position").await?;
    assert!(message.starts_with("position:"), "{message}");
    assert_eq!(page(c).await?["played"].as_array().map(Vec::len), Some(4), "the game is kept");
    let start = "mmmmmmmm/mmmmmmmm/8/8/8/8/MMMMMMMM/MMMMMMMM w 0";
    c.find(Locator::Id("start-text")).await?.clear().await?;
    c.find(Locator::Id("start-text")).await?.send_keys(start).await?;
    submit(c, "moves-text", "a2-a4 b7-b4 c2-c4").await?;
    let loaded = json!(["a2-a4", "b7-b4", "c2-c4xb4"]);
    let deadline = Instant::now() + SETTLE;
    while page(c).await?["played"] != loaded {
        if Instant::now() > deadline {
            return Err(format!("the text did not load: {}", page(c).await?).into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let p = settled(c, 3).await?;
    assert_eq!(piece(&p, "b4"), "", "{p}");
    Ok(())
}

/// Terni Lapilli set up by clicking: four black pieces are refused with
/// the kind `position` shown, Cancel restores the game; then two black
/// pieces and a white one, white to move, start a game from their text.
async fn set_up_by_clicking(c: &Client, base: &str) -> Result {
    open(c, base, "terni-lapilli", &[("white", "person")]).await?;
    let names = point_names(c).await?;
    click(c, "edit").await?;
    for name in &names[..4] {
        click_point(c, name).await?;
    }
    let p = page(c).await?;
    assert_eq!(p["state"], "editing", "{p}");
    assert_eq!(piece(&p, &names[3]), "black piece", "{p}");
    click(c, "setup-done").await?;
    let message = error_shown(c, "position").await?;
    assert!(message.starts_with("position:"), "{message}");
    click(c, "setup-cancel").await?;
    let p = settled(c, 0).await?;
    assert_eq!(piece(&p, &names[0]), "", "Cancel restores the start: {p}");

    click(c, "edit").await?;
    for name in [&names[0], &names[4], &names[4], &names[8]] {
        click_point(c, name).await?;
    }
    c.find(Locator::Id("setup-side")).await?.select_by_value("white").await?;
    click(c, "setup-done").await?;
    let deadline = Instant::now() + SETTLE;
    loop {
        let text =
            c.execute(r#"return document.getElementById("position-text").textContent;"#, vec![]).await?;
        if text == "B...W...B w" {
            break;
        }
        if Instant::now() > deadline {
            return Err(format!("the set-up did not start a game: {text}, {}", page(c).await?).into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let p = settled(c, 0).await?;
    assert_eq!((piece(&p, &names[4]), piece(&p, &names[8])), ("white piece", "black piece"), "{p}");
    assert!(c.current_url().await?.as_str().contains("position=B...W...B"), "the address has the set-up");
    Ok(())
}

/// Terni Lapilli, black a person, white random: undo takes back both
/// plies; redo plays black's again and the computer waits (paused, Resume
/// shown) until Resume, when it replies. The empty board's evaluation says
/// no line scores. Then the menu switches to Nine Men's Morris: the seats
/// are kept by order of play (its first player, white, is the person).
async fn undo_resume_and_seats(c: &Client, base: &str) -> Result {
    let p = open(c, base, "terni-lapilli", &[("white", "random")]).await?;
    let first = p["moves"][0]["move"].as_str().unwrap_or_default().to_string();
    play(c, &first, 2).await?;
    click(c, "undo").await?;
    let p = until(c, "undo takes back both plies", |p| plies(p) == 0 && p["state"] == "person").await?;
    assert!(!shown(c, "resume").await?, "no Resume while a person is to move: {p}");
    let deadline = Instant::now() + SETTLE;
    while c.find(Locator::Id("study-eval-none")).await.is_err() {
        if Instant::now() > deadline {
            return Err("the empty board's evaluation does not say that no line scores".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    click(c, "redo").await?;
    until(c, "redo plays one ply and waits", |p| plies(p) == 1 && p["state"] == "paused").await?;
    assert!(shown(c, "resume").await?, "Resume is shown while the computer waits");
    tokio::time::sleep(Duration::from_millis(400)).await;
    let p = page(c).await?;
    assert_eq!((plies(&p), p["state"].as_str()), (1, Some("paused")), "the computer waits for Resume: {p}");
    click(c, "resume").await?;
    let p = settled(c, 2).await?;
    assert_eq!(p["played"][0], first.as_str(), "{p}");
    assert!(!shown(c, "resume").await?, "Resume is hidden again: {p}");

    c.find(Locator::Id("game")).await?.select_by_value("nine-mens-morris").await?;
    let deadline = Instant::now() + SETTLE;
    while value_of(c, "variant").await? != "nine-mens-morris"
        || c.find(Locator::Id("side-white")).await.is_err()
    {
        if Instant::now() > deadline {
            return Err(format!("the menu did not switch the game: {}", page(c).await?).into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seats = (value_of(c, "side-white").await?, value_of(c, "side-black").await?);
    assert_eq!(seats, ("person".to_string(), "random".to_string()), "the seats (first, second) are kept");
    settled(c, 0).await?;
    Ok(())
}

/// Links: one whose moves stop at an illegal move loads the moves before
/// it and says so, the computer to move waiting for Resume; an unknown
/// game shows its error over the first game; a variant not in the menu is
/// added to it.
async fn links(c: &Client, base: &str) -> Result {
    c.goto(&format!("{base}/play/terni-lapilli?moves=8%20nope")).await?;
    let message = error_shown(c, "move").await?;
    let p = until(c, "the link's prefix loads", |p| p["state"] == "paused").await?;
    assert_eq!(p["played"], json!(["8"]), "the legal prefix: {p}");
    assert!(message.contains("stop after 1 move") && message.contains("nope"), "{message}");
    assert!(shown(c, "resume").await?, "{p}");
    click(c, "resume").await?;
    until(c, "Resume clears the link's error", |p| p["error"] == "").await?;
    let p = settled(c, 2).await?;
    assert_eq!(p["played"][0], "8", "{p}");

    c.goto(&format!("{base}/play/no-such-game")).await?;
    let message = error_shown(c, "option").await?;
    assert!(message.contains("no-such-game"), "{message}");
    let p =
        until(c, "the first game loads", |p| p["moves"].as_array().is_some_and(|m| !m.is_empty())).await?;
    assert!(!value_of(c, "game").await?.is_empty(), "a game is chosen: {p}");

    c.goto(&format!("{base}/play/petteia+size=6x7")).await?;
    settled(c, 0).await?;
    let variant = value_of(c, "variant").await?;
    assert!(variant.contains("6x7"), "{variant}");
    assert_eq!(value_of(c, "game").await?, variant, "the menu shows the linked variant");
    let title = c
        .execute(
            r#"const s = document.getElementById("game"); return s.options[s.selectedIndex].textContent;"#,
            vec![],
        )
        .await?;
    assert!(!title.as_str().unwrap_or_default().is_empty(), "{title}");
    Ok(())
}

/// The page at a phone's size (390x844): a screenshot, and nothing wider
/// than the window.
async fn phone(c: &Client, base: &str) -> Result {
    c.set_window_size(390, 844).await?;
    open(c, base, "nine-mens-morris", &[]).await?;
    screenshot(c, "phone").await?;
    let widths =
        c.execute("return [document.documentElement.scrollWidth, window.innerWidth];", vec![]).await?;
    let (scroll, inner) = (widths[0].as_u64().unwrap_or(u64::MAX), widths[1].as_u64().unwrap_or(0));
    assert!(scroll <= inner, "the page is {scroll} px wide in a {inner} px window");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: run with cargo test -p lapilli-web --release --test browser -- --ignored"]
async fn the_page_plays_in_a_browser() -> Result {
    let addr = serve().await?;
    let base = format!("http://{addr}");
    let (_driver, driver_port) = chromedriver()?;
    let (c, profile) = browser(driver_port).await?;
    // The checks run in a task of their own, so that the browser is closed
    // (and chromedriver ended) whether they fail or panic.
    let scenario = {
        let (c, base) = (c.clone(), base.clone());
        tokio::spawn(async move {
            c.goto(&base).await?;
            let first = settled(&c, 0).await?;
            let offered = first["moves"].as_array().map_or(0, Vec::len);
            assert!(offered > 0, "the start page offers no moves: {first}");
            assert_eq!(c.title().await?, "lapilli");
            let icon = c
                .execute(
                    r#"const l = document.querySelector("link[rel=icon]"); return l ? l.href : "";"#,
                    vec![],
                )
                .await?;
            assert!(
                icon.as_str().unwrap_or_default().starts_with("data:image/svg+xml"),
                "the favicon: {icon}"
            );
            links(&c, &base).await?;
            undo_resume_and_seats(&c, &base).await?;
            terni_lapilli(&c, &base).await?;
            nine_mens_morris(&c, &base).await?;
            petteia(&c, &base).await?;
            set_up_by_clicking(&c, &base).await?;
            phone(&c, &base).await
        })
    };
    let outcome = scenario.await;
    if !matches!(outcome, Ok(Ok(()))) {
        let _ = screenshot(&c, "failure").await;
    }
    c.close().await?;
    let _ = std::fs::remove_dir_all(profile);
    match outcome {
        Ok(result) => result,
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        Err(e) => Err(e.into()),
    }
}
