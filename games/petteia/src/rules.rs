//! Rule options and the starting arrangement.
//!
//! The defaults are docs/design.md's (seed 003, Cyningstan's Botermans-based
//! reconstruction). The reconstruction is uncertain in several places (seed
//! 003: "the rules are reconstructed with significant uncertainty ... the
//! dux variant and starting arrangement are more debated"); the cheap
//! uncertain points are options here:
//!
//! | point | default | option |
//! |---|---|---|
//! | board size | 8x8 (seed 003) | [`Setup::size`]: 8x12 and 9x10 as some reconstructions use |
//! | captures against the edge | none (DESIGN) | [`Rules::edge_anvil`] |
//! | corner captures | none (DESIGN) | [`Rules::corner_capture`] |
//! | no-progress draw | 100 plies without a capture (DESIGN) | [`Rules::no_progress_limit`] |
//! | Dux placement | White e2, Black d7: right of centre from the owner's view (Kowalski, DESIGN) | [`DuxPlacement::SameFile`]: both on the e-file |
//!
//! Points that are not options: custodian capture itself (agreed by all
//! scholars, seed 003); the Dux cannot be captured (seed 003); an immobile
//! Dux is not a loss while another piece can move (DESIGN: a documented
//! difference from Kowalski); the win by reduction to one piece and by
//! blocking (seed 003, "Winning"). The territorial objective the seed
//! mentions has no ancient support and is not offered.

use crate::board::MAX_SQUARES;
use crate::position::Position;
use lapilli_board_graph::notation::{excerpt, parse_decimal};
use lapilli_board_graph::Colour;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The plies without a capture after which the game is drawn under the
/// default rules (docs/design.md): [`Rules::no_progress_limit`]'s default.
pub const NO_PROGRESS_LIMIT: u32 = 100;

/// Rules that act during play; they are part of a position (and of its
/// text when not the default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The board edge acts as the capturer's piece: a man on the edge next
    /// to the moved piece, with the edge directly beyond it, is captured.
    /// Off by default (docs/design.md: no edge captures; seed 003's test
    /// case "the edge is not an anvil").
    pub edge_anvil: bool,
    /// A man in a corner is captured when the moved piece arrives on one of
    /// the corner's two neighbours and a friendly piece stands on the
    /// other (the tafl-style corner capture). Off by default
    /// (docs/design.md: no corner captures).
    pub corner_capture: bool,
    /// Draw after this many consecutive plies without a capture; `None` for
    /// no such rule. Default `Some(`[`NO_PROGRESS_LIMIT`]`)` (100,
    /// docs/design.md). A constant of the rules: the count a position
    /// carries never shortens it.
    pub no_progress_limit: Option<u32>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules { edge_anvil: false, corner_capture: false, no_progress_limit: Some(NO_PROGRESS_LIMIT) }
    }
}

/// With or without the Dux.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Petteia: 16 men each on the first two ranks (seed 003).
    #[default]
    Standard,
    /// Ludus Latrunculorum with the Dux: men on the back rank and a Dux on
    /// the second (seed 003; DESIGN).
    Dux,
}

impl FromStr for Variant {
    type Err = SetupError;

    /// `standard` (or `petteia`) and `dux` (or `latrunculi`).
    ///
    /// # Errors
    /// [`SetupError::BadVariant`] for anything else.
    fn from_str(s: &str) -> Result<Variant, SetupError> {
        match s {
            "standard" | "petteia" => Ok(Variant::Standard),
            "dux" | "latrunculi" => Ok(Variant::Dux),
            _ => Err(SetupError::BadVariant(excerpt(s))),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Standard => "standard",
            Variant::Dux => "dux",
        })
    }
}

/// Where the Duxes start (an uncertain point of the reconstruction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DuxPlacement {
    /// On the second rank just right of centre from the owner's view:
    /// White's on e2, Black's on d7 on the 8x8 board (Kowalski's
    /// reconstruction, docs/design.md). Files `W / 2` and `W - 1 - W / 2`.
    #[default]
    RightOfCentre,
    /// Both on file `W / 2` (e2 and e7 on 8x8): the mirror-symmetric
    /// arrangement of the "Dux in the centre of row 2/7" reading (seed 003).
    SameFile,
}

/// Why a setup was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A board size outside the supported range.
    #[error(
        "a board has 3 to 26 files, 5 to 26 ranks and at most {MAX_SQUARES} squares; got {width}x{height}"
    )]
    BadSize {
        /// Files.
        width: usize,
        /// Ranks.
        height: usize,
    },
    /// Size text that is not `WxH`.
    #[error("{0:?} is not a board size: write files x ranks, such as 8x8 or 9x10")]
    BadSizeText(String),
    /// An unknown variant name.
    #[error("unknown variant {0:?}: use standard or dux")]
    BadVariant(String),
}

/// Checks a board size: 3 to 26 files (a custodian capture needs three
/// squares in a row), 5 to 26 ranks (two ranks each side and at least one
/// between), at most 128 squares.
///
/// # Errors
/// [`SetupError::BadSize`].
pub fn check_size(width: usize, height: usize) -> Result<(), SetupError> {
    if !(3..=26).contains(&width) || !(5..=26).contains(&height) || width * height > MAX_SQUARES {
        return Err(SetupError::BadSize { width, height });
    }
    Ok(())
}

/// Parses a board size written `WxH` (files x ranks), e.g. `8x12`.
///
/// # Errors
/// [`SetupError::BadSizeText`] for malformed text, [`SetupError::BadSize`]
/// for a size outside the supported range.
///
/// ```
/// use lapilli_petteia::parse_size;
/// assert_eq!(parse_size("9x10"), Ok((9, 10)));
/// assert_eq!(parse_size("08x08"), Ok((8, 8)));
/// assert!(parse_size("9 by 10").is_err());
/// assert!(parse_size("20x20").is_err()); // 400 squares
/// ```
pub fn parse_size(text: &str) -> Result<(usize, usize), SetupError> {
    let bad = || SetupError::BadSizeText(excerpt(text));
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let number = |s: &str| parse_decimal(s, 999).map(|n| n as usize).map_err(|_| bad());
    let (w, h) = (number(w)?, number(h)?);
    check_size(w, h)?;
    Ok((w, h))
}

/// Everything that fixes the start of a game: size, variant, Dux placement
/// and the rules of play.
///
/// ```
/// use lapilli_petteia::{Setup, Variant};
/// let start = Setup::new(Variant::Dux).start();
/// assert_eq!(start.to_string(), "mmmmmmmm/3d4/8/8/8/8/4D3/MMMMMMMM w 0");
/// let big = Setup::default().size(9, 10).unwrap().start();
/// assert_eq!(big.piece_count(lapilli_petteia::Colour::White), 18);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    width: usize,
    height: usize,
    /// With or without the Dux.
    pub variant: Variant,
    /// Where the Duxes start (Dux variant only).
    pub dux_placement: DuxPlacement,
    /// The rules of play.
    pub rules: Rules,
}

impl Default for Setup {
    /// Petteia on 8x8 under the default rules.
    fn default() -> Setup {
        Setup::new(Variant::Standard)
    }
}

impl Setup {
    /// The 8x8 board, the given variant, the default placement and rules.
    pub fn new(variant: Variant) -> Setup {
        Setup {
            width: 8,
            height: 8,
            variant,
            dux_placement: DuxPlacement::default(),
            rules: Rules::default(),
        }
    }

    /// The same setup on a `width x height` board.
    ///
    /// # Errors
    /// [`SetupError::BadSize`] (see [`check_size`]).
    pub fn size(self, width: usize, height: usize) -> Result<Setup, SetupError> {
        check_size(width, height)?;
        Ok(Setup { width, height, ..self })
    }

    /// The same setup under other rules.
    #[must_use]
    pub fn rules(self, rules: Rules) -> Setup {
        Setup { rules, ..self }
    }

    /// The same setup with another Dux placement.
    #[must_use]
    pub fn dux_placement(self, dux_placement: DuxPlacement) -> Setup {
        Setup { dux_placement, ..self }
    }

    /// Files.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Ranks.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The starting position, White to move (seed 003): standard, White's
    /// men fill ranks 1-2 and Black's the top two ranks; Dux variant, each
    /// side's men fill its back rank and its Dux stands on its second rank
    /// (see [`DuxPlacement`]).
    pub fn start(&self) -> Position {
        let (w, h) = (self.width, self.height);
        let rank = |r: usize| -> u128 { ((1u128 << w) - 1) << (r * w) };
        let sq = |f: usize, r: usize| -> u128 { 1u128 << (r * w + f) };
        let (white, black, duxes) = match self.variant {
            Variant::Standard => (rank(0) | rank(1), rank(h - 1) | rank(h - 2), 0),
            Variant::Dux => {
                let black_file = match self.dux_placement {
                    DuxPlacement::RightOfCentre => w - 1 - w / 2,
                    DuxPlacement::SameFile => w / 2,
                };
                let (wd, bd) = (sq(w / 2, 1), sq(black_file, h - 2));
                (rank(0) | wd, rank(h - 1) | bd, wd | bd)
            }
        };
        Position::from_parts(*self, [white, black], duxes, Colour::White, 0)
            .expect("the start is a valid position")
    }
}
