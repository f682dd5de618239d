#!/usr/bin/env bash
# The settings of the matches against Sanmill's Rust engine, sourced by
# the scripts of each build (`tempo-s41-matches.sh`, `v9-s42-matches.sh`):
# L the lapilli program, S Sanmill's `tgf`, TB the <= 5-against-5 tables;
# Sanmill with one thread, 16 MB of table, no shuffling and no perfect
# database; one thread each, two games at a time, 40 openings of 2 to 4
# random plies with both colours. `COMMON` is the match command without
# the first engine, the time per move and the seed.
L=${L:-target/release/lapilli}
S=${S:-/work/sanmill/target/release/tgf}
TB=${TB:-/work/tb-nine5-v2}
SOPTS=(--second-readback fen --second-option SkillLevel=30 --second-option Shuffling=false --second-option DeveloperMode=false
  --second-option FocusOnBlockingPaths=false --second-option UseLazySmp=false --second-option Threads=1
  --second-option Hash=16 --second-option Algorithm=2 --second-option UsePerfectDatabase=false
  --second-option MoveTime=1 --second-option PatchAvoidTraps=false --second-option PatchMakeTraps=false)
COMMON=(match nine-mens-morris --second "$S uci" "${SOPTS[@]}" --concurrency 2 --openings 40 --opening-plies 2..4)
