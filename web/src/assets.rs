//! The page's files, embedded in the binary (no build step, nothing
//! fetched at run time): one HTML page, one JavaScript module, one style
//! sheet, written by hand.

/// The page, served at `/` and `/play/<game-id>`.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// The page's script, an ES module, served at `/assets/app.js`.
pub const APP_JS: &str = include_str!("../assets/app.js");
/// The study panel's module (analysis, solve, value history, evaluation
/// breakdown), imported by the page's script, served at
/// `/assets/study.js`.
pub const STUDY_JS: &str = include_str!("../assets/study.js");
/// The set-up module (position set-up by clicking, checked by
/// `/api/setup`), imported by the page's script, served at
/// `/assets/setup.js`.
pub const SETUP_JS: &str = include_str!("../assets/setup.js");
/// The page's style sheet, served at `/assets/style.css`.
pub const STYLE_CSS: &str = include_str!("../assets/style.css");
