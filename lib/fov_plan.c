/* SPDX-License-Identifier: MIT */
/*
 * Field-of-view plans (H-LOS-1..3 geometry): the directions within a
 * radius in exact angular order, and for every hex within it its direction
 * and its cone, the directions whose line from the firer's centre is judged
 * at that hex (fov.h). Everything is integer: directions are compared by
 * cross products in the axial frame, which keeps the angular order (a
 * linear map of positive determinant), and the directions of a wedge are
 * the Farey fractions of the radius's order, generated in order.
 */
#include "common.h"
#include "fov.h"

#include <string.h>

static int64_t cross(int64_t aq, int64_t ar, int64_t bq, int64_t br) {
    return aq * br - ar * bq;
}

static int32_t next6(int32_t x) {
    return x == 5 ? 0 : x + 1;
}

/* Euler's totient by trial division: at most 16 divisions for a radius. */
static uint32_t totient(uint32_t n) {
    uint32_t r = n;
    for (uint32_t p = 2; p * p <= n; p++) {
        if (n % p != 0)
            continue;
        while (n % p == 0)
            n /= p;
        r -= r / p;
    }
    return n > 1 ? r - r / n : r;
}

/* Farey fractions of order radius in [0, 1). */
static uint32_t farey_count(int32_t radius) {
    uint32_t f = 0;
    for (uint32_t c = 1; c <= (uint32_t)radius; c++)
        f += totient(c);
    return f;
}

static uint16_t *farey_of(struct napfire_fov_plan *p) {
    return (uint16_t *)(void *)((struct nf_fov_hex *)(void *)(p + 1) + p->nhex);
}

/* The Farey sequence of order n from 0/1 up to, not including, 1/1: the
 * classic next-term recurrence. */
static void farey_fill(uint16_t *fr, int32_t n, uint32_t count) {
    int32_t a = 0, b = 1, c = 1, d = n;
    fr[0] = 0;
    fr[1] = 1;
    for (uint32_t f = 1; f < count; f++) {
        fr[2 * f] = (uint16_t)c;
        fr[2 * f + 1] = (uint16_t)d;
        int32_t k = (n + b) / d, na = c, nb = d;
        c = k * c - a;
        d = k * d - b;
        a = na;
        b = nb;
    }
}

/* The wedge s of a non-zero vector, V = alpha e[s] + beta e[s+1] with
 * alpha > 0, beta >= 0 (cross(e[s], e[s+1]) is -1 for every s). */
static int32_t wedge_of(int64_t vq, int64_t vr, int64_t *alpha, int64_t *beta) {
    for (int32_t s = 0; s < 6; s++) {
        int32_t t = next6(s);
        *alpha = cross(nf_eq(t), nf_er(t), vq, vr);
        *beta = -cross(nf_eq(s), nf_er(s), vq, vr);
        if (*alpha > 0 && *beta >= 0)
            return s;
    }
    return 0; /* not reached for a non-zero vector */
}

/* The first direction, in cyclic order, at or after (strict: after) the
 * direction of V. */
static uint32_t first_at(const struct napfire_fov_plan *p, const uint16_t *fr, int64_t vq, int64_t vr, int strict) {
    int64_t alpha, beta;
    int32_t s = wedge_of(vq, vr, &alpha, &beta);
    int64_t den = alpha + beta;
    uint32_t lo = 0, hi = p->nfarey;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int64_t lhs = (int64_t)fr[2 * mid] * den, rhs = beta * fr[2 * mid + 1];
        if (strict ? lhs > rhs : lhs >= rhs)
            hi = mid;
        else
            lo = mid + 1;
    }
    uint32_t d = (uint32_t)s * p->nfarey + lo;
    return d >= p->ndir ? d - p->ndir : d;
}

/* The cone of the hex (hq, hr): the open angular range between its two
 * extreme vertices seen from the origin, closed on an edge that is one of
 * its hexsides (the line then runs along it, H-LOS-3); an edge through a
 * single vertex is a touch (H-LOS-2). Vertices in tripled coordinates. */
static void cone_of(const struct napfire_fov_plan *p, const uint16_t *fr, int32_t hq, int32_t hr, uint32_t *lo,
                    uint32_t *len) {
    int64_t vq[6], vr[6];
    int32_t a = 0, b = 0;
    for (int32_t v = 0; v < 6; v++) {
        vq[v] = 3 * (int64_t)hq + nf_wq(v);
        vr[v] = 3 * (int64_t)hr + nf_wr(v);
    }
    for (int32_t v = 1; v < 6; v++) {
        if (cross(vq[v], vr[v], vq[a], vr[a]) < 0)
            a = v;
        if (cross(vq[b], vr[b], vq[v], vr[v]) < 0)
            b = v;
    }
    int closed_a = 0, closed_b = 0;
    for (int32_t v = 0; v < 6; v++) {
        closed_a |= v != a && cross(vq[v], vr[v], vq[a], vr[a]) == 0;
        closed_b |= v != b && cross(vq[v], vr[v], vq[b], vr[b]) == 0;
    }
    uint32_t first = first_at(p, fr, vq[a], vr[a], !closed_a);
    uint32_t end = first_at(p, fr, vq[b], vr[b], closed_b);
    *lo = first;
    *len = end >= first ? end - first : end + p->ndir - first;
}

/* The direction of the hex (m - k) e[s] + k e[s+1]: its primitive vector's
 * fraction k' / m' looked up in the wedge's Farey fractions. */
static uint32_t dir_of(const struct napfire_fov_plan *p, const uint16_t *fr, int32_t m, int32_t s, int32_t k) {
    int32_t g = napfire__gcd(m, k), b = k / g, c = m / g;
    uint32_t lo = 0, hi = p->nfarey;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if ((int64_t)fr[2 * mid] * c < (int64_t)b * fr[2 * mid + 1])
            lo = mid + 1;
        else
            hi = mid;
    }
    return (uint32_t)s * p->nfarey + lo;
}

/* Does the hex (hq, hr) come before the next hex of its ring, e[s+2] away,
 * when the line crosses both? The one on the firer's side of their common
 * hexside (hexside s+2, between vertices s+1 and s+2) does. */
static int first_of_pair(int32_t hq, int32_t hr, int32_t s) {
    int32_t v = next6(s), t = next6(v); /* hexside s + 2 runs from vertex v to vertex t */
    int64_t aq = 3 * (int64_t)hq + nf_wq(v), ar = 3 * (int64_t)hr + nf_wr(v);
    int64_t eq = nf_wq(t) - nf_wq(v), er = nf_wr(t) - nf_wr(v);
    int64_t origin = cross(eq, er, -aq, -ar), centre = cross(eq, er, 3 * (int64_t)hq - aq, 3 * (int64_t)hr - ar);
    return (origin > 0 && centre > 0) || (origin < 0 && centre < 0);
}

static void build(struct napfire_fov_plan *p) {
    struct nf_fov_hex *hex = (struct nf_fov_hex *)(void *)(p + 1);
    const uint16_t *fr = farey_of(p);
    for (int32_t m = 1; m <= p->radius; m++)
        for (int32_t i = 0; i < 6 * m; i++) {
            int32_t s = i / m, k = i % m, q, r;
            struct nf_fov_hex *h = &hex[nf_fov_index(m, i)];
            uint32_t lo, len;
            nf_fov_coords(m, s, k, &q, &r);
            cone_of(p, fr, q, r, &lo, &len);
            h->dir = dir_of(p, fr, m, s, k);
            h->lo = lo;
            h->len_first = len | (first_of_pair(q, r, s) ? NF_FOV_FIRST : 0u);
        }
}

size_t napfire_fov_plan_size(int32_t radius) {
    if (radius < 1 || radius > NAPFIRE_FOV_RADIUS_MAX)
        return 0;
    return sizeof(struct napfire_fov_plan) + nf_fov_nhex(radius) * sizeof(struct nf_fov_hex) +
           farey_count(radius) * 2 * sizeof(uint16_t);
}

int napfire_fov_plan_init(void *buf, size_t size, int32_t radius, const napfire_fov_plan **plan) {
    if (!buf || !plan)
        return NAPFIRE_EINVAL;
    if (NF_MISALIGNED(buf))
        return NAPFIRE_EALIGN;
    if (radius < 1 || radius > NAPFIRE_FOV_RADIUS_MAX)
        return NAPFIRE_EDOMAIN;
    if (size < napfire_fov_plan_size(radius))
        return NAPFIRE_ENOSPC;
    struct napfire_fov_plan *p = buf;
    memset(p, 0, sizeof *p);
    p->magic = NF_FOV_MAGIC;
    p->radius = radius;
    p->nfarey = farey_count(radius);
    p->ndir = 6 * p->nfarey;
    p->nhex = nf_fov_nhex(radius);
    farey_fill(farey_of(p), radius, p->nfarey);
    build(p);
    p->check = nf_fov_check(p);
    *plan = p;
    return NAPFIRE_OK;
}

size_t napfire_fov_work_size(const napfire_fov_plan *plan) {
    if (!plan || NF_MISALIGNED(plan) || !nf_fov_plan_ok(plan))
        return 0;
    return (size_t)plan->ndir * nf_fov_words(plan->radius) * sizeof(uint64_t) +
           (size_t)plan->nhex * sizeof(struct nf_fov_cell) + (size_t)plan->ndir * sizeof(uint16_t);
}
