#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Build and run each way of consuming libnapfire, each from a pristine copy
# of the source tree, in a fresh temporary directory:
#
#   (a) meson subproject: examples/vendoring/meson-subproject with the tree
#       as subprojects/libnapfire. The subproject builds the library only:
#       the host's `meson test --list` shows no libnapfire test, its build
#       has no libnapfire target but the library, and its `meson install`
#       installs nothing, until the host asks (-Dlibnapfire:install=enabled);
#   (b) vendored sources, no meson: every lib/*.c compiled with gcc and with
#       clang under -std=c11 -Wall -Wextra -Wconversion -Wpedantic -Werror,
#       every external symbol the objects define in the napfire namespace
#       (nm: napfire_ public, napfire__ internal), and the app linked and
#       run;
#   (c) installed package, pkg-config: meson install --destdir (shared and
#       static), the app built with `pkg-config --cflags --libs napfire`
#       and, static, with napfire-static (-DNAPFIRE_STATIC, no .so needed);
#       asking for napfire >= 2 fails and names the installed version;
#   (d) installed package, CMake: examples/vendoring/cmake-package with
#       find_package(napfire 1.1 CONFIG REQUIRED), shared and static
#       (NAPFIRE_USE_STATIC); asking for 2.0 or the next minor version
#       fails at configure time and names the installed version;
#   (e) meson install -Dpython=enabled into a scratch prefix: the napfire
#       Python package lands in that prefix's site-packages and loads the
#       library installed with it (no NAPFIRE_LIBRARY, no loader path).
#
# Usage: bash examples/vendoring/check.sh [REPO_DIR]   (default: this tree)
# Environment: CC (default cc), KEEP=1 keeps the temporary directory.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "${1:-$here/../..}" && pwd)
cc=${CC:-cc}
work=$(mktemp -d "${TMPDIR:-/tmp}/napfire-vendoring.XXXXXX")
if [ "${KEEP:-0}" != 1 ]; then trap 'rm -rf "$work"' EXIT; fi
version=$(sed -n 's/^#define NAPFIRE_VERSION_STRING "\(.*\)"$/\1/p' "$repo/include/napfire_version.h")

step() { printf '\n== %s\n' "$*"; }
fail() { echo "check.sh: $*" >&2; exit 1; }

# A copy of the source tree without VCS data and build directories: what a
# release tarball or a submodule checkout holds, uncommitted edits included.
copy_tree() {
    mkdir -p "$1"
    tar -C "$repo" --exclude=.git --exclude='./build*' --exclude=__pycache__ -cf - . |
        tar -C "$1" -xf -
}

step "(a) meson subproject"
sub=$work/subproject
cp -R "$here/meson-subproject" "$sub"
copy_tree "$sub/subprojects/libnapfire"
meson setup "$sub/build" "$sub" >"$work/a-setup.log" || { cat "$work/a-setup.log"; exit 1; }
grep -E '^libnapfire\| Build targets in project' "$work/a-setup.log"
meson compile -C "$sub/build"
"$sub/build/campaign"
meson test -C "$sub/build" --list 2>/dev/null | grep -v '^ninja:' >"$work/a-tests.txt" || true
echo "host's tests: $(tr '\n' ' ' <"$work/a-tests.txt")"
if grep -q '^libnapfire:' "$work/a-tests.txt"; then fail "libnapfire tests registered in the host"; fi
targets=$(meson introspect "$sub/build" --targets |
    python3 -c 'import json, sys; print(" ".join(sorted(t["name"] for t in json.load(sys.stdin) if t["subproject"])))')
echo "libnapfire targets in the host: $targets"
[ "$targets" = napfire ] || fail "the subproject builds more than its library: $targets"
meson install -C "$sub/build" --destdir "$work/a-dest" | tail -n 1
if [ -e "$work/a-dest" ]; then find "$work/a-dest"; fail "the subproject installed files unasked"; fi
echo "nothing installed"
# The host asks for the install.
meson configure "$sub/build" -Dlibnapfire:install=enabled
meson install -C "$sub/build" --destdir "$work/a-dest-asked" >/dev/null
(cd "$work/a-dest-asked" && find . -type f | sort)
for f in libnapfire.a napfire.h napfire.pc napfireConfig.cmake; do
    [ -n "$(find "$work/a-dest-asked" -name "$f")" ] || fail "asked to install, but no $f"
done

step "(b) vendored sources, no meson: gcc and clang, strict, namespaced"
copy_tree "$work/plain"
strict=(-std=c11 -Wall -Wextra -Wconversion -Wpedantic -Werror)
for compiler in gcc clang; do
    mkdir -p "$work/objs-$compiler"
    for src in "$work"/plain/lib/*.c; do
        "$compiler" "${strict[@]}" -O2 -DNAPFIRE_STATIC -I"$work/plain/include" \
            -c "$src" -o "$work/objs-$compiler/$(basename "$src" .c).o"
    done
    nm -g --defined-only "$work/objs-$compiler"/*.o | awk 'NF == 3 {print $3}' | sort >"$work/defined-$compiler.txt"
    foreign=$(grep -v '^napfire_' "$work/defined-$compiler.txt" || true)
    [ -z "$foreign" ] || fail "$compiler objects define symbols outside the napfire namespace: $foreign"
    echo "$compiler ${strict[*]}: $(ls "$work/objs-$compiler" | wc -l) objects," \
         "$(grep -c '^napfire__' "$work/defined-$compiler.txt") napfire__ internal and" \
         "$(grep -vc '^napfire__' "$work/defined-$compiler.txt") napfire_ public external symbols, nothing else"
done
# The README's vendoring line, against the gcc objects' sources.
(cd "$work/plain" &&
    "$cc" "${strict[@]}" -O2 -DNAPFIRE_STATIC -Iinclude lib/*.c \
        "$here/plain-cc/app.c" -o "$work/plain-app")
"$work/plain-app"

step "(c) installed package, pkg-config"
copy_tree "$work/src"
meson setup "$work/src/build" "$work/src" --prefix=/usr -Ddefault_library=both \
    -Dtests=disabled -Dexamples=disabled -Ddocs=disabled >"$work/c-setup.log" ||
    { cat "$work/c-setup.log"; exit 1; }
meson compile -C "$work/src/build"
meson install -C "$work/src/build" --destdir "$work/dest" >"$work/c-install.log"
pc=$(find "$work/dest" -name napfire.pc -print -quit)
[ -n "$pc" ] || fail "napfire.pc was not installed"
export PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_SYSROOT_DIR=$work/dest
echo "pkg-config napfire $(pkg-config --modversion napfire): $(pkg-config --cflags --libs napfire)"
# shellcheck disable=SC2046 # the flags are words
"$cc" -std=c11 -Wall -Wextra -Werror "$here/plain-cc/app.c" $(pkg-config --cflags --libs napfire) \
    -o "$work/installed-app"
libdir=$(pkg-config --libs-only-L napfire | sed 's/^ *-L//; s/ *$//')
LD_LIBRARY_PATH="$libdir" "$work/installed-app"
echo "pkg-config napfire-static: $(pkg-config --cflags --libs napfire-static)"
pkg-config --cflags napfire-static | grep -q -- '-DNAPFIRE_STATIC' || fail "napfire-static.pc lacks -DNAPFIRE_STATIC"
# shellcheck disable=SC2046
"$cc" -std=c11 -Wall -Wextra -Werror "$here/plain-cc/app.c" $(pkg-config --cflags --libs napfire-static) \
    -o "$work/static-app"
if readelf -d "$work/static-app" | grep 'libnapfire'; then fail "the static app needs libnapfire.so"; fi
"$work/static-app"
# An incompatible version is refused, naming the one installed.
if pkg-config --print-errors 'napfire >= 2' 2>"$work/c-refused.txt"; then
    fail "pkg-config accepted napfire >= 2"
fi
cat "$work/c-refused.txt"
grep -q "$version" "$work/c-refused.txt" || fail "pkg-config's refusal does not name $version"

step "(d) installed package, CMake"
prefix=$work/dest/usr
cmake -S "$here/cmake-package" -B "$work/cmake-shared" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_COMPILER="$cc" >"$work/d-shared.log" || { cat "$work/d-shared.log"; exit 1; }
grep 'libnapfire' "$work/d-shared.log"
cmake --build "$work/cmake-shared" >/dev/null
readelf -d "$work/cmake-shared/app" | grep 'NEEDED.*libnapfire.so.1' || fail "CMake shared app does not need libnapfire.so.1"
LD_LIBRARY_PATH="$libdir" "$work/cmake-shared/app"
cmake -S "$here/cmake-package" -B "$work/cmake-static" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_COMPILER="$cc" -DNAPFIRE_USE_STATIC=ON >/dev/null
cmake --build "$work/cmake-static" --verbose >"$work/d-static-build.log"
grep -q -- '-DNAPFIRE_STATIC' "$work/d-static-build.log" || fail "napfire::static does not define NAPFIRE_STATIC"
if readelf -d "$work/cmake-static/app" | grep 'libnapfire'; then fail "CMake static app needs libnapfire.so"; fi
echo "napfire::static: -DNAPFIRE_STATIC, no libnapfire.so needed"
"$work/cmake-static/app"
# The next minor version after the installed one: a newer minor than is
# installed must be refused as surely as another major.
next_minor=$(echo "$version" | awk -F. '{print $1 "." $2 + 1}')
for want in 2.0 "$next_minor"; do
    if cmake -S "$here/cmake-package" -B "$work/cmake-want-$want" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_C_COMPILER="$cc" -DNAPFIRE_WANT="$want" >"$work/d-want.log" 2>&1; then
        fail "CMake accepted a request for version $want"
    fi
    grep -A 6 'CMake Error' "$work/d-want.log" | sed '/^$/d'
    grep -q "version: $version" "$work/d-want.log" || fail "CMake's refusal of $want does not name $version"
done

step "(e) meson install -Dpython=enabled"
pyprefix=$work/pyprefix
meson setup "$work/src/build-py" "$work/src" --prefix="$pyprefix" -Dpython=enabled \
    -Dtests=disabled -Dexamples=disabled -Ddocs=disabled >"$work/e-setup.log" ||
    { cat "$work/e-setup.log"; exit 1; }
meson install -C "$work/src/build-py" >"$work/e-install.log"
pkgdir=$(dirname "$(find "$pyprefix" -path '*/napfire/_loader.py' -print -quit)")
[ "$pkgdir" != . ] || fail "meson install -Dpython=enabled installed no napfire package"
ls "$pkgdir"
[ -f "$pkgdir/py.typed" ] && [ -f "$pkgdir/__init__.pyi" ] || fail "the package is not typed"
loaded=$(cd "$work" && env -u NAPFIRE_LIBRARY -u LD_LIBRARY_PATH PYTHONPATH="$(dirname "$pkgdir")" \
    python3 -c 'import napfire; print(napfire.LIBRARY, napfire.version_string())')
echo "napfire from $pkgdir loads: $loaded"
case "$loaded" in
    "$pyprefix"/*/libnapfire.so.1\ "$version") ;;
    *) fail "the meson-installed package did not load the library installed with it" ;;
esac

step "all consumers built and ran"
