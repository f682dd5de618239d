#!/usr/bin/env bash
# A bonus of 60 for the side to move when it can close a mill with its next
# ply (Weights::tempo_mill), on top of v6, against v6, at 100 ms a move.
set -u
cd /work/runs/s41
L=/work/runs/s41/lapilli-tempo60
B=/work/runs/s41/lapilli-05ade34
$L match nine-mens-morris --first "$L uci nine-mens-morris" --second "$B uci nine-mens-morris" \
  --movetime 100 --concurrency 2 --openings 500 --opening-plies 2..4 --seed 45 \
  --sprt elo0=0,elo1=20 --log sprt-tempo60-seed45.jsonl > sprt-tempo60-seed45.txt 2> sprt-tempo60-seed45.err
echo "exit $?" >> sprt-tempo60-seed45.txt
