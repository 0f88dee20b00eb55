/* SPDX-License-Identifier: MIT */
/*
 * In front of a unit (F-GEO-5) and the long-range facts of F-ART-5
 * (F-GEO-7). In the unit's frame a point X has the along-edge coordinate
 * s = E.(X - A) (0 and 2L at the front edge's ends, doubled units) and
 * the ahead coordinate h = N.(X - A); its true distance ahead of the front
 * line is mu |E| / 2 with mu = h / L. The zone is 0 < s < 2L, 0 < h, mu
 * |E| / 2 <= the limit. The nearest point of a footprint in the closed
 * half-strip is a vertex of their intersection: a corner of the footprint,
 * a crossing of one of its edges with a side of the strip, or an end of
 * the front edge inside it; each is offered as mu = num / den.
 */
#include "measure.h"

struct scan {
    int64_t num, den; /* the least mu so far */
    int have;
    int all_h0, all_s0, all_s1; /* every point on the front line / a side */
    int min_in, min_s0, min_s1; /* where the least mu was met */
};

/* A point of the closed half-strip at depth num / den (den > 0), on the
 * front line (h0) or a side (s0, s1). */
static void offer(struct scan *z, int64_t num, int64_t den, int h0, int s0, int s1) {
    int c = z->have ? napfire__cmp_prod(num, z->den, z->num, den) : -1;
    if (!z->have) {
        z->have = 1;
        z->all_h0 = z->all_s0 = z->all_s1 = 1;
    }
    z->all_h0 &= h0;
    z->all_s0 &= s0;
    z->all_s1 &= s1;
    if (c < 0) {
        z->num = num;
        z->den = den;
        z->min_in = z->min_s0 = z->min_s1 = 0;
    }
    if (c <= 0) {
        z->min_in |= !s0 && !s1;
        z->min_s0 |= s0;
        z->min_s1 |= s1;
    }
}

/* Where the edge p->q crosses the side of the strip through c (the
 * perpendicular to the front line there): mu = cross(p - c, d) /
 * cross(N, d), the sides' ends strictly apart. */
static void side_crossing(struct scan *z, const nf_front *u, nf_pt c, nf_pt p, nf_pt q, int far_side) {
    nf_pt d = napfire__pt_sub(q, p);
    int64_t num = napfire__cross(napfire__pt_sub(p, c), d), den = napfire__cross(u->n, d);
    if (den < 0) {
        num = -num;
        den = -den;
    }
    if (num >= 0)
        offer(z, num, den, num == 0, !far_side, far_side);
}

/* Where the edge p->q crosses the front line, if within the front edge:
 * s = (hp sq - hq sp) / (hp - hq). */
static void front_crossing(struct scan *z, const nf_front *u, int64_t sp, int64_t hp, int64_t sq, int64_t hq) {
    nf_u128 s = napfire__sub128(napfire__muls64(hp, sq), napfire__muls64(hq, sp));
    int64_t den = hp - hq;
    if (den < 0) {
        s = napfire__neg128(s);
        den = -den;
    }
    nf_u128 end = napfire__muls64(2 * u->len2, den);
    if (napfire__sign128(s) < 0 || napfire__cmp128s(s, end) > 0)
        return;
    offer(z, 0, 1, 1, napfire__sign128(s) == 0, napfire__cmp128s(s, end) == 0);
}

static int opposite(int64_t a, int64_t b) {
    return (a < 0 && b > 0) || (a > 0 && b < 0);
}

static void scan_footprint(struct scan *z, const nf_front *u, const nf_poly *f, const int64_t *s, const int64_t *h) {
    int64_t end = 2 * u->len2;
    for (int i = 0; i < 4; i++) {
        int j = (i + 1) % 4;
        if (h[i] >= 0 && s[i] >= 0 && s[i] <= end)
            offer(z, h[i], u->len2, h[i] == 0, s[i] == 0, s[i] == end);
        if (opposite(s[i], s[j]))
            side_crossing(z, u, u->a, f->v[i], f->v[j], 0);
        if (opposite(s[i] - end, s[j] - end))
            side_crossing(z, u, u->b, f->v[i], f->v[j], 1);
        if (opposite(h[i], h[j]))
            front_crossing(z, u, s[i], h[i], s[j], h[j]);
    }
    if (napfire__inside(f, u->a))
        offer(z, 0, 1, 1, 1, 0);
    if (napfire__inside(f, u->b))
        offer(z, 0, 1, 1, 0, 1);
}

/* mu^2 L against (2 limit)^2 (mu |E| / 2 against the limit): num^2 L <=
 * 2^121, 4 limit^2 den^2 < 2^124. */
static int depth_vs_limit(int64_t num, int64_t den, int64_t len2, int32_t limit) {
    nf_u128 lhs = napfire__mul128_64(napfire__sq64(num), (uint64_t)len2);
    nf_u128 rhs = napfire__mul128_64(napfire__sq64(den), 4 * (uint64_t)limit * (uint64_t)limit);
    return napfire__cmp128(lhs, rhs);
}

/* Nothing of f can be in the zone: every corner on or behind the front
 * line, beside the strip, or beyond the limit. */
static int clearly_out(const nf_front *u, const int64_t *s, const int64_t *h, int32_t limit) {
    int64_t end = 2 * u->len2, hmin = h[0], hmax = h[0], smin = s[0], smax = s[0];
    for (int i = 1; i < 4; i++) {
        hmin = h[i] < hmin ? h[i] : hmin;
        hmax = h[i] > hmax ? h[i] : hmax;
        smin = s[i] < smin ? s[i] : smin;
        smax = s[i] > smax ? s[i] : smax;
    }
    return hmax <= 0 || smax <= 0 || smin >= end || (hmin > 0 && depth_vs_limit(hmin, u->len2, u->len2, limit) > 0);
}

int napfire__in_front(const nf_front *u, const nf_poly *f, int32_t limit, nf_ratio *depth) {
    int64_t s[4], h[4];
    for (int i = 0; i < 4; i++) {
        nf_pt x = napfire__pt_sub(f->v[i], u->a);
        s[i] = napfire__dot(u->e, x);
        h[i] = napfire__dot(u->n, x);
    }
    if (limit <= 0 || clearly_out(u, s, h, limit))
        return 0;
    struct scan z;
    memset(&z, 0, sizeof z);
    scan_footprint(&z, u, f, s, h);
    /* No point strictly inside the half-strip: the footprint only touches
     * the front line or a side (beside the unit, F-GEO-5). */
    if (!z.have || z.all_h0 || z.all_s0 || z.all_s1)
        return 0;
    int c = depth_vs_limit(z.num, z.den, u->len2, limit);
    /* At exactly the limit, the nearest points must not all lie on a side. */
    if (c > 0 || (c == 0 && !z.min_in && !(z.min_s0 && z.min_s1)))
        return 0;
    depth->p = napfire__mul128_64(napfire__sq64(z.num), (uint64_t)u->len2);
    depth->q = napfire__sq64(z.den);
    return 1;
}

/* The least depth of f in front of the target (its front, or any of a
 * square's four fronts, F-GEO-5). */
static int in_front_of_target(const nf_poly *target, int square, const nf_poly *f, int32_t limit, nf_ratio *depth) {
    int found = 0;
    for (int e = 0; e < (square ? 4 : 1); e++) {
        nf_front u = napfire__front(target, e);
        nf_ratio d;
        if (napfire__in_front(&u, f, limit, &d) && (!found || napfire__cmp_ratio(d, *depth) < 0)) {
            *depth = d;
            found = 1;
        }
    }
    return found;
}

/* The target's farthest point from f: a corner (F-GEO-7). */
static nf_ratio farthest_corner(const nf_poly *target, const nf_poly *f) {
    nf_ratio best = napfire__point_distance(target->v[0], f);
    for (int i = 1; i < 4; i++) {
        nf_ratio d = napfire__point_distance(target->v[i], f);
        if (napfire__cmp_ratio(d, best) > 0)
            best = d;
    }
    return best;
}

struct least {
    nf_ratio d;
    int32_t index; /* -1: none yet */
};

static void keep_least(struct least *l, nf_ratio d, size_t i) {
    if (l->index < 0 || napfire__cmp_ratio(d, l->d) < 0) {
        l->d = d;
        l->index = (int32_t)i;
    }
}

static nf_fact least_fact(const struct least *l) {
    nf_fact f = {-1, NAPFIRE_DECIDER_NONE, -1};
    if (l->index >= 0) {
        f.value = napfire__half_sqrt_up(l->d);
        f.decider = NAPFIRE_DECIDER_FRIEND;
        f.index = l->index;
    }
    return f;
}

void napfire__near_facts(const nf_poly *target, int target_square, const nf_front *battery,
                         const napfire_footprint *friends, size_t count, int32_t limit, nf_fact out[3]) {
    struct least near_target = {{{0, 0}, {0, 1}}, -1}, near_battery = near_target, far = near_target;
    for (size_t i = 0; i < count; i++) {
        nf_poly f = napfire__poly_of(&friends[i]);
        nf_ratio d;
        int in = 0;
        if (in_front_of_target(target, target_square, &f, limit, &d)) {
            keep_least(&near_target, d, i);
            in = 1;
        }
        if (napfire__in_front(battery, &f, limit, &d)) {
            keep_least(&near_battery, d, i);
            in = 1;
        }
        /* F-GEO-7: the seed's "the friendly unit", one at a time. */
        if (in)
            keep_least(&far, farthest_corner(target, &f), i);
    }
    out[0] = least_fact(&near_target);
    out[1] = least_fact(&near_battery);
    out[2] = least_fact(&far);
}
