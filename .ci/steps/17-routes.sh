# SPDX-License-Identifier: MIT
# 17. packaging: README routes as written (pip, pkg-config, CMake, subproject, vendoring, Windows)
#
# Each block 'ci-route: NAME' of README.md (tests/docs/readme.py) is run as
# written, from the top of a clone of this repository, with a scratch HOME
# (the pkg-config route installs into ~/.local). Checks that go beyond the
# README follow each block. Needs build 01 (the Linux side of the Windows
# comparisons).
readme_block() {
    python3 "$top/tests/docs/readme.py" --readme "$top/README.md" block "$1"
}
routes=$(mktemp -d "${TMPDIR:-/tmp}/napfire-routes.XXXXXX")
git clone -q "$top" "$routes/libnapfire"
mkdir "$routes/home"
export WINEDEBUG=-all WINEPREFIX="$routes/wine"
run_route() {
    local block
    block=$(readme_block "ci-route: $1")
    printf '\n-- README route "%s", as written:\n%s\n--\n' "$1" "$block"
    (cd "$routes/libnapfire" && HOME="$routes/home" bash -euo pipefail -c "$block")
}
route_start=$SECONDS
build_gcc

run_route pip
# The Python suite against the package pip installed: the venv's napfire,
# loading the library copy inside it (no PYTHONPATH to a package in the
# tree, and NAPFIRE_LIBRARY names that same installed copy for the
# plain-ctypes tests). Only odds.py, the generator the installed generated
# module is compared with, and the test helpers come from the tree.
venv=$routes/libnapfire/venv
pylib=$(cd / && "$venv/bin/python" -c 'import napfire; print(napfire.LIBRARY)')
echo "installed package's library: $pylib"
case "$pylib" in
    "$venv"/lib/python3*/site-packages/napfire/libnapfire.so.1) ;;
    *) echo "the installed package did not load its own library copy" >&2; exit 1 ;;
esac
log=$routes/python-installed.log
(cd "$top/tests/python" && NAPFIRE_LIBRARY="$pylib" NAPFIRE_EXPECT_INSTALLED="$venv" \
    PYTHONPATH="$top/tests/python" PYTHONDONTWRITEBYTECODE=1 \
    "$venv/bin/python" -m unittest discover -s . -p 'test_*.py' -v) 2>&1 | tee "$log"
py_ran=$(awk '/^Ran [0-9]+ tests? in/ {print $2}' "$log")
py_skip=$(grep -oE 'skipped=[0-9]+' "$log" | tail -n 1 | cut -d= -f2 || true)
grep -qE '^OK( \(skipped=[0-9]+\))?$' "$log" && [ -n "$py_ran" ] && [ "$py_ran" -gt 0 ] || {
    echo "the Python tests against the installed package failed" >&2; exit 1; }
grep -q 'test_package_and_library_come_from_the_install .* ok$' "$log" || {
    echo "the installed-package test did not run" >&2; exit 1; }
total_pass=$((total_pass + py_ran - ${py_skip:-0}))
total_skip=$((total_skip + ${py_skip:-0}))
runs+=("python (pip-installed package): $((py_ran - ${py_skip:-0})) passed, 0 failed, ${py_skip:-0} skipped")
# The type stub against the runtime module (mypy's stubtest, Debian's
# python3-mypy through the venv's system site-packages).
(cd "$routes" && NAPFIRE_LIBRARY="$pylib" "$venv/bin/python" -m mypy.stubtest napfire --concise)
echo "stubtest: the napfire package's stubs match the installed module"
# README's Python example, type-checked (mypy --strict) against the
# installed package and run with it.
readme_block "ci: python" >"$routes/readme_example.py"
(cd "$routes" && "$venv/bin/python" -m mypy --strict --cache-dir=/dev/null "$routes/readme_example.py")
(cd "$routes" && "$venv/bin/python" "$routes/readme_example.py")

run_route pkg-config

# The CMake lines the README quotes are the example's own.
cmake_file=examples/vendoring/cmake-package/CMakeLists.txt
cmake_lines=$(readme_block "ci-route-lines: $cmake_file")
while IFS= read -r line; do
    grep -qxF "$line" "$cmake_file" || { echo "README's CMake line is not in $cmake_file: $line" >&2; exit 1; }
done <<<"$cmake_lines"
run_route cmake

run_route meson-subproject

run_route vendoring
# The README's CMake lines for vendored sources, in a scratch game project.
game=$routes/cmake-vendored
mkdir -p "$game/libnapfire"
cp -R include lib "$game/libnapfire/"
cp examples/vendoring/plain-cc/app.c "$game/"
{
    echo 'cmake_minimum_required(VERSION 3.16)'
    echo 'project(game C)'
    readme_block "ci-route-cmake: vendoring"
    echo 'add_executable(app app.c)'
    echo 'target_link_libraries(app PRIVATE napfire)'
} >"$game/CMakeLists.txt"
cmake -S "$game" -B "$game/build" >/dev/null
cmake --build "$game/build" >/dev/null
"$game/build/app"

run_route windows
# The same programs print the same as on Linux (Windows text mode writes
# CRLF line ends, removed before comparing): the C++ engine, and the
# plain-cc consumer linked against the DLL's import library and, static,
# with the flags of the installed static build's napfire.pc.
win=$routes/libnapfire/build-win
# What the DLL imports (the C runtime and KERNEL32 only: no libgcc DLL).
dll_imports=$(x86_64-w64-mingw32-objdump -p "$win/lib/libnapfire-1.dll" | grep 'DLL Name:')
echo "$dll_imports"
ls -l "$win/lib/libnapfire-1.dll" "$win/lib/libnapfire.dll.a"
WINEPATH="$win/lib" wine "$win/examples/cpp-engine/engine.exe" 2>/dev/null | tr -d '\r' >"$routes/engine-win.log"
build/examples/cpp-engine/engine 2>/dev/null >"$routes/engine-linux.log"
cmp "$routes/engine-win.log" "$routes/engine-linux.log"
echo "engine.exe under wine: the same $(wc -l <"$routes/engine-linux.log") lines as on Linux"
# The CLI too, on README's quick-start shot.
readme_cli_argv
WINEPATH="$win/lib" wine "$win/examples/cli/napfire.exe" "${cli_argv[@]:1}" | tr -d '\r' >"$routes/cli-win.log"
"${cli_argv[@]}" | cmp - "$routes/cli-win.log"
echo "napfire.exe under wine: the same $(wc -l <"$routes/cli-win.log") lines as on Linux"
cc -std=c11 -Iinclude -DNAPFIRE_STATIC lib/*.c examples/vendoring/plain-cc/app.c -o "$routes/app-linux"
"$routes/app-linux" >"$routes/app-linux.log"
x86_64-w64-mingw32-gcc -std=c11 -Wall -Wextra -Werror -Iinclude examples/vendoring/plain-cc/app.c \
    -L"$win/lib" -lnapfire -o "$routes/app-dll.exe"
WINEPATH="$win/lib" wine "$routes/app-dll.exe" | tr -d '\r' | cmp - "$routes/app-linux.log"
echo "app.exe (DLL) under wine: $(cat "$routes/app-linux.log")"
winst=$routes/win-static
meson setup "$winst/build" --cross-file examples/cross/x86_64-w64-mingw32.ini --prefix=/mingw \
    -Ddefault_library=static -Dtests=disabled -Dexamples=disabled -Ddocs=disabled >/dev/null
meson install -C "$winst/build" --destdir "$winst/dest" >/dev/null
win_flags=$(PKG_CONFIG_LIBDIR=$(dirname "$(find "$winst/dest" -name napfire.pc)") \
    PKG_CONFIG_SYSROOT_DIR="$winst/dest" pkg-config --cflags --libs napfire)
echo "static napfire.pc (MinGW): $win_flags"
case "$win_flags" in *-DNAPFIRE_STATIC*) ;; *) echo "no -DNAPFIRE_STATIC" >&2; exit 1 ;; esac
# shellcheck disable=SC2086 # the flags are words
x86_64-w64-mingw32-gcc -std=c11 -Wall -Wextra -Werror examples/vendoring/plain-cc/app.c $win_flags \
    -o "$routes/app-static.exe"
app_imports=$(x86_64-w64-mingw32-objdump -p "$routes/app-static.exe" | grep 'DLL Name:')
if grep -q 'libnapfire' <<<"$app_imports"; then
    echo "the static app.exe needs libnapfire's DLL" >&2; exit 1
fi
wine "$routes/app-static.exe" | tr -d '\r' | cmp - "$routes/app-linux.log"
echo "app.exe (static, NAPFIRE_STATIC from the .pc) under wine: the same line"
echo "README routes: $((SECONDS - route_start))s"
# The scratch wine prefix's server lingers a few seconds after the last
# program; stop it before removing the prefix.
wineserver -k 2>/dev/null || true
wineserver -w 2>/dev/null || true
unset WINEPREFIX WINEDEBUG
rm -rf "$routes"
