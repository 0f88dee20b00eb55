# SPDX-License-Identifier: MIT
# 01. GCC build (-Werror) and the README's test command
build_gcc
# The README's quick-start command 2 (readme.py: ci: test-command), exactly:
meson_test "gcc" build build/ci-meson-test.log

# The README's quick-start command 1 ends by running the CLI on F-EX-1: run
# that invocation as written in README.md, so the two cannot drift apart
# (suite 'readme' checks its answer).
readme_cli_argv
echo "README quick start, CLI on F-EX-1: ${cli_argv[*]}"
"${cli_argv[@]}"
