/* SPDX-License-Identifier: MIT */
/* Portable wide integer products and comparisons, and exact rounding of
 * square roots, for the table measure (F-GEO-1, F-GEO-4, F-GEO-6). The
 * bounds that keep every product in range are proved in exact.h. */
#include "exact.h"

#define LO32(v) ((v)&UINT64_C(0xFFFFFFFF))

nf_u128 napfire__mul64(uint64_t a, uint64_t b) {
    uint64_t a0 = LO32(a), a1 = a >> 32, b0 = LO32(b), b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + LO32(p01) + LO32(p10);
    nf_u128 r = {p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), LO32(p00) | (mid << 32)};
    return r;
}

nf_u128 napfire__mul128_64(nf_u128 a, uint64_t b) {
    nf_u128 r = napfire__mul64(a.lo, b);
    r.hi += a.hi * b;
    return r;
}

nf_u128 napfire__muls64(int64_t a, int64_t b) {
    nf_u128 m = napfire__mul64(napfire__abs64(a), napfire__abs64(b));
    return (a < 0) != (b < 0) ? napfire__neg128(m) : m;
}

nf_u128 napfire__muls128_64(nf_u128 a, uint64_t b) {
    nf_u128 m = napfire__mul128_64(napfire__abs128(a), b);
    return napfire__neg128_p(a) ? napfire__neg128(m) : m;
}

int napfire__cmp_prod(int64_t a, int64_t b, int64_t c, int64_t d) {
    return napfire__cmp128s(napfire__muls64(a, b), napfire__muls64(c, d));
}

/* Add the 128-bit v into r at word k, carrying up. */
static void add_at(nf_u256 *r, size_t k, nf_u128 v) {
    uint64_t carry = 0;
    uint64_t part[2] = {v.lo, v.hi};
    for (size_t i = k; i < 4; i++) {
        uint64_t add = (i - k < 2 ? part[i - k] : 0);
        uint64_t s = r->w[i] + add;
        uint64_t c1 = s < add;
        uint64_t s2 = s + carry;
        carry = c1 + (s2 < s);
        r->w[i] = s2;
    }
}

nf_u256 napfire__mul128(nf_u128 a, nf_u128 b) {
    nf_u256 r = {{0, 0, 0, 0}};
    add_at(&r, 0, napfire__mul64(a.lo, b.lo));
    add_at(&r, 1, napfire__mul64(a.lo, b.hi));
    add_at(&r, 1, napfire__mul64(a.hi, b.lo));
    add_at(&r, 2, napfire__mul64(a.hi, b.hi));
    return r;
}

int napfire__cmp256(nf_u256 a, nf_u256 b) {
    for (size_t i = 4; i-- > 0;)
        if (a.w[i] != b.w[i])
            return a.w[i] < b.w[i] ? -1 : 1;
    return 0;
}

/* Both signs agree (or one is 0): the sign of x + y sqrt(3) is theirs;
 * otherwise compare the squares x^2 and 3 y^2. */
int napfire__sign_sqrt3(nf_u128 x, nf_u128 y) {
    int sx = napfire__sign128(x), sy = napfire__sign128(y);
    if (sx >= 0 && sy >= 0)
        return sx | sy;
    if (sx <= 0 && sy <= 0)
        return -1;
    nf_u128 ax = napfire__abs128(x), ay = napfire__abs128(y);
    nf_u256 x2 = napfire__mul128(ax, ax);
    nf_u256 y3 = napfire__mul128(ay, napfire__mul128_64(ay, 3)); /* |y| < 2^126: 3|y| < 2^128 */
    int c = napfire__cmp256(x2, y3);
    return sx > 0 ? c : -c;
}

int napfire__sign_sqrt3_64(int64_t x, int64_t y) {
    int sx = napfire__sign64(x), sy = napfire__sign64(y);
    if (sx >= 0 && sy >= 0)
        return sx | sy;
    if (sx <= 0 && sy <= 0)
        return -1;
    nf_u128 x2 = napfire__sq64(x);
    nf_u128 y3 = napfire__mul128_64(napfire__sq64(y), 3);
    int c = napfire__cmp128(x2, y3);
    return sx > 0 ? c : -c;
}

/* p < 2^86 and q < 2^42: p q < 2^128 (every distance between footprints;
 * only the zones' depths, with q up to 2^82, take the 256-bit way). */
static int small(nf_ratio d) {
    return (d.p.hi >> 22) == 0 && d.q.hi == 0 && (d.q.lo >> 42) == 0;
}

int napfire__cmp_ratio(nf_ratio a, nf_ratio b) {
    if (small(a) && small(b))
        return napfire__cmp128(napfire__mul128_64(a.p, b.q.lo), napfire__mul128_64(b.p, a.q.lo));
    return napfire__cmp256(napfire__mul128(a.p, b.q), napfire__mul128(b.p, a.q));
}

/* (2n)^2 q against p: -1, 0, 1. */
static int trial(nf_ratio d, uint64_t n) {
    /* 4 n^2 < 2^44 and q < 2^83 (exact.h): the product is below 2^127. */
    return napfire__cmp128(napfire__mul128_64(d.q, 4 * n * n), d.p);
}

/* The bit length of a 128-bit word. */
static int bits128(nf_u128 v) {
    int n = 0;
    for (uint64_t w = v.hi ? v.hi : v.lo; w; w >>= 1)
        n++;
    return v.hi ? n + 64 : n;
}

static nf_u128 shr128(nf_u128 v, int s) {
    if (s == 0)
        return v;
    if (s >= 64) {
        nf_u128 r = {0, v.hi >> (s - 64)};
        return r;
    }
    nf_u128 r = {v.hi >> s, (v.lo >> s) | (v.hi << (64 - s))};
    return r;
}

/* floor(sqrt(x)), by Newton's method from above. */
static uint64_t isqrt64(uint64_t x) {
    if (x < 2)
        return x;
    int b = 0;
    for (uint64_t w = x; w; w >>= 1)
        b++;
    uint64_t r = UINT64_C(1) << ((b + 1) / 2); /* >= sqrt(x) */
    for (;;) {
        uint64_t next = (r + x / r) / 2;
        if (next >= r)
            return r;
        r = next;
    }
}

/* A first guess at sqrt(p/q) / 2 from the leading bits of p and q (only a
 * guess: least_not_below() corrects it with exact trials). */
static uint64_t estimate(nf_ratio d) {
    int bp = bits128(d.p), bq = bits128(d.q);
    int s = bp - 63 > bq - 40 ? bp - 63 : bq - 40;
    s = s > 0 ? s : 0;
    uint64_t q = shr128(d.q, s).lo;
    uint64_t x = q ? shr128(d.p, s).lo / q : 0;
    uint64_t n = isqrt64(x) / 2;
    return n < (UINT64_C(1) << 21) ? n : UINT64_C(1) << 21;
}

/* The least n in [0, 2^21] with (2n)^2 q >= p: every plain distance on the
 * table is below 2^20 (exact.h). Stepped from the estimate, which is off
 * by at most one or two. */
static uint64_t least_not_below(nf_ratio d) {
    uint64_t n = estimate(d);
    while (n < (UINT64_C(1) << 21) && trial(d, n) < 0)
        n++;
    while (n > 0 && trial(d, n - 1) >= 0)
        n--;
    return n;
}

int32_t napfire__half_sqrt_up(nf_ratio d) {
    return (int32_t)least_not_below(d);
}

int32_t napfire__half_sqrt_down(nf_ratio d) {
    uint64_t n = least_not_below(d);
    return (int32_t)(n > 0 && trial(d, n) > 0 ? n - 1 : n);
}
