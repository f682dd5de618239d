#!/usr/bin/env bash
# Criterion medians of this checkout against another revision, in one
# command: the other revision is built in a git worktree of its own (its
# own target folder), its benches run first and saved as the criterion
# baseline `base`, then this checkout's run against it, so criterion
# prints each change with its confidence interval ("No change in
# performance detected", "Change within noise threshold", or a change).
#
#   benches/compare.sh REV [BENCH...]      # default benches: core morris tablebase
#
# Environment: BENCH_ARGS (default "--warm-up-time 1 --measurement-time 3")
# is passed to criterion; LOG (default target/bench-compare.log) gets the
# whole output.
set -euo pipefail
cd "$(dirname "$0")/.."
rev="${1:?usage: benches/compare.sh REV [BENCH...]}"
shift
benches=("$@")
[ ${#benches[@]} -gt 0 ] || benches=(core morris tablebase)
args=${BENCH_ARGS:---warm-up-time 1 --measurement-time 3}
root="$(pwd)"
base="$root/target/bench-base"
log="${LOG:-$root/target/bench-compare.log}"
export CRITERION_HOME="$root/target/bench-criterion"
mkdir -p "$root/target"
rm -rf "$CRITERION_HOME"
if [ ! -d "$base" ]; then
    git worktree add --detach "$base" "$rev" >/dev/null
else
    git -C "$base" checkout --detach --quiet "$rev"
fi
{
    echo "== base $(git -C "$base" rev-parse --short HEAD), this $(git rev-parse --short HEAD), $(date -u)"
    for b in "${benches[@]}"; do
        echo "== $b: base"
        (cd "$base" && CARGO_TARGET_DIR="$base/target" cargo bench -p lapilli-benches --bench "$b" -- $args --save-baseline base)
        echo "== $b: this checkout against base"
        cargo bench -p lapilli-benches --bench "$b" -- $args --baseline base
    done
} 2>&1 | tee "$log"
