#!/usr/bin/env bash
# A removal searched at the depth of the ply that closed its mill (the
# removal not counted as a ply of depth), on top of v7, against v7, at
# 100 ms a move.
set -u
cd /work/runs/s41
L=/work/runs/s41/lapilli-ext7
B=/work/runs/s41/lapilli-tempo60
$L match nine-mens-morris --first "$L uci nine-mens-morris" --second "$B uci nine-mens-morris" \
  --movetime 100 --concurrency 2 --openings 500 --opening-plies 2..4 --seed 46 \
  --sprt elo0=0,elo1=20 --log sprt-removal-ext-seed46.jsonl > sprt-removal-ext-seed46.txt 2> sprt-removal-ext-seed46.err
echo "exit $?" >> sprt-removal-ext-seed46.txt
