//! Boards as points and ordered lines.
//!
//! A board is a set of at most 64 points and a list of *ordered lines*
//! (docs/design.md). Adjacency, rays, winning lines and (in the
//! `lapilli-symmetry` crate) symmetries are all derived from the lines.
//! A second constructor, [`Board::from_geometry`], derives the lines from a
//! drawing so that tests can check the two agree.
//!
//! It is also the home of the vocabulary every rules crate shares:
//! [`Colour`], [`zobrist`] keys, the [`notation`] toolkit (one excerpt
//! length, one decimal reader, one whitespace policy) and [`bits`]
//! iteration over plain integer sets.
//!
//! ```
//! use lapilli_board_graph::{wheel, Point};
//! let board = wheel::wheel();
//! assert_eq!((board.point_count(), board.edge_count(), board.line_count()), (9, 16, 12));
//! assert_eq!(board.degree(wheel::CENTRE), 8);
//! assert_eq!(board, wheel::wheel_from_geometry());
//! ```
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod bitboard;
pub mod bits;
mod board;
mod colour;
mod geometry;
pub mod grid;
pub mod morris;
pub mod notation;
pub mod wheel;
pub mod zobrist;

pub use bitboard::{Bitboard, BitboardIter, Point, MAX_POINTS};
pub use board::{Board, BoardError};
pub use colour::Colour;
pub use geometry::{Coord, GeometryError, LineRule, Stroke};
