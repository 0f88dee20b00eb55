#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Run every libFuzzer target of the project for a bounded time,
# one after the other: fuzz_fire, fuzz_hex, fuzz_fov, fuzz_trace_oracle,
# fuzz_rules, fuzz_measure, fuzz_map, fuzz_cli, fuzz_out_file (the last three: the
# command-line tool's map reader, option handling and the files it writes,
# built with the examples).
#
#   tests/fuzz/run-fuzzers.sh BUILDDIR SECONDS
#
# BUILDDIR is a meson build directory configured with clang (if it does not
# exist it is configured here with CC=clang). Each fuzzer runs for SECONDS
# (-max_total_time) on a scratch copy of its committed corpus, which is
# never modified; artifacts go to a scratch directory that is kept (its path
# is printed) when something is found. Exits non-zero if any fuzzer exits
# non-zero or leaves a crash, leak, timeout, OOM or slow-unit artifact.
# Needs clang with libFuzzer (Debian 12: apt-get install clang meson
# ninja-build), nothing else.
set -eu

if [ $# -ne 2 ]; then
    echo "usage: $0 BUILDDIR SECONDS" >&2
    exit 2
fi
build=$1
seconds=$2
case $seconds in
'' | *[!0-9]*) echo "$0: SECONDS must be a whole number" >&2; exit 2 ;;
esac

src=$(cd "$(dirname "$0")/../.." && pwd)
# FUZZ_TARGETS (space-separated) runs a subset, e.g. FUZZ_TARGETS="fuzz_map fuzz_cli".
targets=${FUZZ_TARGETS:-"fuzz_fire fuzz_hex fuzz_fov fuzz_trace_oracle fuzz_rules fuzz_measure fuzz_map fuzz_cli fuzz_out_file"}

if [ ! -d "$build" ]; then
    # tests=auto: the fuzzers need neither Check nor Python; the examples
    # hold the command-line tool that fuzz_map and fuzz_cli exercise.
    CC=${CC:-clang} meson setup "$build" "$src" -Dtests=auto -Dexamples=enabled \
        -Ddocs=disabled >/dev/null
fi
meson compile -C "$build" $targets >/dev/null || {
    echo "$0: cannot build the fuzzers in $build (a clang build with libFuzzer is needed)" >&2
    exit 1
}

# Absolute paths: each fuzzer runs from a directory of its own.
build=$(cd "$build" && pwd)
scratch=$(cd "$(mktemp -d "${TMPDIR:-/tmp}/napfire-fuzz.XXXXXX")" && pwd)
failed=0
summary=""

for t in $targets; do
    corpus=$src/tests/fuzz/corpus/$t
    dict=$src/tests/fuzz/$t.dict
    bin=$build/tests/fuzz/$t
    work=$scratch/$t/corpus
    art=$scratch/$t/artifacts
    log=$scratch/$t/log.txt
    mkdir -p "$work" "$art"
    cp "$corpus"/* "$work"/
    set -- -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$art/"
    if [ -f "$dict" ]; then
        set -- "$@" -dict="$dict"
    fi
    # One process, one worker: CI machines and shared hosts have few cores.
    rc=0
    # From a scratch directory: fuzz_cli's commands may name (and, for an
    # output option, write) files of the current directory.
    mkdir -p "$scratch/$t/cwd"
    (cd "$scratch/$t/cwd" && exec "$bin" "$@" "$work") >"$log" 2>&1 || rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    size=$(ls "$work" | wc -l)
    found=$(ls "$art" | wc -l)
    line="$t: ${execs:-?} executions in ${seconds}s, corpus $(ls "$corpus" | wc -l) -> $size inputs, $found findings, exit $rc"
    echo "$line"
    summary="$summary$line
"
    if [ "$rc" -ne 0 ] || [ "$found" -ne 0 ]; then
        failed=1
        ls "$art" | sed 's/^/    /'
        grep -E 'invariant violated|ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|LeakSanitizer|libFuzzer)|runtime error' \
            "$log" | head -n 5 | sed 's/^/    /' || true
        echo "    log: $log"
    fi
done

echo "--- summary"
printf '%s' "$summary"
if [ "$failed" -ne 0 ]; then
    echo "FAILED: findings kept in $scratch"
    exit 1
fi
rm -rf "$scratch"
echo "OK: no findings"
