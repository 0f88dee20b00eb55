/* SPDX-License-Identifier: MIT */
/*
 * Rules data: the built-in data (F-DATA) — exactly the 16 known
 * musketry cells, the F-RNG ranges, the F-MOD values, the thresholds, no
 * artillery number — and get/set with validation for every kind of data.
 */
#include "nftest.h"

/* F-DATA: the 16 known cells (row, column, halves); everything else unknown. */
static const struct {
    int32_t row, col, halves;
} known_cells[] = {
    {0, 0, 0}, {0, 1, 0}, {0, 2, 0},  {0, 3, 0}, {0, 4, 1}, /* - - - - ½ */
    {1, 0, 0}, {1, 1, 0}, {1, 2, 0},  {1, 3, 1},            /* - - - ½ */
    {2, 0, 0}, {2, 1, 0}, {2, 2, 1},                        /* - - ½ */
    {3, 0, 0}, {3, 1, 1}, {3, 5, 10},                       /* - ½ . . . 5 (F-EX-1) */
    {4, 0, 0},                                              /* - */
};

static int32_t known_halves(int32_t row, int32_t col) {
    for (size_t i = 0; i < NF_NELEM(known_cells); i++)
        if (known_cells[i].row == row && known_cells[i].col == col)
            return known_cells[i].halves;
    return NAPFIRE_UNKNOWN;
}

static void check_builtin_musketry(const napfire_rules *r) {
    int known = 0, unknown = 0;
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++) {
            int32_t h = SENTINEL_I32, star = SENTINEL_I32;
            int st = napfire_rules_get_musketry(r, row, col, &h, &star);
            int32_t want = known_halves(row, col);
            if (want == NAPFIRE_UNKNOWN) {
                ck_assert_msg(st == NAPFIRE_EUNKNOWN, "cell (%d,%d): %s, want EUNKNOWN", (int)row, (int)col,
                              napfire_status_name(st));
                ck_assert_int_eq(h, NAPFIRE_UNKNOWN);
                ck_assert_int_eq(star, 0);
                unknown++;
            } else {
                ck_assert_msg(st == NAPFIRE_OK, "cell (%d,%d): %s, want OK", (int)row, (int)col,
                              napfire_status_name(st));
                ck_assert_msg(h == want, "cell (%d,%d) = %d halves, want %d", (int)row, (int)col, (int)h, (int)want);
                ck_assert_int_eq(star, 0);
                known++;
            }
        }
    ck_assert_int_eq(known, 16);
    ck_assert_int_eq(unknown, 29);
}

/* F-DATA: napfire_rules_init gives exactly the known cells. */
START_TEST(builtin_musketry_cells) {
    napfire_rules r;
    memset(&r, 0x33, sizeof r);
    rules_new(&r);
    check_builtin_musketry(&r);
}
END_TEST

/* rules == NULL reads the same built-in data. */
/* F-DATA */
START_TEST(null_rules_is_builtin) {
    check_builtin_musketry(NULL);
}
END_TEST

/* F-RNG table, metric (mm) and imperial (tenths of an inch), F-RNG-3. */
static const struct {
    int32_t weapon, measure, eff, lng;
} seed_ranges[] = {
    {NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_METRIC, 100, 200},
    {NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_IMPERIAL, 60, 120},
    {NAPFIRE_WEAPON_RIFLE, NAPFIRE_MEASURE_METRIC, 120, 240},
    {NAPFIRE_WEAPON_RIFLE, NAPFIRE_MEASURE_IMPERIAL, 70, 140},
    {NAPFIRE_WEAPON_SHARPSHOOTER, NAPFIRE_MEASURE_METRIC, 280, 280},
    {NAPFIRE_WEAPON_SHARPSHOOTER, NAPFIRE_MEASURE_IMPERIAL, 170, 170},
};

START_TEST(builtin_ranges) {
    napfire_rules r;
    rules_new(&r);
    const napfire_rules *both[] = {&r, NULL};
    for (size_t k = 0; k < 2; k++)
        for (size_t i = 0; i < NF_NELEM(seed_ranges); i++) {
            int32_t e = SENTINEL_I32, l = SENTINEL_I32;
            ck_assert_int_eq(napfire_rules_get_range(both[k], seed_ranges[i].weapon, seed_ranges[i].measure, &e, &l),
                             NAPFIRE_OK);
            ck_assert_int_eq(e, seed_ranges[i].eff);
            ck_assert_int_eq(l, seed_ranges[i].lng);
        }
}
END_TEST

/* F-MOD values of the built-in musketry modifiers. */
static const struct {
    int32_t id, variant, value;
} seed_mods[] = {
    {NAPFIRE_MOD_GUARD, 0, 2},
    {NAPFIRE_MOD_ELITE, 0, 1},
    {NAPFIRE_MOD_STEADY, 0, 0},
    {NAPFIRE_MOD_RAW, 0, -2},
    {NAPFIRE_MOD_BRITISH_LINE, 0, 1},
    {NAPFIRE_MOD_FIRED_LAST_TURN, 0, -2},
    {NAPFIRE_MOD_DISORDERED, 0, -4},
    {NAPFIRE_MOD_COLUMN, 0, 1},
    {NAPFIRE_MOD_COLUMN, 1, 2},
    {NAPFIRE_MOD_SQUARE_OR_ENFILADE, 0, 2},
    {NAPFIRE_MOD_MASS, 0, 2},
    {NAPFIRE_MOD_ARTILLERY, 0, -2},
    {NAPFIRE_MOD_CHARGING_CAVALRY, 0, -2},
    {NAPFIRE_MOD_OPEN_ORDER, 0, -2},
    {NAPFIRE_MOD_SKIRMISHERS, 0, -4},
    {NAPFIRE_MOD_COVER, 0, -2},
    {NAPFIRE_MOD_COVER, 1, -1},
    {NAPFIRE_MOD_BUILDINGS, 0, -4},
};

START_TEST(builtin_musketry_modifiers) {
    napfire_rules r;
    rules_new(&r);
    const napfire_rules *both[] = {&r, NULL};
    for (size_t k = 0; k < 2; k++)
        for (size_t i = 0; i < NF_NELEM(seed_mods); i++) {
            int32_t v = SENTINEL_I32;
            int st =
                napfire_rules_get_modifier(both[k], NAPFIRE_FIRE_MUSKETRY, seed_mods[i].id, seed_mods[i].variant, &v);
            ck_assert_msg(st == NAPFIRE_OK, "%s/%d: %s", napfire_modifier_name(seed_mods[i].id),
                          (int)seed_mods[i].variant, napfire_status_name(st));
            ck_assert_msg(v == seed_mods[i].value, "%s/%d = %d, want %d", napfire_modifier_name(seed_mods[i].id),
                          (int)seed_mods[i].variant, (int)v, (int)seed_mods[i].value);
        }
}
END_TEST

/* F-DATA: no artillery number is known: modifiers COLUMN..BUILDINGS (both
 * variants where they exist) and MOVED_HALF are unknown. */
START_TEST(builtin_artillery_modifiers_unknown) {
    for (int32_t id = NAPFIRE_MOD_COLUMN; id <= NAPFIRE_MOD_MOVED_HALF; id++) {
        if (id == NAPFIRE_MOD_GUARD_CAP || id == NAPFIRE_MOD_EXTRA)
            continue;
        int32_t v = 12345;
        ck_assert_int_eq(napfire_rules_get_modifier(NULL, NAPFIRE_FIRE_ARTILLERY, id, 0, &v), NAPFIRE_EUNKNOWN);
        ck_assert_int_eq(v, NAPFIRE_MODIFIER_UNKNOWN);
    }
    int32_t v = 12345;
    ck_assert_int_eq(napfire_rules_get_modifier(NULL, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_COLUMN, 1, &v),
                     NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(v, NAPFIRE_MODIFIER_UNKNOWN);
    v = 12345;
    ck_assert_int_eq(napfire_rules_get_modifier(NULL, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_COVER, 1, &v),
                     NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(v, NAPFIRE_MODIFIER_UNKNOWN);
}
END_TEST

/* Modifier ids and variants: musketry GUARD..BUILDINGS; artillery
 * COLUMN..BUILDINGS and MOVED_HALF; variant 1 only for COLUMN and COVER. */
/* F-DATA, F-MOD, F-ART-1/3 */
START_TEST(modifier_id_domain) {
    napfire_rules r;
    rules_new(&r);
    int32_t v = SENTINEL_I32;
    const int32_t bad_musketry[] = {0, NAPFIRE_MOD_GUARD_CAP, NAPFIRE_MOD_EXTRA, NAPFIRE_MOD_MOVED_HALF, 20, -1};
    for (size_t i = 0; i < NF_NELEM(bad_musketry); i++) {
        ck_assert_int_eq(napfire_rules_get_modifier(&r, NAPFIRE_FIRE_MUSKETRY, bad_musketry[i], 0, &v),
                         NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_set_modifier(&r, NAPFIRE_FIRE_MUSKETRY, bad_musketry[i], 0, 1), NAPFIRE_EDOMAIN);
    }
    for (int32_t id = 0; id <= 20; id++) {
        int ok = (id >= NAPFIRE_MOD_COLUMN && id <= NAPFIRE_MOD_BUILDINGS) || id == NAPFIRE_MOD_MOVED_HALF;
        int st = napfire_rules_set_modifier(&r, NAPFIRE_FIRE_ARTILLERY, id, 0, -1);
        ck_assert_msg(st == (ok ? NAPFIRE_OK : NAPFIRE_EDOMAIN), "artillery id %d: %s", (int)id,
                      napfire_status_name(st));
    }
    for (int32_t id = NAPFIRE_MOD_GUARD; id <= NAPFIRE_MOD_BUILDINGS; id++) {
        int ok = id == NAPFIRE_MOD_COLUMN || id == NAPFIRE_MOD_COVER;
        int st = napfire_rules_set_modifier(&r, NAPFIRE_FIRE_MUSKETRY, id, 1, 1);
        ck_assert_msg(st == (ok ? NAPFIRE_OK : NAPFIRE_EDOMAIN), "musketry %s variant 1: %s", napfire_modifier_name(id),
                      napfire_status_name(st));
        ck_assert_int_eq(napfire_rules_set_modifier(&r, NAPFIRE_FIRE_MUSKETRY, id, 2, 1), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_set_modifier(&r, NAPFIRE_FIRE_MUSKETRY, id, -1, 1), NAPFIRE_EDOMAIN);
    }
    ck_assert_int_eq(napfire_rules_set_modifier(&r, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_MOVED_HALF, 1, -1),
                     NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_modifier(&r, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_GUARD, 1, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_modifier(&r, 2, NAPFIRE_MOD_COLUMN, 0, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_modifier(&r, -1, NAPFIRE_MOD_COLUMN, 0, 1), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(v, SENTINEL_I32);
}
END_TEST

/* Modifier values: -20..20 or NAPFIRE_MODIFIER_UNKNOWN; round trip; -1 is a
 * value, not "unknown". */
/* F-DATA, F-MOD */
START_TEST(modifier_set_get) {
    napfire_rules r;
    rules_new(&r);
    int32_t v = 0;
    const int32_t good[] = {-NAPFIRE_MAX_MODIFIER, -1, 0, 1, 7, NAPFIRE_MAX_MODIFIER};
    for (int32_t fire = 0; fire <= 1; fire++)
        for (size_t i = 0; i < NF_NELEM(good); i++) {
            ck_assert_int_eq(napfire_rules_set_modifier(&r, fire, NAPFIRE_MOD_COVER, 1, good[i]), NAPFIRE_OK);
            ck_assert_int_eq(napfire_rules_get_modifier(&r, fire, NAPFIRE_MOD_COVER, 1, &v), NAPFIRE_OK);
            ck_assert_int_eq(v, good[i]);
            /* variant 0 untouched */
            int st = napfire_rules_get_modifier(&r, fire, NAPFIRE_MOD_COVER, 0, &v);
            if (fire == NAPFIRE_FIRE_MUSKETRY) {
                ck_assert_int_eq(st, NAPFIRE_OK);
                ck_assert_int_eq(v, -2);
            } else {
                ck_assert_int_eq(st, NAPFIRE_EUNKNOWN);
            }
        }
    napfire_rules before;
    memcpy(&before, &r, sizeof before);
    const int32_t bad[] = {NAPFIRE_MAX_MODIFIER + 1, -NAPFIRE_MAX_MODIFIER - 1, 1000, NAPFIRE_MODIFIER_UNKNOWN + 1,
                           INT32_MAX};
    for (size_t i = 0; i < NF_NELEM(bad); i++)
        ck_assert_int_eq(napfire_rules_set_modifier(&r, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_GUARD, 0, bad[i]),
                         NAPFIRE_EDOMAIN);
    ck_assert_int_eq(memcmp(&before, &r, sizeof r), 0);

    /* Set unknown, then known again. */
    ck_assert_int_eq(
        napfire_rules_set_modifier(&r, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_GUARD, 0, NAPFIRE_MODIFIER_UNKNOWN),
        NAPFIRE_OK);
    v = 0;
    ck_assert_int_eq(napfire_rules_get_modifier(&r, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_GUARD, 0, &v), NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(v, NAPFIRE_MODIFIER_UNKNOWN);
    ck_assert_int_eq(napfire_rules_set_modifier(&r, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_MOVED_HALF, 0, -3), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_get_modifier(&r, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_MOVED_HALF, 0, &v), NAPFIRE_OK);
    ck_assert_int_eq(v, -3);
    /* the built-in data is not affected by changes to a rules object */
    ck_assert_int_eq(napfire_rules_get_modifier(NULL, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_GUARD, 0, &v), NAPFIRE_OK);
    ck_assert_int_eq(v, 2);
}
END_TEST

/* Thresholds (F-SCR-1, F-ART-5/7, F-TAB-1/4, F-MOD-G). */
static const struct {
    int32_t id, metric, imperial;
} seed_thresholds[] = {
    {NAPFIRE_THRESHOLD_SCREEN, 50, 30},
    {NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE, 100, 60},
    {NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE, 100, 60},
    {NAPFIRE_THRESHOLD_STAR_FIGURES, 48, 48},
    {NAPFIRE_THRESHOLD_ROW_2, 12, 12},
    {NAPFIRE_THRESHOLD_ROW_3, 20, 20},
    {NAPFIRE_THRESHOLD_ROW_4, 28, 28},
    {NAPFIRE_THRESHOLD_ROW_5, 36, 36},
    {NAPFIRE_THRESHOLD_GUARD_CAP, 2, 2},
};

START_TEST(builtin_thresholds) {
    napfire_rules r;
    rules_new(&r);
    const napfire_rules *both[] = {&r, NULL};
    for (size_t k = 0; k < 2; k++)
        for (size_t i = 0; i < NF_NELEM(seed_thresholds); i++) {
            int32_t v = SENTINEL_I32;
            ck_assert_int_eq(napfire_rules_get_threshold(both[k], seed_thresholds[i].id, NAPFIRE_MEASURE_METRIC, &v),
                             NAPFIRE_OK);
            ck_assert_msg(v == seed_thresholds[i].metric, "%s metric = %d",
                          napfire_enum_name(NAPFIRE_ENUM_THRESHOLD, seed_thresholds[i].id), (int)v);
            ck_assert_int_eq(napfire_rules_get_threshold(both[k], seed_thresholds[i].id, NAPFIRE_MEASURE_IMPERIAL, &v),
                             NAPFIRE_OK);
            ck_assert_msg(v == seed_thresholds[i].imperial, "%s imperial = %d",
                          napfire_enum_name(NAPFIRE_ENUM_THRESHOLD, seed_thresholds[i].id), (int)v);
        }
    int32_t v = SENTINEL_I32;
    ck_assert_int_eq(napfire_rules_get_threshold(&r, 9, 0, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_threshold(&r, -1, 0, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_threshold(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, 2, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_threshold(&r, NAPFIRE_THRESHOLD_SCREEN, -1, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(v, SENTINEL_I32);
}
END_TEST

static int set_thr(napfire_rules *r, int32_t id, int32_t measure, int32_t value) {
    return napfire_rules_set_threshold(r, id, measure, value);
}

static int32_t get_thr(const napfire_rules *r, int32_t id, int32_t measure) {
    int32_t v = SENTINEL_I32;
    ck_assert_int_eq(napfire_rules_get_threshold(r, id, measure, &v), NAPFIRE_OK);
    return v;
}

/* F-DATA, F-SCR-1, F-ART-5/7, F-TAB-4, F-MOD-G */
START_TEST(threshold_set_get) {
    napfire_rules r;
    rules_new(&r);
    /* distances: per measure, 0..MAX */
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_SCREEN, NAPFIRE_MEASURE_METRIC, 0), NAPFIRE_OK);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_SCREEN, NAPFIRE_MEASURE_METRIC), 0);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_SCREEN, NAPFIRE_MEASURE_IMPERIAL), 30);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE, NAPFIRE_MEASURE_IMPERIAL, NAPFIRE_MAX_DISTANCE),
                     NAPFIRE_OK);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE, NAPFIRE_MEASURE_IMPERIAL), NAPFIRE_MAX_DISTANCE);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE, NAPFIRE_MEASURE_METRIC), 100);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_SCREEN, NAPFIRE_MEASURE_METRIC, NAPFIRE_MAX_DISTANCE + 1),
                     NAPFIRE_EDOMAIN);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_SCREEN, NAPFIRE_MEASURE_METRIC, -2), NAPFIRE_EDOMAIN);

    /* counts: one value whatever the measure */
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, NAPFIRE_MEASURE_IMPERIAL, 40), NAPFIRE_OK);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, NAPFIRE_MEASURE_METRIC), 40);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, NAPFIRE_MEASURE_IMPERIAL), 40);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, 0, 0), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, 0, NAPFIRE_MAX_FIGURES + 1), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, 0, NAPFIRE_MAX_FIGURES), NAPFIRE_OK);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, 2, 48), NAPFIRE_EDOMAIN);

    /* Guard cap 0..MAX_MODIFIER */
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_GUARD_CAP, 0, 0), NAPFIRE_OK);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_GUARD_CAP, 0, NAPFIRE_MAX_MODIFIER), NAPFIRE_OK);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_GUARD_CAP, NAPFIRE_MEASURE_IMPERIAL), NAPFIRE_MAX_MODIFIER);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_GUARD_CAP, 0, NAPFIRE_MAX_MODIFIER + 1), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_GUARD_CAP, 0, -2), NAPFIRE_EDOMAIN);

    /* unknown accepted for every threshold */
    for (int32_t id = 0; id <= NAPFIRE_THRESHOLD_GUARD_CAP; id++) {
        napfire_rules u;
        rules_new(&u);
        ck_assert_int_eq(set_thr(&u, id, NAPFIRE_MEASURE_METRIC, NAPFIRE_UNKNOWN), NAPFIRE_OK);
        int32_t v = 0;
        ck_assert_int_eq(napfire_rules_get_threshold(&u, id, NAPFIRE_MEASURE_METRIC, &v), NAPFIRE_EUNKNOWN);
        ck_assert_int_eq(v, NAPFIRE_UNKNOWN);
    }
    ck_assert_int_eq(set_thr(&r, 9, 0, 1), NAPFIRE_EDOMAIN);
}
END_TEST

/* Row thresholds stay strictly increasing (F-TAB-1). */
START_TEST(row_thresholds_increasing) {
    napfire_rules r;
    rules_new(&r);
    napfire_rules before;
    memcpy(&before, &r, sizeof before);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_ROW_3, 0, 12), NAPFIRE_EDOMAIN); /* = ROW_2 */
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_ROW_3, 0, 28), NAPFIRE_EDOMAIN); /* = ROW_4 */
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_ROW_2, 0, 20), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_ROW_5, 0, 28), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_ROW_5, 0, 10), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_ROW_2, 0, 0), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(memcmp(&before, &r, sizeof r), 0);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_ROW_3, 0, 13), NAPFIRE_OK);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_ROW_3, 0, 27), NAPFIRE_OK);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_ROW_2, 0, 1), NAPFIRE_OK);
    ck_assert_int_eq(set_thr(&r, NAPFIRE_THRESHOLD_ROW_5, 0, NAPFIRE_MAX_FIGURES), NAPFIRE_OK);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_ROW_2, 1), 1);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_ROW_3, 1), 27);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_ROW_4, 1), 28);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_ROW_5, 1), NAPFIRE_MAX_FIGURES);
}
END_TEST

/* Musketry cells: set/get round trip over all 45 cells; domain checks. */
/* F-DATA, F-TAB-4 */
START_TEST(musketry_set_get) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++) {
            int32_t h = -7, star = -7;
            ck_assert_int_eq(napfire_rules_get_musketry(&r, row, col, &h, &star), NAPFIRE_OK);
            ck_assert_int_eq(h, mu_halves(row, col));
            ck_assert_int_eq(star, mu_star(row, col));
        }
    /* bounds of halves */
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 2, 2, NAPFIRE_MAX_CELL_HALVES, 0), NAPFIRE_OK);
    int32_t h, star;
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 2, 2, &h, &star), NAPFIRE_OK);
    ck_assert_int_eq(h, NAPFIRE_MAX_CELL_HALVES);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 2, 2, NAPFIRE_MAX_CELL_HALVES, 1), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 2, 2, &h, &star), NAPFIRE_OK);
    ck_assert_int_eq(star, 1);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 2, 2, 2, 1), NAPFIRE_OK); /* 1* */

    napfire_rules before;
    memcpy(&before, &r, sizeof before);
    /* star only on whole figures N >= 1 */
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 2, 2, 0, 1), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 2, 2, 1, 1), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 2, 2, 5, 1), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 2, 2, NAPFIRE_UNKNOWN, 1), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 2, 2, 4, 2), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 2, 2, 4, -1), NAPFIRE_EDOMAIN);
    /* halves */
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 2, 2, NAPFIRE_MAX_CELL_HALVES + 1, 0), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 2, 2, -2, 0), NAPFIRE_EDOMAIN);
    /* indices */
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 5, 0, 0, 0), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, -1, 0, 0, 0), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 0, 9, 0, 0), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 0, -1, 0, 0), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(memcmp(&before, &r, sizeof r), 0);
    h = star = SENTINEL_I32;
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 5, 0, &h, &star), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 0, 9, &h, &star), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(h, SENTINEL_I32);
    ck_assert_int_eq(star, SENTINEL_I32);

    /* back to unknown */
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 3, 5, NAPFIRE_UNKNOWN, 0), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 3, 5, &h, &star), NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(h, NAPFIRE_UNKNOWN);
    ck_assert_int_eq(star, 0);
}
END_TEST

/* F-RNG ranges: set/get; effective <= long; each may be unknown. */
START_TEST(range_set_get) {
    napfire_rules r;
    rules_new(&r);
    int32_t e, l;
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_RIFLE, NAPFIRE_MEASURE_METRIC, 130, 260), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_get_range(&r, NAPFIRE_WEAPON_RIFLE, NAPFIRE_MEASURE_METRIC, &e, &l), NAPFIRE_OK);
    ck_assert_int_eq(e, 130);
    ck_assert_int_eq(l, 260);
    /* the other measure is a separate table (F-RNG-1) */
    ck_assert_int_eq(napfire_rules_get_range(&r, NAPFIRE_WEAPON_RIFLE, NAPFIRE_MEASURE_IMPERIAL, &e, &l), NAPFIRE_OK);
    ck_assert_int_eq(e, 70);
    ck_assert_int_eq(l, 140);
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_IMPERIAL, 50, 50), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_IMPERIAL, 0, 0), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_IMPERIAL, NAPFIRE_UNKNOWN, 100),
                     NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_get_range(&r, NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_IMPERIAL, &e, &l), NAPFIRE_OK);
    ck_assert_int_eq(e, NAPFIRE_UNKNOWN);
    ck_assert_int_eq(l, 100);
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_IMPERIAL, 60, NAPFIRE_UNKNOWN),
                     NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_get_range(&r, NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_IMPERIAL, &e, &l), NAPFIRE_OK);
    ck_assert_int_eq(e, 60);
    ck_assert_int_eq(l, NAPFIRE_UNKNOWN);

    napfire_rules before;
    memcpy(&before, &r, sizeof before);
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_RIFLE, NAPFIRE_MEASURE_METRIC, 200, 199),
                     NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_RIFLE, NAPFIRE_MEASURE_METRIC, -2, 100),
                     NAPFIRE_EDOMAIN);
    ck_assert_int_eq(
        napfire_rules_set_range(&r, NAPFIRE_WEAPON_RIFLE, NAPFIRE_MEASURE_METRIC, 100, NAPFIRE_MAX_DISTANCE + 1),
        NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_range(&r, 3, NAPFIRE_MEASURE_METRIC, 10, 20), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_range(&r, -1, NAPFIRE_MEASURE_METRIC, 10, 20), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_RIFLE, 2, 10, 20), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(memcmp(&before, &r, sizeof r), 0);
    e = l = SENTINEL_I32;
    ck_assert_int_eq(napfire_rules_get_range(&r, 3, 0, &e, &l), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_range(&r, 0, 2, &e, &l), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(e, SENTINEL_I32);
    ck_assert_int_eq(l, SENTINEL_I32);
}
END_TEST

/* F-DATA: no gun range and no artillery cell is known in the built-in data. */
START_TEST(builtin_artillery_unknown) {
    napfire_rules r;
    rules_new(&r);
    const napfire_rules *both[] = {&r, NULL};
    for (size_t k = 0; k < 2; k++)
        for (int32_t gun = 0; gun <= NAPFIRE_GUN_HOWITZER; gun++) {
            for (int32_t m = 0; m <= 1; m++) {
                int32_t c = 0, e = 0, l = 0;
                ck_assert_int_eq(napfire_rules_get_gun_range(both[k], gun, m, &c, &e, &l), NAPFIRE_OK);
                ck_assert_int_eq(c, NAPFIRE_UNKNOWN);
                ck_assert_int_eq(e, NAPFIRE_UNKNOWN);
                ck_assert_int_eq(l, NAPFIRE_UNKNOWN);
            }
            for (int32_t ammo = 0; ammo <= 1; ammo++)
                for (int32_t band = NAPFIRE_BAND_CANISTER; band <= NAPFIRE_BAND_LONG; band++)
                    for (int32_t col = 0; col < 9; col++) {
                        int32_t h = 0;
                        ck_assert_int_eq(napfire_rules_get_artillery(both[k], gun, ammo, band, col, &h),
                                         NAPFIRE_EUNKNOWN);
                        ck_assert_int_eq(h, NAPFIRE_UNKNOWN);
                    }
        }
}
END_TEST

/* F-ART-1 data: gun band maxima and artillery cells, set/get and domain. */
START_TEST(artillery_data_set_get) {
    napfire_rules r;
    made_up_artillery(&r);
    for (int32_t gun = 0; gun <= NAPFIRE_GUN_HOWITZER; gun++) {
        int32_t c, e, l;
        ck_assert_int_eq(napfire_rules_get_gun_range(&r, gun, NAPFIRE_MEASURE_METRIC, &c, &e, &l), NAPFIRE_OK);
        ck_assert_int_eq(c, ART_CAN_MM);
        ck_assert_int_eq(e, ART_EFF_MM);
        ck_assert_int_eq(l, ART_LONG_MM);
        ck_assert_int_eq(napfire_rules_get_gun_range(&r, gun, NAPFIRE_MEASURE_IMPERIAL, &c, &e, &l), NAPFIRE_OK);
        ck_assert_int_eq(c, ART_CAN_IN);
        ck_assert_int_eq(e, ART_EFF_IN);
        ck_assert_int_eq(l, ART_LONG_IN);
        for (int32_t ammo = 0; ammo <= 1; ammo++)
            for (int32_t band = NAPFIRE_BAND_CANISTER; band <= NAPFIRE_BAND_LONG; band++)
                for (int32_t col = 0; col < 9; col++) {
                    int32_t h = -7;
                    /* F-ART-1: canister beyond canister range stays unknown. */
                    int never_read = ammo == NAPFIRE_AMMO_CANISTER && band != NAPFIRE_BAND_CANISTER;
                    ck_assert_int_eq(napfire_rules_get_artillery(&r, gun, ammo, band, col, &h),
                                     never_read ? NAPFIRE_EUNKNOWN : NAPFIRE_OK);
                    ck_assert_int_eq(h, never_read ? -1 : art_halves(gun, ammo, band, col));
                }
    }
    napfire_rules before;
    memcpy(&before, &r, sizeof before);
    /* gun maxima must not decrease; equal is an empty band */
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P9, 0, 200, 100, 300), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P9, 0, 100, 300, 200), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P9, 0, -2, 300, 400), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, 5, 0, 1, 2, 3), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P9, 2, 1, 2, 3), NAPFIRE_EDOMAIN);
    /* cells: band CANISTER..LONG, halves 0..198 or unknown, no star */
    ck_assert_int_eq(napfire_rules_set_artillery(&r, 0, 0, NAPFIRE_BAND_NONE, 0, 2), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_artillery(&r, 0, 0, 4, 0, 2), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_artillery(&r, 5, 0, 1, 0, 2), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_artillery(&r, 0, 2, 1, 0, 2), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_artillery(&r, 0, 0, 1, 9, 2), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_artillery(&r, 0, 0, 1, 0, NAPFIRE_MAX_CELL_HALVES + 1), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_set_artillery(&r, 0, 0, 1, 0, -2), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(memcmp(&before, &r, sizeof r), 0);

    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P9, 0, 100, 100, 100), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P9, 0, NAPFIRE_UNKNOWN, 300, NAPFIRE_UNKNOWN),
                     NAPFIRE_OK);
    int32_t c, e, l;
    ck_assert_int_eq(napfire_rules_get_gun_range(&r, NAPFIRE_GUN_P9, 0, &c, &e, &l), NAPFIRE_OK);
    ck_assert_int_eq(c, NAPFIRE_UNKNOWN);
    ck_assert_int_eq(e, 300);
    ck_assert_int_eq(l, NAPFIRE_UNKNOWN);
    ck_assert_int_eq(napfire_rules_set_artillery(&r, 0, 0, 1, 0, NAPFIRE_MAX_CELL_HALVES), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_artillery(&r, 0, 0, 1, 1, NAPFIRE_UNKNOWN), NAPFIRE_OK);
    int32_t h = 0;
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 0, 0, 1, 1, &h), NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(h, NAPFIRE_UNKNOWN);
    h = SENTINEL_I32;
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 0, 0, 0, 1, &h), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(h, SENTINEL_I32);
}
END_TEST

/* F-DATA provenance: non-empty built-in texts, ENOSPC with the length,
 * round trip, length limits, UTF-8. */
START_TEST(provenance) {
    napfire_rules r;
    rules_new(&r);
    const size_t limits[] = {63, 31, 127};
    for (int32_t field = 0; field <= 2; field++) {
        char buf[256];
        size_t len = 9999;
        ck_assert_int_eq(napfire_rules_get_provenance(&r, field, buf, sizeof buf, &len), NAPFIRE_OK);
        ck_assert_uint_gt(len, 0);
        ck_assert_uint_le(len, limits[field]);
        ck_assert_uint_eq(strlen(buf), len);
        char nbuf[256];
        size_t nlen = 0;
        ck_assert_int_eq(napfire_rules_get_provenance(NULL, field, nbuf, sizeof nbuf, &nlen), NAPFIRE_OK);
        ck_assert_str_eq(nbuf, buf);

        /* too small: ENOSPC, the length reported, the buffer untouched */
        char small[256];
        memset(small, SENTINEL_BYTE, sizeof small);
        size_t slen = 9999;
        ck_assert_int_eq(napfire_rules_get_provenance(&r, field, small, len, &slen), NAPFIRE_ENOSPC);
        ck_assert_uint_eq(slen, len);
        for (size_t i = 0; i < sizeof small; i++)
            ck_assert_int_eq((unsigned char)small[i], SENTINEL_BYTE);
        slen = 9999;
        ck_assert_int_eq(napfire_rules_get_provenance(&r, field, small, 1, &slen), NAPFIRE_ENOSPC);
        ck_assert_uint_eq(slen, len);
        /* exactly enough */
        ck_assert_int_eq(napfire_rules_get_provenance(&r, field, small, len + 1, &slen), NAPFIRE_OK);
        ck_assert_str_eq(small, buf);

        /* limits: at the limit OK, one more byte EDOMAIN */
        char text[200];
        memset(text, 'a', limits[field]);
        text[limits[field]] = '\0';
        ck_assert_int_eq(napfire_rules_set_provenance(&r, field, text), NAPFIRE_OK);
        ck_assert_int_eq(napfire_rules_get_provenance(&r, field, buf, sizeof buf, &len), NAPFIRE_OK);
        ck_assert_uint_eq(len, limits[field]);
        ck_assert_str_eq(buf, text);
        napfire_rules before;
        memcpy(&before, &r, sizeof before);
        memset(text, 'b', limits[field] + 1);
        text[limits[field] + 1] = '\0';
        ck_assert_int_eq(napfire_rules_set_provenance(&r, field, text), NAPFIRE_EDOMAIN);
        /* invalid UTF-8: stray continuation, overlong (2, 3 and 4 bytes),
         * truncated, surrogate, beyond U+10FFFF, lead byte F5; a control
         * character */
        const char *bad[] = {"\x80",
                             "ab\xff",
                             "\xc0\xaf",
                             "x\xc3",
                             "\xed\xa0\x80",
                             "\xe2\x82",
                             "\xe0\x80\xaf",
                             "\xf0\x80\x80\xaf",
                             "\xf4\x90\x80\x80",
                             "\xf5\x80\x80\x80",
                             "line\nbreak",
                             "tab\there",
                             "del\x7f"};
        for (size_t i = 0; i < NF_NELEM(bad); i++)
            ck_assert_msg(napfire_rules_set_provenance(&r, field, bad[i]) == NAPFIRE_EDOMAIN,
                          "provenance %d accepted bad text #%zu", (int)field, i);
        ck_assert_int_eq(memcmp(&before, &r, sizeof r), 0);

        /* the last code point, U+10FFFF, is valid */
        ck_assert_int_eq(napfire_rules_set_provenance(&r, field, "\xf4\x8f\xbf\xbf"), NAPFIRE_OK);
        /* multi-byte UTF-8 round trip */
        const char *utf8 = "Правила \xc2\xbd 5*"; /* Cyrillic and "½" */
        ck_assert_int_eq(napfire_rules_set_provenance(&r, field, utf8), NAPFIRE_OK);
        ck_assert_int_eq(napfire_rules_get_provenance(&r, field, buf, sizeof buf, &len), NAPFIRE_OK);
        ck_assert_str_eq(buf, utf8);
        ck_assert_uint_eq(len, strlen(utf8));
    }
    /* the three fields are independent */
    ck_assert_int_eq(napfire_rules_set_provenance(&r, NAPFIRE_PROVENANCE_NAME, "House rules"), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_provenance(&r, NAPFIRE_PROVENANCE_EDITION, "2nd"), NAPFIRE_OK);
    char buf[64];
    size_t len;
    ck_assert_int_eq(napfire_rules_get_provenance(&r, NAPFIRE_PROVENANCE_NAME, buf, sizeof buf, &len), NAPFIRE_OK);
    ck_assert_str_eq(buf, "House rules");
    ck_assert_int_eq(napfire_rules_get_provenance(&r, NAPFIRE_PROVENANCE_EDITION, buf, sizeof buf, &len), NAPFIRE_OK);
    ck_assert_str_eq(buf, "2nd");
    ck_assert_int_eq(napfire_rules_set_provenance(&r, 3, "x"), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_provenance(&r, 3, buf, sizeof buf, &len), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_provenance(&r, -1, buf, sizeof buf, &len), NAPFIRE_EDOMAIN);
}
END_TEST

/* Rules are values: a copy keeps its data; rules_init resets. */
/* F-DATA */
START_TEST(rules_init_resets) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_SCREEN, 0, 77), NAPFIRE_OK);
    rules_new(&r);
    check_builtin_musketry(&r);
    ck_assert_int_eq(get_thr(&r, NAPFIRE_THRESHOLD_SCREEN, 0), 50);
}
END_TEST

static Suite *rules_suite(void) {
    Suite *s = suite_create("rules_data");
    TCase *tc = tcase_create("builtin");
    tcase_add_test(tc, builtin_musketry_cells);
    tcase_add_test(tc, null_rules_is_builtin);
    tcase_add_test(tc, builtin_ranges);
    tcase_add_test(tc, builtin_musketry_modifiers);
    tcase_add_test(tc, builtin_artillery_modifiers_unknown);
    tcase_add_test(tc, builtin_thresholds);
    tcase_add_test(tc, builtin_artillery_unknown);
    suite_add_tcase(s, tc);
    TCase *ts = tcase_create("set_get");
    tcase_add_test(ts, modifier_id_domain);
    tcase_add_test(ts, modifier_set_get);
    tcase_add_test(ts, threshold_set_get);
    tcase_add_test(ts, row_thresholds_increasing);
    tcase_add_test(ts, musketry_set_get);
    tcase_add_test(ts, range_set_get);
    tcase_add_test(ts, artillery_data_set_get);
    tcase_add_test(ts, provenance);
    tcase_add_test(ts, rules_init_resets);
    suite_add_tcase(s, ts);
    return s;
}

int main(void) {
    return run_suite(rules_suite());
}
