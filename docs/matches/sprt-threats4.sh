#!/usr/bin/env bash
# SPRT: the threat search with 4 threats (wins of up to 10 plies) against 3 (64a1943), 100 ms a move.
set -u
cd /work/runs/s38
./lapilli-64a1943 match nine-mens-morris --first "./lapilli-threats4 uci nine-mens-morris" --second "./lapilli-64a1943 uci nine-mens-morris" \
  --movetime 100 --concurrency 2 --openings 200 --opening-plies 2..4 --seed 3801 --sprt elo0=0,elo1=20 \
  --log sprt-threats4.jsonl --json > sprt-threats4.json 2> sprt-threats4.err
echo done > sprt-threats4.done
