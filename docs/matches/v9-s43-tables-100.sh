#!/usr/bin/env bash
# v9 with the <= 5-against-5 tables (TB, folded) at 100 ms a move against
# Sanmill's Rust engine: 40 openings never used before (seed 4106) with
# both colours. Run from docs/matches; --resume goes on from the log.
set -u
L=${L:-target/release/lapilli}
. "$(dirname "$0")/against-sanmill.sh"
NAME=v9-tables-rust-100-seed4106
$L "${COMMON[@]}" --first "$L uci nine-mens-morris --tablebase $TB" --movetime 100 --seed 4106 \
  --log $NAME.jsonl --resume > $NAME.txt 2> $NAME.err
