#!/usr/bin/env bash
# The search changes of 2026-12-05 (later), each against the build before
# it at 100 ms a move, 2 games at a time, from fresh seeded openings:
#   MALUS  the history malus on v7 (stopped after 198 pairs, no verdict)
#   IIR    internal iterative reductions on v7: an SPRT (seed 48; it
#          decided after 6 pairs, before the match tool's 30-pair minimum
#          existed), then 100 pairs of fixed length (seed 49)
#   V9     an aspiration window of 50 on IIR (seed 50)
# V7, MALUS, IIR and V9 are builds of the program (v7 at 42641eb).
set -u
m() { # FIRST SECOND SEED NAME [extra]
  local a=$1 b=$2 seed=$3 name=$4
  shift 4
  $a match nine-mens-morris --first "$a uci nine-mens-morris" --second "$b uci nine-mens-morris" \
    --movetime 100 --concurrency 2 --opening-plies 2..4 --seed "$seed" "$@" \
    --log "$name.jsonl" > "$name.txt" 2> "$name.err"
}
m "$MALUS" "$V7" 47 sprt-malus-seed47 --openings 500 --sprt elo0=0,elo1=20
m "$IIR" "$V7" 48 sprt-iir-seed48 --openings 500 --sprt elo0=0,elo1=20
m "$IIR" "$V7" 49 iir-v7-seed49 --openings 100
m "$V9" "$IIR" 50 sprt-asp50-seed50 --openings 500 --sprt elo0=0,elo1=20
