/* SPDX-License-Identifier: MIT */
/*
 * Lines from the battery (F-GEO-9, F-GEO-10): the clear line of sight
 * and the friends roundshot would pass through. Directions from M, the
 * centre of the front edge, are compared by cross products; a footprint
 * seen from M spans an open interval of directions (p, q), counter-
 * clockwise from p to q, at most a half turn.
 */
#include "measure.h"

static nf_pt centre(const nf_front *u) {
    nf_pt m = {(u->a.x + u->b.x) / 2, (u->a.y + u->b.y) / 2};
    return m;
}

/* The directions from m to the interior of s (m not inside it): the
 * half plane beside an edge m lies on, else the extreme corners. */
static void extent(const nf_poly *s, nf_pt m, nf_pt *p, nf_pt *q) {
    for (int i = 0; i < 4; i++) {
        nf_pt a = s->v[i], b = s->v[(i + 1) % 4];
        if (napfire__orient(a, b, m) == 0 && napfire__dot(napfire__pt_sub(m, a), napfire__pt_sub(m, b)) < 0) {
            *q = napfire__pt_sub(b, a);
            p->x = -q->x;
            p->y = -q->y;
            return;
        }
    }
    int first = 1;
    for (int i = 0; i < 4; i++) {
        nf_pt w = napfire__pt_sub(s->v[i], m);
        if (w.x == 0 && w.y == 0)
            continue;
        if (first || napfire__cross(*p, w) < 0)
            *p = w;
        if (first || napfire__cross(*q, w) > 0)
            *q = w;
        first = 0;
    }
}

/* d strictly inside the open interval (p, q). */
static int within(nf_pt p, nf_pt q, nf_pt d) {
    return napfire__cross(p, d) > 0 && napfire__cross(d, q) > 0;
}

/* A line of an edge separates b from t with b inside: m strictly on b's
 * side means b stands before t on every line from m that meets both. */
static int before(const nf_poly *b, const nf_poly *t, nf_pt m) {
    for (int pass = 0; pass < 2; pass++) {
        const nf_poly *x = pass ? t : b, *y = pass ? b : t;
        for (int i = 0; i < 4; i++) {
            int apart = 1;
            for (int j = 0; j < 4 && apart; j++)
                apart = napfire__orient(x->v[i], x->v[(i + 1) % 4], y->v[j]) >= 0;
            if (apart) {
                int64_t side = napfire__orient(x->v[i], x->v[(i + 1) % 4], m);
                return pass ? side > 0 : side < 0;
            }
        }
    }
    return 0;
}

static nf_poly blocker(const struct nf_sight *s, size_t k) {
    return napfire__poly_of(k < s->friend_count ? &s->friends[k] : &s->others[k - s->friend_count]);
}

/* Blocker k hides direction d from m: it spans d, stands before the
 * target, and overlaps neither the firer nor the target (F-GEO-9). */
static int hides(const struct nf_sight *s, size_t k, nf_pt m, nf_pt d, nf_pt *q) {
    nf_poly b = blocker(s, k);
    nf_pt p;
    extent(&b, m, &p, q);
    return within(p, *q, d) && !napfire__interiors_meet(&b, s->firer) && !napfire__interiors_meet(&b, s->target) &&
           before(&b, s->target, m);
}

static nf_fact blocked_by(const struct nf_sight *s, size_t k) {
    nf_fact f = {0, NAPFIRE_DECIDER_FRIEND, (int32_t)k};
    if (k >= s->friend_count) {
        f.decider = NAPFIRE_DECIDER_OTHER;
        f.index = (int32_t)(k - s->friend_count);
    }
    return f;
}

/* The target spans [a, b] closed; the blockers hide open intervals. Walk
 * from a: while some blocker hides the current direction, jump to the
 * farthest end of those that do; a direction none hides is a clear line.
 * Each jump passes a blocker's end, so at most one jump per blocker. */
nf_fact napfire__clear_los_fact(const struct nf_sight *s) {
    nf_fact clear = {1, NAPFIRE_DECIDER_NONE, -1};
    nf_pt m = centre(s->battery), a, b;
    if (napfire__inside(s->target, m))
        return clear;
    extent(s->target, m, &a, &b);
    size_t total = s->friend_count + s->other_count, first = 0;
    nf_pt cur = a;
    for (size_t step = 0; step <= total; step++) {
        size_t best = total;
        nf_pt far = cur, q;
        for (size_t k = 0; k < total; k++)
            if (hides(s, k, m, cur, &q) && (best == total || napfire__cross(far, q) > 0)) {
                best = k;
                far = q;
            }
        if (best == total)
            return clear;
        first = step == 0 ? best : first;
        cur = far;
        int64_t turn = napfire__cross(b, cur);
        if (turn > 0 || (turn == 0 && napfire__dot(b, cur) < 0))
            break;
    }
    return blocked_by(s, first);
}

/* A parameter t along the line m + t dir, as num / den with den > 0. */
struct param {
    int64_t num, den;
};

static int param_less(struct param a, struct param b) {
    return napfire__cmp_prod(a.num, b.den, b.num, a.den) < 0;
}

/* The open interval (in, out) of the line inside the interior of s; 0 when
 * the line misses it or only touches it. Interior to the right of each
 * edge: cross(e, x - v) < 0 (Cyrus-Beck, strictly). */
static int crossing(const nf_poly *s, nf_pt m, nf_pt dir, struct param *in, struct param *out) {
    int have_in = 0, have_out = 0;
    for (int i = 0; i < 4; i++) {
        nf_pt e = napfire__pt_sub(s->v[(i + 1) % 4], s->v[i]);
        int64_t k = napfire__cross(e, dir), c = napfire__cross(e, napfire__pt_sub(m, s->v[i]));
        if (k == 0 && c >= 0)
            return 0;
        struct param t = {k > 0 ? -c : c, k > 0 ? k : -k};
        if (k > 0 && (!have_out || param_less(t, *out))) {
            *out = t;
            have_out = 1;
        } else if (k < 0 && (!have_in || param_less(*in, t))) {
            *in = t;
            have_in = 1;
        }
    }
    return have_in && have_out && param_less(*in, *out);
}

/* The line of fire (F-GEO-10): from M through the target's point nearest
 * to it, straight ahead when M lies on the target; *at is that point's
 * parameter along the line (1 for a corner, |c| / |e|^2 for the foot on
 * an edge e, 0 for M itself). */
static nf_pt fire_direction(const struct nf_sight *s, nf_pt m, struct param *at) {
    *at = (struct param){0, 1};
    if (napfire__inside(s->target, m))
        return s->battery->n;
    nf_ratio best = {napfire__u128(0), napfire__u128(0)};
    nf_pt dir = {0, 0};
    for (int i = 0; i < 4; i++) {
        nf_pt a = s->target->v[i], b = s->target->v[(i + 1) % 4];
        int where;
        nf_ratio d = napfire__segment_distance(m, a, b, &where);
        if (i > 0 && napfire__cmp_ratio(d, best) >= 0)
            continue;
        best = d;
        nf_pt e = napfire__pt_sub(b, a);
        nf_pt toward = {e.y, -e.x}; /* M lies outside, left of the edge */
        dir = where == 0 ? napfire__pt_sub(a, m) : where == 1 ? napfire__pt_sub(b, m) : toward;
        *at = where == 2 ? (struct param){napfire__orient(a, b, m), napfire__dot(e, e)} : (struct param){1, 1};
    }
    return dir;
}

/* lo < 2 lr / |dir| (the long range in doubled units along dir): a^2
 * |dir|^2 <= 2^123 against 4 lr^2 b^2 < 2^124. */
static int within_range(struct param lo, nf_pt dir, int32_t lr) {
    if (lo.num <= 0)
        return 1;
    nf_u128 lhs = napfire__mul128_64(napfire__sq64(lo.num), (uint64_t)napfire__dot(dir, dir));
    nf_u128 rhs = napfire__mul128_64(napfire__sq64(lo.den), 4 * (uint64_t)lr * (uint64_t)lr);
    return napfire__cmp128(lhs, rhs) < 0;
}

nf_fact napfire__penetration_fact(const struct nf_sight *s, int32_t lr, int *needs_range) {
    nf_fact none = {0, NAPFIRE_DECIDER_NONE, -1};
    struct param t_exit, t_in, t_out, in, out;
    nf_pt m = centre(s->battery), dir = fire_direction(s, m, &t_exit);
    /* Where the line leaves the target: past its nearest point, unless it
     * only touches the target there. */
    if (crossing(s->target, m, dir, &t_in, &t_out) && param_less(t_exit, t_out))
        t_exit = t_out;
    *needs_range = 0;
    for (size_t i = 0; i < s->friend_count; i++) {
        nf_poly f = napfire__poly_of(&s->friends[i]);
        if (!crossing(&f, m, dir, &in, &out))
            continue;
        struct param lo = param_less(in, t_exit) ? t_exit : in;
        if (!param_less(lo, out))
            continue;
        if (lr < 0) {
            *needs_range = 1;
            return none;
        }
        if (within_range(lo, dir, lr)) {
            nf_fact hit = {1, NAPFIRE_DECIDER_FRIEND, (int32_t)i};
            return hit;
        }
    }
    return none;
}
