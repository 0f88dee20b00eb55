/* SPDX-License-Identifier: MIT */
/*
 * napfire_shot_table, the table lookup on its own (F-TAB-1..4, F-ART-1):
 * both tables, the star, modified rolls below 1 and above 18, unknown
 * cells, misuse, and agreement with napfire_shot_resolve's row, column and
 * table_halves on every permitted shot of a sweep, with the built-in data,
 * a MADE-UP complete table (tests/figure/nftest.h) and tests/data/synthetic.txt
 * (both invented test data, not from any rulebook).
 *
 * Usage: test_table SYNTHETIC_TXT
 */
#include <stdio.h>

#include "nftest.h"

static const char *synthetic_path;

/* The independent model of F-TAB-3: bands of two, below 1 none, above 18
 * the last column. */
static int32_t model_column(int32_t roll) {
    if (roll < 1)
        return -1;
    return roll > 18 ? 8 : (roll - 1) / 2;
}

/* Built-in data with the made-up complete musketry table. */
static void made_up_rules(napfire_rules *r) {
    rules_new(r);
    made_up_musketry(r);
}

/* Table lookup that must succeed. */
static void table_ok(const napfire_shot *s, const napfire_rules *r, int32_t roll, int32_t *row, int32_t *col,
                     int32_t *halves) {
    *row = *col = *halves = SENTINEL_I32;
    int st = napfire_shot_table(s, r, roll, row, col, halves);
    ck_assert_msg(st == NAPFIRE_OK, "napfire_shot_table(roll %d) returned %s", (int)roll, napfire_status_name(st));
}

/* Table lookup that must fail with st and leave every output alone. */
static void table_fails(const napfire_shot *s, const napfire_rules *r, int32_t roll, int want) {
    int32_t row = SENTINEL_I32, col = SENTINEL_I32, halves = SENTINEL_I32;
    int st = napfire_shot_table(s, r, roll, &row, &col, &halves);
    ck_assert_msg(st == want, "napfire_shot_table returned %s, wanted %s", napfire_status_name(st),
                  napfire_status_name(want));
    ck_assert_int_eq(row, SENTINEL_I32);
    ck_assert_int_eq(col, SENTINEL_I32);
    ck_assert_int_eq(halves, SENTINEL_I32);
}

/* F-TAB-1/2/3: every row by figures and formation cap, every column. */
START_TEST(musketry_rows_and_columns) {
    static const struct {
        int32_t formation, figures, row;
    } cases[] = {
        {NAPFIRE_FORMATION_LINE, 11, 0},
        {NAPFIRE_FORMATION_LINE, 12, 1},
        {NAPFIRE_FORMATION_LINE, 19, 1},
        {NAPFIRE_FORMATION_LINE, 20, 2},
        {NAPFIRE_FORMATION_LINE, 27, 2},
        {NAPFIRE_FORMATION_LINE, 28, 3},
        {NAPFIRE_FORMATION_LINE, 35, 3},
        {NAPFIRE_FORMATION_LINE, 36, 4},
        {NAPFIRE_FORMATION_OPEN_ORDER, 40, 4},
        {NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, 40, 1},
        {NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, 11, 0},
        {NAPFIRE_FORMATION_COLUMN_OF_COMPANIES, 40, 0},
        {NAPFIRE_FORMATION_SQUARE, 40, 0},
        {NAPFIRE_FORMATION_MASSED_COLUMN, 40, 0},
        {NAPFIRE_FORMATION_MASS, 40, 0},
    };
    napfire_rules r;
    made_up_rules(&r);
    napfire_unit f, t;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    for (size_t i = 0; i < NF_NELEM(cases); i++) {
        infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, cases[i].formation, cases[i].figures);
        napfire_shot s;
        shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 150);
        for (int32_t roll = 1; roll <= 18; roll++) {
            int32_t row, col, halves;
            table_ok(&s, &r, roll, &row, &col, &halves);
            ck_assert_int_eq(row, cases[i].row);
            ck_assert_int_eq(col, (roll - 1) / 2);
            /* Under 48 figures the star adds nothing (F-TAB-4). */
            ck_assert_int_eq(halves, mu_halves(cases[i].row, col));
        }
    }
}
END_TEST

/* F-TAB-3: both sides of 1 and of 18, far outside too. */
START_TEST(rolls_below_1_and_above_18) {
    napfire_rules r;
    made_up_rules(&r);
    napfire_unit f, t;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 30);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    napfire_shot s;
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    static const int32_t rolls[] = {INT32_MIN, -20, -1, 0, 1, 2, 17, 18, 19, 20, 40, INT32_MAX};
    for (size_t i = 0; i < NF_NELEM(rolls); i++) {
        int32_t row, col, halves;
        table_ok(&s, &r, rolls[i], &row, &col, &halves);
        ck_assert_int_eq(row, 3);
        ck_assert_int_eq(col, model_column(rolls[i]));
        ck_assert_int_eq(halves, col < 0 ? 0 : mu_halves(3, col));
    }
}
END_TEST

/* F-TAB-4: the star by the firer's current strength, 47 vs 48, and its
 * threshold is data. */
START_TEST(star) {
    napfire_rules r;
    made_up_rules(&r);
    napfire_unit f47, f48, t;
    infantry(&f47, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 47);
    infantry(&f48, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 48);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    napfire_shot s47, s48;
    shot_at(&s47, &f47, &t, NAPFIRE_MEASURE_METRIC, 50);
    shot_at(&s48, &f48, &t, NAPFIRE_MEASURE_METRIC, 50);
    for (int32_t col = 0; col < 9; col++) {
        int32_t roll = 2 * col + 1, row, c, halves;
        table_ok(&s47, &r, roll, &row, &c, &halves);
        ck_assert_int_eq(row, 4);
        ck_assert_int_eq(halves, mu_halves(4, col));
        table_ok(&s48, &r, roll, &row, &c, &halves);
        ck_assert_int_eq(halves, mu_halves(4, col) + (mu_star(4, col) ? 2 : 0));
    }
    /* Firing figures do not decide the star: the current strength does. */
    sset(&s48, NAPFIRE_SHOT_FIRING_FIGURES, 40);
    int32_t row, col, halves;
    table_ok(&s48, &r, 7, &row, &col, &halves);
    ck_assert_int_eq(row, 4);
    ck_assert_int_eq(halves, mu_halves(4, 3) + 2);
    /* An unknown star threshold is unknown data, on starred cells only. */
    ck_assert_int_eq(
        napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, NAPFIRE_MEASURE_METRIC, NAPFIRE_UNKNOWN),
        NAPFIRE_OK);
    table_fails(&s48, &r, 7, NAPFIRE_EUNKNOWN);
    table_ok(&s48, &r, 3, &row, &col, &halves);
    ck_assert_int_eq(halves, mu_halves(4, 1));
}
END_TEST

/* F-DATA: the built-in data knows row 4, 11-12 = 5 (F-EX-1) and the text
 * cells; everything else is unknown, never guessed. */
START_TEST(unknown_cells) {
    napfire_unit f, t;
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
    napfire_shot s;
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 150);
    int32_t row, col, halves;
    table_ok(&s, NULL, 11, &row, &col, &halves); /* F-EX-1 */
    ck_assert_int_eq(row, 3);
    ck_assert_int_eq(col, 5);
    ck_assert_int_eq(halves, 10);
    table_ok(&s, NULL, 4, &row, &col, &halves); /* "½" */
    ck_assert_int_eq(halves, 1);
    table_fails(&s, NULL, 5, NAPFIRE_EUNKNOWN);
    table_fails(&s, NULL, 13, NAPFIRE_EUNKNOWN);
    table_fails(&s, NULL, 30, NAPFIRE_EUNKNOWN);
    /* Below 1 reads no cell, so nothing unknown is needed. */
    table_ok(&s, NULL, 0, &row, &col, &halves);
    ck_assert_int_eq(col, -1);
    ck_assert_int_eq(halves, 0);
    /* An unknown row threshold below the cap is unknown; above it, unread. */
    napfire_rules r;
    made_up_rules(&r);
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_ROW_4, NAPFIRE_MEASURE_METRIC, NAPFIRE_UNKNOWN),
                     NAPFIRE_OK);
    table_fails(&s, &r, 9, NAPFIRE_EUNKNOWN);
    napfire_unit cd;
    infantry(&cd, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, 30);
    napfire_shot s2;
    shot_at(&s2, &cd, &t, NAPFIRE_MEASURE_METRIC, 150);
    table_ok(&s2, &r, 9, &row, &col, &halves);
    ck_assert_int_eq(row, 1);
    ck_assert_int_eq(halves, mu_halves(1, 4));
}
END_TEST

/* F-ART-1: one row per gun x ammunition x band; the band is read. */
START_TEST(artillery_rows) {
    napfire_rules r;
    made_up_artillery(&r);
    napfire_unit t;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    static const struct {
        int32_t distance, band;
    } bands[] = {{0, NAPFIRE_BAND_CANISTER},
                 {ART_CAN_MM, NAPFIRE_BAND_CANISTER},
                 {ART_CAN_MM + 1, NAPFIRE_BAND_EFFECTIVE},
                 {ART_EFF_MM, NAPFIRE_BAND_EFFECTIVE},
                 {ART_EFF_MM + 1, NAPFIRE_BAND_LONG},
                 {ART_LONG_MM, NAPFIRE_BAND_LONG},
                 {ART_LONG_MM + 1, NAPFIRE_BAND_NONE}};
    for (int32_t gun = NAPFIRE_GUN_LIGHT; gun <= NAPFIRE_GUN_HOWITZER; gun++) {
        napfire_unit f;
        battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, gun, 2);
        for (int32_t ammo = NAPFIRE_AMMO_ROUNDSHOT; ammo <= NAPFIRE_AMMO_CANISTER; ammo++)
            for (size_t b = 0; b < NF_NELEM(bands); b++) {
                napfire_shot s;
                shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, bands[b].distance);
                sset(&s, NAPFIRE_SHOT_AMMO, ammo);
                int no_row = bands[b].band == NAPFIRE_BAND_NONE ||
                             (ammo == NAPFIRE_AMMO_CANISTER && bands[b].band != NAPFIRE_BAND_CANISTER);
                for (int32_t roll = -1; roll <= 20; roll++) {
                    int32_t row, col, halves;
                    table_ok(&s, &r, roll, &row, &col, &halves);
                    if (no_row) {
                        ck_assert_int_eq(row, -1);
                        ck_assert_int_eq(col, -1);
                        ck_assert_int_eq(halves, 0);
                        continue;
                    }
                    ck_assert_int_eq(row, (gun * 2 + ammo) * 3 + bands[b].band - 1);
                    ck_assert_int_eq(col, model_column(roll));
                    ck_assert_int_eq(halves, col < 0 ? 0 : art_halves(gun, ammo, bands[b].band, col));
                }
            }
    }
    /* The built-in data knows no gun range: the band is unknown. */
    napfire_unit f;
    battery(&f, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_GUN_P6, 2);
    napfire_shot s;
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 100);
    table_fails(&s, NULL, 7, NAPFIRE_EUNKNOWN);
    /* Ranges known, cells not. */
    napfire_rules g;
    rules_new(&g);
    made_up_gun_ranges(&g);
    table_fails(&s, &g, 7, NAPFIRE_EUNKNOWN);
    int32_t row, col, halves;
    table_ok(&s, &g, 0, &row, &col, &halves);
    ck_assert_int_eq(row, (NAPFIRE_GUN_P6 * 2 + NAPFIRE_AMMO_ROUNDSHOT) * 3);
    ck_assert_int_eq(col, -1);
}
END_TEST

/* Misuse: NULLs, bad state, missing distance, uncovered firers; outputs
 * untouched every time. */
START_TEST(misuse) {
    napfire_unit f, t, cav, sk;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 30);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    napfire_shot s;
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    int32_t a = SENTINEL_I32, b = SENTINEL_I32, c = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_table(NULL, NULL, 5, &a, &b, &c), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_table(&s, NULL, 5, NULL, &b, &c), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_table(&s, NULL, 5, &a, NULL, &c), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_table(&s, NULL, 5, &a, &b, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(a, SENTINEL_I32);
    ck_assert_int_eq(b, SENTINEL_I32);
    ck_assert_int_eq(c, SENTINEL_I32);
    /* Garbage storage. */
    napfire_shot junk;
    memset(&junk, SENTINEL_BYTE, sizeof junk);
    table_fails(&junk, NULL, 5, NAPFIRE_ESTATE);
    napfire_rules bad;
    memset(&bad, SENTINEL_BYTE, sizeof bad);
    table_fails(&s, &bad, 5, NAPFIRE_ESTATE);
    /* No distance yet. */
    napfire_shot nodist;
    shot_new(&nodist, &f, &t);
    table_fails(&nodist, NULL, 5, NAPFIRE_EINVAL);
    /* F-TAB-6: no table for cavalry or skirmish-order fire. */
    unit_new(&cav, NAPFIRE_ARM_CAVALRY);
    uset(&cav, NAPFIRE_UNIT_FIGURES, 12);
    napfire_shot sc;
    shot_at(&sc, &cav, &t, NAPFIRE_MEASURE_METRIC, 50);
    table_fails(&sc, NULL, 5, NAPFIRE_EDOMAIN);
    infantry(&sk, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_SKIRMISH, 12);
    napfire_shot ss;
    shot_at(&ss, &sk, &t, NAPFIRE_MEASURE_METRIC, 50);
    table_fails(&ss, NULL, 5, NAPFIRE_EDOMAIN);
}
END_TEST

/* ---- agreement with napfire_shot_resolve -------------------------- */

static int32_t agreed, unknown_agreed;

/* Every roll of the shot: where resolve permits it, the table gives
 * exactly its row, column and table_halves; where resolve needs an unknown
 * cell, so does the table. */
static void agree(const napfire_shot *s, const napfire_rules *r) {
    for (int32_t roll = 2; roll <= 12; roll++) {
        napfire_result res;
        int st = napfire_shot_resolve(s, r, roll, 1, &res);
        if (st == NAPFIRE_EUNKNOWN &&
            (res.missing == NAPFIRE_MISSING_MUSKETRY_CELL || res.missing == NAPFIRE_MISSING_ARTILLERY_CELL)) {
            table_fails(s, r, res.modified_roll, NAPFIRE_EUNKNOWN);
            unknown_agreed++;
            continue;
        }
        if (st != NAPFIRE_OK || !res.permitted)
            continue;
        int32_t row, col, halves;
        table_ok(s, r, res.modified_roll, &row, &col, &halves);
        ck_assert_int_eq(row, res.row);
        ck_assert_int_eq(col, res.column);
        ck_assert_int_eq(halves, res.table_halves);
        agreed++;
    }
}

static void sweep(const napfire_rules *r) {
    static const int32_t formations[] = {NAPFIRE_FORMATION_LINE,
                                         NAPFIRE_FORMATION_COLUMN_OF_COMPANIES,
                                         NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS,
                                         NAPFIRE_FORMATION_MASSED_COLUMN,
                                         NAPFIRE_FORMATION_SQUARE,
                                         NAPFIRE_FORMATION_MASS,
                                         NAPFIRE_FORMATION_OPEN_ORDER};
    static const int32_t figures[] = {6, 12, 20, 28, 36, 47, 48, 60};
    static const int32_t classes[] = {NAPFIRE_CLASS_GUARD, NAPFIRE_CLASS_LINE, NAPFIRE_CLASS_MILITIA};
    static const int32_t distances[] = {50, 150, 260};
    static const int32_t targets[] = {NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_SQUARE, NAPFIRE_FORMATION_SKIRMISH};
    napfire_unit f, t;
    napfire_shot s;
    for (size_t a = 0; a < NF_NELEM(formations); a++)
        for (size_t b = 0; b < NF_NELEM(figures); b++)
            for (size_t c = 0; c < NF_NELEM(classes); c++)
                for (size_t d = 0; d < NF_NELEM(distances); d++)
                    for (size_t e = 0; e < NF_NELEM(targets); e++) {
                        infantry(&f, NAPFIRE_NATION_BRITAIN, classes[c], formations[a], figures[b]);
                        uset(&f, NAPFIRE_UNIT_WEAPON, d == 2 ? NAPFIRE_WEAPON_RIFLE : NAPFIRE_WEAPON_MUSKET);
                        plain_target(&t, targets[e]);
                        shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, distances[d]);
                        agree(&s, r);
                    }
    static const int32_t gun_distances[] = {100, 300, 600, 2000};
    for (int32_t gun = NAPFIRE_GUN_LIGHT; gun <= NAPFIRE_GUN_HOWITZER; gun++)
        for (int32_t ammo = NAPFIRE_AMMO_ROUNDSHOT; ammo <= NAPFIRE_AMMO_CANISTER; ammo++)
            for (size_t d = 0; d < NF_NELEM(gun_distances); d++)
                for (size_t e = 0; e < NF_NELEM(targets); e++) {
                    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, gun, 3);
                    plain_target(&t, targets[e]);
                    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, gun_distances[d]);
                    sset(&s, NAPFIRE_SHOT_AMMO, ammo);
                    agree(&s, r);
                }
}

static void load_synthetic(napfire_rules *r) {
    ck_assert_msg(synthetic_path != NULL, "usage: test_table SYNTHETIC_TXT");
    FILE *fp = fopen(synthetic_path, "rb");
    ck_assert_msg(fp != NULL, "cannot open %s", synthetic_path);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text, fp);
    fclose(fp);
    ck_assert(n > 0 && n < sizeof text);
    rules_new(r);
    napfire_parse_error e;
    int st = napfire_rules_parse(r, text, n, &e);
    ck_assert_msg(st == NAPFIRE_OK, "%s:%d:%d: %s", synthetic_path, (int)e.line, (int)e.column, e.message);
}

START_TEST(agrees_with_resolve) {
    napfire_rules made_up, synthetic;
    made_up_artillery(&made_up);
    made_up_musketry(&made_up);
    load_synthetic(&synthetic);
    const napfire_rules *sets[] = {NULL, &made_up, &synthetic};
    int32_t permitted[3];
    for (size_t i = 0; i < NF_NELEM(sets); i++) {
        agreed = unknown_agreed = 0;
        sweep(sets[i]);
        permitted[i] = agreed;
        /* The built-in data leaves most cells unknown: both sides seen. */
        if (i == 0)
            ck_assert_int_gt(unknown_agreed, 0);
        else
            ck_assert_int_eq(unknown_agreed, 0);
    }
    /* The complete tables resolve every permitted shot of the sweep; the
     * built-in data resolves some. */
    ck_assert_int_gt(permitted[0], 0);
    ck_assert_int_gt(permitted[1], permitted[0]);
    ck_assert_int_gt(permitted[2], permitted[0]);
}
END_TEST

static Suite *table_suite(void) {
    Suite *s = suite_create("table");
    TCase *tc = tcase_create("lookup");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, musketry_rows_and_columns);
    tcase_add_test(tc, rolls_below_1_and_above_18);
    tcase_add_test(tc, star);
    tcase_add_test(tc, unknown_cells);
    tcase_add_test(tc, artillery_rows);
    tcase_add_test(tc, misuse);
    tcase_add_test(tc, agrees_with_resolve);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv) {
    if (argc > 1)
        synthetic_path = argv[1];
    return run_suite(table_suite());
}
