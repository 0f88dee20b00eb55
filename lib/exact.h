/* SPDX-License-Identifier: MIT */
/*
 * Exact integer arithmetic for measuring on the table (F-GEO): points,
 * cross and dot products, portable 128-bit products and comparisons (no
 * __int128: MinGW, -m32 and wasm32 build this too), 256-bit squares for
 * the one comparison with sqrt(3) that needs them, and the rounding of a
 * distance sqrt(p/q) up or down to a whole number.
 *
 * The bound, and why nothing overflows. A footprint corner has
 * |x|, |y| <= 2^18 (NAPFIRE_TABLE_COORD_MAX). The measure works in doubled
 * coordinates, so that the centre of an edge is a lattice point:
 * |x|, |y| <= 2^19, and a difference of two points has components
 * <= 2^20. Hence:
 *   - a cross or dot product of two differences is <= 2 * 2^20 * 2^20 =
 *     2^41 in magnitude, so int64_t holds it (and a sum of two);
 *   - a squared length is <= 2^41; a front edge in plain coordinates
 *     (components <= 2^19) has squared length L <= 2^39;
 *   - the square of a cross product is <= 2^82, and such a square times a
 *     squared length is <= 2^123: nf_u128 holds every product the facts
 *     compare (each caller states its own bound beside the product);
 *   - a distance is <= 2^19 * sqrt(2) < 2^20 in plain units, so every
 *     rounded distance fits NAPFIRE_MAX_DISTANCE, and the rounding's trial
 *     products 4 n^2 q stay below 2^127 (n < 2^21, q < 2^83).
 * The sector's ray test (measure_sector.c) compares a + b sqrt(3) with
 * zero for |a|, |b| < 2^126; squaring those needs 256 bits (nf_u256).
 */
#ifndef NAPFIRE_EXACT_H
#define NAPFIRE_EXACT_H

#include "common.h"

/* A point or vector in doubled coordinates. */
typedef struct nf_pt {
    int64_t x, y;
} nf_pt;

static inline nf_pt napfire__pt_sub(nf_pt a, nf_pt b) {
    nf_pt d = {a.x - b.x, a.y - b.y};
    return d;
}
static inline int64_t napfire__cross(nf_pt a, nf_pt b) {
    return a.x * b.y - a.y * b.x;
}
static inline int64_t napfire__dot(nf_pt a, nf_pt b) {
    return a.x * b.x + a.y * b.y;
}
/* Twice the signed area of (a, b, c): > 0 when c lies left of a->b. */
static inline int64_t napfire__orient(nf_pt a, nf_pt b, nf_pt c) {
    return napfire__cross(napfire__pt_sub(b, a), napfire__pt_sub(c, a));
}
/* The vector turned a quarter counter-clockwise (x right, y up). */
static inline nf_pt napfire__left(nf_pt a) {
    nf_pt n = {-a.y, a.x};
    return n;
}
static inline int napfire__sign64(int64_t v) {
    return (v > 0) - (v < 0);
}
static inline uint64_t napfire__abs64(int64_t v) {
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* 128 bits, unsigned or two's complement signed as the caller says. */
typedef struct nf_u128 {
    uint64_t hi, lo;
} nf_u128;

/* 256 bits, unsigned, least significant word first. */
typedef struct nf_u256 {
    uint64_t w[4];
} nf_u256;

static inline nf_u128 napfire__u128(uint64_t v) {
    nf_u128 r = {0, v};
    return r;
}
static inline nf_u128 napfire__add128(nf_u128 a, nf_u128 b) {
    nf_u128 r = {a.hi + b.hi, a.lo + b.lo};
    r.hi += r.lo < a.lo;
    return r;
}
static inline nf_u128 napfire__neg128(nf_u128 a) {
    nf_u128 r = {~a.hi, ~a.lo};
    return napfire__add128(r, napfire__u128(1));
}
static inline nf_u128 napfire__sub128(nf_u128 a, nf_u128 b) {
    return napfire__add128(a, napfire__neg128(b));
}
static inline int napfire__neg128_p(nf_u128 a) {
    return (a.hi >> 63) != 0;
}
/* Unsigned comparison: -1, 0, 1. */
static inline int napfire__cmp128(nf_u128 a, nf_u128 b) {
    if (a.hi != b.hi)
        return a.hi < b.hi ? -1 : 1;
    return (a.lo > b.lo) - (a.lo < b.lo);
}
/* Signed (two's complement) comparison: -1, 0, 1. */
static inline int napfire__cmp128s(nf_u128 a, nf_u128 b) {
    uint64_t flip = UINT64_C(1) << 63;
    nf_u128 x = {a.hi ^ flip, a.lo}, y = {b.hi ^ flip, b.lo};
    return napfire__cmp128(x, y);
}
/* Sign of a signed 128-bit value. */
static inline int napfire__sign128(nf_u128 a) {
    if (napfire__neg128_p(a))
        return -1;
    return (a.hi | a.lo) != 0;
}
/* Magnitude of a signed 128-bit value. */
static inline nf_u128 napfire__abs128(nf_u128 a) {
    return napfire__neg128_p(a) ? napfire__neg128(a) : a;
}

/* exact.c */
/* The full product of two 64-bit words. */
nf_u128 napfire__mul64(uint64_t a, uint64_t b);
/* a * b mod 2^128; callers prove the product is below 2^128. */
nf_u128 napfire__mul128_64(nf_u128 a, uint64_t b);
/* The signed product a * b, two's complement (|a|, |b| < 2^63). */
nf_u128 napfire__muls64(int64_t a, int64_t b);
/* The signed product of a signed 128-bit a and an unsigned b; callers
 * prove |a| * b < 2^127. */
nf_u128 napfire__muls128_64(nf_u128 a, uint64_t b);
/* The square of an int64_t. */
static inline nf_u128 napfire__sq64(int64_t a) {
    uint64_t m = napfire__abs64(a);
    return napfire__mul64(m, m);
}
/* The sign of a * b - c * d (each |factor| < 2^63): -1, 0, 1. */
int napfire__cmp_prod(int64_t a, int64_t b, int64_t c, int64_t d);
/* The full product of two 128-bit words. */
nf_u256 napfire__mul128(nf_u128 a, nf_u128 b);
int napfire__cmp256(nf_u256 a, nf_u256 b);
/* The sign of x + y sqrt(3) for signed x, y with |x|, |y| < 2^126. */
int napfire__sign_sqrt3(nf_u128 x, nf_u128 y);
/* The same for int64_t x, y with |x|, |y| < 2^62, in 128 bits. */
int napfire__sign_sqrt3_64(int64_t x, int64_t y);

/* A squared distance p / q in doubled units (q > 0). */
typedef struct nf_ratio {
    nf_u128 p, q;
} nf_ratio;
/* Compare p1/q1 with p2/q2; callers prove p * q < 2^128. */
int napfire__cmp_ratio(nf_ratio a, nf_ratio b);
/* The plain distance sqrt(p/q) / 2 rounded up (F-GEO-4: the least n with
 * (2n)^2 q >= p) or down (the greatest n with (2n)^2 q <= p); p < 2^123,
 * q < 2^83 and p/q < 2^42. */
int32_t napfire__half_sqrt_up(nf_ratio d);
int32_t napfire__half_sqrt_down(nf_ratio d);

#endif /* NAPFIRE_EXACT_H */
