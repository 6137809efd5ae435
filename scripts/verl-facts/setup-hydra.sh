#!/usr/bin/env bash
# Builds Hydra 1.3.2 for compose.py and groundtruth.py from a clone of its repository, with Debian's
# OmegaConf 2.2 and ANTLR 4.9 runtime (Hydra 1.3.2 asks for omegaconf >=2.2,<2.4 and antlr 4.9.*):
#
#   scripts/verl-facts/setup-hydra.sh HYDRA_CLONE [BUILD_DIR]
#
# HYDRA_CLONE is a git clone (bare is fine) of https://github.com/facebookresearch/hydra. The tag
# v1.3.2 is unpacked into BUILD_DIR (default: ~/.cache/verl-facts/hydra-1.3.2) and its override
# grammar generated with the ANTLR tool Hydra ships (build_helpers/bin/antlr-4.9.3-complete.jar, run by
# Java), as Hydra's own setup.py does. Prints BUILD_DIR; pass it as --hydra. A tool of the facts
# refresh only: the app never runs Python or Hydra.
set -euo pipefail

clone=${1:?usage: setup-hydra.sh HYDRA_CLONE [BUILD_DIR]}
build=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/verl-facts/hydra-1.3.2}

packages=(python3 python3-yaml python3-omegaconf python3-antlr4 python3-packaging default-jre-headless)
missing=()
for pkg in "${packages[@]}"; do
    dpkg -s "$pkg" 2>/dev/null | grep -q '^Status: install ok installed' || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

rm -rf "$build.tmp"
mkdir -p "$build.tmp"
git -C "$clone" archive v1.3.2 | tar x -C "$build.tmp"
(
    cd "$build.tmp/hydra/grammar"
    java -jar ../../build_helpers/bin/antlr-4.9.3-complete.jar -Dlanguage=Python3 -o gen -Xexact-output-dir \
        -visitor OverrideLexer.g4 OverrideParser.g4
)
rm -rf "$build"
mv "$build.tmp" "$build"
version=$(cd "$build" && /usr/bin/python3 -c 'import hydra; print(hydra.__version__)')
[ "$version" = 1.3.2 ] || { echo "setup-hydra: $build holds Hydra $version, not 1.3.2" >&2; exit 1; }
echo "$build"
