#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Run one binding program with its tool, as a user would:
#   run_tool.sh luajit fex1.lua      napfire_ffi.h libnapfire.so
#   run_tool.sh cffi   fex1_cffi.py  napfire_ffi.h libnapfire.so [napfire_api.json]
#   run_tool.sh csharp Fex1.cs       Napfire.cs    libnapfire.so
# Without the tool: skipped (77), except under CI=true (a failure).
set -euo pipefail
tool=$1
shift
need() {
    if command -v "$1" >/dev/null 2>&1; then
        return 0
    fi
    if [ "${CI:-}" = "true" ]; then
        echo "FAIL: $1 not found (apt-get install $2); required under CI=true" >&2
        exit 1
    fi
    echo "SKIP: $1 not found (apt-get install $2)"
    exit 77
}
case $tool in
    luajit)
        need luajit luajit
        exec luajit "$@"
        ;;
    cffi)
        # The interpreter that has cffi: the one on PATH, else Debian's.
        py=python3
        if ! "$py" -c 'import cffi' 2>/dev/null && [ -x /usr/bin/python3 ]; then
            py=/usr/bin/python3
        fi
        exec "$py" "$@"
        ;;
    csharp)
        need mcs mono-mcs
        need mono mono-runtime
        tmp=$(mktemp -d)
        trap 'rm -rf "$tmp"' EXIT
        mcs -nologo -warnaserror -out:"$tmp/fex1.exe" "$1" "$2"
        # DllImport("napfire") finds libnapfire.so through the loader's path.
        LD_LIBRARY_PATH=$(dirname "$3")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} mono "$tmp/fex1.exe"
        ;;
    *)
        echo "usage: run_tool.sh luajit|cffi|csharp PROGRAM FILE LIBRARY [API_JSON]" >&2
        exit 2
        ;;
esac
