# SPDX-License-Identifier: MIT
# 13. hostile input under ASan + UBSan (suites 'cli' and 'hostile' of step 03)
#
# tests/cli and tests/hostile drive the CLI and the binding with hostile
# input; step 03 ran them with the sanitizers. Make sure none of their
# modules was left out or skipped there. Run on its own, this step runs
# those suites (and the fuzz replays) in the ASan tree itself.
hostile_log=build-asan/ci-meson-test.log
if [ ! -f "$hostile_log" ]; then
    build_asan
    asan_env
    hostile_log=build-asan/ci-meson-test-hostile.log
    NAPFIRE_TEST_SWEEP=small meson_test "asan+ubsan cli, hostile, fuzz" build-asan "$hostile_log" \
        --suite cli --suite hostile --suite fuzz
fi
passed_in "$hostile_log" cli-exit-status cli-options cli-map cli-output cli-files cli-numbers \
    hostile-binding hostile-limits fuzz-map-replay fuzz-cli-replay
echo "the CLI and hostile suites and the CLI fuzz replays passed under ASan + UBSan"
