#!/usr/bin/env bash
# lapilli v7 (the tempo bonus for a mill closable next ply, dd59fd0) against
# Sanmill's Rust engine, one thread each, two games at a time, 100 ms a move:
# 1) without tables, the 40 openings of seed 4103 with both colours (the
#    openings of the 100 ms rows of v6 and of the threat search);
# 2) with the <= 5-against-5 tables (TB, folded), the 40 openings of seed
#    4101 with both colours (the openings of the rows with tables).
set -u
L=${L:-target/release/lapilli}
S=${S:-/work/sanmill/target/release/tgf}
TB=${TB:-/work/tb-nine5-v2}
SOPTS=(--second-readback fen --second-option SkillLevel=30 --second-option Shuffling=false --second-option DeveloperMode=false
  --second-option FocusOnBlockingPaths=false --second-option UseLazySmp=false --second-option Threads=1
  --second-option Hash=16 --second-option Algorithm=2 --second-option UsePerfectDatabase=false
  --second-option MoveTime=1 --second-option PatchAvoidTraps=false --second-option PatchMakeTraps=false)
COMMON=(match nine-mens-morris --second "$S uci" "${SOPTS[@]}" --concurrency 2 --openings 40 --opening-plies 2..4)
$L "${COMMON[@]}" --first "$L uci nine-mens-morris" --movetime 100 --seed 4103 \
  --log tempo-rust-100-seed4103.jsonl > tempo-rust-100-seed4103.txt 2> tempo-rust-100-seed4103.err
$L "${COMMON[@]}" --first "$L uci nine-mens-morris --tablebase $TB" --movetime 100 --seed 4101 \
  --log tempo-tables-rust-100-seed4101.jsonl > tempo-tables-rust-100-seed4101.txt 2> tempo-tables-rust-100-seed4101.err
