//! Rectangular grids with rows and columns as lines.
