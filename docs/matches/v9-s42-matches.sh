#!/usr/bin/env bash
# lapilli v9 (internal iterative reductions and an aspiration window of 50 at the root) against
# Sanmill's Rust engine, one thread each, two games at a time, 100 ms a move:
# 1) without tables, the 40 openings of seed 4103 with both colours (the
#    openings of the 100 ms rows of v6 and of the threat search);
# 2) with the <= 5-against-5 tables (TB, folded), the 40 openings of seed
#    4101 with both colours (the openings of the rows with tables);
# 3) without tables again, 40 openings never used before (seed 4105).
set -u
. "$(dirname "$0")/against-sanmill.sh"
run() { # NAME SEED [tables]: one match at 100 ms, its log NAME.jsonl
  local first="$L uci nine-mens-morris${3:+ --tablebase $TB}"
  $L "${COMMON[@]}" --first "$first" --movetime 100 --seed "$2" --log "$1.jsonl" > "$1.txt" 2> "$1.err"
}
run v9-rust-100-seed4103 4103
run v9-tables-rust-100-seed4101 4101 tables
run v9-rust-100-seed4105 4105
