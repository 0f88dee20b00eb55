/* SPDX-License-Identifier: MIT */
/*
 * Fire over friendly heads (F-GEO-11, F-ART-7): a friend is between when
 * its interior meets the interior of the corridor, the convex hull of the
 * battery's front edge and the target. The hull's edges are the lines
 * through two of its six points with all six on one side; two convex
 * interiors are apart exactly when such a line or a line of the friend's
 * edges has the other wholly on its far side.
 */
#include "measure.h"

struct corridor {
    nf_pt pt[6];
    int line[15][2]; /* the hull's supporting lines, all points left */
    int lines;
};

static void corridor_init(struct corridor *c, const nf_front *u, const nf_poly *target) {
    c->pt[0] = u->a;
    c->pt[1] = u->b;
    for (int i = 0; i < 4; i++)
        c->pt[2 + i] = target->v[i];
    c->lines = 0;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) {
            if (i == j || (c->pt[i].x == c->pt[j].x && c->pt[i].y == c->pt[j].y))
                continue;
            int left = 1;
            for (int k = 0; k < 6 && left; k++)
                left = napfire__orient(c->pt[i], c->pt[j], c->pt[k]) >= 0;
            if (left && c->lines < 15) {
                c->line[c->lines][0] = i;
                c->line[c->lines][1] = j;
                c->lines++;
            }
        }
}

static int between(const struct corridor *c, const nf_poly *f) {
    for (int l = 0; l < c->lines; l++) {
        int apart = 1;
        for (int k = 0; k < 4 && apart; k++)
            apart = napfire__orient(c->pt[c->line[l][0]], c->pt[c->line[l][1]], f->v[k]) <= 0;
        if (apart)
            return 0;
    }
    for (int i = 0; i < 4; i++) {
        int apart = 1;
        for (int k = 0; k < 6 && apart; k++)
            apart = napfire__orient(f->v[i], f->v[(i + 1) % 4], c->pt[k]) >= 0;
        if (apart)
            return 0;
    }
    return 1;
}

static void keep_nearest(nf_ratio d, size_t i, nf_ratio *best, nf_fact *f) {
    if (f->index < 0 || napfire__cmp_ratio(d, *best) < 0) {
        *best = d;
        f->decider = NAPFIRE_DECIDER_FRIEND;
        f->index = (int32_t)i;
    }
}

/* BATTERY_HIGHER: the battery above the target and every friend between;
 * else the first footprint as high as the battery decides. */
static nf_fact higher_fact(const struct nf_sight *s, const struct corridor *c) {
    nf_fact f = {1, NAPFIRE_DECIDER_FIRER, -1};
    if (s->firer_level <= s->target_level) {
        f.value = 0;
        f.decider = NAPFIRE_DECIDER_TARGET;
        return f;
    }
    for (size_t i = 0; i < s->friend_count; i++) {
        nf_poly p = napfire__poly_of(&s->friends[i]);
        if (s->friends[i].level >= s->firer_level && between(c, &p)) {
            f.value = 0;
            f.decider = NAPFIRE_DECIDER_FRIEND;
            f.index = (int32_t)i;
            return f;
        }
    }
    return f;
}

void napfire__overhead_facts(const struct nf_sight *s, nf_fact out[4]) {
    struct corridor c;
    corridor_init(&c, s->battery, s->target);
    nf_poly front = napfire__segment(s->battery->a, s->battery->b);
    nf_fact none = {-1, NAPFIRE_DECIDER_NONE, -1};
    nf_fact over = {0, NAPFIRE_DECIDER_NONE, -1};
    nf_ratio to_battery = {{0, 0}, {0, 1}}, to_enemy = to_battery;
    out[2] = out[3] = none;
    for (size_t i = 0; i < s->friend_count; i++) {
        nf_poly f = napfire__poly_of(&s->friends[i]);
        if (!between(&c, &f))
            continue;
        if (over.index < 0)
            over = (nf_fact){1, NAPFIRE_DECIDER_FRIEND, (int32_t)i};
        keep_nearest(napfire__distance(&front, &f), i, &to_battery, &out[2]);
        keep_nearest(napfire__distance(s->target, &f), i, &to_enemy, &out[3]);
    }
    out[0] = over;
    out[1] = higher_fact(s, &c);
    if (over.index >= 0) {
        out[2].value = napfire__half_sqrt_down(to_battery);
        out[3].value = napfire__half_sqrt_down(to_enemy);
    }
}
