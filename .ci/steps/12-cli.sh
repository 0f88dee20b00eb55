# SPDX-License-Identifier: MIT
# 12. CLI: the documented exit statuses and the rest of suite 'cli'
#
# The contract of the napfire tool (0 resolved, 1 forbidden, 2 bad input,
# 3 rules data unknown, 4 output not written) is tests/cli's
# test_exit_status.py (test cli-exit-status); with options, map files,
# outputs, rules --check and the SVG pictures it forms suite 'cli', part of
# step 01's run. Run again verbosely to show each case, and make sure none
# is missing or skipped.
build_gcc
meson_test "cli (verbose)" build build/ci-meson-test-cli.log --suite cli --verbose
passed_in build/ci-meson-test-cli.log cli-exit-status cli-options cli-map cli-output cli-rules cli-svg \
    cli-files cli-numbers cli-scene
