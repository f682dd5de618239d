#!/usr/bin/env bash
# lapilli v7 (the tempo bonus for a mill closable next ply, dd59fd0) against
# Sanmill's Rust engine, one thread each, two games at a time, 100 ms a move:
# 1) without tables, the 40 openings of seed 4103 with both colours (the
#    openings of the 100 ms rows of v6 and of the threat search);
# 2) with the <= 5-against-5 tables (TB, folded), the 40 openings of seed
#    4101 with both colours (the openings of the rows with tables).
set -u
. "$(dirname "$0")/against-sanmill.sh"
$L "${COMMON[@]}" --first "$L uci nine-mens-morris" --movetime 100 --seed 4103 \
  --log tempo-rust-100-seed4103.jsonl > tempo-rust-100-seed4103.txt 2> tempo-rust-100-seed4103.err
$L "${COMMON[@]}" --first "$L uci nine-mens-morris --tablebase $TB" --movetime 100 --seed 4101 \
  --log tempo-tables-rust-100-seed4101.jsonl > tempo-tables-rust-100-seed4101.txt 2> tempo-tables-rust-100-seed4101.err
