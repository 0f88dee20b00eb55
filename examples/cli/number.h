/* SPDX-License-Identifier: MIT */
/*
 * The one number syntax of the napfire tool: every whole number it reads,
 * on the command line (option values, distances, hex coordinates, the
 * facing, the front list) and in a map file (size, elevations, sides),
 * goes through cli_number(). The man page (NUMBERS) documents the rule:
 *
 *   NUMBER = [ "-" ] ( "0" | NONZERO { DIGIT } )
 *
 * ASCII digits only; a '-' only where the range has negative values; no
 * '+', no leading zeros, no "-0", no blanks, no thousands separators. One
 * spelling per value: "08", "+8", " 8" and "8,000" are refused, not
 * guessed at.
 */
#ifndef NAPFIRE_CLI_NUMBER_H
#define NAPFIRE_CLI_NUMBER_H

#include <stdint.h>

/* The number at the start of @p s, in lo..hi: *out receives it and the
 * return value points just past its last digit (the caller decides what
 * may follow). NULL when s does not start with a number of the rule
 * above, or when it is out of range. */
static inline const char *cli_number(const char *s, int32_t lo, int32_t hi, int32_t *out) {
    const char *p = s;
    int negative = *p == '-';
    if (negative && lo >= 0)
        return NULL;
    p += negative;
    if (*p < '0' || *p > '9' || (*p == '0' && ((p[1] >= '0' && p[1] <= '9') || negative)))
        return NULL;
    int64_t v = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        v = v * 10 + (*p - '0');
        if (v > (int64_t)INT32_MAX + 1)
            return NULL; /* past every range: no need to read on */
    }
    if (negative)
        v = -v;
    if (v < lo || v > hi)
        return NULL;
    *out = (int32_t)v;
    return p;
}

/* The whole of @p s is one number in lo..hi: 0 and *out, or -1. */
static inline int cli_whole_number(const char *s, int32_t lo, int32_t hi, int32_t *out) {
    const char *end = cli_number(s, lo, hi, out);
    return end && *end == '\0' ? 0 : -1;
}

#endif
