# SPDX-License-Identifier: MIT
# 20. cross: the C suites on aarch64 and big-endian s390x under qemu-user, and the golden digest on eight targets
#
# aarch64 and s390x: clang --target with Debian's cross C libraries
# (examples/cross/aarch64-linux-gnu.ini, s390x-linux-gnu.ini), Check from
# the arm64 and s390x architectures, each program under qemu-user. Their
# sweeps run small (NAPFIRE_TEST_SWEEP); left out are the dice chi-square
# (suite slow: statistics, which the digest's dice already pin), the
# libabigail gates (their baseline is x86-64's) and the checks that read
# only the sources (layers, rooms, history, docs: the same on any machine)
# and the instruction gate (its budgets are x86-64's, under callgrind).
#
# The golden digest (tests/digest/, doc/hardening.md "The same answer on
# every machine") must print tests/digest/expected.txt on every target:
# x86-64 with gcc and clang at -O0 and -O2, i686 (step 16's build, under
# qemu-i386 too), aarch64, s390x, MinGW-w64 under wine, and wasm32-wasi
# under Node.js. Any difference fails the step, naming the target.
export NAPFIRE_TEST_SWEEP=small
expected=$(cat tests/digest/expected.txt)
echo "expected digest: $expected"
cross_start=$SECONDS

cross_tests() {
    meson test -C "$1" --list 2>/dev/null | grep '^libnapfire:' | grep -v -e '^libnapfire:[^ ]*slow' \
        -e ' / abidiff$' -e ' / abi-gates-selftest$' -e ' / layers$' -e ' / private-headers$' \
        -e ' / rooms-' -e ' / issue-refs' -e ' / house-gates-selftest$' -e '^libnapfire:docs ' -e '^libnapfire:perf ' |
        sed 's|^.* / ||'
}
for arch in aarch64 s390x; do
    CC='' CXX='' setup "build-$arch" --cross-file "examples/cross/$arch-linux-gnu.ini" \
        -Dexamples=disabled -Ddocs=disabled
    "$arch-linux-gnu-readelf" -h "build-$arch/lib/libnapfire.so.1" | grep -E "Data|Machine"
    # shellcheck disable=SC2046 # one word per test name
    meson_test "$arch (qemu-$arch)" "build-$arch" "build-$arch/ci-meson-test.log" $(cross_tests "build-$arch")
    passed_in "build-$arch/ci-meson-test.log" digest
done

# The digest's texts, for the programs built here without meson.
gen=$(mktemp -d "${TMPDIR:-/tmp}/napfire-digest.XXXXXX")
python3 tests/digest/embed.py "$gen/digest_texts.h" synthetic.txt=tests/data/synthetic.txt \
    slips.txt=tests/data/slips.txt made-up-partial.txt=examples/rules/made-up-partial.txt \
    seed.txt=examples/rules/seed.txt
digest_flags=(-std=c11 -DNAPFIRE_STATIC -Iinclude "-I$gen" -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror)
digests=()
# check_digest TARGET COMMAND...: the command prints the digest (CRs of
# Windows text mode removed).
check_digest() {
    local target=$1 got
    shift
    got=$("$@" | tr -d '\r' | sed -n 's/^digest //p')
    digests+=("$(printf '%-34s %s' "$target" "$got")")
    if [ "$got" != "$expected" ]; then
        echo "digest on $target: '$got', expected $expected" >&2
        "$@" | tr -d '\r' >&2 || true
        exit 1
    fi
}
for cc in gcc clang; do
    for opt in -O0 -O2; do
        "$cc" "$opt" "${digest_flags[@]}" tests/digest/digest.c lib/*.c -o "$gen/digest-$cc$opt"
        check_digest "x86-64 $cc $opt" "$gen/digest-$cc$opt"
    done
done
# Step 16's tree, natively where this kernel runs 32-bit programs, and
# under qemu-i386 always.
setup build-m32 --cross-file examples/cross/linux-i686.ini -Dexamples=disabled -Ddocs=disabled
if /lib/ld-linux.so.2 --version >/dev/null 2>&1; then
    check_digest "i686 (native)" build-m32/tests/digest/digest
fi
check_digest "i686 (qemu-i386)" qemu-i386 build-m32/tests/digest/digest
check_digest "aarch64 (qemu-aarch64)" qemu-aarch64 -L /usr/aarch64-linux-gnu \
    -E LD_LIBRARY_PATH=/usr/aarch64-linux-gnu/lib:/usr/lib/aarch64-linux-gnu:build-aarch64/lib \
    build-aarch64/tests/digest/digest
check_digest "s390x (qemu-s390x)" qemu-s390x -L /usr/s390x-linux-gnu \
    -E LD_LIBRARY_PATH=/usr/s390x-linux-gnu/lib:/usr/lib/s390x-linux-gnu:build-s390x/lib \
    build-s390x/tests/digest/digest
# MinGW-w64 under wine: the DLL build's own digest test, and a static .exe.
export WINEDEBUG=-all WINEPREFIX="$gen/wine"
# Only the digest of that tree is built: other test programs are POSIX
# (the fuzz replays' realpath).
win_want="MinGW-w64, the digest only"
if [ ! -f build-win/ci-setup ] || [ "$(cat build-win/ci-setup)" != "$win_want" ]; then
    if [ -e build-win ] && [ "$CI" != "true" ]; then
        echo "$top/build-win exists and was not made by this step: remove it, or set CI=true" >&2
        exit 1
    fi
    rm -rf build-win
    meson setup build-win --cross-file examples/cross/x86_64-w64-mingw32.ini -Dwerror=true \
        -Dtests=auto -Dexamples=disabled -Ddocs=disabled -Dcmake_package=disabled
    echo "$win_want" >build-win/ci-setup
fi
meson compile -C build-win tests/digest/digest
meson_test "MinGW-w64 under wine" build-win build-win/ci-meson-test.log --no-rebuild digest
x86_64-w64-mingw32-gcc -O2 "${digest_flags[@]}" -static-libgcc tests/digest/digest.c lib/*.c -o "$gen/digest.exe"
check_digest "x86-64 Windows (MinGW-w64, wine)" wine "$gen/digest.exe"
wineserver -k 2>/dev/null || true
wineserver -w 2>/dev/null || true
unset WINEPREFIX WINEDEBUG
# WebAssembly: wasm32-wasi as the browser playground builds it, run by
# Node.js's WASI.
clang --target=wasm32-wasi -O2 "${digest_flags[@]}" tests/digest/digest.c lib/*.c -o "$gen/digest.wasm"
node_flags=(--no-warnings)
case $(node --version) in v1[0-8].*) node_flags+=(--experimental-wasi-unstable-preview1) ;; esac
check_digest "wasm32-wasi (Node.js $(node --version))" node "${node_flags[@]}" tests/digest/run-wasi.mjs "$gen/digest.wasm"
rm -rf "$gen"
echo "the golden digest on every target:"
printf '  %s\n' "${digests[@]}"
echo "cross step: $((SECONDS - cross_start))s"
