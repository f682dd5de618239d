#!/usr/bin/env bash
# v10 (the settled score of an ending of three against three just entered)
# against v9, for no loss (elo0=-20, elo1=0), at 100 ms a move, 2 games at
# a time, openings of seed 52. L is the v10 program, V9 the v9 one (built
# from f5b6254). With --resume: run it again to go on from its log. Run
# from docs/matches.
set -u
L=${L:-target/release/lapilli}
V9=${V9:-/work/lapilli-s43}
NAME=sprt-v10-settled-seed52
if [ ! -e $NAME.jsonl ] && [ -e $NAME.jsonl.gz ]; then zcat $NAME.jsonl.gz > $NAME.jsonl; fi
$L match nine-mens-morris --first "$L uci nine-mens-morris" --first-name v10 \
  --second "$V9 uci nine-mens-morris" --second-name v9 \
  --movetime 100 --concurrency 2 --openings 500 --opening-plies 2..4 --seed 52 \
  --sprt elo0=-20,elo1=0 --log $NAME.jsonl --resume > $NAME.txt 2> $NAME.err
