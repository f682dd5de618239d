//! Pieces of error messages shared by the rules crates.

/// At most the first 24 characters of `text`, with `…` when cut: how bad
/// input is quoted back in an error, so that a huge input does not make a
/// huge message.
///
/// ```
/// use lapilli_search::message::excerpt;
/// assert_eq!(excerpt("a1-a4"), "a1-a4");
/// assert_eq!(excerpt(&"9".repeat(100)), format!("{}…", "9".repeat(24)));
/// ```
pub fn excerpt(text: &str) -> String {
    let mut out: String = text.chars().take(24).collect();
    if text.chars().nth(24).is_some() {
        out.push('…');
    }
    out
}
