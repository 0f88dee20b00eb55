/* SPDX-License-Identifier: MIT */
/*
 * Casualty arithmetic (F-CAS-1..4), the star (F-TAB-4), skirmisher screens
 * (F-SCR-1/2), napfire_round_half, and a sweep of all 45 cells of a
 * MADE-UP complete table (tests/figure/nftest.h; not from any rulebook)
 * through every halving and half-die path.
 */
#include <stdio.h>

#include "nftest.h"

/* Independent model of F-TAB-4 + F-CAS-1..4 for one cell. */
typedef struct {
    int32_t table_halves, halves, casualties, used, pending;
} cas_t;

static cas_t model(int32_t halves, int32_t star, int32_t figures, int32_t star_figures, int is_long, int32_t die,
                   int second_class) {
    cas_t c;
    c.table_halves = halves + (star && figures >= star_figures ? 2 : 0); /* star before halving */
    c.halves = is_long ? c.table_halves / 2 : c.table_halves;            /* quarter dropped */
    c.casualties = c.halves / 2;
    c.used = 0;
    c.pending = 0;
    if (c.halves % 2 == 1 && !second_class) {
        if (die == 0) {
            c.pending = 1;
        } else {
            c.used = 1;
            if (die >= 4)
                c.casualties++;
        }
    }
    return c;
}

static void check_model(const napfire_result *res, const cas_t *want, const char *what) {
    ck_assert_msg(res->table_halves == want->table_halves, "%s: table_halves %d, want %d", what, (int)res->table_halves,
                  (int)want->table_halves);
    ck_assert_msg(res->halves == want->halves, "%s: halves %d, want %d", what, (int)res->halves, (int)want->halves);
    ck_assert_msg(res->casualties == want->casualties, "%s: casualties %d, want %d", what, (int)res->casualties,
                  (int)want->casualties);
    ck_assert_msg(res->half_die_used == want->used, "%s: half_die_used %d, want %d", what, (int)res->half_die_used,
                  (int)want->used);
    ck_assert_msg(res->half_pending == want->pending, "%s: half_pending %d, want %d", what, (int)res->half_pending,
                  (int)want->pending);
    ck_assert_int_eq(res->target_casualties, res->casualties);
    ck_assert_int_eq(res->screen_casualties, 0);
}

/* A line firer of `figures` at a plain line target, modified roll m;
 * returns the 2D6 roll to use. */
static int32_t sweep_shot(napfire_shot *s, int32_t figures, int32_t firing, int32_t m, int32_t distance,
                          int32_t second_class_flag) {
    napfire_unit f, t;
    int32_t roll, extra;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, figures);
    uset(&f, NAPFIRE_UNIT_SECOND_CLASS_FIRERS, second_class_flag);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(s, &f, &t, NAPFIRE_MEASURE_METRIC, distance);
    sset(s, NAPFIRE_SHOT_FIRING_FIGURES, firing);
    roll_for(m, &roll, &extra);
    sset(s, NAPFIRE_SHOT_EXTRA_MODIFIER, extra);
    return roll;
}

/* All 45 cells × both rolls of each column × effective/long × die 0/3/4
 * × 2nd class or not; row 4 also with 48 figures (star). F-TAB-1..4,
 * F-CAS-1..4. */
START_TEST(made_up_table_sweep) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    const int32_t figs_for_row[5] = {10, 15, 24, 30, 40};
    const int32_t dies[] = {0, 3, 4};
    char what[128];
    int checked = 0;
    for (int32_t row = 0; row < 5; row++) {
        int32_t fig_choices[2] = {figs_for_row[row], 48};
        int nfig = row == 4 ? 2 : 1;
        for (int fi = 0; fi < nfig; fi++)
            for (int32_t col = 0; col < 9; col++)
                for (int32_t m = 2 * col + 1; m <= 2 * col + 2; m++)
                    for (int lng = 0; lng <= 1; lng++)
                        for (int32_t sc = 0; sc <= 1; sc++)
                            for (size_t di = 0; di < NF_NELEM(dies); di++) {
                                napfire_shot s;
                                int32_t roll = sweep_shot(&s, fig_choices[fi], 0, m, lng ? 150 : 50, sc);
                                napfire_result res = resolve_ok(&s, &r, roll, dies[di]);
                                snprintf(what, sizeof what, "row %d col %d figs %d m %d %s sc %d die %d", (int)row,
                                         (int)col, (int)fig_choices[fi], (int)m, lng ? "long" : "eff", (int)sc,
                                         (int)dies[di]);
                                assert_permitted(&res);
                                ck_assert_msg(res.row == row && res.column == col, "%s: cell (%d,%d)", what,
                                              (int)res.row, (int)res.column);
                                ck_assert_int_eq(res.band, lng ? NAPFIRE_BAND_LONG : NAPFIRE_BAND_EFFECTIVE);
                                ck_assert_int_eq(res.modified_roll, m);
                                cas_t want = model(mu_halves(row, col), mu_star(row, col), fig_choices[fi], 48, lng,
                                                   dies[di], sc);
                                check_model(&res, &want, what);
                                checked++;
                            }
    }
    ck_assert_int_eq(checked, (45 + 9) * 2 * 2 * 2 * 3);
}
END_TEST

/* F-TAB-4: the star from 48 figures of the firing unit's current strength. */
START_TEST(star_47_48) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    napfire_shot s;
    napfire_result res;
    /* cell (4,3) = 4* (8 halves): modified roll 7 */
    sweep_shot(&s, 47, 0, 7, 50, 0);
    res = resolve_ok(&s, &r, 7, 0);
    ck_assert_int_eq(res.table_halves, 8);
    ck_assert_int_eq(res.casualties, 4);
    sweep_shot(&s, 48, 0, 7, 50, 0);
    res = resolve_ok(&s, &r, 7, 0);
    ck_assert_int_eq(res.table_halves, 10);
    ck_assert_int_eq(res.casualties, 5);
    /* FIRING_FIGURES does not change the strength the star looks at */
    sweep_shot(&s, 48, 40, 7, 50, 0);
    res = resolve_ok(&s, &r, 7, 0);
    ck_assert_int_eq(res.row, 4);
    ck_assert_int_eq(res.table_halves, 10);
    sweep_shot(&s, 47, 40, 7, 50, 0);
    res = resolve_ok(&s, &r, 7, 0);
    ck_assert_int_eq(res.table_halves, 8);
    /* no star on an unstarred cell, even at 48: cell (4,8) = 9 */
    sweep_shot(&s, 60, 0, 18, 50, 0);
    res = resolve_ok(&s, &r, 12, 0);
    ck_assert_int_eq(res.table_halves, 18);
}
END_TEST

/* F-TAB-4 Decision: the star is added before halving. Cell (4,4) = 5*:
 * 48 figures at long range: 6 → 3 figures, no half (star after halving
 * would give 2½ + 1 = 3½ and need the die). */
START_TEST(star_before_halving) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    napfire_shot s;
    sweep_shot(&s, 48, 0, 9, 150, 0);
    for (int32_t die = 0; die <= 6; die++) {
        napfire_result res = resolve_ok(&s, &r, 9, die);
        ck_assert_int_eq(res.table_halves, 12);
        ck_assert_int_eq(res.halves, 6);
        ck_assert_int_eq(res.casualties, 3);
        ck_assert_int_eq(res.half_die_used, 0);
        ck_assert_int_eq(res.half_pending, 0);
    }
}
END_TEST

/* The star threshold is rules data. */
/* F-TAB-4, F-DATA */
START_TEST(star_threshold_is_data) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, 0, 40), NAPFIRE_OK);
    napfire_shot s;
    sweep_shot(&s, 40, 0, 7, 50, 0);
    napfire_result res = resolve_ok(&s, &r, 7, 0);
    ck_assert_int_eq(res.table_halves, 10);
    sweep_shot(&s, 39, 0, 7, 50, 0);
    res = resolve_ok(&s, &r, 7, 0);
    ck_assert_int_eq(res.table_halves, 8);
}
END_TEST

/* F-CAS-1: long range halves; the quarter is dropped. */
START_TEST(long_range_quarters) {
    napfire_shot s;
    napfire_result res;
    /* built-in ½ (row 0 column 4) at long range inflicts nothing, no die */
    sweep_shot(&s, 10, 0, 9, 150, 0);
    res = resolve_ok(&s, NULL, 9, 0);
    ck_assert_int_eq(res.table_halves, 1);
    ck_assert_int_eq(res.halves, 0);
    ck_assert_int_eq(res.half_pending, 0);
    ck_assert_int_eq(res.half_die_used, 0);
    assert_casualties(&res, 0, 0, 0);
    /* ... and at effective range it is a half to dice */
    sweep_shot(&s, 10, 0, 9, 100, 0);
    res = resolve_ok(&s, NULL, 9, 4);
    ck_assert_int_eq(res.halves, 1);
    ck_assert_int_eq(res.half_die_used, 1);
    assert_casualties(&res, 1, 1, 0);
    res = resolve_ok(&s, NULL, 9, 3);
    assert_casualties(&res, 0, 0, 0);
    ck_assert_int_eq(res.half_die_used, 1);

    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    /* 2½ (row 1 column 7, 5 halves) at long range → 1¼ → 1 */
    sweep_shot(&s, 15, 0, 15, 150, 0);
    res = resolve_ok(&s, &r, 12, 6);
    ck_assert_int_eq(res.table_halves, 5);
    ck_assert_int_eq(res.halves, 2);
    ck_assert_int_eq(res.half_die_used, 0);
    assert_casualties(&res, 1, 1, 0);
    /* 1½ (row 1 column 5, 3 halves) at long range → ¾ → ½: the die */
    sweep_shot(&s, 15, 0, 11, 150, 0);
    res = resolve_ok(&s, &r, 11, 6);
    ck_assert_int_eq(res.table_halves, 3);
    ck_assert_int_eq(res.halves, 1);
    ck_assert_int_eq(res.half_die_used, 1);
    assert_casualties(&res, 1, 1, 0);
}
END_TEST

/* F-CAS-2: 2nd-class firers drop the half without the die: class
 * Second-rate, Russian infantry (both arms), the flag. */
START_TEST(second_class_firers) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    /* row 3 column 4 = 3 figures (6 halves); long → 3 halves = 1½ */
    struct {
        int32_t arm, nation, cls, flag, second;
    } cases[] = {
        {NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_SECOND_RATE, 0, 1},
        {NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_RUSSIA, NAPFIRE_CLASS_ELITE, 0, 1},
        {NAPFIRE_ARM_LIGHT_INFANTRY, NAPFIRE_NATION_RUSSIA, NAPFIRE_CLASS_GUARD, 0, 1},
        {NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_AUSTRIA, NAPFIRE_CLASS_LINE, 1, 1},
        {NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_AUSTRIA, NAPFIRE_CLASS_LINE, 0, 0},
        {NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_PRUSSIA, NAPFIRE_CLASS_VETERAN, 0, 0},
        {NAPFIRE_ARM_LIGHT_INFANTRY, NAPFIRE_NATION_OTHER, NAPFIRE_CLASS_CONSCRIPT, 0, 0},
    };
    for (size_t i = 0; i < NF_NELEM(cases); i++) {
        napfire_unit f, t;
        napfire_shot s;
        unit_new(&f, cases[i].arm);
        uset(&f, NAPFIRE_UNIT_NATION, cases[i].nation);
        uset(&f, NAPFIRE_UNIT_CLASS, cases[i].cls);
        uset(&f, NAPFIRE_UNIT_FIGURES, 30);
        uset(&f, NAPFIRE_UNIT_SECOND_CLASS_FIRERS, cases[i].flag);
        plain_target(&t, NAPFIRE_FORMATION_LINE);
        shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 150);
        mods_t m = mods_of(&s, &r);
        int32_t roll = 9 - m.net; /* modified roll 9: column 4 */
        for (int32_t die = 0; die <= 6; die++) {
            napfire_result res = resolve_ok(&s, &r, roll, die);
            ck_assert_int_eq(res.column, 4);
            ck_assert_int_eq(res.halves, 3);
            cas_t want = model(6, 0, 30, 48, 1, die, cases[i].second);
            check_model(&res, &want, napfire_enum_name(NAPFIRE_ENUM_NATION, cases[i].nation));
        }
    }
}
END_TEST

/* F-CAS-2 Decision: notes 3 and 5 (exclusive -4) do not cancel the halvings. */
START_TEST(exclusive_does_not_cancel_halving) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_RUSSIA, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 30);
    uset(&f, NAPFIRE_UNIT_DISORDERED, 1);
    plain_target(&t, NAPFIRE_FORMATION_SKIRMISH);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 150);
    /* 12 - 4 = 8 → row 3 column 3 = 2 figures (4 halves); long → 2 halves */
    napfire_result res = resolve_ok(&s, &r, 12, 6);
    ck_assert_int_eq(res.net_modifier, -4);
    ck_assert_int_eq(res.table_halves, 4);
    ck_assert_int_eq(res.halves, 2);
    ck_assert_int_eq(res.casualties, 1);
    /* EXTRA +1 → 9 → column 4 = 3 figures; long → 1½; Russian: the half is dropped */
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, 1);
    res = resolve_ok(&s, &r, 12, 6);
    ck_assert_int_eq(res.modified_roll, 9);
    ck_assert_int_eq(res.halves, 3);
    ck_assert_int_eq(res.casualties, 1);
    ck_assert_int_eq(res.half_die_used, 0);
}
END_TEST

/* F-CAS-3, F-CAS-4: half die 1-3 drops, 4-6 rounds up; 0 leaves it pending. */
START_TEST(half_die_faces) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    napfire_shot s;
    /* row 2 column 4 = 1½ (3 halves), effective */
    sweep_shot(&s, 24, 0, 9, 50, 0);
    for (int32_t die = 0; die <= 6; die++) {
        napfire_result res = resolve_ok(&s, &r, 9, die);
        ck_assert_int_eq(res.halves, 3);
        ck_assert_int_eq(res.casualties, die >= 4 ? 2 : 1);
        ck_assert_int_eq(res.half_die_used, die != 0);
        ck_assert_int_eq(res.half_pending, die == 0);
    }
    /* even halves: the die is not consumed */
    sweep_shot(&s, 24, 0, 7, 50, 0); /* column 3 = 1 figure */
    for (int32_t die = 0; die <= 6; die++) {
        napfire_result res = resolve_ok(&s, &r, 7, die);
        ck_assert_int_eq(res.halves, 2);
        ck_assert_int_eq(res.casualties, 1);
        ck_assert_int_eq(res.half_die_used, 0);
        ck_assert_int_eq(res.half_pending, 0);
    }
}
END_TEST

/* napfire_round_half on its own (F-CAS-2/3). */
START_TEST(round_half) {
    int32_t fig;
    for (int32_t h = 0; h <= 21; h++)
        for (int32_t die = 0; die <= 6; die++)
            for (int32_t sc = 0; sc <= 1; sc++) {
                fig = SENTINEL_I32;
                int st = napfire_round_half(h, die, sc, &fig);
                if (h % 2 == 1 && die == 0 && !sc) {
                    ck_assert_int_eq(st, NAPFIRE_EINVAL); /* a die is needed */
                    ck_assert_int_eq(fig, SENTINEL_I32);
                    continue;
                }
                ck_assert_int_eq(st, NAPFIRE_OK);
                int32_t want = h / 2 + ((h % 2 == 1 && !sc && die >= 4) ? 1 : 0);
                ck_assert_msg(fig == want, "round_half(%d, %d, %d) = %d, want %d", (int)h, (int)die, (int)sc, (int)fig,
                              (int)want);
            }
    /* F-EX-1: 2½ with a 6 → 3, with a 3 → 2 */
    ck_assert_int_eq(napfire_round_half(5, 6, 0, &fig), NAPFIRE_OK);
    ck_assert_int_eq(fig, 3);
    ck_assert_int_eq(napfire_round_half(5, 3, 0, &fig), NAPFIRE_OK);
    ck_assert_int_eq(fig, 2);
    /* domain */
    ck_assert_int_eq(napfire_round_half(2 * NAPFIRE_MAX_FIGURES, 0, 0, &fig), NAPFIRE_OK);
    ck_assert_int_eq(fig, NAPFIRE_MAX_FIGURES);
    fig = SENTINEL_I32;
    ck_assert_int_eq(napfire_round_half(2 * NAPFIRE_MAX_FIGURES + 1, 6, 0, &fig), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_round_half(-1, 6, 0, &fig), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_round_half(3, 7, 0, &fig), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_round_half(3, -1, 0, &fig), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_round_half(2, 7, 0, &fig), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_round_half(3, 4, 2, &fig), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_round_half(3, 4, -1, &fig), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(fig, SENTINEL_I32);
    ck_assert_int_eq(napfire_round_half(3, 4, 0, NULL), NAPFIRE_EINVAL);
}
END_TEST

/* ---------------------------------------------------------------- */
/* F-SCR-1/2 */

/* The F-EX-1 shot with the French column covered by skirmishers. */
static void screened_fex1(napfire_shot *s, int32_t measure, int32_t distance, int32_t screen) {
    napfire_unit f, t;
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
    infantry(&t, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES, 36);
    shot_at(s, &f, &t, measure, distance);
    sset(s, NAPFIRE_SHOT_SCREEN, 1);
    sset(s, NAPFIRE_SHOT_SCREEN_DISTANCE, screen);
}

/* F-SCR-1: a screen at 5 cm or closer: the first casualty of the total. */
START_TEST(screen_ineffective) {
    napfire_shot s;
    const int32_t near[] = {0, 1, 50};
    for (size_t i = 0; i < NF_NELEM(near); i++) {
        screened_fex1(&s, NAPFIRE_MEASURE_METRIC, 150, near[i]);
        napfire_result res = resolve_ok(&s, NULL, 8, 6);
        assert_permitted(&res);
        ck_assert_int_eq(res.net_modifier, 3);
        assert_casualties(&res, 3, 2, 1);
        res = resolve_ok(&s, NULL, 8, 3);
        assert_casualties(&res, 2, 1, 1);
        res = resolve_ok(&s, NULL, 8, 0);
        ck_assert_int_eq(res.half_pending, 1);
        assert_casualties(&res, 2, 1, 1);
    }
    /* imperial: 3" = 30 tenths */
    screened_fex1(&s, NAPFIRE_MEASURE_IMPERIAL, 90, 30);
    napfire_result res = resolve_ok(&s, NULL, 8, 6);
    assert_permitted(&res);
    assert_casualties(&res, 3, 2, 1);
}
END_TEST

/* F-SCR-2: a screen farther than 5 cm (3") is effective: SCREENED. */
START_TEST(screen_effective) {
    napfire_shot s;
    screened_fex1(&s, NAPFIRE_MEASURE_METRIC, 150, 51);
    napfire_result res = resolve_ok(&s, NULL, 8, 6);
    assert_forbidden(&res, NAPFIRE_REASON_SCREENED, BIT(NAPFIRE_REASON_SCREENED));
    screened_fex1(&s, NAPFIRE_MEASURE_METRIC, 50, NAPFIRE_MAX_DISTANCE);
    res = resolve_ok(&s, NULL, 8, 6);
    assert_forbidden(&res, NAPFIRE_REASON_SCREENED, BIT(NAPFIRE_REASON_SCREENED));
    screened_fex1(&s, NAPFIRE_MEASURE_IMPERIAL, 90, 31);
    res = resolve_ok(&s, NULL, 8, 6);
    assert_forbidden(&res, NAPFIRE_REASON_SCREENED, BIT(NAPFIRE_REASON_SCREENED));
    /* the metric threshold does not apply to tenths: 50 tenths is > 3" */
    screened_fex1(&s, NAPFIRE_MEASURE_IMPERIAL, 90, 50);
    res = resolve_ok(&s, NULL, 8, 6);
    assert_forbidden(&res, NAPFIRE_REASON_SCREENED, BIT(NAPFIRE_REASON_SCREENED));
    /* SCREEN = 0 ignores the distance */
    sset(&s, NAPFIRE_SHOT_SCREEN, 0);
    res = resolve_ok(&s, NULL, 8, 6);
    assert_permitted(&res);
    assert_casualties(&res, 3, 3, 0);
}
END_TEST

/* F-SCR-1: out of the total, never added; 0 and 1 casualty cases. */
START_TEST(screen_small_totals) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 24);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    sset(&s, NAPFIRE_SHOT_SCREEN, 1);
    sset(&s, NAPFIRE_SHOT_SCREEN_DISTANCE, 20);
    /* row 2: column 0 = 0 */
    napfire_result res = resolve_ok(&s, &r, 2, 6);
    assert_permitted(&res);
    assert_casualties(&res, 0, 0, 0);
    /* column 3 = 1 figure: all to the screen */
    res = resolve_ok(&s, &r, 7, 6);
    assert_casualties(&res, 1, 0, 1);
    /* column 4 = 1½: die 3 → 1 (screen), die 5 → 2 (1 + 1) */
    res = resolve_ok(&s, &r, 9, 3);
    assert_casualties(&res, 1, 0, 1);
    res = resolve_ok(&s, &r, 9, 5);
    assert_casualties(&res, 2, 1, 1);
    /* column 8 = 4 figures */
    res = resolve_ok(&s, &r, 12, 0);
    ck_assert_int_eq(res.column, 5);
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, 6);
    res = resolve_ok(&s, &r, 12, 0);
    ck_assert_int_eq(res.column, 8);
    assert_casualties(&res, 4, 3, 1);
    /* a half pending alone: no whole figure, the screen takes nothing yet */
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, 0);
    res = resolve_ok(&s, &r, 5, 0); /* column 2 = ½ */
    ck_assert_int_eq(res.half_pending, 1);
    assert_casualties(&res, 0, 0, 0);
}
END_TEST

/* F-SCR-1: the screen threshold is rules data (per measure). */
START_TEST(screen_threshold_is_data) {
    napfire_rules r;
    rules_new(&r);
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_SCREEN, NAPFIRE_MEASURE_METRIC, 80), NAPFIRE_OK);
    napfire_shot s;
    screened_fex1(&s, NAPFIRE_MEASURE_METRIC, 150, 80);
    napfire_result res = resolve_ok(&s, &r, 8, 6);
    assert_permitted(&res);
    assert_casualties(&res, 3, 2, 1);
    screened_fex1(&s, NAPFIRE_MEASURE_METRIC, 150, 81);
    res = resolve_ok(&s, &r, 8, 6);
    assert_forbidden(&res, NAPFIRE_REASON_SCREENED, BIT(NAPFIRE_REASON_SCREENED));
    /* unknown screen threshold, needed: EUNKNOWN naming it */
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_SCREEN, NAPFIRE_MEASURE_METRIC, NAPFIRE_UNKNOWN),
                     NAPFIRE_OK);
    res = resolve_st(&s, &r, 8, 6, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_THRESHOLD);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_THRESHOLD_SCREEN);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MEASURE_METRIC);
}
END_TEST

static Suite *casualties_suite(void) {
    Suite *s = suite_create("casualties");
    TCase *tc = tcase_create("arithmetic");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, made_up_table_sweep);
    tcase_add_test(tc, star_47_48);
    tcase_add_test(tc, star_before_halving);
    tcase_add_test(tc, star_threshold_is_data);
    tcase_add_test(tc, long_range_quarters);
    tcase_add_test(tc, second_class_firers);
    tcase_add_test(tc, exclusive_does_not_cancel_halving);
    tcase_add_test(tc, half_die_faces);
    tcase_add_test(tc, round_half);
    suite_add_tcase(s, tc);
    TCase *ts = tcase_create("screens");
    tcase_add_test(ts, screen_ineffective);
    tcase_add_test(ts, screen_effective);
    tcase_add_test(ts, screen_small_totals);
    tcase_add_test(ts, screen_threshold_is_data);
    suite_add_tcase(s, ts);
    return s;
}

int main(void) {
    return run_suite(casualties_suite());
}
