//! The 24-point morris board.
