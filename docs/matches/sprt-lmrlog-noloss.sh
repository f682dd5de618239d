#!/usr/bin/env bash
# Late-move reductions of 0.75 + ln(depth) ln(n) / 2.25 plies (at least 1, leaving 1), for no loss (elo0=-20, elo1=0),
# against the build before it (2a6ea06), at 100 ms a move.
set -u
cd /work/runs/s40
L=/work/runs/s40/lapilli-lmrlog
B=/work/runs/s40/lapilli-base
$L match nine-mens-morris --first "$L uci nine-mens-morris" --second "$B uci nine-mens-morris" \
  --movetime 100 --concurrency 2 --openings 500 --opening-plies 2..4 --seed 43 \
  --sprt elo0=-20,elo1=0 --log sprt-lmrlog-noloss-seed43.jsonl > sprt-lmrlog-noloss-seed43.txt 2> sprt-lmrlog-noloss-seed43.err
echo "exit $?" >> sprt-lmrlog-noloss-seed43.txt
