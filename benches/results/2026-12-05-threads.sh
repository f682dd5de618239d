#!/bin/bash
# usage: threads.sh DEPTH RUNS BIN...   prints build, threads, ms, nodes, depth, score per run, interleaved
D=$1; R=$2; shift 2
M="e4 a1 d6 d5 f4 g4 f6 f2 b6 xg4 g4 d2 b4 d1 d3 c4 a7 a4 d7"
for r in $(seq $R); do
  for b in "$@"; do for t in 1 2; do
    s=$(date +%s%N)
    out=$($b analyze nine-mens-morris --moves "$M" --depth $D --threads $t --json)
    e=$(( ($(date +%s%N)-s)/1000000 ))
    n=$(echo "$out" | python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["nodes"], j["depth"], j["score"])')
    echo "$(basename $b) t$t $e $n"
  done; done
done
