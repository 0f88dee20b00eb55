/* SPDX-License-Identifier: MIT */
/*
 * napfire_rules_check_next() and napfire_rules_coverage(): each finding on
 * both sides of its threshold (F-TAB-1 rows that fall or undercut the row
 * above, F-RNG and F-ART-1 empty bands, F-ART-1 lighter guns reaching
 * farther, F-RNG-1 metric and imperial maxima apart, F-DATA names), the
 * sweep's figures for the built-in and complete data, and misuse: every
 * bad argument refused with nothing written.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "napfire.h"

static void rules_new(napfire_rules *r) {
    ck_assert_int_eq(napfire_rules_init(r, sizeof *r), NAPFIRE_OK);
}

/* Made-up test data under a name of its own (no F-DATA name finding). */
static void rules_named(napfire_rules *r) {
    rules_new(r);
    ck_assert_int_eq(napfire_rules_set_provenance(r, NAPFIRE_PROVENANCE_NAME, "TEST DATA, MADE UP"), NAPFIRE_OK);
}

struct found {
    int32_t check[32], missing[32], index[32][4];
    char text[32][256];
    int n;
};

static void walk(const napfire_rules *r, struct found *f) {
    memset(f, 0, sizeof *f);
    int32_t cursor = 0;
    for (int guard = 0; guard < 200; guard++) {
        size_t len = 0;
        int n = f->n < 31 ? f->n : 31;
        ck_assert_int_eq(napfire_rules_check_next(r, &cursor, &f->check[n], &f->missing[n], f->index[n], f->text[n],
                                                  sizeof f->text[n], &len),
                         NAPFIRE_OK);
        ck_assert_uint_eq(len, strlen(f->text[n]));
        if (f->check[n] == NAPFIRE_CHECK_NONE) {
            ck_assert_uint_eq(len, 0);
            ck_assert_int_eq(f->missing[n], NAPFIRE_MISSING_NONE);
            return;
        }
        f->n++;
    }
    ck_abort_msg("the walk did not end");
}

static void expect_one(const napfire_rules *r, int32_t check, const char *text) {
    struct found f;
    walk(r, &f);
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.check[0], check);
    ck_assert_str_eq(f.text[0], text);
}

static void expect_none(const napfire_rules *r) {
    struct found f;
    walk(r, &f);
    ck_assert_msg(f.n == 0, "unexpected finding: %s", f.text[0]);
}

static void set_row(napfire_rules *r, int32_t row, const int32_t halves[9]) {
    for (int32_t c = 0; c < 9; c++)
        ck_assert_int_eq(napfire_rules_set_musketry(r, row, c, halves[c], 0), NAPFIRE_OK);
}

/* F-DATA: the built-in data has no finding, NULL and a copy alike. */
START_TEST(builtin_clean) {
    napfire_rules r;
    rules_new(&r);
    expect_none(NULL);
    expect_none(&r);
}
END_TEST

/* F-TAB-1: a row that falls as the roll rises; equal neighbours do not. */
START_TEST(falling_row) {
    napfire_rules r;
    rules_named(&r);
    set_row(&r, 2, (const int32_t[9]){0, 0, 1, 2, 4, 3, 6, 6, 8});
    expect_one(&r, NAPFIRE_CHECK_FALLING_ROW,
               "musketry.row3: 2 at modified roll 9-10 but 1\xC2\xBD at 11-12: casualties fall as the modified roll "
               "rises");
    struct found f;
    walk(&r, &f);
    ck_assert_int_eq(f.missing[0], NAPFIRE_MISSING_MUSKETRY_CELL);
    ck_assert_int_eq(f.index[0][0], 2); /* index 2 is row 3 */
    set_row(&r, 2, (const int32_t[9]){0, 0, 1, 2, 4, 4, 6, 6, 8});
    expect_none(&r);
}
END_TEST

/* F-TAB-1: a larger row inflicting fewer casualties than the row above. */
START_TEST(row_below) {
    napfire_rules r;
    rules_named(&r);
    set_row(&r, 2, (const int32_t[9]){0, 0, 1, 2, 4, 4, 6, 6, 8});
    set_row(&r, 3, (const int32_t[9]){0, 1, 2, 2, 3, 10, 10, 10, 10});
    expect_one(&r, NAPFIRE_CHECK_ROW_BELOW,
               "musketry.row4 inflicts fewer casualties than the smaller musketry.row3 at modified roll 9-10");
    set_row(&r, 3, (const int32_t[9]){0, 1, 2, 2, 4, 10, 10, 10, 10});
    expect_none(&r);
}
END_TEST

/* F-ART-1: an empty gun band; F-RNG: an infantry weapon's empty long band
 * (sharpshooters have one band, F-RNG-3: never a finding). */
START_TEST(empty_bands) {
    napfire_rules r;
    rules_named(&r);
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P6, NAPFIRE_MEASURE_METRIC, 100, 400, 400),
                     NAPFIRE_OK);
    expect_one(&r, NAPFIRE_CHECK_EMPTY_BAND,
               "gun_range.p6.mm: the long band is empty (its maximum equals the one before)");
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P6, NAPFIRE_MEASURE_METRIC, 100, 400, 401),
                     NAPFIRE_OK);
    expect_none(&r);
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_RIFLE, NAPFIRE_MEASURE_METRIC, 300, 300), NAPFIRE_OK);
    expect_one(&r, NAPFIRE_CHECK_EMPTY_BAND,
               "range.rifle.mm: the long band is empty (its maximum equals the effective one)");
    rules_named(&r);
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_SHARPSHOOTER, NAPFIRE_MEASURE_METRIC, 300, 300),
                     NAPFIRE_OK);
    expect_none(&r);
}
END_TEST

/* F-ART-1: a heavier gun reaches at least as far; F-RNG-1: the measures
 * within a factor of 2 (a tenth of an inch is 2.54 mm). */
START_TEST(guns_and_measures) {
    napfire_rules r;
    rules_named(&r);
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P6, NAPFIRE_MEASURE_METRIC, 100, 400, 800),
                     NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P9, NAPFIRE_MEASURE_METRIC, 100, 300, 800),
                     NAPFIRE_OK);
    expect_one(&r, NAPFIRE_CHECK_LIGHTER_GUN, "gun_range.p9.mm: the lighter p6 reaches farther at effective range");
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P9, NAPFIRE_MEASURE_METRIC, 100, 400, 800),
                     NAPFIRE_OK);
    expect_none(&r);
    /* 100 mm is 39.4 tenths: 78 tenths (198 mm) is within a factor of 2,
     * 79 (200.7 mm) not */
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P6, NAPFIRE_MEASURE_IMPERIAL, 78, 158, 315),
                     NAPFIRE_OK);
    expect_none(&r);
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P6, NAPFIRE_MEASURE_IMPERIAL, 79, 158, 315),
                     NAPFIRE_OK);
    expect_one(&r, NAPFIRE_CHECK_MEASURES,
               "gun_range.p6.tenths: the metric and imperial canister maxima disagree by more than a factor of 2");
}
END_TEST

/* F-ART-1: an artillery row that falls; canister ammunition beyond
 * canister range is never read, so never checked. */
START_TEST(artillery_row) {
    napfire_rules r;
    rules_named(&r);
    const int32_t row[9] = {0, 1, 2, 4, 2, 4, 6, 6, 8};
    for (int32_t c = 0; c < 9; c++)
        ck_assert_int_eq(
            napfire_rules_set_artillery(&r, NAPFIRE_GUN_P9, NAPFIRE_AMMO_ROUNDSHOT, NAPFIRE_BAND_LONG, c, row[c]),
            NAPFIRE_OK);
    expect_one(&r, NAPFIRE_CHECK_FALLING_ROW,
               "artillery.p9.roundshot.long: 2 at modified roll 7-8 but 1 at 9-10: casualties fall as the modified "
               "roll rises");
    ck_assert_int_eq(napfire_rules_set_artillery(&r, NAPFIRE_GUN_P9, NAPFIRE_AMMO_ROUNDSHOT, NAPFIRE_BAND_LONG, 4, 4),
                     NAPFIRE_OK);
    expect_none(&r);
}
END_TEST

/* F-DATA: changed data under the built-in name or the placeholder. */
START_TEST(names) {
    napfire_rules r;
    rules_new(&r);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 0, 8, 6, 0), NAPFIRE_OK);
    expect_one(&r, NAPFIRE_CHECK_BUILTIN_NAME,
               "name: the data differ from the built-in data but keep its name \"Napoleonic figure-scale fire: the "
               "source texts\": name your rules");
    struct found f;
    walk(&r, &f);
    ck_assert_int_eq(f.missing[0], NAPFIRE_MISSING_NONE);
    ck_assert_int_eq(f.index[0][0], -1);
    ck_assert_int_eq(napfire_rules_set_provenance(&r, NAPFIRE_PROVENANCE_NAME, NAPFIRE_RULES_PLACEHOLDER_NAME),
                     NAPFIRE_OK);
    expect_one(&r, NAPFIRE_CHECK_UNNAMED,
               "name: the data differ from the built-in data but the name is still the template's \"your rules: "
               "name them\": name your rules");
    ck_assert_int_eq(napfire_rules_set_provenance(&r, NAPFIRE_PROVENANCE_NAME, "House rules"), NAPFIRE_OK);
    expect_none(&r);
    /* the data back as built in: no finding under either name */
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 0, 8, NAPFIRE_UNKNOWN, 0), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_provenance(&r, NAPFIRE_PROVENANCE_NAME, NAPFIRE_RULES_PLACEHOLDER_NAME),
                     NAPFIRE_OK);
    expect_none(&r);
}
END_TEST

START_TEST(check_misuse) {
    napfire_rules r;
    rules_new(&r);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 0, 8, 6, 0), NAPFIRE_OK); /* one finding */
    int32_t cursor = 0, check = 99, missing = 99, index[4] = {7, 7, 7, 7};
    char buf[256] = "x";
    size_t len = 0;
    ck_assert_int_eq(napfire_rules_check_next(&r, NULL, &check, &missing, index, buf, sizeof buf, &len),
                     NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_check_next(&r, &cursor, NULL, &missing, index, buf, sizeof buf, &len),
                     NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_check_next(&r, &cursor, &check, NULL, index, buf, sizeof buf, &len), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_check_next(&r, &cursor, &check, &missing, NULL, buf, sizeof buf, &len),
                     NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_check_next(&r, &cursor, &check, &missing, index, NULL, 4, &len), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_check_next(&r, &cursor, &check, &missing, index, buf, sizeof buf, NULL),
                     NAPFIRE_EINVAL);
    cursor = -1;
    ck_assert_int_eq(napfire_rules_check_next(&r, &cursor, &check, &missing, index, buf, sizeof buf, &len),
                     NAPFIRE_EDOMAIN);
    cursor = 1000;
    ck_assert_int_eq(napfire_rules_check_next(&r, &cursor, &check, &missing, index, buf, sizeof buf, &len),
                     NAPFIRE_EDOMAIN);
    /* short buffer: the length needed, nothing else written */
    cursor = 0;
    ck_assert_int_eq(napfire_rules_check_next(&r, &cursor, &check, &missing, index, buf, 10, &len), NAPFIRE_ENOSPC);
    ck_assert_uint_gt(len, 10);
    ck_assert_int_eq(cursor, 0);
    ck_assert_int_eq(check, 99);
    ck_assert_str_eq(buf, "x");
    ck_assert_int_eq(napfire_rules_check_next(&r, &cursor, &check, &missing, index, buf, len, &len), NAPFIRE_ENOSPC);
    ck_assert_int_eq(napfire_rules_check_next(&r, &cursor, &check, &missing, index, buf, len + 1, &len), NAPFIRE_OK);
    ck_assert_int_eq(check, NAPFIRE_CHECK_BUILTIN_NAME);
    /* at the end: stays at the end */
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(napfire_rules_check_next(&r, &cursor, &check, &missing, index, buf, 1, &len), NAPFIRE_OK);
        ck_assert_int_eq(check, NAPFIRE_CHECK_NONE);
    }
    /* uninitialised and corrupted rules */
    napfire_rules bad;
    memset(&bad, 0, sizeof bad);
    cursor = 0;
    ck_assert_int_eq(napfire_rules_check_next(&bad, &cursor, &check, &missing, index, buf, sizeof buf, &len),
                     NAPFIRE_ESTATE);
    rules_new(&bad);
    ((unsigned char *)&bad)[40] ^= 1;
    ck_assert_int_eq(napfire_rules_check_next(&bad, &cursor, &check, &missing, index, buf, sizeof buf, &len),
                     NAPFIRE_ESTATE);
}
END_TEST

/* The sweep: 5 sizes x 7 formations x 2 bands x 11 rolls of musketry,
 * 5 guns x 2 ammunitions x 3 bands x 11 rolls of artillery. */
START_TEST(coverage_builtin) {
    static napfire_blocker b[NAPFIRE_COVERAGE_BLOCKERS_MAX];
    int32_t shots[2], resolved[2];
    size_t n = 0;
    ck_assert_int_eq(napfire_rules_coverage(NULL, shots, resolved, b, NAPFIRE_COVERAGE_BLOCKERS_MAX, &n), NAPFIRE_OK);
    ck_assert_int_eq(shots[NAPFIRE_FIRE_MUSKETRY], 770);
    ck_assert_int_eq(shots[NAPFIRE_FIRE_ARTILLERY], 330);
    ck_assert_int_eq(resolved[NAPFIRE_FIRE_MUSKETRY], 542);
    ck_assert_int_eq(resolved[NAPFIRE_FIRE_ARTILLERY], 0); /* F-DATA: no artillery number */
    int32_t blocked = 0;
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_ne(b[i].missing, NAPFIRE_MISSING_NONE);
        if (i)
            ck_assert_int_ge(b[i - 1].shots, b[i].shots);
        blocked += b[i].shots;
    }
    ck_assert_int_eq(blocked, 770 - 542 + 330);
    /* F-TAB-1: row 1, modified roll 11-12 blocks the most musketry */
    ck_assert_int_eq(b[0].missing, NAPFIRE_MISSING_MUSKETRY_CELL);
    ck_assert_int_eq(b[0].index[0], 0);
    ck_assert_int_eq(b[0].index[1], 5);
    ck_assert_int_eq(b[0].shots, 92);
    /* a short buffer: the figures complete, the first entries ranked */
    napfire_blocker few[2];
    int32_t s2[2], r2[2];
    ck_assert_int_eq(napfire_rules_coverage(NULL, s2, r2, few, 2, &n), NAPFIRE_ENOSPC);
    ck_assert_uint_eq(n, 2);
    ck_assert_int_eq(s2[0], 770);
    ck_assert_int_eq(r2[0], 542);
    ck_assert_int_ge(few[0].shots, few[1].shots);
}
END_TEST

START_TEST(coverage_complete_and_misuse) {
    napfire_rules r;
    rules_named(&r);
    for (int32_t row = 0; row < 5; row++)
        set_row(&r, row, (const int32_t[9]){0, 0, 1, 2, 3, 4, 5, 6, 7});
    int32_t shots[2] = {-1, -1}, resolved[2] = {-1, -1};
    size_t n = 99;
    ck_assert_int_eq(napfire_rules_coverage(&r, shots, resolved, NULL, 0, &n), NAPFIRE_ENOSPC);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(resolved[NAPFIRE_FIRE_MUSKETRY], 770); /* every musketry cell known */
    ck_assert_int_eq(napfire_rules_coverage(&r, NULL, resolved, NULL, 0, &n), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_coverage(&r, shots, NULL, NULL, 0, &n), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_coverage(&r, shots, resolved, NULL, 0, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_coverage(&r, shots, resolved, NULL, 3, &n), NAPFIRE_EINVAL);
    napfire_rules bad;
    memset(&bad, 0, sizeof bad);
    ck_assert_int_eq(napfire_rules_coverage(&bad, shots, resolved, NULL, 0, &n), NAPFIRE_ESTATE);
}
END_TEST

/* F-TAB-1: a cell index off by one (a 1-based loop) is refused, names
 * nothing it did not check, and changes nothing: the whole rules object
 * keeps its bytes, both at the upper edge and below 0. */
START_TEST(bad_index_changes_nothing) {
    napfire_rules r, before;
    rules_named(&r);
    ck_assert_int_eq(napfire_rules_set_musketry(&r, 4, 8, 14, 1), NAPFIRE_OK); /* both sides: the last cell */
    memcpy(&before, &r, sizeof r);
    const int32_t bad[][2] = {{5, 0}, {0, 9}, {-1, 0}, {0, -1}, {5, 9}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(napfire_rules_set_musketry(&r, bad[i][0], bad[i][1], 2, 0), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(
            napfire_rules_set_artillery(&r, 0, 0, NAPFIRE_BAND_CANISTER, bad[i][1] == 0 ? 9 : bad[i][1], 2),
            NAPFIRE_EDOMAIN);
        ck_assert_mem_eq(&r, &before, sizeof r);
    }
}
END_TEST

int main(void) {
    Suite *s = suite_create("check");
    TCase *tc = tcase_create("check");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, builtin_clean);
    tcase_add_test(tc, falling_row);
    tcase_add_test(tc, row_below);
    tcase_add_test(tc, empty_bands);
    tcase_add_test(tc, guns_and_measures);
    tcase_add_test(tc, artillery_row);
    tcase_add_test(tc, names);
    tcase_add_test(tc, check_misuse);
    tcase_add_test(tc, coverage_builtin);
    tcase_add_test(tc, coverage_complete_and_misuse);
    tcase_add_test(tc, bad_index_changes_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
