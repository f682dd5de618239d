//! Where solved games' tables are kept: the cache folder of `lapilli solve`
//! and `--ai perfect`, shared by every front end (the command line, the web
//! page).

use crate::VariantDescriptor;
use std::path::{Path, PathBuf};

/// The environment variable that names the cache folder of solved games.
pub const CACHE_ENV: &str = "LAPILLI_CACHE";

/// The cache folder of solved games' tables: `$LAPILLI_CACHE`, else
/// `$XDG_CACHE_HOME/lapilli`, else `$HOME/.cache/lapilli` (the first
/// variable set and not empty); `None` when none is.
pub fn cache_root() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    var(CACHE_ENV)
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("lapilli")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("lapilli")))
}

/// The folder a variant's solved tables are kept in: `given` (a
/// `--tablebase` folder), else the cache folder ([`cache_root`]) and in it
/// a folder named by the variant (its tables' variant name, the variant id,
/// e.g. `six-mens-morris`, or the game's name for games solved in memory).
pub fn store_dir<V: VariantDescriptor>(v: &V, given: Option<&Path>) -> Option<PathBuf> {
    if let Some(dir) = given {
        return Some(dir.to_path_buf());
    }
    let name = if v.tablebases().is_some() { v.id() } else { v.name().to_string() };
    cache_root().map(|root| root.join(name))
}
