# SPDX-License-Identifier: MIT
# shellcheck shell=bash
#
# Shared by .ci/run and the steps in .ci/steps/ (sourced, never run): the
# section banner, the test accounting, and the build trees.

start=${start:-$SECONDS}
step=${step:-start}

section() {
    step=$1
    printf '\n======================================================================\n'
    printf '== %s   [t+%ds]\n' "$1" "$((SECONDS - start))"
    printf '======================================================================\n'
}

# ---------------------------------------------------------------------------
# Test accounting: every `meson test` run's summary is added up.
total_pass=0
total_fail=0
total_skip=0
runs=()

# tally LABEL LOG BUILDDIR [TESTLOG]: add one run's summary, print the Check
# lines (TESTLOG: meson's log name, testlog-SETUP for a --setup run).
tally() {
    local label=$1 log=$2 dir=$3 testlog=${4:-testlog} ok xfail fail upass skip tout
    # The summary block meson prints last ("Ok:  N", "Fail:  N", ...).
    ok=$(awk '/^Ok:/ {v = $2} END {print v}' "$log")
    xfail=$(awk '/^Expected Fail:/ {v = $3} END {print v}' "$log")
    fail=$(awk '/^Fail:/ {v = $2} END {print v}' "$log")
    upass=$(awk '/^Unexpected Pass:/ {v = $3} END {print v}' "$log")
    skip=$(awk '/^Skipped:/ {v = $2} END {print v}' "$log")
    tout=$(awk '/^Timeout:/ {v = $2} END {print v}' "$log")
    if [ -z "$ok" ] || [ -z "$fail" ]; then
        echo "no meson test summary in $log" >&2
        return 1
    fi
    local pass=$((ok + ${xfail:-0})) bad=$((fail + ${upass:-0} + ${tout:-0}))
    total_pass=$((total_pass + pass))
    total_fail=$((total_fail + bad))
    total_skip=$((total_skip + ${skip:-0}))
    runs+=("$label: $pass passed, $bad failed, ${skip:-0} skipped")
    # Check's own per-suite summaries ("100%: Checks: N, Failures: 0, Errors: 0").
    if [ -f "$dir/meson-logs/$testlog.txt" ]; then
        local checks
        checks=$(grep -E '^[0-9]+%: Checks: ' "$dir/meson-logs/$testlog.txt" || true)
        if [ -n "$checks" ]; then
            echo "Check summaries ($label):"
            awk '{print "  " $0; gsub(",", "", $3); n += $3} END {print "  = " n " Check test cases"}' \
                <<<"$checks"
        fi
    fi
    echo "meson test summary ($label): Ok: $ok Fail: $fail Skipped: ${skip:-0}"
    if [ "$bad" -ne 0 ]; then
        return 1
    fi
}

# meson_test LABEL DIR LOG [meson test options...]: run, keep the log, tally.
meson_test() {
    local label=$1 dir=$2 log=$3
    shift 3
    meson test -C "$dir" --print-errorlogs "$@" 2>&1 | tee "$log"
    tally "$label" "$log" "$dir"
}

# passed_in LOG TEST...: each named test ran and passed in that meson log.
passed_in() {
    local log=$1 t
    shift
    for t in "$@"; do
        if ! grep -qE "^ *[0-9]+/[0-9]+ +([^ ]+ / )?$t +OK" "$log"; then
            echo "'$t' did not run and pass ($log)" >&2
            return 1
        fi
    done
}

# ---------------------------------------------------------------------------
# Build trees. Each is configured with every feature required, so nothing
# is silently left out, and remembers its configuration (DIR/ci-setup):
# a step run on its own reuses the tree an earlier step made with the same
# options, and a tree CI did not make is only deleted under CI=true (CI
# runs on a fresh clone). The buildtype is a -D option so that a later
# -Dbuildtype=... in the arguments overrides it.
builddirs=(build build-clang build-asan build-tsan build-cov build-m32 build-perf build-aarch64 build-s390x build-win)

# setup DIR [meson setup options...] (CC and CXX from the environment)
setup() {
    local dir=$1
    shift
    local want="CC=${CC:-} CXX=${CXX:-} $*"
    if [ -f "$dir/ci-setup" ] && [ "$(cat "$dir/ci-setup")" = "$want" ]; then
        meson compile -C "$dir"
        return
    fi
    if [ -e "$dir" ]; then
        if [ "$CI" != "true" ]; then
            echo "$top/$dir exists and was not made by .ci/run with these options:" \
                 "remove it, run in a fresh clone (git clone . /tmp/ci-check), or set CI=true" >&2
            return 1
        fi
        rm -rf "$dir"
    fi
    meson setup "$dir" -Dbuildtype=debugoptimized -Dwerror=true -Dtests=enabled "$@"
    echo "$want" >"$dir/ci-setup"
    meson compile -C "$dir"
}

# The trees the steps share; a step calls the one it needs.
build_gcc() { CC=gcc CXX=g++ setup build -Dexamples=enabled -Ddocs=enabled; }
build_clang() { CC=clang CXX=clang++ setup build-clang -Dexamples=enabled -Ddocs=disabled; }
build_tsan() { CC=gcc CXX=g++ setup build-tsan -Dexamples=enabled -Ddocs=disabled -Db_sanitize=thread; }
# -Og: a third of the -O2 build time for the big Check sources, readable
# sanitizer stack traces; the optimised code is what steps 01 and 02 test.
build_asan() {
    local san_flags=-fno-sanitize-recover=all
    CC=gcc CXX=g++ setup build-asan -Dexamples=enabled -Ddocs=disabled -Doptimization=g \
        -Db_sanitize=address,undefined -Dc_args="$san_flags" -Dcpp_args="$san_flags"
}
asan_env() {
    export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
    export ASAN_OPTIONS=abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1
}

# The README's quick-start CLI invocation (worked example F-EX-1), as argv.
readme_cli_argv() {
    local line
    line=$(python3 tests/docs/readme.py quick-start-cli)
    read -r -a cli_argv <<<"$line"
}
