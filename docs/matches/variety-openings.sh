#!/usr/bin/env bash
# The variety of `lapilli uci --seed S` from the start of Nine Men's Morris:
# 12 plies at depth 8 with --seed 1 to --seed 20 on both sides, then once
# without a seed, one opening a line (variety-openings-s46.txt), and how
# many differ up to the board's 16 automorphisms
# (variety-openings-canonical.py). Run from docs/matches with L the
# lapilli program.
set -eu
L=${L:-../../target/release/lapilli}
opening() {
  local moves=""
  for _ in $(seq 1 12); do
    moves="$moves $(printf 'position startpos moves%s\ngo depth 8\n' "$moves" | $L uci nine-mens-morris "$@" | grep bestmove | cut -d' ' -f2)"
  done
  echo $moves
}
out=${OUT:-variety-openings-s46.txt}
: > "$out"
for s in $(seq 1 20); do opening --seed "$s" >> "$out"; done
opening >> "$out"
python3 variety-openings-canonical.py "$out"
