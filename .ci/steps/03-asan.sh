# SPDX-License-Identifier: MIT
# 03. ASan + UBSan build and tests (C and Python)
# GCC's -fsanitize=undefined includes -fsanitize=alignment, so this is also
# the suite under the alignment check: a misaligned access the library
# failed to refuse with NAPFIRE_EALIGN (test misuse-storage places every
# storage type at offsets 1..7) stops the run.
build_asan
asan_env
# tests/python/meson.build preloads the sanitizer runtimes into python3 (no
# leak check of the interpreter), so every suite runs in this one command;
# the random sweeps run a tenth of their rounds (tests/sweep.h).
NAPFIRE_TEST_SWEEP=small meson test -C build-asan --print-errorlogs 2>&1 | tee build-asan/ci-meson-test.log
if ! grep -qE '^ *[0-9]+/[0-9]+ +libnapfire:python / python-core +OK' build-asan/ci-meson-test.log; then
    echo "the Python suite did not run under ASan + UBSan" >&2
    exit 1
fi
tally "asan+ubsan" build-asan/ci-meson-test.log build-asan
