# SPDX-License-Identifier: MIT
# 15. README commands as written (suite 'readme'), shown in full
#
# tests/docs/test_readme.py runs the README's quick-start example, "bring
# your own table" line by line (then its JSON forms parsed), the SVG
# pictures, the Python and C++ examples and the C++ engine, each in a
# scratch directory against build 01, so the README and the tool cannot
# drift apart. Part of step 01's run; again verbosely here, and none may
# be missing or skipped.
build_gcc
meson_test "readme (verbose)" build build/ci-meson-test-readme.log --suite readme --verbose
passed_in build/ci-meson-test-readme.log readme
if grep -E '^test_\w+ .* skipped' build/ci-meson-test-readme.log; then
    echo "a README check was skipped" >&2
    exit 1
fi
# The C++ engine block as written, from the top of this tree (it installs
# g++, reconfigures build 01 and builds it again, then runs the engine
# against its expected log); the suite above ran only its last line.
engine_block=$(python3 tests/docs/readme.py block "ci: cpp-engine")
printf '\n-- README block "ci: cpp-engine", as written:\n%s\n--\n' "$engine_block"
bash -euo pipefail -c "$engine_block"
