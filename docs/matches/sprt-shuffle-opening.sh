#!/usr/bin/env bash
# The root shuffle over the opening only (`lapilli uci --seed 1`: the first
# 8 plies shuffled, SHUFFLED_PLIES), for no loss (elo0=-20, elo1=0),
# against the same build without a seed, at 100 ms a move, 2 games at a
# time. With --resume: run it again to go on from its log. Run from
# docs/matches with L the lapilli program (the log's: v9, `f5b6254`).
# Its 1000 planned games ended without a verdict (stop 43); OPENINGS=1000
# goes on past them.
set -u
. "$(dirname "$0")/sprt-noloss.sh"
sprt_noloss sprt-shuffle-opening-seed51 51 "$L uci nine-mens-morris --seed 1" shuffle "$L uci nine-mens-morris" base
