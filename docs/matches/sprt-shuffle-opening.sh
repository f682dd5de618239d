#!/usr/bin/env bash
# The root shuffle over the opening only (`lapilli uci --seed 1`: the first
# 8 plies shuffled, SHUFFLED_PLIES), for no loss (elo0=-20, elo1=0),
# against the same build without a seed, at 100 ms a move, 2 games at a
# time. With --resume: run it again to go on from its log. Run from
# docs/matches with L the lapilli program.
set -u
L=${L:-target/release/lapilli}
NAME=sprt-shuffle-opening-seed51
# The log as committed (gzipped), to go on from.
if [ ! -e $NAME.jsonl ] && [ -e $NAME.jsonl.gz ]; then zcat $NAME.jsonl.gz > $NAME.jsonl; fi
$L match nine-mens-morris --first "$L uci nine-mens-morris --seed 1" --first-name shuffle \
  --second "$L uci nine-mens-morris" --second-name base \
  --movetime 100 --concurrency 2 --openings 500 --opening-plies 2..4 --seed 51 \
  --sprt elo0=-20,elo1=0 --log $NAME.jsonl --resume > $NAME.txt 2> $NAME.err
