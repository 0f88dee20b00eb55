# SPDX-License-Identifier: MIT
# 16. packaging: 32-bit build (-m32, examples/cross/linux-i686.ini) and its C tests
#
# The ABI suite's libabigail gates compare with the x86-64 baseline, which a
# 32-bit library cannot match (size_t and pointers are 4 bytes): those two
# are left out; the layout, header and symbol gates run. The Python tests
# need a 32-bit interpreter and are not registered in a cross build.
setup build-m32 --cross-file examples/cross/linux-i686.ini -Dexamples=disabled -Ddocs=disabled
readelf -h build-m32/lib/libnapfire.so.1 | grep -E "Class|Machine"
m32_tests=$(meson test -C build-m32 --list 2>/dev/null | grep '^libnapfire:' |
    grep -v -e ' / abidiff$' -e ' / abi-gates-selftest$' | sed 's|^.* / ||')
# shellcheck disable=SC2086 # one word per test name
meson_test "m32" build-m32 build-m32/ci-meson-test.log $m32_tests
