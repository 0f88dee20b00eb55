/* SPDX-License-Identifier: MIT */
/*
 * Shared by the libFuzzer targets of tests/fuzz/: an input reader that
 * never fails (an exhausted input reads as zeros, so every prefix of an
 * input is itself a valid input and libFuzzer's mutations stay meaningful),
 * value decoders biased towards the edges of each domain, and abort-on-
 * violation checks. Header-only, static inline: each target is one
 * translation unit plus the replay driver.
 */
#ifndef NAPFIRE_FUZZ_UTIL_H
#define NAPFIRE_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct fz_in {
    const uint8_t *p;
    size_t n, at;
} fz_in;

static inline int fz_more(const fz_in *in) {
    return in->at < in->n;
}

static inline uint8_t fz_u8(fz_in *in) {
    return in->at < in->n ? in->p[in->at++] : 0;
}

static inline uint32_t fz_u32(fz_in *in) {
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v = (v << 8) | fz_u8(in);
    return v;
}

static inline uint64_t fz_u64(fz_in *in) {
    uint64_t hi = fz_u32(in);
    return (hi << 32) | fz_u32(in);
}

/* Two's complement reinterpretation without implementation-defined casts. */
static inline int32_t fz_s32_of(uint32_t v) {
    return v <= (uint32_t)INT32_MAX ? (int32_t)v : (int32_t)(v - (uint32_t)INT32_MAX - 1u) + INT32_MIN;
}

/* A value in lo..hi (lo <= hi, small span). */
static inline int32_t fz_range(fz_in *in, int32_t lo, int32_t hi) {
    uint32_t span = (uint32_t)((int64_t)hi - (int64_t)lo + 1);
    return (int32_t)((int64_t)lo + (int64_t)(fz_u8(in) % span));
}

/* An int32 for a parameter or rules value: mostly small, often an edge of
 * some domain of the API, sometimes any 32-bit value. */
static inline int32_t fz_int(fz_in *in) {
    static const int32_t edges[] = {
        0,
        1,
        -1,
        2,
        6,
        7,
        12,
        13,
        18,
        19,
        20,
        21,
        -10,
        -11,
        10,
        11,
        48,
        197,
        198,
        199,
        NAPFIRE_MAX_FIGURES,
        NAPFIRE_MAX_FIGURES + 1,
        2 * NAPFIRE_MAX_FIGURES,
        NAPFIRE_MAX_DISTANCE,
        NAPFIRE_MAX_DISTANCE + 1,
        100,
        150,
        300,
        600,
        INT32_MIN,
        INT32_MIN + 1,
        INT32_MAX,
        INT32_MAX - 1,
        101,
        118,
        119,
        16,
        17,
    };
    uint8_t sel = fz_u8(in);
    if (sel < 128)
        return (int32_t)(sel % 40) - 8; /* -8..31: enums, flags, small counts */
    if (sel < 224)
        return edges[(sel - 128u) % (sizeof edges / sizeof edges[0])];
    return fz_s32_of(fz_u32(in));
}

#define FZ_MUST(cond, what) \
  do { \
    if (!(cond)) { \
      fprintf(stderr, "%s:%d: invariant violated: %s (%s)\n", __FILE__, __LINE__, what, #cond); \
      abort(); \
    } \
  } while (0)

/* /dev/null as a stream, opened once: where the CLI targets send what the
 * commands print (the streams, not the descriptors the sanitizers use). */
static inline FILE *fz_null_stream(void) {
    static FILE *null_out;
    if (!null_out) {
        null_out = fopen("/dev/null", "w");
        FZ_MUST(null_out != NULL, "/dev/null");
    }
    return null_out;
}

static inline int fz_known_status(int st) {
    return st <= NAPFIRE_OK && st >= NAPFIRE_ESIZE;
}

/* A static name must be a short NUL-terminated string. */
static inline void fz_check_name(const char *s) {
    FZ_MUST(s != NULL, "name is not NULL");
    size_t n = 0;
    while (n < 256 && s[n] != '\0')
        n++;
    FZ_MUST(n > 0 && n < 256, "name is a short non-empty string");
}

#endif
