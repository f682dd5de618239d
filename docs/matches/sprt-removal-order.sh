#!/usr/bin/env bash
# Removals ordered by the piece taken (`Position::removal_order`: first a
# piece of an open mill the opponent can close on its next ply, and a
# piece blocking a line of the side to move), for no loss (elo0=-20,
# elo1=0): the build with it (`new`, 737f992) against the one before
# (`base`, fc5b8c9), at 100 ms a move, 2 games at a time, from the usual
# seeded openings (2 to 4 plies, both colours). With --resume: run it
# again to go on from its log. Run from docs/matches with NEW and OLD the
# two lapilli programs.
set -u
. "$(dirname "$0")/sprt-noloss.sh"
L=$NEW sprt_noloss sprt-removal-order-seed59 59 "$NEW uci nine-mens-morris" new "$OLD uci nine-mens-morris" base
