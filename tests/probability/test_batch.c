/* SPDX-License-Identifier: MIT */
/*
 * napfire_resolve_many_dice: a batch that rolls its own dice (F-CAS-3,
 * F-CAS-4: the half die is rolled only when a half remains), checked
 * against the single-call flow with the same generator, byte for byte,
 * and against napfire_resolve_many replaying the rolls it reports.
 *
 * The tables come from tests/figure/nftest.h: MADE-UP TEST DATA, not from
 * any rulebook.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "napfire.h"
#include "nftest.h"

#define N 240

/* Made-up complete data for musketry and artillery (the artillery cells
 * only where the rules read them: canister ammunition at canister range,
 * roundshot at every band; F-ART-1). */
static void made_up_rules(napfire_rules *r) {
    rules_new(r);
    made_up_musketry(r);
    made_up_gun_ranges(r);
    for (int32_t gun = NAPFIRE_GUN_LIGHT; gun <= NAPFIRE_GUN_HOWITZER; gun++)
        for (int32_t band = NAPFIRE_BAND_CANISTER; band <= NAPFIRE_BAND_LONG; band++)
            for (int32_t col = 0; col < 9; col++) {
                ck_assert_int_eq(napfire_rules_set_artillery(r, gun, NAPFIRE_AMMO_ROUNDSHOT, band, col,
                                                             art_halves(gun, 0, band, col)),
                                 NAPFIRE_OK);
                if (band == NAPFIRE_BAND_CANISTER)
                    ck_assert_int_eq(napfire_rules_set_artillery(r, gun, NAPFIRE_AMMO_CANISTER, band, col,
                                                                 art_halves(gun, 1, band, col)),
                                     NAPFIRE_OK);
            }
    for (size_t i = 0; i < NF_NELEM(made_up_art_mods); i++)
        ck_assert_int_eq(napfire_rules_set_modifier(r, NAPFIRE_FIRE_ARTILLERY, made_up_art_mods[i].id,
                                                    made_up_art_mods[i].variant, made_up_art_mods[i].value),
                         NAPFIRE_OK);
}

/* Varied shots: whole and half cells, second-class firers (Russians: no
 * half die, F-CAS-2), long range, a screen, shots the rules forbid, and
 * artillery with either ammunition. */
static void make_shots(napfire_shot *shots, int n) {
    static const int32_t formations[] = {NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS,
                                         NAPFIRE_FORMATION_SQUARE, NAPFIRE_FORMATION_OPEN_ORDER};
    for (int i = 0; i < n; i++) {
        napfire_unit f, t;
        plain_target(&t, formations[(i / 3) % 4]);
        if (i % 7 == 6) {
            battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, i % 5, 2 + i % 4);
            shot_at(&shots[i], &f, &t, NAPFIRE_MEASURE_METRIC, 60 + (i * 37) % 700);
            if (i % 2 && (60 + (i * 37) % 700) <= ART_CAN_MM)
                sset(&shots[i], NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
            continue;
        }
        infantry(&f, i % 9, i % 7, formations[i % 4], 8 + i % 50);
        if (i % 13 == 12)
            uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 1); /* forbidden: ALREADY_FIRED */
        shot_at(&shots[i], &f, &t, NAPFIRE_MEASURE_METRIC, 20 + (i * 11) % 230);
        if (i % 5 == 0) {
            sset(&shots[i], NAPFIRE_SHOT_SCREEN, 1);
            sset(&shots[i], NAPFIRE_SHOT_SCREEN_DISTANCE, 40);
        }
    }
}

/* The single-call flow a program would write, with its own generator. */
static void by_hand(const napfire_shot *shots, int n, const napfire_rules *r, napfire_dice *d, napfire_result *res,
                    int32_t *st, int32_t *rolls, int32_t *halves) {
    for (int i = 0; i < n; i++) {
        int32_t roll = 0, face = 0;
        ck_assert_int_eq(napfire_dice_2d6(d, &roll), NAPFIRE_OK);
        memset(&res[i], SENTINEL_BYTE, sizeof res[i]);
        st[i] = napfire_shot_resolve(&shots[i], r, roll, 0, &res[i]);
        if (st[i] == NAPFIRE_OK && res[i].half_pending) {
            ck_assert_int_eq(napfire_dice_d6(d, &face), NAPFIRE_OK);
            st[i] = napfire_shot_resolve(&shots[i], r, roll, face, &res[i]);
        }
        rolls[i] = roll;
        halves[i] = face;
    }
}

static napfire_shot shots[N];
static napfire_result want[N], got[N], replay[N];
static int32_t want_st[N], got_st[N], replay_st[N];
static int32_t want_rolls[N], got_rolls[N], want_dice[N], got_dice[N];

static void run_both(const napfire_rules *r, uint64_t seed) {
    napfire_dice a, b;
    ck_assert_int_eq(napfire_dice_init(&a, sizeof a, seed, 7), NAPFIRE_OK);
    b = a;
    by_hand(shots, N, r, &a, want, want_st, want_rolls, want_dice);
    memset(got, SENTINEL_BYTE, sizeof got);
    ck_assert_int_eq(napfire_resolve_many_dice(shots, N, r, &b, got, got_st, got_rolls, got_dice), NAPFIRE_OK);
    ck_assert_mem_eq(got_st, want_st, sizeof want_st);
    ck_assert_mem_eq(got_rolls, want_rolls, sizeof want_rolls);
    ck_assert_mem_eq(got_dice, want_dice, sizeof want_dice);
    ck_assert_mem_eq(got, want, sizeof want);
    /* The generator advanced by exactly the rolls made. */
    ck_assert_mem_eq(&a, &b, sizeof a);
}

/* F-CAS-3, F-CAS-4: equal to the single-call flow, made-up complete data. */
START_TEST(batch_equals_single_calls) {
    napfire_rules r;
    made_up_rules(&r);
    make_shots(shots, N);
    int halves = 0, whole = 0, forbidden = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        run_both(&r, seed);
        for (int i = 0; i < N; i++) {
            ck_assert_int_eq(got_st[i], NAPFIRE_OK);
            ck_assert_int_eq(got[i].half_pending, 0);
            /* The half die is rolled exactly when a half was decided by it. */
            ck_assert_int_eq(got_dice[i] != 0, got[i].half_die_used);
            halves += got[i].half_die_used;
            whole += got[i].permitted && !got[i].half_die_used;
            forbidden += !got[i].permitted;
        }
    }
    /* The sweep reaches every path: half dice rolled, not rolled, forbidden. */
    ck_assert_int_gt(halves, 0);
    ck_assert_int_gt(whole, 0);
    ck_assert_int_gt(forbidden, 0);
}
END_TEST

/* F-DATA: with the built-in data most shots are unknown; those elements
 * report NAPFIRE_EUNKNOWN and still consumed their 2D6, as by hand. */
START_TEST(batch_unknown_elements) {
    make_shots(shots, N);
    run_both(NULL, 99);
    int unknown = 0, ok = 0;
    for (int i = 0; i < N; i++) {
        unknown += got_st[i] == NAPFIRE_EUNKNOWN;
        ok += got_st[i] == NAPFIRE_OK;
        ck_assert_int_ne(got_rolls[i], 0);
        if (got_st[i] != NAPFIRE_OK)
            ck_assert_int_eq(got_dice[i], 0);
    }
    ck_assert_int_gt(unknown, 0);
    ck_assert_int_gt(ok, 0);
}
END_TEST

/* The rolls it reports replay through napfire_resolve_many. */
START_TEST(batch_replays) {
    napfire_rules r;
    made_up_rules(&r);
    make_shots(shots, N);
    run_both(&r, 2026);
    memset(replay, SENTINEL_BYTE, sizeof replay);
    ck_assert_int_eq(napfire_resolve_many(shots, N, &r, got_rolls, got_dice, replay, replay_st), NAPFIRE_OK);
    ck_assert_mem_eq(replay_st, got_st, sizeof got_st);
    ck_assert_mem_eq(replay, got, sizeof got);
}
END_TEST

/* A corrupted shot fails alone; its neighbours and the dice go on. */
START_TEST(batch_bad_element) {
    napfire_rules r;
    made_up_rules(&r);
    make_shots(shots, N);
    memset(&shots[5], 0, sizeof shots[5]);
    run_both(&r, 5);
    ck_assert_int_eq(got_st[5], NAPFIRE_ESTATE);
    ck_assert_int_eq(got_st[4], NAPFIRE_OK);
    ck_assert_int_eq(got_st[6], NAPFIRE_OK);
}
END_TEST

/* Optional outputs may be NULL; n = 0 rolls nothing. */
START_TEST(batch_optional_outputs) {
    napfire_rules r;
    made_up_rules(&r);
    make_shots(shots, N);
    napfire_dice a, b;
    ck_assert_int_eq(napfire_dice_init(&a, sizeof a, 3, 3), NAPFIRE_OK);
    b = a;
    ck_assert_int_eq(napfire_resolve_many_dice(shots, N, &r, &a, got, got_st, NULL, NULL), NAPFIRE_OK);
    ck_assert_int_eq(napfire_resolve_many_dice(shots, N, &r, &b, want, want_st, want_rolls, want_dice), NAPFIRE_OK);
    ck_assert_mem_eq(got, want, sizeof got);
    ck_assert_mem_eq(&a, &b, sizeof a);
    napfire_dice before = a;
    ck_assert_int_eq(napfire_resolve_many_dice(NULL, 0, &r, &a, NULL, NULL, NULL, NULL), NAPFIRE_OK);
    ck_assert_mem_eq(&a, &before, sizeof a);
}
END_TEST

/* Misuse: the call as a whole fails, writes nothing, rolls nothing. */
START_TEST(batch_misuse) {
    napfire_rules r;
    made_up_rules(&r);
    make_shots(shots, 4);
    napfire_dice d, before;
    ck_assert_int_eq(napfire_dice_init(&d, sizeof d, 1, 1), NAPFIRE_OK);
    before = d;
    memset(got, SENTINEL_BYTE, sizeof got);
    for (int i = 0; i < 4; i++)
        got_st[i] = got_rolls[i] = got_dice[i] = SENTINEL_I32;
    napfire_result untouched[4];
    memcpy(untouched, got, sizeof untouched);

    ck_assert_int_eq(napfire_resolve_many_dice(shots, 4, &r, NULL, got, got_st, NULL, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_resolve_many_dice(NULL, 4, &r, &d, got, got_st, NULL, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_resolve_many_dice(shots, 4, &r, &d, NULL, got_st, NULL, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_resolve_many_dice(shots, 4, &r, &d, got, NULL, NULL, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(
        napfire_resolve_many_dice(shots, (size_t)NAPFIRE_MAX_BATCH + 1, &r, &d, got, got_st, got_rolls, got_dice),
        NAPFIRE_EDOMAIN);
    /* A generator that napfire_dice_init never saw: zeros, then garbage. */
    napfire_dice bad;
    memset(&bad, 0, sizeof bad);
    napfire_dice bad_before = bad;
    ck_assert_int_eq(napfire_resolve_many_dice(shots, 4, &r, &bad, got, got_st, got_rolls, got_dice), NAPFIRE_ESTATE);
    ck_assert_mem_eq(&bad, &bad_before, sizeof bad);
    memset(&bad, 0xA7, sizeof bad);
    bad_before = bad;
    ck_assert_int_eq(napfire_resolve_many_dice(shots, 4, &r, &bad, got, got_st, got_rolls, got_dice), NAPFIRE_ESTATE);
    ck_assert_mem_eq(&bad, &bad_before, sizeof bad);

    ck_assert_mem_eq(&d, &before, sizeof d);
    ck_assert_mem_eq(got, untouched, sizeof untouched);
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(got_st[i], SENTINEL_I32);
        ck_assert_int_eq(got_rolls[i], SENTINEL_I32);
        ck_assert_int_eq(got_dice[i], SENTINEL_I32);
    }
}
END_TEST

int main(void) {
    Suite *s = suite_create("batch");
    TCase *tc = tcase_create("resolve_many_dice");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, batch_equals_single_calls);
    tcase_add_test(tc, batch_unknown_elements);
    tcase_add_test(tc, batch_replays);
    tcase_add_test(tc, batch_bad_element);
    tcase_add_test(tc, batch_optional_outputs);
    tcase_add_test(tc, batch_misuse);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
