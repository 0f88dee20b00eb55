# SPDX-License-Identifier: MIT
# 14. Pictures and the browser playground (README), tests in Chromium
#
# The README's blocks 'ci: pictures' and 'ci: browser' (tests/docs/readme.py),
# as written: two SVG pictures, the WebAssembly build, the static server (in
# the background), then the browser tests (playwright-core, pinned by
# tests/web/package-lock.json, driving Debian's Chromium; no browser
# download). Node.js and npm come with the machine; Debian's if missing.
build_gcc
web_start=$SECONDS
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs npm </dev/null
fi
echo "node $(node --version), npm $(npm --version), $(chromium --version)"
mapfile -t web_cmds < <(python3 tests/docs/readme.py block 'ci: pictures' | grep -v '^ *$'
                        python3 tests/docs/readme.py block 'ci: browser' | grep -v '^ *$')
if [ "${#web_cmds[@]}" -ne 6 ]; then
    echo "README.md: expected 6 commands in the blocks 'ci: pictures' and 'ci: browser'" >&2
    exit 1
fi
web_server=
web_log=$(mktemp)
for cmd in "${web_cmds[@]}"; do
    echo "+ $cmd"
    if [[ $cmd == "python3 -m http.server "* ]]; then
        read -r -a server_argv <<<"$cmd"
        "${server_argv[@]}" >"$web_log" 2>&1 &
        web_server=$!
        port=${server_argv[-1]}
        python3 - "$port" <<'PY'
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen("http://localhost:%s/" % sys.argv[1], timeout=1).read()
        sys.exit(0)
    except OSError:
        time.sleep(0.1)
sys.exit("the static server did not answer")
PY
    else
        # The README's line of sight is blocked: napfire los draws it and
        # exits 1, as it does for every blocked line.
        rc=0
        bash -c "$cmd" || rc=$?
        if [ "$rc" -ne 0 ] && ! { [ "$rc" -eq 1 ] && [[ $cmd == *"napfire los "* ]]; }; then
            [ -z "$web_server" ] || kill "$web_server"
            exit 1
        fi
    fi
    if [[ $cmd == "meson configure build -Dweb=enabled"* ]]; then
        # The WebAssembly module in Node.js too (suite web, tests/web).
        meson_test "web (WebAssembly)" build build/ci-meson-test-web.log --suite web
    fi
    if [[ $cmd == *"--svg los.svg"* ]] || [[ $cmd == *"--svg odds.svg"* ]]; then
        python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); assert r.tag.endswith("svg"); print(sys.argv[1], "is SVG,", len(list(r.iter())), "elements")' "${cmd##* }"
    fi
done
kill "$web_server"
rm -f los.svg odds.svg "$web_log"
echo "pictures and browser playground: $((SECONDS - web_start))s"
