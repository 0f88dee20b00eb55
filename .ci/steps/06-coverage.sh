# SPDX-License-Identifier: MIT
# 06. coverage of lib/ (gcovr: lines >= 95 %, branches >= 90 %)
#
# gcovr.cfg holds the thresholds and says why -O0 and atomic counters.
# Left out: 'slow' (the dice chi-square adds no coverage) and 'abi' (the
# gcov runtime linked into the .so imports malloc, which so-symbols forbids;
# the other builds run those gates).
CC=gcc CXX=g++ setup build-cov -Dexamples=enabled -Ddocs=disabled -Dbuildtype=debug \
    -Db_coverage=true -Dc_args=-fprofile-update=atomic
# A reused tree's counters would add an earlier run's.
find build-cov -name '*.gcda' -delete
meson_test "coverage" build-cov build-cov/ci-meson-test.log --no-suite slow --no-suite abi
gcovr --version | head -n 1
gcovr --config gcovr.cfg build-cov
