# SPDX-License-Identifier: MIT
# 05. valgrind memcheck of the C tests (the GCC build of step 01)
build_gcc
meson test -C build --setup valgrind --print-errorlogs 2>&1 | tee build/ci-meson-test-valgrind.log
tally "valgrind" build/ci-meson-test-valgrind.log build testlog-valgrind
