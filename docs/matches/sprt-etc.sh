#!/usr/bin/env bash
# Enhanced transposition cutoffs (`Options::with_transposition_cutoffs`,
# on in `Options::default` and so in `Options::playing`) for no loss
# (elo0=-20, elo1=0): the build with them (`etc`) against the one before
# (`base`, a4062ec), at 100 ms a move, 2 games at a time, from the usual
# seeded openings (2 to 4 plies, both colours). With --resume: run it again
# to go on from its log. Run from docs/matches with NEW and OLD the two
# lapilli programs.
set -u
. "$(dirname "$0")/sprt-noloss.sh"
L=$NEW sprt_noloss sprt-etc-seed57 57 "$NEW uci nine-mens-morris" etc "$OLD uci nine-mens-morris" base
