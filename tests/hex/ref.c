/* SPDX-License-Identifier: MIT */
/*
 * A slow, exact reference for the trace (H-LOS-1..3), written without the
 * library's walking idea: every hex near the segment is clipped against
 * the segment with rational parameters, and the hexes are then sorted by
 * where the segment enters them.
 *
 * Frame: tripled axial coordinates relative to the first hex, where a hex
 * centre is 3*(q, r) and its corners are 3*(q, r) + (2,-1), (1,-2),
 * (-1,-1), (-2,1), (-1,2), (1,1) (corner v between hexsides v and v+1).
 * Clipping a segment against a convex polygon and comparing parameters
 * only uses orientation tests and ratios along one line, which an affine
 * (skewed) frame preserves.
 */
#include "ref.h"

#include <stdlib.h>

static const int64_t CQ[6] = {2, 1, -1, -2, -1, 1};
static const int64_t CR[6] = {-1, -2, -1, 1, 2, 1};

static int64_t cross(int64_t aq, int64_t ar, int64_t bq, int64_t br) {
    return aq * br - ar * bq;
}

static int64_t hexdist(int64_t q, int64_t r) {
    return (llabs(q) + llabs(r) + llabs(q + r)) / 2;
}

/* A rational n / d with d > 0. */
typedef struct {
    int64_t n, d;
} rat;

static int rat_cmp(rat a, rat b) {
    int64_t l = a.n * b.d, r = b.n * a.d;
    return (l > r) - (l < r);
}

typedef struct {
    int64_t q, r; /* relative hex */
    rat t0, t1;   /* closed parameter interval inside the closed hexagon */
    int on_edge;  /* the overlap lies on one edge line: edge index, else -1 */
} hit;

/* Clip segment (0,0)->(3dq,3dr) against hex (q,r). Returns 0 if they
 * do not meet. */
static int clip(int64_t dq, int64_t dr, int64_t q, int64_t r, hit *h) {
    rat lo = {0, 1}, hi = {1, 1};
    h->q = q;
    h->r = r;
    h->on_edge = -1;
    for (int i = 0; i < 6; i++) {
        int a = (i + 5) % 6; /* edge i runs from corner i-1 to corner i */
        int64_t pq = 3 * q + CQ[a], pr = 3 * r + CR[a];
        int64_t eq = CQ[i] - CQ[a], er = CR[i] - CR[a];
        /* The centre is inside: its sign is the inside sign. */
        int64_t sc = cross(eq, er, 3 * q - pq, 3 * r - pr);
        int64_t s = sc > 0 ? 1 : -1;
        int64_t f0 = s * cross(eq, er, -pq, -pr);                 /* at t = 0 */
        int64_t f1 = s * cross(eq, er, 3 * dq - pq, 3 * dr - pr); /* at t = 1 */
        /* f(t) = f0 + t (f1 - f0) >= 0 */
        int64_t k = f1 - f0;
        if (k == 0) {
            if (f0 < 0)
                return 0;
            if (f0 == 0)
                h->on_edge = i;
        } else if (k > 0) { /* t >= -f0 / k */
            rat b = {-f0, k};
            if (rat_cmp(b, lo) > 0)
                lo = b;
        } else { /* t <= f0 / -k */
            rat b = {f0, -k};
            if (rat_cmp(b, hi) < 0)
                hi = b;
        }
    }
    if (rat_cmp(lo, hi) > 0)
        return 0;
    h->t0 = lo;
    h->t1 = hi;
    return 1;
}

static int hit_cmp(const void *pa, const void *pb) {
    const hit *a = pa, *b = pb;
    int c = rat_cmp(a->t0, b->t0);
    if (c == 0)
        c = rat_cmp(a->t1, b->t1);
    return c;
}

/* Half the width of a hexagon across the line through the origin with
 * direction (dq, dr), in the units of cross(): the largest |cross| of a
 * corner offset. A hex whose tripled centre c has |cross(d, c)| above it
 * has every corner strictly on one side of the line, so it cannot meet
 * the segment; clipping it would only say so, six cross products later. */
static int64_t half_width(int64_t dq, int64_t dr) {
    int64_t w = 0;
    for (int v = 0; v < 6; v++) {
        int64_t c = llabs(cross(dq, dr, CQ[v], CR[v]));
        if (c > w)
            w = c;
    }
    return w;
}

static int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* The rows r of column q that can pass that test, |3 (dq r - dr q)| <= w,
 * within [*lo, *hi]: a few around the line instead of the whole column. */
static void narrow(int64_t dq, int64_t dr, int64_t q, int64_t w, int64_t *lo, int64_t *hi) {
    if (dq == 0)
        return;
    int64_t a = 3 * dr * q - w, b = 3 * dr * q + w, d = 3 * dq;
    if (d < 0) {
        int64_t t = -b;
        b = -a;
        a = t;
        d = -d;
    }
    int64_t first = -floor_div(-a, d), last = floor_div(b, d);
    if (first > *lo)
        *lo = first;
    if (last < *hi)
        *hi = last;
}

size_t ref_trace(napfire_hex from, napfire_hex to, napfire_trace_step *out, size_t cap) {
    int64_t dq = (int64_t)to.q - from.q, dr = (int64_t)to.r - from.r;
    int64_t n = hexdist(dq, dr), w = half_width(dq, dr);
    hit hits[4096];
    size_t nh = 0;
    for (int64_t q = -n - 1; q <= n + 1; q++) {
        int64_t rlo = -n - 1, rhi = n + 1;
        narrow(dq, dr, q, w, &rlo, &rhi);
        for (int64_t r = rlo; r <= rhi; r++) {
            if (hexdist(q, r) > n + 1 || hexdist(dq - q, dr - r) > n + 1)
                continue;
            if (llabs(cross(dq, dr, 3 * q, 3 * r)) > w)
                continue;
            hit h;
            if (clip(dq, dr, q, r, &h)) {
                if (nh == sizeof hits / sizeof hits[0])
                    abort();
                hits[nh++] = h;
            }
        }
    }
    qsort(hits, nh, sizeof hits[0], hit_cmp);
    size_t k = 0;
    for (size_t i = 0; i < nh; i++) {
        napfire_trace_step s;
        const hit *h = &hits[i];
        s.hex.q = (int32_t)(from.q + h->q);
        s.hex.r = (int32_t)(from.r + h->r);
        s.other = s.hex;
        s.side = -1;
        s.from_start = (int32_t)hexdist(h->q, h->r);
        s.to_end = (int32_t)hexdist(dq - h->q, dr - h->r);
        if (rat_cmp(h->t0, h->t1) == 0) {
            /* A single point: a corner (segment ends are centres, inside). */
            s.kind = NAPFIRE_STEP_VERTEX;
            for (int v = 0; v < 6; v++) {
                int64_t cq = 3 * h->q + CQ[v], cr = 3 * h->r + CR[v];
                if (cq * h->t0.d == 3 * dq * h->t0.n && cr * h->t0.d == 3 * dr * h->t0.n)
                    s.side = v;
            }
        } else if (h->on_edge >= 0) {
            /* Along an edge: the neighbour across it has the same interval. */
            const hit *o = &hits[i + 1];
            if (i + 1 >= nh || hit_cmp(h, o) != 0)
                abort();
            i++;
            /* Right of the line (as seen on a y-down map) is cross(d, p) > 0. */
            const hit *right = h, *left = o;
            if (cross(dq, dr, h->q, h->r) < 0) {
                right = o;
                left = h;
            }
            s.kind = NAPFIRE_STEP_HEXSIDE;
            s.hex.q = (int32_t)(from.q + right->q);
            s.hex.r = (int32_t)(from.r + right->r);
            s.other.q = (int32_t)(from.q + left->q);
            s.other.r = (int32_t)(from.r + left->r);
            static const int64_t EQ[6] = {1, 1, 0, -1, -1, 0}, ER[6] = {0, -1, -1, 0, 1, 1};
            for (int dir = 0; dir < 6; dir++)
                if (left->q - right->q == EQ[dir] && left->r - right->r == ER[dir])
                    s.side = dir;
        } else {
            s.kind = NAPFIRE_STEP_HEX;
        }
        if (k < cap)
            out[k] = s;
        k++;
    }
    return k;
}
