#!/usr/bin/env bash
# Builds the Debian package of a build directory with `cpack -G DEB` and checks it the way a user
# meets it: the control fields, the files it installs (binary, desktop entry, icon, AppStream
# metadata), and `verl-npu-assistant --version` run from the unpacked /usr/bin.
#
#   scripts/package-check.sh [BUILD_DIR]      default: build/release
# Prints the path of the .deb it checked. The package of a release build is the one to ship;
# test.sh checks the package rules on its sanitizer build, which it has built anyway.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${1:-build/release}
if [ ! -f "$build/CMakeCache.txt" ]; then
    echo "package-check: $build is not a configured build directory (run cmake --preset release first)" >&2
    exit 2
fi
cmake --build "$build" --target verl-npu-assistant >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if ! (cd "$build" && cpack -G DEB -B "$out" >"$out/cpack.log" 2>&1); then
    cat "$out/cpack.log" >&2
    echo "package-check: cpack failed" >&2
    exit 1
fi
deb=$(find "$out" -maxdepth 1 -name '*.deb' | head -1)
if [ -z "$deb" ]; then
    echo "package-check: cpack wrote no .deb" >&2
    exit 1
fi

fail() {
    echo "package-check: $*" >&2
    exit 1
}

field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = verl-npu-assistant ] || fail "Package is $(field Package)"
version=$(field Version)
[ -n "$version" ] || fail "no Version"
field Depends | grep -q libqt6widgets6 || fail "Depends lacks the Qt libraries: $(field Depends)"
field Depends | grep -q qt6-qpa-plugins || fail "Depends lacks qt6-qpa-plugins (the platform plugin)"

contents=$(dpkg-deb --contents "$deb" | awk '{print $6}')
for path in ./usr/bin/verl-npu-assistant \
    ./usr/share/applications/io.github.verl_npu_assistant.desktop \
    ./usr/share/icons/hicolor/scalable/apps/verl-npu-assistant.svg \
    ./usr/share/metainfo/io.github.verl_npu_assistant.metainfo.xml; do
    grep -qx "$path" <<<"$contents" || fail "the package does not install ${path#.}"
done

root="$out/root"
dpkg-deb --extract "$deb" "$root"
desktop-file-validate "$root/usr/share/applications/io.github.verl_npu_assistant.desktop"
grep -qx 'Exec=verl-npu-assistant' "$root/usr/share/applications/io.github.verl_npu_assistant.desktop" ||
    fail "the desktop entry does not start the installed binary"
grep -qx 'Icon=verl-npu-assistant' "$root/usr/share/applications/io.github.verl_npu_assistant.desktop" ||
    fail "the desktop entry does not name the installed icon"
printed=$(env -i PATH="$root/usr/bin:/usr/bin:/bin" HOME="$out" QT_QPA_PLATFORM=offscreen \
    ASAN_OPTIONS=detect_leaks=0 verl-npu-assistant --version)
grep -q "verl-npu-assistant $version" <<<"$printed" || fail "--version printed \"$printed\", not $version"

cp "$deb" "$build/"
echo "package-check: $(basename "$deb") is fine: $(wc -l <<<"$contents") paths; --version prints \"$printed\""
