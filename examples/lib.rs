//! Example programs of the lapilli crates, one file each under
//! `examples/examples/`: `cargo run --release -p lapilli-examples --example
//! dots_and_boxes` writes a game of its own (Dots and Boxes) against the
//! public API and runs the conformance harness, perft, both solvers and the
//! engine on it. This library is empty; the examples are the point.
#![deny(missing_docs)]
