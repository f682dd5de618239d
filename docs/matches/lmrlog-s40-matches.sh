#!/usr/bin/env bash
# lapilli v6 (logarithmic late-move reductions, the search of bf641e2) against
# Sanmill's Rust engine without tables, one thread each, two games at a time:
# 1) at 1 s a move, the 40 openings of seed 4102 with both colours (the
#    openings of the 1 s rows of README.md);
# 2) at 100 ms a move, the 40 openings of seed 4103 with both colours (the
#    openings of the 100 ms row of the threat search without tables).
set -u
L=${L:-target/release/lapilli}
S=${S:-/work/sanmill/target/release/tgf}
SOPTS=(--second-readback fen --second-option SkillLevel=30 --second-option Shuffling=false --second-option DeveloperMode=false
  --second-option FocusOnBlockingPaths=false --second-option UseLazySmp=false --second-option Threads=1
  --second-option Hash=16 --second-option Algorithm=2 --second-option UsePerfectDatabase=false
  --second-option MoveTime=1 --second-option PatchAvoidTraps=false --second-option PatchMakeTraps=false)
COMMON=(match nine-mens-morris --first "$L uci nine-mens-morris" --second "$S uci" "${SOPTS[@]}" --concurrency 2
  --openings 40 --opening-plies 2..4)
$L "${COMMON[@]}" --movetime 1000 --seed 4102 --log lmrlog-rust-1000-seed4102.jsonl \
  > lmrlog-rust-1000-seed4102.txt 2> lmrlog-rust-1000-seed4102.err
$L "${COMMON[@]}" --movetime 100 --seed 4103 --log lmrlog-rust-100-seed4103.jsonl \
  > lmrlog-rust-100-seed4103.txt 2> lmrlog-rust-100-seed4103.err
