#!/usr/bin/env bash
# SPRT of v11 (the long chains of three against three) against v9 (no
# settled score; `f5b6254`) for no loss: elo0 -20, elo1 0, 100 ms a move,
# seed 53. V9 the earlier build's program, L this one. With --resume: run
# it again to go on from the log. Run from docs/matches.
set -u
V9=${V9:-/work/lapilli-s43}
. "$(dirname "$0")/sprt-noloss.sh"
sprt_noloss sprt-v11-longchains-seed53 53 "$L uci nine-mens-morris" v11 "$V9 uci nine-mens-morris" v9
