//! morris benchmarks (filled in by the morris crate's work).
fn main() {}
