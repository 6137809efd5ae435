#!/usr/bin/env bash
# Installs the Debian 12 packages that building, running and testing verl NPU Assistant need.
# Only missing packages are installed; nothing happens when everything is present.
set -euo pipefail

packages=(
    # build
    cmake ninja-build g++ pkg-config dpkg-dev ccache
    qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev libxkbcommon-dev libgl1-mesa-dev
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    libspdlog-dev libre2-dev libvectorscan-dev zlib1g-dev
    # run
    qt6-qpa-plugins libqt6svg6 qt6-translations-l10n openssh-client fonts-noto-cjk
    # tests
    openssh-server python3 desktop-file-utils appstream
    # quality gate: formatting, clang-tidy, libFuzzer with the sanitizer runtimes (scripts/test.sh)
    clang clang-format clang-tidy libclang-rt-14-dev
    # benchmarks
    pssh
)

missing=()
for pkg in "${packages[@]}"; do
    if ! dpkg -s "$pkg" 2>/dev/null | grep -q '^Status: install ok installed'; then
        missing+=("$pkg")
    fi
done

if [ "${#missing[@]}" -eq 0 ]; then
    echo "setup: all ${#packages[@]} required Debian packages are installed."
    exit 0
fi

echo "setup: installing ${#missing[@]} missing Debian package(s): ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null; then
        echo "setup: not root and sudo is not available; install these packages by hand: ${missing[*]}" >&2
        exit 1
    fi
    sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "setup: done."
