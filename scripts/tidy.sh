#!/usr/bin/env bash
# Runs clang-tidy with the committed .clang-tidy over the project's own sources (core, ui, app and
# tests; not generated code) using the dev preset's compile database. Any warning fails.
#
#   scripts/tidy.sh [FILE-REGEX]      e.g. scripts/tidy.sh 'core/hydra/'
set -euo pipefail
cd "$(dirname "$0")/.."

root=$(pwd)
filter=${1:-}
cmake --preset dev >/dev/null
# moc and uic output must exist before their sources can be analysed.
cmake --build --preset dev --target vna_core_autogen vna_ui_autogen >/dev/null

files="^${root}/(core|ui|app|tests)/.*${filter}.*\\.cpp\$"
log=build/dev/clang-tidy.log
if ! run-clang-tidy -quiet -p build/dev -j "$(nproc)" "$files" >"$log" 2>&1; then
    grep -E '(warning|error):' "$log" | sort -u >&2 || true
    echo "tidy: clang-tidy found problems; the full output is in $log" >&2
    exit 1
fi
if grep -qE '(warning|error):' "$log"; then
    grep -E '(warning|error):' "$log" | sort -u >&2
    echo "tidy: clang-tidy found problems; the full output is in $log" >&2
    exit 1
fi
echo "tidy: clang-tidy is clean on $(grep -c '"file"' build/dev/compile_commands.json) compile commands' sources matching $files"
