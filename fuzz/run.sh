#!/usr/bin/env bash
# Runs the fuzz targets of this crate with cargo-fuzz (libFuzzer, nightly).
#
#   fuzz/run.sh [SECONDS] [TARGET...]
#
# SECONDS (default 60) is each target's running time; with no TARGET,
# every target runs, one after the other. Each run starts from
# fuzz/corpus/TARGET (kept between runs, not committed) and the committed
# seeds in fuzz/seeds/TARGET, with the game's dictionary from fuzz/dicts,
# and writes its log to fuzz/logs/TARGET.log. A crash leaves its input in
# fuzz/artifacts/TARGET/ (replay it with `cargo +nightly fuzz run TARGET
# FILE`). Extra libFuzzer options go in FUZZ_ARGS, e.g.
# FUZZ_ARGS='-rss_limit_mb=1024'. The code under test is safe Rust (the
# workspace forbids unsafe code), so the targets are built without a
# sanitizer by default, which runs them several times faster; set
# FUZZ_SANITIZER=address for AddressSanitizer. Debug assertions stay on.
# Exits non-zero when any target crashed.
#
# cargo-fuzz is installed (`cargo +nightly install cargo-fuzz --locked`)
# when missing; a nightly toolchain must be present (rustup).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
seconds=60
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi

if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz" >&2
    cargo +nightly install cargo-fuzz --locked
fi

cd "$here"
if [[ $# -gt 0 ]]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo +nightly fuzz list)
fi

mkdir -p logs
failed=()
for target in "${targets[@]}"; do
    game=${target%%_*}
    corpus=(corpus/"$target")
    mkdir -p "${corpus[0]}"
    [[ -d seeds/$target ]] && corpus+=(seeds/"$target")
    args=(-max_total_time="$seconds")
    [[ -f dicts/$game.dict ]] && args+=(-dict="dicts/$game.dict")
    # shellcheck disable=SC2206 # FUZZ_ARGS is split into words on purpose
    args+=(${FUZZ_ARGS:-})
    echo "== $target: $seconds s" >&2
    if cargo +nightly fuzz run --sanitizer "${FUZZ_SANITIZER:-none}" "$target" "${corpus[@]}" -- "${args[@]}" 2>&1 | tee "logs/$target.log" >&2; then
        status=ok
    else
        status=CRASH
        failed+=("$target")
    fi
    # libFuzzer's final line: "#N DONE cov: ... exec/s: ..."; then "Done N runs in S second(s)".
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "logs/$target.log" | tail -n 1 || true)
    printf '%-18s %-5s %s\n' "$target" "$status" "${done_line:-no DONE line (see logs/$target.log)}"
done

if [[ ${#failed[@]} -gt 0 ]]; then
    echo "crashed: ${failed[*]} (inputs in fuzz/artifacts/)" >&2
    exit 1
fi
