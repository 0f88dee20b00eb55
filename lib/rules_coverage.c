/* SPDX-License-Identifier: MIT */
/*
 * napfire_rules_coverage(): a fixed sweep of musketry and artillery shots
 * resolved over the rules data, counting those that resolve and, for the
 * others, the missing datum each one stopped at. The sweep is documented
 * at the declaration; the shots are built and resolved through the public
 * calls, so the figures are exactly what a caller would get.
 */
#include <string.h>

#include "rules_data.h"

static const int32_t sweep_figures[] = {11, 12, 20, 28, 36};
static const int32_t sweep_formations[] = {
    NAPFIRE_FORMATION_LINE,
    NAPFIRE_FORMATION_COLUMN_OF_COMPANIES,
    NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS,
    NAPFIRE_FORMATION_MASSED_COLUMN,
    NAPFIRE_FORMATION_SQUARE,
    NAPFIRE_FORMATION_MASS,
    NAPFIRE_FORMATION_OPEN_ORDER,
};

struct tally {
    int32_t *shots, *resolved;
    napfire_blocker *b;
    size_t cap, n;
    int full; /* a blocker found no room */
};

static void count_shot(struct tally *t, int32_t fire, int st, const napfire_result *res) {
    t->shots[fire]++;
    if (st == NAPFIRE_OK) {
        t->resolved[fire]++;
        return;
    }
    if (st != NAPFIRE_EUNKNOWN)
        return;
    for (size_t i = 0; i < t->n; i++)
        if (t->b[i].missing == res->missing && memcmp(t->b[i].index, res->missing_index, sizeof t->b[i].index) == 0) {
            t->b[i].shots++;
            return;
        }
    if (t->n == t->cap) {
        t->full = 1;
        return;
    }
    napfire_blocker *b = &t->b[t->n++];
    b->missing = res->missing;
    memcpy(b->index, res->missing_index, sizeof b->index);
    b->shots = 1;
}

/* The distance of a band: its maximum when known; else just past the last
 * known one, which makes the shot need the unknown maximum. */
static int32_t band_distance(const int32_t *max, int32_t band) {
    int32_t last = 0;
    for (int32_t b = 0; b <= band; b++)
        if (max[b] >= 0)
            last = b == band ? max[b] : max[b] + 1;
    return last;
}

static void roll_sweep(struct tally *t, const napfire_shot *s, const napfire_rules *r, int32_t fire) {
    for (int32_t roll = 2; roll <= 12; roll++) {
        napfire_result res;
        int st = napfire_shot_resolve(s, r, roll, 4, &res);
        count_shot(t, fire, st, &res);
    }
}

static void musketry_shot(const napfire_rules *r, struct tally *t, int32_t figures, int32_t formation,
                          int32_t distance) {
    napfire_unit firer, target;
    napfire_unit_init(&firer, sizeof firer, NAPFIRE_ARM_LINE_INFANTRY);
    napfire_unit_init(&target, sizeof target, NAPFIRE_ARM_LINE_INFANTRY);
    napfire_unit_set(&firer, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_VETERAN);
    napfire_unit_set(&firer, NAPFIRE_UNIT_FIGURES, figures);
    if (napfire_unit_set(&firer, NAPFIRE_UNIT_FORMATION, formation) != NAPFIRE_OK)
        return;
    napfire_shot s;
    napfire_shot_init(&s, sizeof s, &firer, &target);
    napfire_shot_set(&s, NAPFIRE_SHOT_DISTANCE, distance);
    roll_sweep(t, &s, r, NAPFIRE_FIRE_MUSKETRY);
}

static void musketry_sweep(const napfire_rules *r, struct tally *t) {
    int32_t max[2] = {-1, -1};
    napfire_rules_get_range(r, NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_METRIC, &max[0], &max[1]);
    for (size_t f = 0; f < sizeof sweep_figures / sizeof sweep_figures[0]; f++)
        for (size_t o = 0; o < sizeof sweep_formations / sizeof sweep_formations[0]; o++)
            for (int32_t band = 0; band < 2; band++)
                musketry_shot(r, t, sweep_figures[f], sweep_formations[o], band_distance(max, band));
}

static void artillery_sweep(const napfire_rules *r, struct tally *t) {
    for (int32_t gun = 0; gun < NF_GUNS; gun++) {
        int32_t max[3] = {-1, -1, -1};
        napfire_rules_get_gun_range(r, gun, NAPFIRE_MEASURE_METRIC, &max[0], &max[1], &max[2]);
        for (int32_t ammo = 0; ammo < NF_AMMOS; ammo++)
            for (int32_t band = 0; band < 3; band++) {
                napfire_unit firer, target;
                napfire_unit_init(&firer, sizeof firer, NAPFIRE_ARM_FOOT_ARTILLERY);
                napfire_unit_init(&target, sizeof target, NAPFIRE_ARM_LINE_INFANTRY);
                napfire_unit_set(&firer, NAPFIRE_UNIT_GUN, gun);
                napfire_unit_set(&firer, NAPFIRE_UNIT_FIGURES, 2);
                napfire_shot s;
                napfire_shot_init(&s, sizeof s, &firer, &target);
                napfire_shot_set(&s, NAPFIRE_SHOT_AMMO, ammo);
                napfire_shot_set(&s, NAPFIRE_SHOT_DISTANCE, band_distance(max, band));
                roll_sweep(t, &s, r, NAPFIRE_FIRE_ARTILLERY);
            }
    }
}

/* Most shots first; an insertion sort keeps equal counts in sweep order. */
static void rank(napfire_blocker *b, size_t n) {
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && b[j - 1].shots < b[j].shots; j--) {
            napfire_blocker tmp = b[j];
            b[j] = b[j - 1];
            b[j - 1] = tmp;
        }
}

int napfire_rules_coverage(const napfire_rules *r, int32_t shots[2], int32_t resolved[2], napfire_blocker *blockers,
                           size_t cap, size_t *count) {
    if (!shots || !resolved || !count || (!blockers && cap > 0))
        return NAPFIRE_EINVAL;
    int st = NAPFIRE_OK;
    if (!napfire__rules_resolve(r, &st) || st != NAPFIRE_OK || !napfire__rules_intact(r))
        return st == NAPFIRE_EALIGN ? st : NAPFIRE_ESTATE;
    struct tally t = {shots, resolved, blockers, cap, 0, 0};
    shots[0] = shots[1] = resolved[0] = resolved[1] = 0;
    musketry_sweep(r, &t);
    artillery_sweep(r, &t);
    rank(blockers, t.n);
    *count = t.n;
    return t.full ? NAPFIRE_ENOSPC : NAPFIRE_OK;
}
