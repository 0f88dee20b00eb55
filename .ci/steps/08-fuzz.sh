# SPDX-License-Identifier: MIT
# 08. fuzzing: every libFuzzer target for FUZZ_SECONDS (default 30) s each
#
# 30 s each keeps the whole run well under half an hour with nine targets
# (fuzz_measure among them, tests/fuzz/run-fuzzers.sh holds the list);
# the committed corpora are replayed in every meson test run besides.
# In the Clang tree of step 02 (the fuzzers are defined there, not built by
# default). Scratch copies of the committed corpora; any crash, leak,
# timeout or out-of-memory report fails the step.
build_clang
bash tests/fuzz/run-fuzzers.sh build-clang "${FUZZ_SECONDS:-30}"

# The long-run watcher of doc/hardening.md on the fastest target: with a
# short quiet stretch it must stop the run itself (exit 0, quiet reached),
# and with a quiet stretch longer than the run it must say the time ran out
# (exit 1). Either failure would make its plateau tables untrustworthy.
plateau_dir=$(mktemp -d "${TMPDIR:-/tmp}/napfire-plateau.XXXXXX")
python3 tests/fuzz/plateau.py build-clang fuzz_map "$plateau_dir/quiet" --quiet 5 --max 120 >/dev/null
python3 - "$plateau_dir/quiet/summary.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
assert s["quiet_reached"] and s["last_edge"]["quiet_seconds"] >= 5 and s["seconds"] < 120, s
assert s["executions"] > 0 and s["cov"][1] >= s["cov"][0] > 0 and not s["artifacts"], s
print(f"plateau.py: fuzz_map quiet after {s['seconds']} s, {s['executions']} executions")
PY
rc=0
python3 tests/fuzz/plateau.py build-clang fuzz_map "$plateau_dir/short" --quiet 600 --max 4 >/dev/null || rc=$?
if [ "$rc" -ne 1 ]; then
    echo "plateau.py: a run shorter than its quiet stretch exited $rc, not 1" >&2
    exit 1
fi
rm -rf "$plateau_dir"
