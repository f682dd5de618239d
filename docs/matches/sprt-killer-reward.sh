#!/usr/bin/env bash
# No reward for a cutoff by the ply's first killer tried before generation
# (the killers and the history stay as they were), with the table's written
# bits set without a locked instruction, for no loss (elo0=-20, elo1=0):
# the build with both (`new`, 4cb7fa7) against the one before (`base`,
# 0021ea0), at 100 ms a move, 2 games at a time, from the usual seeded
# openings (2 to 4 plies, both colours). With --resume: run it again to go
# on from its log. Run from docs/matches with NEW and OLD the two lapilli
# programs.
set -u
. "$(dirname "$0")/sprt-noloss.sh"
L=$NEW sprt_noloss sprt-killer-reward-seed58 58 "$NEW uci nine-mens-morris" new "$OLD uci nine-mens-morris" base
