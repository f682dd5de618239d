#!/usr/bin/env bash
# v9 without tables at 1 s a move, grown from the 20 openings of seed 4102
# of v9-s42-onesecond.sh to all 40 with `--resume`: the 40 games of its log
# count, the other 40 are played. Run from docs/matches.
set -u
L=${L:-target/release/lapilli}
. "$(dirname "$0")/against-sanmill.sh"
NAME=v9-rust-1000-seed4102
# The log as committed (gzipped), else the 40 games it grew from.
if [ ! -e $NAME.jsonl ]; then
  if [ -e $NAME.jsonl.gz ]; then zcat $NAME.jsonl.gz > $NAME.jsonl; else zcat $NAME-40games.jsonl.gz > $NAME.jsonl; fi
fi
$L "${COMMON[@]}" --first "$L uci nine-mens-morris" --movetime 1000 --seed 4102 \
  --log $NAME.jsonl --resume > $NAME.txt 2> $NAME.err
