//! Criterion benchmarks of the lapilli crates; the suites live in
//! `benches/`. Run them with `cargo bench -p lapilli-benches`.
