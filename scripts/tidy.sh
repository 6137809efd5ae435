#!/usr/bin/env bash
# Runs clang-tidy with the committed .clang-tidy over the project's own sources (core, ui, app and
# tests; never generated code), using the asan preset's compile database. Any warning fails.
#
#   scripts/tidy.sh [PATH-REGEX]      only sources whose path from the repository root matches,
#                                     e.g. scripts/tidy.sh core/hydra/ or 'ui/(common|shell)/'
set -euo pipefail
cd "$(dirname "$0")/.."

root=$(pwd)
build=build/asan
filter=${1:-}
cmake --preset asan >/dev/null
# moc output must exist before the sources that include it can be analysed.
ninja -C "$build" -t targets all | grep -oE '^[A-Za-z0-9_]+_autogen(_timestamp_deps)?:' | tr -d : |
    grep -v timestamp | xargs ninja -C "$build" >/dev/null

prefix="(core|ui|app|tests)/"
[ -n "$filter" ] && prefix="(${filter})"
files="^${root}/${prefix}[^ ]*\\.cpp\$"
count=$( (grep -oE "\"file\": \"${root}/${prefix}[^\"]*\\.cpp\"" "$build/compile_commands.json" || true) |
    sort -u | wc -l)
if [ "$count" -eq 0 ]; then
    echo "tidy: no sources match ${prefix}" >&2
    exit 2
fi
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
