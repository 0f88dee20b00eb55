# SPDX-License-Identifier: MIT
# 04. TSan: four threads sharing const rules and a const map
build_tsan
# Without address randomisation: GCC 12's TSan runtime cannot map its
# shadow memory on kernels with more ASLR entropy (vm.mmap_rnd_bits > 28).
no_aslr=()
if setarch "$(uname -m)" -R true 2>/dev/null; then
    no_aslr=(setarch "$(uname -m)" -R)
fi
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 NAPFIRE_TEST_SWEEP=small \
    "${no_aslr[@]}" meson test -C build-tsan --print-errorlogs --suite threads 2>&1 |
    tee build-tsan/ci-meson-test.log
tally "tsan threads" build-tsan/ci-meson-test.log build-tsan
