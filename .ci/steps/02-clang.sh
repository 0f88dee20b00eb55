# SPDX-License-Identifier: MIT
# 02. Clang build (-Werror) and tests
build_clang
meson_test "clang" build-clang build-clang/ci-meson-test.log
