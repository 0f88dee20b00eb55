/* SPDX-License-Identifier: MIT */
/*
 * napfire_resolve_indexed_dice: a simulation's trials over a few distinct
 * shots (F-CAS-3, F-CAS-4: the half die only when a half remains),
 * checked against napfire_resolve_many_dice over the shots the indexes
 * name, laid out one per trial, with the same seed: the same statuses,
 * results and casualties, byte for byte, and the generator left in the
 * same state. Then every refusal: nothing written, nothing rolled.
 *
 * The tables come from tests/figure/nftest.h: MADE-UP TEST DATA, not from
 * any rulebook.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "napfire.h"
#include "nftest.h"

#define KINDS 41   /* distinct shots */
#define TRIALS 997 /* trials: every kind many times, in no order */

/* Made-up complete musketry and artillery data. */
static void made_up_rules(napfire_rules *r) {
    made_up_artillery(r);
    made_up_musketry(r);
}

/* Distinct shots that reach every path: whole and half cells, a
 * second-class firer (no half die, F-CAS-2), long range, a screen
 * (F-SCR-1), a shot the rules forbid, artillery with either ammunition. */
static void make_kinds(napfire_shot *shots, int n) {
    static const int32_t formations[] = {NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS,
                                         NAPFIRE_FORMATION_SQUARE, NAPFIRE_FORMATION_OPEN_ORDER};
    for (int i = 0; i < n; i++) {
        napfire_unit f, t;
        plain_target(&t, formations[(i / 2) % 4]);
        if (i % 6 == 5) {
            battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, i % 5, 2 + i % 4);
            int32_t mm = 60 + (i * 53) % 700;
            shot_at(&shots[i], &f, &t, NAPFIRE_MEASURE_METRIC, mm);
            if (i % 4 == 1 && mm <= ART_CAN_MM)
                sset(&shots[i], NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
            continue;
        }
        infantry(&f, i % 9, i % 7, formations[i % 4], 6 + (i * 5) % 50);
        if (i % 11 == 10)
            uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 1); /* forbidden: ALREADY_FIRED */
        shot_at(&shots[i], &f, &t, NAPFIRE_MEASURE_METRIC, 20 + (i * 13) % 230);
        if (i % 4 == 0) {
            sset(&shots[i], NAPFIRE_SHOT_SCREEN, 1);
            sset(&shots[i], NAPFIRE_SHOT_SCREEN_DISTANCE, 40);
        }
    }
}

static napfire_shot kinds[KINDS], laid_out[TRIALS];
static uint32_t idx[TRIALS];
static napfire_result want[TRIALS], got[TRIALS];
static int32_t want_st[TRIALS], got_st[TRIALS], got_cas[TRIALS];

/* Indexes in no order, every kind used (a multiplicative walk mod KINDS),
 * and the array napfire_resolve_many_dice takes for the same trials. */
static void make_trials(size_t n) {
    for (size_t i = 0; i < n; i++) {
        idx[i] = (uint32_t)((i * 17 + i / KINDS) % KINDS);
        laid_out[i] = kinds[idx[i]];
    }
}

/* The indexed batch equals the dice batch over the laid-out shots. */
static void run_both(const napfire_rules *r, size_t n, uint64_t seed) {
    napfire_dice a, b;
    ck_assert_int_eq(napfire_dice_init(&a, sizeof a, seed, 11), NAPFIRE_OK);
    b = a;
    memset(want, SENTINEL_BYTE, sizeof want);
    memset(got, SENTINEL_BYTE, sizeof got);
    ck_assert_int_eq(napfire_resolve_many_dice(laid_out, n, r, &a, want, want_st, NULL, NULL), NAPFIRE_OK);
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, KINDS, r, idx, n, &b, got_st, got_cas, got), NAPFIRE_OK);
    ck_assert_mem_eq(got_st, want_st, n * sizeof want_st[0]);
    ck_assert_mem_eq(got, want, n * sizeof want[0]);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(got_cas[i], want_st[i] == NAPFIRE_OK ? want[i].casualties : 0);
    ck_assert_mem_eq(&a, &b, sizeof a);
}

/* F-CAS-3, F-CAS-4: same seed, same results as the dice batch, for a
 * batch with a plan (many trials) and without (fewer than 32). */
START_TEST(indexed_equals_dice_batch) {
    napfire_rules r;
    made_up_rules(&r);
    make_kinds(kinds, KINDS);
    make_trials(TRIALS);
    static const size_t sizes[] = {TRIALS, 31, 32, 7, 1};
    int halves = 0, whole = 0, forbidden = 0, screened = 0;
    for (uint64_t seed = 1; seed <= 6; seed++)
        for (size_t k = 0; k < NF_NELEM(sizes); k++) {
            run_both(&r, sizes[k], seed);
            for (size_t i = 0; i < sizes[k]; i++) {
                ck_assert_int_eq(got_st[i], NAPFIRE_OK);
                halves += got[i].half_die_used;
                whole += got[i].permitted && !got[i].half_die_used;
                forbidden += !got[i].permitted;
                screened += got[i].screen_casualties > 0;
            }
        }
    /* The sweep reaches every path. */
    ck_assert_int_gt(halves, 0);
    ck_assert_int_gt(whole, 0);
    ck_assert_int_gt(forbidden, 0);
    ck_assert_int_gt(screened, 0);
}
END_TEST

/* F-DATA: with the built-in data many trials are unknown: EUNKNOWN,
 * casualties 0, results as the dice batch leaves them. */
START_TEST(indexed_unknown_trials) {
    make_kinds(kinds, KINDS);
    make_trials(TRIALS);
    run_both(NULL, TRIALS, 99);
    int unknown = 0, ok = 0;
    for (size_t i = 0; i < TRIALS; i++) {
        unknown += got_st[i] == NAPFIRE_EUNKNOWN;
        ok += got_st[i] == NAPFIRE_OK;
    }
    ck_assert_int_gt(unknown, 0);
    ck_assert_int_gt(ok, 0);
}
END_TEST

/* A corrupted distinct shot fails in its trials alone (ESTATE,
 * casualties 0); the others and the dice go on as the dice batch's. */
START_TEST(indexed_bad_kind) {
    napfire_rules r;
    made_up_rules(&r);
    make_kinds(kinds, KINDS);
    memset(&kinds[3], 0, sizeof kinds[3]);
    make_trials(TRIALS);
    run_both(&r, TRIALS, 5);
    int bad = 0;
    for (size_t i = 0; i < TRIALS; i++) {
        ck_assert_int_eq(got_st[i], idx[i] == 3 ? NAPFIRE_ESTATE : NAPFIRE_OK);
        bad += idx[i] == 3;
    }
    ck_assert_int_gt(bad, 0);
}
END_TEST

/* The optional outputs: without results, the same statuses, casualties
 * and generator; without either, the same statuses; n = 0 rolls nothing. */
START_TEST(indexed_optional_outputs) {
    napfire_rules r;
    made_up_rules(&r);
    make_kinds(kinds, KINDS);
    make_trials(TRIALS);
    napfire_dice a, b, c;
    ck_assert_int_eq(napfire_dice_init(&a, sizeof a, 3, 3), NAPFIRE_OK);
    b = c = a;
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, KINDS, &r, idx, TRIALS, &a, want_st, got_cas, got),
                     NAPFIRE_OK);
    static int32_t cas[TRIALS];
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, KINDS, &r, idx, TRIALS, &b, got_st, cas, NULL), NAPFIRE_OK);
    ck_assert_mem_eq(got_st, want_st, sizeof got_st);
    ck_assert_mem_eq(cas, got_cas, sizeof cas);
    ck_assert_mem_eq(&a, &b, sizeof a);
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, KINDS, &r, idx, TRIALS, &c, got_st, NULL, NULL), NAPFIRE_OK);
    ck_assert_mem_eq(got_st, want_st, sizeof got_st);
    ck_assert_mem_eq(&a, &c, sizeof a);
    napfire_dice before = a;
    ck_assert_int_eq(napfire_resolve_indexed_dice(NULL, 0, &r, NULL, 0, &a, NULL, NULL, NULL), NAPFIRE_OK);
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, KINDS, &r, NULL, 0, &a, NULL, NULL, NULL), NAPFIRE_OK);
    ck_assert_mem_eq(&a, &before, sizeof a);
}
END_TEST

/* Misuse: sentinels in every output and the generator, checked after. */
static napfire_dice d, d_before;
static napfire_result untouched[4];
static int32_t cas4[4];

static void arm_sentinels(void) {
    ck_assert_int_eq(napfire_dice_init(&d, sizeof d, 1, 1), NAPFIRE_OK);
    d_before = d;
    memset(got, SENTINEL_BYTE, sizeof got);
    memcpy(untouched, got, sizeof untouched);
    for (int i = 0; i < 4; i++)
        got_st[i] = cas4[i] = SENTINEL_I32;
}

static void assert_nothing_written(void) {
    ck_assert_mem_eq(&d, &d_before, sizeof d);
    ck_assert_mem_eq(got, untouched, sizeof untouched);
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(got_st[i], SENTINEL_I32);
        ck_assert_int_eq(cas4[i], SENTINEL_I32);
    }
}

/* NULL pointers: EINVAL. */
START_TEST(indexed_misuse_null) {
    napfire_rules r;
    made_up_rules(&r);
    make_kinds(kinds, 4);
    uint32_t ix[4] = {0, 1, 2, 3};
    arm_sentinels();
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, 4, &r, ix, 4, NULL, got_st, cas4, got), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_resolve_indexed_dice(NULL, 4, &r, ix, 4, &d, got_st, cas4, got), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, 4, &r, NULL, 4, &d, got_st, cas4, got), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, 4, &r, ix, 4, &d, NULL, cas4, got), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_resolve_indexed_dice(NULL, 0, &r, NULL, 0, NULL, NULL, NULL, NULL), NAPFIRE_EINVAL);
    assert_nothing_written();
}
END_TEST

/* Counts over NAPFIRE_MAX_BATCH, and an index not below nshots (either
 * side of the bound: nshots - 1 is taken, nshots refused): EDOMAIN. */
START_TEST(indexed_misuse_range) {
    napfire_rules r;
    made_up_rules(&r);
    make_kinds(kinds, 4);
    uint32_t ix[4] = {0, 1, 2, 3};
    arm_sentinels();
    size_t over = (size_t)NAPFIRE_MAX_BATCH + 1;
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, over, &r, ix, 4, &d, got_st, cas4, got), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, 4, &r, ix, over, &d, got_st, cas4, got), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, 3, &r, ix, 4, &d, got_st, cas4, got), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, 0, &r, ix, 4, &d, got_st, cas4, got), NAPFIRE_EDOMAIN);
    ix[0] = UINT32_MAX;
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, 4, &r, ix, 4, &d, got_st, cas4, got), NAPFIRE_EDOMAIN);
    assert_nothing_written();
    /* The bounds themselves: every index below nshots is taken, and
     * nshots may be NAPFIRE_MAX_BATCH (only the shots named are read). */
    ix[0] = 3;
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, 4, &r, ix, 4, &d, got_st, cas4, got), NAPFIRE_OK);
    ck_assert_int_eq(got_st[0], NAPFIRE_OK);
    ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, NAPFIRE_MAX_BATCH, &r, ix, 4, &d, got_st, cas4, got),
                     NAPFIRE_OK);
    ck_assert_int_eq(got_st[3], NAPFIRE_OK);
}
END_TEST

/* A generator napfire_dice_init never saw: ESTATE, it stays as it was. */
START_TEST(indexed_misuse_dice) {
    napfire_rules r;
    made_up_rules(&r);
    make_kinds(kinds, 4);
    uint32_t ix[4] = {0, 1, 2, 3};
    arm_sentinels();
    for (int fill = 0; fill < 2; fill++) {
        napfire_dice bad;
        memset(&bad, fill ? 0xA7 : 0, sizeof bad);
        napfire_dice bad_before = bad;
        ck_assert_int_eq(napfire_resolve_indexed_dice(kinds, 4, &r, ix, 4, &bad, got_st, cas4, got), NAPFIRE_ESTATE);
        ck_assert_mem_eq(&bad, &bad_before, sizeof bad);
    }
    assert_nothing_written();
}
END_TEST

int main(void) {
    Suite *s = suite_create("indexed");
    TCase *tc = tcase_create("resolve_indexed_dice");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, indexed_equals_dice_batch);
    tcase_add_test(tc, indexed_unknown_trials);
    tcase_add_test(tc, indexed_bad_kind);
    tcase_add_test(tc, indexed_optional_outputs);
    tcase_add_test(tc, indexed_misuse_null);
    tcase_add_test(tc, indexed_misuse_range);
    tcase_add_test(tc, indexed_misuse_dice);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
