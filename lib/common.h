/* SPDX-License-Identifier: MIT */
/*
 * The layer every private source shares, the hex files included: build
 * switches, table sizes, enumeration name tables and the inlining
 * attributes. Nothing here knows a rule or a layout.
 */
#ifndef NAPFIRE_COMMON_H
#define NAPFIRE_COMMON_H

#ifndef NAPFIRE_BUILDING
#  define NAPFIRE_BUILDING 1
#endif

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "napfire.h"

#define NF_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Caller storage must sit on an 8-byte boundary (NAPFIRE_EALIGN): the
 * library reads it as 64-bit words, and a binding tool that declares the
 * storage as bytes may place it anywhere. One mask test, made where a
 * call first validates the storage, before anything reads it. */
#define NF_MISALIGNED(p) (((uintptr_t)(const void *)(p)&7u) != 0)
/* Either of two pointers (NULL is aligned), still one test. */
#define NF_MISALIGNED2(a, b) ((((uintptr_t)(const void *)(a) | (uintptr_t)(const void *)(b)) & 7u) != 0)

/* The names of one enumeration, indexed by value (NULL: no such value). */
struct name_table {
    const char *const *names;
    size_t count;
};

#define NAME_TABLE(t) \
  { t, NF_COUNT(t) }

/* The name of value in enumeration of a table of name tables indexed by
 * enumeration (napfire_enum_name, napfire_hex_enum_name); "unknown" for
 * anything outside them. */
static inline const char *napfire__name_of(const struct name_table *tables, size_t ntables, int32_t enumeration,
                                           int32_t value) {
    if (enumeration < 0 || (size_t)enumeration >= ntables)
        return "unknown";
    const struct name_table *t = &tables[enumeration];
    if (value < 0 || (size_t)value >= t->count || t->names == NULL || t->names[value] == NULL)
        return "unknown";
    return t->names[value];
}

/* For a cold path that must not swell a hot caller's frame. */
#if defined(__GNUC__) || defined(__clang__)
#  define NF_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#  define NF_NOINLINE __declspec(noinline)
#else
#  define NF_NOINLINE
#endif

/* Forced inlining only where the compiler optimises: unoptimised (the
 * coverage build), a forced copy per caller would split each condition
 * into one branch pair per copy, and a copy specialised for a constant
 * argument never takes the other side, so coverage would count the
 * copies, not the source. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
/* A hot entry point that takes its steps inline, though a step shared
 * with a colder caller is only inline there where the compiler likes. */
#  define NF_FLATTEN __attribute__((flatten))
/* A hot step whose call would cost as much as its body, or that must be
 * specialised for a constant argument. */
#  define NF_HOT_INLINE static inline __attribute__((always_inline))
#else
#  define NF_FLATTEN
#  define NF_HOT_INLINE static inline
#endif

/* The greatest common divisor of a >= 0 and b >= 0 (0 when both are 0):
 * the odds' fractions and the field of view's directions reduce by it. */
static inline int32_t napfire__gcd(int32_t a, int32_t b) {
    while (b != 0) {
        int32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* utf8.c: strict UTF-8 (no overlong forms, surrogates or code points past
 * U+10FFFF), shared by the provenance setter and the rules text parser:
 * the width in bytes (1..4) of the sequence at s[0..len), len >= 1, or
 * one of the negative NF_UTF8_* errors. */
enum {
    NF_UTF8_NOT_LEAD = -1,
    NF_UTF8_TRUNCATED = -2,
    NF_UTF8_INVALID = -3
};
int napfire__utf8_width(const unsigned char *s, size_t len);

#endif /* NAPFIRE_COMMON_H */
