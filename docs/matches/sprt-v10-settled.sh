#!/usr/bin/env bash
# v10 (the settled score of an ending of three against three just entered)
# against v9, for no loss (elo0=-20, elo1=0), at 100 ms a move, 2 games at
# a time, openings of seed 52. L is the v10 program, V9 the v9 one (built
# from f5b6254). With --resume: run it again to go on from its log. Run
# from docs/matches.
set -u
V9=${V9:-/work/lapilli-s43}
. "$(dirname "$0")/sprt-noloss.sh"
sprt_noloss sprt-v10-settled-seed52 52 "$L uci nine-mens-morris" v10 "$V9 uci nine-mens-morris" v9
