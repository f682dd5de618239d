#!/usr/bin/env bash
# The SPRT for no loss of one build against another, sourced by the
# scripts of each test (`sprt-shuffle-opening.sh`, `sprt-v10-settled.sh`):
# Nine Men's Morris at 100 ms a move, 2 games at a time, up to OPENINGS
# (default 500) seeded openings of 2 to 4 plies with both colours,
# elo0=-20, elo1=0, going on from the log (as committed, gzipped) with
# --resume; a larger OPENINGS goes on past the games a log planned (the
# first openings of a seed stay the same). L is the lapilli program that
# runs the match.
L=${L:-target/release/lapilli}
# sprt_noloss NAME SEED FIRST FIRST_NAME SECOND SECOND_NAME: the match
# logged in NAME.jsonl, its report in NAME.txt, its progress in NAME.err.
sprt_noloss() {
  if [ ! -e "$1.jsonl" ] && [ -e "$1.jsonl.gz" ]; then zcat "$1.jsonl.gz" > "$1.jsonl"; fi
  $L match nine-mens-morris --first "$3" --first-name "$4" --second "$5" --second-name "$6" \
    --movetime 100 --concurrency 2 --openings "${OPENINGS:-500}" --opening-plies 2..4 --seed "$2" \
    --sprt elo0=-20,elo1=0 --log "$1.jsonl" --resume > "$1.txt" 2> "$1.err"
}
