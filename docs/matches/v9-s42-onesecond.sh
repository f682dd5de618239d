#!/usr/bin/env bash
# v9 without tables at 1 s a move: the first 20 openings of seed 4102 with both colours
set -u
L=${L:-target/release/lapilli}
. "$(dirname "$0")/against-sanmill.sh"
COMMON=("${COMMON[@]/#40/20}")
$L "${COMMON[@]}" --first "$L uci nine-mens-morris" --movetime 1000 --seed 4102 \
  --log v9-rust-1000-seed4102-40games.jsonl > v9-rust-1000-seed4102-40games.txt 2> v9-rust-1000-seed4102-40games.err
