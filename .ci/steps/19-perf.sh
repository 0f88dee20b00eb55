# SPDX-License-Identifier: MIT
# 19. perf: the instruction gate (suite perf) on a release build
#
# Its own tree, build-perf, built as users build a release (the budgets of
# tests/perf/budgets.txt hold for -O3 and the toolchain they name): each
# workload's instructions per call under callgrind beside its budget, and
# the gate's self-test (a planted 1 % passes, a planted 3 % fails). Shown
# in full: the figures are the point. A skip (another toolchain than the
# budgets') fails the step, as a missing test would.
setup build-perf -Dbuildtype=release -Dexamples=disabled -Ddocs=disabled
meson_test "perf gate (verbose)" build-perf build-perf/ci-meson-test-perf.log --suite perf --verbose
passed_in build-perf/ci-meson-test-perf.log perf perf-gate-selftest
