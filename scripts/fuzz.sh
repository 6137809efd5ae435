#!/usr/bin/env bash
# Builds the libFuzzer targets (`fuzz` preset: clang, ASan+UBSan) and runs each for SECONDS
# (default 60), as many at once as there are cores.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. scripts/fuzz.sh 600 nodeset hydra
#
# Each target starts from its seed corpus (test fixtures and tests/fuzz/seeds) plus what earlier runs
# found (build/fuzz/corpus/<target>, kept between runs). A crash, hang, leak or broken property
# stops that target; its input is saved under build/fuzz/crashes/<target>/ and the script fails.
# Keep such an input as a regression test by moving it to tests/fuzz/regressions/<target>/ once
# it is fixed. The summary, with the executions each target ran, is printed and kept in
# build/fuzz/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi
if [ "$seconds" -lt 1 ]; then
    echo "fuzz: SECONDS must be at least 1" >&2
    exit 2
fi

./scripts/setup.sh >&2
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

build=build/fuzz
list="$build/fuzz-targets.txt"
declare -A seeds
targets=()
while read -r name dirs; do
    seeds[$name]=$dirs
    targets+=("$name")
done <"$list"

if [ $# -gt 0 ]; then
    for name in "$@"; do
        if [ -z "${seeds[$name]+x}" ]; then
            echo "fuzz: unknown target \"$name\"; the targets are: ${targets[*]}" >&2
            exit 2
        fi
    done
    targets=("$@")
fi

# A private home: the log matcher must see only the built-in knowledge base, never the user's.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache LC_ALL=C.UTF-8
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1

run_one() {
    local name=$1
    local corpus=$build/corpus/$name crashes=$build/crashes/$name log=$build/logs/$name.log
    mkdir -p "$corpus" "$crashes" "$build/logs"
    # shellcheck disable=SC2086 # the seed directories are a space-separated list
    if "$build/tests/fuzz/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" ${seeds[$name]} >"$log" 2>&1; then
        echo ok >"$log.result"
    else
        echo FOUND >"$log.result"
    fi
}

jobs=$(nproc)
running=0
for name in "${targets[@]}"; do
    echo "fuzz: $name for ${seconds} s" >&2
    run_one "$name" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n || true
        running=$((running - 1))
    fi
done
wait

status=0
summary=$build/summary.txt
{
    printf '%-14s %8s %12s %10s %8s  %s\n' target seconds executions exec/s corpus result
    for name in "${targets[@]}"; do
        log=$build/logs/$name.log
        execs=$(grep -oP 'stat::number_of_executed_units:\s*\K[0-9]+' "$log" | tail -1 || true)
        rate=$(grep -oP 'stat::average_exec_per_sec:\s*\K[0-9]+' "$log" | tail -1 || true)
        corpus=$(find "$build/corpus/$name" -type f | wc -l)
        result=$(cat "$log.result")
        if [ "$result" != ok ]; then
            status=1
            artifact=$(grep -oP 'Test unit written to \K\S+' "$log" | tail -1 || true)
            result="FOUND ${artifact:-(see $log)}"
        fi
        printf '%-14s %8s %12s %10s %8s  %s\n' "$name" "$seconds" "${execs:-?}" "${rate:-?}" "$corpus" "$result"
    done
} | tee "$summary"

if [ "$status" -ne 0 ]; then
    echo "fuzz: a target failed; its log is in $build/logs/. Fix it, then keep the input in" \
        "tests/fuzz/regressions/<target>/ so the test suite replays it." >&2
fi
exit "$status"
