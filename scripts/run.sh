#!/usr/bin/env bash
# Installs what is missing, builds the release preset and runs the app with the given arguments.
# No arguments: the desktop window. With a subcommand (e.g. `bucket --preset 7B`): the command line.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh >&2
cmake --preset release >/dev/null
cmake --build --preset release >&2
exec ./build/release/app/verl-npu-assistant "$@"
