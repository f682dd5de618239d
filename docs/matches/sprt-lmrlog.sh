#!/usr/bin/env bash
# Late-move reductions of 0.75 + ln(depth) ln(n) / 2.25 plies (at least 1, leaving 1),
# against the build before it (2a6ea06), at 100 ms a move; stopped by SIGINT after 249 pairs.
set -u
cd /work/runs/s40
L=/work/runs/s40/lapilli-lmrlog
B=/work/runs/s40/lapilli-base
$L match nine-mens-morris --first "$L uci nine-mens-morris" --second "$B uci nine-mens-morris" \
  --movetime 100 --concurrency 2 --openings 500 --opening-plies 2..4 --seed 41 \
  --sprt elo0=0,elo1=20 --log sprt-lmrlog-seed41.jsonl > sprt-lmrlog-seed41.txt 2> sprt-lmrlog-seed41.err
echo "exit $?" >> sprt-lmrlog-seed41.txt
