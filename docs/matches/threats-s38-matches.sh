#!/usr/bin/env bash
# lapilli 85e7a8e (threat search, folded tables) against Sanmill's Rust engine at 100 ms:
# 1) with the <=5-against-5 tables, the 40 openings of seed 4101 with both colours;
# 2) without tables, the 40 openings of seed 4103 with both colours.
set -u
cd /work/runs/s38
L=/work/runs/s38/lapilli-85e7a8e
S=/work/sanmill/target/release/tgf
SOPTS=(--second-readback fen --second-option SkillLevel=30 --second-option Shuffling=false --second-option DeveloperMode=false
  --second-option FocusOnBlockingPaths=false --second-option UseLazySmp=false --second-option Threads=1
  --second-option Hash=16 --second-option Algorithm=2 --second-option UsePerfectDatabase=false
  --second-option MoveTime=1 --second-option PatchAvoidTraps=false --second-option PatchMakeTraps=false)
COMMON=(--movetime 100 --concurrency 2 --openings 40 --opening-plies 2..4)
$L match nine-mens-morris --first "$L uci nine-mens-morris --tablebase /work/tb-nine5-v2" --second "$S uci" "${SOPTS[@]}" "${COMMON[@]}" --seed 4101 \
   --log threats-tables-rust-100-seed4101.jsonl > threats-tables-rust-100-seed4101.txt 2> threats-tables-rust-100-seed4101.err
$L match nine-mens-morris --first "$L uci nine-mens-morris" --second "$S uci" "${SOPTS[@]}" "${COMMON[@]}" --seed 4103 \
   --log threats-rust-100-seed4103.jsonl > threats-rust-100-seed4103.txt 2> threats-rust-100-seed4103.err
echo done > matches.done
