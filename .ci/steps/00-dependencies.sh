# SPDX-License-Identifier: MIT
# 00. dependencies
#
# Everything the steps use. libclang-rt-14-dev (libFuzzer and Clang's
# sanitizer runtimes) is only a Recommends of clang, and apt runs without
# recommends. Installed only when missing, so a re-run on a prepared machine
# skips apt.
packages=(meson ninja-build pkg-config check python3 gcc g++ libc6-dev binutils
          clang libclang-rt-14-dev clang-format doxygen abigail-tools gcovr valgrind cppcheck
          lld wasi-libc libclang-rt-14-dev-wasm32 chromium
          cmake scdoc python3-venv python3-pip python3-mesonpy python3-mypy pmccabe
          gcc-multilib check:i386 libsubunit-dev:i386 qemu-user
          gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 wine64 wine
          luajit python3-cffi mono-mcs mono-runtime bindgen golang-go)
# check:i386 (the -m32 build's C tests) needs the i386 architecture.
if ! dpkg --print-foreign-architectures | grep -qx i386; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "not root: run 'dpkg --add-architecture i386' first, or run as root" >&2
        exit 1
    fi
    dpkg --add-architecture i386
fi
missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
        missing+=("$p")
    fi
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "installing: ${missing[*]}"
    if [ "$(id -u)" -ne 0 ]; then
        echo "not root: install these first, or run as root" >&2
        exit 1
    fi
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}" </dev/null
else
    echo "all present: ${packages[*]}"
fi
printf '%s\n' "meson $(meson --version), ninja $(ninja --version)" \
    "$(gcc --version | head -n 1)" "$(clang --version | head -n 1)" \
    "$(doxygen --version | sed 's/^/doxygen /')" "$(abidw --version)"
