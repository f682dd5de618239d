#!/usr/bin/env bash
# Time and nodes to a fixed depth for Nine Men's Morris, one line per
# position and depth, for one or more builds of the `lapilli` program run
# in the same command (so that their times compare):
#
#   benches/time-to-depth.sh [LAPILLI...]    # default: target/release/lapilli
#
# Each search is `lapilli analyze nine-mens-morris ... --depth N --json`
# from a fresh process: iterative deepening, one thread, the CLI's engine
# options (late-move reductions on), a removal counted as a ply. The
# positions are the search-speed issue's four rows (the start at depths 10
# and 12; a middle game just after placing, at 18 and 20) and three more:
# a late placement (14 plies in, at 16), a flying endgame (three White
# pieces against five, at 8 and 10) and a middle game of the parallel
# search note (at 12). Node counts are deterministic; times are wall times
# of the search as the program reports them (`millis`). RUNS (default 1)
# repeats each search and keeps the fastest time.
set -euo pipefail
cd "$(dirname "$0")/.."
bins=("$@")
[ ${#bins[@]} -gt 0 ] || bins=(target/release/lapilli)
runs="${RUNS:-1}"

middle="e4 a1 d6 d5 f4 g4 f6 f2 b6 xg4 g4 d2 b4 d1 d3 c4 a7 a4 d7"
late="e4 a1 d6 d5 f4 g4 f6 f2 b6 xg4 g4 d2 b4 d1"
flying="W...B.B./..W.B.../W..B.B.. w 0 0 -"
parallel="d7 d6 b4 f4 g7 a7 d2 d3"
rows=(
    "start|--moves=|10"
    "start|--moves=|12"
    "middle|--moves=$middle|18"
    "middle|--moves=$middle|20"
    "late placement|--moves=$late|16"
    "flying endgame|--position=$flying|8"
    "flying endgame|--position=$flying|10"
    "parallel note|--moves=$parallel|12"
)

printf '| build | position | depth | nodes | ms | score | best |\n|---|---|---|---|---|---|---|\n'
for row in "${rows[@]}"; do
    IFS='|' read -r name arg depth <<<"$row"
    for bin in "${bins[@]}"; do
        best=""
        for _ in $(seq "$runs"); do
            out="$("$bin" analyze nine-mens-morris "$arg" --depth "$depth" --json)"
            line="$(printf '%s' "$out" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["nodes"], round(d["millis"]), d["score"], d["best"])')"
            read -r nodes ms score mv <<<"$line"
            if [ -z "$best" ] || [ "$ms" -lt "${best%% *}" ]; then best="$ms $nodes $score $mv"; fi
        done
        read -r ms nodes score mv <<<"$best"
        printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$(basename "$bin")" "$name" "$depth" "$nodes" "$ms" "$score" "$mv"
    done
done
