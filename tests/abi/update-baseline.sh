#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Regenerate the committed libabigail baseline tests/abi/libnapfire.abi.
#
#   tests/abi/update-baseline.sh            fresh GCC debugoptimized build in a
#                                           temporary build-abi-baseline.*/ at the
#                                           top of the tree (the scheme the
#                                           abidiff test expects)
#   tests/abi/update-baseline.sh BUILDDIR   use the library of an existing
#                                           GCC build (must have -g; a top-level
#                                           build dir keeps the recorded paths
#                                           ../lib/*.c)
#
# The abidw command itself lives in tests/abi/abi_check.sh (--write), so the
# baseline and the check always use the same flags. Commit the new baseline
# with a message naming the ABI change it accepts (API contract "Stable ABI").
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
baseline=$top/tests/abi/libnapfire.abi

if [ $# -ge 1 ]; then
    builddir=$(cd "$1" && pwd)
else
    # Inside the tree (ignored by .gitignore's build*/), so the compilation
    # unit paths abidw records read ../lib/*.c wherever the clone lives.
    builddir=$(mktemp -d "$top/build-abi-baseline.XXXXXX")
    trap 'rm -rf "$builddir"' EXIT
    CC=gcc meson setup "$builddir" "$top" --buildtype=debugoptimized \
        -Dtests=disabled -Ddocs=disabled -Dexamples=disabled >/dev/null
fi
meson compile -C "$builddir" lib/napfire:shared_library >/dev/null

lib=$(find "$builddir/lib" -maxdepth 1 -type f -name 'libnapfire.so.*' | head -n 1)
if [ -z "$lib" ]; then
    echo "no libnapfire.so.* under $builddir/lib" >&2
    exit 1
fi
bash "$top/tests/abi/abi_check.sh" --write "$lib" "$baseline"
git -C "$top" --no-pager diff --stat -- tests/abi/libnapfire.abi || true
