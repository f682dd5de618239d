#!/usr/bin/env bash
# The variety of `lapilli uci --seed 1` (an irreversible ply played as one
# of its images under the automorphisms that fix the position) for no
# loss (elo0=-20, elo1=0), against the same build without a seed, at 100
# ms a move, 2 games at a time, from the usual seeded openings (2 to 4
# plies, both colours). With --resume: run it again to go on from its
# log. Run from docs/matches with L the lapilli program (the log's: v11
# with the variety, `s46`).
set -u
. "$(dirname "$0")/sprt-noloss.sh"
sprt_noloss sprt-symmetric-variety-seed54 54 "$L uci nine-mens-morris --seed 1" variety "$L uci nine-mens-morris" base
