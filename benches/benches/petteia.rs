//! petteia benchmarks (filled in by the petteia crate's work).
fn main() {}
