#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# ABI gate: compare the built library with the committed libabigail
# baseline tests/abi/libnapfire.abi.
#
# One scheme on both sides (never mix it with --headers-dir, which would
# hide size changes of types the headers do not name): the library built
# with -g (meson's default debugoptimized buildtype, GCC), described by
#
#   abidw --no-show-locs --no-corpus-path --no-comp-dir-path \
#         --type-id-style hash --out-file tests/abi/libnapfire.abi \
#         build/lib/libnapfire.so.<version>
#
# and compared with
#
#   abidiff --no-added-syms tests/abi/libnapfire.abi <new.abi>
#
# Any non-zero abidiff status fails (1 error, 2 usage, 4 ABI change,
# 8 incompatible change): a removed or changed function, a changed size or
# layout of a type reachable from an exported function, a changed SONAME.
# Not enum values: the API passes them as int32_t, so no enum type is
# reachable and the baseline holds none (test_layout.c guards them; the
# abi-gates-selftest case enum-renumbered pins this down). Added functions
# are allowed (--no-added-syms). Until 1.0.0 the baseline is regenerated, with
# tests/abi/update-baseline.sh, only in a commit whose message names the
# ABI change it accepts (API contract "Stable ABI").
# A change abidiff reports with bit 4 alone that keeps every size, offset
# and alignment (the 1.3.0 storage member, a uint64_t array where a union
# of the same size was) is accepted the same way, and listed with its
# reason in doc/abi.md "Changes the baseline accepted".
#
# usage: abi_check.sh LIBRARY BASELINE          compare (meson test abidiff)
#        abi_check.sh --write LIBRARY BASELINE  regenerate the baseline
#
# Without abidw/abidiff (package abigail-tools) the check is skipped
# (exit 77), except under CI=true where a missing tool is a failure.
set -euo pipefail

write=0
if [ "${1:-}" = "--write" ]; then
    write=1
    shift
fi
if [ $# -ne 2 ]; then
    echo "usage: $0 [--write] LIBRARY BASELINE" >&2
    exit 2
fi
lib=$1
baseline=$2

for tool in abidw abidiff; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        if [ "${CI:-}" = "true" ]; then
            echo "FAIL: $tool not found (install abigail-tools); required under CI=true" >&2
            exit 1
        fi
        echo "SKIP: $tool not found (apt-get install abigail-tools)"
        exit 77
    fi
done

if ! readelf -SW "$lib" | grep -q '\.debug_info'; then
    echo "FAIL: $lib has no DWARF (.debug_info): build it with -g (buildtype debug or debugoptimized)" >&2
    exit 1
fi

abidw_flags=(--no-show-locs --no-corpus-path --no-comp-dir-path --type-id-style hash)

if [ "$write" = 1 ]; then
    abidw "${abidw_flags[@]}" --out-file "$baseline" "$lib"
    echo "wrote $baseline from $lib ($(abidw --version))"
    exit 0
fi

if [ ! -f "$baseline" ]; then
    echo "FAIL: no baseline $baseline (tests/abi/update-baseline.sh writes it)" >&2
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
abidw "${abidw_flags[@]}" --out-file "$tmp/new.abi" "$lib"

echo "baseline: $baseline"
echo "library:  $lib"
echo "command:  abidiff --no-added-syms $baseline new.abi"
status=0
abidiff --no-added-syms "$baseline" "$tmp/new.abi" || status=$?
if [ "$status" -ne 0 ]; then
    echo "FAIL: abidiff exit status $status (bits: 1 error, 2 usage, 4 ABI change, 8 incompatible change)"
    echo "If the change is intended, run tests/abi/update-baseline.sh and name the ABI change in the commit message."
    exit 1
fi
echo "PASS: no ABI change against the baseline (abidiff exit status 0)"
