#!/usr/bin/env bash
# lapilli v10 (the settled score of an ending of three against three just
# entered, `Weights::three_against_three`) against Sanmill's Rust engine
# without tables (the rule never applies with the <= 5-against-5 tables,
# which value every such ending), one thread each, two games at a time:
# 1) 100 ms a move, 40 openings never used before (seed 4107);
# 2) 100 ms a move, the 40 openings of seed 4103 (v9's row: 67.5%).
# With --resume: run it again to go on from the logs. Run from
# docs/matches with L the lapilli program.
set -u
. "$(dirname "$0")/against-sanmill.sh"
run() { # NAME SEED: one match at 100 ms, its log NAME.jsonl
  $L "${COMMON[@]}" --first "$L uci nine-mens-morris" --movetime 100 --seed "$2" \
    --log "$1.jsonl" --resume > "$1.txt" 2> "$1.err"
}
run v10-rust-100-seed4107 4107
run v10-rust-100-seed4103 4103
