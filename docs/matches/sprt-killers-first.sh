#!/usr/bin/env bash
# Killers tried before generation one ply above the leaves
# (`Options::with_killers_first`, on in `Options::playing`) for no loss
# (elo0=-20, elo1=0): the build with it (`s47a`, 3015a86) against the one
# before it (`main46`, e5723c6), at 100 ms a move, 2 games at a time, from
# the usual seeded openings (2 to 4 plies, both colours). With --resume: run
# it again to go on from its log. Run from docs/matches with NEW and OLD the
# two lapilli programs.
set -u
. "$(dirname "$0")/sprt-noloss.sh"
L=$NEW sprt_noloss sprt-killers-first-seed55 55 "$NEW uci nine-mens-morris" killers-first "$OLD uci nine-mens-morris" base
