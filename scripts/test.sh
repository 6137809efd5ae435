#!/usr/bin/env bash
# The quality gate, as CI runs it: installs what is missing, then
#   1. checks formatting (clang-format --dry-run -Werror),
#   2. builds the asan preset (ASan + UBSan, warnings are errors) and runs every test under it,
#      widget and integration tests included, with the fuzz regression inputs,
#   3. builds the Debian package from that build and checks what it installs (before the tests),
#   4. runs clang-tidy (scripts/tidy.sh) with zero warnings allowed, beside step 2's tests.
# Fuzzing is scripts/fuzz.sh, not a step: its clang build alone took 8 minutes of a gate that must
# end within 40 (the targets' regression inputs are tests of step 2).
#
#   scripts/test.sh            the whole gate (about 37 minutes in a clean clone on 2 cores)
#   scripts/test.sh --quick    only the dev preset's build and tests, for everyday work
# Further arguments go to ctest, e.g. scripts/test.sh --quick -R tst_nodeset.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
if [ "${1:-}" = --quick ]; then
    quick=1
    shift
fi

./scripts/setup.sh

if [ "$quick" -eq 1 ]; then
    cmake --preset dev
    cmake --build --preset dev
    exec ctest --preset dev "$@"
fi

step() { printf '\n==== %s (%s)\n' "$1" "$(date +%H:%M:%S)"; }

step "format"
git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format --dry-run -Werror
echo "clang-format: $(git ls-files '*.cpp' '*.h' | wc -l) files formatted as .clang-format says"

step "asan build"
cmake --preset asan
cmake --build --preset asan

step "package"
./scripts/package-check.sh build/asan

# clang-tidy reads the asan build's compile database. It runs beside the tests at the lowest CPU
# priority: the tests mostly wait (sshd, timeouts, rate-limited transfers), and at nice 19 tidy
# takes only the CPU they leave, so their timing is what it would be alone.
tidy_log=$(mktemp)
setsid nice -n 19 ./scripts/tidy.sh >"$tidy_log" 2>&1 &
tidy_pid=$! # its own process group: a failed test stops clang-tidy and the runs it started
trap 'kill -- "-$tidy_pid" 2>/dev/null || true; rm -f "$tidy_log"' EXIT

step "asan tests (clang-tidy beside them at nice 19)"
ctest --preset asan -j "$(nproc)" "$@"

step "clang-tidy (waiting for it)"
tidy_status=0
wait "$tidy_pid" || tidy_status=$?
cat "$tidy_log"
[ "$tidy_status" -eq 0 ] || exit "$tidy_status"

step "all passed"
