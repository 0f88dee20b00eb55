# SPDX-License-Identifier: MIT
# 08. fuzzing: every libFuzzer target for FUZZ_SECONDS (default 30) s each
#
# 30 s each keeps the whole run well under half an hour with nine targets
# (fuzz_measure among them, tests/fuzz/run-fuzzers.sh holds the list);
# the committed corpora are replayed in every meson test run besides.
# In the Clang tree of step 02 (the fuzzers are defined there, not built by
# default). Scratch copies of the committed corpora; any crash, leak,
# timeout or out-of-memory report fails the step.
build_clang
bash tests/fuzz/run-fuzzers.sh build-clang "${FUZZ_SECONDS:-30}"
