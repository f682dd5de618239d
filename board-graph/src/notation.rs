//! The notation toolkit shared by every position and move text.
//!
//! One policy for every game, so that the same mistake gets the same
//! answer everywhere:
//! - **quoting**: bad input is quoted back through [`excerpt`], cut at
//!   [`EXCERPT_CHARS`] characters;
//! - **numbers**: [`parse_decimal`] reads ASCII digits only (no sign, no
//!   spaces; leading zeros allowed) and reports overflow with the text the
//!   user wrote;
//! - **fields**: [`fields`] splits position text on runs of ASCII
//!   whitespace, ignoring leading and trailing whitespace.

use thiserror::Error;

/// How many characters of bad input an error message quotes.
pub const EXCERPT_CHARS: usize = 24;

/// At most the first [`EXCERPT_CHARS`] characters of `text`, with `…` when
/// cut: how bad input is quoted back in an error, so that a huge input does
/// not make a huge message.
///
/// ```
/// use lapilli_board_graph::notation::excerpt;
/// assert_eq!(excerpt("a1-a4"), "a1-a4");
/// assert_eq!(excerpt(&"9".repeat(100)), format!("{}…", "9".repeat(24)));
/// ```
pub fn excerpt(text: &str) -> String {
    let mut out: String = text.chars().take(EXCERPT_CHARS).collect();
    if text.chars().nth(EXCERPT_CHARS).is_some() {
        out.push('…');
    }
    out
}

/// Why a decimal number could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DecimalError {
    /// Nothing to read.
    #[error("expected a number, found nothing")]
    Empty,
    /// A character other than an ASCII digit.
    #[error("\"{0}\" is not a number (digits 0-9 only)")]
    NotDigits(String),
    /// Digits spelling a number above the largest allowed.
    #[error("{text} is above {max}")]
    TooLarge {
        /// The digits as written (an excerpt).
        text: String,
        /// The largest value allowed.
        max: u64,
    },
}

/// Reads a decimal number of at most `max`: ASCII digits only, leading
/// zeros allowed, no sign or spaces.
///
/// # Errors
/// [`DecimalError`] naming what is wrong; a number above `max` is reported
/// as the user wrote it, however many digits it has.
///
/// ```
/// use lapilli_board_graph::notation::{parse_decimal, DecimalError};
/// assert_eq!(parse_decimal("007", 255), Ok(7));
/// assert_eq!(
///     parse_decimal("1000", 255).unwrap_err().to_string(),
///     "1000 is above 255"
/// );
/// assert!(matches!(parse_decimal("99999999999999999999999", 255), Err(DecimalError::TooLarge { .. })));
/// assert_eq!(parse_decimal("-1", 9), Err(DecimalError::NotDigits("-1".into())));
/// ```
pub fn parse_decimal(text: &str, max: u64) -> Result<u64, DecimalError> {
    if text.is_empty() {
        return Err(DecimalError::Empty);
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(DecimalError::NotDigits(excerpt(text)));
    }
    let mut value: u64 = 0;
    for b in text.bytes() {
        value = match value.checked_mul(10).and_then(|v| v.checked_add(u64::from(b - b'0'))) {
            Some(v) if v <= max => v,
            _ => return Err(DecimalError::TooLarge { text: excerpt(text), max }),
        };
    }
    Ok(value)
}

/// The whitespace-separated fields of a position text.
///
/// ```
/// use lapilli_board_graph::notation::fields;
/// assert_eq!(fields("  ......... \t b  "), vec![".........", "b"]);
/// ```
pub fn fields(text: &str) -> Vec<&str> {
    text.split_ascii_whitespace().collect()
}
