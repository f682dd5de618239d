//! Position formats of other programs, offered by the game crates that
//! read them: the hook a front end compares another engine's position
//! against the rules through, without knowing the game (morris offers
//! Sanmill's FEN). After the named dialects of Sanmill's
//! `PositionTextFormat`, with typed errors.

use std::error::Error;

/// A position format of another program for positions `P`.
pub trait ForeignFormat<P>: Send + Sync {
    /// The format's name, e.g. `"sanmill-fen"`.
    fn name(&self) -> &'static str;

    /// `pos` written in the format.
    ///
    /// # Errors
    /// When the format cannot describe `pos` (e.g. a variant it has no
    /// board for), the game crate's error.
    fn write(&self, pos: &P) -> Result<String, Box<dyn Error + Send + Sync>>;

    /// Where the position that `text` describes differs from `pos`, each
    /// difference in words (empty when they agree): how a referee checks
    /// another engine's view of the game.
    ///
    /// # Errors
    /// When `text` does not read in the format, the game crate's error.
    fn differences(&self, text: &str, pos: &P) -> Result<Vec<String>, Box<dyn Error + Send + Sync>>;
}
