/* SPDX-License-Identifier: MIT */
/*
 * Differential sweep: napfire_shot_resolve() computes the net modifier
 * without building the breakdown; napfire_shot_modifiers() builds it and
 * sums it. Over random shots (every arm, class, formation, cover and
 * flag) and random modifier data (some values unknown, the Guard cap
 * random or unknown, some storage bytes corrupted), the two must agree on
 * the net, on unknown data and on corruption. F-MOD-1..16, F-MOD-G,
 * F-MOD-X, F-MOD-E, F-ART-3.
 */
#include <string.h>

#include "nftest.h"

static uint32_t rng_state = 12345u;

static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % n;
}

static int32_t pick(int32_t lo, int32_t hi) {
    return lo + (int32_t)rnd((uint32_t)(hi - lo + 1));
}

/* Any value the setter takes; a refused one leaves the default. */
static void random_unit(napfire_unit *u) {
    ck_assert_int_eq(napfire_unit_init(u, sizeof *u, pick(0, 4)), NAPFIRE_OK);
    for (int32_t p = NAPFIRE_UNIT_NATION; p <= NAPFIRE_UNIT_UNLIMBERED_THIS_TURN; p++) {
        int32_t lo = 0, hi = 0;
        ck_assert_int_eq(napfire_param_bounds(p, &lo, &hi), NAPFIRE_OK);
        if (rnd(3) == 0)
            continue;
        if (p == NAPFIRE_UNIT_FIGURES)
            hi = 60;
        (void)napfire_unit_set(u, p, pick(lo, hi));
    }
}

static void random_shot(napfire_shot *s) {
    napfire_unit f, t;
    random_unit(&f);
    random_unit(&t);
    ck_assert_int_eq(napfire_shot_init(s, sizeof *s, &f, &t), NAPFIRE_OK);
    (void)napfire_shot_set(s, NAPFIRE_SHOT_MEASURE, pick(0, 1));
    (void)napfire_shot_set(s, NAPFIRE_SHOT_DISTANCE, pick(0, 60));
    (void)napfire_shot_set(s, NAPFIRE_SHOT_ENFILADE, pick(0, 1));
    (void)napfire_shot_set(s, NAPFIRE_SHOT_EXTRA_MODIFIER, rnd(2) ? 0 : pick(-10, 10));
    (void)napfire_shot_set(s, NAPFIRE_SHOT_AMMO, pick(0, 1));
}

/* Random values in every modifier slot the rules take, some unknown. */
static void random_rules(napfire_rules *r) {
    rules_new(r);
    made_up_musketry(r);
    made_up_gun_ranges(r);
    made_up_artillery_cells(r);
    for (int32_t fire = 0; fire <= 1; fire++)
        for (int32_t id = 1; id <= NAPFIRE_MOD_MOVED_HALF; id++)
            for (int32_t variant = 0; variant <= 1; variant++) {
                int32_t v = rnd(8) == 0 ? NAPFIRE_UNKNOWN : pick(-5, 5);
                (void)napfire_rules_set_modifier(r, fire, id, variant, v);
            }
    int32_t cap = rnd(5) == 0 ? NAPFIRE_UNKNOWN : pick(0, 6);
    ck_assert_int_eq(napfire_rules_set_threshold(r, NAPFIRE_THRESHOLD_GUARD_CAP, NAPFIRE_MEASURE_METRIC, cap),
                     NAPFIRE_OK);
}

static int from_modifiers(const napfire_result *res) {
    return res->missing == NAPFIRE_MISSING_MODIFIER ||
           (res->missing == NAPFIRE_MISSING_THRESHOLD && res->missing_index[0] == NAPFIRE_THRESHOLD_GUARD_CAP);
}

static long agreed;

static void compare(const napfire_shot *s, const napfire_rules *r, int corrupted) {
    napfire_modifier items[20];
    size_t count = 0;
    int32_t net = 0;
    int st_m = napfire_shot_modifiers(s, r, items, NF_NELEM(items), &count, &net);
    napfire_result res;
    memset(&res, 0, sizeof res);
    int st_r = napfire_shot_resolve(s, r, pick(2, 12), pick(0, 6), &res);
    if (st_r == NAPFIRE_OK && res.permitted) {
        ck_assert_int_eq(st_m, NAPFIRE_OK);
        ck_assert_int_eq(res.net_modifier, net);
        agreed++;
        return;
    }
    if (st_r == NAPFIRE_EUNKNOWN && from_modifiers(&res)) {
        ck_assert_int_eq(st_m, NAPFIRE_EUNKNOWN);
        ck_assert_int_eq(res.net_modifier, 0);
        return;
    }
    if (corrupted)
        return;
    /* Sound storage, in range: a shot not forbidden reached the modifiers. */
    if (st_r == NAPFIRE_EUNKNOWN) {
        ck_assert_int_eq(st_m, NAPFIRE_OK);
        ck_assert_int_eq(res.net_modifier, net);
    }
    if (st_m == NAPFIRE_ESTATE)
        ck_assert_int_eq(st_r, NAPFIRE_ESTATE);
}

START_TEST(net_matches_breakdown) {
    napfire_rules r;
    napfire_shot s;
    for (int round = 0; round < 400; round++) {
        random_rules(&r);
        for (int i = 0; i < 100; i++) {
            random_shot(&s);
            compare(&s, &r, 0);
        }
    }
    ck_assert_int_gt(agreed, 5000);
}
END_TEST

/* Storage changed behind the library's back: whatever each path says,
 * a permitted resolve still agrees with the breakdown. */
START_TEST(net_matches_breakdown_corrupted) {
    napfire_rules r;
    napfire_shot s;
    for (int round = 0; round < 400; round++) {
        random_rules(&r);
        for (int k = 0; k < 4; k++)
            r.opaque_.bytes[rnd(2048)] = (unsigned char)rnd(256);
        for (int i = 0; i < 50; i++) {
            random_shot(&s);
            compare(&s, &r, 1);
        }
    }
}
END_TEST

int main(void) {
    Suite *su = suite_create("differential");
    TCase *tc = tcase_create("net");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, net_matches_breakdown);
    tcase_add_test(tc, net_matches_breakdown_corrupted);
    suite_add_tcase(su, tc);
    return run_suite(su);
}
