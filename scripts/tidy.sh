#!/usr/bin/env bash
# Runs clang-tidy with the committed .clang-tidy over the project's own sources (core, ui, app and
# tests; never generated code), using the asan preset's compile database. Any warning fails.
#
#   scripts/tidy.sh [FILE-REGEX]      e.g. scripts/tidy.sh core/hydra/
set -euo pipefail
cd "$(dirname "$0")/.."

root=$(pwd)
build=build/asan
filter=${1:-}
cmake --preset asan >/dev/null
# moc output must exist before the sources that include it can be analysed.
ninja -C "$build" -t targets all | grep -oE '^[A-Za-z0-9_]+_autogen(_timestamp_deps)?:' | tr -d : |
    grep -v timestamp | xargs ninja -C "$build" >/dev/null

files="^${root}/(core|ui|app|tests)/[^ ]*${filter}[^ ]*\\.cpp\$"
count=$(grep -oE "\"file\": \"${root}/(core|ui|app|tests)/[^\"]*${filter}[^\"]*\\.cpp\"" \
    "$build/compile_commands.json" | sort -u | wc -l)
log=$build/clang-tidy.log
status=0
run-clang-tidy -quiet -p "$build" -j "$(nproc)" "$files" >"$log" 2>&1 || status=$?
problems=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^/.*: (warning|error):' | sort -u || true)
if [ "$status" -ne 0 ] || [ -n "$problems" ]; then
    echo "${problems:-$(tail -20 "$log")}" >&2
    echo "tidy: clang-tidy found problems in $count files; the full output is in $log" >&2
    exit 1
fi
echo "tidy: clang-tidy found nothing in $count files"
