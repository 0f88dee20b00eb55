#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# napfire.hpp's compile matrix: test_cpp.cpp (which includes the header
# first, alone) built with g++ and clang++, as C++17 and C++20, with
# exceptions and with -fno-exceptions -fno-rtti, each under -Wall -Wextra
# -Wpedantic -Werror and the conversion, shadowing and cast warnings many
# engines build with, linked against the built library and run; and the
# worked example of doc/cpp.md, built the same ways, must print F-EX-1's
# answer.
# Usage: matrix.sh INCLUDE_DIR LIBRARY_DIR SYNTHETIC_RULES_FILE
# A compiler that is not installed is skipped and named; with neither,
# the test is skipped (status 77).
set -euo pipefail
include=$1 libdir=$2 rules=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/napfire-cpp.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The page's first C++ block, as written.
sed -n '/^```cpp$/,/^```$/{/^```/d;p}' "$here/../../doc/cpp.md" | awk 'NR == 1, /^}$/' >"$work/doc_example.cpp"
grep -q 'resolve(8, 6)' "$work/doc_example.cpp" || { echo "doc/cpp.md: no worked example found" >&2; exit 1; }
built=0
for cxx in g++ clang++; do
    if ! command -v "$cxx" >/dev/null; then
        echo "$cxx: not installed, skipped"
        continue
    fi
    for std in c++17 c++20; do
        for mode in exceptions no-exceptions; do
            flags=(-std="$std" -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow -Wold-style-cast -Werror)
            [ "$mode" = exceptions ] || flags+=(-fno-exceptions -fno-rtti)
            exe=$work/test-$cxx-$std-$mode
            "$cxx" "${flags[@]}" -I"$include" "$here/test_cpp.cpp" -L"$libdir" -lnapfire \
                -Wl,-rpath,"$libdir" -o "$exe"
            printf '%s %s: ' "$cxx" "${flags[*]}"
            "$exe" "$rules"
            "$cxx" "${flags[@]}" -I"$include" "$work/doc_example.cpp" -L"$libdir" -lnapfire \
                -Wl,-rpath,"$libdir" -o "$exe-doc"
            "$exe-doc" | grep -qx 'LONG, roll 8+3 = 11, 3 figures lost' ||
                { echo "doc/cpp.md's example printed something else" >&2; exit 1; }
            built=$((built + 1))
        done
    done
done
[ "$built" -gt 0 ] || exit 77
echo "doc/cpp.md's worked example: built and run $built times, F-EX-1 as the page says"
