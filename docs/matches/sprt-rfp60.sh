#!/usr/bin/env bash
# Reverse futility pruning, margin 60 a ply to go, at most 3 plies to go,
# against the build before it (2a6ea06), at 100 ms a move; stopped by SIGINT after 77 pairs.
set -u
cd /work/runs/s40
L=/work/runs/s40/lapilli-rfp60
B=/work/runs/s40/lapilli-base
$L match nine-mens-morris --first "$L uci nine-mens-morris" --second "$B uci nine-mens-morris" \
  --movetime 100 --concurrency 2 --openings 500 --opening-plies 2..4 --seed 40 \
  --sprt elo0=0,elo1=20 --log sprt-rfp60-seed40.jsonl > sprt-rfp60-seed40.txt 2> sprt-rfp60-seed40.err
echo "exit $?" >> sprt-rfp60-seed40.txt
