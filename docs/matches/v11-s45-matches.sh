#!/usr/bin/env bash
# lapilli v11 (the long chains of three against three: `long_chains`, the
# settled score of an ending entered by a removal the same for both sides)
# against Sanmill's Rust engine without tables, one thread each, two games
# at a time, 40 openings never used before with both colours:
# 1) 100 ms a move (seed 4108);
# 2) 1 s a move (seed 4109).
# With --resume: run it again to go on from the logs. Run from
# docs/matches with L the lapilli program.
set -u
. "$(dirname "$0")/against-sanmill.sh"
run() { # NAME SEED MOVETIME: one match, its log NAME.jsonl
  $L "${COMMON[@]}" --first "$L uci nine-mens-morris" --movetime "$3" --seed "$2" \
    --log "$1.jsonl" --resume > "$1.txt" 2> "$1.err"
}
run v11-rust-100-seed4108 4108 100
run v11-rust-1000-seed4109 4109 1000
