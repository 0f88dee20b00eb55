/* SPDX-License-Identifier: MIT */
/*
 * Describing a missing datum (F-DATA, doc/rules-format.md):
 * napfire_missing_describe() and napfire_rules_next_unknown().
 *
 *   misuse       EINVAL, EDOMAIN (kinds, indices, styles, never-read data),
 *                ENOSPC with the buffer untouched, both sides of cap
 *   every datum  for every datum the rules can read, the PATCH line with
 *                its '?' replaced by a value parses and changes exactly
 *                that datum; the sentence names it without a '?'
 *   patch path   for a sweep of musketry and artillery shots from the
 *                built-in data, following only the library's PATCH lines
 *                reaches a resolved distribution, one datum per patch
 *
 * Every value this file writes into a rules object is MADE UP for the
 * test (no rulebook gives them): see made_up_value().
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "napfire.h"

#define TEXT_CAP 32768

static void rules_new(napfire_rules *r) {
    ck_assert_int_eq(napfire_rules_init(r, sizeof *r), NAPFIRE_OK);
}

/* Every datum unknown: the base on which each one shows alone. */
static void all_unknown(napfire_rules *r) {
    rules_new(r);
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++)
            ck_assert_int_eq(napfire_rules_set_musketry(r, row, col, -1, 0), NAPFIRE_OK);
    for (int32_t w = 0; w < 3; w++)
        for (int32_t m = 0; m < 2; m++)
            ck_assert_int_eq(napfire_rules_set_range(r, w, m, -1, -1), NAPFIRE_OK);
    for (int32_t fire = 0; fire < 2; fire++)
        for (int32_t id = 0; id < 20; id++)
            for (int32_t v = 0; v < 2; v++) {
                int st = napfire_rules_set_modifier(r, fire, id, v, NAPFIRE_MODIFIER_UNKNOWN);
                ck_assert(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN);
            }
    for (int32_t id = 0; id < 9; id++)
        for (int32_t m = 0; m < 2; m++)
            ck_assert_int_eq(napfire_rules_set_threshold(r, id, m, -1), NAPFIRE_OK);
}

static int describe(int32_t missing, const int32_t ix[4], int32_t style, char *buf, size_t cap) {
    size_t len = 0;
    int st = napfire_missing_describe(missing, ix, style, buf, cap, &len);
    if (st == NAPFIRE_OK) {
        ck_assert_uint_eq(strlen(buf), len);
        ck_assert_ptr_null(strchr(buf, '\n'));
    }
    return st;
}

/* ---- misuse ------------------------------------------------------------ */

START_TEST(misuse) {
    char buf[256];
    size_t len = 0;
    const int32_t cell[4] = {3, 5, -1, -1};
    ck_assert_int_eq(napfire_missing_describe(1, NULL, 0, buf, sizeof buf, &len), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_missing_describe(1, cell, 0, buf, sizeof buf, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_missing_describe(1, cell, 0, NULL, 1, &len), NAPFIRE_EINVAL);
    /* kinds: NONE and beyond THRESHOLD */
    ck_assert_int_eq(describe(NAPFIRE_MISSING_NONE, cell, 0, buf, sizeof buf), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(describe(6, cell, 0, buf, sizeof buf), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(describe(-1, cell, 0, buf, sizeof buf), NAPFIRE_EDOMAIN);
    /* styles: both sides */
    ck_assert_int_eq(describe(1, cell, NAPFIRE_DESCRIBE_SENTENCE, buf, sizeof buf), NAPFIRE_OK);
    ck_assert_int_eq(describe(1, cell, 2, buf, sizeof buf), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(describe(1, cell, -1, buf, sizeof buf), NAPFIRE_EDOMAIN);
    /* indices: both sides of each bound */
    static const struct {
        int32_t missing, ix[4];
        int ok;
    } idx[] = {
        {NAPFIRE_MISSING_MUSKETRY_CELL, {4, 8, -1, -1}, 1},
        {NAPFIRE_MISSING_MUSKETRY_CELL, {5, 0, -1, -1}, 0},
        {NAPFIRE_MISSING_MUSKETRY_CELL, {0, 9, -1, -1}, 0},
        {NAPFIRE_MISSING_MUSKETRY_CELL, {-1, 0, -1, -1}, 0},
        {NAPFIRE_MISSING_ARTILLERY_CELL, {4, 0, NAPFIRE_BAND_LONG, 8}, 1},
        {NAPFIRE_MISSING_ARTILLERY_CELL, {5, 0, NAPFIRE_BAND_LONG, 8}, 0},
        {NAPFIRE_MISSING_ARTILLERY_CELL, {0, 0, NAPFIRE_BAND_NONE, 0}, 0},
        /* F-ART-1: canister is never read beyond canister range */
        {NAPFIRE_MISSING_ARTILLERY_CELL, {0, 1, NAPFIRE_BAND_CANISTER, 0}, 1},
        {NAPFIRE_MISSING_ARTILLERY_CELL, {0, 1, NAPFIRE_BAND_EFFECTIVE, 0}, 0},
        {NAPFIRE_MISSING_RANGE, {2, 1, NAPFIRE_ARM_LIGHT_INFANTRY, NAPFIRE_BAND_LONG}, 1},
        {NAPFIRE_MISSING_RANGE, {3, 1, NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_BAND_LONG}, 0},
        {NAPFIRE_MISSING_RANGE, {0, 0, NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_BAND_CANISTER}, 0},
        {NAPFIRE_MISSING_RANGE, {0, 0, NAPFIRE_ARM_CAVALRY, NAPFIRE_BAND_EFFECTIVE}, 0},
        {NAPFIRE_MISSING_RANGE, {4, 1, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_BAND_CANISTER}, 1},
        {NAPFIRE_MISSING_RANGE, {4, 2, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_BAND_CANISTER}, 0},
        {NAPFIRE_MISSING_MODIFIER, {0, NAPFIRE_MOD_COVER, 1, -1}, 1},
        {NAPFIRE_MISSING_MODIFIER, {0, NAPFIRE_MOD_GUARD, 1, -1}, 0},
        {NAPFIRE_MISSING_MODIFIER, {0, NAPFIRE_MOD_MOVED_HALF, 0, -1}, 0},
        {NAPFIRE_MISSING_MODIFIER, {1, NAPFIRE_MOD_MOVED_HALF, 0, -1}, 1},
        {NAPFIRE_MISSING_MODIFIER, {1, NAPFIRE_MOD_GUARD, 0, -1}, 0},
        {NAPFIRE_MISSING_MODIFIER, {2, NAPFIRE_MOD_COVER, 0, -1}, 0},
        {NAPFIRE_MISSING_THRESHOLD, {NAPFIRE_THRESHOLD_GUARD_CAP, 1, -1, -1}, 1},
        {NAPFIRE_MISSING_THRESHOLD, {NAPFIRE_THRESHOLD_GUARD_CAP, 2, -1, -1}, 0},
        {NAPFIRE_MISSING_THRESHOLD, {9, 0, -1, -1}, 0},
        {NAPFIRE_MISSING_THRESHOLD, {NAPFIRE_THRESHOLD_SCREEN, 2, -1, -1}, 0},
    };
    for (size_t i = 0; i < sizeof idx / sizeof idx[0]; i++)
        for (int32_t style = 0; style < 2; style++)
            ck_assert_msg(describe(idx[i].missing, idx[i].ix, style, buf, sizeof buf) ==
                              (idx[i].ok ? NAPFIRE_OK : NAPFIRE_EDOMAIN),
                          "case %zu style %d", i, (int)style);
    /* ENOSPC: the length needed, the buffer untouched; exactly len + 1 fits */
    ck_assert_int_eq(describe(1, cell, 0, buf, sizeof buf), NAPFIRE_OK);
    size_t need = strlen(buf);
    char small[256];
    memset(small, 'x', sizeof small);
    len = 0;
    ck_assert_int_eq(napfire_missing_describe(1, cell, 0, small, need, &len), NAPFIRE_ENOSPC);
    ck_assert_uint_eq(len, need);
    for (size_t i = 0; i < sizeof small; i++)
        ck_assert_int_eq(small[i], 'x');
    ck_assert_int_eq(napfire_missing_describe(1, cell, 0, NULL, 0, &len), NAPFIRE_ENOSPC);
    ck_assert_uint_eq(len, need);
    ck_assert_int_eq(napfire_missing_describe(1, cell, 0, small, need + 1, &len), NAPFIRE_OK);
    ck_assert_str_eq(small, buf);
    ck_assert_str_eq(buf, "musketry.row4 = . . . . . ? . . .");
    ck_assert_int_eq(describe(1, cell, 1, buf, sizeof buf), NAPFIRE_OK);
    ck_assert_str_eq(buf, "musketry table, row 4 (medium line, 28 or more firing figures), "
                          "modified roll 11-12");

    /* next_unknown */
    int32_t cursor = 0, missing = 0, ix[4];
    ck_assert_int_eq(napfire_rules_next_unknown(NULL, NULL, &missing, ix), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_next_unknown(NULL, &cursor, NULL, ix), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_next_unknown(NULL, &cursor, &missing, NULL), NAPFIRE_EINVAL);
    cursor = -1;
    ck_assert_int_eq(napfire_rules_next_unknown(NULL, &cursor, &missing, ix), NAPFIRE_EDOMAIN);
    napfire_rules junk;
    memset(&junk, 0x5A, sizeof junk);
    cursor = 0;
    ck_assert_int_eq(napfire_rules_next_unknown(&junk, &cursor, &missing, ix), NAPFIRE_ESTATE);
    cursor = 1000000;
    ck_assert_int_eq(napfire_rules_next_unknown(NULL, &cursor, &missing, ix), NAPFIRE_OK);
    ck_assert_int_eq(missing, NAPFIRE_MISSING_NONE);
}
END_TEST

/* ---- every datum --------------------------------------------------------- */

/* A made-up value for a datum (TEST DATA, not rules): cells rise with the
 * roll, band maxima with the band, modifiers are 0. */
static void made_up_value(int32_t missing, const int32_t ix[4], char *out, size_t cap) {
    switch (missing) {
        case NAPFIRE_MISSING_MUSKETRY_CELL:
            snprintf(out, cap, "%d", (int)(1 + ix[1] / 2));
            break;
        case NAPFIRE_MISSING_ARTILLERY_CELL:
            snprintf(out, cap, "%d", (int)(1 + ix[3] / 2));
            break;
        case NAPFIRE_MISSING_RANGE: /* band 1..3 */
            snprintf(out, cap, "%d", (int)(ix[3] * (ix[1] == NAPFIRE_MEASURE_METRIC ? 400 : 160)));
            break;
        case NAPFIRE_MISSING_MODIFIER:
            snprintf(out, cap, "0");
            break;
        default: /* thresholds: the Guard cap 0..20, rows rising with their id */
            snprintf(out, cap, "%d", ix[0] == NAPFIRE_THRESHOLD_GUARD_CAP ? 2 : (int)(10 + 10 * ix[0]));
            break;
    }
}

/* Lines of text, split at '\n', into a table (pointers into text). */
static size_t split_lines(char *text, char **lines, size_t max) {
    size_t n = 0;
    for (char *p = strtok(text, "\n"); p && n < max; p = strtok(NULL, "\n"))
        lines[n++] = p;
    return n;
}

/* Apply one PATCH line with its '?' replaced; check that exactly one value
 * of the formatted text changed, at the '?''s place. */
static void apply_patch(napfire_rules *r, int32_t missing, const int32_t ix[4]) {
    static char before[TEXT_CAP], after[TEXT_CAP];
    char line[512], value[32], text[600];
    ck_assert_int_eq(describe(missing, ix, NAPFIRE_DESCRIBE_PATCH, line, sizeof line), NAPFIRE_OK);
    char sentence[512];
    ck_assert_int_eq(describe(missing, ix, NAPFIRE_DESCRIBE_SENTENCE, sentence, sizeof sentence), NAPFIRE_OK);
    ck_assert_ptr_null(strchr(sentence, '?'));
    ck_assert_uint_gt(strlen(sentence), 10);
    char *q = strchr(line, '?');
    ck_assert_ptr_nonnull(q);
    ck_assert_ptr_null(strchr(q + 1, '?'));
    made_up_value(missing, ix, value, sizeof value);
    snprintf(text, sizeof text, "napfire-rules 1\n%.*s%s%s\n", (int)(q - line), line, value, q + 1);

    size_t bl, al;
    ck_assert_int_eq(napfire_rules_format(r, before, sizeof before, &bl), NAPFIRE_OK);
    napfire_parse_error e;
    int st = napfire_rules_parse(r, text, strlen(text), &e);
    ck_assert_msg(st == NAPFIRE_OK, "%s: %d:%d %s", text, (int)e.line, (int)e.column, e.message);
    ck_assert_int_eq(napfire_rules_format(r, after, sizeof after, &al), NAPFIRE_OK);

    /* Exactly one line differs, it is the patched key, and in it exactly
     * the value at the '?''s place. */
    static char *bls[1024], *als[1024];
    size_t nb = split_lines(before, bls, 1024), na = split_lines(after, als, 1024);
    ck_assert_uint_eq(nb, na);
    size_t diffs = 0, at = 0;
    for (size_t i = 0; i < nb; i++)
        if (strcmp(bls[i], als[i]) != 0) {
            diffs++;
            at = i;
        }
    ck_assert_msg(diffs == 1, "%s changed %zu lines", text, diffs);
    size_t key_len = (size_t)(strchr(line, ' ') - line);
    ck_assert_int_eq(strncmp(als[at], line, key_len), 0);
    /* the '?' is token number k after '=' */
    size_t k = 0;
    for (const char *p = strchr(line, '=') + 1; p < q; p++)
        if (*p == ' ' && p[1] != ' ')
            k++;
    char *sb = NULL, *sa = NULL;
    char *tb = strtok_r(strchr(bls[at], '=') + 1, " ", &sb);
    char *ta = strtok_r(strchr(als[at], '=') + 1, " ", &sa);
    for (size_t t = 1; tb && ta; t++) {
        if (t == k)
            ck_assert_str_ne(tb, ta);
        else
            ck_assert_str_eq(tb, ta);
        tb = strtok_r(NULL, " ", &sb);
        ta = strtok_r(NULL, " ", &sa);
    }
    ck_assert(tb == NULL && ta == NULL);
}

/* F-DATA: every datum the rules can read, alone on an all-unknown base:
 * counts per kind, and each PATCH line sets exactly that datum. */
START_TEST(every_datum) {
    napfire_rules base;
    all_unknown(&base);
    int32_t per_kind[6] = {0}, cursor = 0, missing, ix[4];
    for (int guard = 0; guard < 1000; guard++) {
        ck_assert_int_eq(napfire_rules_next_unknown(&base, &cursor, &missing, ix), NAPFIRE_OK);
        if (missing == NAPFIRE_MISSING_NONE)
            break;
        ck_assert(missing >= 1 && missing <= 5);
        per_kind[missing]++;
        napfire_rules r;
        memcpy(&r, &base, sizeof r);
        apply_patch(&r, missing, ix);
    }
    ck_assert_int_eq(per_kind[NAPFIRE_MISSING_MUSKETRY_CELL], 45);
    /* 5 guns x (roundshot at 3 bands + canister at canister range) x 9 */
    ck_assert_int_eq(per_kind[NAPFIRE_MISSING_ARTILLERY_CELL], 180);
    ck_assert_int_eq(per_kind[NAPFIRE_MISSING_RANGE], 3 * 2 * 2 + 5 * 2 * 3);
    ck_assert_int_eq(per_kind[NAPFIRE_MISSING_MODIFIER], 18 + 12);
    ck_assert_int_eq(per_kind[NAPFIRE_MISSING_THRESHOLD], 3 * 2 + 2 + 4);
    /* The built-in data: 251 unknown, none of them never-read. */
    int32_t n = 0;
    cursor = 0;
    for (int guard = 0; guard < 1000; guard++) {
        ck_assert_int_eq(napfire_rules_next_unknown(NULL, &cursor, &missing, ix), NAPFIRE_OK);
        if (missing == NAPFIRE_MISSING_NONE)
            break;
        n++;
    }
    ck_assert_int_eq(n, 251);
}
END_TEST

/* ---- the patch path ------------------------------------------------------- */

static void unit(napfire_unit *u, int32_t arm) {
    ck_assert_int_eq(napfire_unit_init(u, sizeof *u, arm), NAPFIRE_OK);
}

/* Follow PATCH lines from the built-in data until the shot resolves. */
static int follow(const napfire_shot *s, napfire_rules *r) {
    napfire_outcome out[64];
    for (int step = 0; step < 64; step++) {
        size_t count = 0;
        napfire_result v;
        int st = napfire_shot_distribution(s, r, out, 64, &count, &v);
        if (st == NAPFIRE_OK) {
            uint32_t sum = 0;
            for (size_t i = 0; i < count; i++)
                sum += (uint32_t)out[i].weight;
            ck_assert_uint_eq(sum, 216);
            return step;
        }
        ck_assert_int_eq(st, NAPFIRE_EUNKNOWN);
        ck_assert_int_ne(v.missing, NAPFIRE_MISSING_NONE);
        apply_patch(r, v.missing, v.missing_index);
    }
    ck_abort_msg("no resolution after 64 patches");
    return -1;
}

/* F-DATA, F-TAB, F-RNG: musketry from every row, formation and band. */
START_TEST(patch_path_musketry) {
    static const int32_t figures[] = {8, 12, 20, 28, 36, 48};
    static const int32_t formations[] = {NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES,
                                         NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, NAPFIRE_FORMATION_SQUARE};
    static const int32_t distances[] = {50, 150, 250};
    int patched = 0;
    for (size_t f = 0; f < sizeof figures / sizeof figures[0]; f++)
        for (size_t o = 0; o < sizeof formations / sizeof formations[0]; o++)
            for (size_t d = 0; d < sizeof distances / sizeof distances[0]; d++) {
                napfire_unit firer, target;
                unit(&firer, NAPFIRE_ARM_LINE_INFANTRY);
                unit(&target, NAPFIRE_ARM_LINE_INFANTRY);
                ck_assert_int_eq(napfire_unit_set(&firer, NAPFIRE_UNIT_FIGURES, figures[f]), NAPFIRE_OK);
                ck_assert_int_eq(napfire_unit_set(&firer, NAPFIRE_UNIT_FORMATION, formations[o]), NAPFIRE_OK);
                napfire_shot s;
                ck_assert_int_eq(napfire_shot_init(&s, sizeof s, &firer, &target), NAPFIRE_OK);
                ck_assert_int_eq(napfire_shot_set(&s, NAPFIRE_SHOT_DISTANCE, distances[d]), NAPFIRE_OK);
                napfire_rules r;
                rules_new(&r);
                patched += follow(&s, &r);
            }
    ck_assert_int_gt(patched, 0);
}
END_TEST

/* F-DATA, F-ART-1: artillery from every gun, ammunition and band. */
START_TEST(patch_path_artillery) {
    static const int32_t distances[] = {100, 500, 900, 2000};
    int patched = 0;
    for (int32_t gun = 0; gun < 5; gun++)
        for (int32_t ammo = 0; ammo < 2; ammo++)
            for (size_t d = 0; d < sizeof distances / sizeof distances[0]; d++)
                for (int32_t m = 0; m < 2; m++) {
                    napfire_unit firer, target;
                    unit(&firer, NAPFIRE_ARM_FOOT_ARTILLERY);
                    unit(&target, NAPFIRE_ARM_LINE_INFANTRY);
                    ck_assert_int_eq(napfire_unit_set(&firer, NAPFIRE_UNIT_GUN, gun), NAPFIRE_OK);
                    ck_assert_int_eq(napfire_unit_set(&firer, NAPFIRE_UNIT_FIGURES, 2), NAPFIRE_OK);
                    ck_assert_int_eq(
                        napfire_unit_set(&target, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS),
                        NAPFIRE_OK);
                    napfire_shot s;
                    ck_assert_int_eq(napfire_shot_init(&s, sizeof s, &firer, &target), NAPFIRE_OK);
                    ck_assert_int_eq(napfire_shot_set(&s, NAPFIRE_SHOT_MEASURE, m), NAPFIRE_OK);
                    ck_assert_int_eq(napfire_shot_set(&s, NAPFIRE_SHOT_AMMO, ammo), NAPFIRE_OK);
                    ck_assert_int_eq(
                        napfire_shot_set(&s, NAPFIRE_SHOT_DISTANCE, m ? distances[d] * 4 / 10 : distances[d]),
                        NAPFIRE_OK);
                    napfire_rules r;
                    rules_new(&r);
                    patched += follow(&s, &r);
                }
    ck_assert_int_gt(patched, 0);
}
END_TEST

int main(void) {
    Suite *s = suite_create("describe");
    TCase *tc = tcase_create("describe");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, misuse);
    tcase_add_test(tc, every_datum);
    tcase_add_test(tc, patch_path_musketry);
    tcase_add_test(tc, patch_path_artillery);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
