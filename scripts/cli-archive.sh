#!/usr/bin/env bash
# Makes the relocatable archive of the command line for the nodes' distributions: the CLI-only
# executable (app/cli, Qt Core and no GUI plugins) with the libraries it needs beside it in lib/,
# found through its RPATH $ORIGIN/lib, and glibc left to the host. Then checks what it made:
#   - every library any file in it needs is in it, or is glibc's own;
#   - the oldest glibc it needs: the highest GLIBC_x.y version any file in it refers to (objdump -T),
#     written into the archive's README and printed;
#   - on this machine's architecture: run from a fresh unpacked copy with an empty environment,
#     `--version` and `analyze` answer, and ldd resolves every bundled library from the copy.
#
#   scripts/cli-archive.sh [BUILD_DIR] [OUT_DIR]   default: build/release, the build directory
# Prints the archive's path. The archive appears under its final name only when it is whole.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${1:-build/release}
out_dir=${2:-$build}
fail() {
    echo "cli-archive: $*" >&2
    exit 1
}
[ -f "$build/CMakeCache.txt" ] || {
    echo "cli-archive: $build is not a configured build directory (cmake --preset release)" >&2
    exit 2
}
cmake --build "$build" --target vna_cli >/dev/null
exe=$build/app/cli/verl-npu-assistant
[ -x "$exe" ] || fail "no CLI executable at $exe"

# The target's architecture, from the executable itself (a cross build is for another one).
machine=$(readelf -h "$exe" | sed -n 's/^ *Machine: *//p')
case "$machine" in
*X86-64*) arch=amd64 triplet=x86_64-linux-gnu objdump=objdump ;;
*AArch64*) arch=arm64 triplet=aarch64-linux-gnu objdump=aarch64-linux-gnu-objdump ;;
*) fail "unsupported machine in $exe: $machine" ;;
esac
command -v "$objdump" >/dev/null || fail "$objdump is missing (binutils for $triplet)"
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:[A-Z]*=//p' "$build/CMakeCache.txt")
name=verl-npu-assistant-cli-${version}-linux-${arch}

# glibc's own libraries stay the host's: they go with its loader and its kernel interface.
is_glibc() {
    case "$1" in
    libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | libresolv.so.* | libutil.so.* | \
        libanl.so.* | libnsl.so.* | ld-linux*.so.* | libmvec.so.* | libBrokenLocale.so.*) return 0 ;;
    esac
    return 1
}
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
find_lib() {
    local dir
    for dir in "/lib/$triplet" "/usr/lib/$triplet" /lib /usr/lib; do
        [ -e "$dir/$1" ] && {
            echo "$dir/$1"
            return 0
        }
    done
    return 1
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/$name
mkdir -p "$stage/lib"
cp "$exe" "$stage/verl-npu-assistant"
strip --strip-unneeded "$stage/verl-npu-assistant" 2>/dev/null ||
    "${triplet}-strip" --strip-unneeded "$stage/verl-npu-assistant"

# Every library the executable needs, and what those need, copied under its soname.
queue=("$stage/verl-npu-assistant")
while [ "${#queue[@]}" -gt 0 ]; do
    file=${queue[0]}
    queue=("${queue[@]:1}")
    for lib in $(needed "$file"); do
        is_glibc "$lib" && continue
        [ -e "$stage/lib/$lib" ] && continue
        path=$(find_lib "$lib") || fail "$(basename "$file") needs $lib, which is not installed for $triplet"
        cp -L "$path" "$stage/lib/$lib"
        chmod 644 "$stage/lib/$lib"
        queue+=("$stage/lib/$lib")
    done
done

# Nothing in it may need a library that is neither in it nor glibc's.
for file in "$stage/verl-npu-assistant" "$stage"/lib/*; do
    for lib in $(needed "$file"); do
        is_glibc "$lib" || [ -e "$stage/lib/$lib" ] || fail "$(basename "$file") needs $lib, which is not bundled"
    done
done

# The glibc floor: the highest symbol version of glibc that anything in it refers to.
references=$work/glibc-references # "FILE VERSION SYMBOL" for every reference, one objdump per file
for file in "$stage/verl-npu-assistant" "$stage"/lib/*; do
    "$objdump" -T "$file" >"$work/symbols" || fail "$objdump -T cannot read $file"
    awk -v f="$(basename "$file")" 'match($0, /\(GLIBC_[0-9]+(\.[0-9]+)*\)/) {
        print f, substr($0, RSTART + 7, RLENGTH - 8), $NF }' "$work/symbols" >>"$references"
done
floor=$(cut -d' ' -f2 "$references" | sort -uV | tail -1)
[ -n "$floor" ] || fail "found no glibc symbol versions with $objdump -T"
highest_by=$(awk -v v="$floor" '$2 == v { print $1 }' "$references" | sort -u | paste -sd, -)
symbols_at_floor=$(awk -v v="$floor" '$2 == v { print $3 }' "$references" | sort -u | paste -sd, -)

cat >"$stage/README.txt" <<EOF
verl NPU Assistant ${version}, the command line, for Linux on ${arch} (${triplet}).

Unpack anywhere and run ./verl-npu-assistant --help. The libraries in lib/ are found through the
program's RPATH (\$ORIGIN/lib); nothing is installed and no root is needed. The window is not in
this archive: every tool is a subcommand (diagnose, env-script, bucket, memory, profiler, lint, sync,
analyze).

Needs glibc ${floor} or newer: the highest GLIBC_ symbol version anything in it refers to
(${highest_by}: ${symbols_at_floor}).
Check a node with: ldd --version
EOF

# Written beside the final name, renamed when whole.
mkdir -p "$out_dir"
archive=$out_dir/$name.tar.xz
tmp=$(mktemp "$out_dir/.$name.XXXXXX")
tar -C "$work" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cJf "$tmp" "$name"
chmod 644 "$tmp"
mv -f "$tmp" "$archive"

# Run it where it can run: a fresh copy, an empty environment, from another folder.
if [ "$(dpkg --print-architecture)" = "$arch" ]; then
    check=$work/check
    mkdir -p "$check"
    tar -C "$check" -xJf "$archive"
    bin=$check/$name/verl-npu-assistant
    env -i HOME="$check" PATH=/usr/bin:/bin "$bin" --version | grep -qx "verl-npu-assistant $version" ||
        fail "the unpacked program did not print its version"
    printf 'EL0001: The runtime error occurred\n' >"$check/train.log"
    env -i HOME="$check" PATH=/usr/bin:/bin "$bin" analyze "$check/train.log" >/dev/null ||
        [ $? -eq 1 ] || fail "analyze did not run from the unpacked archive"
    for lib in "$check/$name"/lib/*; do
        ldd "$bin" | grep -q " => $check/$name/lib/$(basename "$lib") " ||
            fail "ldd does not resolve $(basename "$lib") from the archive: $(ldd "$bin" | grep "$(basename "$lib")")"
    done
    echo "cli-archive: ran --version and analyze from an unpacked copy; ldd found all $(find "$check/$name/lib" -type f | wc -l) bundled libraries in it" >&2
fi
echo "cli-archive: $(find "$stage/lib" -type f | wc -l) libraries, $(du -h "$archive" | cut -f1), needs glibc >= $floor ($highest_by: $symbols_at_floor)" >&2
echo "$archive"
