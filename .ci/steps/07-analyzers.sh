# SPDX-License-Identifier: MIT
# 07. static analysis: gcc -fanalyzer and cppcheck on lib/; clang-format
#
# Both analyzers must be clean on every library source. Each tool is first
# shown a planted defect, so a silently disabled analyzer cannot pass.
lib_sources=(lib/*.c)
analyzer() {
    gcc -std=c11 -O1 -fanalyzer -Wall -Wextra -Werror -Iinclude -Ilib \
        -DNAPFIRE_BUILDING -c "$@" -o /dev/null
}
planted=$(mktemp -d)
printf '%s\n' '#include <stddef.h>' 'int f(int k);' \
    'int f(int k) { int *p = NULL; if (k > 3) p = &k; return *p; }' >"$planted/null.c"
if analyzer "$planted/null.c" 2>/dev/null; then
    echo "gcc -fanalyzer missed a planted NULL dereference" >&2
    exit 1
fi
printf '%s\n' 'int h(void);' 'int h(void) { int a[4] = {0}; return a[4]; }' >"$planted/oob.c"
if cppcheck --enable=warning,portability --error-exitcode=1 --quiet "$planted/oob.c" 2>/dev/null; then
    echo "cppcheck missed a planted out-of-bounds read" >&2
    exit 1
fi
rm -rf "$planted"
for f in "${lib_sources[@]}"; do
    analyzer "$f"
done
echo "gcc -fanalyzer: ${#lib_sources[@]} files, no warnings"
cppcheck --version
cppcheck --enable=warning,portability --std=c11 --error-exitcode=1 --inline-suppr \
    -Iinclude -Ilib -DNAPFIRE_BUILDING --quiet lib/
echo "cppcheck --enable=warning,portability: lib/ clean"
# The tree's C style is .clang-format's: a change that is not formatted
# fails here (fix with: clang-format -i FILE).
mapfile -t c_files < <(git ls-files '*.c' '*.h' '*.cpp' '*.hpp' | grep -v '/corpus/')
clang-format --version
clang-format --dry-run --Werror "${c_files[@]}"
echo "clang-format: ${#c_files[@]} files formatted as .clang-format says"
