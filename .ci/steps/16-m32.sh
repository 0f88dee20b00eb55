# SPDX-License-Identifier: MIT
# 16. packaging: 32-bit build (-m32, examples/cross/linux-i686.ini) and its C tests
#
# The cross file's exe wrapper runs the 32-bit programs natively where this
# kernel can, under qemu-i386 where it cannot ("Exec format error" for every
# -m32 program); the same tests run either way, and the line below says
# which. On a kernel that runs them natively, one suite also runs under
# qemu-i386, so that the emulated way is known to work before a machine
# needs it.
#
# The ABI suite's libabigail gates compare with the x86-64 baseline, which a
# 32-bit library cannot match (size_t and pointers are 4 bytes): those two
# are left out; the layout, header and symbol gates run. The Python tests
# need a 32-bit interpreter and are not registered in a cross build.
setup build-m32 --cross-file examples/cross/linux-i686.ini -Dexamples=disabled -Ddocs=disabled
readelf -h build-m32/lib/libnapfire.so.1 | grep -E "Class|Machine"
m32_native=no
if /lib/ld-linux.so.2 --version >/dev/null 2>&1; then
    m32_native=yes
    echo "32-bit programs run natively (kernel $(uname -r))"
else
    echo "32-bit programs run under $(command -v qemu-i386): this kernel ($(uname -r)) cannot run them"
fi
m32_tests=$(meson test -C build-m32 --list 2>/dev/null | grep '^libnapfire:' |
    grep -v -e ' / abidiff$' -e ' / abi-gates-selftest$' | sed 's|^.* / ||')
# shellcheck disable=SC2086 # one word per test name
meson_test "m32" build-m32 build-m32/ci-meson-test.log $m32_tests
if [ "$m32_native" = yes ]; then
    NAPFIRE_I686_RUN=qemu-i386 meson_test "m32 under qemu-i386" build-m32 \
        build-m32/ci-meson-test-qemu.log --suite figure
fi
