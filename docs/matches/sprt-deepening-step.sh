#!/usr/bin/env bash
# Iterative deepening by two plies (the morris heuristic's
# `Weights::deepening_step`, through `Evaluate::deepening_step`) for no loss
# (elo0=-20, elo1=0) in play: a build with it in `Options::playing` too
# (`s48a`, before that preset fixed the step at 1 after this SPRT: H0,
# -39 Elo) against the one before it (`s47a`, 3015a86, the search of
# e0d9b80), at 100 ms a move, 2 games at a
# time, from the usual seeded openings (2 to 4 plies, both colours). With
# --resume: run it again to go on from its log. Run from docs/matches with
# NEW and OLD the two lapilli programs.
set -u
. "$(dirname "$0")/sprt-noloss.sh"
L=$NEW sprt_noloss sprt-deepening-step-seed56 56 "$NEW uci nine-mens-morris" deepening-step "$OLD uci nine-mens-morris" base
