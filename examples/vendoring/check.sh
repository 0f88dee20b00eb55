#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Build and run the three ways of consuming libnapfire (issue 7), each from
# a pristine copy of the source tree, in a fresh temporary directory:
#
#   (a) meson subproject: examples/vendoring/meson-subproject with the tree
#       as subprojects/libnapfire (wrap [provide] napfire = napfire_dep);
#   (b) plain cc: cc -std=c11 -DNAPFIRE_STATIC -Iinclude lib/*.c app.c,
#       no meson, no generated file;
#   (c) installed package: meson setup --prefix=/usr, meson install
#       --destdir, then cc with pkg-config --cflags --libs napfire from that
#       destdir (PKG_CONFIG_SYSROOT_DIR) and run with LD_LIBRARY_PATH; the
#       same program as (b), plain-cc/app.c.
#
# Usage: bash examples/vendoring/check.sh [REPO_DIR]   (default: this tree)
# Environment: CC (default cc), KEEP=1 keeps the temporary directory.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "${1:-$here/../..}" && pwd)
cc=${CC:-cc}
work=$(mktemp -d "${TMPDIR:-/tmp}/napfire-vendoring.XXXXXX")
if [ "${KEEP:-0}" != 1 ]; then trap 'rm -rf "$work"' EXIT; fi

step() { printf '\n== %s\n' "$*"; }

# A copy of the source tree without VCS data and build directories: what a
# release tarball or a submodule checkout holds, uncommitted edits included.
copy_tree() {
    mkdir -p "$1"
    tar -C "$repo" --exclude=.git --exclude='./build*' --exclude=__pycache__ -cf - . |
        tar -C "$1" -xf -
}

step "(a) meson subproject"
cp -R "$here/meson-subproject" "$work/subproject"
copy_tree "$work/subproject/subprojects/libnapfire"
meson setup "$work/subproject/build" "$work/subproject" >"$work/a-setup.log" ||
    { cat "$work/a-setup.log"; exit 1; }
meson compile -C "$work/subproject/build"
"$work/subproject/build/campaign"

step "(b) plain cc, no meson"
copy_tree "$work/plain"
(cd "$work/plain" &&
    "$cc" -std=c11 -O2 -Wall -Wextra -Werror -DNAPFIRE_STATIC -Iinclude lib/*.c \
        "$here/plain-cc/app.c" -o "$work/plain-app")
"$work/plain-app"

step "(c) installed package, pkg-config"
copy_tree "$work/src"
meson setup "$work/src/build" "$work/src" --prefix=/usr -Dtests=disabled \
    -Dexamples=disabled -Ddocs=disabled >"$work/c-setup.log" ||
    { cat "$work/c-setup.log"; exit 1; }
meson compile -C "$work/src/build"
meson install -C "$work/src/build" --destdir "$work/dest" >"$work/c-install.log"
pc=$(find "$work/dest" -name napfire.pc -print -quit)
[ -n "$pc" ] || { echo "napfire.pc was not installed" >&2; exit 1; }
export PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_SYSROOT_DIR=$work/dest
flags=$(pkg-config --cflags --libs napfire)
echo "pkg-config: $flags"
# shellcheck disable=SC2086 # the flags are words
"$cc" -std=c11 -Wall -Wextra -Werror "$here/plain-cc/app.c" $flags -o "$work/installed-app"
libdir=$(pkg-config --libs-only-L napfire | sed 's/^ *-L//; s/ *$//')
LD_LIBRARY_PATH="$libdir" "$work/installed-app"

step "all three consumers built and ran"
