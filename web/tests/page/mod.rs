//! The page in the browser test, read and driven through WebDriver: what
//! it shows, the marks drawn on its board, clicks and typed text, waits
//! for it to settle, and screenshots in `target/browser`.

use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::error::Error;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub type Result<T = ()> = std::result::Result<T, Box<dyn Error + Send + Sync>>;

/// How long the page may take to settle after a click (a computer's move
/// and a first solve of Terni Lapilli included, in a debug build).
pub const SETTLE: Duration = Duration::from_secs(30);

/// The folder of the screenshots, `target/browser`.
pub fn shots() -> Result<PathBuf> {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.parent().map_or(tmp.clone(), |t| t.to_path_buf()).join("browser");
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// What the page shows, read in one call: the status line's state and
/// text, the plies played, the legal moves (`move`, `points`, `value`,
/// `label`), the pieces by point name and the error line.
pub async fn page(c: &Client) -> Result<Value> {
    let script = r##"
        const status = document.getElementById("status");
        const moves = [...document.querySelectorAll("#legal button")].map((b) => ({
            move: b.dataset.move, points: b.dataset.points, value: b.dataset.value || null, label: b.textContent }));
        const pieces = {};
        for (const p of document.querySelectorAll("[data-point]")) pieces[p.dataset.point] = p.dataset.piece;
        return { state: status.dataset.state || "", status: status.textContent,
                 played: [...document.querySelectorAll("#history li")].map((li) => li.dataset.move),
                 moves, pieces, error: document.getElementById("error").textContent };
    "##;
    Ok(c.execute(script, vec![]).await?)
}

/// Waits until the page is settled (a person to move, or the game over)
/// with at least `plies` plies played; the page then.
pub async fn settled(c: &Client, plies: usize) -> Result<Value> {
    let deadline = Instant::now() + SETTLE;
    loop {
        let p = page(c).await?;
        let state = p["state"].as_str().unwrap_or_default();
        if !p["error"].as_str().unwrap_or_default().is_empty() {
            return Err(format!("the page shows an error: {}", p["error"]).into());
        }
        let played = p["played"].as_array().map_or(0, Vec::len);
        if (state == "person" || state == "over") && played >= plies {
            return Ok(p);
        }
        if Instant::now() > deadline {
            return Err(format!("the page did not settle with {plies} plies played: {p}").into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Clicks the point named `name` on the board.
pub async fn click_point(c: &Client, name: &str) -> Result {
    let point = format!("[data-point=\"{name}\"]");
    let clicked = async { c.find(Locator::Css(&point)).await?.click().await };
    clicked.await.map_err(|e| format!("clicking {name}: {e}").into())
}

/// Plays `text` by clicking its points, and waits for the page to settle
/// with `plies` plies played.
pub async fn play(c: &Client, text: &str, plies: usize) -> Result<Value> {
    let p = page(c).await?;
    let moves = p["moves"].as_array().cloned().unwrap_or_default();
    let m = moves
        .iter()
        .find(|m| m["move"] == text)
        .ok_or_else(|| format!("{text} is not among the moves: {p}"))?;
    let before = p["played"].as_array().map_or(0, Vec::len);
    // The points to click: the piece and its target, or the point to place
    // on or remove from; the page plays the move once they say which
    // (captures follow).
    for point in m["points"].as_str().unwrap_or_default().split(' ') {
        click_point(c, point).await?;
        let chosen = format!("[data-point=\"{point}\"][aria-pressed=\"true\"]");
        let deadline = Instant::now() + SETTLE;
        loop {
            if page(c).await?["played"].as_array().map_or(0, Vec::len) > before {
                return settled(c, plies).await;
            }
            // Marked as chosen, with a selection ring drawn above the
            // piece: on to the next point.
            if c.find(Locator::Css(&chosen)).await.is_ok() {
                let marks = marks(c, point).await?;
                assert_eq!(marks["selected"], json!([point]), "the chosen point's ring: {marks}");
                assert_eq!(marks["above"], true, "the ring is drawn above the piece on {point}: {marks}");
                break;
            }
            if Instant::now() > deadline {
                return Err(format!("clicking {point} for {text} neither chose it nor played").into());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    Err(format!("clicking the points of {text} did not play it: {}", page(c).await?).into())
}

/// The marks drawn on the board: the points ringed as `selected`, as
/// `removable` (a piece that may be taken), as `win` (the winning line);
/// the points of the last move; the winning line's `data-points`; and
/// whether the ring on point `name` is drawn after (above) its piece.
pub async fn marks(c: &Client, name: &str) -> Result<Value> {
    let script = r##"
        const name = arguments[0];
        const of = (sel) => [...document.querySelectorAll(sel)].map((e) => e.dataset.for).sort();
        const ring = document.querySelector(`.ring[data-for="${name}"]`);
        const piece = document.querySelector(`.piece[data-at="${name}"]`);
        const visible = (e) => !!e && getComputedStyle(e).stroke !== "none" && getComputedStyle(e).strokeWidth !== "0px";
        const line = document.querySelector(".win-line");
        return { selected: of(".ring.selected"), removable: of(".ring.removable"), win: of(".ring.win"),
                 last: of(".last"), line: line ? line.dataset.points : null, ring: visible(ring),
                 above: !!(ring && piece && (piece.compareDocumentPosition(ring) & Node.DOCUMENT_POSITION_FOLLOWING)) };
    "##;
    Ok(c.execute(script, vec![json!(name)]).await?)
}

/// The piece on point `name` (`"white piece"`, `""` for none).
pub fn piece<'a>(p: &'a Value, name: &str) -> &'a str {
    p["pieces"][name].as_str().unwrap_or("no such point")
}

/// Saves a screenshot of the page as `target/browser/<name>.png`.
pub async fn screenshot(c: &Client, name: &str) -> Result {
    c.execute("window.scrollTo(0, 0)", vec![]).await?;
    let png = c.screenshot().await?;
    std::fs::write(shots()?.join(format!("{name}.png")), png)?;
    Ok(())
}

/// Opens `/play/<game>` and sets who plays each side.
pub async fn open(c: &Client, base: &str, game: &str, sides: &[(&str, &str)]) -> Result<Value> {
    c.goto(&format!("{base}/play/{game}")).await?;
    settled(c, 0).await?;
    for (side, who) in sides {
        let select = async { c.find(Locator::Id(&format!("side-{side}"))).await?.select_by_value(who).await };
        select.await.map_err(|e| format!("{game}: choosing {who} for {side}: {e}"))?;
    }
    settled(c, 0).await
}

/// Sets the text of the field `id` and submits its form with Enter.
pub async fn submit(c: &Client, id: &str, text: &str) -> Result {
    let field = c.find(Locator::Id(id)).await?;
    field.clear().await?;
    field.send_keys(text).await?;
    field.send_keys("\u{E007}").await?;
    Ok(())
}

/// Waits for the error line to show an error of kind `kind`; its text.
pub async fn error_shown(c: &Client, kind: &str) -> Result<String> {
    let deadline = Instant::now() + SETTLE;
    loop {
        let line = c.find(Locator::Id("error")).await?;
        if line.attr("data-kind").await?.as_deref() == Some(kind) {
            return Ok(line.text().await?);
        }
        if Instant::now() > deadline {
            return Err(format!("no error of kind {kind} shown: {:?}", line.text().await?).into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The names of the board's points, by point index.
pub async fn point_names(c: &Client) -> Result<Vec<String>> {
    let names = c
        .execute(
            r#"return [...document.querySelectorAll("[data-point]")].map((p) => p.dataset.point);"#,
            vec![],
        )
        .await?;
    Ok(serde_json::from_value(names)?)
}

/// Clicks the button `id`.
pub async fn click(c: &Client, id: &str) -> Result {
    let clicked = async { c.find(Locator::Id(id)).await?.click().await };
    clicked.await.map_err(|e| format!("clicking #{id}: {e}").into())
}

/// Waits until `check` holds of the page; the page then.
pub async fn until(c: &Client, what: &str, check: impl Fn(&Value) -> bool) -> Result<Value> {
    let deadline = Instant::now() + SETTLE;
    loop {
        let p = page(c).await?;
        if check(&p) {
            return Ok(p);
        }
        if Instant::now() > deadline {
            return Err(format!("{what}: {p}").into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub fn plies(p: &Value) -> usize {
    p["played"].as_array().map_or(0, Vec::len)
}

/// Whether the element `id` is shown.
pub async fn shown(c: &Client, id: &str) -> Result<bool> {
    Ok(c.find(Locator::Id(id)).await?.is_displayed().await?)
}

/// The value of the select `id`.
pub async fn value_of(c: &Client, id: &str) -> Result<String> {
    let v = c.execute("return document.getElementById(arguments[0]).value;", vec![json!(id)]).await?;
    Ok(v.as_str().unwrap_or_default().to_string())
}
