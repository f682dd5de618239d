#!/usr/bin/env bash
# Reverse futility pruning (margin 60 a ply to go, at most 3 plies to go) on top
# of v6 (logarithmic late-move reductions), against v6, at 100 ms a move.
set -u
cd /work/runs/s40
L=/work/runs/s40/lapilli-lmrlog-rfp60
B=/work/runs/s40/lapilli-lmrlog
$L match nine-mens-morris --first "$L uci nine-mens-morris" --second "$B uci nine-mens-morris" \
  --movetime 100 --concurrency 2 --openings 500 --opening-plies 2..4 --seed 44 \
  --sprt elo0=0,elo1=20 --log sprt-v6-rfp60-seed44.jsonl > sprt-v6-rfp60-seed44.txt 2> sprt-v6-rfp60-seed44.err
echo "exit $?" >> sprt-v6-rfp60-seed44.txt
