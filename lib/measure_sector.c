/* SPDX-License-Identifier: MIT */
/*
 * The battery's sector of fire (F-GEO-6, F-ART-4): apex M at the centre of
 * the front edge, 15 degrees either side of the forward normal N, out to
 * the circle through the target's farthest point (radius R), closed. For
 * a vector v from M, f = N.v and l = E.v; v is in the wedge when
 * |l| <= k f with k = tan 15 = 2 - sqrt(3), that is when w = 2f - |l| >= 0
 * and w^2 >= 3 f^2 (f, l <= 2^40, so the squares are below 2^84). The side
 * of the ray l = sigma k f is the sign of (sigma l - 2f) + sqrt(3) f.
 */
#include "measure.h"

struct sector {
    const nf_front *u;
    nf_pt m;
    int64_t r2; /* R^2, doubled units (<= 2^41) */
};

static int in_wedge(const nf_front *u, nf_pt v) {
    int64_t f = napfire__dot(u->n, v), l = napfire__dot(u->e, v);
    int64_t w = 2 * f - (l < 0 ? -l : l);
    return w >= 0 && napfire__cmp128(napfire__sq64(w), napfire__mul128_64(napfire__sq64(f), 3)) >= 0;
}

/* Which side of the ray sigma a vector lies: > 0 outside the wedge. */
static int ray_side(const nf_front *u, nf_pt v, int64_t sigma) {
    int64_t f = napfire__dot(u->n, v), l = napfire__dot(u->e, v);
    return napfire__sign_sqrt3_64(sigma * l - 2 * f, f);
}

/* The edge crosses the ray sigma (its ends strictly either side) within
 * R of M. With n the edge's normal towards it from M, c = cross(d, M - P),
 * g = N.n, h = E.n, r = N + sigma k E and |r|^2 = 4kL = (8 - 4 sqrt 3) L:
 * the crossing lies ahead when r.n = a - sqrt(3) b > 0 (a = g + 2 sigma h,
 * b = sigma h), at distance |c| |r| / r.n, which is at most R when
 * R^2 (a^2 + 3b^2) - 8 c^2 L + sqrt(3) (4 c^2 L - 2 R^2 a b) >= 0. Bounds:
 * a < 2^42, b <= 2^40, c <= 2^41, L <= 2^39, R^2 <= 2^41, so every term
 * is below 2^126 (exact.h). */
static int ray_within(const struct sector *sc, nf_pt nrm, int64_t c, int64_t sigma) {
    int64_t g = napfire__dot(sc->u->n, nrm), h = napfire__dot(sc->u->e, nrm);
    int64_t a = g + 2 * sigma * h, b = sigma * h;
    if (napfire__sign_sqrt3_64(a, -b) <= 0)
        return 0;
    nf_u128 ab2 = napfire__add128(napfire__sq64(a), napfire__mul128_64(napfire__sq64(b), 3));
    nf_u128 c2l = napfire__mul128_64(napfire__sq64(c), (uint64_t)sc->u->len2);
    nf_u128 x = napfire__sub128(napfire__mul128_64(ab2, (uint64_t)sc->r2), napfire__mul128_64(c2l, 8));
    nf_u128 y =
        napfire__sub128(napfire__mul128_64(c2l, 4), napfire__muls128_64(napfire__muls64(a, b), 2 * (uint64_t)sc->r2));
    return napfire__sign_sqrt3(x, y) >= 0;
}

/* The edge p->q meets the sector away from its corners: the foot of the
 * perpendicular from M in the wedge within R, or a crossing of a ray
 * within R. side[] are the ends' ray sides. */
static int edge_meets(const struct sector *sc, nf_pt p, nf_pt q, const int *side_p, const int *side_q) {
    nf_pt d = napfire__pt_sub(q, p), mp = napfire__pt_sub(sc->m, p);
    int64_t c = napfire__cross(d, mp);
    if (c == 0)
        return 0; /* M on the edge's line: M inside the footprint, or no foot */
    nf_pt nrm = napfire__left(d);
    if (c > 0)
        nrm = napfire__pt_sub((nf_pt){0, 0}, nrm);
    int64_t t = napfire__dot(mp, d), len2 = napfire__dot(d, d);
    if (t > 0 && t < len2 && in_wedge(sc->u, nrm) &&
        napfire__cmp128(napfire__sq64(c), napfire__mul64((uint64_t)sc->r2, (uint64_t)len2)) <= 0)
        return 1;
    for (int k = 0; k < 2; k++)
        if (side_p[k] * side_q[k] < 0 && ray_within(sc, nrm, c, k ? -1 : 1))
            return 1;
    return 0;
}

/* Beyond the circle's bounding square, or wholly behind M. */
static int clearly_out(const struct sector *sc, const nf_poly *f) {
    int64_t lo_x = f->v[0].x, hi_x = lo_x, lo_y = f->v[0].y, hi_y = lo_y, fmax = INT64_MIN;
    for (int i = 0; i < 4; i++) {
        lo_x = f->v[i].x < lo_x ? f->v[i].x : lo_x;
        hi_x = f->v[i].x > hi_x ? f->v[i].x : hi_x;
        lo_y = f->v[i].y < lo_y ? f->v[i].y : lo_y;
        hi_y = f->v[i].y > hi_y ? f->v[i].y : hi_y;
        int64_t fi = napfire__dot(sc->u->n, napfire__pt_sub(f->v[i], sc->m));
        fmax = fi > fmax ? fi : fmax;
    }
    int64_t dx = lo_x > sc->m.x ? lo_x - sc->m.x : (hi_x < sc->m.x ? sc->m.x - hi_x : 0);
    int64_t dy = lo_y > sc->m.y ? lo_y - sc->m.y : (hi_y < sc->m.y ? sc->m.y - hi_y : 0);
    return fmax < 0 || dx * dx + dy * dy > sc->r2;
}

static int in_sector(const struct sector *sc, const nf_poly *f) {
    if (clearly_out(sc, f))
        return 0;
    if (napfire__inside(f, sc->m))
        return 1;
    int side[4][2];
    for (int i = 0; i < 4; i++) {
        nf_pt v = napfire__pt_sub(f->v[i], sc->m);
        if (in_wedge(sc->u, v) && napfire__dot(v, v) <= sc->r2)
            return 1;
        side[i][0] = ray_side(sc->u, v, 1);
        side[i][1] = ray_side(sc->u, v, -1);
    }
    /* Wholly outside one ray's line. */
    for (int k = 0; k < 2; k++)
        if (side[0][k] > 0 && side[1][k] > 0 && side[2][k] > 0 && side[3][k] > 0)
            return 0;
    for (int i = 0; i < 4; i++)
        if (edge_meets(sc, f->v[i], f->v[(i + 1) % 4], side[i], side[(i + 1) % 4]))
            return 1;
    return 0;
}

nf_fact napfire__sector_fact(const nf_front *battery, const nf_poly *target, const napfire_footprint *friends,
                             size_t count) {
    struct sector sc;
    sc.u = battery;
    sc.m.x = (battery->a.x + battery->b.x) / 2;
    sc.m.y = (battery->a.y + battery->b.y) / 2;
    sc.r2 = 0;
    for (int i = 0; i < 4; i++) {
        nf_pt v = napfire__pt_sub(target->v[i], sc.m);
        int64_t d2 = napfire__dot(v, v);
        sc.r2 = d2 > sc.r2 ? d2 : sc.r2;
    }
    nf_fact out = {0, NAPFIRE_DECIDER_NONE, -1};
    for (size_t i = 0; i < count; i++) {
        nf_poly f = napfire__poly_of(&friends[i]);
        if (in_sector(&sc, &f)) {
            out.value = 1;
            out.decider = NAPFIRE_DECIDER_FRIEND;
            out.index = (int32_t)i;
            break;
        }
    }
    return out;
}
