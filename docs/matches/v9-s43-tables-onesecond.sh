#!/usr/bin/env bash
# v9 with the <= 5-against-5 tables (TB, folded) at 1 s a move, the 40
# openings of seed 4102 with both colours (the openings of the earlier 1 s
# rows). With --resume: run it again to go on from its log (committed
# gzipped: zcat it first). Run from docs/matches.
set -u
L=${L:-target/release/lapilli}
. "$(dirname "$0")/against-sanmill.sh"
NAME=v9-tables-rust-1000-seed4102
if [ ! -e $NAME.jsonl ] && [ -e $NAME.jsonl.gz ]; then zcat $NAME.jsonl.gz > $NAME.jsonl; fi
$L "${COMMON[@]}" --first "$L uci nine-mens-morris --tablebase $TB" --movetime 1000 --seed 4102 \
  --log $NAME.jsonl --resume > $NAME.txt 2> $NAME.err
