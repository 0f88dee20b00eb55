# SPDX-License-Identifier: MIT
# 10. ABI gates
#
# Already part of the runs of steps 01-03; run again verbosely to show
# their output, and make sure none of them is missing or skipped.
build_gcc
meson_test "abi gates (verbose)" build build/ci-meson-test-abi.log --suite abi --verbose
passed_in build/ci-meson-test-abi.log layout-c layout-cxx header-c99 header-c11 header-cxx11 \
    header-cxx17 so-symbols so-symbols-selftest abidiff abi-gates-selftest
