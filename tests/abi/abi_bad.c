/* SPDX-License-Identifier: MIT */
/*
 * Negative control for check_so.py (never installed, never linked into
 * anything): a shared library that breaks each rule the ABI gate checks
 * at least once per kind, and keeps one thing that must NOT be reported.
 * The test abi-so-selftest expects exactly these violations:
 *
 *   soname   libnapfire_abibad.so, not libnapfire.so.1
 *   imports  malloc, free
 *   exports  abibad_unprefixed (prefix), every export unversioned (no
 *            version script), napfire_bad_data is an object, not a function
 *   data     counter (.bss), napfire_bad_data (.data) and, in the object
 *            file, its .data and .bss sections
 *
 * The table of const pointers lands in .data.rel.ro (written by the
 * dynamic linker, read-only afterwards under RELRO) and must not be
 * reported: it is what the library's own name tables look like.
 */
#include <stdlib.h>

#if defined(__GNUC__)
#  define BAD_EXPORT __attribute__((visibility("default")))
#else
#  define BAD_EXPORT
#endif

extern BAD_EXPORT int napfire_bad_data;
BAD_EXPORT int napfire_bad_data = 7;
static int counter;
static const char *const names[] = {"zero", "one", "two"};

BAD_EXPORT const char *napfire_bad_name(int i);
BAD_EXPORT void *napfire_bad_alloc(size_t n);
BAD_EXPORT void napfire_bad_release(void *p);
BAD_EXPORT int abibad_unprefixed(void);

const char *napfire_bad_name(int i) {
    counter++;
    return names[(unsigned)i % 3u];
}

void *napfire_bad_alloc(size_t n) {
    return malloc(n);
}

void napfire_bad_release(void *p) {
    free(p);
}

int abibad_unprefixed(void) {
    return counter + napfire_bad_data;
}
