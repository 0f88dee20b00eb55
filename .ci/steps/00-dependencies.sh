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
          luajit python3-cffi mono-mcs mono-runtime bindgen golang-go
          libc6-dev-arm64-cross libgcc-12-dev-arm64-cross binutils-aarch64-linux-gnu
          check:arm64 libsubunit-dev:arm64
          libc6-dev-s390x-cross libgcc-12-dev-s390x-cross binutils-s390x-linux-gnu
          check:s390x libsubunit-dev:s390x nodejs)
# check:i386 (the -m32 build's C tests), check:arm64 and check:s390x (the
# cross builds' C tests, step 20) need their architectures. Clang is the
# aarch64 and s390x compiler: Debian's gcc-aarch64-linux-gnu and
# gcc-s390x-linux-gnu cannot be installed beside gcc-multilib.
for arch in i386 arm64 s390x; do
    if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
        if [ "$(id -u)" -ne 0 ]; then
            echo "not root: run 'dpkg --add-architecture $arch' first, or run as root" >&2
            exit 1
        fi
        dpkg --add-architecture "$arch"
    fi
done
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
