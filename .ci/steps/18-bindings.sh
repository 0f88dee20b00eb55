# SPDX-License-Identifier: MIT
# 18. bindings: the files made from the API description, used from an installed tree
#
# Build 01 installed with `meson install --destdir` into a scratch
# directory; each program of tests/bindings then uses only what installed
# (doc/bindings.md), unchanged: LuaJIT (ffi.cdef of napfire_ffi.h, the
# by-pointer line-of-sight callback), Python cffi in ABI mode, C# compiled
# by Mono's mcs against share/napfire/Napfire.cs and run by mono, Rust
# (bindgen's output for napfire_ffi.h: constants typed i32; compiled and
# run where rustc is present), Go (cgo against napfire.h: alignment 8).
# Each resolves the worked example F-EX-1 (3 casualties).
build_gcc
bind=$(mktemp -d "${TMPDIR:-/tmp}/napfire-bindings.XXXXXX")
meson install -C build --destdir "$bind/root" --no-rebuild --quiet
so=$(find "$bind/root" -name 'libnapfire.so.1' | head -n 1)
inc=$(dirname "$(find "$bind/root" -name napfire_ffi.h | head -n 1)")
share=$(dirname "$(find "$bind/root" -name napfire_api.json | head -n 1)")
libdir=$(dirname "$so")
echo "installed: $so, $inc/napfire_ffi.h, $share/napfire_api.json, $share/Napfire.cs"
run_tool=$top/tests/bindings/run_tool.sh

echo "-- LuaJIT"
bash "$run_tool" luajit tests/bindings/fex1.lua "$inc/napfire_ffi.h" "$so"
echo "-- Python cffi (ABI mode)"
bash "$run_tool" cffi tests/bindings/fex1_cffi.py "$inc/napfire_ffi.h" "$so" "$share/napfire_api.json"
echo "-- C# (Mono)"
bash "$run_tool" csharp tests/bindings/Fex1.cs "$share/Napfire.cs" "$so"

echo "-- Rust: bindgen, as doc/bindings.md runs it"
mkdir "$bind/rust"
bindgen "$inc/napfire_ffi.h" -o "$bind/rust/napfire.rs" \
    --allowlist-function 'napfire_.*' --allowlist-type 'napfire_.*' --allowlist-var 'NAPFIRE_.*' \
    -- -include stdint.h -include stddef.h
grep -q '^pub type _bindgen_ty_1 = ::std::os::raw::c_int;$' "$bind/rust/napfire.rs"
grep -q '^pub const NAPFIRE_ARM_LINE_INFANTRY: _bindgen_ty_1 = 0;$' "$bind/rust/napfire.rs"
grep -q 'pub fn napfire_unit_init(u: \*mut napfire_unit, size: size_t, arm: i32)' "$bind/rust/napfire.rs"
if command -v rustc >/dev/null 2>&1; then
    cp tests/bindings/fex1.rs "$bind/rust/"
    rustc --edition 2021 -L "$libdir" -l napfire "$bind/rust/fex1.rs" -o "$bind/rust/fex1"
    LD_LIBRARY_PATH=$libdir "$bind/rust/fex1"
else
    echo "rustc not present: the bindings were checked, not compiled"
fi

echo "-- Go: cgo against napfire.h"
cp -R tests/bindings/cgo "$bind/go"
(cd "$bind/go" && CGO_CFLAGS="-I$(dirname "$(find "$bind/root" -name napfire.h | head -n 1)")" \
    CGO_LDFLAGS="-L$libdir" go build -o fex1 . && LD_LIBRARY_PATH=$libdir ./fex1)
rm -rf "$bind"
